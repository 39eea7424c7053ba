"""The window under stress: closing during long work, n beyond a limit, memory over a whole run."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import pygame
import pytest

from tests import ROOT
from visualizer import app as app_module
from visualizer.app import App
from visualizer.core import timeline as timeline_module
from visualizer.core.eventlog import BYTES_PER_EVENT, CHUNK

FRAME = 1 / 60


def test_quit_during_a_long_instant_result_stops_the_loop_and_joins_the_worker(monkeypatch):
    monkeypatch.setattr(pygame, "quit", lambda: None)  # keep fonts cached for later tests
    app = App(16, "forward-checking", size=(1280, 800))
    app.tick(FRAME)
    assert not app.show_all
    app.dispatch("instant")  # the engine's walk of n = 16 on one core: about a minute, on the worker
    assert app.busy
    thread = app.mode.player._thread
    assert thread is not None and thread.is_alive()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.run(max_frames=600) == 0  # the first frame sees QUIT; 600 frames would be 10 s
    thread.join(timeout=10.0)  # "at once" (well under a second), with a loaded machine's margin
    assert not thread.is_alive()
    assert app.mode.player.job is not None and app.mode.player.job.cancelled
    assert not app.timeline.finished


def test_window_process_started_on_a_long_instant_result_exits_promptly(tmp_path):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "HOME": str(tmp_path)}
    command = [sys.executable, "-m", "visualizer", "--algo", "forward-checking", "--n", "16"]
    command += ["--script", "instant", "--frames", "5"]
    # Generous bound for a loaded CI machine; the job alone would take a minute or more.
    done = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr


def test_exhaustive_algorithm_refuses_n_beyond_its_limit_with_a_banner():
    app = App(8, "brute-force", size=(1280, 800))
    try:
        app.tick(FRAME)
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHTBRACKET, mod=0, unicode="]", scancode=0)
        )
        app.tick(FRAME)
        assert app.timeline.n == 8
        assert app.banner is not None and app.banner[1] == "error"
        assert "8" in app.banner[0]
        app.banner = None
        app.dispatch("n", 9)
        assert app.timeline.n == 8 and app.banner is not None and app.banner[1] == "error"
        assert app.running
        app.dispatch("step")
        assert app.timeline.cursor == 1  # still answering, same run
    finally:
        app.close()


def test_memory_stays_bounded_over_a_whole_show_all_run(monkeypatch):
    monkeypatch.setattr(timeline_module, "SEEK_LOG_CAPACITY", CHUNK)  # the window keeps 2^20; here one chunk
    app = App(6, "brute-force", size=(1280, 800))
    try:
        app.dispatch("show-all", True)
        app.dispatch("speed", 10_000)  # show-all plays at the slider's speed
        app.dispatch("instant")
        assert app.mode.player.goal.kind == "end"
        deadline = time.monotonic() + 60  # the estimate thread's imports (numba) are not the log
        while app.mode.player.total is None and time.monotonic() < deadline:
            time.sleep(0.01)
        tracemalloc.start()
        frames = 0
        while not app.timeline.finished and frames < 1000:
            app.tick(2.0, draw=False)  # 20,000 events a frame at the top speed
            frames += 1
            assert app.timeline.log.memory_bytes() <= (CHUNK + CHUNK) * BYTES_PER_EVENT
        # what our own code holds at the end (numba compiling on a background thread is not ours)
        ours = [tracemalloc.Filter(True, f"*/{package}/*") for package in ("visualizer", "solvers")]
        held = sum(
            stat.size for stat in tracemalloc.take_snapshot().filter_traces(ours).statistics("filename")
        )
        tracemalloc.stop()
        assert app.timeline.finished
        assert app.timeline.cursor == 158_628  # 6^6 boards: every event applied ...
        assert app.timeline.history_start > 0  # ... the oldest forgotten
        assert app.timeline.counters.attempts == 6**6
        assert app.timeline.counters.solutions == 4
        assert held < 16 * 2**20  # the whole run would take 2.5 MB of log; a leak would hold far more
    finally:
        app.close()


@pytest.mark.parametrize("size", [(100, 100), (960, 640)])
def test_tiny_resizes_keep_the_minimum(size):
    app = App(8, "backtracking", size=size)
    try:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1, h=1, size=(1, 1)))
        app.tick(FRAME)
        assert app.surface.get_size() == app_module.MIN_SIZE
    finally:
        app.close()


def _f11(app: App) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_F11, mod=0, unicode="", scancode=0))
    app.tick(FRAME)


def _fullscreen_button(app: App) -> None:
    from tests.ui import click_button

    click_button(app, "fullscreen")


@pytest.mark.parametrize("toggle", [_f11, _fullscreen_button], ids=["F11", "button"])
def test_fullscreen_goes_to_the_screen_size_and_back_twice(toggle):
    window = (1000, 700)
    app = App(8, "backtracking", size=window, full_column=True)  # its Fullscreen button
    try:
        app.tick(FRAME)
        desktop = pygame.display.get_desktop_sizes()[0]
        assert desktop != window  # else the size could not show the change
        for _ in range(2):
            toggle(app)
            assert app.fullscreen and app.surface.get_size() == desktop
            assert app.layout.board.right <= desktop[0] and app.banner is None
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=700, size=(1000, 700)))
            app.tick(FRAME)  # a stale resize event while fullscreen does not leave it
            assert app.fullscreen and app.surface.get_size() == desktop
            toggle(app)
            assert not app.fullscreen and app.surface.get_size() == window
            assert app.state()["window_size"] == list(window)
        assert app.running
    finally:
        app.close()


@pytest.mark.parametrize(
    ("script", "fullscreen"),
    [("key:f11", True), ("key:f11;key:f11", False), ("key:f11;step:3;key:f11;key:f11", True)],
)
def test_headless_f11_toggles_fullscreen(script, fullscreen):
    from visualizer.shell.headless import run_headless

    state = run_headless(n=8, algorithm="backtracking", size=(1000, 700), script=script)
    desktop = pygame.display.get_desktop_sizes()[0]
    assert state["fullscreen"] is fullscreen
    assert state["window_size"] == list(desktop if fullscreen else (1000, 700))


LONG_WORK = ["--algo", "forward-checking", "--n", "16", "--script", "instant"]  # a minute of engine walk


def started_long_work(process: subprocess.Popen) -> bool:
    """Poll until the process runs a second thread (the App's worker), or it has ended."""
    deadline = time.monotonic() + 60  # start-up on a loaded machine, not a timing assertion
    tasks = Path(f"/proc/{process.pid}/task")
    while process.poll() is None and time.monotonic() < deadline:
        if tasks.exists() and len(list(tasks.iterdir())) >= 2:
            return True
        time.sleep(0.05)
    return False


def stop_and_wait(process: subprocess.Popen, signum: int) -> tuple[float, str]:
    """Send ``signum``; the seconds until the process ended, and its stderr."""
    sent = time.monotonic()
    process.send_signal(signum)
    try:
        _, stderr = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        _, stderr = process.communicate()
        return float("inf"), stderr
    return time.monotonic() - sent, stderr


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
@pytest.mark.parametrize("where", ["--headless", "--frames=100000"], ids=["headless", "window"])
def test_a_stop_signal_during_long_work_ends_the_process_at_once(tmp_path, signum, where):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    command = [sys.executable, "-m", "visualizer", where, *LONG_WORK]
    process = subprocess.Popen(command, cwd=tmp_path, env=env, stderr=subprocess.PIPE, text=True)
    assert started_long_work(process), process.communicate()[1]
    seconds, stderr = stop_and_wait(process, signum)
    # a liveness check with a loaded machine's margin (the walk itself takes minutes); the real time
    # is well under a second
    assert seconds < 20, stderr
    assert process.returncode == 128 + signum, stderr
    assert stderr.strip() == f"nqueens-viz: stopped by {signal.Signals(signum).name}"


def python(code: str) -> subprocess.CompletedProcess[str]:
    """``code`` run by a Python of its own in the checkout, its output captured."""
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)


