"""CLI edges of issue 18 (item 14): an output encoding that cannot show the text, a stop signal
while the program starts, junk in an environment variable, stderr on a full device, and one
meaning of ``--limit 0`` for every command."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests import ROOT

ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def run(*argv: str, env: dict[str, str] | None = None, **kw) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *argv], capture_output=True, text=True, cwd=ROOT, env=env or ENV, timeout=120, **kw
    )


def test_an_ascii_output_refuses_chinese_in_one_line():
    done = run("-m", "solvers", "explain", "6", "--lang", "zh", env={**ENV, "PYTHONIOENCODING": "ascii"})
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        "nqueens: error: the output's encoding (ascii) cannot show this text (use UTF-8)"
    ]


#: Sends this process SIGINT the moment ``{module}`` starts loading, then starts the program.
SIGNAL_WHILE_LOADING = """
import os, signal, sys
class Hook:
    def find_spec(self, name, path=None, target=None):
        if name == {module!r}:
            os.kill(os.getpid(), signal.SIGINT)
        return None
sys.meta_path.insert(0, Hook())
sys.argv = {argv!r}
from {entry} import main
sys.exit(main())
"""


@pytest.mark.parametrize(
    ("module", "argv", "entry", "line"),
    [
        # count 6 loads no numpy any more (issue 21): count 14 loads it, and numba, as it runs
        ("numpy", ["nqueens", "count", "14"], "solvers.cli.main", "nqueens: interrupted"),
        ("argparse", ["nqueens-viz", "--headless"], "visualizer.__main__", "nqueens-viz: stopped by SIGINT"),
    ],
    ids=["nqueens-while-numpy-loads", "viz-before-main"],
)
def test_ctrl_c_while_starting_is_one_line_not_a_traceback(module, argv, entry, line):
    done = run("-c", SIGNAL_WHILE_LOADING.format(module=module, argv=argv, entry=entry))
    assert done.stderr.strip().splitlines() == [line]
    assert done.returncode == 130


def test_junk_in_the_progress_delay_is_the_default_not_a_crash():
    done = run("-m", "solvers", "count", "6", env={**ENV, "NQUEENS_PROGRESS_AFTER": "soon"})
    assert done.returncode == 0 and "solutions: 4" in done.stdout and done.stderr == ""


@pytest.mark.parametrize(
    "argv",
    [
        ["-m", "visualizer", "--headless", "--n", "4", "--script", "dance"],
        ["-m", "solvers", "count", "4", "--algo", "nope"],
    ],
    ids=["viz", "nqueens"],
)
def test_a_refusal_with_stderr_on_a_full_device_still_exits_2(argv):
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, *argv], stdout=subprocess.DEVNULL, stderr=full, cwd=ROOT, env=ENV
        )
    assert done.returncode == 2


@pytest.mark.parametrize("command", ["events", "explain", "solve"])
def test_limit_0_means_no_limit_for_every_command(command):
    every = run("-m", "solvers", command, "5", *(["--limit", "100000"] if command == "explain" else []))
    zero = run("-m", "solvers", command, "5", "--limit", "0")
    assert zero.returncode == every.returncode == 0
    assert zero.stdout == every.stdout and zero.stdout.count("\n") > 10


def test_a_window_with_no_display_to_open_on_is_one_line_and_status_1():
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    env.update(SDL_VIDEODRIVER="x11", DISPLAY=":9999")  # no X server there
    done = subprocess.run(
        [sys.executable, "-m", "visualizer", "--n", "6"], env=env, cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines()[-1].startswith("nqueens-viz: the window could not be opened")
