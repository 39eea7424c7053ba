"""Every string the window shows, in English and Chinese.

>>> tr("reset", "zh")
'重置'
>>> tr("solution_n", "en", number=3)
'Solution 3'
"""

from __future__ import annotations

from pathlib import Path

LANGUAGES = ("en", "zh")

#: key -> (English, Chinese). Format fields use str.format names.
STRINGS: dict[str, tuple[str, str]] = {
    "title": ("N-Queens, step by step", "N 皇后问题动态演示"),
    "reset": ("Reset", "重置"),
    "step": ("Step", "单步"),
    "back": ("Step back", "后退"),
    "play": ("Play", "播放"),
    "pause": ("Pause", "暂停"),
    "next": ("Next solution", "下一个解"),
    "instant": ("Instant result", "直接得出结果"),
    "show_all": ("Show all attempts", "显示所有遍历情况"),
    "speed": ("Speed: {rate} events/s", "速度：每秒 {rate} 步"),
    "board_size": ("n = {n}", "n = {n}"),
    "algorithm": ("Algorithm", "算法"),
    "attempts": ("Attempts", "遍历次数"),
    "placements": ("Placements", "放置次数"),
    "backtracks": ("Backtracks", "回溯次数"),
    "solutions": ("Solutions", "可行方案"),
    "checks": ("Checks", "检查次数"),
    "repairs": ("Repairs", "修复次数"),
    "depth": ("Depth", "当前深度"),
    "event_index": ("Event", "事件序号"),
    "elapsed": ("Elapsed", "用时"),
    "solution_n": ("Solution {number}", "第 {number} 个解"),
    "finished": ("Search finished", "所有情况已遍历"),
    "working": ("Working… {percent}%  (Esc to cancel)", "计算中… {percent}%（Esc 取消）"),
    "cancelled": ("Cancelled", "已取消"),
    "help": ("Help", "帮助"),
    "screenshot_saved": ("Screenshot saved: {path}", "截图已保存：{path}"),
    "gif_recording": ("Recording GIF… (G to stop)", "正在录制 GIF…（按 G 停止）"),
    "gif_saved": ("GIF saved: {path}", "GIF 已保存：{path}"),
    "error": ("Error: {message}", "错误：{message}"),
}


def tr(key: str, lang: str = "en", **fields: object) -> str:
    """The string ``key`` in ``lang``, with ``fields`` filled in."""
    english, chinese = STRINGS[key]
    text = chinese if lang == "zh" else english
    return text.format(**fields) if fields else text


def font_path(lang: str, bold: bool = False) -> Path:
    """The bundled font that has every glyph ``lang`` needs (pygame_gui's Noto fonts)."""
    import pygame_gui

    data = Path(pygame_gui.__file__).parent / "data"
    if lang == "zh":
        return data / ("NotoSansSC-Bold.otf" if bold else "NotoSansSC-Regular.otf")
    return data / ("NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf")
