"""View > Colour-blind safe palette: sides, highlights and overlays in colours that stay apart
for the common kinds of colour blindness (Okabe and Ito's eight), switched at run time.

The printed map keeps its colours; what changes is everything that carries meaning on top of
it: the sides' counters (each side one hue, its nations lighter or darker), the legal targets,
zones of control, warnings, the selection, and the named colours of overlays, cubes and arrows.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QColor

from app.ui import theme

STANDARD = "standard"
COLOUR_BLIND = "colour-blind"

_SAVED: dict[str, object] = {}


def _snapshot() -> None:
    if _SAVED:
        return
    for k in ("HIGHLIGHT", "HIGHLIGHT_EDGE", "EZOC_EDGE", "SELECT", "WARN", "WARN_EDGE"):
        _SAVED[k] = QColor(getattr(theme, k))
    _SAVED["SIDE_FALLBACK"] = list(theme.SIDE_FALLBACK)
    _SAVED["NAMED"] = dict(theme.NAMED)


CB = {
    "HIGHLIGHT": QColor(86, 180, 233, 105), "HIGHLIGHT_EDGE": QColor(0, 114, 178, 230),
    "EZOC_EDGE": QColor(213, 94, 0, 240), "SELECT": QColor("#F0E442"),
    "WARN": QColor(230, 159, 0, 110), "WARN_EDGE": QColor(204, 121, 0, 240),
}
CB_SIDES = ["#0072B2", "#D55E00", "#56B4E9", "#E69F00", "#CC79A7", "#009E73"]
CB_NAMED = {"red": "#D55E00", "blue": "#0072B2", "green": "#009E73", "purple": "#CC79A7",
            "orange": "#E69F00", "yellow": "#F0E442", "black": "#2E2B28", "white": "#F4F1E8"}

current = STANDARD


def apply(name: str) -> None:
    """Switch the palette (the caller redraws)."""
    global current
    _snapshot()
    if name == COLOUR_BLIND:
        for k, v in CB.items():
            setattr(theme, k, QColor(v))
        theme.SIDE_FALLBACK[:] = CB_SIDES
        theme.NAMED.update(CB_NAMED)
        theme.SIDE_HUES = True
    else:
        for k in CB:
            setattr(theme, k, QColor(_SAVED[k]))
        theme.SIDE_FALLBACK[:] = _SAVED["SIDE_FALLBACK"]
        theme.NAMED.clear()
        theme.NAMED.update(_SAVED["NAMED"])
        theme.SIDE_HUES = False
        name = STANDARD
    current = name
    from app.ui.counters import clear_cache
    clear_cache()


def apply_to_window(win: Any, colour_blind: bool) -> None:
    """Switch the palette and redraw the window with it (remembered in the settings)."""
    apply(COLOUR_BLIND if colour_blind else STANDARD)
    if win.act_palette.isChecked() != colour_blind:
        win.act_palette.setChecked(colour_blind)
    if win.settings is not None:
        win.settings.setValue("view/palette", current)
    win._tcache = {}
    win._tcache_for = None
    win._board_src = None
    win.turn_track._key = None
    for it in win.scene.items_by_id.values():
        it.update_piece(it.piece)
    win.refresh()
    if win._targets_for:
        win._show_targets(win._targets_for)
    win.view.overview.reset()
    win.view.viewport().update()
