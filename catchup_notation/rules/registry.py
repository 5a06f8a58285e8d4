"""The variant registry: every rule set the library knows, selected by a variant string.

Each variant is described by one TOML file in the `variants/` data folder (name, aliases,
parameters, player names, description, sources, confidence) and names the rules engine that
plays it (`engine = "catchup"`, looked up by `engine_class`). A variant string
names a variant and sets its parameters, OpenSpiel style: `catchup`, `catchup(size=7)`,
`catch-up(set=1..12)`, `catch-up(set={2,2,2,3,3}, scores=0:3)`. Every hex variant also takes a
board of any shape, `catchup(board=@shape.txt)` (see `catchup_notation.shapes` for its spellings).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterable
from functools import cache, lru_cache
from importlib import import_module
from typing import TYPE_CHECKING, Any

import attrs

from catchup_notation.board import Board, Cell, hexhex
from catchup_notation.errors import BoardError, VariantError
from catchup_notation.limits import MAX_CELLS, MAX_NUMBER, MAX_SET, MAX_SIDE, excerpt, int_of
from catchup_notation.model import OMIT, HexState
from catchup_notation.resources import data_dir

if TYPE_CHECKING:
    from pathlib import Path

    import catchup_notation.rules.engine  # annotations spelt in full: `Engine` alone names two classes in the manual

Multiset = tuple[int, ...]


@attrs.frozen
class Parameter:
    """A variant's parameter: `size` (hex board side), `board` (any shape), `set` and `scores`
    (number sets), `x` (brink)."""

    #: The name used in variant strings: `size`, `board`, `set`, `scores`, `x`.
    name: str
    #: "int", "multiset", "scores", "board" or "cell".
    kind: str  # "int" | "multiset" | "scores" | "board" | "cell"
    #: The value when the variant string does not give one (None for a required parameter).
    default: Any  # None for a required parameter
    #: What it sets, in words.
    description: str
    #: The least value allowed, if any.
    minimum: int | None = None
    #: The greatest value allowed, if any.
    maximum: int | None = None
    #: A parameter that may stay unset (`board`: unset is the hexhex board of side `size`).
    optional: bool = False

    @property
    def required(self) -> bool:
        """A parameter with no default must be given in every variant string (brink's margin)."""
        return self.default is None and not self.optional

    def default_text(self) -> str | int | None:
        """The default as `catchup variants --json` lists it: ints as they are, others spelled out."""
        if self.kind == "int" or self.default is None:
            return self.default  # type: ignore[no-any-return]
        return format_value(self.kind, self.default)


#: The ratings that start a variant's `confidence`, longest first, and how readers are told them.
_HOW_SURE = (("Medium-high", "Fairly certain"), ("Medium", "Partly certain"), ("High", "Certain"), ("Low", "Uncertain"))


@attrs.frozen(kw_only=True)
class VariantSpec:
    """A variant as described by its data file, before parameters are chosen. Its JSON form
    (`to_data`) is what `catchup variants --json` prints."""

    #: The registered name (`catchup`).
    name: str
    #: What the variant is, in a line.
    title: str
    #: "hex" or "numbers".
    family: str  # "hex" | "numbers"
    #: Other names that select it.
    aliases: tuple[str, ...] = ()
    #: The names of the first and second player.
    players: tuple[str, str]
    #: Stone colours, first player's first; the players' own colours unless the file says otherwise.
    colours: tuple[str, str] = attrs.field()
    #: Whether a player may place a stone of either colour (too, product) rather than only their own.
    either_colour: bool = False
    #: The parameters a variant string may set.
    parameters: tuple[Parameter, ...] = ()
    #: The rules in words.
    description: str
    #: Where the rules come from.
    sources: tuple[str, ...] = ()
    #: How sure the reading of the sources is, and how we read them where they leave something open.
    confidence: str
    #: Whether no source states the rules whole and they were pieced together.
    reconstructed: bool = False
    #: The rules engine that plays it.
    engine: str = attrs.field(metadata=OMIT)
    #: The engine's settings for this variant (how it differs from others on the same engine).
    settings: dict[str, Any] = attrs.field(factory=dict, hash=False, metadata=OMIT)  # engine knobs

    @property
    def how_sure(self) -> str:
        """`confidence` for readers: its rating (High, Medium-high, Medium, Low) in words,
        "Certain: Little Golem's rules page, ... agree"."""
        text = self.confidence
        for rating, words in _HOW_SURE:
            if text.startswith(rating) and text[len(rating) : len(rating) + 1] in (":", " "):
                return words + text[len(rating) :]
        return text

    #: What `scores` are called in pictures and listings (the predecessors score other things).
    score_name: str = attrs.field(default="score", metadata=OMIT)

    @colours.default
    def _players_colours(self) -> tuple[str, str]:
        return self.players

    def parameter(self, name: str) -> Parameter:
        """The parameter called `name`; VariantError lists the variant's parameters."""
        for p in self.parameters:
            if p.name == name:
                return p
        known = ", ".join(p.name for p in self.parameters) or "none"
        raise VariantError(f"variant {self.name!r} has no parameter {name!r} (its parameters: {known})")


@attrs.frozen
class Variant:
    """A variant with every parameter set: what a record is replayed under."""

    #: The variant as its data file describes it.
    spec: VariantSpec
    #: Every parameter's value.
    params: dict[str, Any] = attrs.field(hash=False)  # equal variants still hash alike: spec decides
    # The variant string, spelt once (records, reports and replay each ask for it).
    _text: str | None = attrs.field(default=None, init=False, eq=False, repr=False)

    @property
    def name(self) -> str:
        """The variant's registered name (`catchup`)."""
        return self.spec.name

    @property
    def family(self) -> str:
        """ "hex" or "numbers"."""
        return self.spec.family

    @property
    def size(self) -> int:
        """Board side (hex variants on a hexhex board only: BoardError for another shape)."""
        if self.params.get("board") is not None:
            raise BoardError(f"{self.name} is played on a board of {len(self.board)} cells that has no side")
        return int(self.params["size"])

    @property
    def board(self) -> Board:
        """The board (hex variants only): the one given by `board=`, else the hexhex of side `size`."""
        given: Board | None = self.params.get("board")
        return given if given is not None else hexhex(int(self.params["size"]))

    @property
    def hexhex(self) -> bool:
        """Whether the board is a hexhex board (has a side), as every notation but JSON assumes."""
        return self.params.get("board") is None

    def player_name(self, player: int) -> str:
        """The variant's name for player 1 or 2 (White, Black, Red, ...)."""
        return self.spec.players[player - 1]

    def __str__(self) -> str:
        """The canonical variant string: every non-default parameter, and always the board size/set."""
        text = self._text
        if text is None:
            text = self._spelt()
            object.__setattr__(self, "_text", text)  # frozen: a cache, not a change of value
        return text

    def _spelt(self) -> str:
        parts = []
        for p in self.spec.parameters:
            value = self.params[p.name]
            if p.name == "size" and not self.hexhex:
                continue  # the board says it
            if value != p.default or p.name in ("size", "set"):
                parts.append(f"{p.name}={format_value(p.kind, value)}")
        return f"{self.name}({', '.join(parts)})" if parts else self.name

    def brief(self) -> str:
        """The variant string for people: the board of another shape said in words, not spelt out
        (`brink(x=2) on a board of 60 cells`); the variant string itself on a hexhex board."""
        if self.hexhex:
            return str(self)
        rest = Variant(self.spec, {**self.params, "board": None})
        parts = str(rest).removeprefix(self.name).strip("()").split(", ")
        kept = [part for part in parts if part and not part.startswith("size=")]
        name = f"{self.name}({', '.join(kept)})" if kept else self.name
        return f"{name} on a board of {len(self.board)} cells"

    def start_stones(self) -> dict[Cell, int]:
        """The stones on the board before the first turn, by colour (1 or 2): none in most
        variants, the start position in sabotage-malthus."""
        state = self.new_game().state() if self.family == "hex" else None
        if not isinstance(state, HexState):
            return {}
        return {cell: colour for colour, cells in enumerate(state.stones, start=1) for cell in cells}

    def new_game(self) -> catchup_notation.rules.engine.Engine:
        """A fresh game engine at the start position (see `catchup_notation.rules.engine.Engine`)."""

        return engine_class(self.spec.engine)(self)


#: The parameter every hex variant has, whatever its data file says: a board of any shape.
BOARD_PARAMETER = Parameter(
    name="board",
    kind="board",
    default=None,
    optional=True,
    description=(
        "the board, of any shape (default: the hexhex board of side `size`): a named shape such as triangle6, "
        "@file holding a mask, an inline mask or a cell list; `catchup boards` lists the shapes and spellings"
    ),
)

# ---------------------------------------------------------------------------------------------
# Loading the data files


def _spec_from_toml(data: dict[str, Any], origin: str) -> VariantSpec:
    try:
        params = tuple(
            Parameter(
                name=name,
                kind=p["kind"],
                default=_coerce(p["kind"], p["default"], name) if "default" in p else None,
                description=p["description"],
                minimum=p.get("minimum"),
                # the board side is bounded by the library's limits, whatever the data says
                maximum=p.get("maximum", MAX_SIDE if name == "size" else MAX_CELLS if p["kind"] == "int" else None),
                optional=bool(p.get("optional", False)),
            )
            for name, p in data.get("parameters", {}).items()
        )
        if data["family"] == "hex" and not data.get("hexhex_only", False):
            params += (BOARD_PARAMETER,)  # a variant whose start position needs a hexhex board has none
        return VariantSpec(
            name=data["name"],
            title=data["title"],
            family=data["family"],
            engine=data["engine"],
            players=tuple(data["players"]),
            description=" ".join(data["description"].split()),
            confidence=" ".join(data["confidence"].split()),
            aliases=tuple(data.get("aliases", ())),
            parameters=params,
            sources=tuple(data.get("sources", ())),
            reconstructed=bool(data.get("reconstructed", False)),
            settings=dict(data.get("settings", {})),
            colours=tuple(data.get("colours", data["players"])),
            either_colour=bool(data.get("either_colour", False)),
            score_name=data.get("score_name", "score"),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise VariantError(f"{origin}: malformed variant description ({exc})") from exc


@cache
def specs() -> tuple[VariantSpec, ...]:
    """Every registered variant, in the order of their data files' `order` keys."""
    loaded = [_spec_of_file(path) for path in sorted(data_dir("variants").glob("*.toml"))]
    return tuple(spec for _, spec in sorted(loaded, key=lambda pair: pair[0]))


@cache
def _spec_of_file(path: Path) -> tuple[int, VariantSpec]:
    """A data file's `order` and variant, read once (a variant read alone is the registry's own)."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return data.get("order", 999), _spec_from_toml(data, path.name)


_FILE_NAME = re.compile(r"[a-z0-9][a-z0-9.-]*")


@lru_cache(maxsize=64)
def _own_file(name: str) -> VariantSpec | None:
    """The variant of the data file named after `name` (`NN-name.toml`), read alone when it names
    that variant: a variant asked for by its own name, the usual case, needs no other file parsed
    (TOML is parsed in Python: reading every file cost each command about 3 ms of its start-up)."""
    if not _FILE_NAME.fullmatch(name):  # not a name a data file can have
        return None
    for path in data_dir("variants").glob(f"*-{name}.toml"):
        if path.name.split("-", 1)[0].isdigit():
            _, spec = _spec_of_file(path)
            return spec if spec.name.lower() == name else None
    return None


@cache
def _by_name() -> dict[str, VariantSpec]:
    table: dict[str, VariantSpec] = {}
    for spec in specs():
        for key in (spec.name, *spec.aliases):
            if key.lower() in table:
                raise VariantError(f"variant name or alias {key!r} is used twice")
            table[key.lower()] = spec
    return table


def find_spec(name: str) -> VariantSpec:
    """The variant called `name` (or with that alias); unknown names list the known ones."""
    key = name.strip().lower()
    own = _own_file(key)
    if own is not None:
        return own
    try:
        return _by_name()[key]
    except KeyError:
        known = ", ".join(spec.name for spec in specs())
        raise VariantError(f"unknown variant {excerpt(name)}; known variants: {known}") from None


# ---------------------------------------------------------------------------------------------
# Variant strings

_VARIANT_STRING = re.compile(r"^\s*([A-Za-z][\w.-]*)\s*(?:\((.*)\))?\s*$", re.S)


def parse_variant(text: str, **overrides: Any) -> Variant:
    """Select a variant by its string, e.g. `catchup(size=7)`; keyword overrides win over the string.

    >>> str(parse_variant("lg(size=7)"))
    'catchup(size=7)'
    """
    given = tuple((key, value) for key, value in overrides.items() if value is not None)
    if "@" in text:  # a board file: read it each time, it may have changed
        return _variant(text, given)
    try:
        return _cached_variant(text, given)
    except TypeError:  # an override that cannot be a cache key (a list): parse it afresh
        return _variant(text, given)


def _variant(text: str, overrides: tuple[tuple[str, Any], ...]) -> Variant:
    spec, params = _parsed(text, overrides)
    return Variant(spec, dict(params))


#: One Variant per variant string, shared (a Variant is never changed: its params are read only);
#: records of a collection name the same few variants over and over.
_cached_variant = lru_cache(maxsize=1024)(_variant)


def _parsed(text: str, overrides: tuple[tuple[str, Any], ...]) -> tuple[VariantSpec, tuple[tuple[str, Any], ...]]:
    match = _VARIANT_STRING.match(text)
    if not match:
        raise VariantError(f"not a variant string: {excerpt(text)} (expected e.g. 'catchup' or 'catchup(size=7)')")
    spec = find_spec(match.group(1))
    params = {p.name: p.default for p in spec.parameters}
    arguments = _split_arguments(match.group(2) or "", text)
    for key, raw in arguments:
        param = spec.parameter(key)
        params[param.name] = _coerce(param.kind, raw, param.name)
    for key, value in overrides:
        param = spec.parameter(key)
        params[param.name] = _coerce(param.kind, value, param.name)
    _settle_board(spec, params, text, given=any(spec.parameter(key).name == "size" for key, _ in arguments))
    for param in spec.parameters:
        if params[param.name] is None and param.required:
            raise VariantError(
                f"{spec.name} needs its parameter {param.name} ({param.description}), "
                f"e.g. {spec.name}({param.name}={param.minimum or 1})"
            )
        if param.minimum is not None and param.kind == "int" and params[param.name] < param.minimum:
            raise VariantError(f"{spec.name}: {param.name} must be at least {param.minimum}, not {params[param.name]}")
        if param.maximum is not None and param.kind == "int" and params[param.name] > param.maximum:
            raise VariantError(
                f"{spec.name}: {param.name} must be at most {param.maximum}, not {params[param.name]} "
                "(a limit of this library, see catchup_notation.limits)"
            )
    if spec.family == "numbers" and not params.get("set"):
        raise VariantError(f"{spec.name}: the number set is empty")
    if any(p.kind == "cell" for p in spec.parameters):  # a cell is checked on its board by the engine's rules
        engine_check(spec.engine, params)
    return spec, tuple(params.items())


def _settle_board(spec: VariantSpec, params: dict[str, Any], text: str, *, given: bool) -> None:
    """A hexhex board given by `board=` becomes `size=`, so that a variant has one spelling; a
    board of another shape and a side written in the same string contradict each other."""
    board = params.get("board")
    if board is None:
        return
    if board.side is not None:
        if given and params["size"] != board.side:
            raise VariantError(
                f"in variant string {excerpt(text)}: size={params['size']} but the board is hexhex{board.side}"
            )
        params["size"], params["board"] = board.side, None
    elif given:
        raise VariantError(
            f"in variant string {excerpt(text)}: give the board by size= or by board=, not both "
            f"(the board has {len(board)} cells and no side)"
        )


def _split_arguments(body: str, whole: str) -> list[tuple[str, str]]:
    """Split `a=1, set={1,2}, b=2` on the commas that are outside braces."""
    args: list[tuple[str, str]] = []
    depth = 0
    current: list[str] = []
    for ch in body + ",":
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        if ch == "," and depth == 0:
            item = "".join(current).strip()
            current = []
            if not item:
                continue
            key, eq, value = item.partition("=")
            if not eq or not key.strip():
                raise VariantError(f"in variant string {whole!r}: expected name=value, got {item!r}")
            args.append((key.strip(), value.strip()))
        else:
            current.append(ch)
    if depth != 0:
        raise VariantError(f"in variant string {whole!r}: unbalanced braces")
    return args


def parse_multiset(text: str) -> Multiset:
    """`1..12`, `{1, 2, 2, 3}`, `{1..4, 7}` -> a sorted tuple of positive integers."""
    body = text.strip()
    if body.startswith("{") and body.endswith("}"):
        body = body[1:-1]
    values: list[int] = []
    for item in body.replace(";", ",").split(","):
        item = item.strip()
        if not item:
            continue
        low, dots, high = item.partition("..")
        try:
            if dots:
                lo, hi = int_of(low), int_of(high)
                if hi < lo:
                    raise ValueError(f"the range {item} runs backwards")
                _check_set_size(len(values) + hi - lo + 1)  # before building it
                values.extend(range(lo, hi + 1))
            else:
                values.append(int_of(item))
                _check_set_size(len(values))
        except VariantError:
            raise
        except ValueError as exc:
            raise VariantError(f"not a number or range in a number set: {excerpt(item)} ({exc})") from None
    return check_multiset(values, text)


def check_multiset(values: Iterable[int], text: object = None) -> Multiset:
    """A number set as a sorted tuple, within the limits: positive numbers up to `MAX_NUMBER`, at
    most `MAX_SET` of them."""
    found = tuple(sorted(values))
    _check_set_size(len(found))
    if found and (found[0] <= 0 or found[-1] > MAX_NUMBER):
        raise VariantError(f"number sets hold positive integers up to {MAX_NUMBER}: {text if text else found}")
    return found


def _check_set_size(size: int) -> None:
    if size > MAX_SET:
        raise VariantError(f"a number set of {size} numbers is past the limit of {MAX_SET}")


def format_multiset(values: Multiset) -> str:
    """The shortest canonical spelling: `1..N` for {1..N}, else `{a,b,c}`."""
    if len(values) > 2 and values == tuple(range(1, len(values) + 1)):
        return f"1..{len(values)}"
    return "{" + ",".join(map(str, values)) + "}"


def format_value(kind: str, value: Any) -> str:
    """A parameter value as a variant string writes it."""
    if kind == "multiset":
        return format_multiset(value)
    if kind == "scores":
        return f"{value[0]}:{value[1]}"
    if kind == "board":
        from catchup_notation.shapes import board_text

        return board_text(value)
    return str(value)


def _coerce(kind: str, raw: Any, name: str) -> Any:
    try:
        if kind == "int":
            return raw if isinstance(raw, int) else int_of(str(raw))
        if kind == "multiset":
            if isinstance(raw, (list, tuple)):
                if len(raw) > MAX_SET:
                    raise VariantError(f"a number set of {len(raw)} numbers is past the limit of {MAX_SET}")
                return check_multiset(v if isinstance(v, int) else int_of(str(v)) for v in raw)
            return parse_multiset(str(raw))
        if kind == "scores":
            if isinstance(raw, (list, tuple)):
                first, second = raw
            else:
                first, _, second = str(raw).partition(":")
            scores = (int_of(str(first)), int_of(str(second)))
            if max(abs(scores[0]), abs(scores[1])) > MAX_NUMBER:
                raise VariantError(f"starting scores go up to {MAX_NUMBER}, not {scores}")
            return scores
        if kind == "board":
            return _board_of(raw)
        if kind == "cell":  # a cell as posts name it (`i3`); its board is the variant's
            name = str(raw).strip().lower()
            if not re.fullmatch(r"[a-z][0-9]{1,3}", name):
                raise ValueError(name)
            return name
    except VariantError:
        raise
    except (TypeError, ValueError):
        raise VariantError(f"bad value for parameter {name!r}: {excerpt(raw)}") from None
    raise VariantError(f"parameter {name!r} has an unknown kind {kind!r}")


def on_board(variant: str | Variant | None, board: Board | str | Iterable[Cell] | None) -> str | Variant | None:
    """`variant` (default `catchup`) played on `board`, as a canonical variant string that carries
    the board itself; `variant` as it is when `board` is None. "auto" takes no board."""
    if board is None:
        return variant
    if isinstance(variant, str) and variant.strip().lower() == "auto":
        raise VariantError("a board goes with one variant, not 'auto' (give --variant NAME, or none for catchup)")
    chosen = variant if isinstance(variant, Variant) else parse_variant(variant or "catchup")
    if chosen.family != "hex":
        raise VariantError(f"{chosen.name} is not played on a board")
    params = {k: v for k, v in chosen.params.items() if k not in ("size", "board")}
    return str(parse_variant(chosen.name, board=_board_of(board), **params))


def _board_of(raw: Any) -> Board:
    """A `board=` value: a Board, a set or list of axial cells, or any spelling `parse_board` reads."""
    from catchup_notation.shapes import parse_board, shape

    try:
        if isinstance(raw, Board):
            return raw
        if isinstance(raw, (set, frozenset, list, tuple)):
            return shape((int(q), int(r)) for q, r in raw)
        return parse_board(str(raw))
    except BoardError as exc:
        raise VariantError(f"bad board: {exc}") from None


def hex_variants() -> tuple[VariantSpec, ...]:
    """Every registered hex variant."""
    return tuple(spec for spec in specs() if spec.family == "hex")


def variants() -> tuple[VariantSpec, ...]:
    """Every registered variant (hex and number-set), in registry order."""
    return specs()


# ---------------------------------------------------------------------------------------------
# Where each engine lives, by the key a variant's data names: imported on first use, so that
# loading one family stays cheap (the engines import the registry, not the reverse)

ENGINE_PATHS = {
    "catchup": "catchup_notation.rules.catchup:CatchupGame",
    "catchup-2012": "catchup_notation.rules.catchup:Catchup2012Game",
    "alternative": "catchup_notation.rules.catchup:AlternativeGame",
    "ketchup-4": "catchup_notation.rules.ketchup:Ketchup4Game",
    "ketchup-3": "catchup_notation.rules.ketchup:Ketchup3Game",
    "ketchup-2": "catchup_notation.rules.ketchup:Ketchup2Game",
    "sauce": "catchup_notation.rules.sauce:SauceGame",
    "sabotage-malthus": "catchup_notation.rules.malthus:SabotageMalthusGame",
    "plur": "catchup_notation.rules.predecessors:PlurGame",
    "too": "catchup_notation.rules.predecessors:TooGame",
    "brink": "catchup_notation.rules.predecessors:BrinkGame",
    "product": "catchup_notation.rules.predecessors:ProductGame",
    "numbers": "catchup_notation.rules.numbers:NumbersGame",
}


def engine_class(key: str) -> Callable[[Variant], catchup_notation.rules.engine.Engine]:
    """The engine class a variant's data names (`engine = "catchup"`), imported on first use."""
    found = _loaded.get(key)
    if found is None:
        path = ENGINE_PATHS.get(key)
        if path is None:
            raise VariantError(f"no rules engine called {key!r} (known: {', '.join(sorted(ENGINE_PATHS))})")
        module, _, name = path.partition(":")
        found = _loaded[key] = getattr(import_module(module), name)
    return found


_loaded: dict[str, Callable[[Variant], catchup_notation.rules.engine.Engine]] = {}


def engine_check(key: str, params: dict[str, Any]) -> None:
    """Let the module of an engine check parameters only its rules can judge (a start cell on its
    board): its `check_params`, if it has one, raises VariantError."""
    path = ENGINE_PATHS.get(key)
    check = getattr(import_module(path.partition(":")[0]), "check_params", None) if path else None
    if check is not None:
        check(params)
