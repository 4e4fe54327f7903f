"""The package's layers show in its folders, and each imports only the layers before it:
engine, bots, codes, review, bridge, interop, tools. No import cycle, type-only imports included. What
crosses a module has a public name in the module that owns it: no module imports another's
underscore name or reads one off an imported module."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "kaiser_core"
LAYERS = ["errors", "engine", "bots", "codes", "review", "bridge", "interop", "tools"]


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports() -> dict[str, set[str]]:
    """Every module of the package and the package modules it imports, anywhere in its text."""
    graph: dict[str, set[str]] = {}
    modules = {_module_name(p) for p in PACKAGE.rglob("*.py")}
    for path in PACKAGE.rglob("*.py"):
        name = _module_name(path)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = package.split(".")
                if node.level:
                    base = base[:len(base) - node.level + 1]
                    stem = ".".join(base + ([node.module] if node.module else []))
                else:
                    stem = node.module or ""
                if not node.module and stem in modules:
                    targets.add(stem)  # ``from . import x`` runs the package's __init__ first
                for alias in node.names:
                    full = f"{stem}.{alias.name}"
                    targets.add(full if full in modules else stem)
            elif isinstance(node, ast.Import):
                targets |= {a.name for a in node.names}
        graph[name] = {t for t in targets if t in modules and t != name}
    return graph


def _layer(module: str) -> int | None:
    parts = module.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else None


@pytest.mark.host_only
def test_no_import_cycle():
    graph = _imports()
    state: dict[str, int] = {}

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycle = path[path.index(nxt):] + [nxt] if nxt in path else [node, nxt]
                pytest.fail("import cycle: " + " -> ".join(cycle))
            if nxt not in state:
                visit(nxt, path + [nxt])
        state[node] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module, [module])


@pytest.mark.host_only
def test_each_layer_imports_only_the_layers_before_it():
    for module, targets in _imports().items():
        here = _layer(module)
        if here is None:
            continue
        for target in targets - {"kaiser_core"}:  # the package's front door: errors and cards
            there = _layer(target)
            assert there is not None and there <= here, f"{module} imports {target}"


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


@pytest.mark.host_only
def test_no_module_imports_another_modules_private_names():
    found = []
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported: set[str] = set()  # names bound by an import: another module's or its things
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                for alias in node.names:
                    if _private(alias.name):
                        found.append(f"{_module_name(path)}: from {node.module or '.'} import {alias.name}")
                    imported.add(alias.asname or alias.name)
            elif isinstance(node, ast.Import):
                imported |= {(a.asname or a.name).split(".")[0] for a in node.names}
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id in imported and _private(node.attr)):
                found.append(f"{_module_name(path)}: {node.value.id}.{node.attr}")
    assert not found, "private names used across modules:\n" + "\n".join(sorted(found))


THIRD_PARTY_DOORS = {"kaiser_core.interop.openspiel", "kaiser_core.interop.pettingzoo"}


@pytest.mark.host_only
def test_only_the_research_doors_import_beyond_the_standard_library():
    """The wheel the page loads runs on the standard library alone: OpenSpiel, PettingZoo and
    numpy are imported by the two research doors only, and those by nothing of the package."""
    import sys

    for path in PACKAGE.rglob("*.py"):
        module = _module_name(path)
        outside = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                outside |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                outside.add(node.module.split(".")[0])
        outside -= set(sys.stdlib_module_names) | {"kaiser_core", "__future__"}
        if module not in THIRD_PARTY_DOORS:
            assert not outside, f"{module} imports {sorted(outside)}"
    for module, targets in _imports().items():
        assert not targets & THIRD_PARTY_DOORS, f"{module} imports a research door"
