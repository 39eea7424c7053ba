"""The algorithm's name as the window shows it: its title, or a neutral "Algorithm A" while a
quiz hides the names (F9, ``hide:names``; issue 18)."""

from __future__ import annotations

from solvers.registry import AlgorithmSpec
from visualizer.look.i18n import tr

#: The neutral letter of each race side (watch mode's one algorithm is "A").
LETTERS = {"a": "A", "b": "B"}


def shown_title(spec: AlgorithmSpec, lang: str, hidden: bool = False, side: str = "a") -> str:
    """``spec``'s title in ``lang``, or "Algorithm A" / "Algorithm B" (by ``side``) when ``hidden``."""
    if hidden:
        return tr("hidden_name", lang, letter=LETTERS[side])
    return spec.title_zh if lang == "zh" else spec.title


def shown_summary(spec: AlgorithmSpec, lang: str, hidden: bool = False) -> str:
    """``spec``'s one-line summary in ``lang``, or nothing when the names are hidden (it gives them away)."""
    if hidden:
        return ""
    return spec.summary_zh if lang == "zh" else spec.summary
