"""The catalogue of wrong versions: each a misconception a student may hold about a search, run as
the algorithm's own generator with one rule broken (``solvers.variants``), never a second copy.

A ``Version`` has a key (the word a result file and ``nqueens results`` use), the ``Rules`` it
runs with (or ``first``: it stops at the first solution), and three phrases in English and
Chinese: its ``name`` ("ignores the r-c diagonals"), what a student holding it ``did`` in an
exercise, and the ``belief`` behind it. It applies to the algorithms whose generator takes its
rules (their spec's ``variants``); ``run`` gives its events, from the start or from a position
of the model run.

Comparing a student with these versions is ``solvers.diagnosis`` (an exercise attempt) and
``solvers.own.likeness`` (a student's own search).

>>> from solvers import registry
>>> [v.key for v in CATALOGUE if v.applies(registry.get("mrv"), "all")]
['keeps-pruning', 'ties-to-bottom-row', 'counts-attacked-squares', 'stops-at-first']
>>> version = get("ignores-difference-diagonals")
>>> [type(e).__name__ for e in version.run(registry.get("backtracking"), 4)][:3]
['Place', 'Conflict', 'Place']
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from solvers.errors import SolverError
from solvers.variants import LINES, MODEL, Rules

if TYPE_CHECKING:
    from solvers.events import Event
    from solvers.instance import Instance
    from solvers.spec import AlgorithmSpec

Text = dict[str, str]


@dataclass(frozen=True)
class Version:
    """One wrong version of the searches that take its rules (see the module's docstring)."""

    key: str
    name: Text
    did: Text
    belief: Text
    rules: Rules = MODEL
    first: bool = False  # it stops at the first solution, whatever was asked
    #: whether the exercise can show it: the exercise names the square tried next, so a version
    #: that differs only by where it tries next shows in a student's own search alone
    in_exercise: bool = True

    def applies(self, spec: AlgorithmSpec, goal: str = "all") -> bool:
        """Whether ``spec``'s generator runs this version, and it can differ from the model when
        the goal is ``goal`` (stopping at the first solution differs only when all are asked)."""
        variants = spec.variants
        if variants is None or not variants.takes(self.rules):
            return False
        return not self.first or goal == "all"

    def run(
        self,
        spec: AlgorithmSpec,
        n: int,
        *,
        first: bool = False,
        instance: Instance | None = None,
        **start: object,
    ) -> Iterator[Event]:
        """Its events at ``n`` on ``spec``'s generator (``first``: the run asked for stops at the first
        solution); ``start`` (from ``spec.variants.start``) begins it at a position of the model run."""
        if not self.applies(spec):
            raise SolverError(f"{spec.name} has no version that {self.name['en']}")
        spec.check_n(n)
        options: dict[str, object] = dict(start)
        if instance is not None and not instance.plain:
            options["instance"] = instance
        if self.rules != MODEL:
            options["rules"] = self.rules
        return spec.generator(n, first=first or self.first, **options)

    def text(self, part: str, lang: str) -> str:
        """One of its phrases (``name``, ``did``, ``belief``) in ``lang``."""
        table: Text = getattr(self, part)
        return table.get(lang, table["en"])


def _blind(line: str) -> Rules:
    return Rules(sees=frozenset(LINES) - {line})


CATALOGUE: tuple[Version, ...] = (
    Version(
        "ignores-sum-diagonals",
        {"en": "ignores the r+c diagonals", "zh": "忽略 r+c 对角线"},
        {
            "en": "placed a queen on a square attacked only along an r+c diagonal",
            "zh": "把皇后放在了只沿 r+c 对角线受攻击的格子上",
        },
        {"en": "treat the r+c diagonals as safe", "zh": "把 r+c 对角线当成了安全的"},
        _blind("sum"),
    ),
    Version(
        "ignores-difference-diagonals",
        {"en": "ignores the r-c diagonals", "zh": "忽略 r-c 对角线"},
        {
            "en": "placed a queen on a square attacked only along an r-c diagonal",
            "zh": "把皇后放在了只沿 r-c 对角线受攻击的格子上",
        },
        {"en": "treat the r-c diagonals as safe", "zh": "把 r-c 对角线当成了安全的"},
        _blind("difference"),
    ),
    Version(
        "ignores-columns",
        {"en": "ignores the columns", "zh": "忽略列"},
        {
            "en": "placed a queen on a square attacked only along its column",
            "zh": "把皇后放在了只在同一列上受攻击的格子上",
        },
        {"en": "treat a column that holds a queen as free", "zh": "把已有皇后的列当成了空的"},
        _blind("column"),
    ),
    Version(
        "no-undo",
        {
            "en": "forgets to take a queen away before trying the next column",
            "zh": "试下一列之前忘了拿走皇后",
        },
        {
            "en": "went on to a next square where the queen had to be taken away first",
            "zh": "在应当先拿走皇后的地方直接去试下一个格子",
        },
        {
            "en": "forget to take the queen away before trying the next column",
            "zh": "试下一列之前忘了拿走皇后",
        },
        Rules(undo=False),
    ),
    Version(
        "restarts-row",
        {"en": "restarts a row from column 1 after a backtrack", "zh": "回溯后从第 1 列重新开始这一行"},
        {"en": "tried a row again from its first column", "zh": "从第一列重新试这一行"},
        {
            "en": "restart a row from column 1 after a backtrack instead of going on from the next column",
            "zh": "回溯后从第 1 列重新开始这一行，而不是从下一列继续",
        },
        Rules(resume="first"),
        in_exercise=False,  # it differs only in the square tried next, which the exercise names
    ),
    Version(
        "backtracks-too-far",
        {"en": "backtracks one row too far", "zh": "回溯时多退了一行"},
        {
            "en": "took off the queen of the row above as well, right after a backtrack",
            "zh": "刚回溯之后又拿起了上一行的皇后",
        },
        {"en": "go back one row too far when a row runs out of columns", "zh": "某行的列试完时多退了一行"},
        Rules(back=2),
    ),
    Version(
        "prunes-next-row-only",
        {"en": "prunes only the next row", "zh": "只剪除下一行"},
        {
            "en": "went on where a row further down had no column left",
            "zh": "在更下面的某一行已经没有可用列时仍然继续",
        },
        {
            "en": "prune only the next row, so a row further down left empty goes unseen",
            "zh": "只剪除下一行，所以没有发现更下面的行已被删空",
        },
        Rules(prune="next"),
    ),
    Version(
        "keeps-pruning",
        {"en": "does not undo its pruning on backtrack", "zh": "回溯时不恢复剪除的列"},
        {
            "en": "gave up on columns that had come back when their queen was taken back",
            "zh": "放弃了皇后撤回时已经恢复的列",
        },
        {
            "en": "forget to put the pruned columns back when a queen is taken back",
            "zh": "撤回皇后时忘了把它剪除的列放回去",
        },
        Rules(restore=False),
    ),
    Version(
        "ties-to-bottom-row",
        {"en": "breaks MRV's ties towards the bottom row", "zh": "MRV 并列时取最下面的行"},
        {
            "en": "chose the bottom one of the rows tied for the fewest columns",
            "zh": "在剩余列数并列最少的行中选了最下面的一行",
        },
        {
            "en": "break the ties towards the bottom row instead of the top one",
            "zh": "并列时取最下面的行，而不是最上面的行",
        },
        Rules(rows="fewest-bottom"),
    ),
    Version(
        "counts-attacked-squares",
        {"en": "counts attacked squares instead of remaining columns", "zh": "数被攻击的格子而不是剩余的列"},
        {"en": "chose a row with the fewest attacked squares", "zh": "选了被攻击格子最少的行"},
        {
            "en": "count each row's attacked squares instead of its remaining columns",
            "zh": "数每一行被攻击的格子，而不是它剩余的列",
        },
        Rules(rows="fewest-attacked"),
    ),
    Version(
        "stops-at-first",
        {"en": "stops at the first solution when all are asked for", "zh": "要求所有解时在第一个解处就停下"},
        {"en": "was to stop at the first solution", "zh": "是在第一个解处就停下"},
        {
            "en": "think the search is over at the first solution when all of them are asked for",
            "zh": "以为要求所有解时，搜索在第一个解处就结束了",
        },
        first=True,
    ),
)

KEYS = tuple(version.key for version in CATALOGUE)
#: The versions that differ from the model by stopping early (once per run).
STOPS = tuple(version.key for version in CATALOGUE if version.first)
_BY_KEY = {version.key: version for version in CATALOGUE}


def get(key: str) -> Version:
    """The version called ``key`` (SolverError naming the known keys)."""
    try:
        return _BY_KEY[key]
    except KeyError:
        raise SolverError(f"unknown misconception {key!r}; the catalogue has: {', '.join(KEYS)}") from None


def for_spec(spec: AlgorithmSpec, goal: str = "all") -> tuple[Version, ...]:
    """The versions of ``spec`` (its generator's own; ``goal``: what the run asks), in catalogue order."""
    return tuple(version for version in CATALOGUE if version.applies(spec, goal))
