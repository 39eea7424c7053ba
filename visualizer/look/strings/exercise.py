"""The window's strings: exercise mode."""

STRINGS: dict[str, tuple[str, str]] = {
    # -- exercise mode (issue 23): the student carries out the search, graded step by step --
    "mode_exercise": ("Exercise", "练习"),
    "exercise_title": ("Carry out the search yourself", "亲手执行搜索"),
    "exercise_algorithm": (
        "Exercise mode cannot use {algorithm}: choose backtracking, bitmask, forward checking or MRV.",
        "练习模式不能使用{algorithm}：请选择回溯、位运算、前向检查或 MRV。",
    ),
    "exercise_n": (
        "The exercise takes n from {low} to {high} (got {n}).",
        "练习的 n 取 {low} 到 {high}（给出的是 {n}）。",
    ),
    "exercise_intro": (
        "Rules: {rules} Goal: {goal}. Feedback: {feedback}. W says what your wrong moves have in common.",
        "规则：{rules}目标：{goal}。反馈：{feedback}。W 说出你的错误有什么共同之处。",
    ),
    "exercise_rules_rows": (
        "rows are filled from top to bottom; in each row the columns are tried from left to right.",
        "从上到下逐行放置；每一行从左到右试各列。",
    ),
    "exercise_rules_fc": (
        "rows top to bottom, columns left to right among those left in the row; after each queen, "
        "confirm (Enter) the squares it prunes from the rows below; a row left empty: backtrack.",
        "从上到下逐行，在该行剩下的列中从左到右试；每放一个皇后，确认（Enter）它从下面各行剪除的格子；"
        "某行被剪空：回溯。",
    ),
    "exercise_rules_mrv": (
        "first choose (C) the empty row with the fewest columns left (ties: the lowest row), then try "
        "its columns from left to right; after each queen, confirm (Enter) its pruning.",
        "先选择（C）剩余列最少的空行（并列时取最上面一行），再从左到右试它的列；每放一个皇后，确认（Enter）剪除。",
    ),
    "exercise_instance": (
        "Blocked squares (hatched) are never tried; a row with a given queen (padlock) is skipped.",
        "被封的格子（斜线）从不尝试；有给定皇后（挂锁）的行直接跳过。",
    ),
    "exercise_name": (
        "Your name, for the teacher's results (Enter; Esc: no name):",
        "你的名字，写进老师的练习记录（Enter 确认；Esc：不填）：",
    ),
    "exercise_goal_first": ("the first solution", "第一个解"),
    "exercise_goal_all": ("all solutions", "所有解"),
    "exercise_feedback_continuous": ("a wrong move is corrected at once", "错误的一步立即纠正"),
    "exercise_feedback_undo": ("a wrong move stays until you undo it (U)", "错误的一步保留，直到你撤销（U）"),
    "exercise_ask_try": (
        "Row {r}, column {c} is next: safe, place it (F or click it) or attacked, refuse it (D)?",
        "下一个是第 {r} 行第 {c} 列：安全，放下（F 或单击）还是有攻击，拒绝（D）？",
    ),
    "exercise_ask_move": ("What does the search do now?", "搜索现在做什么？"),
    "exercise_keys": (
        "Or backtrack: B takes off the queen in the marked row (Up / Down move the mark), "
        "or click the queen.",
        "或者回溯：B 拿起所指行的皇后（上 / 下方向键移动所指的行），或单击那个皇后。",
    ),
    "exercise_keys_fc": (
        "Or confirm the pruning drawn (Enter), or backtrack: B takes off the queen in the marked row "
        "(Up / Down move the mark), or click the queen.",
        "或者确认画出的剪除（Enter），或者回溯：B 拿起所指行的皇后"
        "（上 / 下方向键移动所指的行），或单击那个皇后。",
    ),
    "exercise_keys_mrv": (
        "Or choose the row to fill next: C chooses the marked row (Up / Down move the mark, "
        "or click the row); "
        "confirm the pruning drawn (Enter); backtrack: B takes off the queen in the marked row.",
        "或者选择下一步要填的行：C 选所指的行（上 / 下方向键移动所指的行，或单击该行）；"
        "确认画出的剪除（Enter）；"
        "回溯：B 拿起所指行的皇后。",
    ),
    "exercise_ask_undo": (
        "A wrong move stands: undo it (U or Backspace).",
        "一步错误还留着：请撤销（U 或退格键）。",
    ),
    "exercise_over": (
        "Done: {right} of {moves} moves right ({percent}%). O replays the model, "
        "Left / Right review your moves, "
        "R starts again.",
        "完成：{moves} 步中对了 {right} 步（{percent}%）。O 重放标准答案，"
        "左 / 右方向键回看你的每一步，R 重新开始。",
    ),
    "exercise_right": ("Right.", "对。"),
    "exercise_wrong": (
        "Wrong ({kind}): the search does “{expected}”.",
        "错了（{kind}）：搜索的这一步是“{expected}”。",
    ),
    "exercise_kind_missed-conflict": ("missed conflict", "漏看了攻击"),
    "exercise_kind_false-conflict": ("false conflict", "误判为攻击"),
    "exercise_kind_wrong-backtrack": ("wrong backtrack", "回溯错误"),
    "exercise_kind_wrong-order": ("wrong order", "顺序错误"),
    "exercise_kind_wrong-row": ("wrong row choice", "选错了行"),
    "exercise_do_place": ("place row {r}, column {c}", "在第 {r} 行第 {c} 列放皇后"),
    "exercise_do_refuse": ("refuse row {r}, column {c}", "拒绝第 {r} 行第 {c} 列"),
    "exercise_do_backtrack": ("take off the queen in row {r}", "拿起第 {r} 行的皇后"),
    "exercise_do_row": ("fill row {r} next", "下一步填第 {r} 行"),
    "exercise_do_confirm": ("confirm the pruning", "确认剪除"),
    "exercise_why_confirm": (
        "The queen just placed prunes the squares it attacks from the rows below; confirm them (Enter).",
        "刚放下的皇后从下面各行剪除它攻击的格子；请确认（Enter）。",
    ),
    "exercise_why_row": ("Row {r} has the fewest columns left. ", "第 {r} 行剩余的列最少。"),
    "exercise_then_lift": (
        "So the queen in row {r}, column {c} comes off.",
        "所以拿起第 {r} 行第 {c} 列的皇后。",
    ),
    "exercise_step_of": ("Move {index} of {total}", "第 {index} 步，共 {total} 步"),
    "exercise_score": ("Right / moves", "正确 / 步数"),
    "exercise_mistakes": ("Mistakes", "错误"),
    "exercise_time": ("Time", "用时"),
    "exercise_step": ("Step", "步骤"),
    "exercise_model_on": (
        "The model answer plays from your position (O stops it).",
        "从你当前的位置播放标准答案（O 停止）。",
    ),
    "exercise_model_off": ("Back to your position.", "回到你的位置。"),
    "exercise_model_busy": ("The model answer is playing: O stops it.", "标准答案正在播放：按 O 停止。"),
    "exercise_reviewing": (
        "Reviewing your move {k} of {total} (Right past the last one takes you back to the exercise).",
        "正在回看你的第 {k} 步（共 {total} 步；按右方向键走过最后一步即回到练习）。",
    ),
    "exercise_nothing_to_undo": ("Nothing to undo.", "没有可撤销的一步。"),
    "exercise_saved": ("Attempt saved: {path}", "练习记录已保存：{path}"),
    "exercise_not_saved": (
        "The attempt was NOT saved in {folder}: {reason}",
        "练习记录未能保存到 {folder}：{reason}",
    ),
    "exercise_place": ("Safe, place (F)", "安全，放下（F）"),
    "exercise_refuse": ("Attacked, refuse (D)", "有攻击，拒绝（D）"),
    "exercise_backtrack": ("Backtrack (B)", "回溯（B）"),
    "exercise_row": ("Choose row (C)", "选择行（C）"),
    "exercise_confirm": ("Confirm pruning", "确认剪除"),
    "exercise_undo": ("Undo (U)", "撤销（U）"),
    "exercise_model": ("Model answer (O)", "标准答案（O）"),
    "exercise_review": ("Review", "回看"),
    "exercise_place_help": ("Exercise: the square is safe, place a queen", "练习：格子安全，放皇后"),
    "exercise_refuse_help": ("Exercise: the square is attacked, refuse it", "练习：格子有攻击，拒绝"),
    "exercise_backtrack_help": ("Exercise: take off the queen in the marked row", "练习：拿起所指行的皇后"),
    "exercise_row_help": ("Exercise: fill the marked row next (MRV)", "练习：下一步填所指的行（MRV）"),
    "exercise_confirm_help": ("Exercise: confirm the pruning drawn", "练习：确认画出的剪除"),
    "exercise_undo_help": ("Exercise: undo your last move", "练习：撤销上一步"),
    "exercise_model_help": ("Exercise: play the model answer from here", "练习：从这里播放标准答案"),
    "exercise_why": ("Why? (W)", "为什么？（W）"),
    "exercise_up_help": ("Exercise: mark the row above", "练习：指向上一行"),
    "exercise_down_help": ("Exercise: mark the row below", "练习：指向下一行"),
    "predict_click_answer": (
        "This algorithm judges whole boards: answer safe (F) or attacked (D).",
        "这个算法判断整个棋盘：请回答安全（F）或有攻击（D）。",
    ),
    "predict_answer_square": (
        "This algorithm places queens: click the square of the next queen.",
        "这个算法逐个放置皇后：请点击下一个皇后的格子。",
    ),
}
