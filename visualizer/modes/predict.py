"""Predict mode: before each move the student says what the search does next; the app then shows
the real move, marks the guess right or wrong and says why in the narration's words.

A watch-mode run (one timeline under the Player) with a ``Predictor`` (``visualizer/core/predict.py``)
reading ahead of it. A board click is the guess for the algorithms that place queens one by one;
F / D answer "safe" / "attacked" for the enumerations, which judge whole boards. → shows the next
move without scoring (and, after a verdict, builds the next board); R starts a new round.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from solvers import registry
from solvers.errors import SolverError
from visualizer.core.predict import Predictor, Verdict, question_kind
from visualizer.core.scene import scene_of
from visualizer.input.arguments import guess_square, one_of
from visualizer.input.command import command
from visualizer.input.window_n import row_heat
from visualizer.look.i18n import tr
from visualizer.modes.answers import Answers
from visualizer.modes.base import ControlPlan, Host, SearchMode
from visualizer.modes.watch import PLAYED, WatchMode

if TYPE_CHECKING:
    from visualizer.look.layout import Layout
    from visualizer.render.board import BoardGeometry

SQUARE_ROWS = (("reset",), ("step",), ("shade", "hatch"))
ANSWER_ROWS = (("reset",), ("safe", "attacked"), ("step",), ("shade", "hatch"))


class PredictMode(WatchMode, Answers):
    """Watch mode's run, moved only by the student's guesses (and →)."""

    name = "predict"
    withdrawn = (*PLAYED, SearchMode.back, SearchMode.seek)  # the guesses move the run
    scrubs = False  # no scrub bar: the student's guesses move the run

    def __init__(self, host: Host, n: int, algorithm: str) -> None:
        super().__init__(host, n, algorithm)

    def _open(self, spec: registry.AlgorithmSpec, n: int) -> None:
        """A new round of ``spec`` at ``n``; min-conflicts is refused (SolverError) before any change."""
        question_kind(spec, self.host.lang)
        super()._open(spec, n)
        self.predictor = Predictor(self.timeline, self.host.lang)
        self._to_question()

    @property
    def kind(self) -> str:
        return self.predictor.kind

    def controls(self) -> ControlPlan:
        return ControlPlan(ANSWER_ROWS if self.kind == "answer" else SQUARE_ROWS, speed=False)

    def control_fields(self) -> dict[str, object]:
        return {"playing": False}

    def phase(self) -> str:
        """ "square" or "answer" (a question waits), "next" (a verdict shown: → builds the next
        board) or "over" (nothing left to predict)."""
        with self.host.lock:
            events = self.predictor.coming()
        if not events:
            return "over"
        if self.kind == "answer" and len(events) > 1:
            return "next"
        return self.kind

    # -- commands ----------------------------------------------------------------

    def set_algorithm(self, name: str) -> None:
        """Another algorithm (the drop-down); one predict mode cannot use is refused and the
        drop-down shows the current one again."""
        try:
            question_kind(registry.get(str(name)), self.host.lang)
        except SolverError:
            self.host.relayout()
            raise
        super().set_algorithm(name)

    def reset(self) -> None:
        """R: a new round from the empty board, score cleared."""
        self.player.reset()
        self.predictor.restart()
        self._to_question()

    def step(self, k: int = 1) -> None:
        """→: show the next move without scoring (answer kind: after a verdict, build the next
        board); ``step:K`` does it K times."""
        for _ in range(max(1, int(k))):
            if not self._skip():
                break

    def _skip(self) -> bool:
        """One unscored move; False (said) when nothing is left to predict."""
        phase = self.phase()
        if phase == "over":
            self.host.say(tr("predict_over", self.host.lang), "info")
            return False
        self.predictor.verdict = None
        if phase == "next":
            self._to_question()
            return True
        with self.host.lock:
            steps = self.predictor.reveal_steps(self.predictor.coming())
        self.player.step(steps)
        return True

    def click_square(self, row: int, col: int) -> None:
        """A board click: the guess (the enumerations ask for an answer instead)."""
        if self.kind == "answer":
            self.host.say(tr("predict_click_answer", self.host.lang), "info")
            return
        self.guess((row, col))

    @command("guess", parse=guess_square)
    def guess(self, square: tuple[int, int]) -> None:
        """``guess:ROW,COL``: the square of the next queen (0-based)."""
        row, col = int(square[0]), int(square[1])
        if not (0 <= row < self.n and 0 <= col < self.n):
            raise ValueError(f"square ({row}, {col}) is off the {self.n} x {self.n} board")
        if self.kind == "answer":
            raise ValueError(tr("predict_click_answer", self.host.lang))
        with self.host.lock:
            judged = self._judged(lambda: self.predictor.judge_square((row, col)))
        if judged is not None:
            self._show(*judged)

    @command("answer", parse=one_of("answer", ("safe", "attacked")))
    def answer(self, answer: str) -> None:
        """``answer:safe|attacked``: the verdict on the complete board shown."""
        if self.kind == "square":
            raise ValueError(tr("predict_answer_square", self.host.lang))
        if self.phase() == "next":
            self.host.say(tr("predict_ask_next", self.host.lang), "info")
            return
        with self.host.lock:
            judged = self._judged(lambda: self.predictor.judge_answer(str(answer)))
        if judged is not None:
            self._show(*judged)

    def answer_safe(self) -> None:
        self.answer("safe")

    def answer_attacked(self) -> None:
        self.answer("attacked")

    def _judged(self, judge):  # type: ignore[no-untyped-def]
        try:
            return judge()
        except LookupError:
            self.host.say(tr("predict_over", self.host.lang), "info")
            return None

    def _show(self, verdict: Verdict, steps: int) -> None:
        """Step through the real move and say whether the guess was right."""
        self.player.step(steps)
        self.player.take_reports()  # a "finished" here is said by the card, not a banner
        self.host.say(*self._verdict_text(verdict))

    def _to_question(self) -> None:
        """Answer kind: step to the next complete board (its verdict not yet applied)."""
        if self.kind != "answer":
            return
        with self.host.lock:
            steps = self.predictor.to_question()
        if steps:
            self.player.step(steps)

    # -- reading and drawing --------------------------------------------------------

    def _verdict_text(self, verdict: Verdict) -> tuple[str, str]:
        lang = self.host.lang
        if verdict.right:
            return tr("predict_right", lang), "success"
        if isinstance(verdict.real, tuple):
            head = tr("predict_wrong_square", lang, r=verdict.real[0] + 1, c=verdict.real[1] + 1)
        else:
            head = tr("predict_wrong_answer", lang, real=tr(f"predict_is_{verdict.real}", lang))
        return head, "info"

    def state(self) -> dict[str, object]:
        return {**super().state(), **self.predictor.state(), "asking": self.phase()}

    def draw(self, surface: pygame.Surface, layout: Layout) -> BoardGeometry | None:
        from visualizer.render.board import draw_board
        from visualizer.render.panels import draw_code, draw_counters
        from visualizer.render.predict import PredictCard, draw_card, draw_right_guess

        host, lang = self.host, self.host.lang
        phase = self.phase()
        with host.lock:
            scene = scene_of(self.timeline, shade_attacked=host.shade)
            counters = self.timeline.counters.as_dict()
            depth = self.timeline.depth
        verdict, score = self.predictor.verdict, self.predictor.score
        guessed = verdict.guess if verdict is not None and isinstance(verdict.guess, tuple) else None
        right = verdict is not None and verdict.right
        if guessed is not None and not right:  # the guess in the refusal colour, its attacker ringed
            scene = replace(scene, refused=guessed, blocker=verdict.attacker if verdict else None)
        for key in ("repairs", "pruned", "wipeouts"):
            counters.pop(key, None)
        geometry = draw_board(
            surface,
            layout.board,
            scene,
            host.theme,
            lang=lang,
            show_attacked=host.shade,
            row_heat=row_heat(scene.queens),
            text=layout.scale,
        )
        if guessed is not None and right:
            draw_right_guess(surface, geometry, guessed, host.theme)
        extras = {
            tr("predict_score", lang): f"{score.right} / {score.tried}",
            tr("predict_streak", lang): str(score.streak),
            tr("predict_best", lang): str(score.best),
            tr("depth", lang): f"{depth} / {scene.n}",
        }
        draw_counters(
            surface, layout.counters, counters, extras, host.theme, lang, layout.scale, layout.control_text
        )
        card = PredictCard(tr("predict_title", lang), tr(_QUESTION[phase], lang))
        if verdict is not None:
            text = self._verdict_text(verdict)[0]
            card = replace(
                card,
                verdict=text,
                outcome="right" if verdict.right else "wrong",
                why=verdict.why.get(lang, ""),
            )
        bottom = draw_card(surface, layout.code, card, host.theme, lang, layout.scale)
        code_area = pygame.Rect(layout.code.x, bottom + 8, layout.code.w, layout.code.bottom - bottom - 8)
        if code_area.h > 60:
            draw_code(
                surface,
                code_area,
                self.timeline.spec.code_in(lang),
                scene.line,
                host.theme,
                lang,
                layout.scale,
            )
        return geometry


_QUESTION = {
    "square": "predict_ask_square",
    "answer": "predict_ask_answer",
    "next": "predict_ask_next",
    "over": "predict_over",
}
