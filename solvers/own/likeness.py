"""Which search a student's own search behaves like: its run compared, event by event, with the
model run of every algorithm the exercise takes and with each wrong version of them
(``solvers.misconceptions``), so that ``nqueens check`` and the window's verdict can say why it
goes wrong: "your search behaves like backtracking that ignores the r-c diagonals (it differs from
it at no event)".

A run is compared as its board moves: a queen placed, a queen lifted, a solution (and a square
refused, when the student's search says its refusals; a wipe-out, a prune or a restore never),
each with its square, and the end of a run that ended by itself. The difference between two runs
is the fewest moves to add or take out of the student's for it to be the beginning of the other
(Myers' diff, stopped past ``MAX_DIFF``); the student's run is compared on its first
``MAX_EVENTS`` moves. A wrong version is named when it is nearer than every model run and differs
at no more than one move in twenty.

>>> from solvers import registry
>>> from solvers.misconceptions import get
>>> run = list(get("ignores-difference-diagonals").run(registry.get("backtracking"), 6))
>>> like = behaves_like(run, 6, ended=True)
>>> like.algorithm, like.version, like.differs
('backtracking', 'ignores-difference-diagonals', 0)
>>> distance("abcd", Lazy(iter("abxcdyz")), 10), distance("abcd", Lazy(iter("abc")), 10)
(1, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import islice

from solvers.events import Backtrack, Conflict, Event, Place, Reader, Solution

#: The moves of a student's run compared (a longer run is compared on its beginning).
MAX_EVENTS = 30_000
#: The largest difference worked out (a larger one is "far").
MAX_DIFF = 200
END = ("end",)
Token = tuple[object, ...]

TEXT = {
    "en": {
        "like": "Your search behaves like {algorithm} that {version} ({differs}).",
        "no_event": "it differs from it at no event",
        "none_first": "it differs from it at none of the first {total:,} events",
        "some": "it differs from it at {d:,} of {total:,} events",
    },
    "zh": {
        "like": "你的搜索的行为像{version}的{algorithm}（{differs}）。",
        "no_event": "没有一个事件与它不同",
        "none_first": "前 {total:,} 个事件中没有一个与它不同",
        "some": "{total:,} 个事件中有 {d:,} 个与它不同",
    },
}


def moves(events: Iterable[Event], *, refusals: bool) -> Iterator[Token]:
    """A run's board moves, one token each (refused squares too with ``refusals``)."""
    tokens = _Tokens(refusals)
    for event in events:
        token = event.read(tokens)
        if token is not None:
            yield token


class _Tokens(Reader[Token | None]):
    """A move's token: P or B with its square, S, C with its square (refusals), else None."""

    def __init__(self, refusals: bool) -> None:
        self.refusals = refusals

    def other(self, event: Event) -> Token | None:
        return None

    def place(self, event: Place) -> Token | None:
        return ("P", event.row, event.col)

    def backtrack(self, event: Backtrack) -> Token | None:
        return ("B", event.row, event.col)

    def solution(self, event: Solution) -> Token | None:
        return ("S",)

    def conflict(self, event: Conflict) -> Token | None:
        return ("C", event.row, event.col) if self.refusals and not event.wipeout else None


class Lazy:
    """A run's tokens, made as far as they are read, ``END`` after its last one: a run compared
    with another it leaves early is made no further than the diff looks."""

    def __init__(self, tokens: Iterator[object]) -> None:
        self.tokens, self.made = tokens, list[object]()
        self.ended = False

    def at(self, index: int) -> object | None:
        """Token ``index``, or None past the end."""
        while len(self.made) <= index and not self.ended:
            token = next(self.tokens, None)
            if token is None:
                self.ended = True
                self.made.append(END)
            else:
                self.made.append(token)
        return self.made[index] if index < len(self.made) else None


