"""A refused race choice is always said (issue 18, item 15): a banner in the window, one line
and exit status 2 in the headless mode; the race never runs an algorithm against itself."""

from __future__ import annotations

import pytest

from tests.ui import new_app
from visualizer.__main__ import main
from visualizer.shell.headless import ScriptError, run_headless


def test_a_refused_algo2_is_a_banner_and_the_usual_rival_races():
    app = new_app(9, "backtracking", mode="race", algo2="brute-force")
    assert app.mode.pair == ("backtracking", "forward-checking")  # type: ignore[attr-defined]
    assert app.banner is not None and app.banner[1] == "error"
    assert "brute-force" in app.banner[0] and "9" in app.banner[0]


def test_a_refused_algo2_stops_the_headless_mode():
    with pytest.raises(ScriptError, match="brute-force"):
        run_headless(n=9, algorithm="backtracking", mode="race", algo2="brute-force")


def test_a_refused_algo2_exits_2_with_one_line(capsys):
    assert main(["--headless", "--mode", "race", "--n", "9", "--algo2", "brute-force"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "brute-force" in err
