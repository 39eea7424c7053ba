// The exported page's player (issue 24): rebuilds the window's view at any event of the stretch
// from the trace that visualizer/web/trace.py wrote, and plays it. No dependencies, no network.
//
// NQ (pure functions, tested in tests/e2e/test_web_page.py):
//   NQ.decode(base64)          -> Promise of the page's data (zlib JSON)
//   NQ.Trace(data.trace)       -> .at(frame): {queens, domains, mrv, counters, mark, said, line}
//   NQ.attacked(queens)        -> a Set of "row,col" squares some queen attacks
//   NQ.fill(template, fields)  -> template with {name} fields filled in
// Board: the board (an ARIA grid of labelled squares), shared with exercise.js.
// window.nqPage: the running page (goto, state, play, pause, setLang, answer) once ready;
// window.nqReady: a Promise of true once it is (false: the data could not be opened here), made by
// exercise.js, which starts this page or the exercise's. The address may name a moment:
// page.html#event=K&lang=zh.
"use strict";

const NQ = (() => {
  const LANGS = ["en", "zh"];

  async function decode(text) {
    const bytes = Uint8Array.from(atob(text.trim()), (c) => c.charCodeAt(0));
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
    return JSON.parse(await new Response(stream).text());
  }

  function fill(template, fields) {
    return template.replace(/\{(\w+)\}/g, (whole, name) => (name in fields ? String(fields[name]) : whole));
  }

  // Keyframes every trace.keyframe frames plus each frame's changes [row, value, row, value, ...].
  function rebuild(keys, steps, every, frame) {
    const key = Math.floor(frame / every);
    const rows = keys[key].slice();
    for (let f = key * every + 1; f <= frame; f++) {
      const change = steps[f];
      for (let i = 0; i < change.length; i += 2) rows[change[i]] = change[i + 1];
    }
    return rows;
  }

  class Trace {
    constructor(trace) {
      this.t = trace;
      this.count = trace.count;
      // running totals of each shown counter (the trace keeps each frame's difference)
      this.totals = trace.counterSteps.map((steps) => {
        const out = new Float64Array(steps.length);
        let sum = 0;
        steps.forEach((step, i) => { sum += step; out[i] = sum; });
        return out;
      });
    }

    at(frame) {
      const t = this.t;
      frame = Math.max(0, Math.min(this.count - 1, frame));
      const m = t.markTable[t.marks[frame]];
      const square = (i) => (m[i] < 0 ? null : [m[i], m[i + 1]]);
      const counters = {};
      t.counters.forEach((key, i) => { counters[key] = this.totals[i][frame]; });
      return {
        frame,
        event: t.first + frame,
        queens: rebuild(t.queenKeys, t.queenSteps, t.keyframe, frame).map((c) => (c < 0 ? null : c)),
        domains: t.domains ? rebuild(t.domainKeys, t.domainSteps, t.keyframe, frame) : null,
        mrv: t.domains && t.mrv[frame] >= 0 ? t.mrv[frame] : null,
        counters,
        mark: { tried: square(0), refused: square(2), blocker: square(4), lifted: square(6), solution: m[8] },
        said: { en: t.sentences[t.said[frame]][0], zh: t.sentences[t.said[frame]][1] },
        line: t.lines[frame] < 0 ? null : t.lines[frame],
      };
    }
  }

  function attacked(queens) {
    const n = queens.length;
    const out = new Set();
    queens.forEach((col, row) => {
      if (col === null) return;
      for (let r = 0; r < n; r++) {
        for (let c = 0; c < n; c++) {
          if ((r === row) !== (c === col) || (r !== row && Math.abs(r - row) === Math.abs(c - col))) {
            out.add(r + "," + c);
          }
        }
      }
    });
    return out;
  }

  return { LANGS, decode, fill, Trace, attacked };
})();


// -- the board -------------------------------------------------------------------------------

const SVG = "http://www.w3.org/2000/svg";
const SHADE_MAX_N = 40; // above this the attacked shading is not drawn (unreadable, and slow)
const LABEL_MAX_N = 40; // up to this the squares are an ARIA grid, each labelled and focusable

