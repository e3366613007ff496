"""What kind of action a legal action is, read from its keys alone.

Games name the piece a move moves differently (``unit``, ``team``, ``piece``, ``model``, ``pieces``);
the window, the next-step control and the hover card all need to know it, so it is read here once.
"""

from __future__ import annotations

from typing import Any

MOVER_KEYS = ("unit", "team", "piece", "model", "pieces")
ROLE_ORDER = ("attack", "support", "wave")     # the order a click offers battle roles in


def mover(a: dict[str, Any]) -> str | None:
    """The piece a move-like action moves, or None when it moves none."""
    for k in MOVER_KEYS:
        if k in a and isinstance(a[k], (str, int)):
            return str(a[k])
    return None


def is_drag_action(a: dict[str, Any]) -> bool:
    """A move the player makes by dragging a piece to a place."""
    return "to" in a and mover(a) is not None and a.get("type") != "mode"   # a change of mode is no move


def is_declare(a: dict[str, Any]) -> bool:
    """A battle declaration: one unit joins the battle against one defender (in some role)."""
    return "defender" in a and mover(a) is not None and "to" not in a
