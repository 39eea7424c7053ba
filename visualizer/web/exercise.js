// The exercise in the exported page (issue 40): the student carries out the search, each move graded
// against the model run that visualizer/web/exercise.py computed when the page was made. There is
// no search here: the page compares a move with the step due, looks the kind of a wrong one up in
// Python's table (solvers/exercise_model.py's mistake), and keeps the grader's place as its Grader
// does (the due step, a wrong move left standing, undo). When an LMS's SCORM 1.2 API is found (the
// parent windows, then the opener's) the page reports to it; with none it shows the score itself.
//
// NQX (tested in tests/e2e/test_web_exercise.py):
//   NQX.Grader(model, exercise)   -> answer(action, row), undo(), score(), grade(), due, over
//   NQX.round1(x)                 -> Python's round(x, 1) (ties to even on the exact double)
//   NQX.Suspend                   -> encode(page) / decode(text): cmi.suspend_data (see SUSPEND)
//   NQX.Lms.find(window)          -> the LMS's API wrapped, or null
//   NQX.timespan(s)               -> SCORM 1.2's CMITimespan ("0000:01:05.20")
//   NQX.diagnose(common, departures, log) -> the misconception behind the wrong moves (Diagnosis.as_json)
//   NQX.sentence(diagnosis, common, lang) -> what it says (Diagnosis.sentence)
// window.nqPage: the running page (an ExercisePage or the player's Page); window.nqReady: a Promise
// of true once it runs. The address may say page.html#instance=K (0-based) or #lang=zh.
"use strict";

// cmi.suspend_data (SCORM 1.2: at most 4,096 characters), plain ASCII:
//   NQ1|ATTEMPT|INSTANCE|SECONDS|BEST|BASE|MOVES
// ATTEMPT counts the attempts made in this page (interaction ids name it), INSTANCE is the index of
// the attempt's instance, SECONDS the time spent so far, BEST the best finished grade or empty.
// MOVES are the student's answers and undos since BASE, relative to the model: a number K stands for
// K right answers in a row (the steps due), a letter for a wrong answer or an undo: P place, R refuse,
// C confirm, U undo, a..h backtrack row 0..7, A..H choose row 0..7. BASE is empty (the attempt's
// start) or "AT,RIGHT,MOVES,K1,K2,K3,K4,K5,REACHED": the grader's place and score before MOVES,
// when the oldest moves were folded into it to stay within 4,096 characters (their marks on the
// review bar are then not restored; the step, the score and the mistakes by kind always are).
const SUSPEND_LIMIT = 4096;
// LMSCommit (which sends the state to the LMS's server) after COMMIT_EVERY moves or undos once
// COMMIT_SECONDS have passed since the last one, and always at the run's end, on a new attempt
// and on leaving the page.
const COMMIT_EVERY = 10;
const COMMIT_SECONDS = 5;
const MODEL_PACE = 2; // model moves a second while the model answer plays (the window's)

