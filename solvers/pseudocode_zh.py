"""The pseudo-code of every algorithm in Chinese, line for line with the English.

Kept beside the registry so each algorithm module holds one language only and
the code panel can switch at run time; each ``AlgorithmSpec`` names its
``code_zh`` here, and a test checks the line counts match.
"""

from __future__ import annotations

RECURSIVE = (
    "solve(row):",
    "    若 row == n：报告一个解；返回",
    "    对 col = 0 .. n-1：",
    "        若 col、row+col 或 row-col+n-1 已被占用：拒绝；继续",
    "        在 (row, col) 放皇后；标记它所在的线",
    "        solve(row + 1)",
    "        移走 (row, col) 的皇后；清除标记",
)

ITERATIVE = (
    "row = 0; col = 0",
    "当 row >= 0：",
    "    换：移走本行皇后后 col = col + 1",
    "    当 col < n 且 (row, col) 受攻击：col = col + 1",
    "    若 col < n：在 (row, col) 放皇后",
    "        若 row == n-1：报告一个解；换",
    "        否则：",
    "            进：row = row + 1; col = 0",
    "    否则：",
    "        退：row = row - 1；移走该行皇后；换",
)

BRUTE_FORCE = (
    "search(row):",
    "    若 row == n：",
    "        计数这个棋盘；逐对检查所有皇后",
    "        若没有互相攻击的皇后：报告一个解",
    "        返回",
    "    对 col = 0 .. n-1：",
    "        把本行皇后放在 col；search(row + 1)",
    "        再拿起它",
)

PERMUTATIONS = (
    "perm = 0, 1, ..., n-1（每行每列各一个皇后）",
    "重复：",
    "    计数 perm；逐对检查是否在同一斜线",
    "    若没有互相攻击的皇后：报告一个解",
    "    perm = 下一个排列（改写最短的后缀）",
    "直到 perm 是最后一个排列",
)

PRUNED = (
    "perm = 0, 1, ..., n-1；检查它",
    "当 perm = 下一个排列：",
    "    计数 perm；找第一对在同一斜线的皇后 (i, j)",
    "    若存在：",
    "        跳过所有保持 perm[i] 和 perm[j] 不变的后续排列",
    "        检查跳到的排列（不计数）",
    "    若没有互相攻击的皇后：报告一个解",
)

BITMASK = (
    "solve(row, cols, diag, anti)：（row == n：报告一个解）",
    "    free = ~(cols | diag | anti) & (2^n - 1)",
    "    当 free != 0：",
    "        bit = free & -free; free -= bit；在 bit 处放皇后",
    "        solve(row+1, cols|bit, (diag|bit) << 1, (anti|bit) >> 1)",
    "        拿起 bit 处的皇后",
)

CONSTRUCTION = (
    "若 n == 2 或 n == 3：无解",
    "evens = 2, 4, 6, ...;  odds = 1, 3, 5, ...（列号从 1 数起）",
    "若 n mod 6 == 2：交换 odds 中的 1 和 3；把 5 移到 odds 末尾",
    "若 n mod 6 == 3：把 2 移到 evens 末尾；把 1、3 移到 odds 末尾",
    "columns = evens 接上 odds",
    "对 row = 1 .. n：在 (row, columns[row]) 放皇后",
    "报告一个解",
)

MIN_CONFLICTS = (
    "对 row = 0 .. n-1：",
    "    把皇后放在与上方各行冲突最少的列（平局随机）",
    "当仍有皇后受攻击：",
    "    随机选一个受攻击的皇后",
    "    在它所在行内移到冲突最少的列（平局随机）",
    "    若修复次数超过上限：拿走所有皇后；重新开始",
    "报告一个解",
)


def _propagation(choose: str) -> tuple[str, ...]:
    return (
        "search():",
        "    若每行都有皇后：报告一个解；返回",
        choose,
        "    对 domain(row) 中的 col，从小到大：",
        "        在 (row, col) 放皇后",
        "        对每个未放皇后的行 r，从上到下：",
        "            从 domain(r) 删去皇后攻击的每一列",
        "            若 domain(r) 为空：域清空（wipe-out）；停止删除",
        "        若没有域清空：search()",
        "        恢复这个皇后删去的每一列",
        "        移走 (row, col) 的皇后",
    )


FORWARD_CHECKING = _propagation("    row = 第一个还没有皇后的行")
MRV = _propagation("    row = 剩余列最少的未放皇后的行（并列时取最上面的行）")