def test_a_swallowed_stop_still_ends_the_process():
    # a library's bare except eating the Stopped: the safety net ends the process anyway
    code = (
        "import os, signal, time\n"
        "from visualizer.shell.stopping import stop_on_signals\n"
        "with stop_on_signals():\n"
        "    try:\n"
        "        os.kill(os.getpid(), signal.SIGTERM)\n"
        "        time.sleep(1)\n"
        "    except BaseException:\n"
        "        pass\n"
        "    time.sleep(600)\n"
    )
    done = python(code)
    assert done.returncode == 128 + signal.SIGTERM
    assert done.stderr.strip() == "nqueens-viz: stopped by SIGTERM"


def test_a_stop_raised_where_python_cannot_raise_it_ends_the_process_with_one_line():
    """SIGTERM inside a weakref callback (seen in importlib's module locks on a loaded machine):
    Python drops the Stopped and would print "Exception ignored" with a traceback; the safety net
    ends the process, with its one line only. Another such error is still printed."""
    code = (
        "import os, signal, sys, time, weakref\n"
        "from visualizer.shell.stopping import stop_on_signals\n"
        "class Thing: pass\n"
        "def callback(ref):\n"
        "    os.kill(os.getpid(), signal.SIGTERM)\n"
        "    time.sleep(1)\n"
        "with stop_on_signals():\n"
        "    other = Thing()\n"
        "    keep = weakref.ref(other, lambda ref: 1 / 0)\n"
        "    del other\n"
        "    thing = Thing()\n"
        "    ref = weakref.ref(thing, callback)\n"
        "    del thing\n"
        "    time.sleep(600)\n"
    )
    done = python(code)
    assert done.returncode == 128 + signal.SIGTERM
    lines = done.stderr.strip().splitlines()
    assert lines[-1] == "nqueens-viz: stopped by SIGTERM" and "Stopped" not in done.stderr
    assert "ZeroDivisionError" in done.stderr  # not a stop: printed as Python would


