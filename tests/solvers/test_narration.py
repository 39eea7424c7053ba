"""Narration: a sentence for every event of every algorithm, in English and Chinese."""

from __future__ import annotations

import re
import subprocess
from itertools import islice, permutations

import pytest

from solvers import registry
from solvers.algorithms.enumeration import PRUNED_CLEAR, PRUNED_NEXT_LIFT, pruned_skip
from solvers.events import Backtrack, Conflict, Event, Place, Prune, Repair, Solution
from solvers.narration import LANGS, Narrator, narrate
from tests.run import nqueens

# (algorithm, n, by_columns, events): whole runs at small n, long prefixes of the big ones.
RUNS = [
    ("backtracking", 6, False, None),
    ("backtracking", 6, True, None),
    ("backtracking", 8, False, 20_000),
    ("backtracking-pairwise", 6, False, None),
    ("backtracking-board", 5, True, None),
    ("backtracking-iterative", 6, False, None),
    ("backtracking-iterative", 5, True, None),
    ("bitmask", 6, False, None),
    ("bitmask", 9, False, 20_000),
    ("brute-force", 5, False, None),
    ("brute-force", 8, False, 20_000),
    ("permutations", 6, False, None),
    ("permutations", 8, False, 20_000),
    ("permutations-pruned", 6, False, None),
    ("permutations-pruned", 8, False, 20_000),
    ("construction", 8, False, None),  # n mod 6 == 2
    ("construction", 9, False, None),  # n mod 6 == 3
    ("construction", 10, False, None),
    ("min-conflicts", 8, False, None),  # restarts once with the default seed
    ("min-conflicts", 30, False, None),
    ("backtracking", 1, False, None),
    ("bitmask", 3, False, None),
    ("forward-checking", 6, False, None),
    ("forward-checking", 9, False, 20_000),
    ("mrv", 6, False, None),
    ("mrv", 9, False, 20_000),
]
#: An algorithm added later is walked at n = 6 (its module's tests say its own sentences).
RUNS += [(name, 6, False, 20_000) for name in registry.ALGORITHMS if name not in {run[0] for run in RUNS}]

ASCII_LETTER = re.compile(r"[A-Za-z]")
CJK = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")


def walk(name: str, n: int, lang: str, *, by_columns: bool = False, limit: int | None = None):
    """(event, sentence) for a run, narrated by a fresh Narrator."""
    spec = registry.get(name)
    narrator = Narrator(spec, n, by_columns=by_columns, lang=lang)
    events = spec.solve(n, by_columns=by_columns) if by_columns else spec.solve(n)
    return [(event, narrator.step(event)) for event in islice(events, limit)]


def squares_named(event: Event, whole_board: bool) -> list[tuple[int, int]]:
    """(row, column), 0-based, that the sentence for ``event`` must name (a whole board's
    conflict names the rows of its pair, checked apart)."""
    if isinstance(event, (Place, Backtrack)):
        return [(event.row, event.col)]
    if isinstance(event, Conflict) and not whole_board:
        return [(event.row, event.col)]
    if isinstance(event, Repair):
        return [(event.row, event.new)]
    return []


def names(sentence: str, lang: str, row: int, col: int) -> bool:
    """Whether ``sentence`` names row ``row`` and column ``col`` (1-based numbers)."""
    if lang == "en":
        text = sentence.lower()
        return bool(re.search(rf"\brows? {row}\b", text)) and bool(re.search(rf"\bcolumns? {col}\b", text))
    return f"第 {row} 行" in sentence and f"第 {col} 列" in sentence


@pytest.mark.parametrize(("name", "n", "by_columns", "limit"), RUNS)
def test_every_event_has_a_sentence_in_both_languages(name, n, by_columns, limit):
    english = walk(name, n, "en", by_columns=by_columns, limit=limit)
    chinese = walk(name, n, "zh", by_columns=by_columns, limit=limit)
    assert len(english) == len(chinese) > 0
    whole_board = registry.get(name).family == "enumeration"
    for (event, en), (_, zh) in zip(english, chinese, strict=True):
        assert en.strip() and zh.strip(), event
        assert not ASCII_LETTER.search(zh), (event, zh)  # nothing left untranslated
        assert not CJK.search(en), (event, en)
        assert zh.endswith("。") and en.endswith("."), (en, zh)
        assert not re.search(r"\b(row|column)s? 0\b", en.lower()) and "第 0 " not in zh, (en, zh)
        for row, col in squares_named(event, whole_board):
            assert names(en, "en", row + 1, col + 1), (event, en)
            assert names(zh, "zh", row + 1, col + 1), (event, zh)
        if isinstance(event, Conflict) and whole_board:
            a, b = event.row + 1, event.blocker[0] + 1
            assert f"rows {a} and {b} share" in en and f"第 {a} 行和第 {b} 行的皇后" in zh, (en, zh)
        elif isinstance(event, Conflict):
            blocker = event.blocker[1 if by_columns else 0] + 1  # the blocking queen's row of the walk
            assert re.search(rf"\b(row|column) {blocker}\b", en.split(":")[1]), (event, en)
            assert f"第 {blocker} " in zh.split("：")[1], (event, zh)
        if isinstance(event, Solution):
            listed = " ".join(str(c + 1) for c in event.queens)
            assert en.endswith(f"{listed}.") and zh.endswith(f"{listed}。"), (en, zh)


