"""An event kind's effects live on its class (issue 37): a switch on event classes outside
``solvers/events.py`` (``isinstance(e, Place)``, ``type(e) is Conflict``, ``type(e) in (...)``, a
``case Place(...)``) is counted per module, and no module may have more than it is allowed.

An effect of a kind is the kind's method or class attribute in ``solvers/events.py`` (its board
effect, tree step, marks, log record, transposition, sound cue, race sentence, ``placed``,
``refusal``, ``solved``, ``pruned``), or, where each reader does something of its own with each kind
(a narrator, a resumer, the wire), a ``Reader`` whose method per kind ``Event.read`` calls.
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

from tests import ROOT

PACKAGES = ("solvers", "visualizer")
EVENTS = Path("solvers/events.py")
#: Switches each module may hold (a module not named: none), where a switch is the honest form.
ALLOWED = {
    # dancing links' own kind (Choose) reaches its narrator's ``other``: no other reader knows it
    "solvers/algorithms/dancing_links.py": 1,
    # the example searches a student reads and copies: their own code asks the event's type
    "solvers/own/examples/backtracking.py": 1,
    "solvers/own/examples/middle_out.py": 1,
    # the exported exercise page (its wrong placement's attacker, its prunes): as the window's did
}
#: The most the allowances may add up to (issue 37).
MOST = 25


def sources(root: Path) -> dict[Path, ast.Module]:
    return {
        path.relative_to(root): ast.parse(path.read_text(encoding="utf-8"))
        for package in PACKAGES
        for path in sorted((root / package).rglob("*.py"))
    }


def event_classes(trees: dict[Path, ast.Module]) -> set[str]:
    """``Event`` and every class deriving from it, wherever it is defined (by name)."""
    names = {"Event"}
    classes = [node for tree in trees.values() for node in ast.walk(tree) if isinstance(node, ast.ClassDef)]
    grown = True
    while grown:
        before = len(names)
        names |= {c.name for c in classes if any(_names(base) & names for base in c.bases)}
        grown = len(names) > before
    return names


def _names(node: ast.expr) -> set[str]:
    if isinstance(node, ast.Tuple):
        return {name for element in node.elts for name in _names(element)}
    if isinstance(node, ast.Name):
        return {node.id}
    if isinstance(node, ast.Attribute):
        return {node.attr}
    return set()


def _is_type_call(node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "type"


def switches(tree: ast.Module, kinds: set[str]) -> int:
    """The switches on ``kinds`` in one module (``kind = type(e)`` then ``kind is Place`` too)."""
    aliases = {
        target.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign) and _is_type_call(node.value)
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    count = 0
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and len(node.args) == 2:
            count += node.func.id in ("isinstance", "issubclass") and bool(_names(node.args[1]) & kinds)
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(
                _is_type_call(side) or (isinstance(side, ast.Name) and side.id in aliases) for side in sides
            ):
                count += any(_names(side) & kinds for side in sides[1:])
        elif isinstance(node, ast.match_case) and isinstance(node.pattern, ast.MatchClass):
            count += bool(_names(node.pattern.cls) & kinds)
    return count


def counted(root: Path = ROOT) -> Counter[str]:
    trees = sources(root)
    kinds = event_classes(trees)
    return Counter(
        {
            path.as_posix(): n
            for path, tree in trees.items()
            if path != EVENTS and (n := switches(tree, kinds))
        }
    )


def test_the_allowances_stay_short():
    assert sum(ALLOWED.values()) <= MOST


def test_no_module_switches_on_event_kinds_more_than_allowed():
    over = {path: n for path, n in counted().items() if n > ALLOWED.get(path, 0)}
    assert over == {}, "give the kind a method or a class attribute in solvers/events.py instead"


def test_the_count_sees_each_form(tmp_path):
    """Each form of switch is counted, on a kind defined anywhere; a plain isinstance is not."""
    (tmp_path / "solvers").mkdir()
    (tmp_path / "visualizer").mkdir()
    (tmp_path / "solvers" / "events.py").write_text("class Event: ...\nclass Place(Event): ...\n")
    (tmp_path / "solvers" / "own.py").write_text("from solvers.events import Event\nclass Mine(Event): ...\n")
    (tmp_path / "visualizer" / "a.py").write_text(
        "def f(e, x):\n"
        "    isinstance(x, int); isinstance(e, Place); type(e) is Mine; type(e) in (Place, Mine)\n"
        "    kind = type(e); kind is Place\n"
        "    match e:\n"
        "        case Place(): pass\n"
    )
    assert counted(tmp_path) == Counter({"visualizer/a.py": 5})
