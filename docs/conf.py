"""Sphinx configuration of the catchup-notation manual (see design.md, "The documentation")."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))

import catchup_notation  # noqa: E402

project = "catchup-notation"
author = "the catchup-notation authors"
copyright = "the catchup-notation authors"
release = version = catchup_notation.__version__

extensions = ["myst_parser", "sphinx.ext.autodoc", "catchup_docs"]
source_suffix = {".md": "markdown"}
root_doc = "index"
# Fragments other pages include (never pages of their own) and what the build writes for itself.
exclude_patterns = ["_build", "_ext", "_browser", "formats/rga-posts.md", "variants/*.md", "tutorial/archive"]

myst_enable_extensions = ["colon_fence", "deflist", "fieldlist", "attrs_inline"]
myst_heading_anchors = 3

html_theme = "furo"
html_title = f"catchup-notation {release}"
html_static_path: list[str] = []
html_show_sourcelink = False

# Docstrings are written with `name` for code: show it as code, linked where it names an object.
default_role = "py:obj"
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_typehints_format = "short"
autodoc_class_signature = "mixed"
autodoc_default_options = {"members": True}
add_module_names = False
smartquotes = False  # `--variant` stays two hyphens, in prose and in the CLI reference
# Examples of JSON output shorten long lists with `...`, which the JSON highlighter cannot lex: it
# falls back to plain text for those blocks, which is what they should look like.
suppress_warnings = ["misc.highlighting_failure"]
