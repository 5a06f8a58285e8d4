"""The plain-Python floor: how fast verifying a Little Golem collection of catchup games can be with
no library at all. Regular expressions for the tokens, a list union-find, the catchup rules
checked, the winner computed, one JSON line a record. No error positions, no other format, no
other variant, no limits: the measure `bench_cli.py` compares the real command with.

    python benchmarks/floor.py games.sgf > /dev/null
"""

import json
import re
import sys

GAME = re.compile(r"\(;.*?\)", re.S)
SIZE = re.compile(r"SZ\[(\d+)\]")
MOVE = re.compile(r";([WB])\[([^\]]*)\]")
CELL = re.compile(r"([A-Z])(\d+)")
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
BOARDS: dict[int, tuple[dict[str, int], list[list[int]]]] = {}


def board(n: int) -> tuple[dict[str, int], list[list[int]]]:
    """Cell names (E5) to indices, and each cell's neighbours, of the hexhex board of side n."""
    cells = [(q, r) for r in range(1 - n, n) for q in range(max(1 - n, 1 - n - r), min(n - 1, n - 1 - r) + 1)]
    index = {cell: i for i, cell in enumerate(cells)}
    names = {f"{chr(65 + r + n - 1)}{q - max(1 - n, 1 - n - r) + 1}": index[(q, r)] for q, r in cells}
    near = [[index[(q + a, r + b)] for a, b in STEPS if (q + a, r + b) in index] for q, r in cells]
    return names, near


def verify(text: str) -> dict[str, object]:
    sized = SIZE.search(text)
    n = int(sized.group(1)) if sized else 5
    names, near = BOARDS[n] if n in BOARDS else BOARDS.setdefault(n, board(n))
    owner, parent, size = [0] * len(near), list(range(len(near))), [1] * len(near)
    score, largest = [0, 1, 1], [0, 0, 0]

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    bonus, error, turn = False, None, 0
    for turn, (colour, value) in enumerate(MOVE.findall(text), 1):
        player, cells = 1 if colour == "W" else 2, [names[a + b] for a, b in CELL.findall(value)]
        allowed = (1,) if turn == 1 else (1, 2, 3) if bonus else (1, 2)
        wrong = player != 2 - turn % 2 or len(cells) not in allowed or len(set(cells)) < len(cells)
        if wrong or any(owner[c] for c in cells):
            error = {"turn": turn, "player": player}
            break
        before = score[player]
        for c in cells:
            owner[c] = player
            for d in near[c]:
                if owner[d] == player and find(d) != find(c):
                    a, b = find(d), find(c)
                    parent[a] = b
                    size[b] += size[a]
            largest[player] = max(largest[player], size[find(c)])
        score[player] = max(score[player], largest[player])
        bonus = score[player] > before and score[player] >= score[3 - player]
    roots = [i for i in range(len(owner)) if owner[i] and find(i) == i]
    groups = [sorted((size[i] for i in roots if owner[i] == p), reverse=True) for p in (1, 2)]
    return {"valid": error is None, "turns": turn, "error": error, "winner": 1 if groups[0] > groups[1] else 2}


with open(sys.argv[1], encoding="utf-8") as handle:
    text = handle.read()
for number, match in enumerate(GAME.finditer(text)):
    print(json.dumps({"source": sys.argv[1], "index": number, **verify(match.group())}))
