"""Sound cues (issue 25), the pure part: a frame's events -> one cue -> samples. No pygame.

One cue a frame at most, so the mixer never lags however fast the search runs: ``cue_for``
summarizes the events a frame heard. A solution among them is a chord; else the last event that
sounds says what the search does now:

* a queen placed (or repaired into) row r: a short tone, higher the deeper the row (two octaves
  from A3 at row 0 to A5 at the last row, ``pitch``);
* a refusal (Conflict): a soft click, always the same;
* a backtrack from row r: a tone falling a fifth from row r's pitch;
* a solution: an A major chord (just intonation: 440, 550 and 660 Hz).

``samples`` synthesizes a cue with numpy (mono, float32 in -1..1, ``RATE`` samples a second);
``Track`` lays cues at their times and gives the mix as a 16-bit WAV (the headless
``--sound-file``). ``visualizer/features/sound.py`` plays them through pygame's mixer.

>>> from solvers.events import Backtrack, Place
>>> cue_for([Place(0, 1), Place(1, 3), Backtrack(1, 3)], 4)
Cue(kind='backtrack', row=1, n=4)
>>> round(pitch(0, 4)), round(pitch(3, 4))
(220, 880)
"""

from __future__ import annotations

import io
import wave
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from solvers.events import Event

#: Samples a second (mono).
RATE = 22050
#: Each cue's length in seconds: short enough that one a frame at 60 fps overlaps little.
LENGTH = {"place": 0.12, "refuse": 0.03, "backtrack": 0.16, "solution": 0.4}
#: The lowest row's pitch (A3) and the span up to the last row's, in octaves.
LOW, OCTAVES = 220.0, 2.0
#: The refusal's click: a high, quiet, quickly fading tick.
CLICK_HZ, CLICK_LEVEL = 1760.0, 0.15
#: The solution's chord.
CHORD = (440.0, 550.0, 660.0)
#: A tone's loudness (the chord shares it among its notes).
LEVEL = 0.3
#: The falling tone ends this ratio below where it starts (a fifth).
FALL = 2 / 3


@dataclass(frozen=True)
class Cue:
    """What one frame sounds: ``kind`` (place, refuse, backtrack, solution) and the row it is about."""

    kind: str
    row: int = 0
    n: int = 1


def cue_for(events: Iterable[Event], n: int) -> Cue | None:
    """The one cue that sums up ``events`` (heard in one frame, in order), or None for silence."""
    last: Cue | None = None
    for event in events:
        heard = event.cue()
        if heard is not None:
            last = Cue(*heard, n)
            if last.kind == "solution":  # nothing after it in the frame covers it
                return last
    return last


def pitch(row: int, n: int) -> float:
    """The tone of ``row`` on a board of ``n`` rows: A3 (220 Hz) at row 0 up to A5 at row n - 1."""
    return LOW * 2 ** (OCTAVES * min(max(row, 0), n - 1) / max(n - 1, 1))


def _envelope(count: int, rate: int, attack: float = 0.005) -> np.ndarray:
    """A quick rise and a linear fall to silence (no click at either end)."""
    rise = max(1, min(count // 2, round(attack * rate)))
    shape = np.ones(count)
    shape[:rise] = np.linspace(0.0, 1.0, rise, endpoint=False)
    shape[rise:] = np.linspace(1.0, 0.0, count - rise)
    return shape


def samples(cue: Cue, rate: int = RATE) -> np.ndarray:
    """The cue as mono float32 samples in -1..1 at ``rate`` samples a second."""
    count = max(2, round(LENGTH[cue.kind] * rate))
    t = np.arange(count) / rate
    if cue.kind == "place":
        wave_ = LEVEL * np.sin(2 * np.pi * pitch(cue.row, cue.n) * t)
    elif cue.kind == "refuse":
        wave_ = CLICK_LEVEL * np.sin(2 * np.pi * CLICK_HZ * t) * np.exp(-t / 0.006)
    elif cue.kind == "backtrack":  # the frequency glides down geometrically: its phase integrated
        start = pitch(cue.row, cue.n)
        duration = count / rate
        k = np.log(FALL) / duration
        phase = 2 * np.pi * start * np.expm1(k * t) / k
        wave_ = LEVEL * np.sin(phase)
    else:
        wave_ = LEVEL / len(CHORD) * np.sin(2 * np.pi * np.outer(CHORD, t)).sum(axis=0)
    return (np.asarray(wave_) * _envelope(count, rate)).astype(np.float32)


class Track:
    """Cues laid at their times (seconds), mixed into one recording."""

    def __init__(self, rate: int = RATE) -> None:
        self.rate = rate
        self.cues: list[tuple[float, Cue]] = []

    def add(self, time: float, cue: Cue) -> None:
        self.cues.append((max(0.0, time), cue))

    def mix(self, duration: float = 0.0) -> np.ndarray:
        """The cues summed at their places, at least ``duration`` seconds long, clipped to -1..1."""
        parts = [(round(time * self.rate), samples(cue, self.rate)) for time, cue in self.cues]
        length = max([round(duration * self.rate), *(start + len(part) for start, part in parts)])
        out = np.zeros(length, np.float32)
        for start, part in parts:
            out[start : start + len(part)] += part
        return np.clip(out, -1.0, 1.0)

    def wav(self, duration: float = 0.0) -> bytes:
        """The mix as a mono 16-bit WAV file's bytes."""
        pcm = np.round(self.mix(duration) * 32767).astype("<i2")
        buffer = io.BytesIO()
        with wave.open(buffer, "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(self.rate)
            out.writeframes(pcm.tobytes())
        return buffer.getvalue()
