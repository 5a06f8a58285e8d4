"""The front page and the manual stay true: every code block runs and shows what it prints
(tests/docblocks.py has the convention), the codes and links the pages name exist, and CI runs
the test command the front page gives."""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

import pytest
from docblocks import ROOT, RUN, Session, blocks, generated, matches, pages

import catchup_notation as cn

#: Every block that must not run, by page and the reason its marker gives: adding one means
#: adding it here.
NOT_RUN = {
    ("README.md", "installs the package into a new environment; CI runs the same commands"),
    ("README.md", "the CI command itself (.ci/run)"),
    ("docs/getting-started.md", "installs from PyPI and from a clone; CI installs the same package"),
    ("docs/core.md", "builds the core again with the sanitizers (minutes)"),
    ("docs/architecture.md", "the contracts' check itself, which tests/test_architecture.py runs"),
    ("docs/contributing.md", "the README's test command, which CI runs"),
}


@pytest.mark.parametrize("page", [p for p in pages() if any(b.language in RUN for b in blocks(p))])
def test_every_block_of_the_page_runs_and_shows_what_it_prints(page, tmp_path):
    session = Session.start(tmp_path)
    for block in blocks(page):
        if block.not_run is None:
            session.run(block)
    assert not session.failures, "\n\n".join(session.failures)


def test_the_blocks_that_do_not_run_are_these():
    marked = {(b.path, b.not_run) for p in pages() for b in blocks(p) if b.not_run is not None}
    print(f"{len(marked)} blocks do not run:", *sorted(marked), sep="\n  ")
    assert marked == NOT_RUN


def test_output_matching():
    assert matches("a\n...\nd", "a\nb\nc\nd\n")
    assert matches("a ... d", "a b c d")
    assert matches("a\n...\nb", "a\nb")
    assert not matches("a\nb", "a\nc")
    assert not matches("", "something")
    assert not matches("a", "a\nb")


def test_readme_gives_the_command_ci_runs():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    commands = [b.text.strip() for b in blocks("README.md") if b.not_run and "CI command" in b.not_run]
    assert len(commands) == 1 and commands[0] in ci.split("\n"), (commands, readme[:200])


def test_one_address_everywhere():
    """The repository's address is written once (pyproject.toml) and every page and message that
    names the project's home, issues, changelog or manual uses it."""
    urls = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["urls"]
    home, manual = urls["Homepage"], urls["Documentation"]
    raw = home.replace("https://github.com/", "https://raw.githubusercontent.com/")  # pictures on PyPI
    assert urls["Issues"].startswith(home) and urls["Changelog"].startswith(home)
    texts = {page: (ROOT / page).read_text(encoding="utf-8") for page in pages()}
    texts["catchup_notation/cli/output.py"] = (ROOT / "catchup_notation/cli/output.py").read_text(encoding="utf-8")
    found = {
        (page, url)
        for page, text in texts.items()
        for url in re.findall(r"https?://[^\s)\"'>`]*catchup-notation[^\s)\"'>`]*", text)
    }
    assert found, "no page names the project's address"
    assert not {(page, url) for page, url in found if not url.startswith((home, manual, raw))}
    assert any(page.endswith("output.py") and url.startswith(urls["Issues"]) for page, url in found)


def test_links_between_pages_lead_somewhere():
    """Every relative link and picture of a page names a file that exists; the front page's links
    into the manual name pages it has."""
    manual = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["urls"]["Documentation"]
    missing = []
    for page in pages():
        text = (ROOT / page).read_text(encoding="utf-8")
        for target in re.findall(r"\]\(((?!https?:|#|mailto:)[^)\s]+)\)", text):
            path = target.split("#")[0]
            if path and not (ROOT / page).parent.joinpath(path).exists():
                missing.append((page, target))
        for target in re.findall(re.escape(manual) + r"([^)\s#]*)", text):
            source = ROOT / "docs" / (re.sub(r"\.html$", ".md", target) or "index.md")
            page_of = str(source.relative_to(ROOT))
            if target and not source.exists() and not generated(page_of):
                missing.append((page, manual + target))
    assert not missing


def test_every_public_name_is_in_the_api_reference():
    documented = set()
    for page in (ROOT / "docs" / "api").glob("*.md"):
        text = page.read_text(encoding="utf-8")
        documented |= set(re.findall(r"^\.\. auto\w+:: ([\w.]+)$", text, re.M))
        for module, members in re.findall(r"^\.\. automodule:: ([\w.]+)\n +:members: ([^\n]+)", text, re.M):
            documented |= {f"{module}.{m.strip()}" for m in members.split(",")}
    short = {name.rsplit(".", 1)[-1] for name in documented}
    missing = [name for name in cn.__all__ if name not in short and name != "formats"]
    assert not missing


