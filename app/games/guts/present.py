"""Take The High Ground!: the optional window hooks (docs/ui.md), kept apart from the rules.

Each function takes the game first; the window finds them by name. Nothing here decides
legality: every action named is one of ``legal_actions``.
"""

from __future__ import annotations

from typing import Any


def base_label(element_id: str) -> str:
    """The few letters printed on a base: "1A" for rifle team 1A, "SL 1", "BAR 2", "PL"."""
    parts = element_id.split("-")
    if parts[0] == "rifle" and len(parts) == 2:
        return parts[1].upper()
    return " ".join(parts).upper()


def next_step(game: Any, state: Any) -> dict[str, Any] | None:
    """The turn bar's next-step control: end the turn once orders are given (GUTS-D-TURN)."""
    if getattr(state, "phase", "") != "orders" or state.finished:
        return None
    return {"action": {"type": "end-turn"}, "label": "End the turn"}
