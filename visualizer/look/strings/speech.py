"""The window's strings: spoken narration, sound cues, the side views and the look."""

STRINGS: dict[str, tuple[str, str]] = {
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
    "race_did_move": (
        "moved the queen of row {r} from column {a} to {c}",
        "把第 {r} 行的皇后从第 {a} 列移到第 {c} 列",
    ),
    "race_did_prune": ("pruned row {r}, column {c}", "排除了第 {r} 行第 {c} 列"),
    "race_did_restore": ("restored row {r}, column {c}", "恢复了第 {r} 行第 {c} 列"),
    "race_did_other": ("took a step of its own", "走了自己的一步"),
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
}
