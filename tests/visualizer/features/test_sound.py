"""Sound cues (issue 25): the tones measured with numpy's FFT in the headless ``--sound-file`` WAV,
one cue a frame at most however fast the search runs, and no audio device is one banner."""

from __future__ import annotations

import os
import wave

import numpy as np
import pygame
import pytest

from tests.ui import FRAME, new_app, press
from visualizer.core.sound import CHORD, CLICK_HZ, FALL, RATE, Cue, Track, cue_for, pitch, samples
from visualizer.look.i18n import tr
from visualizer.shell.headless import ScriptError, run_headless

#: Silence this long (seconds) parts two cues in a recording.
GAP = 0.02


def read_wav(path) -> np.ndarray:
    with wave.open(str(path), "rb") as recording:
        assert (recording.getnchannels(), recording.getsampwidth(), recording.getframerate()) == (1, 2, RATE)
        data = recording.readframes(recording.getnframes())
    return np.frombuffer(data, "<i2").astype(float) / 32767


def segments(x: np.ndarray) -> list[np.ndarray]:
    """The cues of a recording: stretches of sound parted by at least ``GAP`` of silence."""
    loud = np.flatnonzero(np.abs(x) > 1e-4)
    if loud.size == 0:
        return []
    breaks = np.flatnonzero(np.diff(loud) > GAP * RATE)
    starts = [loud[0], *loud[breaks + 1]]
    ends = [*loud[breaks], loud[-1]]
    return [x[s : e + 1] for s, e in zip(starts, ends, strict=True)]


def peak(x: np.ndarray) -> float:
    """The strongest frequency of ``x`` in Hz (zero-padded FFT: a fraction of a hertz apart)."""
    spectrum = np.abs(np.fft.rfft(x * np.hanning(len(x)), 1 << 18))
    return float(np.fft.rfftfreq(1 << 18, 1 / RATE)[np.argmax(spectrum)])


def peaks(x: np.ndarray, count: int) -> list[float]:
    """The ``count`` strongest separate frequencies of ``x``, lowest first."""
    spectrum = np.abs(np.fft.rfft(x * np.hanning(len(x)), 1 << 18))
    freqs = np.fft.rfftfreq(1 << 18, 1 / RATE)
    found: list[float] = []
    for index in np.argsort(spectrum)[::-1]:
        if all(abs(freqs[index] - f) > 30 for f in found):
            found.append(float(freqs[index]))
        if len(found) == count:
            break
    return sorted(found)


def test_backtracking_n4_ten_events_sound_as_the_search_goes(tmp_path):
    """Backtracking, n = 4, at 5 events a second for 2 s: 10 events, each its own cue. They are
    place row 1, two refusals, place row 2, four refusals, a backtrack from row 2, place row 2."""
    path = tmp_path / "run.wav"
    state = run_headless(n=4, algorithm="backtracking", script="speed:5;play:2", sound_file=str(path))
    assert state["event_index"] == 10 and state["sound"] is True
    cues = segments(read_wav(path))
    kinds = ["place", "refuse", "refuse", "place", *["refuse"] * 4, "backtrack", "place"]
    assert len(cues) == len(kinds)
    for cue, kind, row in zip(cues, kinds, [0, 1, 1, 1, 2, 2, 2, 2, 1, 1], strict=True):
        if kind == "place":  # its row's pitch: row 0 is A3, row 1 two thirds of an octave higher
            assert peak(cue) == pytest.approx(pitch(row, 4), abs=2.0)
            assert np.abs(cue).max() > 0.25
        elif kind == "refuse":  # the soft click: short, quiet, the same for every row
            assert peak(cue) == pytest.approx(CLICK_HZ, abs=40.0)
            assert len(cue) < 0.04 * RATE and np.abs(cue).max() < 0.16
        else:  # falling: from the row's pitch toward a fifth below
            third = len(cue) // 3
            early, late = peak(cue[:third]), peak(cue[-third:])
            assert pitch(row, 4) * FALL < late < early <= pitch(row, 4) * 1.01
    assert pitch(1, 4) > pitch(0, 4)  # deeper rows higher


