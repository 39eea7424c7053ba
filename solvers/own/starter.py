"""The file ``nqueens new-search`` writes: row-by-row backtracking with one gap to fill (a TODO),
commented in English or Chinese."""

from __future__ import annotations

STARTER = {
    "en": '''"""My N-Queens search.

Watch it:  nqueens-viz --search {name}
Check it:  nqueens check 8 --search {name}
"""

from solvers.events import Conflict


def search(n, board):
    # board.try_square(row, col) puts a queen on (row, col) when no queen attacks it and returns a
    #     Place event, or returns a Conflict event naming the queen that attacks it. Yield it.
    # board.remove(row, col) lifts that queen again (a Backtrack event); board.solution() says the
    #     board is a solution (a Solution event). board.queens[row] is the column of row's queen.
    def solve(row):
        for col in range(n):
            event = board.try_square(row, col)
            yield event
            if isinstance(event, Conflict):
                continue  # attacked: try the next column
            # TODO: a queen stands on (row, col) now. If it is the last row, yield board.solution();
            #       otherwise search the next row: yield from solve(row + 1)
            yield board.remove(row, col)

    yield from solve(0)
''',
    "zh": '''"""我的 N 皇后搜索。

观看：nqueens-viz --search {name}
检查：nqueens check 8 --search {name}
"""

from solvers.events import Conflict


def search(n, board):
    # board.try_square(row, col)：若没有皇后攻击 (row, col)，就在那里放皇后并返回 Place 事件；
    #     否则返回 Conflict 事件，说明是哪个皇后在攻击它。把返回的事件 yield 出去。
    # board.remove(row, col)：拿走那个皇后（Backtrack 事件）；board.solution()：棋盘是一个解
    #     （Solution 事件）。board.queens[row] 是第 row 行皇后所在的列。
    def solve(row):
        for col in range(n):
            event = board.try_square(row, col)
            yield event
            if isinstance(event, Conflict):
                continue  # 被攻击：试下一列
            # TODO：现在 (row, col) 上有皇后。如果这是最后一行，yield board.solution()；
            #       否则搜索下一行：yield from solve(row + 1)
            yield board.remove(row, col)

    yield from solve(0)
''',
}


def starter(name: str, lang: str = "en") -> str:
    """The starter file's text, telling how to run itself as ``name``."""
    return STARTER[lang].format(name=name)
