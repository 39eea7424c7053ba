"""Spoken narration (issue 25), the speaking part: the narration's sentences (in the window's
language) through the platform's speech engine, paced by ``visualizer/core/speech.py``.

Off by default (Shift+M, ``--narrate``, ``narrate:on``). The engine is a command-line program:
``espeak-ng`` on Linux (Chinese with its ``cmn`` voice), ``say`` on macOS; on Windows, and where
neither is found, turning it on is one banner and nothing else. A background thread runs the
engine, so the window never waits; a sentence that finds it still speaking waits in a one-place
mailbox (a newer one replaces it). The headless ``--narrate-file`` instead keeps each sentence
at its simulated time and, at the end, has espeak-ng write them (``-w``) into one WAV.
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import sys
import tempfile
import threading
import wave
from dataclasses import dataclass
from pathlib import Path
from subprocess import DEVNULL
from typing import TYPE_CHECKING

import numpy as np

from visualizer.core.narration_log import NarrationLog
from visualizer.core.speech import Moment, Pacer
from visualizer.look.i18n import tr

if TYPE_CHECKING:
    from visualizer.app import App
    from visualizer.core.timeline import Timeline

#: One sentence is given this long to be spoken or written (seconds), then it is stopped.
SPEAK_TIMEOUT = 30.0
#: espeak-ng's WAVs: 22,050 samples a second, mono, 16 bits.
ESPEAK_RATE = 22050
#: A WAV espeak-ng wrote for one sentence is read up to this size (bytes; about 45 s of speech).
MAX_SENTENCE_WAV = 2_000_000


@dataclass(frozen=True)
class Engine:
    """A speech program: its name and how it is asked to say a sentence (and write it, if it can)."""

    name: str
    path: str

    def argv(self, text: str, lang: str, wav: str | None = None) -> list[str]:
        """The command that says ``text`` in ``lang`` (espeak-ng: into ``wav`` if given)."""
        if self.name == "say":
            return [self.path, *(["-v", "Tingting"] if lang == "zh" else []), text]
        voice = "cmn" if lang == "zh" else "en"
        return [self.path, "-v", voice, *(["-w", wav] if wav else []), "--", text]

    @property
    def writes(self) -> bool:
        return self.name == "espeak-ng"


def find_engine(platform: str = sys.platform) -> Engine | None:
    """The speech program on this computer: espeak-ng on the PATH, ``say`` on macOS, else None."""
    found = shutil.which("espeak-ng")
    if found:
        return Engine("espeak-ng", found)
    found = shutil.which("say") if platform == "darwin" else None
    return Engine("say", found) if found else None


class Speaker:
    """A worker thread running the engine, one sentence at a time, newest first."""

    def __init__(self) -> None:
        self.waiting: list[str] | None = None
        self.spoken = 0  # sentences the engine finished (tests)
        self._wake = threading.Condition()
        self._closed = False
        self._thread = threading.Thread(target=self._loop, name="speech", daemon=True)
        self._thread.start()

    def say(self, argv: list[str]) -> None:
        """Speak ``argv``'s sentence as soon as the engine is free (replacing one still waiting)."""
        with self._wake:
            self.waiting = argv
            self._wake.notify()

    def close(self) -> None:
        with self._wake:
            self._closed = True
            self.waiting = None
            self._wake.notify()

    def _loop(self) -> None:
        while True:
            with self._wake:
                while self.waiting is None and not self._closed:
                    self._wake.wait()
                if self._closed:
                    return
                argv: list[str] = self.waiting or []
                self.waiting = None
            with contextlib.suppress(OSError, subprocess.SubprocessError):  # a failing engine: silent
                subprocess.run(argv, stdout=DEVNULL, stderr=DEVNULL, timeout=SPEAK_TIMEOUT, check=False)
            self.spoken += 1


