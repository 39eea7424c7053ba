"""A student's search that stalls, in a real window (Xvfb, openbox, xdotool): Esc and R answer while
it is waited for and after it failed, its failure is a flag on the scrub bar, and Alt+F4 closes the
window with status 0, nothing on stderr and no search process left behind."""

from __future__ import annotations

import time
from pathlib import Path

import pygame

from tests.e2e.xwindow import WINDOW, Window, poll

#: One event, then a loop that yields nothing: the stream gives up after 5 s of silence.
STALLS = """import time
def search(n, board):
    yield board.try_square(0, 0)
    while True:
        time.sleep(0.01)
    yield board.remove(0, 0)
"""


def bar_points(
    search: Path,
) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int], tuple[int, int, int]]:
    """Where the scrub bar of a window of ``WINDOW`` shows the search (the same layout, dummy driver):
    the failure's flag (at the run's end), a point 3/4 along the track (filled only at the end),
    and the colours of the flag and of the filled track."""
    from solvers.own.search import register
    from tests.ui import new_app
    from visualizer.render.scrub import failure_flag, scrub_track

    app = new_app(6, register(search).name, size=WINDOW)
    try:
        area = app.layout.scrub
        track = scrub_track(area)
        flag = failure_flag(track, area, 1.0)
        along = (track.left + track.w * 3 // 4, track.centery)
        return (flag.left + 1, flag.top + 1), along, app.theme.conflict, app.theme.tried
    finally:
        app.close()


def screenshot(window: Window, folders: list[Path]) -> pygame.Surface:
    """S in the window, Enter in its file dialog (the name it offers, in N-Queens in the documents
    folder), and the PNG it saved."""
    before = {p for folder in folders for p in folder.glob("nqueens-*.png")}
    window.key("s")
    time.sleep(1.5)  # the dialog opens and takes the keyboard
    window.key("Return")
    new = poll(
        lambda: [p for folder in folders for p in folder.glob("nqueens-*.png") if p not in before],
        "the screenshot",
        30,
    )
    return pygame.image.load(str(new[0]))  # type: ignore[index]


def searches_running(search: Path) -> list[str]:
    """The processes still running the search file (a child of the window left behind)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                command = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if str(search).encode() in command and b"solvers.own.child" in command:
                found.append(entry.name)
    return found


def test_a_stalled_search_window_answers_esc_and_r_and_closes_with_status_0(xvfb_display, tmp_path):
    search = tmp_path / "stall.py"
    search.write_text(STALLS, encoding="utf-8")
    flag, along, conflict, filled = bar_points(search)
    folders = [tmp_path / "Documents" / "N-Queens"]  # the window's HOME is tmp_path
    window = Window(
        xvfb_display, tmp_path, "--n", "6", "--search", str(search), "--script", "instant", HOME=str(tmp_path)
    )
    try:
        assert window.wait_size(WINDOW) == WINDOW  # Enter ran: the worker waits for the stalled search

        def answered() -> bool:  # SDL may drop the first keys of a window without focus yet: again
            window.key("Escape")  # cancels the wait (well before the stream's 5 s limit)
            window.key("r")  # then back to the empty board (refused while the worker waited)
            return screenshot(window, folders).get_at(along)[:3] != filled

        poll(answered, "Esc and R to answer while the search is waited for", 20)
        window.key("Return")  # again: this time the stream gives up after 5 s without an event

        def failed() -> pygame.Surface | None:
            shot = screenshot(window, folders)
            return shot if shot.get_at(flag)[:3] == conflict else None

        image = poll(failed, "the failure's flag on the scrub bar", 25)  # type: ignore[assignment]
        assert image.get_at(along)[:3] == filled  # its one event kept: the run stands at the end
        window.key("r")
        window.key("Escape")
        image = screenshot(window, folders)
        assert image.get_at(along)[:3] != filled and image.get_at(flag)[:3] == conflict
        window.close()
        status, stderr = window.wait_exit()
        assert (status, stderr) == (0, ""), stderr
        poll(lambda: not searches_running(search), "the search's process to end", 10)
    finally:
        window.process.kill()
