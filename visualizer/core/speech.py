"""Spoken narration (issue 25), the deciding part: what to say and when, no pygame, no engine.

A listener follows about one short sentence at a time. ``Pacer`` is asked every frame; while a
sentence is still being spoken (its length read at ``CHARS_PER_SECOND``) newer events wait and
merge; when it ends, one event since the last sentence is said as its own sentence, more than one
as a ``summary`` ("12 backtracks, now at row 6"). Time is passed in, so a test's clock is a number.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from visualizer.look.i18n import tr

#: What a speech engine says per second, about (espeak-ng's default 175 words a minute; Chinese
#: characters are each a syllable, slower: counted as three).
CHARS_PER_SECOND = 15.0
#: A breath between two sentences (seconds).
PAUSE = 0.3


def duration(text: str) -> float:
    """About how long ``text`` takes to say, in seconds.

    >>> duration("twelve characters"[:15])
    1.0
    """
    weight = sum(3 if ord(char) > 0x2E7F else 1 for char in text)
    return weight / CHARS_PER_SECOND


@dataclass(frozen=True)
class Moment:
    """Where the search stands for a listener: events so far and their counts, the row it is at (0-based)."""

    events: int
    backtracks: int
    solutions: int
    row: int | None


def summary(backtracks: int, solutions: int, steps: int, row: int | None, lang: str) -> str:
    """What many events at once sound like: the solutions and backtracks among them and where the
    search is now (a row counted from 1).

    >>> summary(12, 0, 40, 5, "en")
    '12 backtracks, now at row 6'
    >>> summary(12, 1, 40, 5, "zh")
    '找到 1 个解，回溯 12 次，现在在第 6 行'
    >>> summary(0, 0, 3, None, "en")
    '3 steps'
    """
    parts = []
    if solutions:
        parts.append(
            tr("speech_solution_one" if solutions == 1 else "speech_solutions", lang, count=solutions)
        )
    if backtracks:
        parts.append(
            tr("speech_backtrack_one" if backtracks == 1 else "speech_backtracks", lang, count=backtracks)
        )
    if not parts:
        parts.append(tr("speech_steps", lang, count=steps))
    if row is not None:
        parts.append(tr("speech_row", lang, row=row + 1))
    return tr("speech_comma", lang).join(parts)


class Pacer:
    """Says what a listener can follow: a sentence per event when slow, a summary when fast."""

    def __init__(self) -> None:
        self.until = 0.0  # the sentence being said ends then (app time)
        self.said: Moment | None = None  # where the search stood at the last sentence

    def restart(self, moment: Moment | None = None) -> None:
        """Another search, or speech just turned on: nothing said yet, counted from ``moment``."""
        self.said = moment

    def next(self, now: float, moment: Moment, sentence: Callable[[], str], lang: str) -> str | None:
        """What to say at ``now`` for the search standing at ``moment`` (``sentence``: its last
        event's, made only if said), or None: nothing new, or the last sentence still being said
        (then it merges)."""
        said = self.said
        if said is not None and moment == said:
            return None
        if now < self.until:
            return None  # merged into what is said when the current sentence ends
        steps = moment.events - said.events if said is not None else 1
        if steps > 1 and said is not None:
            text = summary(
                max(0, moment.backtracks - said.backtracks),
                max(0, moment.solutions - said.solutions),
                steps,
                moment.row,
                lang,
            )
        else:  # one step, a step back, the first sentence
            text = sentence()
        self.said = moment
        if not text:
            return None
        self.until = now + duration(text) + PAUSE
        return text
