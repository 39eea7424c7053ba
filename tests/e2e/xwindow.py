"""Real windows for the end-to-end tests: a private Xvfb server with openbox (the ``xvfb_display``
fixture, in conftest.py) and the app in its own process, seen and driven through xdotool."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.programs import require

SCREEN = (1600, 1000)
WINDOW = (1000, 700)
TOOLS = ("Xvfb", "xdotool", "openbox", "xwininfo")  # tests/programs.py names their Debian packages
#: Start-up and reaction deadlines on a loaded CI machine (polled, not timing assertions).
DEADLINE = 60.0


def poll(check: Callable[[], object], what: str, deadline: float = DEADLINE) -> object:
    """``check()`` until it is truthy; fails naming ``what`` after ``deadline`` seconds."""
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    pytest.fail(f"gave up waiting for {what}")


def _wm_ready(env: dict[str, str]) -> bool:
    """Whether openbox has made its (hidden) top-level window."""
    command = ["xdotool", "search", "--maxdepth", "1", "--class", "openbox"]
    found = subprocess.run(command, env=env, capture_output=True, timeout=30)
    return bool(found.stdout.strip())


def xvfb_server(screen: tuple[int, int] = SCREEN) -> Iterator[str]:
    """A private Xvfb server of ``screen`` with openbox; the test is skipped, naming the Debian
    packages, where the tools are missing (.ci/run installs them, and fails on any skip)."""
    require(*TOOLS)
    size = f"{screen[0]}x{screen[1]}x24"
    # -displayfd: the server takes a free display number itself and writes it here once it listens
    # (two test workers picking "the first free number" at once shared one server and fought over it)
    readable, writable = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(writable), "-screen", "0", size, "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        pass_fds=(writable,),
    )
    os.close(writable)
    with os.fdopen(readable) as announced:
        number = announced.readline().strip()  # "" when the server died before listening
    if not number.isdigit():
        server.kill()
        pytest.fail("Xvfb did not start")
    display = f":{number}"
    env = {**os.environ, "DISPLAY": display}
    manager = subprocess.Popen(["openbox"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    poll(lambda: _wm_ready(env) or manager.poll() is not None, "openbox to start", 20)
    yield display
    manager.terminate()
    manager.wait(10)
    server.terminate()
    server.wait(10)


class Window:
    """The app in its own process, seen and driven through xdotool."""

    def __init__(
        self, display: str, cwd: Path, *args: str, size: tuple[int, int] | None = WINDOW, **env: str
    ) -> None:
        self.env = {
            **os.environ,
            "DISPLAY": display,
            "SDL_VIDEODRIVER": "x11",
            "SDL_AUDIODRIVER": "dummy",
            **env,
        }
        command = [sys.executable, "-m", "visualizer", *args]
        if size is not None:  # None: the size it chooses itself (a first run: the desktop's)
            command += ["--size", f"{size[0]}x{size[1]}"]
        self.process = subprocess.Popen(command, cwd=cwd, env=self.env, stderr=subprocess.PIPE, text=True)

    def xdotool(self, *args: str) -> str:
        done = subprocess.run(["xdotool", *args], env=self.env, capture_output=True, text=True, timeout=30)
        return done.stdout

    def window_ids(self) -> list[str]:
        """The app's visible windows (SDL makes a new one on each fullscreen switch)."""
        return self.xdotool("search", "--onlyvisible", "--pid", str(self.process.pid)).split()

    def window_id(self) -> str:
        """The app's one visible window, "" while there is none (or the old one is still there)."""
        ids = self.window_ids()
        return ids[0] if len(ids) == 1 else ""

    def geometry(self) -> tuple[int, int, int, int] | None:
        """The window's position on the screen and its size (x, y, width, height), or None. From
        xwininfo: xdotool's getwindowgeometry counts a window manager's frame offset twice (a
        window under openbox's 19 px title bar at y = 19 is said to stand at y = 38)."""
        window = self.window_id()
        if not window:
            return None
        done = subprocess.run(
            ["xwininfo", "-id", window], env=self.env, capture_output=True, text=True, timeout=30
        )
        fields = dict(line.strip().split(":", 1) for line in done.stdout.splitlines() if ":" in line)
        keys = ("Absolute upper-left X", "Absolute upper-left Y", "Width", "Height")
        try:
            return tuple(int(fields[k]) for k in keys)  # type: ignore[return-value]
        except (KeyError, ValueError):  # the window went (SDL's fullscreen switch makes a new one)
            return None

    def size(self) -> tuple[int, int] | None:
        """The window's current size, or None while it has none."""
        window = self.window_id()
        if not window:
            return None
        fields = dict(
            line.split("=", 1) for line in self.xdotool("getwindowgeometry", "--shell", window).split()
        )
        return (int(fields["WIDTH"]), int(fields["HEIGHT"])) if "WIDTH" in fields else None

    def wait_size(self, size: tuple[int, int], deadline: float = DEADLINE) -> tuple[int, int] | None:
        """Poll until the window has ``size`` (or ``deadline`` passes); the last size seen."""
        end = time.monotonic() + deadline
        seen = self.size()
        while seen != size and self.process.poll() is None and time.monotonic() < end:
            time.sleep(0.05)
            seen = self.size()
        assert self.process.poll() is None, self.process.communicate()[1]
        return seen

    def switch_to(self, size: tuple[int, int], act: Callable[[], None]) -> None:
        """``act`` (a key or a click) until the window has ``size``. SDL drops input that reaches a
        window it has just made before it has the focus (no person is that fast), so a press that
        changed nothing is repeated, waiting longer each time. A press that was only slow (a loaded
        machine) may still land after its repeat did: after a repeat the size must hold as long
        as the last wait, else the presses go on from wherever the window went."""
        patience, presses = 1.0, 0
        while patience < DEADLINE:
            act()
            presses += 1
            seen = self.wait_size(size, patience)
            if seen == size and (presses == 1 or self.holds(size, patience)):
                return
            patience *= 2
        pytest.fail(f"the window is {seen}, not {size}")

    def holds(self, size: tuple[int, int], seconds: float) -> bool:
        """Whether the window keeps ``size`` for ``seconds``."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if self.size() not in (size, None):  # None: between SDL's old window and its new one
                return False
            time.sleep(0.05)
        return self.size() == size

    def key(self, name: str) -> None:
        """A real key press (XTEST) into the activated window."""
        self.xdotool("windowactivate", "--sync", self.window_id())
        self.xdotool("key", name)

    def type(self, text: str) -> None:
        """Real key presses for ``text`` into the activated window."""
        self.xdotool("windowactivate", "--sync", self.window_id())
        self.xdotool("type", "--delay", "30", text)

    def resize(self, size: tuple[int, int]) -> None:
        """The window manager resizes the window, as a user dragging its corner does."""
        self.xdotool("windowsize", "--sync", self.window_id(), str(size[0]), str(size[1]))

    def click(self, pos: tuple[int, int]) -> None:
        """A real left click at ``pos`` inside the window."""
        window = self.window_id()
        self.xdotool("windowactivate", "--sync", window)
        self.xdotool("mousemove", "--window", window, str(pos[0]), str(pos[1]), "click", "1")

    def close(self) -> None:
        """Alt+F4, as a user closes it (openbox sends WM_DELETE_WINDOW); again while the window
        manager has not taken the new window yet. A window manager that has gone away (openbox
        can, on a loaded machine: .ci/run restarts it too) is started again, as a desktop would."""
        tries = [0]

        def pressed() -> bool:
            tries[0] += 1
            if tries[0] % 5 == 0 and not _wm_ready(self.env):
                quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
                subprocess.Popen(["openbox"], env=self.env, **quiet)  # ends with its X server
                poll(lambda: _wm_ready(self.env), "openbox to start again", 20)
            if self.process.poll() is None and self.window_id():
                self.key("alt+F4")
            return self.process.poll() is not None or not poll_briefly(self.process)

        poll(pressed, "the window to close")

    def wait_exit(self) -> tuple[int, str]:
        try:
            _, stderr = self.process.communicate(timeout=DEADLINE)
        except subprocess.TimeoutExpired:
            self.process.kill()
            pytest.fail(f"the window did not exit: {self.process.communicate()[1]}")
        return self.process.returncode, stderr


def poll_briefly(process: subprocess.Popen, seconds: float = 1.0) -> bool:
    """Whether ``process`` still runs after up to ``seconds``."""
    try:
        process.wait(seconds)
    except subprocess.TimeoutExpired:
        return True
    return False
