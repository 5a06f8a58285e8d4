"""`catchup convert ... -o FOLDER/`: one output file per input file, the inputs' tree kept.

Each input file's records go to the file of the same relative path under the output folder, its
ending the target notation's (`games/2024/a.sgf` named as `games/` gives `OUT/2024/a.jsonl`); a
zip archive is a folder (its members' paths kept: directly under the output folder when the
archive is named, under a folder named like it when it lies in a named folder). Where two inputs
would give one name (`a.sgf` and `a.rga`), both keep their whole name (`a.sgf.jsonl`,
`a.rga.jsonl`). A notation that holds one game a file (Genius) gets a file per game of an input
that holds several, named with the record's index (`a-0.genius`, `a-1.genius`, the index of the
reports and of `--record`).

Every file is written atomically; with `--all-or-nothing` none is put in place unless every record
converted. An output that is one of the inputs is refused before anything is read (exit 2); an
input whose file cannot be written is named and its records skipped, the others written.
"""

from __future__ import annotations

import contextlib
import itertools
import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import PurePath, PurePosixPath
from typing import NamedTuple, Protocol

from catchup_notation import formats
from catchup_notation.cli import output
from catchup_notation.cli.runs import Inputs
from catchup_notation.errors import NotationError, WriteError
from catchup_notation.formats.base import NotationWarning
from catchup_notation.model import Record
from catchup_notation.reading import STDIN, STDIN_NAME
from catchup_notation.writing import AtomicFiles, OutputError


def is_folder(out: str | None) -> bool:
    """Whether `-o` names a folder: one that exists, or a name ending in `/`."""
    if out is None or out == STDIN:
        return False
    return out.endswith(("/", os.sep)) or os.path.isdir(out)


def ending(target: str) -> str:
    """The file ending of the target notation that names it alone (`.jsonl` for json, as `.json`
    is Abstract Play's too), so that each file written reads back without `--format`."""
    for candidate in formats.EXTENSIONS[target]:
        try:
            if formats.detect_output("x" + candidate) == target:
                return candidate
        except NotationError:  # an ending several notations claim
            continue
    return formats.EXTENSIONS[target][0]


def renamed(name: str, new_ending: str, *, whole: bool = False) -> str:
    """A file name with its notation's ending replaced by `new_ending`, a compression ending kept
    (`a.sgf.gz` -> `a.jsonl.gz`); `whole` keeps the old ending too (`a.sgf.jsonl.gz`)."""
    squeezed = formats.compression_of(name) or ""
    bare = name[: len(name) - len(squeezed)] if squeezed else name
    if not whole:
        suffix = PurePath(bare).suffix
        bare = bare[: len(bare) - len(suffix)] if suffix and suffix != bare else bare
    return bare + new_ending + squeezed


def _inside(member: str) -> str:
    """A zip member's path made safe to write under a folder: no root, no `..`, no drive."""
    parts = [part for part in PurePosixPath(member.replace("\\", "/")).parts if part not in ("/", ".", "..")]
    parts = [part for part in parts if not part.endswith(":")]  # a drive letter
    return "/".join(parts) or "member"


def planned(inputs: Inputs, target: str) -> dict[str, str]:
    """Each input's (a file's, or a zip archive member's, `archive.zip:member`) path relative to
    the output folder, by the name its records are read under."""
    from catchup_notation.reading.sources import is_zip, zip_inputs

    places: dict[str, str] = {}
    for named, files in inputs.named.items():
        for name in sorted(files):
            if named == STDIN:
                where = "stdin"
            elif os.path.isdir(named):
                where = os.path.relpath(name, named).replace(os.sep, "/")
            else:
                where = os.path.basename(name)
            if named != STDIN and is_zip(name):
                folder = "" if not os.path.isdir(named) else str(PurePosixPath(where).with_suffix(""))
                for member in zip_inputs(name, name):
                    if member.error is None and member.name is not None and member.path is not None:
                        places.setdefault(member.name, "/".join(filter(None, [folder, _inside(member.path)])))
            else:
                places.setdefault(name, where)
    return _named(places, ending(target))


def _named(places: dict[str, str], new_ending: str) -> dict[str, str]:
    """The output names of `places`, each input's whole name kept where two would meet."""
    outputs = {source: _with_ending(where, new_ending) for source, where in places.items()}
    counts: dict[str, int] = {}
    for where in outputs.values():
        counts[where] = counts.get(where, 0) + 1
    return {
        source: _with_ending(places[source], new_ending, whole=True) if counts[where] > 1 else where
        for source, where in outputs.items()
    }


def _with_ending(where: str, new_ending: str, *, whole: bool = False) -> str:
    folder, _, name = where.rpartition("/")
    return "/".join(filter(None, [folder, renamed(name, new_ending, whole=whole)]))


def _identity(path: str) -> tuple[int, int] | None:
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return info.st_dev, info.st_ino


