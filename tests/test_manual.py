"""The manual (issue 39): its reference pages match the code, README's keys exist, README stays a
front page, and the built site has no broken link (``mkdocs build --strict``), no console error
and no missing picture in a real browser."""

from __future__ import annotations

import re
from pathlib import Path

from tests import ROOT
from tests.programs import needs
from tests.run import nqueens, refused

README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_keys_page_lists_every_command_of_the_table():
    from visualizer.commands import COMMANDS
    from visualizer.shell.reference import keys_page

    page = keys_page()
    for command in COMMANDS.values():
        assert f"`{command.name}`" in page, command.name
        for key in command.keys:
            assert not key.shown or key.shown in page, (command.name, key.shown)


def test_the_cli_page_lists_every_subcommand_and_option():
    import argparse

    from solvers.cli.subcommands import build_parser
    from visualizer.__main__ import build_parser as window_parser
    from visualizer.shell.reference import cli_page

    page = cli_page()
    parsers = [window_parser()]
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    for name, parser in sub.choices.items():
        assert f"## nqueens {name}" in page
        parsers.append(parser)
    for parser in parsers:
        for action in parser._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            for option in action.option_strings:
                assert f"`{option}" in page or f", {option}" in page, option


def test_the_algorithms_page_counts_every_algorithm_at_eight():
    from solvers import registry
    from visualizer.shell.reference import algorithms_page

    page = algorithms_page()
    for spec in registry.ALGORITHMS.values():
        if spec.family != "own":
            assert f"| `{spec.name}` |" in page
    backtracking = next(line for line in page.splitlines() if line.startswith("| `backtracking` |"))
    assert "| 15,720 | 2,056 | 2,056 | 92 |" in backtracking  # the seeds' figures, counted here


def test_every_key_the_readme_names_is_a_key_of_the_window():
    from visualizer.commands import COMMANDS

    shown = {key.shown for command in COMMANDS.values() for key in command.keys if key.shown}
    table = README[README.index("| key | action |") :].split("\n\n")[0]
    named = [row.split("|")[1].strip() for row in table.splitlines()[2:]]
    assert named
    for cell in named:
        for key in cell.split(" / "):
            assert key in shown, key


def test_the_readme_is_a_front_page_with_its_two_quick_start_lines():
    assert len(README.splitlines()) <= 220
    block = re.search(r"## Quick start\n\n```bash\n(.*?)```", README, re.S)
    assert block is not None and len(block.group(1).strip().splitlines()) == 2


def built(tmp_path: Path) -> Path:
    """The manual as ``nqueens docs`` builds it (``mkdocs build --strict``), into a new folder."""
    site = tmp_path / "site"
    done = nqueens("docs", "--no-open", "--output", str(site))
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"the manual: {site / 'index.html'}\n"
    return site


def test_docs_never_empties_a_folder_it_did_not_make(tmp_path):
    (tmp_path / "homework.txt").write_text("mine", encoding="utf-8")
    refused(nqueens("docs", "--no-open", "--output", str(tmp_path)), "is not empty")
    assert (tmp_path / "homework.txt").read_text(encoding="utf-8") == "mine"


def test_the_help_points_to_the_manual(capsys):
    from visualizer.look.i18n import tr

    nqueens("--help")
    assert "nqueens docs" in capsys.readouterr().out
    assert "nqueens docs" in tr("help_title", "en") and "nqueens docs" in tr("help_title", "zh")


@needs("chromium", "chromedriver")
def test_the_manual_builds_strictly_and_every_page_loads_in_a_browser(tmp_path):
    from tests.browser import offline_browser

    site = built(tmp_path)
    pages = sorted(site.rglob("*.html"))
    assert len(pages) >= 20
    with offline_browser() as driver:
        for page in pages:
            if page.name == "404.html":
                continue
            driver.get(page.resolve().as_uri())
            broken = driver.execute_script(
                "return [...document.images].filter(i => !i.complete || i.naturalWidth === 0).map(i => i.src)"
            )
            assert broken == [], (page, broken)
            errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
            assert errors == [], (page, errors)
