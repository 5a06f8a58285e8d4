"""Writing files safely: a reader sees the old file or the new one, never half of one.

The text goes to a temporary file beside the target (`.NAME.catchup-PID.XXXX.tmp`), which is then
renamed over it. No process can clean up after `kill -9`: the next write to the same target removes
the temporary files of processes that are gone. A symlink is
written through (its target is replaced; the link stays). Anything but a regular file (a FIFO, a
device, a directory) is refused: renaming over it would lose what it is. An existing file keeps
its permission bits; a new one gets the usual ones (0666 less the umask). On any failure the
temporary file is removed and the target is untouched. A name ending in .gz, .bz2 or .xz is
written compressed.
"""

from __future__ import annotations

import contextlib
import io
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO, TextIO

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
    return target


@contextlib.contextmanager
def atomic_output(path: str | os.PathLike[str]) -> Iterator[TextIO]:
    """A text stream whose content replaces `path` when the block ends without an exception."""
    target = target_of(path)
    shown = os.fspath(path)
    try:
        mode = stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    _remove_stale(target)
    import tempfile  # only when a file is written (start-up time)

    try:
        handle, temp = tempfile.mkstemp(dir=target.parent, prefix=_prefix(target) + f"{os.getpid()}.", suffix=".tmp")
    except OSError as exc:
        raise OutputError(f"cannot write {shown}: {exc.strerror or exc}", path=shown) from None
    try:
        with os.fdopen(handle, "wb") as raw:
            with _text(raw, target.name) as out:
                yield out
            raw.flush()
            os.fchmod(raw.fileno(), mode)
            os.fsync(raw.fileno())
        os.replace(temp, target)
    except BaseException as exc:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)
        if isinstance(exc, OSError):
            raise OutputError(f"cannot write {shown}: {exc.strerror or exc}", path=shown) from None
        raise


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
    return f".{target.name}.catchup-"


def _remove_stale(target: Path) -> None:
    """Remove the temporary files that runs killed outright (kill -9, a power cut) left beside
    `target`: they carry the writing process's id, and only those of processes gone are removed."""
    prefix = _prefix(target)
    with contextlib.suppress(OSError):
        for leftover in target.parent.glob(prefix + "*.tmp"):
            pid = leftover.name[len(prefix) :].split(".", 1)[0]
            if pid.isdigit() and not _alive(int(pid)):
                with contextlib.suppress(OSError):
                    leftover.unlink()


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
