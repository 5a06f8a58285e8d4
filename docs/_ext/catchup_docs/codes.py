"""Every warning and error code a format can give, read from the library's source.

The codes are string literals at the places that make a `NotationWarning`, a `NotationError` or a
`WriteError` (or raise an error class that carries its own code, such as `VariantError`), or that
pass a literal to a helper that makes one (`self.warn("shifted-columns", ...)`). A format's codes
are those of every function in its own modules and of every function they call, followed through
the package by name. So the lists in the manual come from the code and cannot fall behind it;
tests/test_docs.py also reads every bundled and test record and checks that each code seen is
listed for its format.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import attrs

PACKAGE = Path(__file__).resolve().parents[3] / "catchup_notation"

#: The modules of each format, as patterns under the package (a notation split into several modules
#: names them all by its prefix); the others it uses are found by following its calls.
FORMAT_MODULES = {
    "lg": "formats/lg/*.py",
    "rga": "formats/rga/*.py",
    "genius": "formats/genius*.py",
    "abstractplay": "formats/abstractplay*.py",
    "numbers": "formats/numbers*.py",
    "json": "formats/json*.py",
}
#: Checks made after reading of what a notation's records state (a post's stated result), outside
#: the format's modules: each module names its code in a module-level `CODE`.
CHECKS = {"rga": (("rules/claims.py", "warning"),)}
#: What every input goes through before and around its format: finding, opening, decompressing,
#: decoding, and the worker processes that read it with `--jobs`.
SHARED_MODULES = (
    "reading/records.py",
    "reading/sources.py",
    "reading/opening.py",
    "reading/detection.py",
    "reading/request.py",
    "reading/fastpath.py",
    "formats/__init__.py",
    "formats/decoding.py",
    "compression.py",
    "batch.py",
)

#: Error classes and the code each carries when none is given.
ERROR_CLASSES = {
    "NotationError": ("error", "syntax"),
    "WriteError": ("write-error", "unwritable"),
    "VariantError": ("error", "variant"),
    "RecordError": ("error", "record"),
    "BoardError": ("error", "board"),
}
#: A code made as f"{feature}-dropped" stands for one of these, one per feature a format lacks.
DROPPED = "{feature}-dropped"


@attrs.frozen(order=True)
class Code:
    """One code: `kind` is "warning", "error" (reading) or "write-error"."""

    code: str
    kind: str


@attrs.define
class _Function:
    module: str
    name: str
    params: list[str]
    node: ast.AST
    #: Parameter name -> the kind of code it is passed on as, once found to carry a code.
    forwards: dict[str, str] = attrs.Factory(dict)
    own: set[Code] = attrs.Factory(set)
    calls: set[tuple[str, str]] = attrs.Factory(set)  # (module, name) of the callees


class _Package:
    """The package's functions, their calls and the codes they make."""

    def __init__(self) -> None:
        self.trees = {
            str(path.relative_to(PACKAGE)): ast.parse(path.read_text(encoding="utf-8"))
            for path in PACKAGE.rglob("*.py")
            if path.name != "errors.py"  # the error classes' own codes are ERROR_CLASSES
        }
        self.constants = self._constants()
        self.functions: dict[tuple[str, str], list[_Function]] = {}
        self.imported: dict[str, dict[str, str]] = {}  # module -> local name -> defining module
        self.bases: dict[str, set[str]] = {}  # module -> the modules its classes' imported bases come from
        for module, tree in self.trees.items():
            self.imported[module] = self._imports(tree)
            self.bases[module] = set()
            for node in ast.walk(tree):
                if isinstance(node, ast.FunctionDef):
                    self._add(module, node.name, node)
                elif isinstance(node, ast.ClassDef):  # calling a class runs its __init__
                    for item in node.body:
                        if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                            self._add(module, node.name, item)
                    names = [base.id for base in node.bases if isinstance(base, ast.Name)]
                    self.bases[module] |= {self.imported[module][n] for n in names if n in self.imported[module]}
        self._find_forwarders()
        for functions in self.functions.values():
            for function in functions:
                self._read_body(function)

    def _add(self, module: str, name: str, node: ast.FunctionDef) -> None:
        params = [a.arg for a in [*node.args.posonlyargs, *node.args.args] if a.arg not in ("self", "cls")]
        params += [a.arg for a in node.args.kwonlyargs]
        self.functions.setdefault((module, name), []).append(_Function(module, name, params, node))

    def _constants(self) -> dict[str, str]:
        found: dict[str, str] = {}
        for tree in self.trees.values():
            for node in tree.body:
                if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
                    for target in node.targets:
                        if isinstance(target, ast.Name) and isinstance(node.value.value, str):
                            found[target.id] = node.value.value
        return found

    @staticmethod
    def _imports(tree: ast.Module) -> dict[str, str]:
        names: dict[str, str] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("catchup_notation"):
                parts = node.module.split(".")[1:]
                base = "/".join(parts)
                target = f"{base}.py" if (PACKAGE / f"{base}.py").exists() else f"{base}/__init__.py"
                for alias in node.names:
                    module = f"{base}/{alias.name}".lstrip("/")
                    is_module = (PACKAGE / f"{module}.py").exists()  # `from pkg import module`
                    names[alias.asname or alias.name] = f"{module}.py" if is_module else target
        return names

    def resolve(self, module: str, call: ast.Call) -> list[_Function]:
        """The functions a call may run: the module's own of that name, else the one it imported."""
        func = call.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
        if name is None:
            return []
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):  # module.function(...)
            owner = self.imported[module].get(func.value.id)
            if owner and (owner, name) in self.functions:
                return self.functions[(owner, name)]
        if (module, name) in self.functions:
            return self.functions[(module, name)]
        origin = self.imported[module].get(name)
        if origin:
            return self.functions.get((origin, name), [])
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self":
            return self._inherited(module, name)
        return []

    def _inherited(self, module: str, name: str) -> list[_Function]:
        """A method `self.name` defined by a base class imported from another module (or its bases)."""
        seen, todo = {module}, list(self.bases[module])
        while todo:
            base = todo.pop()
            if base in seen or base not in self.bases:
                continue
            seen.add(base)
            if (base, name) in self.functions:
                return self.functions[(base, name)]
            todo.extend(self.bases[base])
        return []

    def values(self, node: ast.expr | None, local: dict[str, list[ast.expr]] | None = None) -> Iterator[str]:
        """The code strings an expression can be: literals, module constants, both arms of an if,
        what a local variable was given."""
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.value
        elif isinstance(node, ast.Name) and local and node.id in local:
            for value in local.pop(node.id):  # popped: a variable given itself cannot loop
                yield from self.values(value, local)
        elif isinstance(node, ast.Name) and node.id in self.constants:
            yield self.constants[node.id]
        elif isinstance(node, ast.IfExp):
            yield from self.values(node.body, local)
            yield from self.values(node.orelse, local)
        elif isinstance(node, ast.JoinedStr) and _is_dropped(node):
            yield DROPPED

    def _argument(self, call: ast.Call, params: list[str], name: str) -> ast.expr | None:
        for keyword in call.keywords:
            if keyword.arg == name:
                return keyword.value
        index = params.index(name) if name in params else -1
        positional = [a for a in call.args if not isinstance(a, ast.Starred)]
        return positional[index] if 0 <= index < len(positional) else None

    def _sinks(self, module: str, call: ast.AST) -> Iterator[tuple[str, ast.expr | None, str | None]]:
        """(kind, the expression giving the code, the default code) for each code a call makes; an
        assignment to an error's `code` attribute counts as one."""
        if isinstance(call, ast.Assign):
            for target, value in _pairs(call):
                if isinstance(target, ast.Attribute) and target.attr == "code":
                    yield "error", value, None
            return
        assert isinstance(call, ast.Call)
        func = call.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        if name == "NotationWarning":
            yield "warning", self._argument(call, ["code", "message", "line", "column"], "code"), None
        elif name in ERROR_CLASSES:
            kind, default = ERROR_CLASSES[name]
            yield kind, self._argument(call, ["message"], "code"), default
        else:
            for function in self.resolve(module, call):
                for param, kind in function.forwards.items():
                    yield kind, self._argument(call, function.params, param), None

    def _find_forwarders(self) -> None:
        """Functions that pass a parameter on as a code (`def warn(code, ...)`), to a fixpoint."""
        changed = True
        while changed:
            changed = False
            for functions in self.functions.values():
                for function in functions:
                    for call in _sites(function.node):
                        for kind, expr, _default in self._sinks(function.module, call):
                            if (
                                isinstance(expr, ast.Name)
                                and expr.id in function.params
                                and function.forwards.get(expr.id) != kind
                            ):
                                function.forwards[expr.id] = kind
                                changed = True

    def _read_body(self, function: _Function) -> None:
        node = function.node
        assert isinstance(node, ast.FunctionDef)
        defaults = _defaults(node)
        for param, kind in function.forwards.items():  # a forwarder's default code is one it makes
            function.own.update(Code(value, kind) for value in self.values(defaults.get(param)))
        for site in _sites(node):
            for kind, expr, fallback in self._sinks(function.module, site):
                if expr is None:
                    if fallback is not None:
                        function.own.add(Code(fallback, kind))
                else:
                    function.own.update(Code(value, kind) for value in self.values(expr, _locals(node)))
            if isinstance(site, ast.Call):
                function.calls.update((f.module, f.name) for f in self.resolve(function.module, site))

    def codes_of(self, modules: tuple[str, ...]) -> set[Code]:
        """Every code the functions of these modules make, themselves or through what they call."""
        seen: set[tuple[str, str]] = set()
        todo = [key for key in self.functions if key[0] in modules]
        codes: set[Code] = set()
        while todo:
            key = todo.pop()
            if key in seen:
                continue
            seen.add(key)
            for function in self.functions.get(key, []):
                codes |= function.own
                todo.extend(function.calls)
        return codes


