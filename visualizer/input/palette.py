"""The command palette (Ctrl+K, or the More… button): every command of the one table, found by
typing a few letters of its name in English or Chinese (or of its key), run with Enter or a click.

``entries(lang)`` lists what the palette offers: each command a person can run without typing an
argument (those with a key or a button), and each mode. ``Palette`` holds what is typed and which
entry is chosen; ``matches`` filters and ranks the entries (a name that starts with the query
first, then a word that does, then one that holds it). Whether an entry is on and whether it can
run now are asked of the window when the palette is drawn (``Palette.rows``), so a disabled
command shows as such instead of vanishing. Pixels are ``visualizer/render/palette.py``'s.

>>> [e.name for e in matches(entries("en"), "next sol")]
['next']
>>> [e.name for e in matches(entries("zh"), "全屏")]
['fullscreen']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from visualizer.commands import COMMANDS, MODES
from visualizer.look.i18n import tr

SHOWN = 9  # the entries the palette lists at once (the rest are reached by typing more, or ↑ ↓)


@dataclass(frozen=True)
class Entry:
    """One thing the palette runs: a command (with its argument, for a mode), its text in both
    languages, its keys as the help shows them."""

    name: str
    argument: str | None
    text: dict[str, str]
    keys: str

    def words(self) -> str:
        """Everything a search may match: both languages' text, the command's name, its keys."""
        return " ".join([*self.text.values(), self.name.replace("-", " "), self.keys]).lower()


def _text(key: str | None, fallback: str) -> dict[str, str]:
    if key is None:
        return {"en": fallback, "zh": fallback}
    return {"en": tr(key, "en"), "zh": tr(key, "zh")}


def entries(lang: str = "en") -> list[Entry]:
    """The palette's entries in the table's order: the modes first, then every command that runs
    from a key or a button (so nothing is reachable by key only)."""
    out = [
        Entry("mode", mode, {"en": tr("palette_mode", "en", mode=tr(f"mode_{mode}", "en")),
                             "zh": tr("palette_mode", "zh", mode=tr(f"mode_{mode}", "zh"))}, "")
        for mode in MODES
    ]  # fmt: skip
    for command in COMMANDS.values():
        if command.script or command.name in ("mode", "palette"):
            continue
        keys = " / ".join(key.shown for key in command.keys if key.shown)
        if not keys and command.label is None:
            continue  # a script's command (its argument is typed): not the palette's
        text = _text(command.help or command.label, command.name)
        out.append(Entry(command.name, None, text, keys))
    return out


def matches(found: list[Entry], query: str) -> list[Entry]:
    """The entries whose words hold every word of ``query`` (any case), best first."""
    words = query.lower().split()
    if not words:
        return list(found)

    def rank(entry: Entry) -> int:
        texts = [t.lower() for t in entry.text.values()]
        if any(t.startswith(query.lower().strip()) for t in texts):
            return 0
        if any(w.startswith(words[0]) for t in texts for w in t.split()):
            return 1
        return 2

    hits = [entry for entry in found if all(w in entry.words() for w in words)]
    return sorted(hits, key=rank)  # sorted is stable: the table's order within a rank


@dataclass
class Row:
    """An entry as the palette shows it now: its text, keys, on/off and whether it can run."""

    entry: Entry
    index: int  # among the matches
    text: str
    keys: str
    on: bool | None
    enabled: bool
    chosen: bool


@dataclass
class Palette:
    """What is typed and which match is chosen; ``run`` carries a chosen entry out."""

    run: Callable[[str, str | None], None]
    active: bool = False
    query: str = ""
    chosen: int = 0
    found: list[Entry] = field(default_factory=list)
    hits: list[tuple[pygame.Rect, int]] = field(default_factory=list)  # where each row was drawn

    def open(self) -> None:
        self.active, self.query, self.chosen = True, "", 0
        self.found = entries()

    def close(self) -> None:
        self.active, self.hits = False, []

    def shown(self) -> list[Entry]:
        return matches(self.found, self.query)

    def rows(
        self, lang: str, is_on: Callable[[Entry], bool | None], can_run: Callable[[Entry], bool]
    ) -> list[Row]:
        """The rows to draw: at most ``SHOWN``, scrolled so that the chosen one shows."""
        shown = self.shown()
        self.chosen = min(self.chosen, max(0, len(shown) - 1))
        first = max(0, self.chosen - SHOWN + 1)
        return [
            Row(e, first + i, e.text[lang], e.keys, is_on(e), can_run(e), first + i == self.chosen)
            for i, e in enumerate(shown[first : first + SHOWN])
        ]

    def handle(self, event: pygame.event.Event) -> bool:
        """Take ``event`` while open (True: it was the palette's)."""
        if not self.active:
            return False
        if event.type == pygame.TEXTINPUT:
            self.query, self.chosen = (self.query + event.text)[:60], 0
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            picked = next((index for rect, index in self.hits if rect.collidepoint(event.pos)), None)
            if picked is None:
                self.close()  # a click beside it closes it, and does nothing else
            else:
                self.chosen = picked
                self._run()
        elif event.type == pygame.MOUSEWHEEL:
            self._move(-event.y)
        return event.type in (pygame.TEXTINPUT, pygame.KEYDOWN, pygame.KEYUP, pygame.MOUSEBUTTONDOWN,
                              pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)  # fmt: skip

    def _key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE or (event.key == pygame.K_k and event.mod & pygame.KMOD_CTRL):
            self.close()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._run()
        elif event.key == pygame.K_BACKSPACE:
            self.query, self.chosen = self.query[:-1], 0
        elif event.key in (pygame.K_DOWN, pygame.K_UP):
            self._move(1 if event.key == pygame.K_DOWN else -1)

    def _move(self, step: int) -> None:
        self.chosen = min(max(0, self.chosen + step), max(0, len(self.shown()) - 1))

    def _run(self) -> None:
        shown = self.shown()
        if shown:
            entry = shown[min(self.chosen, len(shown) - 1)]
            self.close()
            self.run(entry.name, entry.argument)
