"""The built wheel carries the grammars and variant data and works in a fresh environment; the source
distribution carries everything the tests and the manual read."""

import subprocess
import sys
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def build(kind: str, out: Path) -> Path:
    """Build the package's wheel or sdist (`kind`) into `out`; the file built."""
    subprocess.run(
        [sys.executable, "-m", "build", f"--{kind}", "--no-isolation", "--outdir", str(out), str(ROOT)],
        check=True,
        capture_output=True,
        text=True,
    )
    (built,) = out.glob("catchup_notation-*.whl" if kind == "wheel" else "catchup_notation-*.tar.gz")
    return built


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    return build("wheel", tmp_path_factory.mktemp("dist"))


@pytest.mark.slow
def test_wheel_contains_the_data_files(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    for toml in (ROOT / "variants").glob("*.toml"):
        assert f"catchup_notation/variants/{toml.name}" in names
    for grammar in (ROOT / "grammars").glob("*.lark"):
        assert f"catchup_notation/grammars/{grammar.name}" in names
    for asset in (ROOT / "catchup_notation" / "render" / "viewer").iterdir():  # the HTML viewer's script and styles
        assert f"catchup_notation/render/viewer/{asset.name}" in names
    assert any(name.endswith("entry_points.txt") for name in names)
    for extension in ("_hexcore", "_numcore"):  # the compiled core (this machine has a C compiler)
        assert any(name.startswith(f"catchup_notation/{extension}.") and name.endswith(".so") for name in names)


@pytest.mark.slow
def test_wheel_works_in_a_fresh_environment(wheel, tmp_path):
    env_dir = tmp_path / "venv"
    # The dependencies come from this interpreter's site-packages; the package itself only from the wheel.
    venv.create(env_dir, with_pip=True, system_site_packages=True)
    python = env_dir / "bin" / "python"
    subprocess.run([python, "-m", "pip", "install", "--no-deps", "--no-index", "-q", str(wheel)], check=True)
    probe = (
        "import catchup_notation, catchup_notation.resources as r, catchup_notation.rules.registry as reg\n"
        "print(catchup_notation.__file__)\n"
        "print(r.data_dir('variants'))\n"
        "print(r.data_dir('grammars'))\n"
        "print(len(reg.specs()))\n"
        "from catchup_notation.render.html import game_page\n"
        "print('viewer' if 'catchup-notation viewer' in game_page(catchup_notation.Game(catchup_notation.Record("
        "'catchup', (catchup_notation.Turn(1, ((0, 0),)),)))) else 'no viewer')\n"
    )
    out = subprocess.run([python, "-c", probe], check=True, capture_output=True, text=True, cwd=tmp_path).stdout.split(
        "\n"
    )
    assert out[0].startswith(str(env_dir))
    assert out[1].startswith(str(env_dir)) and out[2].startswith(str(env_dir))
    assert int(out[3]) == len(list((ROOT / "variants").glob("*.toml")))
    assert out[4] == "viewer"  # the page's script and styles are read from the installed package


@pytest.mark.slow
def test_the_source_distribution_carries_what_the_tests_and_the_manual_read(tmp_path):
    with tarfile.open(build("sdist", tmp_path)) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    assert not [name for name in names if "__pycache__" in name or name.endswith((".so", ".pyc"))]
    expected = []
    for folder in ("docs", "tests", "examples", "grammars", "variants", "catchup_notation/_core"):
        for path in (ROOT / folder).rglob("*"):
            parts = path.relative_to(ROOT).parts
            if path.is_file() and "__pycache__" not in parts and "_generated" not in parts and path.suffix != ".pyc":
                expected.append("/".join(parts))
    assert "docs/index.md" in expected and "catchup_notation/_core/numsubsets.c" in expected
    assert [name for name in expected if name not in names] == []
