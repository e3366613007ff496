"""Reference lines printed on a map for another period (Korea's July 1953 armistice line on a
1950 board) are off by default: *View > Show reference lines* brings them back.

A board line of ``"kind": "display"`` is a reference line; every other line (start lines,
boundaries the rules use) is always drawn.
"""

from __future__ import annotations

from typing import Any


def reference_lines(data: Any) -> list[str]:
    """The names of the board's reference lines."""
    if not isinstance(data, dict):
        return []
    return [str(ln.get("name") or ln.get("id")) for ln in data.get("lines") or []
            if isinstance(ln, dict) and ln.get("kind") == "display"]


def board_shown(data: Any, show_reference: bool) -> Any:
    """The board data to draw: without reference lines unless they are switched on."""
    if show_reference or not reference_lines(data):
        return data
    out = dict(data)
    out["lines"] = [ln for ln in data.get("lines") or [] if not (isinstance(ln, dict) and ln.get("kind") == "display")]
    return out
