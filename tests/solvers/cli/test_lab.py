"""``nqueens lab`` (issue 26): its table is ``nqueens count``'s counters, point for point; the CSV
round-trips; the fit recovers a known growth; the plot is a PNG or SVG of the stated size; bad
input is one line and status 2; points out of range or over the budget are never run; Ctrl-C keeps
the rows done. Small n only, and no test asserts a time."""

from __future__ import annotations

import json
import os
import signal
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest

from solvers import engine, registry
from solvers.cli import lab
from solvers.cli import subcommands as commands
from tests import ROOT
from tests.run import nqueens, refused

SEEDS = ("backtracking", "permutations-pruned", "brute-force", "forward-checking")


def lab_run(*argv: str) -> subprocess.CompletedProcess[str]:
    result = nqueens("lab", *argv)
    assert result.returncode == 0, result.stderr
    return result


def table(stdout: str) -> dict[str, dict[int, str]]:
    """The printed table as {algorithm: {n: cell}}."""
    lines = stdout.splitlines()
    head = next(i for i, line in enumerate(lines) if line.split()[:1] == ["n"])
    names = lines[head].split()[1:]
    cells: dict[str, dict[int, str]] = {name: {} for name in names}
    for line in lines[head + 1 :]:
        if not line.strip():
            break
        n, *row = line.split()
        for name, cell in zip(names, row, strict=True):
            cells[name][int(n)] = cell
    return cells