const NQX = (() => {
  const ACTIONS = ["place", "refuse", "backtrack", "row", "confirm", "start"];
  const KINDS = ["missed-conflict", "false-conflict", "wrong-backtrack", "wrong-order", "wrong-row"];

  // Python's round(x, 1) for a double: the nearest tenth of its exact value, ties to even. An exact
  // tie needs x * 4 to be an odd integer (x = k + 0.25 or k + 0.75); otherwise toFixed is exact.
  function round1(x) {
    const quarter = x * 4;
    if (Number.isInteger(quarter) && Math.abs(quarter % 2) === 1) {
      const low = Math.floor(x * 10) / 10;
      const high = Math.ceil(x * 10) / 10;
      return Math.round(low * 10) % 2 === 0 ? low : high;
    }
    return Number(x.toFixed(1));
  }

  function moveText(action, where) {
    if (Array.isArray(where)) return `${action} ${where[0]} ${where[1]}`;
    return where === null || where === undefined ? action : `${action} ${where}`;
  }

  // The grader's place among the model's steps: solvers/exercise_model.py's Grader, the kind of a
  // wrong answer read from its table. ``done`` is always the steps first .. at - 1 (a move makes the
  // due step, undo takes the last one back), so ``at`` says it all.
  class Grader {
    constructor(model, exercise) {
      this.m = model;
      this.kinds = exercise.kinds;
      this.feedback = exercise.feedback;
      this.total = model.acts.length;
      this.first = model.first;
      this.at = this.first;
      this.standing = null;
      this.reached = false;
      this.log = []; // every answer taken: {step, move, expected, right, kind, index, board, t}
      // the answers counted (those of the log, and those folded away before it by a resumed state)
      this.counts = { right: 0, moves: 0, mistakes: [0, 0, 0, 0, 0] };
    }

    step(index) {
      const row = this.m.squares[2 * index];
      const col = this.m.squares[2 * index + 1];
      const code = this.m.acts[index];
      const action = ACTIONS[code];
      const square = col < 0 ? null : [row, col];
      const text = moveText(action, action === "place" || action === "refuse" ? square : row < 0 ? null : row);
      return { index, code, action, row: row < 0 ? null : row, square, text };
    }

    get due() { return this.at < this.total ? this.step(this.at) : null; }
    get over() { return this.at >= this.total; }

    // The answer graded, nothing changed; an Error named "over" or "standing" when it cannot be.
    grade(action, row = null) {
      const code = ACTIONS.indexOf(action);
      if (code < 0 || code > 4) throw new Error(`an exercise move is one of ${ACTIONS.slice(0, 5)}`);
      const due = this.due;
      if (!due) throw Object.assign(new Error("the exercise is over"), { name: "over" });
      if (this.standing) throw Object.assign(new Error("undo the wrong move first"), { name: "standing" });
      const kind = this.kinds[due.code][code][row === due.row ? 1 : 0];
      const where = action === "place" || action === "refuse" ? due.square : row;
      return { step: this.at - this.first + 1, move: moveText(action, where), expected: due.text,
               right: kind === null, kind };
    }

    answer(action, row = null, t = 0) {
      const verdict = this.grade(action, row);
      const due = this.at;
      if (verdict.right || this.feedback === "continuous") {
        this.at += 1;
        this.reached = this.reached || this.over;
      } else {
        this.standing = verdict;
      }
      const entry = { ...verdict, index: due, board: this.at, t };
      this.log.push(entry);
      this.counts.moves += 1;
      if (verdict.right) this.counts.right += 1;
      else this.counts.mistakes[KINDS.indexOf(verdict.kind)] += 1;
      return entry;
    }

    undo() {
      if (this.standing) {
        this.standing = null;
        return true;
      }
      if (this.at <= this.first) return false;
      this.at -= 1;
      return true;
    }

    // The window's score: right answers of all answers (100.0 before any), mistakes by kind.
    score() {
      const { right, moves } = this.counts;
      const mistakes = {};
      this.counts.mistakes.forEach((count, i) => { if (count) mistakes[KINDS[i]] = count; });
      return { right, moves, percent: moves ? round1((100 * right) / moves) : 100.0, mistakes };
    }

    // The gradebook's grade (solvers/results.py's Grade.percent): the steps never reached count as
    // wrong answers, so an unfinished attempt is graded on the whole run.
    gradebook() {
      const { right, moves } = this.score();
      const left = this.reached ? 0 : this.total - this.at;
      return moves + left ? round1((100 * right) / (moves + left)) : 0.0;
    }

    snapshot() {
      const { right, moves, mistakes } = this.counts;
      return { at: this.at, right, moves, mistakes: mistakes.slice(), reached: this.reached,
               standing: this.standing !== null };
    }
  }

  // -- cmi.suspend_data ------------------------------------------------------------------------

  const LETTER = { place: "P", refuse: "R", confirm: "C" };

  function token(action, row) {
    if (action === "undo") return "U";
    if (action === "backtrack") return String.fromCharCode(97 + row);
    if (action === "row") return String.fromCharCode(65 + row);
    return LETTER[action];
  }

  function untoken(letter) {
    if (letter === "U") return ["undo", null];
    for (const [action, value] of Object.entries(LETTER)) if (value === letter) return [action, null];
    const code = letter.charCodeAt(0);
    if (code >= 97 && code < 105) return ["backtrack", code - 97];
    if (code >= 65 && code < 73) return ["row", code - 65];
    throw new Error(`not a move: ${letter}`);
  }

  const digits = (k) => String(k).length;

  const Suspend = {
    // ``items``: the attempt's history, each {token: null (a right answer) or a letter, snap: the
    // grader's snapshot after it}; ``base``: the snapshot they start from (null: the start).
    encode(head, base, items, limit = SUSPEND_LIMIT) {
      const baseText = (snap) => (snap ? [snap.at, snap.right, snap.moves, ...snap.mistakes, snap.reached ? 1 : 0].join(",") : "");
      const text = (from, snap) => {
        let out = "";
        let run = 0;
        for (let i = from; i < items.length; i++) {
          if (items[i].token === null) { run += 1; continue; }
          if (run) out += run;
          run = 0;
          out += items[i].token;
        }
        return `${head}|${baseText(snap)}|${out}${run || ""}`;
      };
      const whole = text(0, base);
      if (whole.length <= limit) return { text: whole, dropped: 0 };
      // the length of the moves from item j on, for every j (walking back: the leading run's digits
      // plus the rest), then the first cut after which the rest fits
      const after = new Array(items.length + 1);
      let run = 0;
      let rest = 0;
      after[items.length] = 0;
      for (let j = items.length - 1; j >= 0; j--) {
        if (items[j].token === null) run += 1;
        else { rest += 1 + (run ? digits(run) : 0); run = 0; }
        after[j] = rest + (run ? digits(run) : 0);
      }
      for (let j = 1; j <= items.length; j++) {
        const snap = items[j - 1].snap;
        if (snap.standing) continue;
        if (head.length + 2 + baseText(snap).length + after[j] <= limit) return { text: text(j, snap), dropped: j };
      }
      throw new Error("the exercise's state does not fit in the suspend data");
    },

    decode(text) {
      const parts = String(text).split("|");
      if (parts.length !== 7 || parts[0] !== "NQ1") return null;
      const [, attempt, instance, seconds, best, base, moves] = parts;
      const number = (value) => {
        if (!/^\d+(\.\d+)?$/.test(value)) throw new Error(`not a number: ${value}`);
        return Number(value);
      };
      let snap = null;
      if (base) {
        const v = base.split(",").map(number);
        if (v.length !== 9) throw new Error("a damaged base");
        snap = { at: v[0], right: v[1], moves: v[2], mistakes: v.slice(3, 8), reached: v[8] === 1, standing: false };
      }
      if (!/^(\d+|[A-Za-z])*$/.test(moves)) throw new Error("damaged moves");
      const steps = [];
      for (const [, run, letter] of moves.matchAll(/(\d+)|([A-Za-z])/g)) {
        steps.push(run ? Number(run) : untoken(letter));
      }
      return { attempt: number(attempt), instance: number(instance), seconds: number(seconds),
               best: best === "" ? null : number(best), base: snap, moves: steps };
    },
  };

  // -- the LMS -----------------------------------------------------------------------------------

  const pad = (value, width) => String(value).padStart(width, "0");

  function timespan(seconds) {
    const hundredths = Math.max(0, Math.round(seconds * 100));
    const s = Math.floor(hundredths / 100);
    const hours = Math.min(9999, Math.floor(s / 3600));
    return `${pad(hours, 4)}:${pad(Math.floor(s / 60) % 60, 2)}:${pad(s % 60, 2)}.${pad(hundredths % 100, 2)}`;
  }

  class Lms {
    // The SCORM 1.2 API: the standard search (this window and its parents, at most 500 levels, then
    // the opener and its parents); a window of another origin ends the search there.
    static find(win) {
      const search = (start) => {
        let w = start;
        try {
          for (let tries = 0; w && tries < 500; tries++) {
            if (w.API && typeof w.API.LMSInitialize === "function") return w.API;
            if (!w.parent || w.parent === w) break;
            w = w.parent;
          }
        } catch (error) { /* another origin: not ours to search */ }
        return null;
      };
      let api = search(win);
      if (!api) {
        try { if (win.opener) api = search(win.opener); } catch (error) { api = null; }
      }
      return api ? new Lms(api) : null;
    }

    constructor(api) {
      this.api = api;
      this.errors = [];
      this.open = String(api.LMSInitialize("")) === "true";
    }

    get(name) {
      const value = this.api.LMSGetValue(name);
      return value === null || value === undefined ? "" : String(value);
    }

    set(name, value) {
      if (!this.open) return false;
      const ok = String(this.api.LMSSetValue(name, String(value))) === "true";
      if (!ok) this.errors.push(`${name}: ${this.api.LMSGetLastError()}`);
      return ok;
    }

    commit() { if (this.open) this.api.LMSCommit(""); }

    finish() {
      if (!this.open) return;
      this.open = false;
      this.api.LMSFinish("");
    }
  }

  // -- the misconception behind the wrong moves (issue 41) ----------------------------------------

  // solvers/diagnosis.py's diagnose (its reference) over the page's data: ``common`` is
  // Predictions.web_data but its steps, ``departures`` its steps (the student's step numbers, from 1,
  // where some version departs from the model: the model's answer, where it points, each departing
  // version's answer). The student's first answer at each step counts; one that is the model's where
  // a version departs contradicts it, a wrong one that is its answer there is explained by it. As in
  // the window's W and end screen, an attempt is judged as it stands (no stop counted).
  const answerOf = (move) => (/^(backtrack|row) /.test(move) ? move : move.split(" ")[0]);
  const fits = (answer, predicted) =>
    answer === predicted || (predicted.startsWith("try") && (answer === "place" || answer === "refuse"));
  const greater = (a, b) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] > b[i];
    return false;
  };

  // {wrong, misconceptions: [{version, explained, contradicted, step, where}]}: Diagnosis.as_json.
  function diagnose(common, departures, log) {
    const firsts = new Map();
    for (const entry of log) if (!firsts.has(entry.step)) firsts.set(entry.step, entry);
    const wrong = [...firsts.values()].filter((entry) => !entry.right).map((entry) => entry.step);
    const left = new Set(wrong);
    const found = [];
    for (let round = 0; round < common.most; round++) {
      let best = null;
      common.versions.forEach(({ key }, rank) => {
        const explained = [];
        let contradicted = 0;
        for (const step of departures) {
          const predicted = step.versions[key];
          const entry = firsts.get(step.step);
          if (predicted === undefined || !entry) continue;
          const answer = answerOf(entry.move);
          if (answer === step.model) contradicted += 1;
          else if (left.has(step.step) && fits(answer, predicted)) explained.push([step, answer]);
        }
        const gain = explained.length - contradicted;
        const score = [gain, explained.length, -contradicted, -rank];
        if (gain < common.gain || (best && !greater(score, best.score))) return;
        const [step, answer] = explained[0]; // the row the student lifted or chose, else the square
        const said = answer.split(" ");
        const where = said.length === 2 ? [Number(said[1])] : step.where;
        best = { score, explained, finding: { version: key, explained: explained.length, contradicted,
                                              step: step.step, where } };
      });
      if (!best) break;
      found.push(best.finding);
      for (const [step] of best.explained) left.delete(step.step);
    }
    return { wrong: wrong.length, misconceptions: found };
  }

  // Diagnosis.sentence: each misconception with its evidence, or slips, in ``lang``.
  function sentence(diagnosis, common, lang) {
    const text = common.text[lang] || common.text.en;
    const fill = NQ.fill;
    const w = diagnosis.wrong;
    if (!w) return text.none;
    if (!diagnosis.misconceptions.length) return w === 1 ? text.slip : fill(text.slips, { w });
    const said = diagnosis.misconceptions.map((finding) => {
      const version = common.versions.find((v) => v.key === finding.version);
      const phrase = (part) => version[part][lang] ?? version[part].en;
      const k = finding.explained;
      const did = phrase("did");
      const evidence = k < w ? fill(text.some, { k, w, did })
        : fill(text[k === 1 ? "all_one" : "all_many"], { k, did });
      const [r, c] = finding.where.map((x) => x + 1);
      const where = finding.where.length === 2 ? fill(text.square, { r, c })
        : finding.where.length === 1 ? fill(text.row, { r }) : fill(text.step, { s: finding.step });
      return fill(text.finding, { evidence, belief: phrase("belief"), where });
    });
    const rest = w - diagnosis.misconceptions.reduce((sum, finding) => sum + finding.explained, 0);
    if (rest > 0) said.push(rest === 1 ? text.rest_one : fill(text.rest, { k: rest }));
    return said.join(lang === "en" ? " " : "");
  }

  return { ACTIONS, KINDS, round1, moveText, Grader, Suspend, Lms, timespan, token, untoken, diagnose,
           sentence };
})();