def _named_codes(tree: ast.Module) -> list[str]:
    """The values of a module's top-level `CODE` constants."""
    return [
        node.value.value
        for node in tree.body
        if isinstance(node, ast.Assign)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
        and any(isinstance(t, ast.Name) and t.id.endswith("CODE") for t in node.targets)
    ]


def _sites(node: ast.AST) -> Iterator[ast.Call | ast.Assign]:
    """The calls and assignments of a function, where codes are made."""
    return (child for child in _own_nodes(node) if isinstance(child, ast.Call | ast.Assign))


def _own_nodes(node: ast.AST) -> Iterator[ast.AST]:
    """The nodes of a function's body, not those of the functions defined inside it (each is a
    function of its own, with its own parameters: a nested `warn(code, ...)` must not take the
    outer function's `code` variable)."""
    todo = list(ast.iter_child_nodes(node))
    while todo:
        child = todo.pop()
        yield child
        if not isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
            todo.extend(ast.iter_child_nodes(child))


def _pairs(node: ast.Assign) -> Iterator[tuple[ast.expr, ast.expr]]:
    """Each target of an assignment with the value it gets (`a, b = x, y` pairs them up)."""
    for target in node.targets:
        if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
            yield from zip(target.elts, node.value.elts, strict=False)
        else:
            yield target, node.value