def count_json(n: int, algo: str) -> dict[str, object]:
    result = nqueens("count", str(n), "--algo", algo, "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.mark.parametrize("metric", ["attempts", "checks", "backtracks"])
def test_the_table_is_nqueens_count_point_for_point(metric):
    argv = [arg for name in SEEDS for arg in ("--algo", name)]
    result = lab_run(*argv, "--n", "4-9", "--metric", metric)
    cells = table(result.stdout)
    assert list(cells) == list(SEEDS)
    for name in SEEDS:
        assert sorted(cells[name]) == list(range(4, 10))
        for n in range(4, 10):
            if name == "brute-force" and n == 9:  # beyond its spec's range: noted, not run
                assert cells[name][n] == "-"
                continue
            assert cells[name][n] == str(count_json(n, name)[metric]), (name, n)
    assert "note: brute-force at n = 9 not run: brute-force accepts n up to 8" in result.stdout
    units = "(one attempt is a square for backtracking, forward-checking; a permutation for"
    assert (units in result.stdout) == (metric == "attempts")


def test_the_fit_printed_is_the_fit_of_the_counts():
    result = lab_run("--algo", "backtracking", "--algo", "forward-checking", "--n", "4-9")
    for name in ("backtracking", "forward-checking"):
        values = [count_json(n, name)["attempts"] for n in range(4, 10)]
        fit = lab.fit_growth(list(range(4, 10)), values)  # type: ignore[arg-type]
        assert lab.fit_sentence(name, fit) in result.stdout.splitlines()
    assert "backtracking grows about 4.1x per extra queen (R^2 0.999, n = 4..9)" in result.stdout


def test_the_csv_round_trips_and_holds_every_counter(tmp_path):
    path = tmp_path / "lab.csv"
    lab_run("--algo", "backtracking", "--algo", "permutations", "--n", "4-7", "--csv", str(path))
    text = path.read_text(encoding="utf-8")
    points = lab.read_csv(text)
    assert lab.csv_text(points) == text
    assert [(p["algorithm"], p["n"]) for p in points] == [
        (name, n) for n in range(4, 8) for name in ("backtracking", "permutations")
    ]
    for point in points:
        expected = count_json(point["n"], point["algorithm"])  # type: ignore[arg-type]
        for key in (*lab.COUNTERS, "source"):
            assert point[key] == expected[key], (point, key)
    assert [p.name for p in tmp_path.iterdir()] == ["lab.csv"]  # no temporary file left


def test_the_fit_recovers_a_known_base():
    ns = list(range(4, 13))
    fit = lab.fit_growth(ns, [3 * 2.5**n for n in ns])
    assert fit is not None
    assert fit.base == pytest.approx(2.5, rel=1e-12)
    assert fit.scale == pytest.approx(3, rel=1e-9)
    assert fit.r2 == pytest.approx(1.0, abs=1e-12)
    exact = lab.fit_growth(ns, [7 * 5**n for n in ns])  # big ints: their logs are exact
    assert exact is not None and exact.base == pytest.approx(5, rel=1e-12)
    noisy = lab.fit_growth(ns, [2**n * (1.3 if n % 2 else 1) for n in ns])
    assert noisy is not None and 0 < noisy.r2 < 1
    assert lab.fit_growth([5], [10]) is None
    assert lab.fit_sentence("x", fit) == "x grows about 2.5x per extra queen (R^2 1.000, n = 4..12)"


def test_a_zero_is_left_out_of_the_fit():
    """Construction never backtracks: 0 has no logarithm, so there is nothing to fit."""
    result = lab_run("--algo", "construction", "--n", "4-6", "--metric", "backtracks")
    assert "construction: too few points above 0 to fit a growth" in result.stdout


def test_the_time_metric_is_the_seconds_count_reports(tmp_path):
    path = tmp_path / "t.csv"
    result = lab_run("--algo", "backtracking", "--n", "4-6", "--metric", "time", "--csv", str(path))
    seconds = {p["n"]: p["seconds"] for p in lab.read_csv(path.read_text(encoding="utf-8"))}
    assert {n: float(cell) for n, cell in table(result.stdout)["backtracking"].items()} == seconds
    assert "backtracking grows about" in result.stdout


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    length, kind = struct.unpack(">I4s", data[8:16])
    assert (length, kind) == (13, b"IHDR")
    return struct.unpack(">II", data[16:24])


def test_the_png_plot_is_a_png_of_the_stated_size(tmp_path):
    pytest.importorskip("matplotlib")
    path = tmp_path / "cost.png"
    result = lab_run("--algo", "backtracking", "--algo", "brute-force", "--n", "4-9", "--plot", str(path))
    assert f"wrote {path}" in result.stdout
    assert png_size(path.read_bytes()) == lab.PLOT_SIZE
    assert [p.name for p in tmp_path.iterdir()] == ["cost.png"]


def test_the_svg_plot_is_svg_of_the_stated_size(tmp_path):
    pytest.importorskip("matplotlib")
    path = tmp_path / "cost.svg"
    lab_run("--algo", "backtracking", "--n", "4-7", "--metric", "time", "--plot", str(path))
    root = ET.parse(path).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    points = [size * 72 / lab.PLOT_DPI for size in lab.PLOT_SIZE]  # matplotlib's SVG is in points
    assert (root.get("width"), root.get("height")) == tuple(f"{p:g}pt" for p in points)


def test_a_missing_matplotlib_is_one_line_before_any_work(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now fails
    ran = []
    monkeypatch.setattr(commands, "cmd_count", lambda *a, **k: ran.append(a))
    result = nqueens("lab", "--algo", "backtracking", "--plot", str(tmp_path / "p.png"))
    assert result.returncode == 2 and result.stdout == "" and ran == []
    assert result.stderr.count("\n") == 1 and "matplotlib" in result.stderr and "[lab]" in result.stderr


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["--algo", "nope"], "unknown algorithm 'nope'"),
        (["--algo", "backtracking", "--n", "9-4"], "runs backwards"),
        (["--algo", "backtracking", "--n", "x"], "sizes A-B"),
        (["--algo", "backtracking", "--n", "4-"], "sizes A-B"),
        (["--algo", "backtracking", "--n", "0-4"], "at least 1"),
        (["--algo", "backtracking", "--n", "4-99"], "at most 62"),
        (["--algo", "backtracking", "--metric", "speed"], "invalid choice"),
        (["--algo", "backtracking", "--budget", "0"], "at least 1"),
        (["--algo", "backtracking", "--csv", "/nonexistent-folder/lab.csv"], "does not exist"),
        (["--algo", "backtracking", "--csv", "lab.txt"], "must end in .csv"),
        (["--algo", "backtracking", "--plot", "lab.jpg"], "must end in .png or .svg"),
        (["--n", "4-6"], "required: --algo"),
    ],
)
def test_bad_input_is_one_line_and_status_2(argv, needle):
    refused(nqueens("lab", *argv), needle)