// The board as an SVG: up to LABEL_MAX_N an ARIA grid of squares, each labelled (row, column, what
// stands there) and reachable by keyboard (Tab to the grid, arrows between squares, Enter or Space
// activates one, as a click or a tap does), with what is drawn over them.
class Board {
  constructor(svg, n, page, activate) {
    this.svg = svg;
    this.n = n;
    this.page = page;
    this.activate = activate;
    this.labels = [];
    this.cursor = [0, 0];
    const size = 100 / n;
    const grid = n <= LABEL_MAX_N;
    svg.replaceChildren();
    svg.setAttribute("role", grid ? "grid" : "img");
    this.cells = [];
    for (let r = 0; r < n; r++) {
      const row = [];
      const line = grid ? document.createElementNS(SVG, "g") : svg;
      if (grid) {
        line.setAttribute("role", "row");
        svg.appendChild(line);
      }
      for (let c = 0; c < n; c++) {
        const cell = document.createElementNS(SVG, "rect");
        cell.setAttribute("x", c * size);
        cell.setAttribute("y", r * size);
        cell.setAttribute("width", size);
        cell.setAttribute("height", size);
        cell.setAttribute("class", "cell");
        cell.dataset.row = r;
        cell.dataset.col = c;
        cell.onclick = () => { this.cursor = [r, c]; this.activate(r, c); };
        if (grid) {
          cell.setAttribute("role", "gridcell");
          cell.setAttribute("tabindex", r === 0 && c === 0 ? "0" : "-1");
          cell.addEventListener("keydown", (event) => this.key(event, r, c));
          cell.addEventListener("focus", () => { this.cursor = [r, c]; this.ring(); });
          cell.addEventListener("blur", () => this.ring());
        }
        line.appendChild(cell);
        row.push(cell);
      }
      this.cells.push(row);
    }
    this.overlay = document.createElementNS(SVG, "g");
    this.overlay.setAttribute("pointer-events", "none");
    this.overlay.setAttribute("aria-hidden", "true");
    svg.appendChild(this.overlay);
    this.focusRing = document.createElementNS(SVG, "rect");
    this.focusRing.setAttribute("class", "focus-ring");
    this.focusRing.setAttribute("pointer-events", "none");
    this.focusRing.setAttribute("fill", "none");
    svg.appendChild(this.focusRing);
    this.ring();
  }

  // Arrows move between squares (the focus follows; the page hears of it), Enter or Space activates.
  key(event, r, c) {
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[event.key]) {
      const [dr, dc] = moves[event.key];
      this.focus(Math.max(0, Math.min(this.n - 1, r + dr)), Math.max(0, Math.min(this.n - 1, c + dc)));
    } else if (event.key === "Enter" || event.key === " ") {
      this.activate(r, c);
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
  }

  focus(r, c) {
    this.cells.flat().forEach((cell) => cell.setAttribute("tabindex", "-1"));
    this.cells[r][c].setAttribute("tabindex", "0");
    this.cursor = [r, c];
    this.cells[r][c].focus();
    if (this.page.focusedSquare) this.page.focusedSquare(r, c);
  }

  // A ring round the square that has the keyboard's focus (a square's own outline is not drawn).
  ring() {
    const [r, c] = this.cursor;
    const size = 100 / this.n;
    const shown = this.cells[r][c] === document.activeElement;
    for (const [name, value] of Object.entries({
      x: c * size + 0.6, y: r * size + 0.6, width: size - 1.2, height: size - 1.2,
      stroke: "var(--focus)", "stroke-width": Math.max(0.8, size * 0.08), visibility: shown ? "visible" : "hidden",
    })) this.focusRing.setAttribute(name, value);
  }

  // What a square says to a screen reader: its row and column, and what stands there.
  label(r, c, words) {
    if (this.n > LABEL_MAX_N) return;
    const text = this.page.s("square", { row: r + 1, col: c + 1, what: words.join(this.page.s("and")) });
    if (this.labels[r * this.n + c] !== text) {
      this.labels[r * this.n + c] = text;
      this.cells[r][c].setAttribute("aria-label", text);
    }
  }

