"""A run that ended badly: where (after how many good events) and why, said in the student's words.
No pygame.

A student's search may fail part-way: it stalls, raises, exits, is killed by a limit, says too much
or sends an event that is not one. Its stream yields the good events, then raises a
``SolverError`` (a ``solvers.own.failure.SearchFailed`` with its kind, line and sentence in
both languages). The timeline keeps those events and notes the failure as a ``Failure`` at the
index after the last of them: the scrub bar marks it, the window says it there.

>>> from solvers.own.failure import SearchFailed
>>> failure = Failure(23, SearchFailed("mine.py", "exception", line=4, error="ValueError: boom"))
>>> failure.sentence("en"), failure.kind, failure.line
('mine.py, line 4: the search raised ValueError: boom', 'exception', 4)
>>> Failure(0, ValueError("plain")).sentence("zh"), Failure(0, ValueError("plain")).kind
('plain', None)
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

from visualizer.look.i18n import LANGUAGES


@dataclass(frozen=True)
class Failure:
    """The run's failure: ``index`` is how many good events came before it (the event index it
    stands at); ``error`` is what the stream raised."""

    index: int
    error: Exception

    def sentence(self, lang: str) -> str:
        """The failure in one sentence in ``lang``, on one line: the error's own
        (``SearchFailed.sentence``), or its text where it has none (a traceback's lines joined)."""
        text = str(self.error)
        sentence = getattr(self.error, "sentence", None)
        if callable(sentence):
            with contextlib.suppress(KeyError, ValueError, IndexError):  # none made: its text
                text = str(sentence(lang))
        return " ".join(text.split())

    @property
    def kind(self) -> str | None:
        """What happened (``SearchFailed.kind``: "stalled", "exception", ...), None when unknown."""
        kind = getattr(self.error, "kind", None)
        return kind if isinstance(kind, str) else None

    @property
    def line(self) -> int | None:
        """The line of the student's file (from 1) where it failed, when known."""
        line = getattr(self.error, "line", None)
        return line if isinstance(line, int) and not isinstance(line, bool) else None

    def as_json(self) -> dict[str, object]:
        """The state file's ``failure``: where, what, the line and the sentence in each language."""
        sentences = {lang: self.sentence(lang) for lang in LANGUAGES}
        return {"event": self.index, "kind": self.kind, "line": self.line, "sentence": sentences}
