"""What keeps a view in step with a timeline (``Follower``): hears its events, resets and jumps."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from solvers.events import Event
    from visualizer.core.timeline import Timeline


class Follower:
    """Base of the views kept in step with a timeline (tree, gallery, charts).

    A subclass implements ``on_event(event, sign)`` and ``clear()`` and, in its own
    ``attach``, catches up with what the timeline already applied (``catch_up``)
    before calling ``follow``. A reset of the timeline clears it (``on_reset``); a
    jump rebuilds it (``on_seek``): by default from the events the log still holds,
    which suits a view of the recent past; a view of the whole run overrides it
    (the tree replays the run, the gallery reads the timeline's solutions).
    """

    timeline: Timeline | None = None

    def on_event(self, event: Event, sign: int) -> None:
        """Apply (sign +1) or undo (sign -1) one event."""
        raise NotImplementedError

    def clear(self) -> None:
        """Back to the state of an empty timeline."""
        raise NotImplementedError

    def on_reset(self) -> None:
        """The timeline was reset: start again from nothing."""
        self.clear()

    def on_seek(self) -> None:
        """The timeline jumped: rebuild from what it holds now."""
        self.clear()
        if self.timeline is not None:
            self.catch_up(self.timeline)

    def catch_up(self, timeline: Timeline) -> None:
        """Apply, read-only, the events ``timeline`` has applied so far (from its log).

        The timeline does not move. A replayed ``Solution`` carries no queens (the log
        keeps only the board): followers that need them read ``timeline.solutions``.
        """
        log = timeline.log
        for index in range(timeline.history_start, timeline.cursor):
            self.on_event(log.get(index), 1)

    def follow(self, timeline: Timeline) -> None:
        """Hear every event ``timeline`` applies or undoes, and its resets, from now on."""
        self.detach()
        timeline.listeners.append(self.on_event)
        timeline.reset_listeners.append(self.on_reset)
        timeline.seek_listeners.append(self.on_seek)
        self.timeline = timeline

    def detach(self) -> None:
        """Stop listening."""
        timeline = self.timeline
        if timeline is not None:
            if self.on_event in timeline.listeners:
                timeline.listeners.remove(self.on_event)
            if self.on_reset in timeline.reset_listeners:
                timeline.reset_listeners.remove(self.on_reset)
            if self.on_seek in timeline.seek_listeners:
                timeline.seek_listeners.remove(self.on_seek)
        self.timeline = None