class Tree:
    """Where each input's records go under the output folder `root`, and the files written."""

    def __init__(self, root: str, inputs: Inputs, target: str) -> None:
        self.root = root
        self.target = target
        self.ending = ending(target)
        self.places = planned(inputs, target)
        self.inputs = {found for found in map(_identity, inputs.files) if found is not None}
        self.written: list[str] = []
        self._taken: dict[str, str | None] = {}  # file written -> the input it was written from
        self._made: list[str] = []  # folders made, outermost first

    def refuse_over_inputs(self) -> None:
        """A usage error, before anything is read, when a file to write is one of the inputs."""
        bare = self.root.rstrip("/" + os.sep) or self.root
        if os.path.lexists(bare) and not os.path.isdir(bare):
            said = f"the output {self.root} is not a folder; give a folder, or a file name"
            raise output.fail(said, output.EXIT_USAGE)
        for source, where in self.places.items():
            path = os.path.join(self.root, where)
            if _identity(path) in self.inputs:
                raise output.fail(
                    f"the output {path} is one of the inputs ({source}): writing it would destroy the input; "
                    "choose another output folder",
                    output.EXIT_USAGE,
                )

    def path(self, source: str | None, index: int | None = None) -> str:
        """The file for the records of `source` (the record `index` alone, for one-game notations)."""
        name = source or STDIN_NAME
        where = self.places.get(name)
        if where is None:  # named only as it was read (an archive on standard input)
            where = _with_ending(_inside(name.rsplit(":", 1)[-1] if ":" in name else "stdin"), self.ending)
        if index is not None:
            folder, _, file = where.rpartition("/")
            squeezed = formats.compression_of(file) or ""
            bare = file[: len(file) - len(squeezed) - len(self.ending)]
            where = "/".join(filter(None, [folder, f"{bare}-{index}{self.ending}{squeezed}"]))
        return os.path.join(self.root, where)

    def why_not(self, path: str, source: str | None) -> str | None:
        """Why `path` must not be written in this run, or None."""
        key = os.path.abspath(path)
        if key in self._taken:
            by = self._taken[key]
            twice = " (it was named twice)" if by == source else f" from {by}"
            return f"it was already written in this run{twice}"
        if _identity(path) in self.inputs:
            return "it is one of the inputs"
        return None

    def folder_for(self, path: str) -> None:
        """Make the folders `path` needs, noting those made (to remove them if nothing is kept)."""
        missing = []
        folder = os.path.dirname(path) or "."
        while folder and not os.path.isdir(folder):
            missing.append(folder)
            folder = os.path.dirname(folder.rstrip("/" + os.sep))
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        self._made.extend(reversed(missing))

    def claim(self, path: str, source: str | None) -> None:
        self._taken[os.path.abspath(path)] = source
        self.written.append(path)

    def unmade(self) -> None:
        """Remove the folders made that are still empty (nothing was kept in them)."""
        for folder in reversed(self._made):
            with contextlib.suppress(OSError):
                os.rmdir(folder)


class Item(Protocol):
    """A record converted, as the command gives it (its `Converted`, made in the process that
    read it): where it is (file, index, line), its text alone in the target, and the record
    itself where the target writes its records together."""

    @property
    def source(self) -> str | None: ...
    @property
    def index(self) -> int: ...
    @property
    def line(self) -> int | None: ...
    @property
    def text(self) -> str | None: ...
    @property
    def record(self) -> Record | None: ...


class Said(NamedTuple):
    """What the command does with what a tree's writing meets: `warned`, the warnings of records
    written together (`formats.write`'s); `unwritten`, the records of a file that could not be
    written, with the code and words of why."""

    warned: Callable[[list[NotationWarning]], None]
    unwritten: Callable[[list[Item], str, str], None]


def write_tree(convertible: Iterator[Item], tree: Tree, files: AtomicFiles, said: Said) -> None:
    """Write the records of each input (they come input by input, in the order read) to its file
    under the tree."""
    one_game = "several" not in formats.get(tree.target).carries
    for source, group in itertools.groupby(convertible, key=lambda item: item.source):
        if not one_game:
            _write(tree, files, tree.path(source), group, said)
            continue
        pair = list(itertools.islice(group, 2))  # one game: its file; several: a file each
        if len(pair) == 1:
            _write(tree, files, tree.path(source), pair, said)
            continue
        for item in itertools.chain(pair, group):
            _write(tree, files, tree.path(source, item.index), [item], said)


def _write(tree: Tree, files: AtomicFiles, path: str, group: Iterable[Item], said: Said) -> None:
    """One file: the records' texts as checked (joined as the notation joins them), or written by
    the notation's writer together; a file that cannot be written is named, its records skipped."""
    items = iter(group)
    first = next(items, None)
    if first is None:
        return
    source = first.source
    refused = tree.why_not(path, source)
    taken: list[Item] = [first]
    try:
        if refused is not None:
            raise OutputError(f"cannot write {path}: {refused}", path=path)
        tree.folder_for(path)
        fmt = formats.get(tree.target)
        with files.output(path) as stream:
            second = next(items, None)
            if second is None or fmt.joins is not None:
                stream.write(first.text or "")
                for item in itertools.chain([second] if second is not None else [], items):
                    taken.append(item)
                    stream.write(fmt.joins or "")
                    stream.write(item.text or "")
            elif fmt.writes_texts:  # a collection made of the texts as checked
                taken.append(second)
                together = itertools.chain([first, second], _taking(items, taken))
                fmt.write_texts((item.text or "" for item in together), stream)
            else:  # the command gave each record itself, as it does for a target without joins
                taken.append(second)
                together = itertools.chain([first, second], _taking(items, taken))
                records = (item.record for item in together if item.record is not None)
                said.warned(formats.write(records, tree.target, stream))
        tree.claim(path, source)
    except (OutputError, WriteError, OSError) as exc:
        taken.extend(items)  # the rest of this input, not written either
        if isinstance(exc, WriteError):  # the notation refuses these records together
            code, message = exc.code, f"{tree.target} cannot hold these records together: {exc}"
        elif isinstance(exc, OutputError):
            code, message = "output", exc.message
        else:
            code, message = "output", f"cannot write {path}: {exc.strerror or exc}"
        said.unwritten(taken, code, message)


def _taking(items: Iterator[Item], taken: list[Item]) -> Iterator[Item]:
    for item in items:
        taken.append(item)
        yield item


__all__ = ["Item", "Said", "Tree", "ending", "is_folder", "planned", "renamed", "write_tree"]