def nth(name: str, n: int, kind: type, index: int = 0, lang: str = "en", **fields) -> tuple[Event, str]:
    """The ``index``-th event of ``kind`` (with the given field values) and its sentence."""
    found = (
        (e, s)
        for e, s in walk(name, n, lang, limit=50_000)
        if isinstance(e, kind) and all(getattr(e, k) == v for k, v in fields.items())
    )
    return next(islice(found, index, None))


@pytest.mark.parametrize(
    ("name", "kind", "fields", "lang", "expected"),
    [
        ("backtracking", Place, {}, "en", "Row 1, column 1 is safe, so a queen is placed there."),
        ("backtracking", Place, {}, "zh", "第 1 行第 1 列安全，放下皇后。"),
        (
            "backtracking",
            Conflict,
            {},
            "en",
            "Row 2, column 1 is refused: the queen in row 1 holds that column.",
        ),
        ("backtracking", Conflict, {}, "zh", "第 2 行第 1 列被拒绝：第 1 行的皇后占据了这一列。"),
        (
            "backtracking",
            Conflict,
            {"row": 2, "col": 1},
            "en",
            "Row 3, column 2 is refused: the queen in row 2, column 3 is on the same diagonal.",
        ),
        (
            "backtracking",
            Backtrack,
            {},
            "en",
            "Row 6 has no safe column at all, so the search goes back to row 5 "
            "and lifts its queen from column 4.",
        ),
        ("backtracking", Solution, {}, "en", "All 8 rows are filled: solution 1 is 1 5 8 6 3 7 2 4."),
        ("backtracking", Solution, {}, "zh", "8 行都已放好皇后：第 1 个解是 1 5 8 6 3 7 2 4。"),
        (
            "backtracking",
            Backtrack,
            {"row": 7},
            "en",
            "Solution 1 is recorded; the queen in row 8 leaves column 4 to look for the next one.",
        ),
        (
            "brute-force",
            Conflict,
            {},
            "en",
            "Board 1 of 16,777,216 is rejected: the queens in rows 1 and 2 share a column.",
        ),
        (
            "brute-force",
            Conflict,
            {},
            "zh",
            "第 1 个棋盘（共 16,777,216 个）被否决：第 1 行和第 2 行的皇后在同一列上。",
        ),
        (
            "permutations",
            Conflict,
            {},
            "en",
            "Permutation 1 of 40,320 is rejected: the queens in rows 1 and 2 share an anti-diagonal.",
        ),
        (
            "forward-checking",
            Prune,
            {},
            "en",
            "The queen in row 1, column 1 attacks row 2, column 1 along its column: "
            "column 1 leaves the domain of row 2 (7 left).",
        ),
        (
            "forward-checking",
            Conflict,
            {},
            "zh",
            "域被清空：第 4 行第 2 列的皇后删去了第 6 行的最后一列，即第 4 列，所以撤回这个皇后。",
        ),
        (
            "mrv",
            Place,
            {"row": 5},
            "en",
            "Row 6 has the fewest columns left (1), so it is filled next: a queen goes on column 4.",
        ),
        (
            "mrv",
            Place,
            {"row": 1},
            "en",
            "Row 2 is the lowest of the 7 rows with the fewest columns left (6), so it is filled next: "
            "a queen goes on column 3.",
        ),
    ],
)
def test_known_sentences_at_n_8(name, kind, fields, lang, expected):
    assert nth(name, 8, kind, lang=lang, **fields)[1] == expected


def test_the_last_row_tried_after_a_solution_is_said_so():
    lifts = [s for e, s in walk("backtracking", 8, "en") if isinstance(e, Backtrack) and e.row == 6]
    first = next(s for s in lifts if "after the solution" in s)
    assert first == (
        "All columns of row 8 have been tried after the solution, so the search goes back to row 7 "
        "and lifts its queen from column 2."
    )