  // ``at``: a frame of the trace; ``extra``: an exercise's marks (blocked, given, ringed, pruned,
  // the marked row, a wrong queen left standing, the refused square and its attacker instead).
  draw(at, extra) {
    const n = this.n;
    const size = 100 / n;
    const shade = n <= SHADE_MAX_N && !extra.noShade ? NQ.attacked(at.queens) : new Set();
    const { tried, lifted, solution } = at.mark;
    const refused = "refused" in extra ? extra.refused : at.mark.refused;
    const blocker = "blocker" in extra ? extra.blocker : at.mark.blocker;
    const same = (square, r, c) => square && square[0] === r && square[1] === c;
    const has = (list, r, c) => (list || []).some((square) => same(square, r, c));
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        let fill = (r + c) % 2 ? "var(--dark)" : "var(--light)";
        if (same(refused, r, c)) fill = "var(--refused)";
        this.cells[r][c].setAttribute("fill", fill);
        const words = [];
        if (has(extra.given, r, c)) words.push(this.page.s("sq_given"));
        else if (at.queens[r] === c) words.push(this.page.s("sq_queen"));
        if (has(extra.blocked, r, c)) words.push(this.page.s("sq_blocked"));
        if (same(extra.focus, r, c)) words.push(this.page.s("sq_next"));
        if (same(extra.wrongQueen, r, c)) words.push(this.page.s("sq_wrong"));
        else if (same(refused, r, c)) words.push(this.page.s("sq_refused"));
        if (has(extra.prunes, r, c)) words.push(this.page.s("sq_pruned"));
        if (!words.length) words.push(this.page.s("sq_empty"));
        this.label(r, c, words);
      }
    }
    const overlay = this.overlay;
    overlay.replaceChildren();
    const add = (tag, attributes) => {
      const element = document.createElementNS(SVG, tag);
      for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
      overlay.appendChild(element);
      return element;
    };
    const centre = (square) => [(square[1] + 0.5) * size, (square[0] + 0.5) * size];
    shade.forEach((square) => {
      const [r, c] = square.split(",").map(Number);
      if (at.queens[r] === null) add("rect", { x: c * size, y: r * size, width: size, height: size,
                                              fill: "var(--attacked)", class: "attacked" });
    });
    (extra.blocked || []).forEach(([r, c]) => {
      const [x, y] = [c * size, r * size];
      const d = [0.25, 0.5, 0.75].map((f) => `M${x + f * size} ${y}L${x} ${y + f * size}` +
                                              `M${x + size} ${y + f * size}L${x + f * size} ${y + size}`);
      add("path", { d: d.join("") + `M${x + size} ${y}L${x} ${y + size}`, stroke: "var(--ink)",
                    "stroke-width": size * 0.04, class: "blocked" });
    });
    if (at.domains) {
      at.domains.forEach((columns, r) => {
        if (!columns) return;
        for (const c of columns) {
          add("circle", { cx: (c + 0.5) * size, cy: (r + 0.5) * size, r: size * 0.12, fill: "var(--accent)",
                          class: "domain" });
        }
        if (r === at.mrv) add("rect", { x: 0.3, y: r * size + 0.3, width: 99.4, height: size - 0.6,
                                        fill: "none", stroke: "var(--accent)", "stroke-width": 0.6,
                                        class: "mrv" });
      });
    }
    const frame = (square, colour, dash, width) => add("rect", {
      x: square[1] * size + 0.4, y: square[0] * size + 0.4, width: size - 0.8, height: size - 0.8,
      fill: "none", stroke: colour, "stroke-width": width || Math.max(0.4, size * 0.06), "stroke-dasharray": dash,
    });
    if (lifted && !extra.noTried) frame(lifted, "var(--ink)", size * 0.12);
    if (tried && !extra.noTried) frame(tried, "var(--accent)", "none");
    const queen = (row, col, fill, className) => {
      const [x, y] = centre([row, col]);
      add("circle", { cx: x, cy: y, r: size * 0.34, fill, class: className, "data-row": row, "data-col": col });
      add("text", { x, y: y + size * 0.15, "font-size": size * 0.45, "text-anchor": "middle",
                    fill: "#fff" }).textContent = "♛";
    };
    at.queens.forEach((col, row) => {
      if (col === null) return;
      queen(row, col, solution ? "var(--solved)" : "var(--ink)", "queen");
      if (has(extra.given, row, col)) {  // a padlock: the given queen stays
        const [x, y] = [(col + 0.8) * size, (row + 0.22) * size];
        add("rect", { x: x - size * 0.09, y: y - size * 0.02, width: size * 0.18, height: size * 0.14,
                      fill: "var(--solved)", class: "given" });
        add("path", { d: `M${x - size * 0.055} ${y}v${-size * 0.05}a${size * 0.055} ${size * 0.055} 0 0 1 `
                         + `${size * 0.11} 0v${size * 0.05}`, fill: "none", stroke: "var(--solved)",
                      "stroke-width": size * 0.03 });
      }
    });
    if (extra.wrongQueen) queen(extra.wrongQueen[0], extra.wrongQueen[1], "var(--refused)", "wrong-queen");
    if (refused) {
      const [x, y] = centre(refused);
      const d = size * 0.25;
      add("path", { d: `M${x - d} ${y - d}L${x + d} ${y + d}M${x + d} ${y - d}L${x - d} ${y + d}`,
                    stroke: "#fff", "stroke-width": size * 0.08, class: "refused" });
      if (blocker) {
        const [bx, by] = centre(blocker);
        add("line", { x1: x, y1: y, x2: bx, y2: by, stroke: "var(--refused)", "stroke-width": size * 0.07,
                      class: "attack" });
        add("circle", { cx: bx, cy: by, r: size * 0.44, fill: "none", stroke: "var(--refused)",
                        "stroke-width": size * 0.07 });
      }
    }
    (extra.prunes || []).forEach(([r, c]) => {
      const [x, y] = centre([r, c]);
      const d = size * 0.2;
      add("path", { d: `M${x - d} ${y - d}L${x + d} ${y + d}M${x + d} ${y - d}L${x - d} ${y + d}`,
                    stroke: "var(--refused)", "stroke-width": size * 0.07, "stroke-dasharray": size * 0.08,
                    class: "pruned" });
    });
    if (extra.rowMark !== null && extra.rowMark !== undefined) {
      add("rect", { x: 0.3, y: extra.rowMark * size + 0.3, width: 99.4, height: size - 0.6, fill: "none",
                    stroke: "var(--ink)", "stroke-width": Math.max(0.4, size * 0.04),
                    "stroke-dasharray": size * 0.15, class: "row-mark" });
    }
    if (extra.focus) frame(extra.focus, "var(--next)", "none", Math.max(0.8, size * 0.1)).setAttribute("class", "next");
    this.ring();
  }
}

