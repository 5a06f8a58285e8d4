"""Which implementation runs: the compiled core where it is built, the Python reference otherwise."""

import importlib.util
import shutil
import subprocess
import sys
import warnings

import pytest

from catchup_notation import compiled


def test_where_a_c_compiler_is_found_every_extension_is_built():
    # the extensions are optional: a build that failed would pass quietly, and the core's own tests
    # would then skip, so an installation on a machine with a compiler must have them all, current
    compilers = [name for name in ("cc", "gcc", "clang") if shutil.which(name)]
    assert not compilers or all(compiled.built().values()), compiled.built()


def test_the_reference_is_used_when_asked_for(monkeypatch):
    monkeypatch.setenv(compiled.PURE_VARIABLE, "1")
    assert compiled.pure_requested()
    assert compiled.core("_hexcore") is None and compiled.core("_numcore") is None
    assert compiled.implementation().startswith("pure-Python reference")


@pytest.mark.parametrize("value", ["", "0"])
def test_an_empty_or_zero_variable_asks_for_nothing(monkeypatch, value):
    monkeypatch.setenv(compiled.PURE_VARIABLE, value)
    assert not compiled.pure_requested()


@pytest.mark.filterwarnings("ignore::catchup_notation.compiled.CoreNotBuilt")
def test_a_build_of_another_interface_is_not_used(monkeypatch):
    monkeypatch.delenv(compiled.PURE_VARIABLE, raising=False)
    if importlib.util.find_spec("catchup_notation._hexcore") is None:  # built without a C compiler
        assert compiled.core("_hexcore") is None and "not built" in compiled.implementation()
        return
    compiled._extension.cache_clear()
    monkeypatch.setitem(compiled.INTERFACE, "_hexcore", -1)
    try:
        assert compiled.core("_hexcore") is None
        assert not compiled.built()["_hexcore"]
        assert "hexcore" in compiled.implementation()
    finally:
        compiled._extension.cache_clear()


def test_a_missing_core_is_noticed_once(monkeypatch):
    monkeypatch.delenv(compiled.PURE_VARIABLE, raising=False)
    compiled._extension.cache_clear()
    compiled._notice.cache_clear()
    monkeypatch.setitem(compiled.INTERFACE, "_hexcore", -1)  # as if not built
    try:
        with pytest.warns(compiled.CoreNotBuilt, match="pure-Python reference") as caught:
            assert compiled.core("_hexcore") is None
            assert compiled.core("_hexcore") is None
        assert len([w for w in caught if w.category is compiled.CoreNotBuilt]) == 1
        monkeypatch.setenv(compiled.PURE_VARIABLE, "1")  # asked for: no notice
        compiled._notice.cache_clear()
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            assert compiled.core("_hexcore") is None
    finally:
        compiled._extension.cache_clear()
        compiled._notice.cache_clear()


def test_version_says_which_implementation_runs():
    built = "compiled core" if any(compiled.built().values()) else "pure-Python reference"
    for pure, expected in (("1", "pure-Python reference"), ("", built)):
        env = {"PATH": "/usr/bin:/bin", compiled.PURE_VARIABLE: pure}
        out = subprocess.run(
            [sys.executable, "-m", "catchup_notation.cli", "--version"], capture_output=True, text=True, env=env
        )
        assert out.returncode == 0
        assert out.stdout.splitlines()[1].startswith(expected)