def distance(a: Sequence[object], b: Lazy, cap: int) -> int | None:
    """The fewest items to add to or take out of ``a`` for it to be a beginning of ``b`` (Myers'
    O((N+M)D) diff with the end of ``b`` free), or None when that is more than ``cap``."""
    n, at = len(a), b.at
    furthest = {1: 0}  # diagonal k = x - y: the furthest x reached with d edits
    for d in range(cap + 1):
        for k in range(-d, d + 1, 2):
            if k == -d or (k != d and furthest[k - 1] < furthest[k + 1]):
                x = furthest[k + 1]  # one of b's items added
            else:
                x = furthest[k - 1] + 1  # one of a's items taken out
            y = x - k
            while x < n:
                token = at(y)
                if token is None or a[x] != token:
                    break
                x, y = x + 1, y + 1
            furthest[k] = x
            if x >= n and (y == 0 or at(y - 1) is not None):  # past b's end is no path
                return d
    return None


@dataclass(frozen=True)
class Likeness:
    """The wrong version a student's run is nearest: its algorithm (a spec's name), the version's
    key, the moves it differs at, the moves of the student's run compared, and whether the run
    was compared to its end."""

    algorithm: str
    version: str
    differs: int
    compared: int
    whole: bool

    def sentence(self, lang: str = "en") -> str:
        from solvers import registry
        from solvers.misconceptions import get

        text = TEXT.get(lang, TEXT["en"])
        spec = registry.get(self.algorithm)
        algorithm = spec.title_zh if lang == "zh" else spec.title[:1].lower() + spec.title[1:]
        if self.differs:
            differs = text["some"].format(d=self.differs, total=self.compared)
        else:
            differs = text["no_event"] if self.whole else text["none_first"].format(total=self.compared)
        return text["like"].format(
            algorithm=algorithm, version=get(self.version).text("name", lang), differs=differs
        )


def references(n: int) -> list[tuple[str, str | None, Callable[[], Iterator[Event]]]]:
    """Every run compared at ``n``: (algorithm, version key or None for the model, its events),
    in registry then catalogue order; specs sharing one ``variants`` object walk alike, so the
    first of them stands for all."""
    from solvers import registry
    from solvers.misconceptions import for_spec

    out: list[tuple[str, str | None, Callable[[], Iterator[Event]]]] = []
    walks: set[int] = set()
    for spec in registry.ALGORITHMS.values():
        if spec.variants is None or id(spec.variants) in walks or not spec.min_n <= n <= spec.max_n:
            continue
        walks.add(id(spec.variants))
        out.append((spec.name, None, partial(spec.solve, n)))
        for version in for_spec(spec, "all"):
            out.append((spec.name, version.key, partial(version.run, spec, n)))
    return out


def behaves_like(events: Sequence[Event], n: int, *, ended: bool) -> Likeness | None:
    """The wrong version the student's run ``events`` at ``n`` is nearest, when it is nearer than
    every model run and differs at no more than one move in twenty; None otherwise. ``ended``:
    the run ended by itself (not cut, not stopped by a failure)."""
    refusals = any(e.refusal() is not None for e in events)
    mine = list(islice(moves(events, refusals=refusals), MAX_EVENTS))
    whole = len(mine) < MAX_EVENTS
    compared = len(mine)
    if ended and whole:
        mine.append(END)
    best_model: int | None = None
    best: tuple[int, str, str] | None = None
    runs = references(n)
    for algorithm, version, run in sorted(runs, key=lambda ref: ref[1] is not None):  # the models first
        if version is not None and best_model == 0:  # a model run it is, move for move: no version is nearer
            return None
        events_of = run()
        d = distance(mine, Lazy(moves(events_of, refusals=refusals)), MAX_DIFF)
        close = getattr(events_of, "close", None)
        if close is not None:
            close()
        if d is None:
            continue
        if version is None:
            best_model = d if best_model is None else min(best_model, d)
        elif best is None or d < best[0]:
            best = (d, algorithm, version)
    if best is None or (best_model is not None and best_model <= best[0]) or best[0] > max(1, compared // 20):
        return None
    return Likeness(best[1], best[2], best[0], compared, whole)
