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


# ----------------------------------------------------------------------------- the direction of imports in bot/

FRONT_ENDS = ("bot.discord", "bot.terminal")
APPLICATION = ("bot.service", "bot.commands", "bot.application", "bot.runner")
FEATURES = ("bot.draw", "bot.rules", "bot.cards", "bot.sources", "bot.store", "bot.render", "bot.answers")
BOTTOM = ("bot.config", "bot.sources", "bot.store")
# The one import from a front end into the other, and why: `drawjudge run` (the terminal's command) starts the
# Discord front end on uvloop when it is installed, and that choice lives with the Discord connections.
ACROSS_FRONT_ENDS = {("bot.terminal.cli", "bot.discord.connections")}


def _in(module: str, packages: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


def test_features_never_import_a_front_end_or_the_application() -> None:
    """draw, rules, cards, the network, the store and the renderers know nothing of who asks: a new front end
    adds itself without changing them."""
    bad = [(m, d) for m, deps in _imports().items() if _in(m, FEATURES) for d in deps
           if _in(d, FRONT_ENDS + APPLICATION)]
    assert not bad, bad


def test_the_front_ends_never_import_each_other() -> None:
    graph = _imports()
    bad = [(m, d) for m, deps in graph.items() for d in deps
           if (_in(m, ("bot.discord",)) and _in(d, ("bot.terminal",)))
           or (_in(m, ("bot.terminal",)) and _in(d, ("bot.discord",)) and (m, d) not in ACROSS_FRONT_ENDS)]
    assert not bad, bad
    assert all(d in graph[m] for m, d in ACROSS_FRONT_ENDS), "an allowed import is gone: drop it from the list"


def test_the_network_and_the_store_are_the_bottom() -> None:
    """The fetchers and the store import nothing of the bot above them (only its configuration)."""
    bad = [(m, d) for m, deps in _imports().items() if _in(m, BOTTOM) for d in deps if not _in(d, BOTTOM)]
    assert not bad, bad


def _libraries() -> dict[str, set[str]]:
    """The outside packages each bot module imports at run time (``TYPE_CHECKING`` imports left out)."""
    out: dict[str, set[str]] = {}
    for path in (ROOT / "bot").rglob("*.py"):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = _type_only(tree)
        names = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) and id(n) not in skip
                 for a in n.names}
        names |= {n.module.split(".")[0] for n in ast.walk(tree)
                  if isinstance(n, ast.ImportFrom) and n.module and n.level == 0 and id(n) not in skip}
        out[module] = names
    return out


def test_each_outside_library_is_spoken_by_its_own_layer() -> None:
    """discord.py only in the Discord front end (and the runner that starts it), SQLite only in the store,
    HTTP only in the fetchers and Discord's connections; the answers and their renderers use none of them,
    so the console and ``ask`` never load discord.py."""
    allowed = {"discord": ("bot.discord", "bot.runner"), "sqlite3": ("bot.store",), "aiosqlite": ("bot.store",),
               "aiohttp": ("bot.sources", "bot.discord")}
    bad = [(m, lib) for m, libs in _libraries().items() for lib in libs & allowed.keys() if not _in(m, allowed[lib])]
    assert not bad, bad
