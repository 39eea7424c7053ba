"""The tree panel's model: the search tree, its node-link layout or icicle map, and the
full profile, all built when the view is attached, then kept in step by the timeline.
Pure, no pygame.

Everything costly happens here, once, outside drawing: the finished tree's layout (a
whole search for n <= 6, cached per algorithm and n), the engine's profile (cached per
n) and the catch-up from the timeline's log when the view is turned on mid-run.
``model()`` hands the renderer a frozen snapshot: drawing reads it and changes nothing.

>>> from solvers import registry
>>> from visualizer.core.timeline import Timeline
>>> timeline = Timeline(registry.get("backtracking"), 4)
>>> _ = timeline.step(45)
>>> view = TreeView(timeline)
>>> model = view.model()
>>> model.node_link, model.count, model.full_profile
(True, 12, (1, 4, 6, 4, 2))
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from solvers.registry import AlgorithmSpec
from visualizer.core.icicle import MAP_RESOLUTION, IcicleMap
from visualizer.core.timeline import Timeline
from visualizer.core.tree import Layout, SearchTree, node_layout
from visualizer.core.zoom import SlotMarks, TreeWindow, in_window

#: Above this n the full level profile is not computed (the chart shows the counts so far).
PROFILE_MAX_N = 14
#: The same for searches profiled by draining their own events (dancing links): the whole run is
#: drained when the view opens, about 0.2 s at n = 10. Forward checking and MRV have the engine's
#: kernel (``PROFILE_MAX_N``: n = 14 in about 0.2 s on two cores).
EVENTS_PROFILE_MAX_N = 10
_profiles: dict[tuple[str, int], tuple[int, ...]] = {}


def full_profile(n: int, spec: AlgorithmSpec | None = None) -> tuple[int, ...] | None:
    """Nodes per depth of the whole tree (cached), or None when too costly: the engine's
    backtracking tree up to ``PROFILE_MAX_N``; for a search profiled by its own events
    (``spec.profile == "events"``, whose depth is queens placed) what ``nqueens profile N --algo
    NAME`` gives (``search_profile``): the engine's kernel up to ``PROFILE_MAX_N`` (forward
    checking, MRV), the events drained up to ``EVENTS_PROFILE_MAX_N`` (dancing links)."""
    own = spec if spec is not None and spec.profile == "events" else None
    by_kernel = own is None or (own.engine is not None and own.engine.profiles)
    if n > (PROFILE_MAX_N if by_kernel else EVENTS_PROFILE_MAX_N):
        return None
    key = (own.name if own is not None else "", n)
    if key not in _profiles:
        if own is not None:
            from solvers.tree_profile import search_profile

            _profiles[key] = tuple(search_profile(own, n))
        else:
            from solvers import engine

            _profiles[key] = tuple(engine.profile(n))
    return _profiles[key]


@dataclass(frozen=True, slots=True)
class NodeView:
    """One node of a node-link drawing, as the renderer sees it."""

    number: int
    parent: int | None
    pruned: tuple[int, ...]  # refused child columns
    placed: frozenset[int]  # child columns that hold a node
    state: str  # OPEN, DEAD, FRUITFUL, SOLUTION or REFUSED
    moment: int = 0  # the event index right after this node was entered (a click goes there)


@dataclass(frozen=True, slots=True)
class TreeModel:
    """A read-only snapshot of the tree panel."""

    n: int
    count: int
    depth: int
    level_counts: tuple[int, ...]
    full_profile: tuple[int, ...] | None
    slots: tuple[tuple[float, float], ...]  # (left, width) of the current path's node per depth
    layout: Layout | None  # node-link drawing: where each node sits
    nodes: tuple[NodeView, ...]  # node-link drawing: the nodes so far
    path: tuple[int, ...]  # node-link drawing: node indices of the current path, root first
    codes: np.ndarray | None  # map drawing: mark codes (bands x columns); a new array when they change
    window: tuple[float, float] = (0.0, 1.0)  # map drawing: (left, width) of the whole map shown
    following: bool = False  # map drawing: the window follows the current subtree
    zoomable: bool = False  # map drawing: the window can be zoomed and panned (exact marks kept)
    by_queens: bool = False  # depth counts queens placed, in any row (MRV): the chart says so
    joined: int = 0  # the tree shows the search from this event on (0: from the start)

    @property
    def node_link(self) -> bool:
        """Whether the tree is drawn node by node (else as a map)."""
        return self.layout is not None


class TreeView:
    """The tree panel's state for one timeline: built on attach, incremental afterwards."""

    def __init__(self, timeline: Timeline, *, resolution: int = MAP_RESOLUTION) -> None:
        n = timeline.n
        self.layout = node_layout(timeline.spec, n)
        self.full_profile = full_profile(n, timeline.spec)
        self.by_queens = timeline.spec.dynamic_rows  # its depth is not the row index
        self.tree = SearchTree(n, keep_nodes=self.layout is not None)
        self.icicle = IcicleMap(n, resolution) if self.layout is None else None
        self.marks = SlotMarks(self.tree) if self.icicle is not None else None  # for zooming
        self.window = TreeWindow()
        if self.icicle is not None and self.marks is not None:
            self.tree.add_painter(self.icicle)
            self.tree.add_painter(self.marks)
        self.tree.attach(timeline)
        self._codes: tuple[int, np.ndarray] | None = None  # (icicle version, read-only copy)

    @property
    def timeline(self) -> Timeline | None:
        """The timeline followed (None once detached)."""
        return self.tree.timeline

    def detach(self) -> None:
        """Stop following the timeline."""
        self.tree.detach()

    def model(self) -> TreeModel:
        """The snapshot to draw now (take it under the lock the stepping thread holds)."""
        tree = self.tree
        slots = tuple(tree.slot(d) for d in range(tree.depth + 1))
        nodes: tuple[NodeView, ...] = ()
        if self.layout is not None and tree.nodes is not None:
            all_nodes = tree.nodes
            nodes = tuple(
                NodeView(
                    node.number,
                    node.parent,
                    tuple(node.pruned),
                    frozenset(sq[1] for c in node.children if (sq := all_nodes[c].square) is not None),
                    tree.state(i),
                    node.moment,
                )
                for i, node in enumerate(all_nodes)
            )
        codes = None
        if self.icicle is not None:
            version = self.icicle.version
            if self._codes is None or self._codes[0] != version:
                copy = self.icicle.codes.copy()
                copy.flags.writeable = False
                self._codes = (version, copy)
            codes = self._codes[1]
        window, zoomable = (0.0, 1.0), self.zoomable
        if zoomable and self.marks is not None:
            window = self.window.resolve(slots)
            codes = self.marks.window_codes(*window)
            slots = tuple(in_window(slot, window) for slot in slots)
        return TreeModel(
            n=tree.n,
            count=tree.count,
            depth=tree.depth,
            level_counts=tuple(tree.level_counts),
            full_profile=self.full_profile,
            slots=slots,
            layout=self.layout,
            nodes=nodes,
            path=tuple(tree.path) if tree.nodes is not None else (),
            codes=codes,
            window=window,
            following=zoomable and self.window.follow,
            zoomable=zoomable,
            by_queens=self.by_queens,
            joined=tree.joined,
        )

    @property
    def zoomable(self) -> bool:
        """Whether the map can be zoomed (its exact marks are kept: not past ``MAX_MARKS``)."""
        return self.marks is not None and not self.marks.overflow

    def zoom(self, at: float, clicks: int) -> None:
        """The wheel over the map: zoom in (``clicks`` > 0) or out around fraction ``at`` of it."""
        if self.zoomable:
            self.window.zoom(at, clicks, self._slots(), self.tree.n)

    def pan(self, by: float) -> None:
        """A drag over the map: move the window by ``by`` of its width."""
        if self.zoomable:
            self.window.pan(by, self._slots())

    def follow(self) -> None:
        """Follow the current subtree again."""
        self.window = TreeWindow()

    def moment_at(self, depth: int, at: float) -> int | None:
        """The moment the map's node under fraction ``at`` of the window, at ``depth``, was
        entered (None: no node there, or the map is not zoomable)."""
        if not self.zoomable or self.marks is None or not 0 <= depth <= min(self.tree.n, self.marks.deepest):
            return None
        left, width = self.window.resolve(self._slots())
        index = int((left + at * width) * self.tree.n**depth)
        return self.marks.entered_at(depth, index)

    def _slots(self) -> tuple[tuple[float, float], ...]:
        return tuple(self.tree.slot(d) for d in range(self.tree.depth + 1))
