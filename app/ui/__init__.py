"""ui layer: the desktop window (PySide6). Nothing below ``app/ui`` imports Qt.

On Python 3.11 some PySide6 builds (6.12 here) return ``None`` from void methods without taking
a reference to it, so every ``painter.setPen(...)`` or ``path.lineTo(...)`` lowers ``None``'s
reference count by one; after a few thousand calls Python aborts with "deallocating None".
From 3.12 ``None`` is immortal and this cannot happen. On older Pythons we check for the leak
once and, only if the binding has it, give ``None`` a reference count it can never exhaust.
PySide6 6.10.3 and 6.11.2 do not leak (checked on Python 3.11.7), so with them this is a no-op;
``NONE_GUARD`` tells whether it was needed. ``app.editor`` imports this package for the same
protection.

Importing this package also keeps Qt's raster drawing in the GUI thread (``QT_NO_GUI_THREADPOOL``,
see ``_raster_in_this_thread``).
"""

from __future__ import annotations

import os
import sys


NONE_GUARD = False      # True when this binding leaked None references and the guard was applied


def _guard_none_refcount() -> None:
    global NONE_GUARD
    if sys.version_info >= (3, 12):
        return
    try:
        from PySide6.QtCore import QPointF
        from PySide6.QtGui import QPainterPath
    except ImportError:  # pragma: no cover - no Qt, nothing to guard
        return
    path = QPainterPath()
    pt = QPointF(1.0, 1.0)
    before = sys.getrefcount(None)
    for _ in range(64):
        path.lineTo(pt)
    lost = before - sys.getrefcount(None)
    if lost >= 32:
        import ctypes
        ctypes.c_ssize_t.from_address(id(None)).value += 1 << 48
        NONE_GUARD = True


_guard_none_refcount()


def _raster_in_this_thread() -> None:
    """Qt 6 splits every raster fill or blend taller than about 100 rows (a gradient scroll
    bar, an antialiased translucent rectangle, a big path) across its GUI thread pool and waits
    for the pieces. On the two-core machine the benchmarks run on, with other work on the
    cores, handing those pieces to pool threads cost more than drawing them: a full repaint
    of the map took 5.3 ms with the pool and 1.6 ms without it, and used more processor time,
    not less (docs/benchmarks.md). So the window draws in the GUI thread, unless the player
    asks for Qt's pool with ``RIDGELINE_QT_THREADPOOL=1``. Qt reads the switch the first time
    it paints, so it is set when this package is imported, before any window exists."""
    if os.environ.get("RIDGELINE_QT_THREADPOOL", "") not in ("", "0"):
        return
    os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")


_raster_in_this_thread()
