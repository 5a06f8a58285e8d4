"""The browser page in the manual (docs/browser.md): its site assembled when the HTML manual is
built (`browser_site`), its script and styles on that page alone, and the table of what it
downloads, written from the files themselves."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

from catchup_docs.browser_site import SITE, SiteError, assemble
from catchup_docs.tables import _Table

#: The page's name in the manual.
PAGE = "browser"
#: The site's manifest, once assembled in this build (None for builders other than HTML).
_manifest: dict[str, Any] | None = None


def build_site(app: Sphinx) -> None:
    global _manifest
    if app.builder.format != "html":
        return
    try:
        _manifest = assemble(Path(app.outdir) / SITE)
    except SiteError as exc:
        raise ExtensionError(f"the browser page's site: {exc}") from None


def page_assets(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    """The page's styles and script, on that page alone."""
    if pagename == PAGE:
        folder = SITE.removeprefix("_static/")  # Sphinx puts them under _static/ itself
        app.add_css_file(f"{folder}/browser.css")
        app.add_js_file(f"{folder}/app.js", loading_method="defer")


def always_read(app: Sphinx, env: Any, added: set[str], changed: set[str], removed: set[str]) -> list[str]:
    """The page's table of sizes follows the files, which change without the page changing."""
    return [PAGE] if PAGE in env.found_docs else []


class BrowserDownload(_Table):
    """What the page downloads the first time: each part's files and sizes, raw and compressed."""

    def markdown(self) -> str:
        if _manifest is None:
            return "The sizes are written here when the HTML manual is built.\n"
        files: dict[str, dict[str, int]] = _manifest["files"]
        python = f"Python {_manifest['python']} (Pyodide {_manifest['pyodide']})"
        parts = {
            f"{python}: the interpreter and its standard library": [
                name for name in files if name.startswith("pyodide/") and not name.endswith((".whl", ".json"))
            ],
            "catchup-notation, pure Python": [name for name in files if name.startswith("pyodide/catchup_notation-")],
            "lark, attrs, cattrs, typing-extensions": [
                name for name in files if name.endswith(".whl") and not name.startswith("pyodide/catchup_notation-")
            ],
            "the page's script, styles and the list of packages": [
                name for name in files if not name.startswith("pyodide/") or name.endswith(".json")
            ],
        }
        rows = ["| part | files | size | compressed |", "|---|---|--:|--:|"]
        for part, names in parts.items():
            size, packed = (sum(files[name][key] for name in names) for key in ("bytes", "gzip"))
            listed = ", ".join(f"`{Path(name).name}`" for name in names)
            rows.append(f"| {part} | {listed} | {_mb(size)} | {_mb(packed)} |")
        size, packed = (sum(sizes[key] for sizes in files.values()) for key in ("bytes", "gzip"))
        rows.append(f"| **all of it** | | **{_mb(size)}** | **{_mb(packed)}** |")
        return "\n".join(rows) + "\n"


def _mb(size: int) -> str:
    return f"{size / 1e6:.2f} MB"


def setup(app: Sphinx) -> None:
    app.connect("builder-inited", build_site)
    app.connect("html-page-context", page_assets)
    app.connect("env-get-outdated", always_read)
    app.add_directive("browser-download", BrowserDownload)
