"""One frame of the window, layer by layer (the mode, the lessons' marks, the widgets, the focus
ring, the overlays, the palette, the export's progress, the recording notice, a dialog), and the
layout report of a frame drawn now. The ``Frame`` is a part of the App."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from visualizer.render.focus_ring import draw_focus_ring
from visualizer.render.fonts import CUT
from visualizer.render.menu_label import draw_menu_label
from visualizer.render.overlays import draw_overlays

if TYPE_CHECKING:
    import pygame_gui

    from visualizer.core.timeline import Timeline
    from visualizer.features.capture import Capture
    from visualizer.features.lessons import Lessons
    from visualizer.input.controls import Controls
    from visualizer.input.focus import Focus
    from visualizer.input.palette import Entry, Palette
    from visualizer.input.prompt import Prompt
    from visualizer.look.layout import Layout
    from visualizer.look.theme import Theme
    from visualizer.modes.base import Mode
    from visualizer.render.board import BoardGeometry
    from visualizer.render.help import HelpCard


class Frame:
    """``draw``: the whole window onto ``surface``; ``layout_report``: where things lie in it."""

    surface: pygame.Surface
    layout: Layout
    theme: Theme
    lang: str
    mode: Mode
    lessons: Lessons
    capture: Capture
    manager: pygame_gui.UIManager
    controls: Controls
    focus: Focus
    prompt: Prompt
    palette: Palette
    geometry: BoardGeometry | None
    banner: tuple[str, str, float] | None
    presenting: bool
    show_legend: bool
    show_help: bool
    help_page: int
    help_card: HelpCard | None  # the help the last frame drew (its page, its rows), or None

    if TYPE_CHECKING:  # the App's

        @property
        def timeline(self) -> Timeline | None: ...
        def guarded(self, work: Callable[..., object], *args: object) -> None: ...
        def entry_on(self, entry: Entry) -> bool | None: ...
        def entry_runs(self, entry: Entry) -> bool: ...

    def draw(self, quiet: bool = False) -> None:
        """Draw the whole window onto ``self.surface``: the mode, the widgets, then the overlays
        (``quiet``: without the passing banner, as an export's frame is drawn). While an export
        runs, the window is the frame it drew last, and only the progress box is drawn over it."""
        if self.lessons.showing_export and not (self.prompt.active or self.palette.active):
            self.lessons.draw_export_progress()
            return
        CUT.clear()  # what this frame cuts, for ``layout_report``
        layout = self.layout
        self.surface.fill(self.theme.background)
        self.geometry = self.mode.draw(self.surface, layout)
        self.lessons.draw(self.surface, layout)
        self.manager.draw_ui(self.surface)  # the presenter view: the controls lie outside the window
        if (label := self.controls.menu_label()) is not None:  # the algorithm's name, wrapped over its box
            draw_menu_label(self.surface, label)
        if (focused := self.focus.widget(self.controls)) is not None and not self.presenting:
            draw_focus_ring(self.surface, focused.rect, self.theme)
        self.mode.overlay(self.surface, layout)
        self._overlays(None if quiet else self.banner)
        if self.palette.active:
            from visualizer.render.palette import draw_palette

            rows = self.palette.rows(self.lang, self.entry_on, self.entry_runs)
            self.palette.hits = draw_palette(
                self.surface, self.palette.query, rows, self.theme, self.lang, layout.scale
            )
        self.lessons.draw_export_progress()
        self.capture.draw_progress()
        if not quiet:  # an export's frame is not the class's view
            self._notice()
        self.prompt.draw_over(self.surface)  # a file dialog stays on top of every layer
        if (ring := self.prompt.focus_rect()) is not None:  # a file dialog's focused control
            draw_focus_ring(self.surface, ring, self.theme, on_dialog=True)

    def _overlays(self, passing: tuple[str, str, float] | None) -> None:
        """The banner or the status line, a bookmark's note, the legend and the help."""
        layout = self.layout
        card = self.lessons.draw_note(self.surface, layout) if passing is None else None
        noted = card is not None and card.colliderect(layout.banner)  # a bookmark's
        banner = passing[:2] if passing is not None else self.mode.standing_banner()
        # no banner: the algorithm's name and summary, unless a prompt's question stands there
        status = None if self.prompt.active else self.mode.status(self.lang)
        timeline = self.timeline
        self.help_card = draw_overlays(
            self.surface,
            layout,
            self.theme,
            self.lang,
            banner=None if noted else banner,
            status=None if noted else status,
            legend=self.show_legend,
            help=self.show_help,
            help_page=self.help_page,
            constrained=timeline is not None and bool(timeline.board.blocked or timeline.board.given),
        )

    def _notice(self) -> None:
        """The GIF's frame (taken before its notice is drawn), then the recording notice."""
        self.capture.offer()
        notice = self.capture.notice()
        if notice is not None:
            from visualizer.render.panels import draw_banner

            draw_banner(self.surface, self.layout.banner, notice, self.theme, self.lang, "info")

    def layout_report(self) -> dict[str, object]:
        """Where things lie in a frame drawn now: the window's size, the board's rectangle, how many
        controls show, and every text the frame had to cut (none, in a window that fits)."""
        self.guarded(self.draw)  # the frame it reports (a headless run draws only when asked)
        area = self.surface.get_rect()
        board = self.geometry.rect if self.geometry is not None else None
        controls = self.controls
        widgets: list[pygame_gui.core.UIElement | None] = [*controls.buttons.values(), controls.slider]
        widgets.append(controls.n_label)
        widgets += [controls.algorithms, controls.languages, controls.modes]
        shown = [w for w in widgets if w is not None and w.visible and area.contains(w.rect)]
        return {
            "window": list(area.size),
            "board": list(board) if board is not None else None,
            "controls_visible": len(shown),
            "cut": sorted(set(CUT)),
        }
