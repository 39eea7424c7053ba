"""The search tree seed 003 draws, grown live from a timeline's events. Pure, no pygame.

The root is the empty board; every ``Place`` adds one node, the child of the
node the search stands on, numbered in visiting order (seed 003 numbers the
root 1, so n = 4 ends with 17 nodes). ``Backtrack`` climbs back to the parent,
a ``Conflict`` in the next row is a refused (pruned) child slot, and a
``Conflict`` naming queens already on the board (the whole-board enumerations)
refuses the current node itself. Each event costs O(1); undo (step back) is the
exact inverse, so the tree shrinks as the timeline steps back.

>>> from solvers import registry
>>> from visualizer.core.timeline import Timeline
>>> timeline = Timeline(registry.get("backtracking"), 4)
>>> tree = SearchTree(4).attach(timeline)
>>> timeline.run_to_end()
True
>>> tree.count, tree.level_counts
(17, [1, 4, 6, 4, 2])
>>> [tree.nodes[i].number for i in range(17) if tree.state(i) == SOLUTION]
[9, 13]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from solvers.events import Event
from solvers.registry import AlgorithmSpec
from visualizer.core.follower import Follower
from visualizer.core.timeline import Timeline

#: Node states. OPEN: on the current path; DEAD: finished, no solution below;
#: FRUITFUL: finished with a solution below; SOLUTION: a solution leaf;
#: REFUSED: a full board the enumerations tested and rejected.
OPEN, DEAD, FRUITFUL, SOLUTION, REFUSED = "open", "dead", "fruitful", "solution", "refused"
#: Slot kinds reported to painters (the icicle map).
EXPLORED, PRUNED = "explored", "pruned"
#: Above this n, nodes are not kept (the icicle map needs only the current path).
NODE_LINK_MAX_N = 6
#: Events a tree replays at most to catch up with a run (opened late, or after a jump) whose
#: start has left the log; past that it grows from the current path on (``joined``). The replay
#: runs on the UI thread at about 125,000 events a second (brute force n = 6), so this keeps a jump
#: with the tree open under a second; 2,000,000 froze the window for 16 s.
REPLAY_LIMIT = 100_000
#: A node-link drawing stops being readable past this many nodes.
NODE_LINK_MAX_NODES = 400


class Painter(Protocol):
    """Something kept in step with the tree's slots (the icicle map)."""

    def paint(self, kind: str, depth: int, left: float, width: float, sign: int) -> None:
        """A slot of ``width`` (a fraction of the whole row, ``1 / n**depth``) starting at
        ``left`` gained (+1) or lost (-1) a mark of ``kind``."""

    def clear(self) -> None:
        """The tree went back to its root alone."""


@dataclass(slots=True)
class TreeNode:
    """One node of the search tree (kept only for small trees)."""

    number: int  # 1-based visiting order, the root is 1
    parent: int | None  # index in ``SearchTree.nodes``
    depth: int
    square: tuple[int, int] | None  # (row, col) of the queen placed, None for the root
    children: list[int] = field(default_factory=list)
    pruned: list[int] = field(default_factory=list)  # refused child columns, in order
    solution: bool = False
    refused: bool = False
    closed: bool = False
    fruitful_children: int = 0
    moment: int = 0  # the timeline's event index right after the Place that made this node