class Speech:
    """The window's spoken narration: on or off, the engine, the pacing, the headless recording."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.on = False
        self.engine: Engine | None = None
        self.searched = False  # looked for an engine (once: a missing one stays missing)
        self.recording: list[tuple[float, str, str]] | None = None  # (time, text, lang): --narrate-file
        self.said: list[str] = []  # the sentences said, newest last (the last few; tests and state)
        self.pacer = Pacer()
        self._speaker: Speaker | None = None
        self._log: NarrationLog | None = None  # sentences of the timeline being heard

    def _find(self) -> Engine | None:
        if not self.searched:
            self.engine, self.searched = find_engine(), True
        return self.engine

    def set(self, on: bool | None = None) -> None:
        """Spoken narration on or off (``None``: the other way); no engine: one banner, and it stays off."""
        self.on = (not self.on) if on is None else bool(on)
        self.pacer.restart()
        if not self.on:
            return
        engine = self._find()
        if engine is None:
            self.on = False
            self.app.say(tr("narrate_no_engine", self.app.lang), "info")
        elif self.recording is None:
            self.app.say(tr("narrate_on", self.app.lang, engine=engine.name), "info")

    def record(self) -> None:
        """Keep every sentence at its time for ``write`` (the headless ``--narrate-file``); speech on."""
        self.recording = []
        self.set(True)

    def frame(self) -> None:
        """Say what the search did since the last sentence, if a listener is ready for it."""
        timeline = self.app.timeline
        if not self.on or timeline is None or self.app.busy:
            self.pacer.restart()
            return
        with self.app.lock:
            log = self._narration(timeline)
            last = timeline.last
            counters = timeline.counters
            row = getattr(last, "row", None)
            moment = Moment(timeline.cursor, counters.backtracks, counters.solutions, row)
            lang = self.app.lang
            text = self.pacer.next(self.app.now, moment, lambda: log.current(lang), lang)
        if text:
            self._say(text, lang)

    def _narration(self, timeline: Timeline) -> NarrationLog:
        """A narration of ``timeline`` (made anew for another search)."""
        if self._log is None or self._log.timeline is not timeline:
            if self._log is not None:
                self._log.detach()
            self._log = NarrationLog(timeline)
            self.pacer.restart()
        return self._log

    def _say(self, text: str, lang: str) -> None:
        self.said = [*self.said[-15:], text]
        if self.recording is not None:
            self.recording.append((self.app.now, text, lang))
        elif self.engine is not None:
            if self._speaker is None:
                self._speaker = Speaker()
            self._speaker.say(self.engine.argv(text, lang))

    def write(self, path: str | Path) -> None:
        """The recorded sentences, each at its time (or after the one before ends), as one WAV
        at ``path``; OSError if there is no espeak-ng to write them."""
        from visualizer.shell.safe_files import write_atomically

        engine = self._find()
        if engine is None or not engine.writes:
            raise OSError(tr("narrate_no_engine", self.app.lang))
        self.pacer.until = min(self.pacer.until, self.app.now)  # where the run ends is said too
        self.frame()
        parts: list[tuple[int, np.ndarray]] = []
        with tempfile.TemporaryDirectory(prefix="nqueens-speech-") as folder:
            for index, (time, text, lang) in enumerate(self.recording or []):
                wav = str(Path(folder) / f"{index}.wav")
                try:
                    subprocess.run(
                        engine.argv(text, lang, wav), capture_output=True, timeout=SPEAK_TIMEOUT, check=True
                    )
                except subprocess.SubprocessError as exc:
                    raise OSError(f"{engine.name} could not write a sentence: {exc}") from None
                parts.append((round(time * ESPEAK_RATE), read_sentence(wav)))
        write_atomically(path, join_sentences(parts), mode=0o666)

    def close(self) -> None:
        if self._speaker is not None:
            self._speaker.close()
        if self._log is not None:
            self._log.detach()
            self._log = None


def read_sentence(path: str) -> np.ndarray:
    """The 16-bit samples of a WAV espeak-ng wrote (bounded: ``MAX_SENTENCE_WAV``)."""
    if Path(path).stat().st_size > MAX_SENTENCE_WAV:
        raise OSError(f"the speech engine wrote more than {MAX_SENTENCE_WAV} bytes for one sentence")
    with wave.open(path, "rb") as source:
        if source.getsampwidth() != 2 or source.getnchannels() != 1 or source.getframerate() != ESPEAK_RATE:
            raise OSError("the speech engine wrote a WAV in another format than 22,050 Hz mono 16-bit")
        return np.frombuffer(source.readframes(source.getnframes()), "<i2")


def join_sentences(parts: list[tuple[int, np.ndarray]]) -> bytes:
    """Sentences (start sample, samples) as one mono WAV's bytes: each at its start, or right
    after the one before if that is still speaking (never over it)."""
    import io

    placed, end = [], 0
    for start, samples in parts:
        start = max(start, end)
        placed.append((start, samples))
        end = start + len(samples)
    out = np.zeros(end, "<i2")
    for start, samples in placed:
        out[start : start + len(samples)] = samples
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as target:
        target.setnchannels(1)
        target.setsampwidth(2)
        target.setframerate(ESPEAK_RATE)
        target.writeframes(out.tobytes())
    return buffer.getvalue()
