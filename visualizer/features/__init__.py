"""Features the window offers beside watching a search: lessons (run until, bookmarks, hidden
panels, lesson files), exporting a stretch, screenshots and GIFs, and where pictures are saved."""