class SearchTree(Follower):
    """The tree of placements so far, its current path and its nodes per depth."""

    def __init__(self, n: int, *, keep_nodes: bool | None = None) -> None:
        self.n = n
        self.keep_nodes = n <= NODE_LINK_MAX_N if keep_nodes is None else keep_nodes
        self.painters: list[Painter] = []
        self.timeline: Timeline | None = None
        self._rewinder = _Rewinder(self)
        self.clear()

    # -- wiring ----------------------------------------------------------------

    def clear(self) -> None:
        """Back to the root alone."""
        n = self.n
        self.count = 1
        self.level_counts = [1] + [0] * n
        self.solutions = 0
        self.moment = 0  # events applied: the timeline's cursor once the event being heard is applied
        self.joined = 0  # the event from which the tree shows the search (0: the whole search)
        self.nodes: list[TreeNode] | None = [TreeNode(1, None, 0, None)] if self.keep_nodes else None
        self.path: list[int] = [0]  # node indices (node mode) root first
        self.path_cols: list[int] = []  # the column placed at each depth 1..len
        self.path_left: list[float] = [0.0]  # left edge of each path node's slot, as a fraction
        self._scale = [float(n) ** -d for d in range(n + 2)] if n else [1.0, 1.0]
        for painter in self.painters:
            painter.clear()

    def add_painter(self, painter: Painter) -> None:
        """Keep ``painter`` in step from now on; it must start, like the tree, from the root."""
        if self.count > 1:
            raise ValueError("add painters before the tree grows (or attach the tree again)")
        self.painters.append(painter)

    def attach(self, timeline: Timeline) -> SearchTree:
        """Listen to ``timeline``, first growing (with the painters) what it has already
        applied, every event from the first (``Timeline.replay``); the timeline does not move.
        Returns self."""
        if timeline.n != self.n:
            raise ValueError(f"tree is for n = {self.n}, timeline has n = {timeline.n}")
        self.detach()
        self.clear()
        self._catch_up(timeline)
        self.follow(timeline)
        return self

    def on_seek(self) -> None:
        """The timeline jumped: grow the tree again from the run's first event to the cursor."""
        self.clear()
        if self.timeline is not None:
            self._catch_up(self.timeline)

    def _catch_up(self, timeline: Timeline) -> None:
        """Grow what ``timeline`` has applied: every event from the first; or, past ``REPLAY_LIMIT``
        events no longer in the log, only the current path, the tree showing the rest from here."""
        if timeline.log.start == 0 or timeline.cursor <= REPLAY_LIMIT:
            timeline.replay(self.on_event)
            return
        self.joined = self.moment = timeline.cursor
        for row, col in enumerate(timeline.queens):
            if col is not None:
                self.placed(row, col, 1)

    @property
    def spec(self) -> AlgorithmSpec | None:
        """The algorithm whose search this is (None when detached)."""
        return self.timeline.spec if self.timeline is not None else None

    @property
    def finished(self) -> bool:
        """Whether the whole search has been applied (the root is then closed too)."""
        return self.timeline is not None and self.timeline.finished

    # -- reading ---------------------------------------------------------------

    @property
    def depth(self) -> int:
        """Depth of the current node (queens on the board)."""
        return len(self.path_cols)

    @property
    def current(self) -> int:
        """Index of the current node in ``nodes`` (node mode; 0 is the root)."""
        return self.path[-1]

    def slot(self, depth: int) -> tuple[float, float]:
        """(left, width) of the current path's node at ``depth``, as fractions of a row."""
        return self.path_left[depth], self._scale[depth]

    def state(self, index: int) -> str:
        """The state of node ``index`` (node mode)."""
        assert self.nodes is not None, "nodes are kept only for small trees"
        node = self.nodes[index]
        if node.solution:
            return SOLUTION
        if node.refused:
            return REFUSED
        if not node.closed and not (index == 0 and self.finished):
            return OPEN
        return FRUITFUL if node.fruitful_children else DEAD

    def snapshot(self) -> tuple:
        """Everything observable, as plain values (tests compare these)."""
        nodes = None
        if self.nodes is not None:
            nodes = tuple(
                (n.number, n.parent, n.depth, n.square, tuple(n.children), tuple(n.pruned), self.state(i))
                for i, n in enumerate(self.nodes)
            )
        return (self.count, tuple(self.level_counts), tuple(self.path_cols), self.solutions, nodes)

    # -- events ----------------------------------------------------------------

    def on_event(self, event: Event, sign: int) -> None:
        """Timeline listener: grow on apply (+1), shrink on undo (-1), as the event walks the tree."""
        if sign > 0:
            self.moment += 1
        if sign < 0 and self.moment <= self.joined:  # back past where the tree joined the run
            event.walk(self._rewinder, sign)
            self.joined = max(0, self.moment - 1)
        else:
            event.walk(self, sign)
        if sign < 0:
            self.moment -= 1

    # the steps of the walk (``solvers.events.Walker``)

    def placed(self, row: int, col: int, sign: int) -> None:
        """A queen on (row, col): a new child of the current node (undone: removed)."""
        if sign > 0:
            self._descend(row, col)
        else:
            self._remove_current()

    def lifted(self, row: int, col: int, sign: int) -> None:
        """The queen on (row, col) taken away: its node closed (undone: opened again)."""
        if sign > 0:
            self._close_current()
        else:
            self._reopen(col)

    def refused(self, row: int, col: int, wipeout: bool, sign: int) -> None:
        """(row, col) refused: the current node (a whole board refused, or a wipe-out) or a child slot."""
        depth = self.depth
        if wipeout or (row < depth and self.path_cols[row] == col):
            if self.nodes is not None:
                self.nodes[self.path[-1]].refused = sign > 0
            self._paint(REFUSED, depth, sign)
        elif row == depth:  # a child square refused
            if self.nodes is not None:
                pruned = self.nodes[self.path[-1]].pruned
                if sign > 0:
                    pruned.append(col)
                else:
                    pruned.pop()
            self._paint(PRUNED, depth, sign, col)

    def solved(self, sign: int) -> None:
        """The current node is a solution (undone: no longer)."""
        self.solutions += sign
        if self.nodes is not None:
            self.nodes[self.path[-1]].solution = sign > 0
        self._paint(SOLUTION, self.depth, sign)

    def _paint(self, kind: str, depth: int, sign: int, col: int | None = None) -> None:
        """Tell the painters a slot changed: the path node at ``depth``, or its child ``col``."""
        if not self.painters:
            return
        if col is None:
            left, width = self.path_left[depth], self._scale[depth]
        else:
            width = self._scale[depth + 1]
            left, depth = self.path_left[depth] + col * width, depth + 1
        for painter in self.painters:
            painter.paint(kind, depth, left, width, sign)

    def _descend(self, row: int, col: int) -> None:
        """A queen on (row, col) one level down; ``row`` is the depth except for MRV."""
        depth = self.depth
        if depth >= self.n:
            raise ValueError("a Place event below a full board")
        self.level_counts[depth + 1] += 1
        self.path_left.append(self.path_left[depth] + col * self._scale[depth + 1])
        self.path_cols.append(col)
        if self.nodes is not None:
            parent = self.path[-1]
            index = len(self.nodes)
            self.nodes.append(TreeNode(self.count + 1, parent, depth + 1, (row, col), moment=self.moment))
            self.nodes[parent].children.append(index)
            self.path.append(index)
        self.count += 1
        self._paint(EXPLORED, depth + 1, 1)

    def _remove_current(self) -> None:
        depth = self.depth
        self._paint(EXPLORED, depth, -1)
        self.level_counts[depth] -= 1
        self.count -= 1
        self.path_cols.pop()
        self.path_left.pop()
        if self.nodes is not None:
            index = self.path.pop()
            self.nodes.pop()
            self.nodes[self.path[-1]].children.pop()
            assert index == len(self.nodes)

    def _close_current(self) -> None:
        if self.nodes is not None:
            index = self.path.pop()
            node = self.nodes[index]
            node.closed = True
            if node.solution or node.fruitful_children:
                self.nodes[node.parent].fruitful_children += 1  # type: ignore[index]
        self.path_cols.pop()
        self.path_left.pop()

    def _reopen(self, col: int) -> None:
        depth = self.depth
        self.path_left.append(self.path_left[depth] + col * self._scale[depth + 1])
        self.path_cols.append(col)
        if self.nodes is not None:
            index = self.nodes[self.path[-1]].children[-1]
            node = self.nodes[index]
            node.closed = False
            if node.solution or node.fruitful_children:
                self.nodes[node.parent].fruitful_children -= 1  # type: ignore[index]
            self.path.append(index)


