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
    # -- the legend (issue 13): every mark on the board --
    "legend": ("Legend", "图例"),
    "marks_title": ("What the board shows", "棋盘上的标记"),
    "marks_help": ("Legend of the board's marks", "棋盘标记的图例"),
    "present": ("Present", "演示"),
    "present_help": (
        "Presenter view: the board, narration and counters large (a click or Esc: the controls)",
        "演示视图：大号棋盘、讲解和计数（单击或 Esc：回到控件）",
    ),
    "marks_queen": ("A queen on the board", "棋盘上的皇后"),
    "marks_tried": ("Framed square: the square just tested", "带框的格子：刚刚检查的格子"),
    "marks_refused": (
        "Filled square with a cross: refused, a queen attacks it",
        "带叉的填色格子：被拒绝，有皇后攻击它",
    ),
    "marks_attacker": (
        "Arrow and ring: the queen that attacks the refused square",
        "箭头和圆圈：攻击被拒绝格子的皇后",
    ),
    "marks_attacked": (
        "Shaded square with a dot: some queen attacks it (X turns the shading on and off)",
        "带圆点的阴影格：有皇后攻击它（按 X 开关阴影）",
    ),
    "marks_lifted": (
        "Dashed ghost with an up arrow: a backtrack just lifted this queen",
        "虚线幽灵皇后和向上箭头：回溯刚刚拿走了这个皇后",
    ),
    "marks_moved": ("Ghost and arrow: a repair moved the queen", "幽灵皇后和箭头：修复把皇后移走"),
    "marks_solution": (
        "A frame round the board, the queens recoloured: a solution",
        "棋盘外框和变色的皇后：一个解",
    ),
    "marks_blocked": (
        "Dark hatched square: blocked, no queen may stand there (--blocked)",
        "深色斜纹格：禁放格，不能放皇后（--blocked）",
    ),
    "marks_given": (
        "Queen with a padlock: given from the start, never moved (--given)",
        "带锁的皇后：开始时给定，不会被移动（--given）",
    ),
    "title": ("N-Queens, step by step", "N 皇后问题动态演示"),
    "reset": ("Reset", "重置"),
    "step": ("Step", "单步"),
    "back": ("Step back", "后退"),
    "step_move": ("Next move, with its prunes and the next choice", "下一步棋，连同它的删除和下一个选择"),
    "back_move": ("Back to before the last move", "退回上一步棋之前"),
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
    "pruned": ("Pruned", "剪除列数"),
    "wipeouts": ("Wipe-outs", "域清空次数"),
    "depth": ("Depth", "当前深度"),
    "event_index": ("Event", "事件序号"),
    "elapsed": ("Elapsed", "用时"),
    "solution_n": ("Solution {number}", "第 {number} 个解"),
    "finished": ("Search finished", "所有情况已遍历"),
    "finished_one": ("Done: its one solution is on the board", "完成：它的解已在棋盘上"),
    "working": ("Working… {percent}%  (Esc to cancel)", "计算中… {percent}%（Esc 取消）"),
    "cancelled": ("Cancelled", "已取消"),
    "help": ("Help", "帮助"),
    "screenshot_saved": ("Screenshot saved: {path}", "截图已保存：{path}"),
    "gif_recording": ("Recording GIF… (G to stop)", "正在录制 GIF…（按 G 停止）"),
    "gif_saved": ("GIF saved: {path}", "GIF 已保存：{path}"),
    "error": ("Error: {message}", "错误：{message}"),
    "bug": (
        "Something went wrong inside the visualizer (a bug, not your input): {message}. Details: {path}",
        "可视化程序内部出错（程序缺陷，不是你的输入）：{message}。详情：{path}",
    ),
    "bug_no_log": ("(no log file could be written)", "（无法写入日志文件）"),
    # the app shell (visualizer/app.py, controls.py)
    "toggle": ("{label}: {state}", "{label}：{state}"),
    "on": ("on", "开"),
    "off": ("off", "关"),
    "shade": ("Shade attacked", "标出受攻击格子"),
    "hatch": ("Hatch", "斜线"),
    "hatch_help": (
        "Attacked squares: diagonal lines instead of a tint (for colour-blind eyes, print)",
        "受攻击格子：用斜线代替底色（色觉障碍、打印）",
    ),
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
    "palette": ("More… Ctrl+K", "更多… Ctrl+K"),
    "column": ("Every control", "全部控件"),
    "column_help": (
        "Every control in the column (else the few a demonstration needs)",
        "在左栏显示全部控件（否则只显示演示所需的几个）",
    ),
    "palette_hint": (
        "Type a command's name · Up / Down choose · Enter runs it · Esc closes",
        "输入命令名称 · 上 / 下 选择 · 回车运行 · Esc 关闭",
    ),
    "palette_mode": ("Mode: {mode}", "模式：{mode}"),
    "palette_none": ("No command has that name", "没有这个名称的命令"),
    "palette_on": ("on", "开"),
    "palette_off": ("off", "关"),
    "palette_unavailable": ("not in this mode", "此模式下不可用"),
    "working_next": (
        "To the next solution: event {events} of {total}",
        "到下一个解：第 {events} 个事件，共 {total} 个",
    ),
    "first_hint": (
        "Press Space to play, the Right arrow to step, N for the next solution, Enter for the "
        "instant result.",
        "按空格键播放，右方向键单步，N 找下一个解，回车直接得出结果。",
    ),
    "help_title": (
        "Keys · Ctrl+K finds any command · the manual: nqueens docs",
        "快捷键 · Ctrl+K 查找任何命令 · 手册：nqueens docs",
    ),
    # -- spoken narration (issue 25) --
    "speech_backtracks": ("{count} backtracks", "回溯 {count} 次"),
    "speech_backtrack_one": ("{count} backtrack", "回溯 {count} 次"),
    "speech_solutions": ("{count} solutions", "找到 {count} 个解"),
    "speech_solution_one": ("{count} solution", "找到 {count} 个解"),
    "speech_steps": ("{count} steps", "{count} 步"),
    "speech_row": ("now at row {row}", "现在在第 {row} 行"),
    "speech_comma": (", ", "，"),
    "narrate_help": ("Speak the narration aloud (screen reader)", "朗读讲解（屏幕阅读）"),
    "narrate_on": ("Narration is spoken aloud ({engine})", "讲解将被朗读（{engine}）"),
    "narrate_no_engine": (
        "No speech engine found: install espeak-ng (Linux) to hear the narration",
        "未找到语音引擎：请安装 espeak-ng（Linux）以朗读讲解",
    ),
    "focus_help": (
        "Move between the controls (Enter / Space: press, arrows: a slider or a list, Esc: let go)",
        "在控件之间移动（Enter / 空格：按下，方向键：滑块或列表，Esc：取消焦点）",
    ),
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
    # game mode (visualizer/modes/game.py)
    "game_n_range": (
        "game mode is played with n from {low} to {high} (got {n})",
        "游戏模式的 n 须在 {low} 到 {high} 之间（当前为 {n}）",
    ),
    "game_lost": (
        "You lost: the queen on {attacker} attacks {square}. R: retry",
        "你输了：{attacker} 上的皇后攻击 {square}。按 R 重试",
    ),
    "game_won": (
        "You won in {seconds:.1f} s and {moves} moves! Press R to play again",
        "你赢了！用时 {seconds:.1f} 秒，共 {moves} 步。按 R 再玩一次",
    ),
    "game_refused": (
        "Refused: {square} is attacked by the queen on {attacker}",
        "不能放置：{square} 被 {attacker} 上的皇后攻击",
    ),
    "game_over_hint": ("This round is over: press R to play again", "本局已结束：按 R 再玩一次"),
    "game_hints_on": ("Hints on: {count} safe squares are ringed", "提示已开启：圈出了 {count} 个安全格"),
    "game_hints_off": ("Hints off", "提示已关闭"),
    "game_completion": (
        "Yes: this position can still be completed in exactly one way",
        "可以：当前局面只剩 1 种方法完成",
    ),
    "game_completions": (
        "Yes: this position can still be completed in {count} ways",
        "可以：当前局面还有 {count} 种方法完成",
    ),
    "game_completions_at_least": (
        "Yes: this position can still be completed in at least {count} ways",
        "可以：当前局面至少还有 {count} 种方法完成",
    ),
    "game_dead_end": (
        "No: this position cannot be completed any more",
        "不能：当前局面已无法完成",
    ),
    "game_relaxed_on": (
        "Relaxed rules: an attacked square is refused, not lost (new round)",
        "宽松规则：被攻击的格子只会被拒绝，不会判负（新的一局）",
    ),
    "game_relaxed_off": (
        "Strict rules: a queen on an attacked square loses (new round)",
        "严格规则：把皇后放在被攻击的格子上即判负（新的一局）",
    ),
    "game_watch_only": (
        "Only in game mode (the Play button, or --mode game)",
        "仅在游戏模式下可用（“游戏”按钮，或 --mode game）",
    ),
    "game_queens": ("Queens", "皇后"),
    "game_moves": ("Moves", "步数"),
    "game_rules": ("Rules", "规则"),
    "game_strict": ("strict", "严格"),
    "game_relaxed": ("relaxed", "宽松"),
    "hint": ("Hints: safe squares (game)", "提示：安全格（游戏）"),
    "completions": ("Can it be completed? (game)", "还能完成吗？（游戏）"),
    "relaxed": ("Relaxed rules (game)", "宽松规则（游戏）"),
    # teaching views: search tree, gallery, race (visualizer/render/tree.py, gallery.py, race.py)
    "view_tree": ("Search tree view (again: code)", "搜索树视图（再按：代码）"),
    "view_gallery": ("Solutions gallery (click a board to show it)", "解的图库（点击小棋盘查看）"),
    "check_search": (
        "Check your search: its first mistake becomes a bookmark",
        "检查你的搜索：第一个错误成为书签",
    ),
    "check_not_own": (
        "J checks a search of your own (--search FILE); this is a built-in algorithm",
        "J 用于检查你自己的搜索（--search 文件）；这是内置算法",
    ),
    "check_finish_first": (
        "Run the search to its end first (Enter), then J checks it",
        "请先把搜索运行到结束（回车），再按 J 检查",
    ),
    "check_mistake": ("Mistake: {sentence}", "错误：{sentence}"),
    "check_failed": (
        "No mistake in the {events} events before the search failed: {sentence}",
        "搜索失败之前的 {events} 个事件没有错误：{sentence}",
    ),
    "race_differs": (
        "Your search first differs at event {event}: it {mine}; {other} {theirs}.",
        "你的搜索在第 {event} 个事件处第一次不同：它{mine}；{other}{theirs}。",
    ),
    "race_did_try": ("tried row {r}, column {c}", "试了第 {r} 行第 {c} 列"),
    "race_did_lift": ("lifted the queen of row {r}, column {c}", "拿起了第 {r} 行第 {c} 列的皇后"),
    "race_did_solution": ("reported a solution", "报告了一个解"),
    "race_did_end": ("had ended", "已经结束"),
    "view_options": ("Options left per row and column (again: code)", "每行每列剩余的选项（再按：代码）"),
    "options_title": ("Options left", "剩余选项"),
    "options_fewest": ("Fewest: {k} (highlighted)", "最少：{k} 个（高亮）"),
    "options_full": ("Every row has its queen", "每一行都已有皇后"),
    "options_rows": ("Empty rows: squares left", "空行：剩余格子"),
    "options_cols": ("Free columns: squares left", "空列：剩余格子"),
    "options_no_domains": (
        "{algorithm} keeps no domains: the options view is for forward checking, MRV and dancing links",
        "{algorithm}不维护域：剩余选项视图用于前向检验、MRV 和舞蹈链",
    ),
    # -- cost vs n (issue 26): the measured attempts of the algorithm for every n --
    "cost": ("Cost vs n", "代价与 n"),
    "view_cost": (
        "Cost vs n: the attempts measured for every n (again: code)",
        "代价与 n：每个 n 实测的尝试次数（再按：代码）",
    ),
    "cost_title": ("Cost vs n: {algorithm}", "代价与 n：{algorithm}"),
    "cost_computing": (
        "computing n = {n}… ({done} of {total} done)",
        "正在计算 n = {n}……（已完成 {done}/{total}）",
    ),
    "cost_waiting": ("starting…", "正在开始……"),
    "cost_done": ("{done} of {total} n measured", "已测 {done}/{total} 个 n"),
    "cost_y": ("attempts (log scale)", "尝试次数（对数刻度）"),
    "cost_x": ("n (queens)", "n（皇后数）"),
    "cost_now": ("n = {n}", "n = {n}"),
    "cost_fit": (
        "{algorithm} grows about {base}x per extra queen (R² {r2}, n = {first}..{last})",
        "{algorithm}每多一个皇后约增长 {base} 倍（R² {r2}，n = {first}..{last}）",
    ),
    "cost_fit_short": ("about {base}x per extra queen, R² {r2}", "每多一个皇后约 {base} 倍，R² {r2}"),
    "cost_no_fit_short": ("no fit yet", "尚无拟合"),
    "cost_fit_named": (
        "{algorithm}: about {base}x per extra queen, R² {r2}",
        "{algorithm}：每多一个皇后约 {base} 倍，R² {r2}",
    ),
    "cost_no_fit_named": ("{algorithm}: no fit yet", "{algorithm}：尚无拟合"),
    "cost_units": (
        "Not the same unit: {a} counts {unit_a}, {b} counts {unit_b}",
        "单位不同：{a}数的是{unit_a}，{b}数的是{unit_b}",
    ),
    "cost_no_fit": ("Too few points above 0 to fit a growth yet", "大于 0 的点太少，还不能拟合增长"),
    "cost_beyond": ("n = {n} is beyond this plot (n up to {last})", "n = {n} 超出此图（n 最大 {last}）"),
    "cost_click": ("A click on a point: the board at that n", "单击一个点：棋盘换成该 n"),
    "race_views": (
        "A race shows no {view} view: only Cost vs n (W) beside its boards",
        "比赛模式没有 {view} 视图：棋盘旁只能显示代价与 n（W）",
    ),
    "cost_click_both": ("A click on a point: both boards at that n", "单击一个点：两个棋盘都换成该 n"),
    "cost_skip_max": (
        "n = {ns} not run: {algorithm} accepts n up to {max}",
        "n = {ns} 未运行：{algorithm}最大接受 n = {max}",
    ),
    "cost_skip_min": (
        "n = {ns} not run: {algorithm} needs n of at least {min}",
        "n = {ns} 未运行：{algorithm}需要 n 至少为 {min}",
    ),
    "cost_skip_budget": (
        "n = {ns} not run: estimated {time}, over the {budget} s budget",
        "n = {ns} 未运行：估计需要 {time}，超出 {budget} 秒的预算",
    ),
    "cost_skip_after": (
        "n = {ns} not run: over the {budget} s budget",
        "n = {ns} 未运行：超出 {budget} 秒的预算",
    ),
    "cost_skip_refused": (
        "n = {ns} not run: {algorithm} refuses it ({reason})",
        "n = {ns} 未运行：{algorithm}不接受这个 n（{reason}）",
    ),
    "cost_hours": ("{hours:.0f} h", "{hours:.0f} 小时"),
    "tree_title": ("Search tree", "搜索树"),
    "tree_nodes": ("{count} nodes, depth {depth}", "{count} 个结点，当前深度 {depth}"),
    "tree_joined": ("{info} · from event {index} on", "{info} · 自第 {index} 个事件起"),
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
    "gallery_summary": (
        "{solutions} solutions in {classes} classes",
        "{solutions} 个解，分为 {classes} 个基本类",
    ),
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
    "race_finished_first": (
        "Finished first: {name} ({events} events)",
        "率先完成：{name}（{events} 个事件）",
    ),
    # classroom: language, projector theme, text size (visualizer/look/appearance.py), saved settings
    # the themes' names, on the theme button (F3 steps through them; visualizer/look/theme.py)
    "theme_button": ("Colours", "配色"),
    # sound cues (issue 25; visualizer/features/sound.py)
    "sound": ("Sound", "声音"),
    "sound_help": (
        "Sound cues on / off: pitch by row, click, falling tone, chord",
        "声音提示 开 / 关：音高随行、咔嗒、下滑音、和弦",
    ),
    "sound_no_device": ("No audio device: the sound cues cannot play", "没有音频设备：无法播放声音提示"),
    "theme_classroom": ("Classroom", "课堂"),
    "theme_projector": ("Projector", "投影模式"),
    "theme_colour-safe": ("Colour-safe", "色盲友好"),  # colour-blind safe, short for its button
    "ui_scale": ("Size {scale}x", "字号 {scale}x"),
    "switch_lang": ("English / Chinese", "英文 / 中文"),
    "switch_theme": (
        "Colours: classroom, projector, colour-blind safe",
        "配色：课堂、投影高对比度、色盲友好",
    ),
    "switch_scale": ("Text size: 1, 1.25, 1.5, 2", "字号：1、1.25、1.5、2"),
    "settings_read": ("Could not read the saved settings ({path})", "无法读取保存的设置（{path}）"),
    "settings_corrupt": (
        "The saved settings were unreadable and were reset ({path})",
        "保存的设置无法读取，已恢复默认（{path}）",
    ),
    "settings_range": (
        "Some saved settings were of the wrong type or out of range and were reset ({path})",
        "部分保存的设置类型错误或超出范围，已重置（{path}）",
    ),
    "settings_link": (
        "The saved settings are a symbolic link, which is never followed; using the defaults ({path})",
        "保存的设置是符号链接，出于安全不会跟随；使用默认设置（{path}）",
    ),
    "settings_special": (
        "The saved settings are not a regular file (a folder, pipe or device); using the defaults ({path})",
        "保存的设置不是普通文件（而是文件夹、管道或设备）；使用默认设置（{path}）",
    ),
    "settings_large": (
        "The saved settings file is larger than 64 KB and was ignored; using the defaults ({path})",
        "保存的设置文件超过 64 KB，已忽略；使用默认设置（{path}）",
    ),
    "settings_write": ("Could not save the settings ({path})", "无法保存设置（{path}）"),
    "race_tie": ("both at once", "同时"),
    # large boards and the min-conflicts chart (visualizer/render/chart.py, controls.py)
    "chart_title": ("Conflicts remaining", "剩余冲突数"),
    "chart_now": ("{conflicts} after {repairs}", "{repairs}后剩 {conflicts}"),
    # the chart's counts, singular and plural, and its restarts (render/chart.py)
    "n_conflicts_one": ("{count} conflict", "{count} 个冲突"),
    "n_conflicts_many": ("{count} conflicts", "{count} 个冲突"),
    "n_repairs_one": ("{count} repair", "{count} 次修复"),
    "n_repairs_many": ("{count} repairs", "{count} 次修复"),
    "n_restarts_one": ("{count} restart", "{count} 次重启"),
    "n_restarts_many": ("{count} restarts", "{count} 次重启"),
    "chart_solved": ("Solved after {repairs} and {restarts}", "经过 {repairs}和 {restarts}后得解"),
    "chart_restart": ("restart", "重启"),
    "chart_empty": ("No repair yet: the greedy start comes first", "尚未修复：先贪心放置初始皇后"),
    "chart_x": ("repairs", "修复次数"),
    "chart_y": ("conflicts", "冲突数"),
    "view_chart": ("Conflicts chart view (min-conflicts)", "冲突曲线视图（最小冲突法）"),
    "n_jump_down": ("n − 10", "n − 10"),
    "n_jump_up": ("n + 10", "n + 10"),
    "n_not_number": ("n must be a whole number (got {text})", "n 必须是整数（输入的是 {text}）"),
    "window_n_range": (
        "The window draws boards up to n = {high} (the command line goes further)",
        "窗口最多绘制 n = {high} 的棋盘（命令行可以更大）",
    ),
    "game_retry": ("Retry", "重来"),
    "game_hint_button": ("Hints (safe squares)", "提示安全格"),
    "game_completions_button": ("Can it be completed?", "还能完成吗？"),
    "game_relaxed_button": ("Relaxed rules", "宽松规则"),
    "game_rules_title": ("How to play", "玩法"),
    "game_rules_text": (
        "Place one queen in every row so that no two share a column or a diagonal.\n"
        "Click a square to place a queen; click it again to take it away.\n"
        "Strict rules: a queen on an attacked square loses the round.\n"
        "Relaxed rules: that move is refused instead, and the attacker is shown.\n"
        "Fill all n rows to win.",
        "在每一行放一个皇后，使任意两个皇后不在同一列或同一斜线上。\n"
        "点击格子放置皇后；再次点击可拿走。\n"
        "严格规则：把皇后放在受攻击的格子上即输掉本局。\n"
        "宽松规则：这一步会被拒绝，并标出攻击它的皇后。\n"
        "放满 n 行即获胜。",
    ),
    "race_running": ("Racing… same number of events per tick", "比赛中……每一拍双方推进相同的事件数"),
    "race_pair": ("{a} vs {b}", "{a} 对阵 {b}"),
    "race_algo2_refused": (
        "--algo2 refused: {message}. Racing {name} instead.",
        "--algo2 无法使用：{message}。改为与{name}比赛。",
    ),
    "attempts_of": ("Attempts ({unit})", "遍历次数（{unit}）"),
    "unit_square": ("squares", "格子"),
    "unit_board": ("boards", "整盘"),
    "unit_permutation": ("permutations", "排列"),
    "unit_move": ("moves", "移动"),
    "race_only": ("Only in race mode", "仅在比赛模式中可用"),
    # the modes (visualizer/modes/, the Watch / Play / Race choice in the control column)
    "mode_watch": ("Watch", "观看"),
    "mode_game": ("Game", "游戏"),
    "mode_race": ("Race", "比赛"),
    "not_in_mode": ("Not available in this mode ({mode})", "当前模式（{mode}）下不可用"),
    # the check made visible (visualizer/core/checks.py, render/checks.py): the flag strips
    "flags_columns": ("cols[c]", "列 cols[c]"),
    "flags_diagonals": ("diag[r+c]", "对角线 diag[r+c]"),
    "flags_anti": ("anti[r−c+n−1]", "反对角线 anti[r−c+n−1]"),
    # paging the gallery and zooming the tree (render/gallery.py, render/tree.py)
    "gallery_paging": ("{more} · wheel or PgUp / PgDn", "{more} · 滚轮或 PgUp / PgDn 翻页"),
    "gallery_closed": (
        "PgUp / PgDn page through the gallery: open it with Y",
        "PgUp / PgDn 用于解集翻页：先按 Y 打开解集",
    ),
    "tree_following": (
        "Following the current subtree · wheel: zoom, drag: pan, click: go to that moment",
        "跟随当前子树 · 滚轮缩放，拖动平移，点击回到那一刻",
    ),
    "tree_zoomed": (
        "Zoom ×{zoom} · drag: pan · T twice: follow again · click: go to that moment",
        "放大 ×{zoom} · 拖动平移 · 按两次 T 重新跟随 · 点击回到那一刻",
    ),
    "gallery_page_up": ("Gallery: previous page", "解集：上一页"),
    "gallery_page_down": ("Gallery: next page", "解集：下一页"),
    # lessons (issue 14): run until
    "until": ("Run until the chosen condition", "运行到所选条件"),
    "until_run": ("Run until", "运行到"),
    "until_depth": ("Depth", "深度"),
    "until_backtrack": ("Next backtrack", "下一次回溯"),
    "until_conflict_row": ("Conflict in row", "某行冲突"),
    "until_solution": ("Solution no.", "第几个解"),
    "until_event": ("Event no.", "第几个事件"),
    "until_not_met": ("The search ended before the condition was met", "搜索结束时仍未满足条件"),
    "until_need_depth": (
        "Run until: type the depth to stop at in the box, a whole number from 1 to {n}",
        "运行到：请在框中输入要停下的深度，1 到 {n} 的整数",
    ),
    "until_need_conflict_row": (
        "Run until: type the row to watch in the box, a whole number from 1 to {n}",
        "运行到：请在框中输入要关注的行，1 到 {n} 的整数",
    ),
    "until_need_solution": (
        "Run until: type which solution to stop at in the box, a whole number from 1",
        "运行到：请在框中输入停在第几个解，从 1 开始的整数",
    ),
    "until_need_event": (
        "Run until: type the event to stop at in the box, a whole number from 0",
        "运行到：请在框中输入要停下的事件，从 0 开始的整数",
    ),
    # lessons (issue 14): bookmarks, hidden panels, lesson files
    "bookmark": ("Bookmark this moment (with a note)", "在此处加书签（可写备注）"),
    "bookmark_button": ("Bookmark", "书签"),
    "bookmark_prev": ("Previous bookmark", "上一个书签"),
    "bookmark_next": ("Next bookmark", "下一个书签"),
    "bookmark_prev_button": ("‹ Mark", "‹ 书签"),
    "bookmark_next_button": ("Mark ›", "书签 ›"),
    "bookmark_note": (
        "Note for the bookmark at event {event} (Enter: set, Esc: cancel)",
        "事件 {event} 处书签的备注（回车确定，Esc 取消）",
    ),
    "bookmark_set": ("Bookmark {number} set at event {event}", "已在事件 {event} 处设置书签 {number}"),
    "bookmark_here": ("Bookmark {number}", "书签 {number}"),
    "bookmark_here_note": ("Bookmark {number}: {note}", "书签 {number}：{note}"),
    "bookmark_none_after": ("No bookmark after this moment", "此后没有书签"),
    "bookmark_none_before": ("No bookmark before this moment", "此前没有书签"),
    "toggle_code": ("Hide or show the code (exercises)", "隐藏或显示代码（练习用）"),
    "toggle_counters": ("Hide or show the counters", "隐藏或显示计数器"),
    "toggle_tree": ("Hide or show the search tree", "隐藏或显示搜索树"),
    "toggle_narration": ("Hide or show the narration", "隐藏或显示解说"),
    "toggle_log": ("Hide or show the narration's log", "隐藏或显示解说记录"),
    "toggle_names": ("Hide or show the algorithm's name", "隐藏或显示算法名称"),
    "panel_narration": ("the narration", "解说"),
    "panel_log": ("the narration's log", "解说记录"),
    "panel_names": ("the algorithm's name", "算法名称"),
    "hidden_name": ("Algorithm {letter}", "算法 {letter}"),
    "panel_code": ("the code", "代码"),
    "panel_counters": ("the counters", "计数器"),
    "panel_tree": ("the search tree", "搜索树"),
    "panel_hidden": ("Hidden: {panel}", "已隐藏：{panel}"),
    "panel_shown": ("Shown: {panel}", "已显示：{panel}"),
    "hidden_card": ("Hidden for the exercise", "练习中已隐藏"),
    "lesson_save": ("Save the lesson (with Shift: save as)", "保存课程（加 Shift：另存为）"),
    "open_button": ("Open…", "打开…"),  # a lesson, or a student's search (.py)
    "save_button": ("Save", "保存"),
    "save_as_button": ("Save as…", "另存为…"),
    "lesson_open": ("Open a lesson or your search", "打开课程或你的搜索"),
    "lesson_open_title": ("Open a lesson (.json) or your search (.py)", "打开课程（.json）或你的搜索（.py）"),
    "lesson_save_title": ("Save the lesson as", "课程另存为"),
    "lesson_save_needs_path": (
        "Saving needs a file: lesson-save:PATH in a script",
        "保存需要一个文件：脚本中写 lesson-save:路径",
    ),
    "lesson_open_needs_path": (
        "Opening needs a file: lesson-open:PATH in a script",
        "打开需要一个文件：脚本中写 lesson-open:路径",
    ),
    "export_title": ("Export a stretch as a video or pictures", "把一段导出为视频或图片"),
    "export_html_title": ("Save a stretch as a web page", "把一段保存为网页"),
    "screenshot_title": ("Save the screenshot as", "截图另存为"),
    "gif_title": ("Save the GIF as ({detail})", "GIF 另存为（{detail}）"),
    "gif_about": ("about {size}, {frames} frames", "约 {size}，{frames} 帧"),
    "gif_large_ask": (
        "This GIF will be about {size} ({frames} frames of {width} × {height}). Write it? Y: yes, N: no",
        "这个 GIF 约 {size}（{frames} 帧，{width} × {height}）。要写入吗？Y：是，N：否",
    ),
    "gif_discarded": ("GIF not saved: the recording is discarded", "未保存 GIF：录像已丢弃"),
    "not_saved": ("Not saved: {path} ({reason})", "未保存：{path}（{reason}）"),
    "results_title": ("Folder for the students' attempts", "存放学生练习记录的文件夹"),
    "results_button": ("Results folder…", "结果文件夹…"),
    "results_set": ("Attempts will be saved in {path}", "练习记录将保存在 {path}"),
    "results_needs_path": (
        "The results folder needs a path: exercise:results:FOLDER in a script",
        "结果文件夹需要一个路径：脚本中写 exercise:results:文件夹",
    ),
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
    "export_saved": ("Exported {frames} frames: {path}", "已导出 {frames} 帧：{path}"),
    "export_cancelled": ("Export cancelled", "已取消导出"),
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
