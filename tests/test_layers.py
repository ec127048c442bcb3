"""The code's shape: no import cycles among the project's modules (imports inside functions count too, since a
late import only hides a cycle), and the engine knows nothing of Discord, SQLite or the network."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _type_only(tree: ast.AST) -> set[int]:
    """The ids of the import nodes under ``if TYPE_CHECKING:`` (never run)."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            out.update(id(n) for n in ast.walk(node))
    return out


def _imports() -> dict[str, set[str]]:
    files = {}
    for package in ("bot", "engine"):
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            files[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph: dict[str, set[str]] = {}
    for module, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = _type_only(tree)
        found: set[str] = set()
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                # "from pkg import module" needs that module; "from module import name" needs the module
                subs = {f"{node.module}.{a.name}" for a in node.names} & files.keys()
                found |= subs or {node.module}
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
        graph[module] = {d for d in found if d in files and d != module and not module.startswith(d + ".")}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for dep in sorted(graph[node]):
            if state.get(dep) == 1:
                return path[path.index(dep):] + [dep]
            if dep not in state and (found := visit(dep)):
                return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_no_import_cycles_among_the_projects_modules() -> None:
    graph = _imports()
    assert {"bot.terminal.cli", "bot.runner", "bot.terminal.resolve_cli", "engine.resolve.core"} <= set(graph)
    assert _cycle(graph) is None, " → ".join(_cycle(graph) or [])


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_the_engine_knows_nothing_of_discord_sqlite_or_the_network() -> None:
    for path in (ROOT / "engine").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        names |= {n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        assert not names & {"discord", "aiosqlite", "sqlite3", "aiohttp", "bot"}, path
