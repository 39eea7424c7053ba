"""Settings that persist between runs, in the user's config directory.

A missing file gives the defaults; anything else that is not a small, regular file of valid
settings (a link, folder, pipe, a huge file, bad UTF-8, any JSON of the wrong shape) is reported
once (the ``problem`` attribute) and gives the defaults; the next save replaces it atomically
(visualizer/shell/safe_files.py). Nothing here can stop the app.
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path

import platformdirs

from solvers import registry
from visualizer.look.i18n import LANGUAGES
from visualizer.look.layout import MAX_SIZE
from visualizer.look.theme import THEMES
from visualizer.shell.safe_files import RefusedFile, check_folder, read_small_regular_file, write_atomically

FILE_NAME = "settings.json"
APP_NAME = "nqueens-visualizer"
#: A settings file is a few hundred bytes; anything over this is not ours.
MAX_BYTES = 64 * 1024


@dataclass(frozen=True)
class Problem:
    """What went wrong with the settings file: a ``kind`` the window translates (``read``,
    ``link``, ``special``, ``large``, ``corrupt``, ``range``, ``write``), the file, and a detail."""

    kind: str
    path: Path
    detail: str = ""

    def __str__(self) -> str:
        message = {
            "read": "could not read {path}",
            "link": "settings file {path} is a symbolic link, never followed; defaults used",
            "special": "settings file {path} is not a regular file; defaults used",
            "large": "settings file {path} is larger than 64 KB; defaults used",
            "corrupt": "settings file {path} was unreadable; defaults restored",
            "range": "settings file {path} had values of the wrong type or out of range; they were reset",
            "write": "could not save settings to {path}",
        }[self.kind].format(path=self.path)
        return f"{message} ({self.detail})" if self.detail else message


def config_dir() -> Path:
    """Where settings live: $NQUEENS_CONFIG_DIR, else the platform's config folder (platformdirs:
    XDG on Linux, Application Support on macOS, the roaming AppData on Windows)."""
    if override := os.environ.get("NQUEENS_CONFIG_DIR"):
        return Path(override)
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False, roaming=True))


def _in_range(value: object, low: float, high: float, *, whole: bool = False) -> bool:
    """A finite number (an int if ``whole``; never a bool) from ``low`` to ``high``.

    >>> _in_range(2, 1, 4, whole=True), _in_range(True, 0, 4), _in_range(2.5, 1, 4, whole=True)
    (True, False, False)
    """
    if isinstance(value, bool) or not isinstance(value, int if whole else (int, float)):
        return False
    return (isinstance(value, int) or math.isfinite(value)) and low <= value <= high


def _one_of(value: object, choices: object) -> bool:
    """A string among ``choices`` (type-checked first: a list or dict is not hashable)."""
    return isinstance(value, str) and value in choices  # type: ignore[operator]


@dataclass
class Settings:
    """The choices a user expects to find again next time."""

    n: int = 8
    algorithm: str = "backtracking"
    speed: float = 20.0
    lang: str = "en"
    theme: str = "classroom"
    width: int = 1280
    height: int = 800
    ui_scale: float = 1.0
    hatch: bool = False  # attacked squares hatched, not tinted (issue 25)

    def validated(self) -> Settings:
        """A copy with every value of the wrong type or out of range replaced by its default."""
        default = Settings()
        spec = registry.ALGORITHMS.get(self.algorithm) if isinstance(self.algorithm, str) else None
        good = {
            "algorithm": spec is not None,
            "n": spec is not None and _in_range(self.n, spec.min_n, min(spec.max_n, 1000), whole=True),
            "speed": _in_range(self.speed, 1, 10_000),
            "lang": _one_of(self.lang, LANGUAGES),
            "theme": _one_of(self.theme, THEMES),
            "width": _in_range(self.width, 640, MAX_SIZE[0], whole=True),
            "height": _in_range(self.height, 480, MAX_SIZE[1], whole=True),
            "ui_scale": _in_range(self.ui_scale, 0.5, 4),
            "hatch": isinstance(self.hatch, bool),
        }
        values = {name: getattr(self if ok else default, name) for name, ok in good.items()}
        if spec is None:
            values["n"] = default.n
        return Settings(**values)


def _reject_constant(name: str) -> object:
    raise ValueError(f"{name} is not a number settings can hold")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text[:20]} is out of range")
    return value


def parse_settings(data: bytes) -> Settings:
    """The settings in ``data`` (JSON), unchecked; ValueError for anything but a JSON object.

    Survives any input: bad UTF-8, NaN / Infinity / 1e400, deep nesting (RecursionError).
    """
    try:
        text = data.decode("utf-8-sig")
        parsed = json.loads(text, parse_constant=_reject_constant, parse_float=_finite_float)
    except RecursionError:
        raise ValueError("nested too deeply") from None
    if not isinstance(parsed, dict):
        raise ValueError("not a JSON object")
    known = {f.name for f in fields(Settings)}
    return Settings(**{k: v for k, v in parsed.items() if k in known})


class SettingsStore:
    """Loads and saves ``Settings``; remembers one problem to report."""

    def __init__(self, directory: Path | None = None) -> None:
        self.path = (directory or config_dir()) / FILE_NAME
        self.problem: Problem | None = None
        self.first_run = False  # no settings file yet: the window opens at the desktop's size

    def load(self) -> Settings:
        """The saved settings, or the defaults (with ``problem`` set if the file was bad)."""
        try:
            check_folder(self.path.parent)  # a linked config folder is not read through either
            data = read_small_regular_file(self.path, MAX_BYTES)
        except FileNotFoundError:
            self.first_run = True
            return Settings()
        except RefusedFile as error:
            self.problem = Problem(error.kind, self.path, error.reason)
            return Settings()
        except OSError as error:
            self.problem = Problem("read", self.path, error.strerror or "")
            return Settings()
        try:
            loaded = parse_settings(data)
        except ValueError as error:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
            self.problem = Problem("corrupt", self.path, str(error)[:80])
            return Settings()
        checked = loaded.validated()
        if checked != loaded:
            self.problem = Problem("range", self.path)
        return checked

    def save(self, settings: Settings) -> bool:
        """Write the settings atomically; False (with ``problem`` set) if refused or the disk failed."""
        text = json.dumps(asdict(settings), indent=2) + "\n"
        try:
            write_atomically(self.path, text.encode("utf-8"), make_folder=True)
        except RefusedFile as error:
            self.problem = Problem("write", self.path, error.reason)
            return False
        except OSError as error:
            self.problem = Problem("write", self.path, error.strerror or str(error))
            return False
        return True
