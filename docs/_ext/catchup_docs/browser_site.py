"""The browser page's site (docs/browser.md): Python (Pyodide), the library's pure-Python wheel,
the packages it needs and the page's script, written into the built manual under
`_static/browser/` so that the page asks nothing of any other host.

- Pyodide is the npm registry's `pyodide` package, pinned with its integrity by
  `docs/_browser/package-lock.json` and installed by `npm ci` into a cache beside the build
  (`build/browser-cache/`), again only when the lock changes.
- lark, attrs, cattrs and typing-extensions are the wheels `docs/_browser/requirements.txt` pins
  with their hashes (`pip download --require-hashes`), kept in the same cache.
- The library's wheel is built from its sources without the compiled core (CATCHUP_BUILD_CORE=0),
  in a fresh copy of them, so that nothing left in a build folder slips in; SOURCE_DATE_EPOCH fixes
  its time stamps, so that the same sources make the same file (and it is built again only when
  they change).
- `pyodide/pyodide-lock.json` lists these five wheels alone (file, sha256, what each needs, read
  from its metadata, but typer: `LEFT_OUT`), under Pyodide's own platform facts: Pyodide loads
  them by it, and checks each file's hash.
- `manifest.json`: every file with its size, raw and as gzip sends it, and the digest of the
  library's sources the wheel was made from (the browser tests refuse a stale site).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Iterator
from email.parser import Parser
from pathlib import Path
from typing import Any

from packaging.requirements import Requirement  # packaging: Sphinx's own dependency
from packaging.utils import canonicalize_name

DOCS = Path(__file__).resolve().parents[2]
ROOT = DOCS.parent
SOURCE = DOCS / "_browser"
#: Where the built manual keeps the page's site (Sphinx links a page's scripts from `_static/`).
SITE = "_static/browser"
#: Pyodide's files the page needs: the loader, the interpreter, and the standard library.
RUNTIME = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")
#: The page's own files.
APP = ("app.js", "worker.js", "browser.css")
#: What the wheel is built from (beside setup.py, pyproject.toml, MANIFEST.in, README.md, LICENSE).
PACKAGE_FOLDERS = ("catchup_notation", "grammars", "variants")
PACKAGE_FILES = ("setup.py", "pyproject.toml", "MANIFEST.in", "README.md", "LICENSE")
#: Pyodide's Python, for the markers of the wheels' requirements.
MARKER_ENVIRONMENT = {"sys_platform": "emscripten", "platform_system": "Emscripten", "implementation_name": "cpython"}
#: What the library requires that the page leaves out, and why (the lock file lists the rest).
LEFT_OUT = {"typer": "the command line, which the page does not run"}
#: 1980-01-01, the earliest time a zip file holds: the wheel's time stamps.
EPOCH = "315532800"


class SiteError(Exception):
    """The page's site cannot be made (a tool or a download is missing): the build says why."""


def cache_folder() -> Path:
    return ROOT / "build" / "browser-cache"