def test_every_field_of_a_documented_class_is_described():
    """attrs classes in the API reference say what each public field holds (`#:` comments, which
    the reference shows), in the class that declares it: a field a class inherits is described in
    its base, which the reference documents too."""
    import attrs
    from sphinx.pycode import ModuleAnalyzer

    undescribed: list[str] = []
    documented: set[type] = set()
    inherited_from: set[type] = set()
    for page in (ROOT / "docs" / "api").glob("*.md"):
        for target in re.findall(r"^\.\. autoclass:: ([\w.]+)$", page.read_text(encoding="utf-8"), re.M):
            module_name, _, name = target.rpartition(".")
            cls = getattr(__import__(module_name, fromlist=[name]), name)
            if not attrs.has(cls):
                continue
            documented.add(cls)
            for field in attrs.fields(cls):
                if field.name.startswith("_"):
                    continue
                owner = next(base for base in cls.__mro__ if field.name in getattr(base, "__annotations__", {}))
                docs = ModuleAnalyzer.for_module(owner.__module__).find_attr_docs()
                if (owner.__qualname__, field.name) not in docs:
                    undescribed.append(f"{owner.__module__}.{owner.__qualname__}.{field.name}")
                elif owner is not cls:
                    inherited_from.add(owner)
    assert not undescribed
    assert inherited_from <= documented  # the base that describes an inherited field is in the reference


def test_the_docs_extension_finds_every_code_the_formats_give():
    """The format pages list the codes the library's source makes (docs/_ext/catchup_docs/codes.py);
    here every bundled, quirk and fuzz-corpus record is read in its format and written in every
    other, and each warning and error code seen must be on that format's list."""
    sys.path.insert(0, str(ROOT / "docs" / "_ext"))
    from catchup_docs.codes import Code, format_codes, shared_codes

    from catchup_notation import formats
    from catchup_notation.errors import RULE_CODES, WriteError

    listed = {name: format_codes(name) | shared_codes() for name in formats.names()}
    unlisted = set()
    files = [p for d in ("examples", "tests/quirks", "tests/fuzz/corpus") for p in (ROOT / d).rglob("*") if p.is_file()]
    for path in files:
        for game in cn.read(str(path), corrections="diagram" if "slip" in path.name else None):
            fmt = game.format or "?"
            for warning in game.warnings:
                if Code(warning.code, "warning") not in listed.get(fmt, set()):
                    unlisted.add((fmt, warning.code, "warning", path.name))
            for error in game.errors:
                if error.code in RULE_CODES:
                    continue
                if Code(error.code, "error") not in listed.get(fmt, set()) | shared_codes():
                    unlisted.add((fmt, error.code, "error", path.name))
            if not game.readable:
                continue
            for target in formats.names():
                try:
                    for warning in formats.write_text([game.record], target)[1]:
                        if Code(warning.code, "warning") not in listed[target]:
                            unlisted.add((target, warning.code, "warning", path.name))
                except WriteError as exc:
                    if Code(exc.code, "write-error") not in listed[target]:
                        unlisted.add((target, exc.code, "write-error", path.name))
    assert len(files) > 50
    assert not unlisted


def test_every_format_page_shows_a_minimal_example_the_library_reads():
    minimal = ROOT / "examples" / "minimal"
    for name in cn.formats.names():
        page = (ROOT / "docs" / "formats" / f"{name}.md").read_text(encoding="utf-8")
        shown = set(re.findall(r"examples/minimal/([\w-]+\.\w+)", page))
        assert shown, f"docs/formats/{name}.md shows no file of examples/minimal"
        for file in shown:
            games = list(cn.read(str(minimal / file)))
            assert games and all(g.readable and g.format == name for g in games), file


def test_the_notebook_is_committed_without_outputs():
    import nbformat

    notebook = nbformat.read(ROOT / "docs" / "notebook" / "tutorial.ipynb", as_version=4)
    assert all(not cell.get("outputs") for cell in notebook.cells if cell.cell_type == "code")


def test_changelog_has_this_version():
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"## {cn.__version__}" in changelog


def test_the_viewer_screenshots_are_there():
    for name in ("viewer-game.png", "viewer-report.png"):
        assert (ROOT / "docs" / "images" / name).stat().st_size > 10_000, name


def test_no_page_speaks_of_how_it_was_built():
    words = re.compile(r"(?i:\bissue \d+|\bcommit\b|\b[0-9a-f]{7,40}\b(?<!\d{7})|tried and dropped)|\bH2\dN?\b")
    texts = {page: (ROOT / page).read_text(encoding="utf-8") for page in pages()}
    sys.path.insert(0, str(ROOT / "docs" / "_ext"))
    from catchup_docs.cli_page import cli_page

    texts["docs/cli.md (every --help)"] = cli_page()
    found = [(page, m.group(0)) for page, text in texts.items() for m in words.finditer(text)]
    assert not found


def test_the_variants_speak_to_readers():
    """The registry's texts appear on the variant pages (and in `catchup variants`): sources are
    cited as a reader can find them, never by the project's own notes."""
    from catchup_notation.rules.registry import specs

    internal = re.compile(r"(?i)\bseed \d{3}\b|\br\.g\.c\b|\b(?:RULES|FORMATS|CRAFT)\.md\b")
    found = []
    for spec in specs():
        texts = [spec.title, spec.description, spec.confidence, *spec.sources]
        texts += [parameter.description for parameter in spec.parameters]
        found += [(spec.name, m.group(0)) for text in texts for m in internal.finditer(text or "")]
    assert not found


def test_pages_exist_for_what_others_write():
    """The pages other parts of the project own are in the manual's navigation."""
    index = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    for page in ("limits", "reports", "core", "core-numbers"):
        assert re.search(rf"^{page}$", index, re.M), page
        assert Path(ROOT / "docs" / f"{page}.md").exists()
    assert "rga-posts.md" in (ROOT / "docs" / "formats" / "rga.md").read_text(encoding="utf-8")
