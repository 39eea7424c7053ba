"""Spoken narration (issue 25): espeak-ng writes the headless ``--narrate-file``, the pacing a
listener can follow (a fake clock), the summaries in both languages, and no engine is one banner."""

from __future__ import annotations

import os
import stat
import wave

import numpy as np
import pygame
import pytest

from tests.programs import needs
from tests.ui import FRAME, new_app, press
from visualizer.core.speech import PAUSE, Moment, Pacer, duration, summary
from visualizer.features.speech import ESPEAK_RATE, find_engine, join_sentences
from visualizer.look.i18n import tr
from visualizer.shell.headless import ScriptError, run_headless


def read_wav(path) -> np.ndarray:
    with wave.open(str(path), "rb") as recording:
        assert (recording.getnchannels(), recording.getsampwidth()) == (1, 2)
        assert recording.getframerate() == ESPEAK_RATE
        return np.frombuffer(recording.readframes(recording.getnframes()), "<i2").astype(float) / 32767


@needs("espeak-ng")
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_headless_run_writes_the_spoken_narration(tmp_path, lang):
    """Backtracking n = 5: a step said alone, then play at 1 event a second for 8 s (summaries)."""
    assert find_engine() is not None and find_engine().name == "espeak-ng"  # .ci/run installs it
    path = tmp_path / "said.wav"
    state = run_headless(
        n=5, algorithm="backtracking", lang=lang, script="step;speed:1;play:8", narrate_file=str(path)
    )
    assert state["narrate"] is True
    speech = read_wav(path)
    seconds = len(speech) / ESPEAK_RATE
    assert 2.0 < seconds < 30.0, seconds  # a sentence or more, spaced at most a few seconds apart
    rms = np.sqrt(np.mean(speech**2))
    assert rms > 0.01 and np.abs(speech).max() > 0.1  # speech, not silence
    loud = np.abs(speech) > 0.05
    assert loud[: ESPEAK_RATE // 2].any()  # the first sentence starts at once


def test_summaries_in_both_languages():
    assert summary(12, 0, 40, 5, "en") == "12 backtracks, now at row 6"
    assert summary(12, 0, 40, 5, "zh") == "回溯 12 次，现在在第 6 行"
    assert summary(1, 1, 2, 0, "en") == "1 solution, 1 backtrack, now at row 1"
    assert summary(0, 3, 90, 7, "zh") == "找到 3 个解，现在在第 8 行"
    assert summary(0, 0, 4, 2, "en") == "4 steps, now at row 3"
    assert summary(0, 0, 4, None, "zh") == "4 步"


def test_the_pacer_merges_what_happens_while_a_sentence_is_said():
    pacer, made = Pacer(), []

    def sentence(text):
        def make():
            made.append(text)
            return text

        return make

    first = Moment(1, 0, 0, 0)
    assert pacer.next(0.0, first, sentence("Row 1, column 1 is safe."), "en") == "Row 1, column 1 is safe."
    ends = duration("Row 1, column 1 is safe.") + PAUSE
    assert pacer.next(0.1, first, sentence("again"), "en") is None  # nothing new
    for events in range(2, 30):  # fast: all merged while the first is said, no sentence made
        assert pacer.next(ends * events / 40, Moment(events, events // 3, 0, 4), sentence("x"), "en") is None
    assert made == ["Row 1, column 1 is safe."]
    said = pacer.next(ends, Moment(30, 9, 1, 5), sentence("x"), "en")
    assert said == "1 solution, 9 backtracks, now at row 6"  # 29 events since the first, as one
    later = pacer.until
    assert later == pytest.approx(ends + duration(said) + PAUSE)
    one = pacer.next(later + 5.0, Moment(31, 9, 1, 5), sentence("Row 6 is refused."), "en")
    assert one == "Row 6 is refused."  # slow again: one event, its own sentence
    pacer.restart()
    assert pacer.next(later + 50.0, Moment(2, 0, 0, 1), sentence("Row 2."), "zh") == "Row 2."


def fake_espeak(folder, log):
    """A program called espeak-ng in ``folder`` that notes its arguments in ``log``."""
    program = folder / "espeak-ng"
    program.write_text(f'#!/bin/sh\nprintf "%s|" "$@" >> "{log}"\necho >> "{log}"\n')
    program.chmod(program.stat().st_mode | stat.S_IEXEC)


def test_in_the_window_a_worker_speaks_each_sentence_in_the_language(tmp_path, monkeypatch):
    log = tmp_path / "said.txt"
    fake_espeak(tmp_path, log)
    monkeypatch.setenv("PATH", str(tmp_path))
    app = new_app(6, "backtracking", lang="zh")
    try:
        press(app, pygame.K_m, "M", pygame.KMOD_SHIFT)  # Shift+M (M alone: the sound cues)
        assert app.speech.on and not app.sound.on
        assert app.speech.engine is not None and app.speech.engine.path == str(tmp_path / "espeak-ng")
        press(app, pygame.K_RIGHT)
        app.tick(FRAME)
        for _ in range(3000):  # the worker runs the program off the UI thread (30 s at most)
            if log.exists() and log.read_text().count("\n") >= 1:
                break
            app.speech._speaker._thread.join(0.01)
        lines = log.read_text().splitlines()
        assert lines[0].startswith("-v|cmn|--|第 1 行第 1 列"), lines
        press(app, pygame.K_m, "M", pygame.KMOD_SHIFT)
        assert not app.speech.on
    finally:
        app.close()


def test_no_speech_engine_is_one_banner_and_nothing_else(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))  # an empty folder: no espeak-ng, no say
    app = new_app(6, "backtracking")
    try:
        app.dispatch("narrate", True)
        assert app.banner is not None and app.banner[0] == tr("narrate_no_engine", "en")
        assert not app.speech.on
        app.clear_banner()
        for _ in range(5):
            press(app, pygame.K_RIGHT)
        assert app.banner is None and app.speech.said == [] and app.speech._speaker is None
    finally:
        app.close()
    with pytest.raises(ScriptError, match=r"narration file.*espeak-ng"):
        run_headless(n=4, algorithm="backtracking", script="step", narrate_file=str(tmp_path / "x.wav"))
    assert not (tmp_path / "x.wav").exists()


def test_sentences_join_in_order_never_over_each_other():
    a, b = np.full(100, 1000, "<i2"), np.full(50, -1000, "<i2")
    path_bytes = join_sentences([(0, a), (60, b), (400, a)])  # b would start inside a: after it
    import io

    with wave.open(io.BytesIO(path_bytes), "rb") as joined:
        x = np.frombuffer(joined.readframes(joined.getnframes()), "<i2")
    assert len(x) == 500
    assert (x[:100] == 1000).all() and (x[100:150] == -1000).all() and (x[150:400] == 0).all()


def test_the_window_refuses_the_narration_file(tmp_path, capsys):
    from visualizer.__main__ import main

    path = tmp_path / "said.wav"
    assert main(["--narrate-file", str(path)]) == 2  # the window speaks: --narrate
    assert "--headless" in capsys.readouterr().err and not path.exists()


@needs("espeak-ng")
def test_the_command_line_writes_the_narration_file(tmp_path):
    from visualizer.__main__ import main

    path = tmp_path / "said.wav"
    assert main(["--headless", "--n", "4", "--script", "step", "--narrate-file", str(path)]) == 0
    assert path.stat().st_size > 10_000 and os.access(path, os.R_OK)
