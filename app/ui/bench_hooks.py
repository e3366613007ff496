"""Measurements the benchmark suite (``ridgeline bench``) takes inside the window process.

Each function opens the scenario in a real :class:`~app.ui.window.MainWindow` (offscreen when
there is no display) and times what a player waits for. The crash journal goes to a throwaway
config folder so a benchmark never touches the player's own.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path


def _window(scenario_path: str | Path, width: int = 1600, height: int = 1000):
    if not os.environ.get("RIDGELINE_CONFIG_DIR"):
        os.environ["RIDGELINE_CONFIG_DIR"] = tempfile.mkdtemp(prefix="ridgeline-bench-")
    from app.ui.main import make_app
    app = make_app()
    from app.ui.window import MainWindow
    win = MainWindow(use_settings=False)
    win.resize(width, height)
    win.show()
    if not win.open_path(Path(scenario_path)):
        raise RuntimeError(f"could not open {scenario_path}: {win.statusBar().currentMessage()}")
    win.ai_paused = True
    win.scene.animate = False
    return app, win


def _wait_painted(app, win, before: int, timeout: float = 60.0) -> None:
    end = time.perf_counter() + timeout
    win.view.viewport().update()
    while win.view.painted_frames <= before and time.perf_counter() < end:
        app.processEvents()
    if win.view.painted_frames <= before:
        raise RuntimeError("the map never painted")


def measure_startup(scenario_path: str | Path) -> float:
    """Seconds from creating the application to the first painted frame of the map showing
    the scenario."""
    t0 = time.perf_counter()
    app, win = _window(scenario_path)
    _wait_painted(app, win, 0)
    dt = time.perf_counter() - t0
    win.close()
    return dt


def _movable(win) -> list[str]:
    game, state = win.shown()
    out: list[str] = []
    for a in win.match.legal_actions() if win.match else []:
        u = a.get("unit")
        if "to" in a and u is not None and str(u) in win.scene.items_by_id and str(u) not in out:
            out.append(str(u))
    if not out:  # no drags in this phase: time the press on any piece
        out = list(win.scene.items_by_id)[:20]
    return out


def _mouse(widget, pos, press: bool) -> None:
    """A left-button press or release at ``pos`` delivered to ``widget`` as a user's would be.
    Sent directly rather than through QtTest, so the packaged program need not ship QtTest
    (packaging/README.md)."""
    from PySide6.QtCore import QEvent, QPointF, Qt
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication
    kind = QEvent.Type.MouseButtonPress if press else QEvent.Type.MouseButtonRelease
    held = Qt.MouseButton.LeftButton if press else Qt.MouseButton.NoButton
    local = QPointF(pos)
    ev = QMouseEvent(kind, local, QPointF(widget.mapToGlobal(pos)), Qt.MouseButton.LeftButton,
                     held, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(widget, ev)


def measure_drag_highlight(scenario_path: str | Path, n: int, cpu_ms: list[float] | None = None) -> list[float]:
    """Milliseconds from pressing on a movable piece to the frame showing its legal
    destinations lit up (drop_targets + highlight + repaint). ``cpu_ms``, when given, receives
    the processor time of the same steps (this thread's), which other work on the cores moves
    far less than the wall time."""
    app, win = _window(scenario_path)
    _wait_painted(app, win, 0)
    units = _movable(win)
    if not units:
        win.close()
        return []
    vp = win.view.viewport()
    out: list[float] = []
    for i in range(n):
        pid = units[i % len(units)]
        item = win.scene.items_by_id.get(pid)
        if item is None:
            continue
        win.view.centerOn(item.pos())
        app.processEvents()
        p = win.view.mapFromScene(item.pos())
        c0, t0 = time.thread_time(), time.perf_counter()
        _mouse(vp, p, press=True)
        vp.repaint()
        out.append((time.perf_counter() - t0) * 1000.0)
        if cpu_ms is not None:
            cpu_ms.append((time.thread_time() - c0) * 1000.0)
        _mouse(vp, p, press=False)
        win._key_action("escape")
    win.close()
    return out


def measure_frame(scenario_path: str | Path, n: int, width: int = 1920, height: int = 1080) -> list[float]:
    """Milliseconds to paint one frame of the map in a ``width`` x ``height`` window while the
    player pans (most frames) and zooms (every tenth frame, which paints new tiles)."""
    app, win = _window(scenario_path, width, height)
    _wait_painted(app, win, 0)
    view = win.view
    vp = view.viewport()
    view.zoom_to_fit()
    view.zoom_by(2.0)
    app.processEvents()
    out: list[float] = []
    step = 1
    for i in range(n):
        if i % 10 == 9:
            view.zoom_by(1.15 if (i // 10) % 2 == 0 else 1 / 1.15)
        else:
            h = view.horizontalScrollBar()
            if h.value() + 40 * step > h.maximum() or h.value() + 40 * step < h.minimum():
                step = -step
            view.pan(40 * step, 13 * step)
        t0 = time.perf_counter()
        vp.repaint()
        out.append((time.perf_counter() - t0) * 1000.0)
    win.close()
    return out