def _locals(node: ast.AST) -> dict[str, list[ast.expr]]:
    """What each local variable of a function is given."""
    found: dict[str, list[ast.expr]] = {}
    for child in _own_nodes(node):
        if isinstance(child, ast.Assign):
            for target, value in _pairs(child):
                if isinstance(target, ast.Name):
                    found.setdefault(target.id, []).append(value)
    return found


def _defaults(node: ast.FunctionDef) -> dict[str, ast.expr]:
    """Each parameter's default value (positional ones take the last defaults)."""
    positional = [*node.args.posonlyargs, *node.args.args]
    found = {arg.arg: value for arg, value in zip(reversed(positional), reversed(node.args.defaults), strict=False)}
    found |= {arg.arg: value for arg, value in zip(node.args.kwonlyargs, node.args.kw_defaults, strict=True) if value}
    return found


def _is_dropped(node: ast.JoinedStr) -> bool:
    last = node.values[-1] if node.values else None
    return isinstance(last, ast.Constant) and last.value == "-dropped"


@cache
def _package() -> _Package:
    return _Package()


def format_codes(name: str) -> set[Code]:
    """The codes format `name` can give, `{feature}-dropped` spelt out for the features it lacks."""
    from catchup_notation.formats import get
    from catchup_notation.formats.base import FEATURES

    modules = tuple(str(path.relative_to(PACKAGE)) for path in sorted(PACKAGE.glob(FORMAT_MODULES[name])))
    codes = _package().codes_of(modules)
    for module, kind in CHECKS.get(name, ()):
        codes |= {Code(value, kind) for value in _named_codes(_package().trees[module])}
    if Code(DROPPED, "warning") in codes:
        codes.discard(Code(DROPPED, "warning"))
        codes |= {Code(f"{feature}-dropped", "warning") for feature in FEATURES if feature not in get(name).carries}
    return codes


def shared_codes() -> set[Code]:
    """The codes of finding, opening and decoding any input, before a format reads it."""
    return _package().codes_of(SHARED_MODULES)
