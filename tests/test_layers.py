"""The layers stay apart: the engine knows nothing of pictures, Discord or storage, and the pictures know
nothing of Discord or storage. Checked on the real import graph (the AST of every module), so a forbidden
import anywhere in a file — inside a function, under ``if TYPE_CHECKING:``, through ``importlib`` — fails.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

REQUIRED_PACKAGES = ("engine", "images", "bot")

FORBIDDEN = {
    "engine": frozenset({"discord", "PIL", "aiosqlite", "asyncpg", "images", "bot", "sqlite3"}),
    "images": frozenset({"discord", "aiosqlite", "asyncpg", "bot", "sqlite3"}),
}

# Discord stays in the Discord glue (bot/app): the core, the store, the texts, the console and the workers
# know nothing of it. Each database's driver stays in its store (bot/store/sqlite/, bot/store/postgres/):
# nothing above the store's protocol knows which database it talks to.
DISCORD_GLUE = "bot/app/"
DRIVERS = {
    "bot/store/sqlite/": frozenset({"sqlite3", "aiosqlite"}),
    "bot/store/postgres/": frozenset({"asyncpg"}),
}

_DYNAMIC_IMPORTERS = frozenset({"import_module", "__import__"})


def imported_top_level_names(source: str, package: str, filename: str = "<string>") -> set[str]:
    """Every top-level module name that ``source`` (a module of ``package``) imports, anywhere in the file.

    ``import a.b`` and ``from a.b import c`` give ``a``; a relative import gives ``package`` itself;
    ``importlib.import_module("a.b")`` and ``__import__("a")`` with a literal name give ``a``.
    """
    names: set[str] = set()
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Import):
            names.update(alias.name.partition(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                names.add(package)
            elif node.module:
                names.add(node.module.partition(".")[0])
        elif isinstance(node, ast.Call) and _called_name(node.func) in _DYNAMIC_IMPORTERS:
            first = node.args[0] if node.args else None
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                names.add(first.value.partition(".")[0])
    return names


def _called_name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def package_imports(package: str) -> dict[str, set[str]]:
    """Map each module file of ``package`` (path relative to the repository) to the names it imports."""
    package_dir = ROOT / package
    return {
        path.relative_to(ROOT).as_posix(): imported_top_level_names(
            path.read_text(encoding="utf-8"), package, str(path)
        )
        for path in sorted(package_dir.rglob("*.py"))
        if "__pycache__" not in path.parts
    }


def forbidden_imports(imports: dict[str, set[str]], forbidden: frozenset[str]) -> dict[str, list[str]]:
    """The offending files with the forbidden names each one imports."""
    return {path: sorted(names & forbidden) for path, names in imports.items() if names & forbidden}


# --- the collector itself: it must see what it is meant to see ---------------------------------------


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        pytest.param("import discord", {"discord"}, id="plain-import"),
        pytest.param("import discord.ext.commands as commands", {"discord"}, id="dotted-import"),
        pytest.param("import os, PIL.Image", {"os", "PIL"}, id="several-names"),
        pytest.param("from PIL import Image", {"PIL"}, id="from-import"),
        pytest.param("from aiosqlite.core import Connection", {"aiosqlite"}, id="dotted-from-import"),
        pytest.param("def f():\n    import sqlite3\n    return sqlite3", {"sqlite3"}, id="inside-function"),
        pytest.param(
            "class C:\n    def m(self):\n        from bot import service\n",
            {"bot"},
            id="inside-method",
        ),
        pytest.param(
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from images.render import render\n",
            {"typing", "images"},
            id="type-checking-block",
        ),
        pytest.param("try:\n    import discord\nexcept ImportError:\n    pass", {"discord"}, id="try-import"),
        pytest.param("from . import variants", {"engine"}, id="relative-import"),
        pytest.param("from ..errors import RulesError", {"engine"}, id="parent-relative-import"),
        pytest.param(
            "import importlib\nimportlib.import_module('PIL.Image')", {"importlib", "PIL"}, id="importlib"
        ),
        pytest.param("__import__('discord')", {"discord"}, id="dunder-import"),
        pytest.param("x = 'import discord'  # import discord", set(), id="strings-and-comments-are-ignored"),
    ],
)
def test_collector_finds_every_import(source: str, expected: set[str]) -> None:
    assert imported_top_level_names(source, "engine") == expected


def test_a_forbidden_import_in_a_synthetic_module_is_reported() -> None:
    source = "from __future__ import annotations\n\ndef draw():\n    from PIL import Image\n    return Image"
    imports = {"engine/fake.py": imported_top_level_names(source, "engine")}

    assert forbidden_imports(imports, FORBIDDEN["engine"]) == {"engine/fake.py": ["PIL"]}


def test_a_clean_synthetic_module_is_not_reported() -> None:
    source = "from engine import Position\nimport PIL"
    imports = {"images/fake.py": imported_top_level_names(source, "images")}

    assert forbidden_imports(imports, FORBIDDEN["images"]) == {}


# --- the real packages -------------------------------------------------------------------------------


@pytest.mark.parametrize("package", REQUIRED_PACKAGES)
def test_package_exists(package: str) -> None:
    assert (ROOT / package / "__init__.py").is_file(), f"{package}/__init__.py is missing"


@pytest.mark.parametrize("package", REQUIRED_PACKAGES)
def test_collector_reads_every_package(package: str) -> None:
    assert len(package_imports(package)) > 0, f"no modules found under {package}/"


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_package_imports_nothing_from_the_layers_above(package: str) -> None:
    offenders = forbidden_imports(package_imports(package), FORBIDDEN[package])

    assert offenders == {}, f"{package}/ must not import {sorted(FORBIDDEN[package])}"


def test_only_the_discord_glue_imports_discord() -> None:
    imports = {
        path: names for path, names in package_imports("bot").items() if not path.startswith(DISCORD_GLUE)
    }

    assert len(imports) > 10
    assert forbidden_imports(imports, frozenset({"discord"})) == {}


@pytest.mark.parametrize("store", sorted(DRIVERS))
def test_only_each_store_speaks_to_its_database(store: str) -> None:
    imports = {path: names for path, names in package_imports("bot").items() if not path.startswith(store)}

    assert forbidden_imports(imports, DRIVERS[store]) == {}


@pytest.mark.parametrize("store", ["bot.store.sqlite", "bot.store.postgres"])
def test_nothing_above_the_store_imports_one_of_its_databases(store: str) -> None:
    graph = module_graph()
    users = sorted(m for m, deps in graph.items() if store in deps and not m.startswith("bot.store"))

    assert users == []


# --- import cycles -----------------------------------------------------------------------------------


def module_graph() -> dict[str, set[str]]:
    """First-party module -> the first-party modules it imports anywhere (``from a import b`` counts as
    ``a.b`` when that is a module, else ``a``)."""
    files = {
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"): path
        for package in REQUIRED_PACKAGES
        for path in (ROOT / package).rglob("*.py")
        if "__pycache__" not in path.parts
    }
    graph: dict[str, set[str]] = {}
    for module, path in files.items():
        deps: set[str] = set()
        is_package = path.name == "__init__.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                deps.update(a.name for a in node.names if a.name in files)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = module.split(".")[
                        : len(module.split(".")) - node.level + (1 if is_package else 0)
                    ]
                    base = ".".join([*parts, base] if base else parts)
                for alias in node.names:
                    full = f"{base}.{alias.name}"
                    deps.add(full if full in files else base)
        graph[module] = {d for d in deps if d in files and d != module}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_imports_itself_through_others() -> None:
    graph = module_graph()

    assert len(graph) > 50
    assert cycles(graph) == []