def test_brute_force_board_numbers_count_the_boards():
    verdicts = [
        s for e, s in walk("brute-force", 8, "en", limit=20_000) if isinstance(e, (Conflict, Solution))
    ]
    assert all(s.startswith(f"Board {k:,} of 16,777,216 ") for k, s in enumerate(verdicts, 1))
    assert all(s.endswith("the queens in rows 1 and 2 share a column.") for s in verdicts)


def test_a_brute_force_board_far_into_the_run():
    """Board 0 1 0 0 0 0 0 0 follows the 8^6 boards whose rows 1 and 2 share column 1."""
    narrator = Narrator(registry.get("brute-force"), 8)
    board = (0, 1, 0, 0, 0, 0, 0, 0)
    for row, col in enumerate(board):
        narrator.apply(Place(row, col, 6, False))
    narrator.context.attempts = 8**6  # the boards examined before it
    assert narrator.say(Conflict(0, 0, (1, 1), 2)) == (
        "Board 262,145 of 16,777,216 is rejected: the queens in rows 1 and 2 share an anti-diagonal."
    )
    assert narrator.say(Conflict(1, 1, (4, 4), 2), "zh") == (
        "第 262,145 个棋盘（共 16,777,216 个）被否决：第 2 行和第 5 行的皇后在同一条反对角线上。"
    )


def skipped_by_listing(perm: tuple[int, ...], i: int, j: int) -> tuple[int, bool]:
    """Following permutations that keep perm[i] and perm[j], by listing them all in order,
    and whether they run to the last permutation."""
    ordered = list(permutations(range(len(perm))))
    k = 0
    for later in ordered[ordered.index(perm) + 1 :]:
        if (later[i], later[j]) != (perm[i], perm[j]):
            return k, False
        k += 1
    return k, True


def test_the_pruned_walks_first_skip_counts_exactly():
    spec = registry.get("permutations-pruned")
    narrator = Narrator(spec, 8)
    board = [0] * 8
    for event in spec.solve(8):
        sentence = narrator.step(event)
        if isinstance(event, Place):
            board[event.row] = event.col
        if isinstance(event, Conflict) and event.attempt:
            break
    k, _ = skipped_by_listing(tuple(board), event.row, event.blocker[0])
    assert k > 0
    assert sentence == (
        f"Traversal 1: the queens in rows {event.row + 1} and {event.blocker[0] + 1} share an anti-diagonal, "
        f"so every following permutation that keeps this pair is skipped ({k:,} of them)."
    )


@pytest.mark.parametrize("n", [4, 5, 6])
def test_pruned_skip_matches_listing_for_every_counted_conflict(n):
    spec = registry.get("permutations-pruned")
    board = [0] * n
    seen = 0
    for event in spec.solve(n):
        if isinstance(event, Place):
            board[event.row] = event.col
        if isinstance(event, Conflict) and event.attempt:
            i, j = event.row, event.blocker[0]
            assert pruned_skip(board, i, j) == skipped_by_listing(tuple(board), i, j)
            seen += 1
    assert seen > 0


@pytest.mark.parametrize("n", [4, 5, 6, 7])
def test_pruned_says_the_walk_ends_only_on_its_last_lifts(n):
    pairs = walk("permutations-pruned", n, "en")
    last_place = max(i for i, (e, _) in enumerate(pairs) if isinstance(e, Place))
    for index, (event, sentence) in enumerate(pairs):
        if isinstance(event, Backtrack) and event.line in (PRUNED_NEXT_LIFT, PRUNED_CLEAR):
            assert sentence.startswith("No permutation is left") == (index > last_place), sentence


@pytest.mark.parametrize(("name", "n"), [("backtracking", 7), ("backtracking-iterative", 6)])
def test_backtrack_reasons_agree_with_the_event_history(name, n):
    """Each lift's reason, checked against what happened since its queen was placed."""
    since: dict[int, list[Event]] = {}
    for event, sentence in walk(name, n, "en"):
        for events in since.values():
            events.append(event)
        if isinstance(event, Place):
            since[event.row] = []
        if isinstance(event, Backtrack):
            history = since.pop(event.row)
            if event.row == n - 1:
                assert sentence.startswith("Solution "), sentence
                continue
            below = [e for e in history if isinstance(e, Place) and e.row == event.row + 1]
            solved = any(isinstance(e, Solution) for e in history)
            if event.row + 1 == n - 1 and solved:
                assert "after the solution" in sentence, sentence
            elif not below:
                assert "no safe column at all" in sentence, sentence
            else:
                assert "no safe column left" in sentence, sentence


def test_min_conflicts_repairs_name_both_conflict_counts():
    pairs = walk("min-conflicts", 8, "en")
    moves = [s for e, s in pairs if isinstance(e, Repair) and e.old != e.new]
    assert moves and all(
        re.fullmatch(r"The queen in row \d \(\d conflicts?\) moves to column \d .*", s) for s in moves
    )
    assert any(s.startswith("No solution within 116 repairs") for _, s in pairs)


