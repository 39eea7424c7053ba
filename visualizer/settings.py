"""Settings that persist between runs, in the user's config directory.

A missing file gives the defaults; a corrupt one is reported once (the
``problem`` attribute) and replaced on the next save. Nothing here can stop
the app.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from solvers import registry
from visualizer.i18n import LANGUAGES
from visualizer.theme import THEMES

FILE_NAME = "settings.json"


@dataclass(frozen=True)
class Problem:
    """What went wrong with the settings file: a ``kind`` the window translates
    (``read``, ``corrupt``, ``range``, ``write``), the file, and the system's detail."""

    kind: str
    path: Path
    detail: str = ""

    def __str__(self) -> str:
        message = {
            "read": "could not read {path}",
            "corrupt": "settings file {path} was unreadable; defaults restored",
            "range": "settings file {path} had values out of range; they were reset",
            "write": "could not save settings to {path}",
        }[self.kind].format(path=self.path)
        return f"{message} ({self.detail})" if self.detail else message


def config_dir() -> Path:
    """Where settings live: $NQUEENS_CONFIG_DIR, else the platform's config folder."""
    if override := os.environ.get("NQUEENS_CONFIG_DIR"):
        return Path(override)
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming"))
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return base / "nqueens-visualizer"


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

    def validated(self) -> Settings:
        """A copy with every out-of-range value replaced by its default."""
        default = Settings()
        spec = registry.ALGORITHMS.get(self.algorithm)
        good = {
            "algorithm": spec is not None,
            "n": spec is not None
            and isinstance(self.n, int)
            and spec.min_n <= self.n <= min(spec.max_n, 1000),
            "speed": isinstance(self.speed, (int, float)) and 1 <= self.speed <= 10_000,
            "lang": self.lang in LANGUAGES,
            "theme": self.theme in THEMES,
            "width": isinstance(self.width, int) and 640 <= self.width <= 16384,
            "height": isinstance(self.height, int) and 480 <= self.height <= 16384,
            "ui_scale": isinstance(self.ui_scale, (int, float)) and 0.5 <= self.ui_scale <= 4,
        }
        values = {name: getattr(self if ok else default, name) for name, ok in good.items()}
        if not good["algorithm"]:
            values["n"] = default.n
        return Settings(**values)


class SettingsStore:
    """Loads and saves ``Settings``; remembers one problem to report."""

    def __init__(self, directory: Path | None = None) -> None:
        self.path = (directory or config_dir()) / FILE_NAME
        self.problem: Problem | None = None

    def load(self) -> Settings:
        """The saved settings, or the defaults (with ``problem`` set if the file was bad)."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return Settings()
        except OSError as error:
            self.problem = Problem("read", self.path, error.strerror or "")
            return Settings()
        try:
            data = json.loads(text)
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
            known = {f.name for f in fields(Settings)}
            loaded = Settings(**{k: v for k, v in data.items() if k in known})
        except (ValueError, TypeError) as error:
            self.problem = Problem("corrupt", self.path, str(error))
            return Settings()
        checked = loaded.validated()
        if checked != loaded:
            self.problem = Problem("range", self.path)
        return checked

    def save(self, settings: Settings) -> bool:
        """Write the settings; False (with ``problem`` set) if the disk refused."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temporary = self.path.with_suffix(".tmp")
            temporary.write_text(json.dumps(asdict(settings), indent=2), encoding="utf-8")
            temporary.replace(self.path)
        except OSError as error:
            self.problem = Problem("write", self.path, error.strerror or "")
            return False
        return True