// -- the page --------------------------------------------------------------------------------

const SPEEDS = [1, 2, 4, 10, 20, 50, 100, 500, 2000];

class Page {
  constructor(data) {
    this.data = data;
    this.trace = new NQ.Trace(data.trace);
    this.count = data.count; // the page's events (a race: the longer side's; a side stays at its end)
    this.n = data.trace.n;
    this.lang = data.lang;
    this.frame = 0;
    this.playing = false;
    this.speed = 4;
    this.answers = {}; // question frame -> true (right) / false (wrong)
    this.byFrame = {};
    data.questions.forEach((q) => { this.byFrame[q.frame] = q; });
    this.$ = (id) => document.getElementById(id);
    this.build();
    // the board, narration, counters and code of each run: one, or a race's two side by side
    const traces = [this.trace, ...(data.race ? [new NQ.Trace(data.race)] : [])];
    if (data.race) {
      document.body.classList.add("race");
      const second = this.$("run").cloneNode(true);
      second.querySelectorAll("[id]").forEach((element) => { element.id += "-b"; });
      second.id = "run-b";
      this.$("run").after(second);
    }
    this.sides = traces.map((trace, i) => ({ trace, suffix: i ? "-b" : "" }));
    this.sides.forEach((side) => this.buildBoard(side));
    this.show();
  }

  // The event of the page's frame on this side (a side whose run has ended stays at its end).
  sideAt(side, frame) {
    return side.trace.at(frame + this.data.first - side.trace.t.first);
  }

  s(key, fields) {
    return NQ.fill(this.data.strings[this.lang][key] || key, fields || {});
  }