@pytest.mark.parametrize(
    ("name", "n", "by_columns", "limit"),
    [
        ("backtracking", 6, False, None),
        ("backtracking-board", 5, True, None),
        ("bitmask", 6, False, None),
        ("brute-force", 4, False, None),
        ("permutations", 5, False, None),
        ("permutations-pruned", 6, False, None),
        ("construction", 8, False, None),
        ("min-conflicts", 8, False, None),
        ("forward-checking", 6, False, None),
        ("mrv", 6, False, None),
    ],
)
def test_stepping_back_and_forward_says_what_a_fresh_walk_says(name, n, by_columns, limit):
    fresh = walk(name, n, "en", by_columns=by_columns, limit=limit)
    events = [e for e, _ in fresh]
    sentences = [s for _, s in fresh]
    narrator = Narrator(registry.get(name), n, by_columns=by_columns)
    for event in events:
        narrator.apply(event)
    assert narrator.current() == sentences[-1]
    for index in range(len(events) - 1, -1, -1):  # all the way back, one step at a time
        narrator.undo(events[index])
        assert narrator.current() == (sentences[index - 1] if index else "")
    replay = [narrator.step(event) for event in events]
    assert replay == sentences


def test_past_its_history_the_narrator_says_the_event_it_is_given():
    fresh = walk("backtracking", 6, "zh", by_columns=True)
    narrator = Narrator(registry.get("backtracking"), 6, by_columns=True, lang="zh", history=16)
    for event, _ in fresh:
        narrator.apply(event)
    for index in range(len(fresh) - 1, 0, -1):
        narrator.undo(fresh[index][0])
        assert narrator.current(last=fresh[index - 1][0]) == fresh[index - 1][1]
    assert narrator.context.queens == {0: 0}  # only the first queen is left


def test_clear_starts_the_narrator_again():
    spec = registry.get("backtracking")
    narrator = Narrator(spec, 6)
    first = [narrator.step(e) for e in islice(spec.solve(6), 100)]
    narrator.clear()
    assert narrator.current() == "" and narrator.context.queens == {}
    assert [narrator.step(e) for e in islice(spec.solve(6), 100)] == first


@pytest.mark.parametrize(
    ("lang", "ending"), [("en", " … (2,000 columns in all)."), ("zh", " …（共 2,000 列）。")]
)
def test_a_huge_solution_is_said_by_its_first_columns(lang, ending):
    event, sentence = walk("min-conflicts", 2000, lang)[-1]
    assert isinstance(event, Solution)
    shown = " ".join(str(c + 1) for c in event.queens[:40])
    assert sentence.endswith(f"{shown}{ending}"), sentence[-300:]


def test_narrate_refuses_an_unknown_language():
    narrator = Narrator(registry.get("backtracking"), 4)
    with pytest.raises(ValueError, match="unknown language"):
        narrate(Place(0, 0), narrator.context, "fr")
    assert set(LANGS) == {"en", "zh"}


def explain(*argv: str) -> subprocess.CompletedProcess[str]:
    return nqueens("explain", *argv)


def test_explain_prints_one_sentence_per_event():
    done = explain("8", "--limit", "50")
    assert done.returncode == 0 and done.stderr == ""
    lines = done.stdout.splitlines()
    assert len(lines) == 50
    assert lines[0] == "Row 1, column 1 is safe, so a queen is placed there."


def test_explain_defaults_to_200_lines_and_speaks_chinese():
    done = explain("8", "--algo", "brute-force", "--lang", "zh")
    lines = done.stdout.splitlines()
    assert done.returncode == 0 and len(lines) == 200
    assert all(line.endswith("。") and not ASCII_LETTER.search(line) for line in lines)


def test_explain_limit_0_prints_the_whole_run():
    done = explain("6", "--limit", "0")
    events = nqueens("events", "6")
    assert done.returncode == 0
    assert len(done.stdout.splitlines()) == len(events.stdout.splitlines()) > 200


@pytest.mark.parametrize(
    "argv",
    [
        ["0"],
        ["eight"],
        ["8", "--algo", "nope"],
        ["8", "--lang", "fr"],
        ["8", "--limit", "-1"],
        ["8", "--limit", "８"],
        ["9", "--algo", "brute-force"],
        ["8", "--algo", "bitmask", "--by-columns"],
        ["8", "--algo", "brute-force", "--limit", "0"],  # 35 million events: refused without --force
    ],
)
def test_explain_refuses_bad_input_in_one_line(argv):
    done = explain(*argv)
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and done.stderr.startswith("nqueens: error:")