def test_a_link_at_the_csv_path_is_refused_not_followed(tmp_path):
    target = tmp_path / "elsewhere.txt"
    target.write_text("keep me", encoding="utf-8")
    link = tmp_path / "lab.csv"
    link.symlink_to(target)
    result = nqueens("lab", "--algo", "backtracking", "--n", "4", "--csv", str(link))
    assert result.returncode == 2 and "symbolic link" in result.stderr
    assert target.read_text(encoding="utf-8") == "keep me" and link.is_symlink()


def test_a_point_over_the_budget_is_noted_and_never_run(monkeypatch):
    monkeypatch.setattr(engine, "WORKERS", 2)  # the estimate's cores: the same on every machine
    ran: list[tuple[str, int]] = []
    real = commands.cmd_count

    def counted(args, prefix=""):
        ran.append((args.algo, args.n))
        return real(args, prefix)

    monkeypatch.setattr(commands, "cmd_count", counted)
    result = lab_run("--algo", "backtracking", "--algo", "brute-force", "--n", "7-16", "--budget", "1")
    assert ("backtracking", 13) in ran  # about 0.4 s by the engine's estimate on 2 cores
    assert not any(n >= 14 for _, n in ran) and not any(n > 8 for name, n in ran if name == "brute-force")
    cells = table(result.stdout)
    assert cells["backtracking"][14] == cells["backtracking"][16] == "-"
    assert cells["backtracking"][13] == str(count_json(13, "backtracking")["attempts"])
    note = (
        "note: backtracking at n = 14..16 not run: the engine's estimate at n = 14 is about 2 s, over the 1 s"
    )
    assert note in result.stdout
    assert "note: brute-force at n = 9..16 not run: brute-force accepts n up to 8" in result.stdout


def test_an_algorithm_the_engine_does_not_model_is_estimated_from_its_own_times(monkeypatch):
    """An algorithm that drains its events (dancing links without its engine, as every exhaustive
    algorithm has one now): its time's last ratio, carried on, is its estimate."""
    spec = registry.get("dlx")
    monkeypatch.setitem(registry.ALGORITHMS, "dlx", replace(spec, engine=None, resumer=None))
    assert lab._refusal("dlx", 13, 60, {11: 1.0, 12: 6.0}) is None  # 36 s
    kind, words = lab._refusal("dlx", 13, 30, {11: 1.0, 12: 6.0}) or ("", "")
    assert kind == "budget" and "estimated from the n before" in words and "30 s budget" in words
    assert lab._refusal("dlx", 14, 60, {}) == ("max", "dlx accepts n up to 13")


def test_ctrl_c_keeps_the_rows_done(tmp_path):
    """SIGINT while dancing links drains n = 11 or 12: the rows printed stay, the CSV holds
    their points, status 130 and one line on stderr, as every command ends on Ctrl-C."""
    path = tmp_path / "kept.csv"
    argv = ["-m", "solvers", "lab", "--algo", "dlx", "--n", "4-13", "--csv", str(path)]
    env = {**os.environ, "COLUMNS": "80"}
    with subprocess.Popen(
        [sys.executable, *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env
    ) as process:
        assert process.stdout is not None
        seen = []
        for line in process.stdout:  # rows stream as they are done
            seen.append(line)
            if line.split()[:1] == ["10"]:
                break
        process.send_signal(signal.SIGINT)
        rest, err = process.communicate(timeout=60)
    out = "".join(seen) + rest
    assert process.returncode == 128 + signal.SIGINT
    assert err.strip().splitlines() == ["nqueens: interrupted"]
    rows = table(out)["dlx"]
    assert list(rows)[:7] == list(range(4, 11)) and 13 not in rows
    assert "stopped at n = " in out and "dlx grows about" in out
    kept = lab.read_csv(path.read_text(encoding="utf-8"))
    assert {p["n"]: str(p["attempts"]) for p in kept} == rows
    assert len(kept) >= 7
