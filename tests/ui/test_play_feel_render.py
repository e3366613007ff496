"""Issue 15, points 15 and 16: every playable game's window at 1366x768 in both palettes,
rendered to PNG (into $RIDGELINE_SHOTS when set, to look at), with what can be asserted of them."""

from __future__ import annotations

import os

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QDockWidget, QLabel

from play_feel_util import game_window

pytestmark = pytest.mark.gui


def _save(w, tmp_path, name):
    img = w.grab().toImage()
    shots = os.environ.get("RIDGELINE_SHOTS")
    if shots:
        img.save(os.path.join(shots, name))
    path = tmp_path / name
    assert img.save(str(path))
    return img


def _differs(a: QImage, b: QImage) -> int:
    """How many sampled pixels differ between two pictures of the same size."""
    n = 0
    for y in range(0, a.height(), 6):
        for x in range(0, a.width(), 6):
            if a.pixel(x, y) != b.pixel(x, y):
                n += 1
    return n


@pytest.mark.parametrize("game_id", ["korea38", "chosin-few", "guts"])
def test_both_palettes_render_and_differ_in_sides_and_highlights(qtbot, tmp_path, game_id):
    from app.ui import palette, theme
    w = game_window(qtbot, game_id)
    try:
        std = _save(w, tmp_path, f"{game_id}-standard.png")
        hl = theme.HIGHLIGHT.name()
        piece = next(pc for pc in w.scene.pieces if pc.get("side") in w.match.game.sides
                     and pc.get("kind") not in ("card", "marker"))
        before = theme.nation_colour(piece, tuple(w.match.game.sides)).name()
        w.act_palette.trigger()                        # View > Colour-blind safe palette
        assert palette.current == palette.COLOUR_BLIND
        assert theme.HIGHLIGHT.name() != hl
        assert theme.nation_colour(piece, tuple(w.match.game.sides)).name() != before
        cb = _save(w, tmp_path, f"{game_id}-colour-blind.png")
        assert std.size() == cb.size() and _differs(std, cb) > 50
        w.act_palette.trigger()
        assert palette.current == palette.STANDARD and theme.HIGHLIGHT.name() == hl
    finally:
        palette.apply(palette.STANDARD)
