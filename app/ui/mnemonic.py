"""Qt reads ``&`` in the text of a button or a menu item as the mark of its keyboard shortcut:
"Reinforcements & Replacements" came out as "Reinforcements _Replacements". Text that comes from a
game, a scenario or a file name goes through :func:`literal` before it becomes such a label."""

from __future__ import annotations


def literal(text: str) -> str:
    """``text`` shown as it is on a button or in a menu (each ``&`` doubled)."""
    return str(text).replace("&", "&&")
