"""The layers import downward only, and no module imports itself back through others.

Read from the source (every import, also those inside functions): ``surface`` (what the table and
the devices exchange: frames, LED states, events, the panel's fonts, the pad screen's records)
imports nothing of ours; ``engine`` nothing but itself; a game only the engine; ``table`` the
engine and ``surface``; ``hw`` only ``surface``; ``store`` of the engine only its bilingual text
and the snapshot records' format (``engine.i18n``, ``engine.snapshot``: never a game, never the
rules: what it needs of the games is handed in, see ``store.rules``); ``web`` the engine, the
surface, the table and the store (imports for type checkers only, under ``TYPE_CHECKING``, run
nothing, so they do not count here). No circle between any two modules of ``companion/``, imports
for type checkers counted: a module that names another's class in a hint depends on it as much
(a package's ``__init__`` counts as run by whoever imports a module inside it). Where a lower
module needs a type of an upper one, it names a Protocol of its own (``table.base.Host``).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "companion"

# package -> the packages (or single modules, "package.module") of ours it may import, besides
# itself and the package root's version
ALLOWED = {
    "surface": set(),
    "engine": set(),
    "games": {"engine"},
    "table": {"engine", "surface"},
    "hw": {"surface"},
    # the store: bilingual text, and the snapshot records' format (neither runs a rule or a game)
    "store": {"engine.i18n", "engine.snapshot"},
    # the web table: views of the table's state for phones and the board, the store's reports
    "web": {"engine", "surface", "table", "store"},
}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, typing: bool = False) -> set[str]:
    """Every module of ours ``path`` imports (``from x import y`` counts y when it is a module);
    ``typing``: also those imported for type checkers only (under ``if TYPE_CHECKING:``)."""
    name = module_name(path)
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for block in ast.walk(tree):  # names for type checkers only are no import at run time
        if not typing and isinstance(block, ast.If) and "TYPE_CHECKING" in ast.unparse(block.test):
            block.body = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            target = ".".join(base + ([node.module] if node.module else []))
            if not target.startswith("companion"):
                continue
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                where = ROOT.parent / sub.replace(".", "/")
                found.add(sub if where.with_suffix(".py").exists() or (where / "__init__.py").exists() else target)
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name.startswith("companion")}
    return found


def graph(typing: bool = False) -> dict[str, set[str]]:
    """Module -> the modules of ours it names in an import (``typing``: type checkers' too)."""
    return {module_name(path): imports(path, typing) - {module_name(path)} for path in ROOT.rglob("*.py")}


def run_graph(edges: dict[str, set[str]]) -> dict[str, set[str]]:
    """Module -> what importing it runs of ours: what it imports, and the ``__init__`` of every
    package on the way (``from .steps import round`` runs ``steps/__init__.py`` first), except the
    packages the module itself is inside (those have run before it)."""
    ran = {}
    for name, targets in edges.items():
        inside = {".".join(name.split(".")[:n]) for n in range(1, name.count(".") + 2)}
        passed = {".".join(t.split(".")[:n]) for t in targets for n in range(2, t.count(".") + 1)}
        ran[name] = (targets | passed) - inside
    return ran


def package(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def wrong_imports(edges: dict[str, set[str]]) -> list[str]:
    """Every import of a layer that reaches above it (or sideways), as "module imports target"."""
    wrong = []
    for module, targets in edges.items():
        allowed = ALLOWED.get(package(module))
        if allowed is None:
            continue
        for target in targets:
            inside = target.removeprefix("companion.")
            if package(target) in allowed | {package(module), ""}:
                continue
            if any(inside == single or inside.startswith(single + ".") for single in allowed):
                continue
            wrong.append(f"{module} imports {target}")
    return sorted(wrong)


def test_each_layer_imports_only_the_layers_below_it():
    wrong = wrong_imports(graph())
    assert not wrong, "\n".join(wrong)


def test_no_module_imports_itself_back_through_others():
    """Imports for type checkers counted: ``table.flow`` naming ``table.table.Table`` in a hint
    while ``table.table`` imports ``flow`` is a circle too."""
    found = circles(run_graph(graph(typing=True)))
    assert not found, "\n".join(" <-> ".join(c) for c in found)


def test_the_check_counts_imports_for_type_checkers(tmp_path, monkeypatch):
    """Not vacuous: an import under ``if TYPE_CHECKING:`` is an edge of the circle check (and only
    of it: it runs nothing, so the layers' check leaves it out)."""
    package = tmp_path / "companion" / "table"
    package.mkdir(parents=True)
    (tmp_path / "companion" / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    (package / "table.py").write_text("from . import flow\n")
    (package / "flow.py").write_text(
        "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from .table import Table\n"
    )
    monkeypatch.setitem(globals(), "ROOT", tmp_path / "companion")
    assert imports(package / "flow.py") == set()
    assert imports(package / "flow.py", typing=True) == {"companion.table.table"}
    assert circles(run_graph(graph(typing=True))) == [["companion.table.flow", "companion.table.table"]]
    assert circles(run_graph(graph())) == []


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every import circle (its modules, sorted)."""
    modules = set(edges)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:  # Tarjan's strongly connected components
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for target in edges[module] & modules:
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in on_stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(modules):
        if module not in index:
            visit(module)
    return found


def test_the_check_sees_a_forbidden_import():
    """Not vacuous: a module of hw importing the table is found."""
    edges = {**graph(), "companion.hw.extra": {"companion.table.table"}}
    assert wrong_imports(edges) == ["companion.hw.extra imports companion.table.table"]


def test_the_check_sees_the_store_reach_for_a_game_or_the_rules():
    """Not vacuous: of the engine the store may have its bilingual text, nothing else."""
    edges = {
        **graph(),
        "companion.store.extra": {"companion.games.vaaalbara", "companion.engine.session", "companion.engine.i18n"},
    }
    assert wrong_imports(edges) == [
        "companion.store.extra imports companion.engine.session",
        "companion.store.extra imports companion.games.vaaalbara",
    ]


def test_the_check_sees_the_command_line_and_the_table_import_each_other():
    """Not vacuous: ``run`` taking its helpers from ``cli`` again would be a circle."""
    edges = graph()
    edges["companion.run"] = edges["companion.run"] | {"companion.cli"}
    assert ["companion.cli", "companion.run"] in circles(run_graph(edges))


def test_the_check_sees_a_circle_through_a_packages_init():
    """Not vacuous: a module importing one module of a package runs the package's ``__init__``
    first; if that ``__init__`` imports the module back, it is a circle."""
    edges = {
        **graph(),
        "companion.games.extra": {"companion.games.extra_pkg.part"},
        "companion.games.extra_pkg": {"companion.games.extra"},
        "companion.games.extra_pkg.part": set(),
    }
    assert circles(edges) == []  # the direct imports alone show no circle
    assert ["companion.games.extra", "companion.games.extra_pkg"] in circles(run_graph(edges))
