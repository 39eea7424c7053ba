"""F and D, the answers of the two modes that ask about the square the search tries next: predict
mode's "safe" / "attacked", the exercise's "place" / "refuse" (its buttons say so). Declared once
here; ``PredictMode`` and ``ExerciseMode`` take them by inheriting ``Answers``."""

from __future__ import annotations

from visualizer.input.command import Key, command
from visualizer.modes.base import ModeBase


class Answers(ModeBase):
    """F and D: the square is safe, or attacked (predict mode's answers; the exercise's place and
    refuse, its buttons say so)."""

    @command(
        "safe",
        keys=(Key("f", "F"),),
        help="predict_safe_help",
        label="predict_safe",
        mode_labels={"exercise": "exercise_place"},
    )
    def answer_safe(self) -> None:
        raise NotImplementedError

    @command(
        "attacked",
        keys=(Key("d", "D"),),
        help="predict_attacked_help",
        label="predict_attacked",
        mode_labels={"exercise": "exercise_refuse"},
    )
    def answer_attacked(self) -> None:
        raise NotImplementedError
