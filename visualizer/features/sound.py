"""Sound cues (issue 25), the playing part: each frame, the events the search moved through become
at most one cue (``visualizer/core/sound.py`` makes it and its samples), played through pygame's
mixer and, when the headless ``--sound-file`` asks, laid on a ``Track`` written as a WAV.

Off by default (M, the Sound button, ``--sound``, ``sound:on``). The mixer is opened the first time
sound is turned on; with no audio device that is one banner, and nothing else happens (no retry
each frame, the recording still works). The mixer has ``CHANNELS`` voices; a cue that finds them
all busy is dropped, never queued, so sound never lags behind the board. Background work (a far
seek, instant) is not heard: the cues pick up where the board stands when it ends.
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import pygame

from visualizer.core.sound import RATE, Cue, Track, cue_for, samples
from visualizer.look.i18n import tr

if TYPE_CHECKING:
    from visualizer.app import App

#: Voices of the mixer: a cue finding them all busy is dropped.
CHANNELS = 4
#: The most recent events one frame reads to sum up (a jump of millions is heard as its end).
MAX_HEARD = 256
#: Synthesized sounds kept (one per cue: kind and row).
CACHE = 128


class Sound:
    """The window's sound cues: on or off, the mixer, the recording."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.on = False
        self.track: Track | None = None  # the headless --sound-file's recording
        self.device: bool | None = None  # the mixer opened (None: not tried yet)
        self.offered = 0  # cues offered to the mixer (tests)
        self.played = 0  # of them, cues a voice took (the rest found every voice busy and were dropped)
        self._heard: tuple[int, int] | None = None  # (id of the timeline, its cursor) last frame
        self._sounds: OrderedDict[Cue, pygame.mixer.Sound] = OrderedDict()

    def set(self, on: bool | None = None) -> None:
        """Sound cues on or off (``None``: the other way)."""
        self.on = (not self.on) if on is None else bool(on)
        self._heard = None  # start from where the board stands now
        if self.on and self.track is None:
            if self.device is None:  # tried once: a missing device stays missing
                self.device = self._open()
            if not self.device:  # the banner, and sound stays off
                self.on = False
                self.app.say(tr("sound_no_device", self.app.lang), "info")

    def record(self) -> Track:
        """Lay every cue from now on on a track (the headless ``--sound-file``); sound is on."""
        self.track = Track(RATE)
        self.set(True)
        return self.track

    def write(self, path: str | Path) -> None:
        """The recording as a WAV at ``path``: a new file renamed into place, never through a link."""
        from visualizer.shell.safe_files import write_atomically

        track = self.track if self.track is not None else Track(RATE)
        write_atomically(path, track.wav(self.app.now), mode=0o666)

    def frame(self) -> None:
        """Hear what the search did since the last frame: one cue at most."""
        timeline = self.app.timeline
        if not self.on or timeline is None or self.app.busy:
            self._heard = None
            return
        here = (id(timeline), timeline.cursor)
        last, self._heard = self._heard, here
        if last is None or last[0] != here[0] or here[1] <= last[1]:
            return  # the first frame, another search, a step back, a reset: nothing to hear
        start = max(last[1], timeline.history_start, here[1] - MAX_HEARD)
        cue = cue_for((timeline.log.get(index) for index in range(start, here[1])), timeline.n)
        if cue is None:
            return
        if self.track is not None:
            self.track.add(self.app.now, cue)
        elif self.device:
            self._play(cue)

    def _open(self) -> bool:
        """The mixer at ``RATE``, mono, 16 bits (SDL converts for the device); False if there is none."""
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=1, buffer=512, allowedchanges=0)
            pygame.mixer.set_num_channels(CHANNELS)
        except pygame.error:
            return False
        return True

    def _play(self, cue: Cue) -> None:
        self.offered += 1
        sound = self._sounds.get(cue)
        if sound is None:
            rate, size, channels = pygame.mixer.get_init() or (RATE, -16, 1)
            if size != -16:  # a mixer opened elsewhere in another format: not ours to play into
                return
            pcm = np.round(samples(cue, rate) * 32767).astype(np.int16)
            sound = pygame.mixer.Sound(buffer=np.repeat(pcm, channels).tobytes())  # interleaved
            self._sounds[cue] = sound
            if len(self._sounds) > CACHE:
                self._sounds.popitem(last=False)
        if sound.play() is not None:  # None: every voice busy, the cue is dropped
            self.played += 1
