"""What the prose of a post says about its games, read line by line: the variant a title or a rules
line names, the players' names beside their stone letters, a note that capitals in the move list
are stones of the other colour, and the lines that state a result.

Posts name a variant in their title ("SAUCE", "SABOTAGE MALTHUS (122/222 start o @ i3)") or in a
line about the rules ("played under the 2012 rules"); a name in passing ("it grew out of Ketchup
3.0 and other ideas") is not read as the game's variant. The players appear as `Joao (O)`,
`Joa(O)`, `Bill (x)`, `J-o`, `B-x` and, on a line that states a result, `JoaO::` or `Billx:`.
Nothing here applies a rule: a stated result is kept as the post's words (see
`catchup_notation.rules.claims` for how the replay answers it).
"""

from __future__ import annotations

import re

import attrs

#: (pattern, variant): the names posts give the variants. SAUCE counts only in capitals or alone
#: on its line (a sauce in prose is food); Catchup itself is the default and never needs naming.
_VARIANT_NAMES = (
    (re.compile(r"\bsabotage[\s-]+malthus\b", re.I), "sabotage-malthus"),
    (re.compile(r"\bSAUCE\b"), "sauce"),
    (re.compile(r"^\W*sauce\W*$", re.I), "sauce"),
    (re.compile(r"\bketchup\s*(?:v(?:ersion)?\.?\s*)?4(?:\.0)?(?![\d.])", re.I), "ketchup-4"),
    (re.compile(r"\bketchup\s*(?:v(?:ersion)?\.?\s*)?3(?:\.0)?(?![\d.])", re.I), "ketchup-3"),
    (re.compile(r"\bketchup\s*(?:v(?:ersion)?\.?\s*)?2(?:\.0)?(?![\d.])|\bketchup\s+revised\b", re.I), "ketchup-2"),
    (re.compile(r"\b2012\s+rules\b", re.I), "catchup-2012"),
)
_RULES = re.compile(r"\brules?\b", re.I)
_PARENTHESES = re.compile(r"\([^)]*\)")
_WORD = re.compile(r"[A-Za-z0-9]+")
#: "start o @ i3": where the first player's single start stone stands (sabotage-malthus).
_START = re.compile(r"\bstart\s+o\s*@\s*([a-z][0-9]{1,2})\b", re.I)

#: A player beside their stone letter: `Joao (O)`, `Joa(O)`, `J-o`, `Joao-o`.
_NAMED = (
    re.compile(r"(?<![A-Za-z])([A-Z][A-Za-z]*)\s*\(\s*([A-Za-z])\s*\)"),
    re.compile(r"(?<![A-Za-z-])([A-Z][A-Za-z]*)-([A-Za-z])(?![A-Za-z-])"),
)
#: `JoaO::`, `Billx:` at the start of a line that states a result: a name glued to its letter.
_GLUED = re.compile(r"^\W*([A-Z][a-z]+)([A-Za-z]):")

#: The first lines of a message, where one post of a thread or an archive ends and the next begins.
_NEW_MESSAGE = re.compile(r"^\W*(?:(?:from|subject|date|newsgroups|message-id)\s*:|posted\s+on\b)", re.I)

#: "CAPS denote an opponent stone", "capitals are the other colour".
_CAPITALS_NOTE = re.compile(r"\b(?:caps|capitals?|upper[- ]?case)\b.*\b(?:opponent|other|enemy)", re.I)

#: Words and figures that state a result: a winner, a draw, a resignation, group sizes.
_RESULT = re.compile(
    r"\b(?:wins?|won|winner|drawn|resign(?:s|ed)?)\b|\b(?:is|was|ends?|ended)\s+(?:in\s+)?a\s+draw\b|^\W*draw\W*$"
    r"|\bsizes?\b\D{0,40}\d"
    r"|\b\d+\s+groups?\b"
    r"|\blargest\b\D{0,12}\d"
    r"|(?<![\w.])\d+\s*(?:v|vs\.?)\s*\d+\b",
    re.I,
)


@attrs.frozen
class NamedVariant:
    """A variant named by the prose: the variant string, the words that named it, their line."""

    variant: str
    words: str
    line: int


def plain(text: str) -> str:
    """A line of prose as read: no-break spaces as spaces, quote prefixes and blanks trimmed."""
    return text.replace("\u00a0", " ").strip().lstrip(":>|!").strip()


def variant_named(text: str, line: int) -> NamedVariant | None:
    """The variant a title line or a line about the rules names, or None. A title is a line that
    is the name and little else (at most three words besides, text in parentheses aside)."""
    for pattern, name in _VARIANT_NAMES:
        match = pattern.search(text)
        if match is None:
            continue
        rest = _PARENTHESES.sub(" ", text[: match.start()] + " " + text[match.end() :])
        title = len(_WORD.findall(rest)) <= 3
        about_rules = bool(_RULES.search(match.group())) or _rules_near(text, match.start(), match.end())
        if not (title or about_rules):
            continue
        variant = name
        start = _START.search(text) if name == "sabotage-malthus" else None
        if start is not None:
            variant = f"{name}(start={start.group(1).lower()})"
        return NamedVariant(variant, text.strip(), line)
    return None


def _rules_near(text: str, start: int, end: int) -> bool:
    """Whether "rules" stands within three words before or after the name."""
    before = _WORD.findall(text[:start])[-3:]
    after = _WORD.findall(text[end:])[:3]
    return any(_RULES.fullmatch(word) for word in before + after)


def named_pairs(text: str) -> list[tuple[str, str]]:
    """(name, letter) for each `Name (L)` or `Name-l` of a line, left to right."""
    found = [(m.start(), m.group(1), m.group(2)) for pattern in _NAMED for m in pattern.finditer(text)]
    return [(name, letter) for _, name, letter in sorted(found)]


def names_given(text: str, letters: tuple[str, str], stating: bool) -> list[tuple[int, str]]:
    """(player, name) for each player the line names beside their stone letter (`letters`: the
    lower-case letters of player 1's and player 2's stones). `stating`: the line states a result,
    where a name glued to its letter (`Billx:`) is read too."""
    found: list[tuple[int, str]] = []
    pairs = named_pairs(text)
    glued = _GLUED.match(text) if stating else None
    if glued is not None:
        pairs.append((glued.group(1), glued.group(2)))
    for name, letter in pairs:
        if letter.lower() in letters and name.lower() != letter.lower():
            found.append((letters.index(letter.lower()) + 1, name))
    return found


def says_capitals(text: str) -> bool:
    """Whether the line says that capitals in the move list are stones of the other colour."""
    return bool(_CAPITALS_NOTE.search(text))


def states_result(text: str) -> bool:
    """Whether a line of prose states a result: a winner, a draw, a resignation or group sizes."""
    return bool(_RESULT.search(text))


def starts_message(text: str) -> bool:
    """Whether a line opens a message (`From:`, `Subject:`, "Posted on ..."): what the prose said
    before it was another post's."""
    return bool(_NEW_MESSAGE.match(text))
