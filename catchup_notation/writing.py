"""Writing files safely: a reader sees the old file or the new one, never half of one.

The text goes to a temporary file beside the target (`.NAME.catchup-PID.XXXX.tmp`), which is then
renamed over it. No process can clean up after `kill -9`: the next write to the same target removes
the temporary files of processes that are gone. A symlink is
written through (its target is replaced; the link stays). Anything but a regular file (a FIFO, a
device, a directory) is refused: renaming over it would lose what it is. An existing file keeps
its permission bits, its owner and its group; a new one gets the usual ones (0666 less the umask).
On any failure the temporary file is removed and the target is untouched. A name ending in .gz,
.bz2 or .xz is written compressed.

Renaming replaces a file where writing into it would not be allowed or would be seen elsewhere, so
an existing file is refused, before anything is written, when it is read-only (no write permission
for the caller in its mode; for root, none for anyone), when it belongs to another user or to a
group whose ownership the caller cannot keep, or when it has other hard links (they would keep the
old content while this name got the new: a silent split). Make the file writable, or remove it, and
write again.
"""

from __future__ import annotations

import contextlib
import io
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO, TextIO

import attrs

from catchup_notation.errors import CatchupError


class OutputError(CatchupError):
    """An output file that cannot be written (a missing folder, a FIFO, a full disk...)."""

    def __init__(self, message: str, *, path: str | None = None) -> None:
        super().__init__(message)
        self.code = "output"
        self.path = path


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current


def target_of(path: str | os.PathLike[str]) -> Path:
    """Where writing `path` really writes: a symlink's final target; refused if not a regular file."""
    target = Path(os.path.realpath(path))
    try:
        info = target.stat()
    except FileNotFoundError:
        if not target.parent.is_dir():
            raise OutputError(
                f"cannot write {os.fspath(path)}: the folder {target.parent} does not exist", path=os.fspath(path)
            ) from None
        return target
    except OSError as exc:
        raise OutputError(f"cannot write {os.fspath(path)}: {exc.strerror or exc}", path=os.fspath(path)) from None
    if not stat.S_ISREG(info.st_mode):
        kind = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file (a FIFO, socket or device)"
        raise OutputError(f"cannot write {os.fspath(path)}: it is {kind}; give a file name", path=os.fspath(path))
    refused = _not_replaceable(info)
    if refused:
        raise OutputError(f"cannot write {os.fspath(path)}: {refused}", path=os.fspath(path))
    return target


def same_file(output_file: str | os.PathLike[str], other: str | os.PathLike[str]) -> bool:
    """Whether writing `output_file` would replace `other` (one file by device and inode, whatever
    names, symlinks or hard links lead to it); False where either does not exist."""
    try:
        return os.path.samefile(output_file, other)
    except (OSError, ValueError):
        return False


def _not_replaceable(info: os.stat_result) -> str | None:
    """Why an existing regular file must not be replaced by renaming a new one over it (see the
    module docstring), or None."""
    uid = os.geteuid() if hasattr(os, "geteuid") else None
    if uid is None:  # not a Unix: no owners to keep, no links to split as here
        return None
    mode = stat.S_IMODE(info.st_mode)
    root = uid == 0
    mine = info.st_uid == uid
    in_group = info.st_gid == os.getegid() or info.st_gid in os.getgroups()
    writable = mode & (0o222 if root else stat.S_IWUSR if mine else stat.S_IWGRP if in_group else stat.S_IWOTH)
    if not writable:
        return f"it is read-only (mode {mode:04o}); make it writable, or remove it, to write it anew"
    if not (mine or root):
        return f"it belongs to another user (uid {info.st_uid}), whose file would become yours; remove it first"
    if not (in_group or root):
        return f"its group (gid {info.st_gid}) is not one of yours and could not be kept; remove it first"
    if info.st_nlink > 1:
        return (
            f"it has {info.st_nlink - 1} other hard link{'s' if info.st_nlink > 2 else ''}, which would keep the "
            "old content; remove this name first, or write elsewhere"
        )
    return None