// -- the exercise's page -----------------------------------------------------------------------

class ExercisePage {
  constructor(data, lms, now = () => performance.now() / 1000) {
    this.data = data;
    this.ex = data.exercise;
    this.n = this.ex.n;
    this.lang = data.lang;
    this.lms = lms && lms.open ? lms : null;
    this.now = now;
    this.$ = (id) => document.getElementById(id);
    this.attempt = 1;
    this.best = null;
    this.mastery = this.ex.mastery;
    this.interactions = 0;
    this.status = "";
    document.body.classList.add("exercise");
    this.board = new Board(this.$("board"), this.n, this, (r, c) => this.clickSquare(r, c));
    this.build();
    const asked = new URLSearchParams(location.hash.replace(/^#/, ""));
    if (asked.get("lang") in data.strings) this.lang = asked.get("lang");
    const chosen = Number(asked.get("instance"));
    const count = this.ex.instances.length;
    const index = asked.has("instance") && Number.isInteger(chosen) && chosen >= 0 && chosen < count
      ? chosen : Math.floor(Math.random() * count);
    this.start(index);
    if (this.lms) this.connect();
    this.setLang(this.lang);
    this.ticker = setInterval(() => this.showTime(), 1000);
  }

  // The exercise's own string (the window's exercise_KEY), else the page's.
  s(key, fields) {
    const table = this.data.strings[this.lang];
    return NQ.fill(table["exercise_" + key] ?? table[key] ?? key, fields || {});
  }

  // -- a new attempt ---------------------------------------------------------------------------

  start(index, seconds = 0) {
    this.index = index;
    this.model = this.ex.instances[index];
    this.trace = new NQ.Trace(this.model.trace);
    this.grader = new NQX.Grader(this.model, this.ex);
    this.items = []; // the attempt's answers and undos, each with the grader's snapshot after it
    this.itemsBase = null;
    this.review = null;
    this.replaying = null;
    this.last = null;
    this.said = "";
    this.again = null;
    this.cursorRow = 0;
    this.started = this.now() - seconds;
    this.ended = null;
    this.lastAnswer = this.now();
    this.follow();
    this.show();
  }

  newAttempt() {
    this.stopModel(false);
    this.attempt += 1;
    this.start((this.index + 1) % this.ex.instances.length);
    this.report(null, true);
  }

  // -- the moves -------------------------------------------------------------------------------

  seconds() {
    return Math.max(0, (this.ended ?? this.now()) - this.started);
  }

  // Moves in a row, drawn once at the end (a script, a test): each ["place"], ["backtrack", 2],
  // ["undo"] ... graded and reported as one made by hand; returns the answers.
  moves(list) {
    this.quiet = true;
    const out = [];
    try {
      for (const [action, row] of list) out.push(action === "undo" ? this.undo() : this.move(action, row ?? null));
    } finally {
      this.quiet = false;
    }
    this.show();
    return out;
  }

  // One move of the student's, graded (the window's ExerciseMode.move); returns the answer or null.
  move(action, row = null) {
    if (row !== null && !(Number.isInteger(row) && row >= 0 && row < this.n)) return null;
    if (!this.live()) return null;
    if (this.grader.over) return this.say(this.overText(), () => this.overText()), null;
    let entry;
    try {
      entry = this.grader.answer(action, row, this.seconds());
    } catch (error) {
      if (error.name === "standing") return this.say(this.s("ask_undo")), null;
      throw error;
    }
    entry.why = entry.right ? null : this.model.why[entry.index];
    entry.latency = this.now() - this.lastAnswer;
    this.lastAnswer = this.now();
    this.record(entry.right ? null : NQX.token(action, row));
    this.last = entry;
    this.follow();
    this.say(entry.right ? this.s("right") : this.wrongText(entry));
    if (this.grader.over && this.ended === null) {
      this.ended = this.now();
      const grade = this.grader.gradebook();
      this.best = this.best === null ? grade : Math.max(this.best, grade);
      this.say(this.overText(), () => this.overText());
    }
    this.report(entry);
    this.show();
    return entry;
  }

  undo() {
    if (!this.live()) return false;
    if (!this.grader.undo()) {
      this.say(this.s("nothing_to_undo"));
      return false;
    }
    this.record("U");
    this.last = null;
    if (!this.grader.over) this.ended = null;
    this.follow();
    this.report(null);
    this.show();
    return true;
  }

  record(letter) {
    this.items.push({ token: letter, snap: this.grader.snapshot() });
  }

  clickSquare(row, col) {
    this.cursorRow = row;
    const due = this.grader.due;
    const queens = this.trace.at(this.grader.at).queens;
    if (due && (due.action === "place" || due.action === "refuse") && due.square[0] === row && due.square[1] === col) {
      this.move("place");
    } else if (queens[row] !== null) {
      this.move("backtrack", row);
    } else if (this.ex.dynamicRows) {
      this.move("row", row);
    } else {
      this.say(this.keysText());
      this.show();
    }
  }

  // Whether a move can be taken now: not while the model answer plays; a review ends first.
  live() {
    if (this.replaying !== null) {
      this.say(this.s("model_busy"));
      return false;
    }
    this.endReview();
    return true;
  }

  follow() {
    const due = this.grader.due;
    if (due && (due.action === "place" || due.action === "refuse")) this.cursorRow = due.row;
  }

  // -- the model answer (O) and the review (← / →, the bar) --------------------------------------

  modelAnswer() {
    if (this.replaying !== null) return this.stopModel(true);
    this.endReview();
    this.replaying = this.grader.at;
    this.say(this.s("model_on"));
    this.timer = setInterval(() => {
      if (this.replaying < this.grader.total) this.replaying += 1;
      this.show();
    }, 1000 / MODEL_PACE);
    this.show();
  }

  stopModel(saying) {
    if (this.replaying === null) return;
    clearInterval(this.timer);
    this.replaying = null;
    if (saying) this.say(this.s("model_off"));
    this.show();
  }

  escape() {
    if (this.replaying !== null) this.stopModel(true);
    else { this.endReview(); this.show(); }
  }

  back() {
    this.stopModel(false);
    const total = this.grader.log.length;
    this.seek((this.review === null ? total : this.review) - 1);
  }

  forward() {
    if (this.review !== null) this.seek(this.review + 1);
  }

  seek(k) {
    this.stopModel(false);
    const total = this.grader.log.length;
    k = Math.max(0, Math.min(total, k));
    this.review = k >= total ? null : k;
    this.show();
  }

  endReview() {
    this.review = null;
  }

  // The board's frame now: the student's position, a reviewed move's, or the model answer's.
  frame() {
    if (this.replaying !== null) return this.replaying;
    if (this.review !== null) return this.review > 0 ? this.grader.log[this.review - 1].board : 0;
    return this.grader.at;
  }

  // -- the LMS -----------------------------------------------------------------------------------

  connect() {
    const lms = this.lms;
    const mastery = lms.get("cmi.student_data.mastery_score");
    if (/^\d+(\.\d+)?$/.test(mastery)) this.mastery = Number(mastery); // the LMS's, from the manifest
    this.interactions = Number(lms.get("cmi.interactions._count")) || 0;
    const status = lms.get("cmi.core.lesson_status");
    this.resume(lms.get("cmi.suspend_data"));
    if (!status || status === "not attempted") lms.set("cmi.core.lesson_status", "incomplete");
    lms.set("cmi.core.score.min", 0);
    lms.set("cmi.core.score.max", 100);
    this.committed = this.now();
    this.uncommitted = 0;
    this.report(null, true);
    const leave = () => this.leave();
    window.addEventListener("pagehide", leave);
    window.addEventListener("beforeunload", leave);
  }

  // The stored state, replayed: the same instance, step, score and mistakes; null when there is none
  // or it cannot be read (then the attempt starts afresh).
  resume(text) {
    let state;
    try {
      state = NQX.Suspend.decode(text);
    } catch (error) {
      state = null;
    }
    if (!state || state.instance >= this.ex.instances.length) return false;
    this.attempt = state.attempt;
    this.best = state.best;
    this.start(state.instance, state.seconds);
    const grader = this.grader;
    if (state.base) {
      const b = state.base;
      if (b.at < grader.first || b.at > grader.total) return this.start(state.instance), false;
      grader.at = b.at;
      grader.reached = b.reached;
      grader.counts = { right: b.right, moves: b.moves, mistakes: b.mistakes.slice() };
      this.itemsBase = b;
    }
    try {
      for (const step of state.moves) {
        if (typeof step === "number") {
          for (let k = 0; k < step; k++) {
            const due = grader.due;
            const entry = grader.answer(due.action, due.action === "backtrack" || due.action === "row" ? due.row : null);
            if (!entry.right) throw new Error("not the model's move");
            this.record(null);
          }
        } else if (step[0] === "undo") {
          if (!grader.undo()) throw new Error("nothing to undo");
          this.record("U");
        } else {
          grader.answer(step[0], step[1]);
          this.record(NQX.token(step[0], step[1]));
        }
      }
    } catch (error) {
      this.start(state.instance);
      return false;
    }
    grader.log.forEach((entry) => { entry.why = entry.right ? null : this.model.why[entry.index]; });
    if (grader.over) this.ended = this.now();
    this.follow();
    this.say(this.s("ex_resumed", { step: grader.at - grader.first + 1 }));
    this.show();
    return true;
  }

  suspendData() {
    const head = ["NQ1", this.attempt, this.index, Math.floor(this.seconds()), this.best ?? ""].join("|");
    return NQX.Suspend.encode(head, this.itemsBase, this.items).text;
  }

  lessonStatus() {
    const finished = this.grader.reached ? this.grader.gradebook() : null;
    const best = Math.max(this.best ?? -1, finished ?? -1);
    if (best >= this.mastery) return "passed";
    if (best >= 0) return "failed";
    return "incomplete";
  }

  // After a move (``entry``; null: an undo or a new attempt): its interaction, the score and the
  // status; a commit (with the suspend data) when one is due.
  report(entry, fresh = false) {
    const lms = this.lms;
    if (!lms) return;
    if (entry) {
      const n = `cmi.interactions.${this.interactions}.`;
      const moves = this.grader.score().moves;
      lms.set(n + "id", `a${this.attempt}-m${moves}-s${entry.step}-${entry.kind || "right"}`);
      lms.set(n + "type", "performance");
      lms.set(n + "student_response", entry.move);
      lms.set(n + "correct_responses.0.pattern", entry.expected);
      lms.set(n + "result", entry.right ? "correct" : "wrong");
      lms.set(n + "latency", NQX.timespan(entry.latency));
      this.interactions += 1;
      if (this.grader.over) this.reportDiagnosis();
    }
    lms.set("cmi.core.score.raw", Math.max(this.best ?? 0, this.grader.gradebook()));
    const status = this.lessonStatus();
    if (status !== this.status) lms.set("cmi.core.lesson_status", status);
    this.status = status;
    this.uncommitted += 1;
    const due = this.uncommitted >= COMMIT_EVERY && this.now() - this.committed >= COMMIT_SECONDS;
    if (fresh || due || (entry && this.grader.over)) this.commit();
  }

  // At an attempt's end, what the end screen names as one more interaction (a teacher reads it in
  // the LMS's report beside the moves): "a1-diagnosis", its response the misconceptions' keys
  // (solvers/misconceptions.py's, comma-separated), "slips" or "none", its result neutral.
  reportDiagnosis() {
    const found = this.diagnosis();
    const keys = found.misconceptions.map((finding) => finding.version);
    const response = keys.length ? keys.join(",") : found.wrong ? "slips" : "none";
    const n = `cmi.interactions.${this.interactions}.`;
    this.lms.set(n + "id", `a${this.attempt}-diagnosis`);
    this.lms.set(n + "type", "performance");
    this.lms.set(n + "student_response", response.slice(0, 255)); // SCORM 1.2's CMIFeedback
    this.lms.set(n + "result", "neutral");
    this.interactions += 1;
  }

  // The suspend data with every commit (the LMS keeps what a commit sends).
  commit() {
    this.lms.set("cmi.suspend_data", this.suspendData());
    this.lms.commit();
    this.committed = this.now();
    this.uncommitted = 0;
  }

  leave() {
    const lms = this.lms;
    if (!lms || !lms.open) return;
    lms.set("cmi.core.session_time", NQX.timespan(this.now() - this.opened));
    lms.set("cmi.core.exit", this.grader.over ? "" : "suspend");
    this.commit();
    lms.finish();
  }

  // -- the page --------------------------------------------------------------------------------

  build() {
    const $ = this.$;
    this.opened = this.now();
    const buttons = {
      "ex-place": () => this.move("place"),
      "ex-refuse": () => this.move("refuse"),
      "ex-backtrack": () => this.move("backtrack", this.cursorRow),
      "ex-row": () => this.move("row", this.cursorRow),
      "ex-confirm": () => this.move("confirm"),
      "ex-undo": () => this.undo(),
      "ex-model": () => this.modelAnswer(),
      "ex-diagnosis": () => this.why(),
      "ex-new": () => this.newAttempt(),
    };
    for (const [id, action] of Object.entries(buttons)) $(id).onclick = action;
    $("ex-row").hidden = !this.ex.dynamicRows;
    $("ex-confirm").hidden = !this.ex.domains;
    $("lang").onclick = () => this.setLang(this.lang === "en" ? "zh" : "en");
    $("big").onclick = () => document.body.classList.toggle("big");
    $("scrub").onclick = (event) => {
      const box = $("scrub").getBoundingClientRect();
      const x = Math.max(0, Math.min(1, (event.clientX - box.left) / box.width));
      this.seek(Math.round(x * this.grader.log.length));
    };
    $("scrub").addEventListener("keydown", (event) => {
      const k = { Home: 0, End: this.grader.log.length }[event.key];
      if (k !== undefined) { event.preventDefault(); this.seek(k); }
    });
    document.addEventListener("keydown", (event) => this.key(event));
    const size = () => {
      const width = document.documentElement.clientWidth - 16;
      const fit = Math.min(width, Math.max(window.innerHeight * 0.72, 44 * this.n + 4), 720);
      document.body.style.setProperty("--board", Math.floor(fit) + "px");
    };
    window.addEventListener("resize", size);
    size();
  }

  // The window's keys: F, D, B, C, Enter, U / Backspace, O, W, Esc, R, arrows.
  key(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const tag = event.target.tagName;
    const onControl = tag === "BUTTON" || tag === "SELECT";
    const actions = {
      f: () => this.move("place"),
      d: () => this.move("refuse"),
      b: () => this.move("backtrack", this.cursorRow),
      c: () => this.ex.dynamicRows && this.move("row", this.cursorRow),
      enter: () => this.move("confirm"),
      u: () => this.undo(),
      backspace: () => this.undo(),
      o: () => this.modelAnswer(),
      w: () => this.why(),
      escape: () => this.escape(),
      r: () => this.newAttempt(),
      arrowup: () => { this.cursorRow = (this.cursorRow + this.n - 1) % this.n; this.show(); },
      arrowdown: () => { this.cursorRow = (this.cursorRow + 1) % this.n; this.show(); },
      arrowleft: () => this.back(),
      arrowright: () => this.forward(),
    };
    const action = actions[event.key.toLowerCase()];
    if (!action || (onControl && (event.key === " " || event.key === "Enter"))) return;
    event.preventDefault();
    action();
  }

  // A square of the board has the keyboard's focus: the row mark follows it (as ↑ / ↓ move it).
  focusedSquare(row) {
    this.cursorRow = row;
    this.show();
  }

  setLang(lang) {
    this.lang = lang;
    document.documentElement.lang = lang === "zh" ? "zh-Hans" : "en";
    if (this.again) this.said = this.again();
    else if (this.last && !this.last.right) this.said = this.wrongText(this.last);
    this.show();
  }

  // ``again``: how to say it anew in another language (else only a wrong move's verdict is).
  say(text, again = null) {
    this.said = text;
    this.again = again;
    if (!this.quiet) this.$("ex-status").textContent = text;
  }

  // The misconception behind the wrong moves so far (the window's Exercise.diagnosis), kept until
  // the next answer.
  diagnosis() {
    const log = this.grader.log;
    if (!this.found || this.found.log !== log || this.found.length !== log.length) {
      const said = NQX.diagnose(this.ex.diagnosis, this.model.departures, log);
      this.found = { log, length: log.length, said };
    }
    return this.found.said;
  }

  diagnosisText() {
    return NQX.sentence(this.diagnosis(), this.ex.diagnosis, this.lang);
  }

  // W: why (the window's): the misconception behind the wrong moves so far, or that they look like slips.
  why() {
    this.say(this.diagnosisText(), () => this.diagnosisText());
    this.show();
  }

  wrongText(entry) {
    const [action, ...where] = entry.expected.split(" ");
    const numbers = where.map((x) => Number(x) + 1);
    const fields = numbers.length ? { r: numbers[0], c: numbers[numbers.length - 1] } : {};
    return this.s("wrong", { kind: this.s("kind_" + entry.kind), expected: this.s("do_" + action, fields) });
  }

  // The score at the end, and the misconception behind the wrong moves (or slips): the window's.
  overText() {
    const score = this.grader.score();
    return this.s("over", score) + (this.lang === "en" ? " " : "") + this.diagnosisText();
  }

  keysText() {
    const key = this.ex.dynamicRows ? "keys_mrv" : this.ex.domains ? "keys_fc" : "keys";
    return this.s(key);
  }

  intro() {
    const rules = this.ex.dynamicRows ? "rules_mrv" : this.ex.domains ? "rules_fc" : "rules_rows";
    const gap = this.lang === "en" ? " " : "";
    const text = this.s(rules) + (this.model.instance ? gap + this.s("instance") : "");
    return this.s("intro", { rules: text, goal: this.s("goal_" + this.ex.goal),
                             feedback: this.s("feedback_" + this.ex.feedback) });
  }

  question() {
    const grader = this.grader;
    if (grader.over) return this.overText();
    if (this.review !== null) return this.s("reviewing", { k: this.review, total: grader.log.length });
    if (grader.standing) return this.s("ask_undo");
    const square = this.focusSquare();
    if (!square) return this.s("ask_move") + " " + this.keysText();
    return this.s("ask_try", { r: square[0] + 1, c: square[1] + 1 }) + " " + this.keysText();
  }

  // The square ringed: the one the search tries next, when a try is due (live only).
  focusSquare() {
    const due = this.grader.due;
    if (this.review !== null || this.replaying !== null || this.grader.standing) return null;
    return due && (due.action === "place" || due.action === "refuse") ? due.square : null;
  }

  state() {
    const grader = this.grader;
    const due = grader.due;
    return {
      instance: this.index, attempt: this.attempt, lang: this.lang, n: this.n,
      due: due ? due.text : null, over: grader.over, standing: grader.standing !== null,
      step: grader.at - grader.first, steps: grader.total - grader.first, cursorRow: this.cursorRow,
      review: this.review, modelPlaying: this.replaying !== null, score: grader.score(),
      grade: grader.gradebook(), status: this.status, mastery: this.mastery,
      log: grader.log.map(({ step, move, expected, right, kind }) => ({ step, move, expected, right, kind })),
      queens: this.trace.at(this.frame()).queens, narration: this.$("narration").textContent,
      said: this.said, lms: this.lms !== null, diagnosis: this.diagnosis(),
    };
  }

  show() {
    if (this.quiet) return;
    const $ = this.$;
    $("title").textContent = `${this.s("title")} · ${this.ex.title[this.lang]} · n = ${this.n}`;
    $("lang").textContent = this.s("other_language");
    $("big").textContent = this.s("big_text");
    const labels = { "ex-place": "place", "ex-refuse": "refuse", "ex-backtrack": "backtrack", "ex-row": "row",
                     "ex-confirm": "confirm", "ex-undo": "undo", "ex-model": "model", "ex-diagnosis": "why",
                     "ex-new": "ex_new" };
    for (const [id, key] of Object.entries(labels)) $(id).textContent = this.s(key);
    $("ex-model").setAttribute("aria-pressed", String(this.replaying !== null));
    const at = this.trace.at(this.frame());
    $("narration").textContent = at.said[this.lang];
    this.showCard();
    this.showCounters();
    this.showCode(at);
    this.showScrub();
    this.drawBoard(at);
    $("ex-status").textContent = this.said;
    $("board").setAttribute("aria-label", this.s("board", { n: this.n }));
  }

  showCard() {
    const $ = this.$;
    $("ex-card").hidden = false;
    $("ex-title").textContent = this.s("title");
    $("ex-question").textContent = this.question();
    const last = this.review === null ? this.last : null;
    const verdict = $("ex-verdict");
    verdict.className = "";
    verdict.textContent = "";
    let why = "";
    if (!this.grader.log.length) {
      why = this.intro();
    } else if (last) {
      verdict.textContent = last.right ? this.s("right") : this.wrongText(last);
      verdict.className = last.right ? "right" : "wrong";
      why = last.why !== null && last.why !== undefined && last.why >= 0 ? this.model.sentences[last.why][this.lang === "zh" ? 1 : 0] : "";
    }
    $("ex-why").textContent = why;
  }

  showCounters() {
    const list = this.$("counters");
    if (!list || !this.grader) return;
    const at = this.trace.at(this.frame());
    const grader = this.grader;
    const score = grader.score();
    const rows = this.model.trace.counters.map((key) => [this.s(key), at.counters[key].toLocaleString("en-US"), key]);
    const mistakes = Object.values(score.mistakes).reduce((a, b) => a + b, 0);
    rows.push([this.s("score"), `${score.right} / ${score.moves} (${score.percent}%)`, "score"]);
    rows.push([this.s("mistakes"), String(mistakes), "mistakes"]);
    rows.push([this.s("time"), this.s("seconds", { seconds: this.seconds().toFixed(1) }), "time"]);
    rows.push([this.s("step"), `${grader.at - grader.first} / ${grader.total - grader.first}`, "step"]);
    if (this.ex.instances.length > 1) {
      rows.push([this.s("ex_instance_label"), `${this.index + 1} / ${this.ex.instances.length}`, "instance"]);
    }
    if (this.lms) {
      rows.push([this.s("ex_grade"), `${grader.gradebook()}% (${this.s("ex_pass_mark", { mastery: this.mastery })})`, "grade"]);
    }
    list.replaceChildren();
    for (const [name, value, key] of rows) {
      const dt = document.createElement("dt");
      dt.textContent = name;
      const dd = document.createElement("dd");
      dd.dataset.key = key;
      dd.textContent = value;
      list.append(dt, dd);
    }
  }

  // The clock, once a second (only its text: nothing else is redrawn or read out again).
  showTime() {
    const time = this.$("counters").querySelector("dd[data-key='time']");
    if (time) time.textContent = this.s("seconds", { seconds: this.seconds().toFixed(1) });
  }

  showCode(at) {
    const list = this.$("code");
    list.replaceChildren();
    this.model.trace.code[this.lang].forEach((text, i) => {
      const item = document.createElement("li");
      item.textContent = text;
      if (i === at.line) item.className = "current";
      list.appendChild(item);
    });
  }

  // The bar: the student's own moves, each wrong one marked; the review's place filled.
  showScrub() {
    const bar = this.$("scrub");
    const log = this.grader.log;
    const total = Math.max(1, log.length);
    const at = this.review === null ? log.length : this.review;
    bar.querySelectorAll(".tick").forEach((tick) => tick.remove());
    log.forEach((entry, i) => {
      if (entry.right) return;
      const tick = document.createElement("div");
      tick.className = "tick";
      tick.style.left = (100 * (i + 1)) / total + "%";
      bar.appendChild(tick);
    });
    bar.firstElementChild.style.width = (100 * at) / total + "%";
    bar.setAttribute("aria-label", this.s("ex_moves_bar"));
    bar.setAttribute("aria-valuemax", log.length);
    bar.setAttribute("aria-valuenow", at);
    bar.setAttribute("aria-valuetext", this.s("step_of", { index: at, total: log.length }));
  }

  drawBoard(at) {
    const live = this.review === null && this.replaying === null;
    const grader = this.grader;
    const due = grader.due;
    const instance = this.model.instance;
    const extra = {
      noShade: true,
      blocked: instance ? instance.blocked : [],
      given: instance ? instance.given : [],
      focus: this.focusSquare(),
      rowMark: live && !grader.over ? this.cursorRow : null,
    };
    if (live && due && due.action === "confirm") {
      const pruned = this.model.prunes[due.index] || [];
      extra.prunes = [];
      for (let i = 0; i < pruned.length; i += 2) extra.prunes.push([pruned[i], pruned[i + 1]]);
    }
    const standing = live ? grader.standing : null;
    if (standing && due && due.square) {
      const blocker = this.model.blockers[due.index];
      if (standing.move.startsWith("place") && blocker) {
        Object.assign(extra, { wrongQueen: due.square, refused: due.square, blocker, noTried: true });
      } else if (standing.move.startsWith("refuse")) {
        Object.assign(extra, { refused: due.square, blocker: null, noTried: true });
      }
    }
    this.board.draw(at, extra);
  }
}

// -- starting the page ---------------------------------------------------------------------------

// A page without an exercise in an LMS: completed once opened (and the session's time on leaving).
function reportViewed(lms) {
  if (!lms || !lms.open) return;
  const opened = performance.now() / 1000;
  lms.set("cmi.core.lesson_status", "completed");
  lms.commit();
  window.addEventListener("pagehide", () => {
    if (!lms.open) return;
    lms.set("cmi.core.session_time", NQX.timespan(performance.now() / 1000 - opened));
    lms.commit();
    lms.finish();
  });
}

if (typeof document !== "undefined" && document.getElementById("data")) {
  window.nqPage = null;
  window.nqReady = NQ.decode(document.getElementById("data").textContent)
    .then((data) => {
      const lms = NQX.Lms.find(window);
      if (data.exercise) {
        window.nqPage = new ExercisePage(data, lms);
      } else {
        window.nqPage = new Page(data);
        window.nqPage.follow(location.hash);
        reportViewed(lms);
      }
      return true;
    })
    .catch((error) => {
      const box = document.getElementById("error");
      box.hidden = false;
      box.textContent = "This page cannot play here: " + error;
      return false;
    });
}