def test_an_exit_that_hangs_after_a_stop_still_ends_the_process():
    # the Stopped was handled and announced, then something holds the interpreter's exit up
    # (a non-daemon thread): the safety net ends the process with the same status, one line
    code = (
        "import os, signal, sys, threading, time\n"
        "from visualizer.shell.stopping import Stopped, announce, stop_on_signals\n"
        "threading.Thread(target=time.sleep, args=(600,)).start()\n"
        "try:\n"
        "    with stop_on_signals():\n"
        "        os.kill(os.getpid(), signal.SIGINT)\n"
        "        time.sleep(5)\n"
        "except Stopped as stop:\n"
        "    announce(stop.signum)\n"
        "    sys.exit(128 + stop.signum)\n"
    )
    done = python(code)
    assert done.returncode == 128 + signal.SIGINT
    assert done.stderr.strip() == "nqueens-viz: stopped by SIGINT"


def test_a_stop_inside_a_deferred_block_waits_for_its_end():
    """A SIGTERM while an export starts its ffmpeg (``deferred``) is raised once the export is
    registered, so the unwinding stops that ffmpeg: no half-made process, no file left behind."""
    code = (
        "import os, signal, sys, time\n"
        "from visualizer.shell.stopping import Stopped, deferred, stop_on_signals\n"
        "try:\n"
        "    with stop_on_signals():\n"
        "        with deferred():\n"
        "            os.kill(os.getpid(), signal.SIGTERM)\n"
        "            time.sleep(0.2)\n"
        "            print('the block ran to its end', flush=True)\n"
        "        print('never', flush=True)\n"
        "except Stopped as stop:\n"
        "    print(f'stopped by {stop.signum}', flush=True)\n"
        "    sys.exit(0)\n"
    )
    done = python(code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["the block ran to its end", f"stopped by {int(signal.SIGTERM)}"]


def test_a_stop_that_a_c_extension_wrapped_in_its_own_error_still_ends_quietly(monkeypatch, capsys):
    """SIGTERM while pygame_gui loads a font: the handler's Stopped came back as the cause of a
    SystemError (seen under Xvfb on a loaded machine); the window still ends with its one line."""
    import visualizer.__main__ as entry
    from visualizer.shell import stopping

    def wrapped(argv):
        try:
            raise stopping.Stopped(signal.SIGTERM)
        except stopping.Stopped as stop:
            raise SystemError("returned a result with an exception set") from stop

    monkeypatch.setattr(entry, "_main", wrapped)
    monkeypatch.setattr(stopping, "_announced", type(stopping._announced)())
    assert entry.main([]) == 128 + signal.SIGTERM
    err = capsys.readouterr().err
    assert "stopped by SIGTERM" in err and "Traceback" not in err
