"""The exercise in an exported page (issue 40): what the page needs to grade a student's moves,
computed here when the page is made. No pygame, and no search in the page.

Each instance's model run is cut into steps by ``solvers/exercise_model.py`` (the window's and
``nqueens results``' one ``Grader``); for each step the page gets its action and square, the
narration's sentence that explains a wrong answer there (``visualizer/core/exercise.py``'s
``Exercise.why``, at the student's position, as the window says it), the squares a confirm step
prunes, and the board after every step (``visualizer/web/trace.py`` with one frame per step). The
kind of a wrong answer comes from ``mistake`` itself as a table: it depends only on the due
action, the answer's action and whether the answer's row is the due one. ``exercise.js`` looks
answers up in that table and keeps the grader's place (due step, undo).

The misconception behind the wrong moves (issue 41) is the window's ``solvers/diagnosis.py``:
``page_data`` gives each instance's ``departures`` (the steps where some wrong version departs
from the model, with its answer there) and, once for the page, the scoring's constants and the
sentences (``diagnosis``); ``exercise.js`` counts the student's first answers against them as
``diagnose`` does and fills the window's sentences.

>>> from solvers import registry
>>> data = instance_data(registry.get("backtracking"), 4, "first", None)
>>> data["first"], data["acts"][:3], data["squares"][:6], len(data["trace"]["queenSteps"])
(0, [0, 1, 1], [0, 0, 1, 0, 1, 1], 31)
>>> data["sentences"][data["why"][1]][0]
'Row 2, column 1 is refused: the queen in row 1 holds that column.'
>>> kind_table()[ACTION_CODES.index("refuse")][ACTION_CODES.index("place")]
['missed-conflict', 'missed-conflict']
"""

from __future__ import annotations

from solvers.diagnosis import Predictions, page_data
from solvers.errors import SolverError
from solvers.exercise_model import ACTIONS, FEEDBACK, GOALS, Step, mistake
from solvers.instance import Instance
from solvers.registry import AlgorithmSpec
from visualizer.core.exercise import Exercise, check_exercise
from visualizer.look.i18n import LANGUAGES
from visualizer.web.trace import build_trace

#: The actions as the page numbers them (a board's start, the givens, is the last).
ACTION_CODES = (*ACTIONS, "start")
#: The most instances one page carries (each a model run, with a board per step).
MAX_INSTANCES = 20
#: The default share of right moves (percent) that passes, when the teacher sets none.
MASTERY = 80


def kind_table() -> list[list[list[str | None]]]:
    """``table[due][answer][same]``: the kind of mistake (None: right) of answering a step whose
    action is ``ACTION_CODES[due]`` with ``ACTIONS[answer]``, ``same`` 1 when the answer's row is
    the due step's row, 0 when not; computed by ``mistake``, the window's grading."""
    table = []
    for due in ACTIONS:
        square = (0, 0) if due in ("place", "refuse", "backtrack") else None
        step = Step(due, square, None if due == "confirm" else 0)
        table.append(
            [[mistake(step, answer, 1), mistake(step, answer, 0)] for answer in ACTIONS]
        )  # [other, same]
    return table


def _sentence(table: dict[tuple[str, ...], int], said: dict[str, str]) -> int:
    key = tuple(said[lang] for lang in LANGUAGES)
    return table.setdefault(key, len(table))


def instance_data(spec: AlgorithmSpec, n: int, goal: str, instance: Instance | None) -> dict[str, object]:
    """One instance's model steps, with what the page shows and says at each (see the module)."""
    bound = spec.bound(instance)
    exercise = Exercise(bound, n, goal=goal, clock=lambda: 0.0)
    steps = exercise.steps
    sentences: dict[tuple[str, ...], int] = {}
    why: list[int] = [-1] * exercise.first
    while not exercise.over:  # the model's moves in turn, each one's sentence where it is due
        due = exercise.due
        assert due is not None
        why.append(_sentence(sentences, exercise.why(due)))
        exercise.answer(due.action, due.row)
    squares: list[int] = []
    prunes: dict[str, list[int]] = {}
    blockers: dict[str, list[int]] = {}
    for index, step in enumerate(steps):
        row = -1 if step.row is None else step.row
        squares += [row, step.square[1] if step.square is not None else -1]
        pruned = [number for e in step.events if (square := e.pruned()) for number in square]
        if step.action == "confirm" and pruned:
            prunes[str(index)] = pruned
        blocker = step.said.marks().blocker if step.said is not None else None
        if step.action == "refuse" and blocker is not None:
            blockers[str(index)] = [int(x) for x in blocker[:2]]
    stops = [exercise.ends[at - 1] if at else 0 for at in range(len(steps) + 1)]
    trace = build_trace(bound, n, 0, stops[-1], stops=stops)
    trace.pop("places")
    trace["mrv"] = []  # MRV's next row is the answer to a row step: never shown in the exercise
    return {
        "instance": instance.as_json() if instance is not None and not instance.plain else None,
        "first": exercise.first,
        "acts": [ACTION_CODES.index(step.action) for step in steps],
        "squares": squares,
        "why": why,
        "sentences": [list(said) for said in sentences],
        "prunes": prunes,
        "blockers": blockers,
        "trace": trace,
        "departures": page_data(bound, n, goal)["steps"],
    }