class _Rewinder:
    """Walks back over events from before a tree joined the run: only its current path follows."""

    def __init__(self, tree: SearchTree) -> None:
        self.tree = tree

    def placed(self, row: int, col: int, sign: int) -> None:
        self.tree._remove_current()

    def lifted(self, row: int, col: int, sign: int) -> None:
        self.tree._descend(row, col)

    def refused(self, row: int, col: int, wipeout: bool, sign: int) -> None:
        pass

    def solved(self, sign: int) -> None:
        pass


#: (x in 0..1, depth) per node, in visiting order.
Layout = tuple[tuple[float, int], ...]
_layouts: dict[tuple[str, int], Layout | None] = {}


def complete_tree(spec: AlgorithmSpec, n: int, limit: int = NODE_LINK_MAX_NODES) -> SearchTree | None:
    """The finished tree of ``spec`` on ``n`` (for a stable layout), or None past ``limit`` nodes.

    Runs the algorithm's own event generator; no search logic lives here.
    """
    tree = SearchTree(n, keep_nodes=True)
    for event in spec.solve(n):
        tree.on_event(event, 1)
        if tree.count > limit:
            return None
    return tree


def tidy_layout(tree: SearchTree) -> Layout:
    """(x in 0..1, depth) per node: leaves evenly spaced in visiting order, parents centred."""
    assert tree.nodes is not None
    nodes = tree.nodes
    leaves = [i for i, node in enumerate(nodes) if not node.children] or [0]
    xs = [0.0] * len(nodes)
    for k, i in enumerate(leaves):
        xs[i] = (k + 0.5) / len(leaves)
    for i in range(len(nodes) - 1, -1, -1):
        children = nodes[i].children
        if children:
            xs[i] = (xs[children[0]] + xs[children[-1]]) / 2
    return tuple((x, node.depth) for x, node in zip(xs, nodes, strict=True))


def node_layout(spec: AlgorithmSpec, n: int) -> Layout | None:
    """Node positions in the finished tree of ``spec`` on ``n`` (stable while the tree grows),
    or None when it is too large to draw node by node. Cached per (algorithm, n)."""
    key = (spec.name, n)
    if key not in _layouts:
        full = complete_tree(spec, n) if n <= NODE_LINK_MAX_N else None
        _layouts[key] = tidy_layout(full) if full is not None else None
    return _layouts[key]
