"""Reading a position: what one side may see, as plain data (``ridgeline show``).

Built only from the game's presentation hooks (``pieces``, ``overlays``, ``panels``, ``view``,
``prompt``), so it shows exactly what the window would draw for that side. Overlays are keyed
by their ``id`` (``zoc-allied``, ``in-communication-communist``, ``cone-mg-1``...); a game may
add overlays meant for reading rather than drawing with the optional hook
``show_overlays(state, side) -> [overlay]`` (movement reach, for instance).
"""

from __future__ import annotations

from typing import Any

from app.engine.game import Game
from app.engine.state import GameState


def named_overlays(game: Game, state: GameState, side: str | None) -> dict[str, dict[str, Any]]:
    shapes = list(game.overlays(state, side))
    extra = getattr(game, "show_overlays", None)
    if callable(extra):
        shapes += list(extra(state, side))
    out: dict[str, dict[str, Any]] = {}
    for i, ov in enumerate(shapes):
        name = str(ov.get("id") or f"{ov.get('kind', 'overlay')}-{i + 1}")
        while name in out:
            name += "+"
        out[name] = ov
    return out


def show(game: Game, state: GameState, side: str | None) -> dict[str, Any]:
    """Every piece ``side`` may see with its place and state, and the overlays by name."""
    out = game.outcome(state)
    return {
        "game": game.id,
        "scenario": state.scenario,
        "turn": state.turn,
        "phase": state.phase,
        "active": state.active,
        "side": side,
        "prompt": game.prompt(state),
        "outcome": out.to_json() if out else None,
        "state_hash": state.digest(),
        "pieces": game.pieces(state, side),
        "overlays": named_overlays(game, state, side),
        "panels": game.panels(state, side),
        "view": game.view(state, side),
    }
