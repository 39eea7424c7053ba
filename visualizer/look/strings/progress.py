"""The window's strings: the scrub bar, progress and far seeks."""

STRINGS: dict[str, tuple[str, str]] = {
    # -- scrub bar and progress (issue 12) --
    "scrub": ("Event {index} of {total}", "第 {index} 个事件，共 {total} 个"),
    "scrub_unknown": ("Event {index} of ?", "第 {index} 个事件，共 ? 个"),
    "scrub_failed": (" · the search failed here", " · 搜索在此失败"),
    "scrub_seek": ("Seek to an event", "跳到某个事件"),
    "working_attempts": (
        "Working… {events} attempts walked  (Esc to cancel)",
        "计算中… 已走过 {events} 次尝试（Esc 取消）",
    ),
    "whole_counted": (
        "Whole run: {solutions} solutions, {attempts} attempts; the board follows",
        "整个运行：{solutions} 个解，{attempts} 次尝试；棋盘随后跟上",
    ),
    "time_left": ("about {time} left", "约剩 {time}"),
    "time_seconds": ("{seconds:.0f} s", "{seconds:.0f} 秒"),
    "time_minutes": ("{minutes:.0f} min", "{minutes:.0f} 分钟"),
    "time_hours": ("{hours:.0f} hours", "{hours:.0f} 小时"),
    "time_days": ("{days:,.0f} days", "{days:,.0f} 天"),
    "seek_too_far": (
        "Event {event} is too far: the walk there would take about {time} (over {limit}). Choose an"
        " earlier one.",
        "第 {event} 个事件太远：走到那里约需 {time}（超过 {limit}）。请选一个更早的事件。",
    ),
}
