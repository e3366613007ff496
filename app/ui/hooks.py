"""Finding a game's optional presentation hooks.

A hook is a method of the game object (``game.next_step(state)``) or, so that a game can add
one without touching its rules class, a function of the same name in its package's presentation
module (``presentation.py`` or ``present.py``) taking the game first
(``next_step(game, state)``). The window works without any of them (docs/ui.md lists them).
"""

from __future__ import annotations

import functools
import importlib
from typing import Any, Callable

PRESENTATION_MODULES = ("presentation", "present")
_missing: set[str] = set()


def game_hook(game: Any, name: str) -> Callable | None:
    """The callable for hook ``name`` of ``game``, or None when the game does not offer it."""
    fn = getattr(game, name, None)
    if callable(fn):
        return fn
    pkg = (type(game).__module__ or "").rsplit(".", 1)[0]
    if not pkg.startswith("app.games."):
        return None
    for mod_name in PRESENTATION_MODULES:
        full = f"{pkg}.{mod_name}"
        if full in _missing:
            continue
        try:
            mod = importlib.import_module(full)
        except ImportError:
            _missing.add(full)
            continue
        f = getattr(mod, name, None)
        if callable(f) and getattr(f, "__module__", "") == full:
            return functools.partial(f, game)
    return None


def call_hook(game: Any, name: str, *args: Any, default: Any = None) -> Any:
    """Call hook ``name`` (``default`` when the game lacks it or it fails: a presentation
    hook never stops the window)."""
    fn = game_hook(game, name)
    if fn is None:
        return default
    try:
        got = fn(*args)
    except Exception:
        return default
    return default if got is None else got
