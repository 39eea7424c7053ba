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
    # the app shell (visualizer/app.py, controls.py)
    "toggle": ("{label}: {state}", "{label}：{state}"),
    "on": ("on", "开"),
    "off": ("off", "关"),
    "shade": ("Shade attacked", "标出受攻击格子"),
    "screenshot": ("Screenshot", "截图"),
    "gif": ("Record GIF", "录制 GIF"),
    "gif_stop": ("Stop GIF", "停止录制"),
    "fullscreen": ("Fullscreen", "全屏"),
    "n_down": ("n − 1", "n − 1"),
    "n_up": ("n + 1", "n + 1"),
    "faster": ("Faster", "加快"),
    "slower": ("Slower", "减慢"),
    "cancel": ("Cancel the work", "取消计算"),
    "close_help": ("Close the help", "关闭帮助"),
    "help_title": ("Keys", "快捷键"),
    "busy": ("Still working: press Esc to cancel", "仍在计算中：按 Esc 取消"),
    "working_events": (
        "Working… {events} events  (Esc to cancel)",
        "计算中… 已处理 {events} 个事件（Esc 取消）",
    ),
    "no_more_solutions": ("No further solution: the search is finished", "没有更多解：搜索已结束"),
    "done_in": ("Done in {seconds:.2f} s", "用时 {seconds:.2f} 秒"),
    "n_range": (
        "n must be between {low} and {high} for this algorithm",
        "该算法的 n 须在 {low} 到 {high} 之间",
    ),
    "seconds": ("{seconds:.1f} s", "{seconds:.1f} 秒"),
    "game_unavailable": (
        "game mode is not available yet; use --mode watch",
        "游戏模式尚未提供，请使用 --mode watch",
    ),
    # teaching views: search tree, gallery, race (visualizer/render/tree.py, gallery.py, race.py)
    "tree_title": ("Search tree", "搜索树"),
    "tree_nodes": ("{count} nodes, depth {depth}", "{count} 个结点，当前深度 {depth}"),
    "tree_map_title": ("Search space: the n-ary tree as bands", "搜索空间：按层展开的 n 叉树"),
    "tree_depth": ("depth {depth}", "第 {depth} 层"),
    "legend_explored": ("explored", "已访问"),
    "legend_pruned": ("refused", "被剪枝"),
    "legend_solution": ("solution", "解"),
    "legend_dead": ("dead end", "死结点"),
    "legend_current": ("current path", "当前路径"),
    "profile_title": ("Nodes per depth", "每层结点数"),
    "profile_total": ("{so_far} of {total} nodes", "已访问 {so_far} / 共 {total} 个结点"),
    "gallery_title": ("Solutions by symmetry class", "按对称类分组的解"),
    "gallery_summary": ("{solutions} solutions in {classes} classes", "{solutions} 个解，分为 {classes} 个基本类"),
    "gallery_class": ("Class {number}: {count}", "第 {number} 类：{count} 个"),
    "gallery_empty": ("No solution found yet", "尚未找到解"),
    "gallery_overflow": (
        "{total} solutions found; the first {kept} are kept and grouped",
        "已找到 {total} 个解；仅保存并分组前 {kept} 个",
    ),
    "gallery_more": ("classes {first}–{last} of {total}", "第 {first}–{last} 类，共 {total} 类"),
    "sym_identity": ("base", "基本解"),
    "sym_rotate-90": ("rotate 90°", "旋转 90°"),
    "sym_rotate-180": ("rotate 180°", "旋转 180°"),
    "sym_rotate-270": ("rotate 270°", "旋转 270°"),
    "sym_mirror": ("mirror", "镜像"),
    "sym_mirror-rotate-90": ("mirror, rotate 90°", "镜像后旋转 90°"),
    "sym_mirror-rotate-180": ("mirror, rotate 180°", "镜像后旋转 180°"),
    "sym_mirror-rotate-270": ("mirror, rotate 270°", "镜像后旋转 270°"),
    "race_events": ("Events", "事件数"),
    "race_first_solution": (
        "First solution: {name} ({events} events)",
        "率先找到第一个解：{name}（{events} 个事件）",
    ),
    "race_finished_first": ("Finished first: {name} ({events} events)", "率先完成：{name}（{events} 个事件）"),
    "race_tie": ("both at once", "同时"),
    "race_running": ("Racing… same number of events per tick", "比赛中……每一拍双方推进相同的事件数"),
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
