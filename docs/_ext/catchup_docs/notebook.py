"""The notebook tutorial, run from its first cell to its last (any error fails the build) and
turned into a page of the manual with what each cell showed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from catchup_docs.project import REPOSITORY

INTRO = f"""\
This page is the notebook [`docs/notebook/tutorial.ipynb`]({REPOSITORY}/blob/main/docs/notebook/tutorial.ipynb),
with what each cell shows when it is run from the first to the last. To run it yourself, start
Jupyter in a clone of the repository (the notebook reads the bundled `examples/`):

    pip install catchup-notation jupyterlab
    jupyter lab docs/notebook/tutorial.ipynb

"""


def run(path: Path) -> Any:
    """The notebook at `path`, executed in the repository's top folder (where `examples/` is)."""
    import logging
    import subprocess

    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    root = path.resolve().parents[2]
    quiet = logging.getLogger("catchup_docs.notebook")
    quiet.setLevel(logging.WARNING)
    client = NotebookClient(
        notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(root)}}, log=quiet
    )
    client.execute(stderr=subprocess.DEVNULL)  # the kernel's own start-up chatter
    return notebook


def notebook_page(path: Path) -> str:
    """The executed notebook as a MyST page."""
    notebook = run(path)
    parts: list[str] = []
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            parts.append(cell.source.strip() + "\n")
            if not parts[1:]:  # after the title
                parts.append(INTRO)
        elif cell.cell_type == "code":
            parts.append("```python\n" + cell.source.strip() + "\n```\n")
            parts += [_output(output) for output in cell.outputs]
    return "\n".join(part for part in parts if part)


def _output(output: Any) -> str:
    if output.output_type == "stream":
        return _text(output.text)
    data = output.get("data", {})
    for kind in ("image/svg+xml", "text/html"):
        if kind in data:
            return '```{raw} html\n<div class="notebook-output">' + str(data[kind]).strip() + "</div>\n```\n"
    return _text(str(data.get("text/plain", "")))


def _text(text: str) -> str:
    return "```text\n" + text.rstrip("\n") + "\n```\n" if text.strip() else ""
