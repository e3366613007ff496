"""The kinds of board and how a board file picks one: hex maps, point-to-point boards, tables in
inches, and the blank board.

A :class:`Board` turns a board file (``hexmap``, ``pointgraph`` or ``table`` JSON, as the game's
``board_data`` hook returns it) into scene geometry and paints its static picture. The scene
caches that picture in tiles (see :mod:`app.ui.scene`), so :meth:`Board.paint` runs once per
tile and zoom level, never once per frame. Boards answer the questions the window asks about a
place (where is it, what is its outline, what is there) but never decide what is legal.

One module per kind: :mod:`app.ui.board_hex` (+ ``board_hex_paint``), :mod:`app.ui.board_graph`,
:mod:`app.ui.board_table` (+ ``board_table_paint``), :mod:`app.ui.board_blank`; what they share is in
:mod:`app.ui.board_base` and :mod:`app.ui.board_paint`. This module names them all for the callers.
"""

from __future__ import annotations

from typing import Any

from app.ui.board_base import HEX_R, MARGIN, PPI, Board
from app.ui.board_blank import BlankBoard
from app.ui.board_graph import GraphBoard
from app.ui.board_hex import HexBoard
from app.ui.board_paint import anchor_path, draw_halo_text, star_path
from app.ui.board_table import TableBoard

__all__ = ["HEX_R", "MARGIN", "PPI", "Board", "BlankBoard", "GraphBoard", "HexBoard", "TableBoard", "anchor_path",
           "draw_halo_text", "make_board", "star_path"]


def make_board(data: dict[str, Any] | None, board_kind: str = "") -> Board:
    """The right board for a board file (by its ``kind``), or a blank table."""
    if not data:
        return BlankBoard()
    kind = data.get("kind") or board_kind
    if kind in ("hexmap", "hex"):
        return HexBoard(data)
    if kind == "pointgraph":
        return GraphBoard(data)
    if kind == "table":
        return TableBoard(data)
    return BlankBoard(data)
