"""The window's strings: a stretch as one web page, predict mode."""

STRINGS: dict[str, tuple[str, str]] = {
    # -- a stretch as one web page (issue 24: visualizer/web/) --
    "export_html": (
        "A stretch as a web page (exercise: the exercise, .html or .zip)",
        "把一段导出为网页（练习模式：导出练习，.html 或 .zip）",
    ),
    "export_html_button": ("Web page…", "网页…"),
    "export_html_saved": (
        "Saved a web page of {frames} events ({size} KB): {path}",
        "已保存 {frames} 步的网页（{size} KB）：{path}",
    ),
    "export_exercise_button": ("Export exercise", "导出练习"),
    "export_exercise_saved": (
        "Saved the exercise (up to {frames} moves, {size} KB): {path}",
        "已保存练习（最多 {frames} 步，{size} KB）：{path}",
    ),
    "export_exercise_ask": (
        "Export the exercise: a SCORM package (.zip) for an LMS, or a web page (.html)",
        "导出练习：供学习管理系统使用的 SCORM 包（.zip），或网页（.html）",
    ),
    "web_other_language": ("中文", "English"),
    "web_big_text": ("Large text", "大字"),
    "web_speed": ("Events per second", "每秒步数"),
    "web_start": ("Start (Home)", "开头（Home）"),
    "web_back": ("Step back (←)", "后退一步（←）"),
    "web_step": ("Step (→)", "前进一步（→）"),
    "web_end": ("End (End)", "结尾（End）"),
    "web_event": ("Event {event} of {last}", "第 {event} 步，共到第 {last} 步"),
    "web_score": ("Score: {right} of {asked}", "得分：{asked} 题答对 {right} 题"),
    "web_question": (
        "Where does the next queen go? Click its square.",
        "下一个皇后放在哪里？请点击那个格子。",
    ),
    "web_right": (
        "Right: the next queen goes on row {row}, column {col}.",
        "答对了：下一个皇后放在第 {row} 行第 {col} 列。",
    ),
    "web_wrong": (
        "Not this time: the next queen goes on row {row}, column {col}.",
        "这次没答对：下一个皇后放在第 {row} 行第 {col} 列。",
    ),
    # the page's board and bar for a screen reader, and the exercise in the page (issue 40)
    "web_board": ("Board, {n} by {n}", "棋盘，{n} × {n}"),
    "web_scrub": ("Position in the run", "在运行中的位置"),
    "web_square": ("Row {row}, column {col}: {what}", "第 {row} 行第 {col} 列：{what}"),
    "web_and": (", ", "，"),
    "web_sq_empty": ("empty", "空"),
    "web_sq_queen": ("queen", "皇后"),
    "web_sq_given": ("given queen", "给定的皇后"),
    "web_sq_blocked": ("blocked", "被封"),
    "web_sq_next": ("tried next", "下一个要试的格子"),
    "web_sq_refused": ("refused", "被拒绝"),
    "web_sq_wrong": ("your wrong queen", "你放错的皇后"),
    "web_sq_pruned": ("pruned, to confirm", "待确认的剪除"),
    "web_seconds": ("{seconds} s", "{seconds} 秒"),
    "web_ex_new": ("New attempt (R)", "再做一次（R）"),
    "web_ex_instance_label": ("Instance", "题目"),
    "web_ex_grade": ("Grade", "成绩"),
    "web_ex_pass_mark": ("pass mark {mastery}%", "及格线 {mastery}%"),
    "web_ex_moves_bar": ("Your moves (a mark: a mistake)", "你的每一步（标记：错误）"),
    "web_ex_resumed": (
        "Welcome back: you go on from step {step}.",
        "欢迎回来：从第 {step} 步继续。",
    ),
    "lesson_modes": ("Lessons are for watch and race mode", "课程仅用于观看和比赛模式"),
    # constraint propagation on the board (issue 15: visualizer/core/domains.py, render/domains.py)
    "mrv_next": ("Next row (MRV)", "下一行（MRV）"),
    "mrv_why": ("{row} · fewest remaining: {left}", "第 {row} 行 · 剩余最少：{left}"),
    "domains_key_left": ("column still in the row's domain", "该行域中仍剩的列"),
    "domains_key_pruned": ("pruned by the queen in row {row}", "被第 {row} 行的皇后剪除"),
    "profile_title_queens": ("Nodes per depth (queens placed)", "每层结点数（按已放皇后数）"),
    # -- predict mode (issue 14) --
    "mode_predict": ("Predict", "预测"),
    "predict_title": ("Predict the next move", "预测下一步"),
    "predict_ask_square": (
        "Where does the next queen go? Click its square.",
        "下一个皇后会放在哪里？请点击那一格。",
    ),
    "predict_ask_answer": (
        "This board is complete. Is it safe (F) or attacked (D)?",
        "棋盘已摆满。它是安全的（F）还是有攻击（D）？",
    ),
    "predict_ask_next": (
        "Press the Right arrow key (or Show next) for the next board.",
        "按右方向键（或“直接显示”）生成下一个棋盘。",
    ),
    "predict_over": ("The search is over. R starts again.", "搜索已结束。按 R 重新开始。"),
    "predict_score": ("Score", "得分"),
    "predict_streak": ("Streak", "连对"),
    "predict_best": ("Best streak", "最长连对"),
    "predict_right": ("Right!", "答对了！"),
    "predict_wrong_square": (
        "Wrong: the queen goes to row {r}, column {c}.",
        "错了：皇后放在第 {r} 行第 {c} 列。",
    ),
    "predict_wrong_answer": ("Wrong: the board is {real}.", "错了：这个棋盘{real}。"),
    "predict_is_safe": ("safe", "是安全的"),
    "predict_is_attacked": ("attacked", "有互相攻击的皇后"),
    "predict_safe": ("Safe", "安全"),
    "predict_attacked": ("Attacked", "有攻击"),
    "predict_skip": ("Show next (no score)", "直接显示（不计分）"),
    "predict_skip_help": ("Predict: show the next move without scoring", "预测：直接显示下一步（不计分）"),
    "predict_safe_help": (
        "Predict: the board is safe · Exercise: safe, place",
        "预测：棋盘安全 · 练习：安全，放下",
    ),
    "predict_attacked_help": (
        "Predict: the board is attacked · Exercise: attacked, refuse",
        "预测：棋盘有攻击 · 练习：有攻击，拒绝",
    ),
    "predict_rows": (
        "The search fills the rows from top to bottom, so row {r} comes next.",
        "搜索从上到下逐行放置，所以下一个是第 {r} 行。",
    ),
    "predict_columns": (
        "The search tries the columns of a row from left to right, so column {first} comes first.",
        "搜索在一行中从左到右试各列，所以先试第 {first} 列。",
    ),
    "predict_tried": (
        "Row {r}, column {c} was tried already: the search comes back to a row only for the columns "
        "after the queen it lifted, so column {first} is next.",
        "第 {r} 行第 {c} 列已经试过：搜索回到一行时只试被拿起的皇后之后的列，所以下一个是第 {first} 列。",
    ),
    "predict_lifts": (
        "In all {k} queens are lifted on the way back.",
        "回退途中一共拿起 {k} 个皇后。",
    ),
    "predict_then": ("Then the queen goes to row {r}, column {c}.", "然后皇后放在第 {r} 行第 {c} 列。"),
    "predict_random": (
        "Predict mode cannot use {algorithm}: it moves queens chosen at random. Choose another algorithm.",
        "预测模式不能使用{algorithm}：它随机选择要移动的皇后。请选择其他算法。",
    ),
}
