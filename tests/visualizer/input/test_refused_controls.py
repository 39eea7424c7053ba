"""A refused change puts every control back (issue 18, item 6): the menu, the n box, the toggles."""

from __future__ import annotations

from tests.ui import choose, new_app, type_n


def test_a_refused_algorithm_puts_the_menu_back():
    app = new_app(12, "backtracking")
    choose(app, "Brute force")
    assert app.banner is not None and app.banner[1] == "error"
    assert app.mode.algorithm == "backtracking"
    assert app.controls.algorithms is not None
    assert app.controls.algorithms.selected_option[1] == "backtracking"
    assert app.controls.algorithms.selected_option[0] == "Backtracking with flag arrays"


def test_an_accepted_algorithm_stays_chosen():
    app = new_app(6, "backtracking")
    choose(app, "Brute force")
    assert app.mode.algorithm == "brute-force"
    assert app.controls.algorithms is not None
    assert app.controls.algorithms.selected_option[1] == "brute-force"


def test_a_refused_race_pair_puts_the_menu_back():
    app = new_app(12, "backtracking", mode="race")
    before = app.controls.algorithms.selected_option  # type: ignore[union-attr]
    choose(app, "Brute force")  # brute force vs backtracking (their titles): brute force stops at n = 8
    assert app.banner is not None and app.banner[1] == "error"
    assert app.mode.pair == ("backtracking", "forward-checking")  # type: ignore[attr-defined]
    assert app.controls.algorithms.selected_option == before  # type: ignore[union-attr]


def test_a_refused_n_puts_the_box_back():
    app = new_app(8, "brute-force")
    type_n(app, "12")
    assert app.banner is not None and app.banner[1] == "error"
    assert app.mode.n == 8
    assert app.controls.n_label is not None and app.controls.n_label.get_text() == "8"
