"""The window's strings: file dialogs, why a file could not be read or written, lesson files' faults."""

STRINGS: dict[str, tuple[str, str]] = {
    # -- the file dialogs (visualizer/input/file_dialog.py) --
    "dialog_ok": ("OK", "确定"),
    "dialog_cancel": ("Cancel", "取消"),
    "dialog_keys": (
        "Arrows: choose · Enter: OK · Alt+Up: up a folder · Tab: next · Esc: cancel",
        "方向键：选择 · 回车：确定 · Alt+上：上一级 · Tab：下一项 · Esc：取消",
    ),
    "dialog_home": ("Home", "主文件夹"),
    "dialog_up": ("Up a folder", "上一级"),
    "dialog_refresh": ("Refresh", "刷新"),
    "dialog_documents": ("N-Queens folder", "N-Queens 文件夹"),
    "dialog_examples": ("Example lessons", "示例课程"),
    "dialog_no_file": ('There is no file named "{name}" here', "这里没有名为“{name}”的文件"),
    "dialog_no_folder": ("The folder {name} does not exist", "文件夹 {name} 不存在"),
    "dialog_need_name": ("Type a name for the file first", "请先输入文件名"),
    "dialog_replace": (
        '"{name}" exists already: OK (or Enter) again replaces it',
        "“{name}”已存在：再按一次确定（或回车）将替换它",
    ),
    "dialog_not_here": ("Cannot save there: {reason}", "无法保存到那里：{reason}"),
    "dialog_cannot_open": ("Cannot open that folder: {reason}", "无法打开那个文件夹：{reason}"),
    "form_stretch": ("Stretch", "片段"),
    "form_from": ("From event", "从事件"),
    "form_to": ("to event", "到事件"),
    "form_format": ("Format", "格式"),
    "stretch_whole": ("The whole run (events 0 to {last})", "整个运行（事件 0 到 {last}）"),
    "stretch_bookmarks": (
        "Bookmark {a} to bookmark {b} (events {first} to {last})",
        "书签 {a} 到书签 {b}（事件 {first} 到 {last}）",
    ),
    "stretch_events": ("The events below", "下面的事件"),
    "format_mp4": ("MP4 video", "MP4 视频"),
    "format_gif": ("GIF animation", "GIF 动画"),
    "format_png": ("PNG pictures (a folder)", "PNG 图片（一个文件夹）"),
    "stretch_need_numbers": (
        "From and to are event numbers: type whole numbers, such as 0 and 40",
        "起止都是事件序号：请输入整数，例如 0 和 40",
    ),
    "stretch_backwards": (
        "The stretch runs backwards: “to” ({last}) is before “from” ({first})",
        "片段反了：“到”（{last}）在“从”（{first}）之前",
    ),
    "stretch_past_end": (
        "The run ends at event {end}: choose “to” of at most {end}",
        "运行在事件 {end} 结束：“到”最多为 {end}",
    ),
    "stretch_too_long_page": (
        "A web page holds at most {limit} events; this stretch has {count}",
        "一个网页最多容纳 {limit} 个事件；这一段有 {count} 个",
    ),
    "stretch_folder_name": (
        "PNG pictures go into a folder: give it a name without .gif or .mp4",
        "PNG 图片放在一个文件夹里：文件夹名不要以 .gif 或 .mp4 结尾",
    ),
    "page_outside": (
        "the run has no events that far, or the stretch holds more than the {limit} events a page can",
        "运行没有那么多事件，或者这一段超过了网页能容纳的 {limit} 个事件",
    ),
    "export_failed": (
        "Export stopped, nothing kept: {path} ({reason})",
        "导出中止，未保留任何文件：{path}（{reason}）",
    ),
    "export_html_failed": ("Web page not saved: {path} ({reason})", "网页未保存：{path}（{reason}）"),
    # -- why a file could not be read or written (visualizer/look/wording.py) --
    "problem_full": ("the disk is full", "磁盘已满"),
    "problem_permission": ("you do not have permission to use it", "没有使用它的权限"),
    "problem_read_only": ("that place is read-only", "该位置是只读的"),
    "problem_missing": ("it does not exist", "它不存在"),
    "problem_folder": ("it is a folder, not a file", "它是文件夹，不是文件"),
    "problem_not_folder": ("that is not a folder", "那不是文件夹"),
    "problem_long_name": ("the name is too long", "名称太长"),
    "problem_exists": ("something of that name exists already", "同名的东西已存在"),
    "problem_device": ("the disk could not be read or written", "磁盘读写出错"),
    "problem_link": (
        "it is a symbolic link to another file, which is never followed",
        "它是指向其他文件的符号链接，不会跟随",
    ),
    "problem_large": ("it is too large to be a lesson", "文件太大，不可能是课程"),
    "problem_special": ("it is not an ordinary file", "它不是普通文件"),
    "problem_other": ("the file could not be read or written", "无法读写该文件"),
    # -- why a file is not a lesson (visualizer/core/lesson.py) --
    "lesson_not_text": ("This file is not a lesson (it is not text)", "这个文件不是课程（它不是文本）"),
    "lesson_not_json": ("This file is not a lesson (it is not JSON)", "这个文件不是课程（它不是 JSON）"),
    "lesson_too_deep": (
        "This file is not a lesson (its JSON is nested too deeply)",
        "这个文件不是课程（它的 JSON 嵌套太深）",
    ),
    "lesson_not_object": (
        "This file is not a lesson (it is JSON, but not an object of named fields)",
        "这个文件不是课程（它是 JSON，但不是带字段名的对象）",
    ),
    "lesson_other_format": (
        "This file is not a lesson (it is another program's file, of format “{format}”)",
        "这个文件不是课程（它是别的程序的文件，格式为“{format}”）",
    ),
    "lesson_lacks": (
        "This file is not a lesson (it lacks a lesson's fields: {fields})",
        "这个文件不是课程（它缺少课程的字段：{fields}）",
    ),
    "lesson_newer": (
        "This lesson was made by a newer version of the program (lesson version {version})",
        "这个课程由更新版本的程序制作（课程版本 {version}）",
    ),
    "lesson_bad_number": (
        "The lesson's {field} must be a whole number from {low} to {high}",
        "课程的 {field} 必须是 {low} 到 {high} 之间的整数",
    ),
    "lesson_bad_speed": (
        "The lesson's speed must be a number from 1 to 10,000",
        "课程的 speed 必须是 1 到 10,000 之间的数",
    ),
    "lesson_not_finite": (
        "The lesson holds a number that is not finite ({text})",
        "课程中有一个不是有限值的数（{text}）",
    ),
    "lesson_bad_hidden": ("The lesson may hide only: {panels}", "课程只能隐藏：{panels}"),
    "lesson_bad_choice": (
        "The lesson's {field} must be one of: {choices}",
        "课程的 {field} 必须是以下之一：{choices}",
    ),
    "lesson_bad_name": ("The lesson's {field} must be a short name", "课程的 {field} 必须是一个短名称"),
    "lesson_bad_search": (
        "The lesson's search must be the path of a .py file (at most {limit} characters)",
        "课程的 search 必须是一个 .py 文件的路径（最多 {limit} 个字符）",
    ),
    "lesson_bad_note": (
        "Bookmark {number}: a note is a text, or one text per language (en, zh)",
        "书签 {number}：备注是一段文字，或每种语言一段（en、zh）",
    ),
    "lesson_long_note": (
        "Bookmark {number}: a note holds at most {limit} characters",
        "书签 {number}：备注最多 {limit} 个字符",
    ),
    "lesson_bad_bookmarks": (
        "The lesson's bookmarks must be a list of at most {limit}",
        "课程的 bookmarks 必须是最多 {limit} 个书签的列表",
    ),
    "lesson_bookmark_no_event": (
        "Bookmark {number} does not say at which event it stands",
        "书签 {number} 没有说明它在哪个事件",
    ),
    "lesson_bookmark_event": (
        "Bookmark {number}: its event must be a whole number from 0 to {high}",
        "书签 {number}：它的事件必须是 0 到 {high} 之间的整数",
    ),
    "lesson_unknown_algorithm": (
        "The lesson names an algorithm this program does not have: {name}",
        "课程用到一个本程序没有的算法：{name}",
    ),
    "lesson_no_instance": (
        "Not saved: a lesson does not keep blocked squares and given queens yet",
        "未保存：课程还不能保存禁放格和给定的皇后",
    ),
    "lesson_saved": ("Lesson saved: {path}", "课程已保存：{path}"),
    "lesson_saved_replaced": (
        "Lesson saved: {path}. {count} character(s) of its notes cannot be written in UTF-8 (a lone"
        " surrogate) and were saved as U+FFFD, the replacement character",
        "课程已保存：{path}。注释中有 {count} 个字符无法用 UTF-8 写出（孤立的代理码位），"
        "已保存为替换字符 U+FFFD",
    ),
    "lesson_overwrite_ask": (
        "{path} exists already and was not made in this session. Replace it? Y: yes, N: no",
        "{path} 已存在，且不是本次创建的。要替换它吗？Y：是，N：否",
    ),
    "lesson_overwrite_refused": (
        "Not saved: {path} exists and was not made in this run (lesson-overwrite:{typed} saves over it)",
        "未保存：{path} 已存在且不是本次创建的（lesson-overwrite:{typed} 可覆盖）",
    ),
    "lesson_kept": ("Not saved: {path} is kept as it was", "未保存：{path} 保持原样"),
    "lesson_not_saved": ("Lesson not saved: {path} ({reason})", "课程未保存：{path}（{reason}）"),
    "lesson_opened": ("Lesson opened: {path} ({count} bookmarks)", "已打开课程：{path}（{count} 个书签）"),
    "search_ask": (
        "This lesson runs the search in {path} (Python code, in its own process). Run it? Y: yes, N: no",
        "本课程要运行 {path} 中的搜索（Python 代码，在单独的进程中运行）。要运行吗？Y：是，N：否",
    ),
    "search_opened": ("Your search opened: {path}", "已打开你的搜索：{path}"),
    "search_refused": ("Search not opened: {reason}", "未打开搜索：{reason}"),
    "search_declined": (
        "Lesson not opened: the search in {path} was not run",
        "未打开课程：未运行 {path} 中的搜索",
    ),
    "search_not_agreed": (
        "it runs a search file (--search {path} agrees)",
        "它要运行一个搜索文件（--search {path} 表示同意）",
    ),
    "lesson_refused": ("Not opened: {path}. {reason}", "未打开：{path}。{reason}"),
    "lesson_unreadable": ("Not opened: {path} ({reason})", "未打开：{path}（{reason}）"),
    "export": ("Export a stretch (MP4, GIF or PNG pictures)", "导出一段（MP4、GIF 或 PNG 图片）"),
    "export_button": ("Video…", "视频…"),
    "exporting": (
        "Exporting frame {done} of {frames} (Esc: cancel)",
        "正在导出第 {done} / {frames} 帧（Esc 取消）",
    ),
    "export_planning": (
        "Working out the GIF's colours and size: frame {done} of {frames} (Esc: cancel)",
        "正在计算 GIF 的颜色和大小：第 {done} / {frames} 帧（Esc 取消）",
    ),
    "gif_writing": (
        "Writing the GIF: frame {done} of {frames} (Esc: cancel)",
        "正在写入 GIF：第 {done} / {frames} 帧（Esc 取消）",
    ),
    "export_saved": ("Exported {frames} frames: {path}", "已导出 {frames} 帧：{path}"),
    "export_cancelled": ("Export cancelled", "已取消导出"),
}