@contextlib.contextmanager
def atomic_output(path: str | os.PathLike[str]) -> Iterator[TextIO]:
    """A text stream whose content replaces `path` when the block ends without an exception."""
    with _written(path) as (out, made):
        yield out
    _replace(made)


@attrs.define
class _Made:
    """A temporary file written in full (its name, once made), and the file it is to replace."""

    target: Path
    shown: str
    temp: str | None = None


@contextlib.contextmanager
def _written(
    path: str | os.PathLike[str], listed: dict[Path, list[str]] | None = None
) -> Iterator[tuple[TextIO, _Made]]:
    """A text stream onto a new temporary file beside `path`'s target, closed with its content,
    permissions and owner in place when the block ends; removed if the block raises. `listed`:
    the temporary files found in each folder so far (`_remove_stale`)."""
    target = target_of(path)
    made = _Made(target, os.fspath(path))
    owner: tuple[int, int] | None = None
    try:
        info = target.stat()
        mode, owner = stat.S_IMODE(info.st_mode), (info.st_uid, info.st_gid)
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    _remove_stale(target, listed)
    try:
        handle = _temporary(made)
        with os.fdopen(handle, "wb") as raw:
            with _text(raw, target.name) as out:
                yield out, made
            raw.flush()
            if owner is not None and owner != _owner(raw.fileno()):
                os.fchown(raw.fileno(), *owner)  # allowed: _not_replaceable checked it
            os.fchmod(raw.fileno(), mode)
            os.fsync(raw.fileno())
    except BaseException as exc:
        _discard(made)
        if isinstance(exc, OSError):
            raise OutputError(f"cannot write {made.shown}: {exc.strerror or exc}", path=made.shown) from None
        raise


def _replace(made: _Made) -> None:
    """Put a temporary file written in full in place of its target (removed if that fails)."""
    try:
        os.replace(made.temp, made.target)  # type: ignore[arg-type]
    except BaseException as exc:
        _discard(made)
        if isinstance(exc, OSError):
            raise OutputError(f"cannot write {made.shown}: {exc.strerror or exc}", path=made.shown) from None
        raise


def _discard(made: _Made) -> None:
    if made.temp is not None:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(made.temp)
        made.temp = None


class AtomicFiles:
    """Files written each as `atomic_output` writes one, put in place as each is whole, or (held)
    all together when the block of `atomic_files` ends without an exception: until then each is a
    temporary file beside its target, and none replaces its target if the block raises or
    `discard` is called. (Holding them keeps no file open: each is closed once written.)"""

    def __init__(self, *, held: bool) -> None:
        self.held = held
        self._waiting: list[_Made] = []
        self._listed: dict[Path, list[str]] = {}  # each folder listed once: a folder of many files

    @contextlib.contextmanager
    def output(self, path: str | os.PathLike[str]) -> Iterator[TextIO]:
        """A text stream onto one of the files (see `atomic_output`)."""
        with _written(path, self._listed) as (out, made):
            yield out
        if self.held:
            self._waiting.append(made)
        else:
            _replace(made)

    def discard(self) -> None:
        """Remove the files held, leaving their targets as they were."""
        while self._waiting:
            _discard(self._waiting.pop())

    def _commit(self) -> None:
        while self._waiting:
            _replace(self._waiting.pop(0))


@contextlib.contextmanager
def atomic_files(*, held: bool = False) -> Iterator[AtomicFiles]:
    """Several files written atomically (see `AtomicFiles`): `held`, none is put in place before
    the block ends, and then all of them are (if one rename fails, the ones not yet renamed are removed)."""
    files = AtomicFiles(held=held)
    try:
        yield files
        files._commit()
    finally:
        files.discard()


def _temporary(made: _Made) -> int:
    """Make `made`'s temporary file beside its target, open for writing; its name is in `made`
    before the file exists, so an interruption at any point (Ctrl-C, a terminating signal, caught
    by whichever thread) leaves no file that `_discard` does not know of."""
    prefix = _prefix(made.target) + f"{os.getpid()}."
    flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    for _ in range(_NAME_TRIES):
        made.temp = os.fspath(made.target.parent / f"{prefix}{os.urandom(8).hex()}.tmp")
        try:
            return os.open(made.temp, flags, 0o600)
        except FileExistsError:  # someone else's file (64 random bits: all but impossible)
            made.temp = None
        except OSError as exc:
            made.temp = None
            raise OutputError(f"cannot write {made.shown}: {exc.strerror or exc}", path=made.shown) from None
    raise OutputError(f"cannot write {made.shown}: no free name for a temporary file beside it", path=made.shown)


