"""How a student's search ended badly, said in one sentence about their file (both languages).

A ``SearchFailed`` is raised by the event stream after the good events before it, so whoever reads
the stream (the window, ``nqueens check``) keeps those and shows the failure after them. Its
``kind`` says what happened; ``line`` is the line of the student's file (from 1) where one is
known; ``str()`` is the English sentence.

>>> print(SearchFailed("my_search.py", "exception", line=12, error="ZeroDivisionError: division by zero"))
my_search.py, line 12: the search raised ZeroDivisionError: division by zero
>>> SearchFailed("my_search.py", "stalled", seconds=5).sentence("zh")
'my_search.py：搜索 5 秒没有产生事件（是不是一个不 yield 的循环？）'
"""

from __future__ import annotations

from solvers.errors import SolverError

TEXT = {
    "en": {
        "stalled": "the search yielded no event for {seconds:g} s (a loop that yields nothing?)",
        "slow": "the search ran for {seconds:g} s without finishing (the limit for a search's own time)",
        "exception": "the search raised {error}",
        "exit": "the search ended its process before finishing (exit status {status})",
        "cpu": "the search used more than {seconds:g} s of processor time",
        "memory": "the search used more than {mib:,} MiB of memory",
        "too_many": "the search did not end within {limit:,} events (a loop that never stops?)",
        "bad_event": "event {event:,} is not a valid event: {why}",
        "not_generator": "search(n, board) must yield events (it returned {what})",
        "no_search": "the file defines no search(n, board) function",
        "forbidden": "the search tried something a search may not do: {what}",
        "broken": "{problem}",
        "tampered": "the search changed this program's own files ({files}); they were put back and "
        "this run is not graded",
        "sandbox": "the search was not started: its sandbox could not be set up ({why})",
    },
    "zh": {
        "stalled": "搜索 {seconds:g} 秒没有产生事件（是不是一个不 yield 的循环？）",
        "slow": "搜索运行了 {seconds:g} 秒仍未结束（这是搜索自身时间的上限）",
        "exception": "搜索抛出了 {error}",
        "exit": "搜索在结束前退出了它的进程（退出状态 {status}）",
        "cpu": "搜索使用的处理器时间超过了 {seconds:g} 秒",
        "memory": "搜索使用的内存超过了 {mib:,} MiB",
        "too_many": "搜索在 {limit:,} 个事件内没有结束（是不是一个停不下来的循环？）",
        "bad_event": "第 {event:,} 个事件不是有效的事件：{why}",
        "not_generator": "search(n, board) 必须 yield 事件（它返回了 {what}）",
        "no_search": "文件中没有定义 search(n, board) 函数",
        "forbidden": "搜索试图做搜索不允许做的事：{what}",
        "broken": "{problem}",
        "tampered": "搜索改动了本程序自己的文件（{files}）；它们已被恢复，本次运行不予评分",
        "sandbox": "搜索没有启动：无法为它建立沙箱（{why}）",
    },
}
LINE = {"en": "{file}, line {line}: {text}", "zh": "{file} 第 {line} 行：{text}"}
NO_LINE = {"en": "{file}: {text}", "zh": "{file}：{text}"}
KINDS = tuple(TEXT["en"])


class SearchFailed(SolverError):
    """A student's search that ended badly: ``kind`` (a key of ``TEXT``), the student's ``file``
    name, the ``line`` of their file (from 1) where known, and the values its sentence names."""

    def __init__(self, file: str, kind: str, *, line: int | None = None, **values: object) -> None:
        if kind not in TEXT["en"]:
            raise ValueError(f"unknown failure kind {kind!r}")
        self.file, self.kind, self.line, self.values = file, kind, line, values
        super().__init__(self.sentence("en"))

    def sentence(self, lang: str = "en") -> str:
        """The one sentence, in ``lang`` ("en" or "zh")."""
        table = TEXT.get(lang, TEXT["en"])
        values = {  # a checker's Problem says itself in the language asked for
            key: value.sentence(lang) if hasattr(value, "sentence") else value
            for key, value in self.values.items()
        }
        text = table[self.kind].format(**values)
        form = (LINE if self.line is not None else NO_LINE).get(lang, LINE["en"])
        return form.format(file=self.file, line=self.line, text=text)
