"""``ridgeline`` / ``ridgeline open FILE``: the desktop program."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def make_app():
    """The QApplication, created with high-DPI pass-through scaling and the app's names."""
    from PySide6.QtCore import QCoreApplication, Qt
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication
    app = QApplication.instance()
    if app is not None:
        return app
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY") and sys.platform.startswith("linux"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    QGuiApplication.setHighDpiScaleFactorRoundingPolicy(Qt.HighDpiScaleFactorRoundingPolicy.PassThrough)
    QCoreApplication.setApplicationName("Ridgeline")
    QCoreApplication.setOrganizationName("Ridgeline")
    app = QApplication(sys.argv[:1])
    app.setApplicationDisplayName("Ridgeline")
    return app


def run_gui(path: str | None = None, match=None) -> int:
    """Create the window, offer to restore an unfinished game, open ``path`` if given, and run.
    ``match``: ``path`` already started (``open --dice``: fixed rolls ahead of the file's)."""
    app = make_app()
    from app.ui.window import MainWindow
    win = MainWindow()
    win.show()
    restored = win.offer_recovery()
    if match is not None and not restored:
        win.start_match(match, {}, path=path)
    elif path and not restored:
        if not win.open_path(Path(path)):
            return 2 if not win.isVisible() else app.exec()
    return app.exec()


def open_game_window(path: str | Path):
    """Open ``path`` in a new game window inside the running application (the editor's Play
    button). Returns the window."""
    make_app()
    from app.ui.window import MainWindow
    win = MainWindow()
    win.show()
    win.open_path(Path(path))
    return win
