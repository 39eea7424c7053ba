"""Exercise mode: the student makes every move of the search and each one is graded against the
model run (``visualizer/core/exercise.py`` on ``solvers/exercise_model.py``), as JSAV / OpenDSA's
proficiency exercises do.

Watch mode's board, narration, counters and scrub bar. The square the search tries next is
ringed: F (or a click on it) says "safe, place", D "attacked, refuse". B takes off the queen of
the marked row (↑ / ↓ move the mark; a click on a queen does it too), C chooses the marked row
(MRV), Enter confirms forward checking's pruning, U / Backspace undoes, W says the misconception
behind the wrong moves so far (and the end of the exercise says it too). O plays the model answer
from the student's position and back; ← / → and the scrub bar step through the student's own
moves, each mistake marked. The attempt is written to the results folder at the end (or on R,
on quit, on leaving the mode). Shift+E exports the exercise as a web page or a SCORM package.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from solvers import registry
from solvers.errors import SolverError
from solvers.exercise_model import StandingMistake, Step
from solvers.safe_files import RefusedFile, why_not_writable
from visualizer.core.exercise import Exercise, Graded, check_exercise
from visualizer.core.scene import scene_of
from visualizer.core.scrub import Scrub
from visualizer.input.arguments import exercise_action
from visualizer.input.command import Key, command
from visualizer.input.window_n import row_heat
from visualizer.look.i18n import tr
from visualizer.modes.answers import Answers
from visualizer.modes.base import ControlPlan, Host, SearchMode
from visualizer.modes.watch import PLAYED, WatchMode

if TYPE_CHECKING:
    from visualizer.look.layout import Layout
    from visualizer.render.board import BoardGeometry

#: Model moves a second while the model answer plays.
MODEL_PACE = 2.0


class ExerciseMode(WatchMode, Answers):
    """Watch mode's run, moved only by the student's graded moves."""

    name = "exercise"
    withdrawn = (*PLAYED, SearchMode.set_algorithm)  # the student's moves move the run

    def __init__(self, host: Host, n: int, algorithm: str) -> None:
        self.goal, self.feedback = "first", "continuous"
        self.student = ""  # the teacher's --student, or none
        self.results: Path | None = None  # the folder attempts are written into
        self.saved: Path | None = None
        self.failed: str | None = None  # why an attempt could not be written (the first time)
        super().__init__(host, n, algorithm)

    def _open(self, spec: registry.AlgorithmSpec, n: int) -> None:
        """A new attempt at ``spec`` and ``n``; refused (SolverError) before any change."""
        check_exercise(spec, n, self.host.lang)
        if getattr(self, "exercise", None) is not None:
            self._save()  # the attempt so far, before another n or algorithm
        super()._open(spec, n)
        self._start()

    def _start(self) -> None:
        from visualizer.features.attempt_file import now

        with self.host.lock:
            self.timeline.reset()
        self.exercise = Exercise(
            self.timeline.spec,
            self.n,
            goal=self.goal,
            feedback=self.feedback,
            clock=lambda: self.host.now,
        )
        self.started = now()
        self.saved = None
        self.cursor_row = 0  # the row B and C act on
        self.review: int | None = None  # the own move being reviewed (None: live)
        self.replaying: float | None = None  # the model answer playing: time to the next move
        self.last: Graded | None = None
        self._follow()  # a constrained instance: its given queens and holes on the board at once

    # -- what the layout and the controls ask -------------------------------------

    def controls(self) -> ControlPlan:
        spec = self.timeline.spec
        moves: tuple[str, ...] = ("ex-backtrack",) + (("ex-row",) if spec.dynamic_rows else ())
        extra = (("ex-confirm",),) if spec.keeps_domains else ()
        rows = (
            ("reset",), ("safe", "attacked"), moves, *extra, ("ex-undo", "ex-model"), ("ex-why",),
            ("back", "step"), ("export-exercise",),
        )  # fmt: skip
        return ControlPlan(rows, speed=False)  # no shading: the attacked squares are the answers

    def control_fields(self) -> dict[str, object]:
        return {"playing": False}

    @property
    def counter_rows(self) -> tuple[int, int]:
        return len(self.timeline.spec.counters), 4

    # -- the exercise's commands ----------------------------------------------------

    @command("exercise", parse=exercise_action)
    def exercise_action(self, arg: tuple[str, object]) -> None:
        """``exercise:ACTION[:ROW]`` of a script: a move, undo, the model answer, or an option."""
        action, value = arg
        if action in ("goal", "feedback", "student", "results", "seed"):
            self.set_option(action, value)
        elif action in ("place", "refuse", "confirm"):
            self.move(action)
        elif action in ("backtrack", "row"):
            self.move(action, int(value))  # type: ignore[call-overload]
        elif action == "undo":
            self.undo()
        elif action == "model":
            self.model()
        elif action == "why":
            self.why()

    def set_option(self, name: str, value: object) -> None:
        """The teacher's options; the goal and the feedback start the attempt again."""
        if name == "results":
            from solvers.results import check_results_folder

            folder = check_results_folder(str(value))  # a missing folder, a link: one sentence
            why = why_not_writable(folder / "attempt.json")
            if why is not None:
                raise RefusedFile(folder, why)
            self.results = folder
            if not self.student and self.host.asks:  # the window: the student types a name (Esc: none)
                question = tr("exercise_name", self.host.lang)
                self.host.prompt.open(self.host.manager, self.host.layout.progress, question, self._named)
        elif name == "student":  # typed at the prompt too: the script's own check
            self.student = str(exercise_action(f"student:{value}")[1])
        elif name == "seed":  # a random instance the whole class can be given: the same seed, the same board
            from solvers.instance import Instance

            assert isinstance(value, tuple)
            seed, blocked, given = (int(number) for number in value)
            self.constrain(Instance.random(self.n, seed, blocked=blocked, given=given))
        else:
            setattr(self, name, str(value))
            self._start()

    def _named(self, text: str) -> None:
        """The name typed at the prompt (the command's own check: letters, digits, spaces, . ' -)."""
        if text.strip():
            self.host.dispatch("exercise", ("student", text.strip()))

    def answer_safe(self) -> None:
        """F: the square is safe, place a queen."""
        self.move("place")

    def answer_attacked(self) -> None:
        """D: the square is attacked, refuse it."""
        self.move("refuse")

    @command(
        "ex-backtrack",
        keys=(Key("b", "B"),),
        help="exercise_backtrack_help",
        label="exercise_backtrack",
        own_keys=True,
    )
    def backtrack(self) -> None:
        """B: take off the queen in the marked row."""
        self.move("backtrack", self.cursor_row)

    @command("ex-row", keys=(Key("c", "C"),), help="exercise_row_help", label="exercise_row", own_keys=True)
    def choose_row(self) -> None:
        """C: fill the marked row next (MRV)."""
        self.move("row", self.cursor_row)

    @command(
        "ex-confirm",
        keys=(Key("return", "Enter"), Key("enter")),
        help="exercise_confirm_help",
        label="exercise_confirm",
        own_keys=True,
    )
    def confirm(self) -> None:
        """Enter: confirm the pruning drawn."""
        self.move("confirm")

    @command("ex-up", keys=(Key("up", "↑"),), help="exercise_up_help")
    def row_up(self) -> None:
        self.cursor_row = (self.cursor_row - 1) % self.n

    @command("ex-down", keys=(Key("down", "↓"),), help="exercise_down_help")
    def row_down(self) -> None:
        self.cursor_row = (self.cursor_row + 1) % self.n

    def move(self, action: str, row: int | None = None) -> None:
        """One move of the student's, graded; the board follows the model (a banner says why not)."""
        lang = self.host.lang
        if row is not None and not 0 <= row < self.n:
            raise ValueError(f"row {row} is off the {self.n} x {self.n} board (rows count from 0)")
        if not self._live():
            return
        if self.exercise.over:
            self.host.say(self._over_text(), "info")
            return
        try:
            graded = self.exercise.answer(action, row)
        except StandingMistake:
            self.host.say(tr("exercise_ask_undo", lang), "info")
            return
        self.last = graded
        self._follow()
        if graded.right:
            self.host.say(tr("exercise_right", lang), "success")
        else:
            self.host.say(self._wrong_text(graded), "info")
        if self.exercise.over:
            failed = self._save()
            if failed is None:
                self.host.say(self._over_text(), "success")
            else:  # the score, and that it was not saved: not a success banner over the failure
                self.host.say(f"{self._over_text()} {failed}", "error")

    @command(
        "ex-undo",
        keys=(Key("u", "U"), Key("backspace", "Backspace")),
        help="exercise_undo_help",
        label="exercise_undo",
        own_keys=True,
    )
    def undo(self) -> None:
        """U / Backspace: take back the wrong move standing, else the last move."""
        if not self._live():
            return
        if not self.exercise.undo():
            self.host.say(tr("exercise_nothing_to_undo", self.host.lang), "info")
            return
        self.last = None
        self._follow()

    # no row of its own in the help overlay (it would not fit the smallest window): its button
    # names the key, and so does the exercise's first card
    @command("ex-why", keys=(Key("w", "W"),), label="exercise_why", own_keys=True)
    def why(self) -> None:
        """W: the misconception behind the wrong moves so far (or that they look like slips)."""
        self.host.say(self.exercise.diagnosis().sentence(self.host.lang), "info")

    @command("ex-model", keys=(Key("o", "O"),), help="exercise_model_help", label="exercise_model")
    def model(self) -> None:
        """O: play the model answer from the student's position; O again (or Esc) comes back."""
        if self.replaying is not None:
            self._stop_model()
            return
        self._end_review()
        self.replaying = 0.0
        self.host.say(tr("exercise_model_on", self.host.lang), "info")

    def _stop_model(self) -> None:
        self.replaying = None
        self._follow()
        self.host.say(tr("exercise_model_off", self.host.lang), "info")

    def _live(self) -> bool:
        """Whether a move can be taken now: no model answer playing; a review ends first."""
        if self.replaying is not None:
            self.host.say(tr("exercise_model_busy", self.host.lang), "info")
            return False
        self._end_review()
        return True

    def _follow(self) -> None:
        """The board to the student's position in the model run; the row mark to the row tried next."""
        with self.host.lock:
            self.timeline.seek(self.exercise.events_done)
        due = self.exercise.due
        if due is not None and due.action in ("place", "refuse") and due.row is not None:
            self.cursor_row = due.row

    def reset(self) -> None:
        """R: the attempt so far is saved (if any move was made) and a new one starts."""
        self._save()
        self._start()

    def close(self) -> None:
        self._save()
        super().close()

    def escape(self) -> None:
        """Esc: stop the model answer, or leave the review."""
        if self.replaying is not None:
            self._stop_model()
        else:
            self._end_review()

    # -- reviewing the student's own moves (← / →, the scrub bar) -------------------

    def step(self, k: int = 1) -> None:
        """→: the next own move in the review (past the last one: back to the exercise)."""
        if self.review is not None:
            self.seek(self.review + max(1, int(k)))

    def back(self, k: int = 1) -> None:
        """←: the review one own move back."""
        if self.replaying is not None:
            self._stop_model()
        total = len(self.exercise.log)
        at = total if self.review is None else self.review
        self.seek(max(0, at - max(1, int(k))))

    def seek(self, k: int) -> None:
        """The board after own move ``k`` (0: before the first); the last one is the live position."""
        if self.replaying is not None:
            self.replaying = None
        log = self.exercise.log
        k = min(max(int(k), 0), len(log))
        if k >= len(log):
            self._end_review()
            return
        self.review = k
        with self.host.lock:
            self.timeline.seek(log[k - 1].board if k > 0 else 0)

    def _end_review(self) -> None:
        if self.review is not None:
            self.review = None
            self._follow()

    def scrub_model(self) -> Scrub:
        """The student's own moves on the bar, each wrong one marked."""
        total = len(self.exercise.log)
        at = total if self.review is None else self.review
        return Scrub(at, max(total, 1), marks=self.exercise.marks(), unit="exercise_step_of")

    def wait_total(self, timeout: float | None = None) -> None:
        """Nothing to wait for: the bar counts the student's moves."""

    def click_square(self, row: int, col: int) -> None:
        """A board click: the ringed square is placed, a queen is taken off, an empty row is
        chosen (MRV); anything else says what the keys do."""
        if not (0 <= int(row) < self.n and 0 <= int(col) < self.n):
            raise ValueError(f"square ({row}, {col}) is off the {self.n} x {self.n} board")
        row, col = int(row), int(col)
        self.cursor_row = row
        due = self.exercise.due
        if due is not None and due.action in ("place", "refuse") and due.square == (row, col):
            self.move("place")
        elif self.timeline.queens[row] is not None:
            self.move("backtrack", row)
        elif self.timeline.spec.dynamic_rows:
            self.move("row", row)
        else:
            self.host.say(self.keys_text(), "info")

    @property
    def moving(self) -> bool:
        return super().moving or self.replaying is not None  # the model answer plays

    def update(self, dt: float) -> None:
        """The model answer's moves, at ``MODEL_PACE`` a second, from the student's position."""
        if self.replaying is None:
            return
        self.replaying += dt
        while self.replaying is not None and self.replaying >= 1.0 / MODEL_PACE:
            self.replaying -= 1.0 / MODEL_PACE
            with self.host.lock:
                end = self.exercise.next_end(self.timeline.cursor)
                if end is None:  # the model run's end: shown until O (or Esc) comes back
                    self.replaying = 0.0
                    break
                self.timeline.step(end - self.timeline.cursor)

    # -- reading and drawing ----------------------------------------------------------

    def _wrong_text(self, graded: Graded) -> str:
        lang = self.host.lang
        kind = tr(f"exercise_kind_{graded.kind}", lang)
        return tr("exercise_wrong", lang, kind=kind, expected=self._said(graded.expected))

    def _said(self, move: str) -> str:
        """A record's move ("place 2 1") as the window says it ("place row 3, column 2")."""
        action, *where = move.split(" ")
        numbers = [int(x) + 1 for x in where]
        fields = {"r": numbers[0], "c": numbers[-1]} if numbers else {}
        return tr(f"exercise_do_{action}", self.host.lang, **fields)

    def _over_text(self) -> str:
        """The score at the end, and the misconception behind the wrong moves (or slips)."""
        score, lang = self.exercise.score(), self.host.lang
        said = self.exercise.diagnosis().sentence(lang)
        return tr("exercise_over", lang, **score) + (" " if lang == "en" else "") + said

    def _save(self) -> str | None:
        """The attempt into the results folder, once, if any move was made. A folder or disk
        that refuses it (full, gone) is an error banner; the reason is returned and kept for
        ``unsaved``."""
        if self.results is None or self.saved is not None or not self.exercise.log:
            return None
        from visualizer.features.attempt_file import save_attempt

        try:
            self.saved = save_attempt(self.results, self.exercise, self.student, self.started)
        except (OSError, SolverError) as exc:
            reason = (exc.strerror if isinstance(exc, OSError) else None) or str(exc)
            failed = tr("exercise_not_saved", self.host.lang, folder=str(self.results), reason=reason)
            self.failed = self.failed or failed
            self.host.say(failed, "error")
            return failed
        self.host.say(tr("exercise_saved", self.host.lang, path=str(self.saved)), "success")
        return None

    def unsaved(self) -> str | None:
        """The attempt under way saved now (if any move was made); why an attempt of this window
        could not be written, or None when every one was."""
        self._save()
        return self.failed

    def intro(self) -> str:
        """The conventions, stated before the first move."""
        lang, spec = self.host.lang, self.timeline.spec
        rules = "exercise_rules_mrv" if spec.dynamic_rows else "exercise_rules_rows"
        if spec.forward_checks:
            rules = "exercise_rules_fc"
        instance = spec.instance
        if instance is not None and not instance.plain:
            rules_text = tr(rules, lang) + (" " if lang == "en" else "") + tr("exercise_instance", lang)
        else:
            rules_text = tr(rules, lang)
        return tr(
            "exercise_intro",
            lang,
            rules=rules_text,
            goal=tr(f"exercise_goal_{self.goal}", lang),
            feedback=tr(f"exercise_feedback_{self.feedback}", lang),
        )

    def focus(self) -> tuple[int, int] | None:
        """The square ringed: the one the search tries next, when a try is due (live only)."""
        due = self.exercise.due
        if self.review is not None or self.replaying is not None or self.exercise.standing is not None:
            return None
        return due.square if due is not None and due.action in ("place", "refuse") else None

    def question(self) -> str:
        lang = self.host.lang
        if self.exercise.over:
            return self._over_text()
        if self.review is not None:
            return tr("exercise_reviewing", lang, k=self.review, total=len(self.exercise.log))
        if self.exercise.standing is not None:
            return tr("exercise_ask_undo", lang)
        square = self.focus()
        if square is None:
            return tr("exercise_ask_move", lang) + " " + self.keys_text()
        return tr("exercise_ask_try", lang, r=square[0] + 1, c=square[1] + 1) + " " + self.keys_text()

    def keys_text(self) -> str:
        """What else the student may do, for this algorithm: backtrack, choose a row, confirm."""
        spec, lang = self.timeline.spec, self.host.lang
        key = "exercise_keys_mrv" if spec.dynamic_rows else "exercise_keys"
        return tr(key + ("_fc" if spec.forward_checks else ""), lang)

    def state(self) -> dict[str, object]:
        ex = self.exercise
        due: Step | None = ex.due
        return {
            **super().state(),
            "exercise": {
                "goal": ex.goal,
                "feedback": ex.feedback,
                "student": self.student,
                "due": due.text() if due is not None else None,
                "over": ex.over,
                "standing": ex.standing is not None,
                "cursor_row": self.cursor_row,
                "review": self.review,
                "model_playing": self.replaying is not None,
                "seconds": round(ex.seconds(), 3),
                "score": ex.score(),
                "last": self.last.record() if self.last is not None else None,
                "saved": str(self.saved) if self.saved is not None else None,
                "diagnosis": ex.diagnosis().as_json(),
            },
        }

    def draw(self, surface: pygame.Surface, layout: Layout) -> BoardGeometry | None:
        from visualizer.render.board import draw_board
        from visualizer.render.exercise import draw_focus, draw_pruning, draw_row_cursor, draw_wrong_queen
        from visualizer.render.panels import draw_code, draw_counters
        from visualizer.render.predict import PredictCard, draw_card

        host, lang, ex = self.host, self.host.lang, self.exercise
        with host.lock:  # never the attacked squares shaded, nor MRV's row named: they are the answers
            scene = scene_of(self.timeline, shade_attacked=False)
            if self.domains is not None:
                scene = replace(scene, domains=self.domains.snapshot(scene.queens, mrv=False))
            counters = self.timeline.counters.as_dict()
            said, log = self._narration(layout, lang)
        standing = ex.standing if self.review is None and self.replaying is None else None
        due = ex.due
        wrong_queen = None
        if standing is not None and due is not None and due.square is not None:
            blocker = due.said.marks().blocker if due.said is not None else None
            if standing.move.startswith("place") and blocker is not None:
                wrong_queen = due.square  # placed where the search refuses: its attacker ringed
                scene = replace(scene, tried=None, refused=due.square, blocker=blocker)
            elif standing.move.startswith("refuse"):
                scene = replace(scene, tried=None, refused=due.square, blocker=None)
        shown = self.timeline.spec.counters
        counters = {key: value for key, value in counters.items() if key in shown}
        geometry = draw_board(
            surface,
            layout.board,
            scene,
            host.theme,
            lang=lang,
            show_attacked=False,
            row_heat=row_heat(scene.queens),
            text=layout.scale,
        )
        if due is not None and due.action == "confirm" and self.review is None and self.replaying is None:
            draw_pruning(
                surface, geometry, [square for e in due.events if (square := e.pruned())], host.theme
            )
        focus = self.focus()
        if focus is not None:
            draw_focus(surface, geometry, focus, host.theme)
        if wrong_queen is not None:
            draw_wrong_queen(surface, geometry, wrong_queen, host.theme)
        if self.review is None and self.replaying is None and not ex.over:
            draw_row_cursor(surface, geometry, self.cursor_row, host.theme)
        score = ex.score()
        mistakes = score["mistakes"]
        assert isinstance(mistakes, dict)
        extras = {
            tr("exercise_score", lang): f"{score['right']} / {score['moves']} ({score['percent']}%)",
            tr("exercise_mistakes", lang): str(sum(mistakes.values())),
            tr("exercise_time", lang): tr("seconds", lang, seconds=ex.seconds()),
            tr("exercise_step", lang): f"{ex.at - ex.first} / {len(ex.steps) - ex.first}",
        }
        draw_counters(
            surface, layout.counters, counters, extras, host.theme, lang, layout.scale, layout.control_text
        )
        self.draw_scrub(surface, layout)
        card = PredictCard(tr("exercise_title", lang), self.question())
        last = self.last if self.review is None else None
        if not ex.log:
            card = replace(card, why=self.intro())
        elif last is not None:
            verdict = tr("exercise_right", lang) if last.right else self._wrong_text(last)
            card = replace(
                card, verdict=verdict, outcome="right" if last.right else "wrong", why=last.why.get(lang, "")
            )
        bottom = draw_card(surface, layout.code, card, host.theme, lang, layout.scale)
        code_area = pygame.Rect(layout.code.x, bottom + 8, layout.code.w, layout.code.bottom - bottom - 8)
        if code_area.h > 60:
            code = self.timeline.spec.code_in(lang)
            draw_code(surface, code_area, code, scene.line, host.theme, lang, layout.scale)
        self._draw_narration(surface, layout, said, log)
        return geometry

    def click(self, pos: tuple[int, int]) -> bool:
        """Narration log lines are not a way back in time here: the board is the student's."""
        return False

    def set_algorithm(self, name: str) -> None:
        """Another algorithm (the drop-down); one the exercise cannot take is refused."""
        try:
            check_exercise(registry.get(str(name)), self.n, self.host.lang)
        except SolverError:
            self.host.relayout()
            raise
        super().set_algorithm(name)
