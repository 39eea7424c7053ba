"""``AlgorithmSpec``: everything the CLI, the engine and the window know about one algorithm.

Each module of ``solvers/algorithms/`` holds its specs (``SPECS``); ``solvers.registry`` collects
them. A per-algorithm fact is a field here with a default, read where it is needed: no code outside
an algorithm's module tests its name or family.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import numpy as np

from solvers.counters import Counters
from solvers.domains import Domains
from solvers.engine import CancelFlag, Cancelled, EngineLimit, Model, ProgressCallback
from solvers.errors import SolverError
from solvers.events import Event
from solvers.resume import Checkpoint, Resumer, State, Transposed, transpose

if TYPE_CHECKING:
    from solvers.instance import Instance
    from solvers.variants import Variants

#: The counters every algorithm shows; a spec's ``counters`` adds its own (repairs, pruned, ...).
COUNTERS = ("attempts", "placements", "backtracks", "solutions", "checks")

#: Events an engine walk covers per leg (``engine_walk``): each leg's end is a checkpoint.
LEG = 1 << 18
#: A walk allowed past its stop ends at most ``LATE * (n + 1)`` events late (a permutation walk's move
#: is 2n + 1 events; forward checking's queen with its prunes, wipe-out and restores at most 6n)
LATE = 8

#: An algorithm's sentences (its spec's ``narrator``): the event, the context before it (a
#: ``solvers.narration.Context``) and the words of the language (rows and columns swapped for a
#: column-by-column walk; ``words["lang"]``).
Narrate = Callable[[Event, Any, dict[str, str]], str]
#: Every spec by name, filled by ``solvers.registry`` (its ``ALGORITHMS`` is this dict): a refused
#: instance names the algorithms that take one.
CATALOGUE: dict[str, AlgorithmSpec] = {}

#: A direct answer: the board (``queens[row] = column``) and its counters, no events.
Answer = Callable[[int], tuple[np.ndarray, dict[str, int]]]


@dataclass(frozen=True)
class AlgorithmSpec:
    """What the CLI, the engine and the window need to know about one algorithm."""

    name: str
    title: str
    title_zh: str
    summary: str
    summary_zh: str
    generator: Callable[..., Iterator[Event]]
    code: tuple[str, ...]
    code_zh: tuple[str, ...]  # line for line with ``code``
    max_n: int
    min_n: int = 1
    exhaustive: bool = True
    by_columns: bool = False  # accepts seed 001's column-by-column walk
    #: its family ("backtracking", "enumeration", "construction", "local-search", "propagation");
    #: a label for people and for the tests' event checks; no program code reads it (every fact has its field)
    family: str = "backtracking"
    engine: Model | None = None  # how the instant-result engine answers its counters, if it does
    answer: Answer | None = None  # a direct function for its one answer (the CLI skips the events)
    attempts: Callable[[int], int | None] | None = None  # the run's attempts in closed form, where known
    race_partner: str | None = None  # the algorithm it is usually raced against
    #: what one of its attempts is ("square", "board", "permutation", "move"): attempts of two
    #: algorithms are compared only when they count the same thing
    attempt_unit: str = "square"
    resumer: Resumer | None = None  # how its generator resumes from a checkpoint, if it does
    #: how the window shows a check: "flags", "pairwise", "board" (its check's marks on the board),
    #: "domains" (every row's remaining columns, from its Prune / Restore events) or None
    check: str | None = None
    dynamic_rows: bool = False  # it picks its next row by a rule (MRV), not top down
    #: what predict mode asks: "square" (where the next queen goes), "answer" (is the complete board
    #: safe or attacked) or None (its next move cannot be reasoned out: it is refused)
    predict: str | None = "square"
    #: which wrong guesses its own narration explains rather than predict's reasons: "" (none),
    #: "rows" (its choice of the next row), "squares" (its choice of row and column)
    own_rule: str = ""
    counters: tuple[str, ...] = COUNTERS  # the counters the window shows for it, in order
    #: its sentences (``solvers.narration``'s narrator protocol); None: the square-by-square search's
    narrator: Narrate | None = None
    view: str | None = None  # the side view the window opens on for it (None: the one showing)
    #: how ``nqueens profile --algo`` counts its nodes per depth: "engine" (the backtracking tree the
    #: engine walks), "events" (its own events drained) or None (it searches no tree of partial boards)
    profile: str | None = None
    #: its domains right after it placed the queens of a board (``queens[row]``, None: empty), the
    #: last one's pruning not yet applied: the window rebuilds them from there after a long jump
    domains_after: Callable[[Sequence[int | None]], Domains] | None = None
    #: its domains at a checkpoint of its walk (``resumer``'s): the window's after a jump there
    domains_at: Callable[[Checkpoint], Domains] | None = None
    #: the window's Check (J) says what is wrong with its run (a student's own search)
    checkable: bool = False
    #: its generator accepts ``instance=`` (a ``solvers.instance.Instance``: blocked squares and
    #: given queens), yielding a ``Setup`` first; ``solve(..., instance=)`` and ``bound`` use it
    constrained: bool = False
    #: the instance it runs, on a spec made by ``bound`` (None: the plain search)
    instance: Instance | None = None
    #: how its generator runs the wrong versions of ``solvers.misconceptions`` (``rules=``, and
    #: where each starts at a position of the model run); None: it runs none
    variants: Variants | None = None

    def code_in(self, lang: str) -> tuple[str, ...]:
        """The pseudo-code in ``lang`` ("en" or "zh"), line for line."""
        return self.code_zh if lang == "zh" else self.code

    def engine_answers(self, n: int) -> bool:
        """Whether ``engine_counters`` answers at ``n`` (else drain the generator)."""
        return self.engine is not None and self.engine.answers(n)

    def engine_counters(
        self,
        n: int,
        *,
        first: bool = False,
        progress: ProgressCallback | None = None,
        cancel: CancelFlag | None = None,
        jit: bool | None = None,
        patient: bool = False,
    ) -> Counters:
        """The counters ``tally(self.solve(n, first=first))`` would give, from the engine, without events.

        Raises ``EngineLimit`` when the engine does not model this algorithm, or this n
        (beyond what it does in reasonable time) unless the caller is ``patient`` (it shows
        progress and can cancel), ``Cancelled`` on cancel.
        """
        if self.engine is None:
            raise EngineLimit(f"the engine does not model {self.name!r}; run its generator instead")
        if not patient and not self.engine.answers(n):
            raise EngineLimit(f"the engine answers {self.name} for n up to {self.engine.max_n} (got n = {n})")
        return self.engine.counters(
            n, first=first, progress=progress, cancel=cancel, jit=jit, patient=patient
        )

    def whole_run(self, n: int, cancel: CancelFlag | None = None) -> Counters | int | None:
        """What is known ahead of the whole run at ``n``, soonest first: its attempts in closed
        form where there is one (the backtracking family's and bitmask's from the tree profile),
        else the engine's counters where it answers (``engine_counters``, what ``nqueens count N
        --algo A`` prints), else None (unknown ahead). Raises ``Cancelled`` on cancel."""
        if self.attempts is not None:
            return self.attempts(n)
        return self.engine_counters(n, cancel=cancel) if self.engine_answers(n) else None

    def check_n(self, n: int) -> None:
        """Refuse an n outside this algorithm's range, saying why."""
        if n < self.min_n:
            raise SolverError(f"n must be at least {self.min_n} for {self.name} (got {n})")
        if n > self.max_n:
            raise SolverError(
                f"n = {n} is too large for {self.name}: it accepts n up to {self.max_n}"
                + (" (the search is exhaustive)" if self.exhaustive else "")
            )

    def start_checkpoint(self, n: int) -> Checkpoint:
        """The checkpoint before the first event (raises ``SolverError`` when it cannot resume)."""
        return self._resumer().start(n)

    def state_after(
        self, n: int, queens: Sequence[int | None], event: Event, *, by_columns: bool = False
    ) -> State | None:
        """The resume state right after ``event`` left the board ``queens`` (as shown: column by
        column when ``by_columns``); None when that moment is no checkpoint of this walk."""
        resumer = self._resumer()
        if by_columns:
            return resumer.state_after(n, transpose(queens), Transposed.event(event))
        return resumer.state_after(n, queens, event)

    def resume(
        self, n: int, checkpoint: Checkpoint, *, first: bool = False, by_columns: bool = False
    ) -> Iterator[Event]:
        """The events of ``solve(n, ...)`` from ``checkpoint.index`` on, exactly."""
        self._resumer()
        start = (checkpoint.queens, checkpoint.state)
        if by_columns:
            self.solve(n, by_columns=True)  # checks the option
            return self.generator(n, first=first, by_columns=True, start=start)
        self.check_n(n)
        return self.generator(n, first=first, start=start)

    # -- what its facts mean for those who show it (the window, the exercise, the narration)

    @property
    def keeps_domains(self) -> bool:
        """Whether its events carry every row's domain (``Prune`` / ``Restore``): the window shows
        them, the exercise asks the student to confirm each pruning, the narration follows them."""
        return self.check == "domains"

    @property
    def forward_checks(self) -> bool:
        """Whether it keeps domains and takes the rows top down (forward checking, not MRV)."""
        return self.keeps_domains and not self.dynamic_rows

    @property
    def board_check(self) -> str | None:
        """The check the board shows square by square ("flags", "pairwise", "board"), or None."""
        return None if self.keeps_domains else self.check

    @property
    def asks_squares(self) -> bool:
        """Whether predict asks where its next queen goes (not whether a full board is safe)."""
        return self.predict == "square"

    @property
    def own_rows(self) -> bool:
        """Whether its own narration says why it takes a row (its rule, not the top-down order)."""
        return self.own_rule != ""

    @property
    def own_squares(self) -> bool:
        """Whether its own narration says why it takes a square (row and column by its rule)."""
        return self.own_rule == "squares"

    @property
    def engine_seeks(self) -> bool:
        """Whether the engine walks this algorithm from a checkpoint (``engine_seek``)."""
        return self.resumer is not None and self.engine is not None and self.engine.seek_kernel is not None

    def engine_seek(
        self,
        n: int,
        start: Checkpoint,
        *,
        first: bool = False,
        by_columns: bool = False,
        event: int | None = None,
        solution: int | None = None,
        collect: list[tuple[int, ...]] | None = None,
        keep: int = 0,
        past: bool = False,
        jit: bool | None = None,
    ) -> tuple[Checkpoint, bool]:
        """The engine's walk from ``start`` to event index ``event`` (or the first checkpoint past
        it, with ``past``), or right after the run's
        ``solution``-th Solution, or the end (``engine.Model.seek``), without events; returns the
        checkpoint reached (the board as shown) and whether the run ended there. The boards of
        the solutions it passes go to ``collect`` (the run's first ones, up to ``keep``)."""
        if not self.engine_seeks or self.engine is None:
            raise EngineLimit(f"the engine cannot walk {self.name} from a checkpoint")
        self.check_n(n)
        boards = [] if by_columns and collect is not None else collect
        if by_columns:
            start = replace(start, queens=transpose(start.queens))
            if collect is not None:
                boards = [tuple(c for c in transpose(q) if c is not None) for q in collect]
        reached, ended = self.engine.seek(
            n,
            start,
            first=first,
            event=event,
            solution=solution,
            collect=boards,
            keep=keep,
            past=past,
            jit=jit,
        )
        if by_columns:
            reached = replace(reached, queens=transpose(reached.queens))
            if collect is not None and boards is not None:
                new = boards[len(collect) :]
                collect.extend(tuple(c for c in transpose(q) if c is not None) for q in new)
        return reached, ended

    def engine_walk(
        self,
        n: int,
        start: Checkpoint,
        *,
        first: bool = False,
        by_columns: bool = False,
        event: int | None = None,
        solution: int | None = None,
        collect: list[tuple[int, ...]] | None = None,
        keep: int = 0,
        cancel: CancelFlag | None = None,
        leg: int = LEG,
        on_leg: Callable[[Checkpoint], None] | None = None,
    ) -> tuple[Checkpoint, bool]:
        """``engine_seek`` from ``start`` to event index ``event``, the run's ``solution``-th
        Solution or the end, in legs of at most ``leg`` events; ``on_leg`` hears each leg's end,
        ``cancel`` is looked at before each leg (``Cancelled``). The one path of every front end:
        the window's timeline (next solution, seek, instant result) and ``nqueens solve`` and
        ``nqueens count --first`` walk the engine through it."""
        here, ended = start, False
        target = sys.maxsize if event is None else event
        while here.index < target:
            if cancel is not None and cancel.is_set():
                raise Cancelled("the walk was cancelled")
            end = here.index + leg
            reached, ended = self.engine_seek(
                n,
                here,
                first=first,
                by_columns=by_columns,
                event=min(target, end),
                solution=solution,
                collect=collect,
                keep=keep,
                past=end + LATE * (n + 1) < target,  # a leg may end a move late; the last one must not
            )
            if on_leg is not None:
                on_leg(reached)
            stuck = reached.index == here.index  # a permutation walk's move longer than what is left
            if ended or stuck or (solution is not None and reached.counters.solutions >= solution):
                return reached, ended
            here = reached
        return here, ended

    def engine_solutions(
        self, n: int, *, first: bool = False, by_columns: bool = False, cancel: CancelFlag | None = None
    ) -> Iterator[tuple[int, ...]]:
        """The run's solutions in order, each the board ``engine_walk`` stands on right after its
        Solution (the walk goes on from there for the next)."""
        here = self.start_checkpoint(n)
        while True:
            number = here.counters.solutions + 1
            here, ended = self.engine_walk(
                n, here, first=first, by_columns=by_columns, solution=number, cancel=cancel
            )
            if here.counters.solutions < number:
                return
            yield tuple(int(c) for c in here.queens if c is not None)
            if ended:
                return

    def _resumer(self) -> Resumer:
        if self.resumer is None:
            raise SolverError(f"{self.name} cannot resume from a checkpoint; replay it from the start")
        return self.resumer

    def solve(
        self, n: int, *, first: bool = False, by_columns: bool = False, instance: Instance | None = None
    ) -> Iterator[Event]:
        """Check n and the options, then return the event generator. An ``instance`` with no
        blocked square and no given queen is the plain run; a constrained one is refused unless
        the spec is ``constrained`` (and walks row by row, never ``by_columns``)."""
        self.check_n(n)
        if by_columns and not self.by_columns:
            raise SolverError(f"{self.name} has no column-by-column walk (--by-columns)")
        if instance is not None and not instance.plain:
            self._check_instance(n, instance, by_columns)
            return self.generator(n, first=first, instance=instance)
        if by_columns:
            return self.generator(n, first=first, by_columns=True)
        return self.generator(n, first=first)

    def _check_instance(self, n: int, instance: Instance, by_columns: bool) -> None:
        if not self.constrained:
            names = ", ".join(s.name for s in CATALOGUE.values() if s.constrained)
            raise SolverError(
                f"{self.name} takes no blocked squares or given queens; these algorithms do: {names}"
            )
        if instance.n != n:
            raise SolverError(f"the instance is for n = {instance.n}, not n = {n}")
        if by_columns:
            raise SolverError("blocked squares and given queens are searched row by row, not --by-columns")
        instance.validate()

    def bound(self, instance: Instance | None) -> AlgorithmSpec:
        """This algorithm on ``instance`` as a spec of its own: its generator runs the instance
        (n must be the instance's), and it has no engine, closed form, direct answer, resume
        or column-by-column walk, so every caller (the window's timeline, the CLI) drains the
        generator from its Setup on. A plain instance (or None) gives the spec itself."""
        if instance is None or instance.plain:
            return self
        self._check_instance(instance.n, instance, False)
        base = self.generator

        def generator(n: int, *, first: bool = False, **_: object) -> Iterator[Event]:
            return base(n, first=first, instance=instance)

        return replace(
            self,
            generator=generator,
            min_n=instance.n,
            max_n=instance.n,
            by_columns=False,
            engine=None,
            answer=None,
            attempts=None,
            resumer=None,
            race_partner=None,
            profile="events" if self.profile else None,
            domains_after=None,
            domains_at=None,
            constrained=False,
            instance=instance,
            variants=None,  # its generator takes no rules: a wrong version runs the spec's own
        )
