"""Pictures of the window: a screenshot (S) and a GIF recording (G).

In the window, S and stopping G ask where the file goes (a file dialog, starting in N-Queens in
the documents folder, a new time-stamped name offered); the screenshot is the frame S was pressed
on, not the dialog. Headless, with no one to answer, a picture without a path goes under a new
time-stamped name into that folder (``visualizer/features/saving.py``) -- never the current
folder. ``Capture``, an object the App holds, runs the commands declared on it
(``@command``); the banner says where the file went, or why it did not, in words.

A GIF holds what the class saw: the "Recording" notice is drawn after the frame is taken
(``notice``), never into it. A large GIF is confirmed before it is written.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import pygame

from visualizer.features.saving import SaveError, save_new_file
from visualizer.input.arguments import output_path
from visualizer.input.command import Key, command
from visualizer.look.i18n import tr
from visualizer.look.wording import file_problem, megabytes, short_path
from visualizer.shell.safe_files import NewFile

if TYPE_CHECKING:
    import pygame_gui

    from visualizer.features.background import Worker
    from visualizer.input.file_dialog import Answer
    from visualizer.input.prompt import Prompt
    from visualizer.look.layout import Layout
    from visualizer.look.theme import Theme

#: Frames per second kept in a GIF recording.
GIF_FPS = 15
#: Seconds the "Recording GIF" notice shows after G.
NOTICE_SECONDS = 4.0


def save(path: str | Path | None, suffix: str, write: Callable[[Path], object]) -> Path:
    """``write`` to ``path``, or to a new ``nqueens-<time><suffix>`` file in N-Queens; returns where."""
    if path:
        write(Path(path))
        return Path(path)
    return save_new_file("nqueens", suffix, write)


def save_png(surface: pygame.Surface, path: str | Path | None = None) -> Path:
    """Save ``surface`` as a PNG (a ``NewFile``: whole or not at all); returns its path."""
    return save(path, ".png", lambda target: write_png(surface, target))


def write_png(surface: pygame.Surface, target: Path) -> None:
    """``surface`` as a PNG at ``target``, through Pillow (whose write errors reach us, a full disk
    included, where SDL's own writer can leave a short file behind)."""
    from PIL import Image

    image = Image.frombytes("RGB", surface.get_size(), pygame.image.tobytes(surface, "RGB"))
    with NewFile(target) as new:
        image.save(new.file, format="PNG")


class Recording:
    """A GIF being recorded: ``offer`` keeps a frame every 1 / GIF_FPS seconds of app time."""

    def __init__(self, now: float) -> None:
        from visualizer.features.gif import GifRecorder

        self.recorder = GifRecorder(duration_ms=round(1000 / GIF_FPS))
        self.due = now

    def offer(self, surface: pygame.Surface, now: float) -> None:
        if now >= self.due:
            self.recorder.add_frame(surface)
            self.due = now + 1.0 / GIF_FPS

    def save(self, surface: pygame.Surface, path: str | Path | None = None) -> Path:
        """Write the GIF (at least the current frame) and return its path; the frames are let go."""
        if not self.recorder.frames:
            self.recorder.add_frame(surface)
        try:
            return save(path, ".gif", self.recorder.save)
        finally:
            self.recorder.clear()


@dataclass
class Writing:
    """A recorded GIF being written by ``worker`` to ``path``; ``saved`` gets where it went."""

    worker: Worker
    recording: Recording
    path: str | Path | None
    saved: list[Path]


class CaptureHost(Protocol):
    """What pictures of the window ask of it (the App is one)."""

    @property
    def lang(self) -> str: ...
    @property
    def surface(self) -> pygame.Surface: ...
    @property
    def now(self) -> float: ...
    @property
    def asks(self) -> bool: ...  # someone can answer a dialog (False headless)
    @property
    def prompt(self) -> Prompt: ...
    @property
    def manager(self) -> pygame_gui.UIManager: ...
    @property
    def layout(self) -> Layout: ...
    @property
    def theme(self) -> Theme: ...

    def say(self, text: str, kind: str = "info") -> None: ...
    def draw(self, quiet: bool = False) -> None: ...


class Capture:
    """The screenshot and GIF commands of one window, and the recording under way (``recording``)."""

    def __init__(self, host: CaptureHost) -> None:
        self.host = host
        self.recording: Recording | None = None
        self.writing: Writing | None = None  # a recorded GIF being written
        self.notice_until = 0.0  # app time the "Recording" notice shows until

    @command(
        "screenshot",
        keys=(Key("s", "S"),),
        help="screenshot",
        label="screenshot",
        while_busy=True,
        parse=output_path,
    )
    def screenshot(self, path: str | Path | None = None) -> Path | None:
        """S: the current frame as a PNG, where the dialog says (or ``path``); the saved path, or
        None (asked, or the banner says why not)."""
        host = self.host
        host.draw()
        if path is None and host.asks:
            from visualizer.features.choosers import save_picture

            picture = host.surface.copy()  # the frame S was pressed on, not the dialog over it

            def chosen(answer: Answer) -> None:
                self._reported(lambda: save_png(picture, answer.path), "screenshot_saved", answer.path)

            host.prompt.choose(host.manager, save_picture(host.lang, ".png"), host.lang, chosen)
            return None
        return self._reported(lambda: save_png(host.surface, path), "screenshot_saved", path)

    @command(
        "gif",
        keys=(Key("g", "G"),),
        help="gif",
        label="gif",
        while_busy=True,
        swap=(lambda state: state.recording, "gif_stop"),
    )
    def toggle_gif(self, path: str | Path | None = None) -> Path | None:
        """G: start recording a GIF, or stop it and save it where the dialog says (or ``path``);
        the saved path when it is saved at once."""
        host = self.host
        if self.writing is not None:  # one GIF written at a time
            host.say(tr("busy", host.lang), "info")
            return None
        if self.recording is None:
            self.recording = Recording(host.now)
            self.notice_until = host.now + NOTICE_SECONDS
            return None
        recording, self.recording = self.recording, None
        self.notice_until = 0.0
        if path is None and host.asks:
            from visualizer.features.choosers import save_picture

            if not recording.recorder.frames:
                recording.recorder.add_frame(host.surface)
            size = recording.recorder.estimate()
            detail = tr("gif_about", host.lang, size=megabytes(size), frames=recording.recorder.frames)
            host.prompt.choose(
                host.manager,
                save_picture(host.lang, ".gif", detail),
                host.lang,
                lambda answer: self._save_gif(recording, answer, size),
                lambda: self._discard(recording),
            )
            return None
        return self._write(recording, path)

    def _write(self, recording: Recording, path: str | Path | None) -> Path | None:
        """The recording written as a GIF at ``path``: in the window on a ``Worker`` (the window keeps
        drawing; ``tick`` says where it went), headless at once (its path returned)."""
        host = self.host
        if not host.asks:
            return self._reported(lambda: recording.save(host.surface, path), "gif_saved", path)
        if not recording.recorder.frames:
            recording.recorder.add_frame(host.surface)
        from visualizer.features.background import Worker

        worker = Worker(name="gif")
        saved: list[Path] = []
        worker.put(lambda: saved.append(recording.save(host.surface, path)))
        self.writing = Writing(worker, recording, path, saved)
        return None

    def tick(self) -> None:
        """A window frame: a GIF written off the window's thread reported once it is done."""
        writing = self.writing
        if writing is None or not writing.worker.idle:
            return
        self.writing = None
        writing.worker.stop()

        def saved() -> Path:
            writing.worker.check()
            return writing.saved[0]

        self._reported(saved, "gif_saved", writing.path)

    def close(self) -> None:
        """The window closes: a GIF being written is abandoned (nothing of it is kept)."""
        writing, self.writing = self.writing, None
        if writing is not None:
            writing.recording.recorder.abandoned = True
            writing.worker.stop()

    def cancel(self) -> bool:
        """Esc while a GIF is written: it is abandoned, and the banner says so; False when none is."""
        if self.writing is None:
            return False
        self.close()
        self.host.say(tr("gif_discarded", self.host.lang), "info")
        return True

    def join(self, timeout: float | None = None) -> None:
        """Wait (up to ``timeout`` seconds, or 1 s) for a GIF being written."""
        if self.writing is not None:
            self.writing.worker.wait_idle(1.0 if timeout is None else timeout)

    def draw_progress(self) -> None:
        """The GIF being written: its progress box over the board."""
        writing = self.writing
        if writing is None:
            return
        from visualizer.render.panels import draw_progress

        host, recorder = self.host, writing.recording.recorder
        total = max(1, recorder.frames)
        label = tr("gif_writing", host.lang, done=min(recorder.written, total), frames=total)
        layout = host.layout
        draw_progress(
            host.surface, layout.board, recorder.written / total, label, host.theme, host.lang, layout.scale
        )

    def _save_gif(self, recording: Recording, answer: Answer, size: int) -> None:
        """The dialog's answer: the GIF written there; a large one asked about first (Y / N)."""
        from visualizer.features.gif import LARGE_GIF

        host = self.host

        def write() -> None:
            self._write(recording, answer.path)

        if size <= LARGE_GIF:
            write()
            return
        width, height = recording.recorder.size or (0, 0)
        question = tr(
            "gif_large_ask",
            host.lang,
            size=megabytes(size),
            frames=f"{recording.recorder.frames:,}",
            width=width,
            height=height,
        )
        host.prompt.confirm(
            host.manager, host.layout.progress, question, write, lambda: self._discard(recording)
        )

    def _discard(self, recording: Recording) -> None:
        recording.recorder.clear()
        self.host.say(tr("gif_discarded", self.host.lang), "info")

    def notice(self) -> str | None:
        """The "Recording GIF" notice while it shows (drawn over the frame once it is taken)."""
        if self.recording is not None and self.host.now < self.notice_until:
            return tr("gif_recording", self.host.lang)
        return None

    def offer(self) -> None:
        """A frame was drawn: the recording keeps it when one is due."""
        if self.recording is not None:
            self.recording.offer(self.host.surface, self.host.now)

    def _reported(self, save: Callable[[], Path], said: str, target: str | Path | None) -> Path | None:
        """Run ``save`` (to ``target``, or a new name); the banner says where the file went, or why
        it did not, in words (then None)."""
        host, lang = self.host, self.host.lang
        try:
            saved = save()
        except SaveError as exc:
            reason = (
                file_problem(exc.error, lang) if isinstance(exc.error, OSError) else tr("problem_other", lang)
            )
            host.say(tr("not_saved", lang, path=short_path(exc.folder), reason=reason), "error")
            return None
        except OSError as exc:
            where = short_path(target or exc.filename or "")
            host.say(tr("not_saved", lang, path=where, reason=file_problem(exc, lang)), "error")
            return None
        except (pygame.error, ValueError):
            where = short_path(target or "")
            host.say(tr("not_saved", lang, path=where, reason=tr("problem_other", lang)), "error")
            return None
        host.say(tr(said, lang, path=short_path(saved)), "success")
        return saved