  build() {
    const $ = this.$;
    for (const panel of this.data.hidden) {
      const element = { code: "code", counters: "counters", narration: "narration" }[panel];
      if (element) document.querySelectorAll(`#${element}, #${element}-b`).forEach((e) => e.classList.add("hidden-panel"));
    }
    SPEEDS.forEach((rate) => {
      const option = document.createElement("option");
      option.value = rate;
      option.textContent = rate;
      $("speed").appendChild(option);
    });
    $("speed").value = this.speed;
    $("speed").onchange = () => { this.speed = Number($("speed").value); };
    $("play").onclick = () => (this.playing ? this.pause() : this.play());
    $("step").onclick = () => { this.pause(); this.goto(this.frame + 1); };
    $("back").onclick = () => { this.pause(); this.goto(this.frame - 1); };
    $("home").onclick = () => { this.pause(); this.goto(0); };
    $("end").onclick = () => { this.pause(); this.goto(this.count - 1); };
    $("lang").onclick = () => this.setLang(this.lang === "en" ? "zh" : "en");
    $("big").onclick = () => document.body.classList.toggle("big");
    $("scrub").onclick = (event) => {
      const box = $("scrub").getBoundingClientRect();
      const x = Math.max(0, Math.min(1, (event.clientX - box.left) / box.width));
      this.pause();
      this.goto(Math.round(x * (this.count - 1)));
    };
    this.data.bookmarks.forEach((mark) => {
      const tick = document.createElement("div");
      tick.className = "tick";
      tick.style.left = (100 * mark.frame) / Math.max(1, this.count - 1) + "%";
      $("scrub").appendChild(tick);
    });
    document.addEventListener("keydown", (event) => this.key(event));
  }

  buildBoard(side) {
    side.board = new Board(this.$("board" + side.suffix), this.n, this, (r, c) => this.answer(r, c));
  }

  key(event) {
    const actions = {
      ArrowRight: () => this.$("step").onclick(),
      ArrowLeft: () => this.$("back").onclick(),
      " ": () => this.$("play").onclick(),
      Home: () => this.$("home").onclick(),
      End: () => this.$("end").onclick(),
      PageDown: () => this.bookmark(1),
      PageUp: () => this.bookmark(-1),
    };
    const own = event.target.tagName === "SELECT" || (event.target.tagName === "BUTTON" && event.key === " ");
    if (actions[event.key] && !own) {
      event.preventDefault();
      actions[event.key]();
    }
  }

  bookmark(direction) {
    const frames = this.data.bookmarks.map((mark) => mark.frame);
    const next = direction > 0 ? frames.find((f) => f > this.frame) : frames.filter((f) => f < this.frame).pop();
    if (next !== undefined) { this.pause(); this.goto(next); }
  }

