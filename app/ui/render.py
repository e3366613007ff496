"""Drawing a position to a PNG offscreen (``ridgeline render``, designers, tests).

The picture is the same scene the window shows - board, pieces, boxes and the game's overlays -
rendered straight to an image without a window.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from app.engine.match import Match


def ensure_app():
    """The running QApplication, or a new offscreen one when there is no display."""
    from PySide6.QtWidgets import QApplication
    app = QApplication.instance()
    if app is None:
        if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        app = QApplication([])
    return app


def build_scene(game, state, side: str | None = None):
    """A MapScene showing ``state`` as ``side`` sees it (None: everything)."""
    from app.ui.boards import make_board
    from app.ui.scene import MapScene
    from app.ui.overlays import hidden_keys, overlay_shapes
    scene = MapScene()
    scene.animate = False
    scene.interactive = False
    board = make_board(game.board_data(state), getattr(game, "board_kind", ""))
    scene.set_board(board, tuple(getattr(game, "sides", ())))
    scene.set_pieces(game.pieces(state, side))
    try:
        ovs = game.overlays(state, side)
        shapes, texts = overlay_shapes(board, ovs, hidden_keys(ovs))
        scene.overlay_item.set_shapes(shapes, texts)
    except Exception:  # pragma: no cover - a bad overlay never stops a render
        pass
    return scene


def render_scene(scene, path: str | Path, width: int = 0, height: int = 0) -> Path:
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QImage, QPainter
    from app.ui import theme
    src = scene.sceneRect()
    if width <= 0 and height <= 0:
        scale = min(1.0, 2400.0 / max(src.width(), src.height()))
        width, height = int(src.width() * scale), int(src.height() * scale)
    elif height <= 0:
        height = max(1, int(width * src.height() / src.width()))
    elif width <= 0:
        width = max(1, int(height * src.width() / src.height()))
    img = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(theme.TABLE_EDGE)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    scene.direct = True
    # the board at the largest size that fits, centred (Qt's own fit keeps it in the top left)
    k = min(width / max(src.width(), 1e-9), height / max(src.height(), 1e-9))
    w, h = src.width() * k, src.height() * k
    target = QRectF((width - w) / 2.0, (height - h) / 2.0, w, h)
    scene.render(p, target, src, Qt.AspectRatioMode.IgnoreAspectRatio)
    p.end()
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    if not img.save(str(out), "PNG"):
        raise OSError(f"could not write {out}")
    return out


def render_to_png(match: Match, path: str | Path, width: int = 0, height: int = 0,
                  side: str | None = None) -> Path:
    """Draw the match's position (whole board, all pieces) to ``path``.

    ``width``/``height`` of 0 pick a natural size (the board at full scale, at most 2400 px);
    giving one keeps the board's proportions; giving both fits the board inside.
    """
    ensure_app()
    scene = build_scene(match.game, match.state, side)
    return render_scene(scene, path, width, height)


def render_state(game, state, path: str | Path, width: int = 0, height: int = 0,
                 side: str | None = None) -> Path:
    ensure_app()
    return render_scene(build_scene(game, state, side), path, width, height)
