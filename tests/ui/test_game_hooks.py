"""Issue 18.3: the optional game hooks are declared once (app.ui.game_hooks.GameHooks).

Every hook name the window code asks for (``call_hook(game, "name", ...)``/``game_hook(game,
"name")`` anywhere in app/ui and app/editor) is declared in the Protocol, called with arguments its
signature accepts, and docs/ui.md's hook table is the one made from the Protocol.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

from app import ROOT
from app.ui.game_hooks import GameHooks, hook_names, hooks_table

START, END = "<!-- hooks-table: start (python -m app.ui.game_hooks) -->", "<!-- hooks-table: end -->"


def _hook_calls() -> list[tuple[str, int, str, int, set[str]]]:
    """(file, line, hook name, positional arguments after the name, keyword names) per call site."""
    out = []
    for folder in ("app/ui", "app/editor"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
            for node in ast.walk(tree):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                        and node.func.id in ("call_hook", "game_hook")):
                    continue
                if len(node.args) < 2 or not isinstance(node.args[1], ast.Constant):
                    continue     # hooks.py itself passes the name through
                name = node.args[1].value
                extra = -1 if node.func.id == "game_hook" else len(node.args) - 2
                out.append((str(path.relative_to(ROOT)), node.lineno, name, extra,
                            {k.arg for k in node.keywords if k.arg}))
    return out


def test_the_scan_finds_the_window_hooks() -> None:
    names = {c[2] for c in _hook_calls()}
    # a scan that found nothing would pass the next test vacuously
    assert {"battles", "turn_label", "los_line", "side_name", "seat_to_act", "hq_sheets"} <= names


def test_every_hook_the_window_asks_for_is_declared() -> None:
    declared = set(hook_names())
    missing = [f"{f}:{line}: {name}" for f, line, name, _, _ in _hook_calls() if name not in declared]
    assert missing == []


def test_every_call_fits_the_declared_signature() -> None:
    bad = []
    for f, line, name, nargs, _ in _hook_calls():
        if nargs < 0 or name not in hook_names():
            continue
        sig = inspect.signature(getattr(GameHooks, name))
        try:
            sig.bind(None, *range(nargs))
        except TypeError as e:
            bad.append(f"{f}:{line}: {name} with {nargs} arguments: {e}")
    assert bad == []


def test_every_declared_hook_says_what_the_window_does_with_it() -> None:
    for name in hook_names():
        doc = getattr(GameHooks, name).__doc__ or ""
        assert len(doc.split()) >= 6, name


def test_docs_table_is_made_from_the_protocol() -> None:
    text = (ROOT / "docs" / "ui.md").read_text(encoding="utf-8")
    assert START in text and END in text
    table = text.split(START, 1)[1].split(END, 1)[0].strip("\n") + "\n"
    assert table == hooks_table()
    assert hooks_table().count("\n| `") == len(hook_names())


def test_the_test_game_hooks_fit_too() -> None:
    """The games' own hooks take what the window passes (checked on the shipped games' methods)."""
    from app.games import get_game
    for gid in ("korea38", "semper-fi", "frozen-chosin", "chosin-few", "guts"):
        game = get_game(gid)
        for name in hook_names():
            fn = getattr(game, name, None)
            if not callable(fn):
                continue
            params = inspect.signature(getattr(GameHooks, name)).parameters
            required = [p for p in list(params.values())[1:] if p.default is inspect.Parameter.empty]
            inspect.signature(fn).bind(*range(len(required)))