  // A link to a moment: page.html#event=K&lang=zh opens at event K, in Chinese.
  follow(hash) {
    const asked = new URLSearchParams(hash.replace(/^#/, ""));
    // only the page's own languages: "__proto__", "constructor" or "toString" are no language
    if (Object.keys(this.data.strings).includes(asked.get("lang"))) this.setLang(asked.get("lang"));
    const event = Number(asked.get("event"));
    if (asked.has("event") && Number.isInteger(event)) this.goto(event - this.data.trace.first);
  }

  goto(frame) {
    this.frame = Math.max(0, Math.min(this.count - 1, frame));
    this.show();
  }

  state() {
    const [at, other] = this.sides.map((side) => this.sideAt(side, this.frame));
    const race = other ? { ...other, narration: other.said[this.lang] } : null;
    return { ...at, narration: at.said[this.lang], lang: this.lang, playing: this.playing,
             score: this.score(), frame: this.frame, race };
  }

  play() {
    if (this.frame >= this.count - 1) this.goto(0);
    this.playing = true;
    this.owed = 0;
    this.last = null;
    const tick = (now) => {
      if (!this.playing) return;
      if (this.last !== null) this.owed += ((now - this.last) / 1000) * this.speed;
      this.last = now;
      const steps = Math.floor(this.owed);
      if (steps > 0) {
        this.owed -= steps;
        const stop = this.stopBefore(this.frame + steps);
        this.goto(stop);
        if (stop >= this.count - 1 || this.byFrame[stop]) return this.pause();
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    this.show();
  }

  // Play stops at an unanswered question on the way.
  stopBefore(target) {
    for (let f = this.frame + 1; f < target; f++) {
      if (this.byFrame[f] && !(f in this.answers)) return f;
    }
    return target;
  }

  pause() {
    this.playing = false;
    this.show();
  }

  setLang(lang) {
    this.lang = lang;
    document.documentElement.lang = lang === "zh" ? "zh-Hans" : "en";
    this.show();
  }

  score() {
    const answered = Object.values(this.answers);
    return { right: answered.filter((a) => a).length, asked: answered.length };
  }

  answer(row, col) {
    const q = this.byFrame[this.frame];
    if (!q || this.frame in this.answers) return;
    this.answers[this.frame] = q.row === row && q.col === col;
    this.show();
  }

  show() {
    const $ = this.$;
    const titles = this.sides.map((side) => this.title(side));
    $("title").textContent = titles.join(" · ") + " · n = " + this.n;
    $("play").textContent = this.s(this.playing ? "pause" : "play");
    $("lang").textContent = this.s("other_language");
    $("big").textContent = this.s("big_text");
    $("speed-label").textContent = this.s("speed");
    for (const id of ["home", "back", "step", "end"]) {
      $(id).title = this.s({ home: "start", back: "back", step: "step", end: "end" }[id]);
      $(id).setAttribute("aria-label", $(id).title);
    }
    $("scrub").setAttribute("aria-label", this.s("scrub"));
    $("scrub").setAttribute("aria-valuemax", this.count - 1);
    $("scrub").setAttribute("aria-valuenow", this.frame);
    $("scrub").setAttribute("aria-valuetext", $("where").textContent);
    this.sides.forEach((side) => $("board" + side.suffix).setAttribute("aria-label", this.s("board", { n: this.n })));
    const first = this.data.first;
    $("where").textContent = this.s("event", { event: first + this.frame, last: first + this.count - 1 });
    const { right, asked } = this.score();
    $("score").textContent = this.data.questions.length ? this.s("score", { right, asked }) : "";
    $("scrub").firstElementChild.style.width = (100 * this.frame) / Math.max(1, this.count - 1) + "%";
    this.showCard();
    for (const side of this.sides) {
      const at = this.sideAt(side, this.frame);
      const suffix = side.suffix;
      $("run-title" + suffix).textContent = this.title(side);
      $("narration" + suffix).textContent = at.said[this.lang];
      this.showCounters(side, at);
      this.showCode(side, at);
      this.drawBoard(side, at);
    }
  }

  // The algorithm's name, or "Algorithm A" / "Algorithm B" when the lesson hides the names.
  title(side) {
    if (this.data.hidden.includes("names")) return this.s("hidden_name", { letter: side.suffix ? "B" : "A" });
    return side.trace.t.title[this.lang];
  }

  showCounters(side, at) {
    const list = this.$("counters" + side.suffix);
    list.replaceChildren();
    for (const key of side.trace.t.counters) {
      const name = document.createElement("dt");
      name.textContent = this.s(key);
      const value = document.createElement("dd");
      value.dataset.key = key;
      value.textContent = at.counters[key].toLocaleString("en-US");
      list.append(name, value);
    }
  }

  showCode(side, at) {
    const list = this.$("code" + side.suffix);
    list.replaceChildren();
    side.trace.t.code[this.lang].forEach((text, i) => {
      const item = document.createElement("li");
      item.textContent = text;
      if (i === at.line) item.className = "current";
      list.appendChild(item);
    });
  }

  showCard() {
    const $ = this.$;
    const mark = this.data.bookmarks.find((m) => m.frame === this.frame);
    const q = this.byFrame[this.frame];
    $("card").hidden = !mark && !q;
    $("note").textContent = mark ? mark.note[this.lang] : "";
    $("question").textContent = q ? this.s("question") : "";
    let verdict = "";
    if (q && this.frame in this.answers) {
      verdict = this.s(this.answers[this.frame] ? "right" : "wrong", { row: q.row + 1, col: q.col + 1 });
    }
    $("verdict").textContent = verdict;
  }

  drawBoard(side, at) {
    side.board.draw(at, {});
  }
}
