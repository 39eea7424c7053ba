"""A student's search is hostile until proven otherwise (issue 35): each file of
``tests/data/hostile`` tries one thing a search must not do; the run keeps its good events, ends in
one sentence about the student's file, and leaves nothing behind (no file outside its scratch
folder, no secret in the verdict, no process)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from solvers.errors import SolverError
from solvers.events import Place
from solvers.own import sandbox
from solvers.own.failure import SearchFailed
from solvers.own.search import EventStream
from tests import ROOT

HOSTILE = ROOT / "tests" / "data" / "hostile"
SECRET = "TOP-SECRET-KEY-4711"
CONTAINED = sandbox.layers().landlock >= 6 and sandbox.layers().seccomp
needs_kernel = pytest.mark.skipif(
    not CONTAINED, reason="needs Linux with Landlock ABI 6 and libseccomp (Debian: libseccomp2)"
)


def hostile(tmp_path: Path, name: str) -> tuple[Path, Path]:
    """The hostile search ``name`` in a folder of its own, aimed at ``outside`` (holding a secret)."""
    outside, work = tmp_path / "outside", tmp_path / "work"
    outside.mkdir(exist_ok=True)
    work.mkdir(exist_ok=True)
    (outside / "secret.txt").write_text(SECRET, encoding="utf-8")
    text = (HOSTILE / name).read_text(encoding="utf-8").replace('"/nonexistent"', repr(str(outside)))
    path = work / name
    path.write_text(text, encoding="utf-8")
    return path, outside


def run(path: Path, n: int = 4) -> tuple[list, SolverError | None]:
    """Every event the search gave before it ended, and how it ended; its process group is gone."""
    stream = EventStream(path, n)
    events: list = []
    error = None
    try:
        events.extend(stream)
    except SolverError as failure:
        error = failure
    child = stream._feed.child
    with pytest.raises(ProcessLookupError):
        os.killpg(child.process.pid, 0)  # the whole group is gone, not only the child
    assert not os.path.exists(child.scratch)
    return events, error


def failed(error: SolverError | None, kind: str, name: str) -> SearchFailed:
    assert isinstance(error, SearchFailed), error
    assert error.kind == kind, error
    assert str(error).startswith(name) and "Traceback" not in str(error) and "\n" not in str(error)
    return error


@needs_kernel
def test_a_secret_outside_its_folder_cannot_be_read(tmp_path):
    path, _ = hostile(tmp_path, "read_secret.py")
    _, error = run(path)
    failure = failed(error, "forbidden", "read_secret.py, line 7:")
    assert SECRET not in str(failure) and "Permission denied" in str(failure)


def test_the_parents_environment_is_not_the_searchs(tmp_path, monkeypatch):
    monkeypatch.setenv("NQUEENS_TEST_TOKEN", SECRET)
    path, _ = hostile(tmp_path, "environment.py")
    _, error = run(path)
    failure = failed(error, "exception", "environment.py, line 7:")
    assert SECRET not in str(failure) and "NQUEENS_TEST_TOKEN" not in str(failure)
    assert "'HOME'" in str(failure)  # what it has: a home of its own, and little else


@needs_kernel
def test_files_outside_its_folder_are_neither_removed_nor_written_and_the_good_events_stay(tmp_path):
    path, outside = hostile(tmp_path, "write_outside.py")
    events, error = run(path)
    failed(error, "forbidden", "write_outside.py, line 10:")
    assert events == [Place(0, 0, 8)]
    assert (outside / "secret.txt").read_text(encoding="utf-8") == SECRET
    assert sorted(p.name for p in outside.iterdir()) == ["secret.txt"]
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]


def test_its_own_scratch_folder_is_its_to_use_and_goes_with_it(tmp_path):
    path, _ = hostile(tmp_path, "scratch_only.py")
    events, error = run(path)
    assert error is None and len(events) == 1


@needs_kernel
@pytest.mark.parametrize("name", ["run_program.py", "fork_and_linger.py", "network.py"])
def test_no_program_process_or_socket(tmp_path, name):
    path, outside = hostile(tmp_path, name)
    events, error = run(path)
    failed(error, "forbidden", name)
    assert "Operation not permitted" in str(error)
    assert len(events) == 1
    if name == "fork_and_linger.py":
        time.sleep(2.5)  # what a forked process would have written by now
    assert sorted(p.name for p in outside.iterdir()) == ["secret.txt"]


def test_only_the_students_api_is_importable(tmp_path):
    path, _ = hostile(tmp_path, "import_product.py")
    _, error = run(path)
    failure = failed(error, "forbidden", "import_product.py, line 3:")
    assert "may import only solvers.events of this program, not solvers.algorithms" in str(failure)


@pytest.mark.parametrize(
    ("name", "said", "kept"),
    [
        ("huge_square.py", "huge_square.py, line 8: event 2 is not a valid event: row 1,000,000,001", 1),
        (
            "forged_line_number.py",
            "event 1 is not a valid event: line 1000000001 is not a line of the file",
            0,
        ),
        ("forged_lines.py", "is not a valid event: 2 numbers do not make a 'p' event", 0),
    ],
)
def test_every_line_from_the_child_is_checked(tmp_path, name, said, kept):
    path, _ = hostile(tmp_path, name)
    events, error = run(path)
    failure = failed(error, "bad_event", name)
    assert said.replace(",", "") in str(failure).replace(",", "")
    assert len(events) == kept


@pytest.mark.parametrize(
    ("name", "limit", "kind", "said"),
    [
        ("trickle.py", "wall=2", "slow", "ran for 2 s without finishing"),
        ("spin.py", "cpu=1", "cpu", "more than 1 s of processor time"),
        ("flood.py", "events=1000", "too_many", "did not end within 1,000 events"),
    ],
)
def test_each_limit_ends_the_run_in_its_own_words(tmp_path, monkeypatch, name, limit, kind, said):
    monkeypatch.setenv("NQUEENS_SEARCH_LIMITS", limit)
    path, _ = hostile(tmp_path, name)
    events, error = run(path)
    assert said in str(failed(error, kind, name))
    assert events  # what came before the limit stays
    if kind == "too_many":
        assert len(events) == 1000


def test_a_malformed_limits_setting_keeps_the_safe_defaults(monkeypatch):
    monkeypatch.setenv("NQUEENS_SEARCH_LIMITS", "cpu=-1,memory=lots,wall=,bogus=3,events=10")
    assert sandbox.limits() == sandbox.Limits(events=10)


def nqueens_process(*argv: str, env: dict[str, str] | None = None, cwd: Path | None = None):
    return subprocess.Popen(
        [sys.executable, "-m", "solvers", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, **(env or {})},
        cwd=cwd,
    )


@needs_kernel
@pytest.mark.parametrize("name", ["signal_parent.py", "libc_calls.py"])
def test_the_search_cannot_stop_or_kill_the_check(tmp_path, name):
    path, _ = hostile(tmp_path, name)
    check = nqueens_process("check", "4", "--search", str(path))
    out, err = check.communicate(timeout=60)
    assert check.returncode == 1, (out, err)
    assert "Operation not permitted" in out or "kill returned -1, fork returned -1" in out
    assert out.startswith(name) and "Traceback" not in out + err


def students(parent: int) -> list[int]:
    """The processes started for a student's search by the process ``parent``."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            line = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if b"solvers.own.child" in line and f'"parent": {parent}}}'.encode() in line:
            found.append(int(entry.name))
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize(("sig", "status"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_signal_to_the_check_ends_the_students_process_too(tmp_path, sig, status):
    path, _ = hostile(tmp_path, "spin.py")
    check = nqueens_process("check", "4", "--search", str(path))
    deadline = time.monotonic() + 30
    while not students(check.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert students(check.pid)
    check.send_signal(sig)
    _, err = check.communicate(timeout=30)
    assert check.returncode == status and "Traceback" not in err
    deadline = time.monotonic() + 20  # a loaded machine reaps slowly: a deadline, not a timing
    while students(check.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert students(check.pid) == []


@needs_kernel
def test_the_checker_cannot_be_rewritten_by_a_contained_search(tmp_path):
    before = (ROOT / "solvers" / "own" / "check.py").read_bytes()
    path, _ = hostile(tmp_path, "tamper_checker.py")
    _, error = run(path)
    failed(error, "forbidden", "tamper_checker.py, line 8:")
    assert (ROOT / "solvers" / "own" / "check.py").read_bytes() == before


def test_a_search_that_rewrites_the_checker_changes_no_later_verdict(tmp_path):
    """On a system without the kernel's layers (NQUEENS_SANDBOX=limits: as on macOS), on a scratch
    copy of the program: the write succeeds, the file is put back, and the next check is honest."""
    copy = tmp_path / "install"
    shutil.copytree(ROOT / "solvers", copy / "solvers", ignore=shutil.ignore_patterns("__pycache__"))
    checker = copy / "solvers" / "own" / "check.py"
    before = checker.read_bytes()
    path, _ = hostile(tmp_path, "tamper_checker.py")
    env = {"PYTHONPATH": str(copy), "NQUEENS_SANDBOX": "limits"}
    first = nqueens_process("check", "4", "--search", str(path), env=env, cwd=tmp_path)
    out, err = first.communicate(timeout=60)
    assert first.returncode == 1
    assert "changed this program's own files (solvers/own/check.py); they were put back" in out, (out, err)
    assert checker.read_bytes() == before
    wrong, _ = hostile(tmp_path, "false_claims.py")
    second = nqueens_process("check", "4", "--search", str(wrong), env=env, cwd=tmp_path)
    out, _ = second.communicate(timeout=60)
    assert second.returncode == 1 and "attacked by the queen in row 1, column 1" in out


def alive_in_group(group: int) -> list[int]:
    """The processes of the process group ``group`` still running (a zombie waits only to be reaped)."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            state, _, pgrp = (entry / "stat").read_bytes().rpartition(b")")[2].split()[:3]
        except (OSError, ValueError):
            continue
        if int(pgrp) == group and state != b"Z":
            found.append(int(entry.name))
    return found


def leftovers(parent: int) -> list[Path]:
    return sorted(Path(tempfile.gettempdir()).glob(f"{sandbox.PREFIX}{parent}-*"))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("layers", ["kernel", "limits"])
def test_a_search_outlives_no_parent_killed_outright(tmp_path, layers):
    """SIGKILL leaves the parent no way out to kill its child's group: the child sees it has no
    parent any more and ends its group (a sleeping search, whose processor time never runs out, and
    what it forked where the sandbox lets it: NQUEENS_SANDBOX=limits). The scratch folder the parent
    left goes at the next start of a search."""
    path = tmp_path / "sleeps.py"
    path.write_text(
        "import os, time\ndef search(n, board):\n    yield board.try_square(0, 0)\n"
        "    try:\n        os.fork()\n    except OSError:\n        pass\n"
        "    while True:\n        time.sleep(0.01)\n",
        encoding="utf-8",
    )
    env = {"NQUEENS_SANDBOX": "limits"} if layers == "limits" else {}
    check = nqueens_process("check", "4", "--search", str(path), env=env)
    deadline = time.monotonic() + 30
    while not students(check.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    [child] = [pid for pid in students(check.pid) if os.getpgid(pid) == pid]  # not what it forked
    if layers == "limits":
        while len(alive_in_group(child)) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(alive_in_group(child)) == 2, "the search forked"
    assert len(leftovers(check.pid)) == 1
    check.kill()
    check.wait(30)
    deadline = time.monotonic() + 20  # a loaded machine reaps slowly: a deadline, not a timing
    while (students(check.pid) or alive_in_group(child)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert students(check.pid) == [] and alive_in_group(child) == []
    [left] = leftovers(check.pid)
    assert (left / sandbox.MARKER).is_file()
    events, _ = run(HOSTILE / "scratch_only.py")  # the next search's start sweeps it away
    assert events and leftovers(check.pid) == []


def test_the_sweep_leaves_what_it_did_not_make_or_what_a_live_parent_holds(tmp_path, monkeypatch):
    """Only a folder of ours (no link), its marker naming the pid of its name, that process dead or
    not ours, is removed."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()

    def made(name: str, marker: str | None) -> Path:
        folder = tmp_path / name
        (folder / "work").mkdir(parents=True)
        (folder / "work" / "note.txt").write_text("x", encoding="utf-8")
        if marker is not None:
            (folder / sandbox.MARKER).write_text(marker, encoding="utf-8")
        return folder

    me, started = os.getpid(), sandbox._started(os.getpid())
    gone = made(f"{sandbox.PREFIX}{dead.pid}-a", f"nqueens-search {dead.pid} 1")
    reused = made(f"{sandbox.PREFIX}{me}-b", f"nqueens-search {me} {started}0")  # another start time
    live = made(f"{sandbox.PREFIX}{me}-c", f"nqueens-search {me} {started}")
    unmarked = made(f"{sandbox.PREFIX}{dead.pid}-d", None)
    mismatch = made(f"{sandbox.PREFIX}{dead.pid}-e", f"nqueens-search {me} {started}")
    foreign = made(f"{sandbox.PREFIX}{me}-f", f"something {dead.pid} 1")
    target = made("precious", f"nqueens-search {dead.pid} 1")
    link = tmp_path / f"{sandbox.PREFIX}{dead.pid}-g"
    link.symlink_to(target)
    marker_link = made(f"{sandbox.PREFIX}{dead.pid}-h", None)
    (marker_link / sandbox.MARKER).symlink_to(gone / sandbox.MARKER)
    sandbox.sweep()
    assert not gone.exists() and not reused.exists()
    for kept in (live, unmarked, mismatch, foreign, target, marker_link):
        assert (kept / "work" / "note.txt").is_file(), kept
    assert link.is_symlink()
