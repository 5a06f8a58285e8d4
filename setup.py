"""Build of catchup-notation: the Python packages, the data folders and the compiled core.

The grammars and the variant data live at the top of the repository (so they are easy to find and
edit) and become the packages `catchup_notation.grammars` and `catchup_notation.variants` of a
wheel. The compiled core is a set of C extensions (sources in `catchup_notation/_core/`) built
with the machine's C compiler; each is optional: where one cannot be built, installing goes on
and the library runs on its pure-Python reference code (`catchup --version` says which).
"""

import os

from setuptools import Extension, find_packages, setup
from setuptools.command.build_ext import build_ext

CORE = "catchup_notation/_core"
#: CATCHUP_BUILD_CORE=0 builds without the compiled core: a pure-Python wheel.
PURE = os.environ.get("CATCHUP_BUILD_CORE") == "0"

# The hex core's sources: the Python interface, replay, rules, group geometry, table, search, the
# scan of Little Golem's plain records for judging them in one pass, and the playing engine's
# tree search (with its Python interface).
HEX_SOURCES = [
    *("hexcore.c", "hexplay.c", "hexrules.c", "hexgeo.c", "hextable.c", "hexsearch.c", "lgplain.c"),
    *("hexmcts.c", "hexmctspy.c"),
]
HEX_HEADERS = [
    *("hexcore.h", "hexbits.h", "hexplay.h", "hexrules.h", "hexgeo.h", "hextable.h", "hexsearch.h", "lgplain.h"),
    "hexmcts.h",
]

# One extension per job, so that each stands alone and one that fails to build leaves the others.
EXTENSIONS = [
    Extension(
        "catchup_notation._hexcore",
        [f"{CORE}/{name}" for name in HEX_SOURCES],
        depends=[f"{CORE}/{name}" for name in HEX_HEADERS],
        optional=True,
    ),
    # the number-set core: the proof search, and the subset table for odd games of small sets
    Extension(
        "catchup_notation._numcore",
        [f"{CORE}/numcore.c", f"{CORE}/numsubsets.c"],
        depends=[f"{CORE}/numsubsets.h"],
        optional=True,
    ),
]


class BuildCore(build_ext):
    """build_ext with the flags the core is written for, where the compiler is gcc or clang."""

    def build_extensions(self) -> None:
        if self.compiler.compiler_type == "unix":
            for extension in self.extensions:
                extension.extra_compile_args = ["-O3", "-std=c11", "-fvisibility=hidden", *extension.extra_compile_args]
        super().build_extensions()


setup(
    packages=[
        *find_packages(include=["catchup_notation", "catchup_notation.*"]),
        "catchup_notation.grammars",
        "catchup_notation.variants",
    ],
    package_dir={"catchup_notation.grammars": "grammars", "catchup_notation.variants": "variants"},
    package_data={
        "catchup_notation": ["py.typed"],
        "catchup_notation.grammars": ["*.lark", "*.json"],
        "catchup_notation.variants": ["*.toml"],
        "catchup_notation.render": ["viewer/*.css", "viewer/*.js"],
    },
    # Without the core (CATCHUP_BUILD_CORE=0) the wheel is pure Python (py3-none-any), without the
    # core's C sources either: the manual's browser page runs it in Pyodide.
    ext_modules=[] if PURE else EXTENSIONS,
    exclude_package_data={"catchup_notation": ["_core/*"]} if PURE else {},
    cmdclass={"build_ext": BuildCore},
)
