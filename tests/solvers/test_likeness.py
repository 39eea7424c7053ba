"""Which wrong version a student's own search behaves like (issue 41): each misconception's search
file, written as a student holding it would (``tests/data/misconceptions/``), is named by ``nqueens
check`` in English and Chinese; a right search, or one with a bug no version has, is not."""

from __future__ import annotations

import random

import pytest

from solvers import registry
from solvers.events import Place
from solvers.misconceptions import CATALOGUE, Version, get
from solvers.own.likeness import END, Lazy, behaves_like, distance
from tests import EXAMPLE_SEARCHES, ROOT
from tests.run import nqueens

SEARCHES = ROOT / "tests" / "data" / "misconceptions"
#: The algorithm each file is written after (its title names it in the sentence).
WRITTEN_AS = {
    "prunes-next-row-only": "forward-checking",
    "keeps-pruning": "forward-checking",
    "ties-to-bottom-row": "mrv",
    "counts-attacked-squares": "mrv",
}
RIGHT_ANYWAY = ("ties-to-bottom-row", "counts-attacked-squares")  # another order, every solution


@pytest.fixture(autouse=True)
def few_events(monkeypatch):
    """A search that never ends (restarting a row) is stopped soon."""
    monkeypatch.setenv("NQUEENS_SEARCH_LIMITS", "events=30000")


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("version", CATALOGUE, ids=lambda v: v.key)
def test_nqueens_check_names_the_wrong_version_a_students_search_is(version: Version, lang: str):
    path = SEARCHES / f"{version.key.replace('-', '_')}.py"
    result = nqueens("check", "6", "--search", str(path), "--lang", lang)
    verdict, said = result.stdout.strip().splitlines()
    spec = registry.get(WRITTEN_AS.get(version.key, "backtracking"))
    name = version.text("name", lang)
    if lang == "en":
        algorithm = spec.title[0].lower() + spec.title[1:]
        assert said.startswith(f"Your search behaves like {algorithm} that {name} (it differs from it at no")
    else:
        assert said.startswith(f"你的搜索的行为像{name}的{spec.title_zh}（") and said.endswith("与它不同）。")
        assert "没有一个" in said
    assert result.returncode == (0 if version.key in RIGHT_ANYWAY else 1), result.stdout
    assert verdict.startswith(("Correct", "正确")) == (version.key in RIGHT_ANYWAY)


def test_a_right_search_and_a_bug_no_version_has_are_named_with_none(tmp_path):
    book = nqueens("check", "6", "--search", str(EXAMPLE_SEARCHES / "backtracking.py"))
    assert book.returncode == 0 and len(book.stdout.splitlines()) == 1
    middle = nqueens("check", "6", "--search", str(EXAMPLE_SEARCHES / "middle_out.py"))
    assert middle.returncode == 0 and len(middle.stdout.splitlines()) == 1  # right, in an order of its own
    odd = tmp_path / "odd.py"
    odd.write_text(
        "from solvers.events import Place\n\n\ndef search(n, board):\n"
        "    for row in range(n):\n        board.queens[row] = (2 * row) % n\n"
        "        yield Place(row, (2 * row) % n)\n    yield board.solution()\n"
    )
    result = nqueens("check", "6", "--search", str(odd))
    assert result.returncode == 1 and len(result.stdout.splitlines()) == 1, result.stdout


def test_the_shipped_buggy_example_is_the_r_minus_c_version():
    result = nqueens("check", "8", "--search", str(EXAMPLE_SEARCHES / "missing_anti_diagonal.py"))
    assert result.stdout.splitlines()[-1] == (
        "Your search behaves like backtracking with flag arrays that ignores the r-c diagonals"
        " (it differs from it at no event)."
    )


def test_a_run_a_few_events_off_a_version_is_still_named_with_how_far_off():
    spec, version = registry.get("backtracking"), get("backtracks-too-far")
    run = list(version.run(spec, 8))
    rng = random.Random(5)
    changed = list(run)
    for _ in range(4):  # four extra queens, each lifted at once
        at = rng.randrange(len(changed))
        changed[at:at] = [Place(0, 0)]
    like = behaves_like(changed, 8, ended=True)
    assert like is not None and (like.version, like.differs, like.compared) == (version.key, 4, len(run) + 4)
    assert like.sentence("en").endswith(f"(it differs from it at 4 of {len(run) + 4:,} events).")
    assert behaves_like(list(spec.solve(8)), 8, ended=True) is None  # the model is no wrong version


def test_the_diff_takes_a_beginning_of_the_other_run_and_stops_at_its_cap():
    assert distance("abc", Lazy(iter("abcdef")), 5) == 0
    assert distance("abXc", Lazy(iter("abcdef")), 5) == 1
    assert distance("abc", Lazy(iter("ab")), 5) == 1
    assert distance([*"ab", END], Lazy(iter("ab")), 5) == 0  # both ended there
    assert distance([*"ab", END], Lazy(iter("abc")), 5) == 1  # the other goes on
    assert distance("zzzzzz", Lazy(iter("abcdef")), 3) is None
    made = Lazy(iter(range(10**9)))
    assert distance([0, 1, 2], made, 2) == 0 and len(made.made) < 10  # only what the diff reads is made