_NAME_TRIES = 100


@contextlib.contextmanager
def _text(raw: BinaryIO, name: str) -> Iterator[TextIO]:
    """UTF-8 text with '\\n' line ends onto `raw`, compressed when the name ends in .gz, .bz2 or .xz
    (see `compression`); `raw` is left open."""
    ending = os.path.splitext(name)[1].lower()
    from catchup_notation.compression import ENDINGS, compressing

    target = compressing(raw, ending) if ending in ENDINGS else raw
    out = io.TextIOWrapper(target, encoding="utf-8", newline="\n")
    try:
        yield out
        out.flush()
    finally:
        out.detach()
        if target is not raw:
            with contextlib.suppress(OSError, ValueError):
                target.close()  # writes the end of the compressed data


def _prefix(target: Path) -> str:
    return f".{target.name}{_TEMPORARY}"


#: What every temporary file's name holds after its target's name.
_TEMPORARY = ".catchup-"


def _owner(handle: int) -> tuple[int, int]:
    info = os.fstat(handle)
    return info.st_uid, info.st_gid


def _remove_stale(target: Path, listed: dict[Path, list[str]] | None = None) -> None:
    """Remove the temporary files that runs killed outright (kill -9, a power cut) left beside
    `target`: they carry the writing process's id, and only those of processes gone are removed.
    (Names are compared as they are: a target named `g[1].jsonl` is no pattern.) `listed` holds
    the temporary files of each folder listed before, so that a folder is listed once for the
    many files written into it (listing it for each would take time growing with its square)."""
    folder = target.parent
    names = None if listed is None else listed.get(folder)
    if names is None:
        try:
            names = [name for name in os.listdir(folder) if _TEMPORARY in name and name.endswith(".tmp")]
        except OSError:
            return
        if listed is not None:
            listed[folder] = names
    prefix = _prefix(target)
    for name in names:
        if not name.startswith(prefix):
            continue
        pid = name[len(prefix) :].split(".", 1)[0]
        if pid.isascii() and pid.isdigit() and not _alive(int(pid)):
            with contextlib.suppress(OSError):
                (folder / name).unlink()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # somebody else's process
    return True


def write_file(path: str | os.PathLike[str], text: str) -> None:
    """Write UTF-8 `text` to `path` atomically (see the module docstring)."""
    with atomic_output(path) as out:
        out.write(text)


class Spool(io.TextIOBase):
    """Text kept until it is known to be whole (then `deliver`ed, or dropped): in memory, as the
    pieces written, up to `limit` characters, and beyond that in a temporary file (removed when
    the spool is closed). Keeping the pieces costs nothing per piece, where a file, even one in
    memory, encodes each and decodes it again."""

    def __init__(self, limit: int = 1 << 24) -> None:
        super().__init__()
        self.limit = limit
        self.pieces: list[str] = []
        self.size = 0
        self.file: TextIO | None = None

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if self.file is not None:
            return self.file.write(text)
        self.pieces.append(text)
        self.size += len(text)
        if self.size > self.limit:
            import tempfile

            # newline="": the text comes back as written (a \r stays a \r)
            self.file = tempfile.TemporaryFile(mode="w+", encoding="utf-8", newline="")  # noqa: SIM115 - close() closes it
            for piece in self.pieces:
                self.file.write(piece)
            self.pieces = []
        return len(text)

    def deliver(self, target: TextIO) -> None:
        """Write everything written so far to `target`, and flush it."""
        if self.file is None:
            for piece in self.pieces:
                target.write(piece)
        else:
            self.file.seek(0)
            while piece := self.file.read(1 << 20):
                target.write(piece)
        target.flush()

    def close(self) -> None:
        if self.file is not None:
            self.file.close()
        self.pieces = []
        super().close()