def test_a_solution_is_a_chord():
    cue = Cue("solution", 0, 4)
    assert peaks(samples(cue), 3) == pytest.approx(list(CHORD), abs=2.0)


def test_a_frame_sums_its_events_into_one_cue():
    from solvers.events import Backtrack, Conflict, Place, Solution

    assert cue_for([Place(0, 0), Conflict(1, 0, (0, 0))], 4) == Cue("refuse", 1, 4)  # the last one
    assert cue_for([Place(0, 0), Solution((0,)), Backtrack(0, 0)], 4) == Cue("solution", 0, 4)
    assert cue_for([], 4) is None


def test_at_high_speed_one_cue_a_frame_at_most():
    """1000 events a second is 16 or 17 a frame: each frame sums its events in one cue."""
    app = new_app(8, "backtracking")
    try:
        track = app.sound.record()
        app.dispatch("speed", 1000)
        app.dispatch("play")
        for _ in range(30):
            app.tick(FRAME, draw=False)
        assert app.timeline.cursor > 300
        times = [time for time, _ in track.cues]
        assert 20 <= len(times) <= 30 and len(set(times)) == len(times)
    finally:
        app.close()


def test_the_mixer_plays_the_cues_and_m_turns_them_off():
    app = new_app(6, "backtracking")
    try:
        press(app, pygame.K_m)
        if not app.sound.device:
            pytest.skip("no audio device, not even SDL's dummy one")
        assert app.state()["sound"] is True
        button = app.controls.buttons["sound"]  # "Sound: on", or too narrow for it, selected
        assert button.text.endswith(tr("on", "en")) or button.is_selected
        app.dispatch("speed", 30)
        app.dispatch("play")
        for _ in range(30):
            app.tick(FRAME, draw=False)
        # 15 events, each its own frame's cue; simulated frames outrun the device, so the cues that
        # find all voices busy are dropped, never queued
        assert app.sound.offered >= 10 and 1 <= app.sound.played <= app.sound.offered
        press(app, pygame.K_m)
        offered = app.sound.offered
        for _ in range(30):
            app.tick(FRAME, draw=False)
        assert app.sound.offered == offered and app.state()["sound"] is False
    finally:
        app.close()


def test_no_audio_device_is_one_banner_and_nothing_else(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    app = new_app(6, "backtracking")
    try:
        app.dispatch("sound", True)
        assert app.banner is not None and app.banner[:2] == (tr("sound_no_device", "en"), "info")
        assert app.sound.on is False
        app.dispatch("play")
        for _ in range(10):
            app.tick(FRAME, draw=False)  # no error, nothing tried again
        assert app.sound.played == 0
    finally:
        app.close()


def test_the_sound_file_is_never_written_through_a_link(tmp_path):
    elsewhere = tmp_path / "elsewhere.wav"
    elsewhere.write_bytes(b"keep")
    link = tmp_path / "run.wav"
    os.symlink(elsewhere, link)
    with pytest.raises(ScriptError, match="link"):
        run_headless(n=4, algorithm="backtracking", script="play:0.2", sound_file=str(link))
    assert elsewhere.read_bytes() == b"keep" and link.is_symlink()


def test_a_track_is_a_mono_16_bit_wav_of_its_cues(tmp_path):
    track = Track()
    track.add(0.0, Cue("place", 0, 4))
    track.add(0.5, Cue("place", 3, 4))
    path = tmp_path / "two.wav"
    path.write_bytes(track.wav(1.0))
    first, second = segments(read_wav(path))
    assert (peak(first), peak(second)) == pytest.approx((220.0, 880.0), abs=2.0)
    assert len(read_wav(path)) == RATE  # a second, as asked


def test_the_command_line_sound_options(tmp_path, capsys):
    from visualizer.__main__ import main

    path = tmp_path / "cues.wav"
    assert main(["--sound-file", str(path)]) == 2  # a window plays them: --sound
    assert "--headless" in capsys.readouterr().err and not path.exists()
    assert main(["--headless", "--n", "4", "--script", "speed:5;play:1", "--sound-file", str(path)]) == 0
    assert len(segments(read_wav(path))) == 5
