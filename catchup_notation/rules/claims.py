"""Results a record states, checked against the rules.

Posts end with their own summary: "X wins", "Os: size 23, 5", "JoaO:: 3 groups, largest = 40",
"40 v 40", "Bill resigns". The reader keeps such lines as the post wrote them, in the header
`stated-result`; here each line is read into claims (who, and what: a winner, a draw, a
resignation, the largest group, the group sizes from the largest, the number of groups) and
compared with what the replay gives. Agreement is silent; each line the replay contradicts is one
`stated-result-differs` warning that quotes the line and gives the replay's figures. A line whose
words name no player or figure this module knows is left alone: it claims nothing checkable.

Players are named in the claims as the record names them, as the variant does (O, X, White), by
their initial or stone letter, in the plural ("Os"), glued to their letter ("Billx", "J-o",
"Joa(O)"), or by the start of their name.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

import attrs

from catchup_notation.board import Board, Cell
from catchup_notation.model import Location, Record, Result
from catchup_notation.rules.registry import Variant
from catchup_notation.rules.scoring import format_groups

#: The header a reader puts a record's stated result in, one claim line per line.
STATED = "stated-result"
CODE = "stated-result-differs"

_TOKEN = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)?(?:\s?\([A-Za-z]\))?")
_KEYWORDS = frozenset(
    {
        *("size", "sizes", "group", "groups", "largest", "biggest", "win", "wins", "won", "winner", "draw"),
        *("draws", "drawn", "resign", "resigns", "resigned", "v", "vs", "and", "the", "is", "a", "an", "of"),
        *("by", "with", "to", "at", "in", "on", "or", "game", "final", "position", "score", "scores", "stones"),
    }
)
_GROUPS = re.compile(r"\b(\d+)\s+groups?\b", re.I)
_LARGEST = re.compile(r"\b(?:largest|biggest)\b(?:\s+group)?\s*[=:]?\s*(\d+)", re.I)
_SIZES = re.compile(r"\bsizes?\b\s*[=:]?\s*(\d+(?:\s*[,;/-]?\s*\d+)*)", re.I)
_BARE = re.compile(r"^\W*(\d+(?:\s*[,;/-]?\s*\d+)*)")
_WINS = re.compile(r"\b(?:wins?|won|winner)\b", re.I)
_RESIGNS = re.compile(r"\bresign(?:s|ed)?\b", re.I)
_DRAW = re.compile(r"\b(?:is|was|ends?|ended)\s+(?:in\s+)?a\s+draw\b|^\W*draw\W*$|\bdrawn\b", re.I)
_VERSUS = re.compile(r"(?<![\w.])(\d+)\s*(?:v|vs\.?)\s*(\d+)\b", re.I)


@attrs.frozen
class Claim:
    """One thing a line states: `kind` winner, draw, resigned, largest (values: the size), sizes
    (the group sizes from the largest), groups (the number of groups) or versus (both players'
    largest groups, the first player's first); `player` 1 or 2 (None for draw and versus)."""

    kind: str
    player: int | None = None
    values: tuple[int, ...] = ()


def claims_of(text: str, names: Sequence[Sequence[str]]) -> list[Claim]:
    """The claims of one line; `names` are the ways players 1 and 2 may be called (their own
    names, the variant's names and colours)."""
    found: list[Claim] = []
    marks = [(m.start(), m.end(), player) for m in _TOKEN.finditer(text) if (player := _player_of(m.group(), names))]
    for i, (_, end, player) in enumerate(marks):
        segment = text[end : marks[i + 1][0] if i + 1 < len(marks) else len(text)]
        found.extend(_segment_claims(segment, player))
    head = text[: marks[0][0]] if marks else text
    found.extend(Claim("versus", None, (int(m.group(1)), int(m.group(2)))) for m in _VERSUS.finditer(text))
    if _DRAW.search(head) and not marks:
        found.append(Claim("draw"))
    return found


def _segment_claims(segment: str, player: int) -> list[Claim]:
    """What the words after a player's name say of that player."""
    found: list[Claim] = []
    if _WINS.search(segment):
        found.append(Claim("winner", player))
    if _RESIGNS.search(segment):
        found.append(Claim("resigned", player))
    found.extend(Claim("groups", player, (int(m.group(1)),)) for m in _GROUPS.finditer(segment))
    found.extend(Claim("largest", player, (int(m.group(1)),)) for m in _LARGEST.finditer(segment))
    sizes = _SIZES.search(segment) or (None if found or _VERSUS.search(segment) else _BARE.search(segment))
    if sizes is not None:
        found.append(Claim("sizes", player, tuple(int(n) for n in re.findall(r"\d+", sizes.group(1)))))
    return found


def _player_of(token: str, names: Sequence[Sequence[str]]) -> int | None:
    """The player a word of a claim names, if it names exactly one."""
    word = token.strip()
    if word.lower() in _KEYWORDS:
        return None
    glued = re.fullmatch(r"([A-Za-z]+)\s?\(([A-Za-z])\)|([A-Za-z]+)-([A-Za-z]+)", word)
    if glued:  # Joa(O), J-o: a name and a letter that agree
        name, letter = (glued.group(1), glued.group(2)) if glued.group(1) else (glued.group(3), glued.group(4))
        first, second = _player_of(name, names), _player_of(letter, names)
        return first if first is not None and first == second else None
    for test in (_exact, _plural, _name_and_letter, _prefix, _initial):
        players = {player for player in (1, 2) if test(word, names[player - 1], names[2 - player])}
        if len(players) == 1:
            return players.pop()
        if players:
            return None
    return None


def _exact(word: str, own: Sequence[str], _: Sequence[str]) -> bool:
    return any(word.lower() == name.lower() for name in own)


def _plural(word: str, own: Sequence[str], _: Sequence[str]) -> bool:
    return len(word) > 1 and word[-1] in "sS" and any(word[:-1].lower() == name.lower() for name in own)


def _name_and_letter(word: str, own: Sequence[str], _: Sequence[str]) -> bool:
    """`Billx`, `JoaO`: the start of a name glued to the player's initial or letter."""
    head, letter = word[:-1].lower(), word[-1].lower()
    return (
        len(head) >= 2
        and any(len(name) > 1 and name.lower().startswith(head) for name in own)
        and any(name[0].lower() == letter for name in own)
    )


def _prefix(word: str, own: Sequence[str], _: Sequence[str]) -> bool:
    return len(word) >= 3 and any(name.lower().startswith(word.lower()) for name in own)


def _initial(word: str, own: Sequence[str], other: Sequence[str]) -> bool:
    return len(word) == 1 and any(name[0].lower() == word.lower() for name in own)


# ---------------------------------------------------------------------------------------------
# The check


@attrs.frozen
class Figures:
    """What the replay says, for comparing: each player's group sizes (largest first), the
    result, and words for where they come from."""

    groups: tuple[tuple[int, ...], tuple[int, ...]]
    result: Result | None
    where: str  # "the replay ends with", or where the figures come from when a rule is broken


def check_claims(
    record: Record, variant: Variant, figures: Figures, names: tuple[str, str]
) -> list[tuple[str, Location | None]]:
    """For each line of `record.headers[STATED]` that the figures contradict, the message of its
    `stated-result-differs` warning and where the line was written (`record.stated_at`, when the
    reader said); `names` name the players in messages."""
    forms = _forms(record, variant)
    lines = (record.header_text(STATED) or "").split("\n")
    places: Sequence[Location | None] = record.stated_at if len(record.stated_at) == len(lines) else [None] * len(lines)
    found = []
    for line, at in zip(lines, places, strict=True):
        wrong = [claim for claim in claims_of(line, forms) if not _agrees(claim, record, figures)]
        if wrong:
            found.append((f"the post says {line.strip()!r}; {_said(wrong, record, figures, names)}", at))
    return found


def _forms(record: Record, variant: Variant) -> tuple[tuple[str, ...], tuple[str, ...]]:
    spec = variant.spec
    first, second = (
        tuple(name for name in (record.players[i], spec.players[i], spec.colours[i]) if name) for i in (0, 1)
    )
    return first, second


def _agrees(claim: Claim, record: Record, figures: Figures) -> bool:
    result = figures.result
    if result is None and claim.kind in ("winner", "draw"):
        return True  # a record that breaks a rule has no result to check a stated one against
    if claim.kind == "winner":
        return result is not None and result.winner == claim.player
    if claim.kind == "draw":
        return result is not None and result.draw
    if claim.kind == "resigned":
        return record.resigned == claim.player
    if claim.kind == "versus":
        return tuple(g[0] if g else 0 for g in figures.groups) == claim.values
    assert claim.player is not None
    groups = figures.groups[claim.player - 1]
    if claim.kind == "largest":
        return (groups[0] if groups else 0) == claim.values[0]
    if claim.kind == "groups":  # a lone stone is often not called a group
        return claim.values[0] in (len(groups), sum(1 for size in groups if size >= 2))
    return groups[: len(claim.values)] == claim.values


def _said(wrong: list[Claim], record: Record, figures: Figures, names: tuple[str, str]) -> str:
    """The replay's figures for the claims it contradicts."""
    parts = []
    shown: set[int] = set()
    for claim in wrong:
        if claim.kind == "resigned":
            who = "nobody" if record.resigned is None else names[record.resigned - 1]
            parts.append(f"a move list in which {who} resigns")
            continue
        if claim.kind in ("winner", "draw"):
            assert figures.result is not None  # a stated winner is checked only where the replay has a result
            parts.append(figures.result.explanation)
            continue
        for player in (1, 2) if claim.player is None else (claim.player,):
            if player in shown:
                continue
            shown.add(player)
            groups = figures.groups[player - 1]
            big = sum(1 for size in groups if size >= 2)
            parts.append(
                f"{names[player - 1]} {format_groups(groups)} ({len(groups)} groups, {big} of 2 or more stones; "
                f"largest {groups[0] if groups else 0})"
            )
    unique = list(dict.fromkeys(parts))
    return f"{figures.where} " + "; ".join(unique)


def placed_stones(record: Record, board: Board, start: Mapping[Cell, int]) -> dict[Cell, int]:
    """The stones the record's turns place, legal or not (later stones win a cell), on the
    variant's start position, by colour."""
    stones = dict(start)
    for turn in record.turns:
        for cell, colour in zip(turn.cells, turn.stone_colours, strict=True):
            if cell in board:
                stones[cell] = colour
    return stones


def groups_of(stones: Mapping[Cell, int], board: Board) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each colour's group sizes, largest first, in a position given as stones by colour."""
    sizes: list[list[int]] = [[], []]
    seen: set[Cell] = set()
    for cell, colour in stones.items():
        if cell in seen or cell not in board:
            continue
        group, todo = 0, [cell]
        seen.add(cell)
        while todo:
            here = todo.pop()
            group += 1
            for near in board.neighbours_of(here):
                if near not in seen and stones.get(near) == colour:
                    seen.add(near)
                    todo.append(near)
        sizes[colour - 1].append(group)
    first, second = (tuple(sorted(s, reverse=True)) for s in sizes)
    return first, second