def assemble(out: Path, cache: Path | None = None) -> dict[str, Any]:
    """Write the page's site into `out` (`SITE` in the built manual); its manifest."""
    cache = cache or cache_folder()
    runtime = pyodide_package(cache / "npm")
    wheels = [*dependency_wheels(cache / "wheels"), library_wheel(cache / "library")]
    target = out / "pyodide"
    target.mkdir(parents=True, exist_ok=True)
    for name in RUNTIME:
        _copy(runtime / name, target / name)
    for wheel in wheels:
        _copy(wheel, target / wheel.name)
    for stale in target.glob("*.whl"):
        if stale.name not in {wheel.name for wheel in wheels}:
            stale.unlink()
    info = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]
    _write(target / "pyodide-lock.json", json.dumps(lock_file(info, wheels), indent=1, sort_keys=True) + "\n")
    for name in APP:
        _copy(SOURCE / name, out / name)
    pyodide_version = json.loads((runtime / "package.json").read_text(encoding="utf-8"))["version"]
    manifest = {
        "pyodide": pyodide_version,
        "python": info["python"],
        "sources": source_digest(),
        "files": _sizes(out, cache / "sizes.json"),
    }
    _write(out / "manifest.json", json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    return manifest


# ---------------------------------------------------------------------------------------------
# The parts


def pyodide_package(folder: Path) -> Path:
    """Pyodide's npm package, installed by `npm ci` from the pinned lock (again only when the lock
    changed); the folder of its files."""
    lock = SOURCE / "package-lock.json"
    installed = folder / "node_modules" / "pyodide"
    copied = folder / "package-lock.json"
    whole = all((installed / name).exists() for name in (*RUNTIME, "package.json", "pyodide-lock.json"))
    if whole and copied.exists() and copied.read_bytes() == lock.read_bytes():
        return installed
    npm = shutil.which("npm")
    if npm is None:
        raise SiteError(
            "the browser page needs npm (Node.js) to install Pyodide from its pinned lock "
            "(docs/_browser/package-lock.json); install it (Debian: apt-get install npm)"
        )
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copyfile(SOURCE / name, folder / name)
    _run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], cwd=folder, what="npm ci")
    return installed


def dependency_wheels(folder: Path) -> list[Path]:
    """The wheels docs/_browser/requirements.txt pins, checked against their hashes (downloaded
    when one is missing or does not match)."""
    pins = list(_pins())
    found = [_matching(folder, name, version, digest) for name, version, digest in pins]
    if None in found:
        folder.mkdir(parents=True, exist_ok=True)
        _run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:", "--require-hashes",
             "--dest", str(folder), "-r", str(SOURCE / "requirements.txt")],
            cwd=folder,
            what="pip download",
        )  # fmt: skip
        found = [_matching(folder, name, version, digest) for name, version, digest in pins]
    missing = [name for (name, _, _), wheel in zip(pins, found, strict=True) if wheel is None]
    if missing:
        raise SiteError(f"pip download gave no wheel matching the pinned hash of {', '.join(missing)}")
    return [wheel for wheel in found if wheel is not None]


def library_wheel(folder: Path) -> Path:
    """The library's pure-Python wheel, built from a fresh copy of its sources (see the module);
    the one built before when the sources are the same (the build makes the same file of them)."""
    digest = source_digest()
    built = list(folder.glob("catchup_notation-*-py3-none-any.whl"))
    if len(built) == 1 and (folder / "sources.txt").exists() and (folder / "sources.txt").read_text() == digest:
        return built[0]
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    with tempfile.TemporaryDirectory(prefix="catchup-wheel-") as temp:
        tree = Path(temp) / "src"
        tree.mkdir()
        for name in PACKAGE_FILES:
            shutil.copy2(ROOT / name, tree / name)
        for name in PACKAGE_FOLDERS:
            shutil.copytree(ROOT / name, tree / name, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyc"))
        environment = {**os.environ, "CATCHUP_BUILD_CORE": "0", "SOURCE_DATE_EPOCH": EPOCH}
        _run(
            [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "--wheel-dir",
             str(folder), str(tree)],
            cwd=Path(temp),
            what="building the pure-Python wheel",
            env=environment,
        )  # fmt: skip
    (wheel,) = folder.glob("catchup_notation-*-py3-none-any.whl")
    (folder / "sources.txt").write_text(digest)
    return wheel


def lock_file(info: dict[str, Any], wheels: list[Path]) -> dict[str, Any]:
    """Pyodide's lock file listing `wheels` alone: each one's file, hash, imports and the names
    of the others it needs in Pyodide's Python (`info`: Pyodide's own platform facts)."""
    environment = {**MARKER_ENVIRONMENT, "python_version": ".".join(info["python"].split(".")[:2])}
    environment["python_full_version"] = info["python"]
    metadata = {wheel: _metadata(wheel) for wheel in wheels}
    names = {wheel: canonicalize_name(meta["Name"]) for wheel, meta in metadata.items()}
    packages = {}
    for wheel, meta in metadata.items():
        needs = []
        for line in meta.get_all("Requires-Dist") or []:
            requirement = Requirement(line)
            if requirement.marker is not None and not requirement.marker.evaluate({**environment, "extra": ""}):
                continue
            need = canonicalize_name(requirement.name)
            if need in LEFT_OUT:
                continue
            if need not in names.values():
                raise SiteError(f"{wheel.name} needs {need}, which docs/_browser/requirements.txt does not pin")
            needs.append(need)
        packages[names[wheel]] = {
            "name": names[wheel],
            "version": meta["Version"],
            "file_name": wheel.name,
            "install_dir": "site",
            "package_type": "package",
            "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "imports": _imports(wheel),
            "depends": sorted(needs),
            "unvendored_tests": False,
        }
    return {"info": info, "packages": packages}


def source_digest(root: Path = ROOT) -> str:
    """A digest of the sources the library's wheel is made of (its files' names and bytes)."""
    digest = hashlib.sha256()
    for path in sorted(_source_files(root)):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def _source_files(root: Path) -> Iterator[Path]:
    for name in PACKAGE_FILES:
        yield root / name
    for name in PACKAGE_FOLDERS:
        for path in (root / name).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".so", ".pyc"):
                yield path