def instances(n: int, count: int, seed: int | None, blocked: int, given: int) -> list[Instance | None]:
    """``count`` different random instances drawn from ``seed``, ``seed + 1``, ... (each with
    ``blocked`` squares and ``given`` queens); ``[None]`` (the plain board) without a seed.
    SolverError when the board has fewer different instances than asked for."""
    if not 1 <= count <= MAX_INSTANCES:
        raise SolverError(f"a page carries 1 to {MAX_INSTANCES} instances (got {count})")
    if seed is None:
        if count > 1:
            raise SolverError("--instances needs --seed: each instance is drawn from it")
        return [None]
    out: list[Instance | None] = []
    seen: set[Instance] = set()
    for draw in range(seed, seed + 50 * count):
        instance = Instance.random(n, draw, blocked=blocked, given=given)
        if instance not in seen:
            seen.add(instance)
            out.append(instance)
            if len(out) == count:
                return out
    raise SolverError(
        f"{count} different instances of n = {n} with {blocked} blocked squares and {given} given"
        f" queens could not be drawn; ask for fewer"
    )


def exercise_data(
    spec: AlgorithmSpec,
    n: int,
    *,
    goal: str = "first",
    feedback: str = "continuous",
    drawn: list[Instance | None] | None = None,
    mastery: int = MASTERY,
) -> dict[str, object]:
    """The ``exercise`` part of a page's data: the options, the grading table and each instance.
    SolverError for an algorithm or n the exercise does not take; ValueError for a bad option."""
    check_exercise(spec, n)
    if goal not in GOALS or feedback not in FEEDBACK:
        raise ValueError(f"goal is first or all, feedback continuous or undo (got {goal!r}, {feedback!r})")
    if not 0 <= mastery <= 100:
        raise ValueError(f"the mastery score is a percentage, 0 to 100 (got {mastery})")
    return {
        "algorithm": spec.name,
        "title": {"en": spec.title, "zh": spec.title_zh},
        "n": n,
        "goal": goal,
        "feedback": feedback,
        "mastery": mastery,
        "dynamicRows": spec.dynamic_rows,
        "domains": spec.keeps_domains,
        "kinds": kind_table(),
        "actions": list(ACTION_CODES),
        "instances": [instance_data(spec, n, goal, instance) for instance in drawn or [None]],
        "diagnosis": diagnosis_text(spec, n, goal),
    }


def diagnosis_text(spec: AlgorithmSpec, n: int, goal: str) -> dict[str, object]:
    """What every instance's diagnosis shares: ``page_data`` but its steps (the scoring's
    constants, the wrong versions that apply with their phrases, the sentences)."""
    found = Predictions(spec, n, goal, ()).web_data()
    del found["steps"]
    return found


def exercise_page(
    spec: AlgorithmSpec,
    n: int,
    *,
    goal: str = "first",
    feedback: str = "continuous",
    count: int = 1,
    seed: tuple[int, int, int] | None = None,
    mastery: int = MASTERY,
    lang: str = "en",
    instance: Instance | None = None,
) -> dict[str, object]:
    """A page's data for the exercise: ``count`` instances drawn from ``seed`` (SEED, BLOCKED,
    GIVEN), or the one ``instance`` (None: the plain board). SolverError / ValueError for what the
    exercise does not take, in one sentence."""
    from visualizer.web.page import exercise_page_data

    if seed is not None:
        drawn = instances(n, count, seed[0], seed[1], seed[2])
    else:
        drawn = [instance] if count == 1 else instances(n, count, None, 0, 0)
    data = exercise_data(spec, n, goal=goal, feedback=feedback, drawn=drawn, mastery=mastery)
    return exercise_page_data(data, lang)
