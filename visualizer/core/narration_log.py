"""The narration of a timeline: the current event's sentence and a scrollable log of the recent ones.

Pure Python, no pygame. Nothing runs per event while the search plays or jumps: the
``Narrator`` (``solvers/narration.py``) is brought up to the timeline's cursor only when a
sentence is read (``sync``, from the event log), and sentences are made only for the lines
asked for. After a long jump the narrator is rebuilt from the board instead of replaying
millions of events (``REBUILD``); the constraint-propagation family's domains are rebuilt from
the board at the last Place before them (the spec's ``domains_after``) and the
log's later prunes and restores (``EventLog.domain_changes``, numpy). A timeline's jump (seek)
makes the next read rebuild.

>>> from solvers import registry
>>> timeline = Timeline(registry.get("backtracking"), 4)
>>> narration = NarrationLog(timeline)
>>> timeline.step(2)
2
>>> narration.current("en")
'Row 2, column 1 is refused: the queen in row 1 holds that column.'
>>> [index for index, _ in narration.lines(5, "en")]
[0, 1]
"""

from __future__ import annotations

from solvers.domains import Domains
from solvers.events import BoardState, Event
from solvers.narration import Narrator
from solvers.resume import Transposed
from visualizer.core.domains import domains_before
from visualizer.core.timeline import Timeline

#: A gap of more events than this is closed by rebuilding from the board, not by replaying.
REBUILD = 2048
#: Events replayed after a rebuild (the board is rebuilt this far back).
WINDOW = 64
#: How far back the log scrolls (events).
MAX_SCROLL = 10_000


class NarrationLog:
    """Sentences for ``timeline``'s events, made when read; ``scroll`` lines back from the newest."""

    def __init__(self, timeline: Timeline) -> None:
        self.timeline = timeline
        self.by_columns = bool(timeline._options.get("by_columns"))
        self.scroll = 0
        self._new_narrator()
        timeline.reset_listeners.append(self.on_reset)
        timeline.seek_listeners.append(self.on_seek)

    def _new_narrator(self) -> None:
        spec, n = self.timeline.spec, self.timeline.n
        self.narrator = Narrator(spec, n, by_columns=self.by_columns, history=16)
        self.at = 0  # the cursor the narrator stands at

    def on_reset(self) -> None:
        self.scroll = 0
        self._new_narrator()

    def on_seek(self) -> None:
        """The timeline jumped (its log starts afresh): rebuild at the next read."""
        self.at = -1

    def detach(self) -> None:
        if self.on_reset in self.timeline.reset_listeners:
            self.timeline.reset_listeners.remove(self.on_reset)
        if self.on_seek in self.timeline.seek_listeners:
            self.timeline.seek_listeners.remove(self.on_seek)

    # -- keeping up --------------------------------------------------------------

    def _event(self, index: int) -> Event:
        return self.timeline.log.get(index)

    def sync(self) -> None:
        """Bring the narrator to the timeline's cursor (call under the lock that guards it)."""
        timeline = self.timeline
        cursor, start = timeline.cursor, timeline.history_start
        gap = abs(cursor - self.at)
        if self.at < start or self.at > timeline.log.end or (gap > REBUILD and not self.by_columns):
            self._rebuild()
            return
        while self.at > cursor:
            self.at -= 1
            self._undo(self.at, self._event(self.at))
        while self.at < cursor:
            self.narrator.apply(self._event(self.at))
            self.at += 1

    def _undo(self, index: int, event: Event) -> None:
        """Undo event ``index``; the event before it, from the log, becomes the previous one (the
        narrator's own short history may not reach that far back)."""
        self.narrator.undo(event)
        before = self._event(index - 1) if index > self.timeline.history_start else None
        if before is not None and self.by_columns:
            before = Transposed.event(before)
        self.narrator.context.previous = before

    def _rebuild(self) -> None:
        """A narrator at the cursor made from the board: the board ``window`` events back (the
        current one with those events undone), its counts, then those events replayed."""
        timeline = self.timeline
        cursor = timeline.cursor
        window = min(WINDOW, cursor - timeline.history_start)
        events = [self._event(i) for i in range(cursor - window, cursor)]
        board = BoardState(list(timeline.queens))
        for event in reversed(events):
            event.undo(board)
        self._new_narrator()
        context = self.narrator.context
        for row, col in enumerate(board.queens):
            if col is not None:
                context.put(row, col)
        context.solutions = timeline.counters.solutions - sum(e.solved() is not None for e in events)
        context.attempts = timeline.counters.attempts - sum(e.attempt for e in events)
        first = cursor - window
        context.previous = self._event(first - 1) if first > timeline.history_start else None
        if context.domains is not None:
            context.domains = domains_before(timeline, first, board.queens) or Domains(timeline.n)
        for event in events:
            self.narrator.apply(event)
        self.at = cursor

    # -- reading -------------------------------------------------------------------

    def current(self, lang: str) -> str:
        """The sentence of the last applied event ("" before the first)."""
        self.sync()
        last = self.timeline.last
        return self.narrator.current(lang, last=last) if last is not None else ""

    def reach(self) -> int:
        """How many past events the log can show."""
        timeline = self.timeline
        return max(0, min(timeline.cursor - timeline.history_start, MAX_SCROLL + 1))

    def scroll_by(self, lines: int, visible: int) -> None:
        """Scroll ``lines`` further back (negative: towards the newest), ``visible`` lines shown."""
        self.scroll = max(0, min(self.scroll + lines, self.reach() - visible))

    def lines(self, count: int, lang: str, skip: int = 0) -> list[tuple[int, str]]:
        """Up to ``count`` (event index, sentence) pairs, oldest first, ending ``skip + scroll``
        events before the newest (``skip=1``: the current event is said elsewhere). Only these
        sentences are made."""
        self.sync()
        cursor = self.at
        reach = max(0, self.reach() - skip)
        self.scroll = max(0, min(self.scroll, reach - count))
        stop = cursor - skip - self.scroll
        first = max(cursor - skip - reach, stop - count)
        if stop <= first:
            return []
        narrator = self.narrator
        undone = [self._event(i) for i in range(first, cursor)]
        for offset in range(len(undone) - 1, -1, -1):
            self._undo(first + offset, undone[offset])
        out = []
        for offset, event in enumerate(undone):
            index = first + offset
            if index < stop:
                out.append((index, narrator.say(event, lang)))
            narrator.apply(event)
        return out