# ---------------------------------------------------------------------------------------------
# Helpers


def _pins() -> Iterator[tuple[str, str, str]]:
    """(name, version, sha256) of each line of docs/_browser/requirements.txt."""
    for line in (SOURCE / "requirements.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        spec, _, digest = line.partition(" --hash=sha256:")
        name, _, version = spec.partition("==")
        yield canonicalize_name(name), version.strip(), digest.strip()


def _matching(folder: Path, name: str, version: str, digest: str) -> Path | None:
    for wheel in folder.glob("*.whl"):
        named, given = canonicalize_name(wheel.name.split("-")[0]), wheel.name.split("-")[1]
        if (named, given) == (name, version) and hashlib.sha256(wheel.read_bytes()).hexdigest() == digest:
            return wheel
    return None


def _metadata(wheel: Path) -> Any:
    with zipfile.ZipFile(wheel) as archive:
        (name,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA") and n.count("/") == 1]
        return Parser().parsestr(archive.read(name).decode("utf-8"))


def _imports(wheel: Path) -> list[str]:
    """The top-level modules and packages of a wheel."""
    tops = set()
    with zipfile.ZipFile(wheel) as archive:
        for name in archive.namelist():
            top, _, rest = name.partition("/")
            if top.endswith((".dist-info", ".data")):
                continue
            if rest == "__init__.py" or (not rest and top.endswith(".py")):
                tops.add(top.removesuffix(".py"))
    return sorted(tops)


def _sizes(out: Path, known: Path) -> dict[str, dict[str, int]]:
    """Each file of the site (but the manifest): its bytes, and its bytes as gzip sends them
    (remembered by content in `known`, as compressing 12 MB takes a while)."""
    seen: dict[str, int] = json.loads(known.read_text()) if known.exists() else {}
    sizes, kept = {}, {}
    for path in sorted(out.rglob("*")):
        if not path.is_file() or path.name == "manifest.json":
            continue
        data = path.read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        kept[digest] = seen[digest] if digest in seen else len(gzip.compress(data, compresslevel=6, mtime=0))
        sizes[path.relative_to(out).as_posix()] = {"bytes": len(data), "gzip": kept[digest]}
    known.parent.mkdir(parents=True, exist_ok=True)
    known.write_text(json.dumps(kept, indent=1, sort_keys=True))
    return sizes


def _copy(source: Path, target: Path) -> None:
    if not target.exists() or target.read_bytes() != source.read_bytes():
        shutil.copyfile(source, target)


def _write(target: Path, text: str) -> None:
    if not target.exists() or target.read_text(encoding="utf-8") != text:
        target.write_text(text, encoding="utf-8")


def _run(command: list[str], *, cwd: Path, what: str, env: dict[str, str] | None = None) -> None:
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SiteError(f"{what} failed (exit {done.returncode}): {(done.stderr or done.stdout).strip()[-2000:]}")
