"""The pseudo-code of every algorithm in Chinese, line for line with the English.

Kept beside the registry so each algorithm module holds one language only and
the code panel can switch at run time; each ``AlgorithmSpec`` names its
``code_zh`` here. Every line has the same indentation as its English twin (a
test compares them), so an event's ``line`` points at the same step in both.
"""

from __future__ import annotations

FLAG = (
    "solve(row):",
    "    若 row == n：记录解；返回",
    "    对 col = 0 .. n-1：",
    "        若 cols[col]：跳过",
    "        若 diag[row+col]：跳过",
    "        若 anti[row-col+n-1]：跳过",
    "        在 (row, col) 放皇后",
    "        置上它的三个标记",
    "        solve(row + 1)",
    "        移走 (row, col) 的皇后",
    "        清除它的三个标记",
)

PAIRWISE = (
    "solve(row):",
    "    若 row == n：记录解；返回",
    "    对 col = 0 .. n-1：",
    "        若 safe(row, col) 为假：跳过",
    "        放皇后：q[row] = col",
    "        solve(row + 1)",
    "        移走 (row, col) 的皇后",
    "safe(row, col)：",
    "    对 r = 0 .. row-1：  # 前面各行的皇后",
    "        若 q[r] == col：返回 false",
    "        若 |q[r]-col| == row-r：返回 false",
    "    返回 true",
)

BOARD = (
    "solve(row):",
    "    若 row == n：记录解；返回",
    "    对 col = 0 .. n-1：",
    "        若 safe(row, col) 为假：跳过",
    "        放皇后：B[row][col] = Q",
    "        solve(row + 1)",
    "        移走皇后：B[row][col] = .",
    "safe(row, col)：  # 读二维棋盘 B",
    "    对 r = 0 .. n-1：  # 整列",
    "        若 B[r][col] == Q：返回 false",
    "    对 (row, col) 右上方的每个 (r, c)：",
    "        若 B[r][c] == Q：返回 false",
    "    对 (row, col) 左上方的每个 (r, c)：",
    "        若 B[r][c] == Q：返回 false",
    "    返回 true",
)

ITERATIVE = (
    "row = 0; col = 0",
    "当 row >= 0：",
    "    当 col < n 且 attacked(row, col)：",
    "        col += 1  # 换",
    "    若 col == n：",
    "        row -= 1  # 退",
    "        若 row < 0：停止",
    "    否则：",
    "        在 (row, col) 放皇后",
    "        若 row < n-1：",
    "            row += 1; col = 0  # 进",
    "            继续",
    "        记录解",
    "    移走 (row, q[row]) 的皇后",
    "    col = q[row] + 1  # 换",
    "attacked(row, col)：",
    "    对 r = 0 .. row-1：  # 前面各行的皇后",
    "        若 q[r] == col：返回 true",
    "        若 |q[r]-col| == row-r：返回 true",
    "    返回 false",
)

BRUTE_FORCE = (
    "search(row)：  # 生成全部 n^n 个棋盘",
    "    若 row == n：",
    "        若 test(q)：记录解",
    "        返回",
    "    对 col = 0 .. n-1：",
    "        放皇后：q[row] = col",
    "        search(row + 1)",
    "        移走 (row, col) 的皇后",
    "test(q)：",
    "    对每一对行 i < j：",
    "        若 q[i] == q[j]：返回 false",
    "        若 |q[i]-q[j]| == j-i：返回 false",
    "    返回 true",
)

PERMUTATIONS = (
    "q = 第一个排列 0, 1, ..., n-1",
    "放皇后：第 r 行放在第 q[r] 列",
    "循环：",
    "    若 test(q)：记录解",
    "    若 q 是最后一个排列：跳出",
    "    移走下一个排列要移动的皇后",
    "    q = 下一个排列；放回这些皇后",
    "移走所有皇后",
    "test(q)：  # 各列本来就互不相同",
    "    对每一对行 i < j：",
    "        若 |q[i]-q[j]| == j-i：返回 false",
    "    返回 true",
)

PRUNED = (
    "q = 第一个排列 0, 1, ..., n-1",
    "放皇后：第 r 行放在第 q[r] 列",
    "test(q)  # 不计数",
    "当 q 还有下一个排列：",
    "    移走下一个排列要移动的皇后",
    "    q = 下一个排列；放回这些皇后",
    "    计数 q；(i, j) = test(q)",
    "    若有冲突的一对 (i, j)：",
    "        跳过其后保持 q[i]、q[j] 的排列",
    "        若已没有排列：跳出",
    "        移走这次跳跃要移动的皇后",
    "        q = 跳到的排列；放回这些皇后",
    "        test(q)  # 不计数",
    "移走所有皇后",
    "test(q)：  # 找第一对同斜线的皇后",
    "    对每一对行 i < j：",
    "        若 |q[i]-q[j]| == j-i：返回 i, j",
    "    记录解；返回 none",
)

BITMASK = (
    "solve(row, cols, diag, anti)：",
    "    若 row == n：记录解；返回",
    "    free = ~(cols | diag | anti) & (2^n-1)",
    "    当 free != 0：",
    "        bit = free & -free  # 最低的空位",
    "        free = free - bit",
    "        在 bit 对应的列放皇后",
    "        solve(row + 1, cols | bit,",
    "              (diag | bit) << 1,",
    "              (anti | bit) >> 1)",
    "        移走 bit 对应列的皇后",
)

CONSTRUCTION = (
    "若 n == 2 或 n == 3：无解",
    "evens = 2, 4, 6, ...  （列号从 1 数起）",
    "odds = 1, 3, 5, ...",
    "若 n mod 6 == 2：",
    "    交换 odds 中的 1 和 3；把 5 移到末尾",
    "若 n mod 6 == 3：",
    "    把 2 移到 evens 末尾",
    "    把 1 和 3 移到 odds 末尾",
    "columns = evens 接上 odds",
    "对 row = 1 .. n：",
    "    在 (row, columns[row]) 放皇后",
    "记录解",
)

MIN_CONFLICTS = (
    "对 row = 0 .. n-1：  # 贪心起步；平局随机",
    "    把皇后放在与上方各行",
    "        冲突最少的列",
    "当仍有皇后受攻击：",
    "    随机选一个受攻击的皇后",
    "    在它所在的行内把它移到",
    "        冲突最少的列（平局随机）",
    "    若修复次数 > 上限：",
    "        移走所有皇后；重新开始",
    "记录解",
)


def _propagation(choose: tuple[str, str]) -> tuple[str, ...]:
    return (
        "search()：",
        "    若每一行都有皇后：",
        "        记录解；返回",
        *choose,
        "    对 domain(row) 中的 col，从小到大：",
        "        在 (row, col) 放皇后",
        "        对每个空行 r，从上到下：",
        "            从 domain(r) 删去它攻击的列",
        "            若 domain(r) 为空：",
        "                域清空（wipe-out）；停止删除",
        "        若没有域清空：search()",
        "        恢复它删去的每一列",
        "        移走 (row, col) 的皇后",
    )


FORWARD_CHECKING = _propagation(("    row = 最上面的空行", "          （按顺序逐行填）"))
MRV = _propagation(("    row = 域最小的空行", "          （并列时取最上面的）"))
