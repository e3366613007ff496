"""The line of sight and range drawn on the map: while a unit is dragged (from where it stands to
the hex under the pointer) and for a fire being considered (from the firers to the target).

Any hex game can have it by offering the optional hook ``los_line(state, from_hex, to_hex)``
returning ``{"hexes": [...], "visible": bool, "blocked_at": hex or None, "range": int,
"why": str, "spotting": int (optional)}``; the window decides nothing about sight itself. The
line is drawn clear up to the blocking hex and red from there on, the blocking hex ringed and
named in a label beside the line."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath

from app.ui.hook_overlay import HookOverlay
from app.ui.hooks import game_hook
from app.ui.scene import cpen

Z_SIGHT = 46.0          # above highlights and overlays, below a dragged piece
CLEAR = QColor("#1E5A2E")
BLOCKED = QColor("#C0392B")


def line_text(info: dict[str, Any]) -> str:
    """The label beside the line, in player words."""
    rng = info.get("range")
    bits = [f"Range {rng}" if rng is not None else "Range ?"]
    if info.get("visible"):
        bits.append("in sight")
        spot = info.get("spotting")
        if spot is not None:
            bits.append(f"a unit there is seen within {spot} hex{'es' if int(spot) != 1 else ''}")
    else:
        why = str(info.get("why") or "")
        blk = info.get("blocked_at")
        bits.append(f"no line of sight: {why}" if why else f"no line of sight: blocked at {blk}")
    return " \u00b7 ".join(bits)


class SightLine(HookOverlay):
    """One line on the map at a time; ``text`` is what its label says (empty when none)."""

    def __init__(self, window: Any):
        super().__init__(window, Z_SIGHT)

    def available(self) -> bool:
        game, _state = self.w.shown()
        return game is not None and game_hook(game, "los_line") is not None \
            and getattr(self.w.scene.board, "kind", "hex") == "hex"

    def follow_drag(self, pid: str, loc: Any) -> None:
        """While ``pid`` is dragged over ``loc``: the line from where it stands."""
        pc = self.w.scene.piece(pid) or {}
        self.show(pc.get("at"), loc)

    def show(self, frm: Any, to: Any) -> None:
        game, state = self.w.shown()
        if not self.changed((id(state), frm, to)):
            return
        board = self.w.scene.board
        if game is None or frm is None or to is None or str(frm).startswith("box:") or str(to).startswith("box:") \
                or str(frm) == str(to) or board.anchor(frm) is None or board.anchor(to) is None:
            self.clear()
            return
        info = self.answer(game, "los_line", state, str(frm), str(to))
        if info is None:
            return
        self.text = line_text(info)
        self._draw(board, str(frm), str(to), info)

    def _draw(self, board: Any, frm: str, to: str, info: dict[str, Any]) -> None:
        a, b = board.anchor(frm), board.anchor(to)
        blk = info.get("blocked_at")
        cut = board.anchor(blk) if blk and not info.get("visible") else None
        shapes = []
        halo = QPainterPath(a)
        halo.lineTo(b)
        shapes.append((halo, None, cpen(QColor(255, 255, 255, 200), 7.0)))
        clear = QPainterPath(a)
        clear.lineTo(cut if cut is not None else b)
        shapes.append((clear, None, cpen(CLEAR, 3.5)))
        if cut is not None:
            red = QPainterPath(cut)
            red.lineTo(b)
            shapes.append((red, None, cpen(BLOCKED, 3.5, Qt.PenStyle.DashLine)))
            ring = board.shape(blk)
            shapes.append((ring, QBrush(QColor(192, 57, 43, 55)), cpen(BLOCKED, 3.0)))
        ends = QPainterPath()
        ends.addEllipse(a, 5, 5)
        ends.addEllipse(b, 5, 5)
        shapes.append((ends, QBrush(BLOCKED if cut is not None else CLEAR), cpen(QColor("white"), 1.5)))
        anchor = cut if cut is not None else QPointF((a.x() + b.x()) / 2, (a.y() + b.y()) / 2)
        label_at = QPointF(anchor.x(), anchor.y() - 26)
        self.item.set_shapes(shapes, [(label_at, self.text, BLOCKED if cut is not None else CLEAR)])
