"""Issue 18.1: the import rules between layers, checked by walking every module's imports.

engine -> nothing above it (no app.games, app.ai, app.ui, app.editor); games -> engine only
(never app.ai); ai -> games and engine; nothing below app/ui and app/editor imports Qt.
Imports inside functions count too: a lazy import is still a dependency.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from app import ROOT

APP = ROOT / "app"
#: layer -> module prefixes it must not import.
FORBIDDEN: dict[str, tuple[str, ...]] = {
    "app.engine": ("app.games", "app.ai", "app.ui", "app.editor", "app.cli", "app.bench", "PySide6"),
    "app.games": ("app.ai", "app.ui", "app.editor", "app.cli", "app.bench", "PySide6"),
    "app.ai": ("app.ui", "app.editor", "app.cli", "app.bench", "PySide6"),
}


def _module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path, me: str | None = None) -> list[tuple[int, str]]:
    """Every module ``path`` imports, with the line (relative imports resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    me = me or _module_name(path)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            out.append((node.lineno, mod))
            out += [(node.lineno, f"{mod}.{a.name}") for a in node.names]
    return out


def _layer_files(prefix: str) -> list[Path]:
    return sorted((ROOT / Path(*prefix.split("."))).rglob("*.py"))


def _violations(prefix: str) -> list[str]:
    return [v for f in _layer_files(prefix) for v in _file_violations(prefix, f)]


def _file_violations(prefix: str, f: Path, me: str | None = None) -> list[str]:
    return [f"{f}:{line}: imports {mod}" for line, mod in _imports(f, me)
            if any(mod == b or mod.startswith(b + ".") for b in FORBIDDEN[prefix])]


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layer_imports_only_what_is_below_it(layer):
    assert _layer_files(layer), layer
    assert _violations(layer) == []


def test_the_walker_sees_lazy_and_relative_imports(tmp_path):
    """The check itself can fail: lazy and relative imports of a higher layer are caught."""
    probe = tmp_path / "probe.py"
    probe.write_text("def _sneaky():\n    from app.ai.korea38 import PLAYERS\n"
                     "from ...ui import window\nimport PySide6.QtCore\n", encoding="utf-8")
    found = _file_violations("app.games", probe, me="app.games.korea38.probe")
    assert sorted(v.rsplit(": imports ", 1)[1] for v in found) == [
        "PySide6.QtCore", "app.ai.korea38", "app.ai.korea38.PLAYERS", "app.ui", "app.ui.window"]


def test_games_do_not_answer_players_from_app_ai():
    """Automatic players are registered under their game id in app/ai/registry.py."""
    from app.ai.registry import PLAYERS, players_for
    from app.games import get_game
    for gid in ("korea38", "chosin-few", "guts"):
        assert "ai" in PLAYERS[gid]
        assert "ai" in players_for(get_game(gid))


def test_a_failing_player_import_is_an_error_with_its_cause(monkeypatch):
    from app.ai import registry
    from app.ai.selfplay import PlayerError, make_player
    from app.games import get_game
    monkeypatch.setitem(registry.PLAYERS, "guts", {"ai": "app.ai.no_such_module:make_ai"})
    with pytest.raises(PlayerError) as e:
        make_player(get_game("guts"), "ai", 1, "platoon")
    assert "ModuleNotFoundError" in str(e.value) and "no_such_module" in str(e.value)
