"""ui layer: the desktop window (PySide6). Nothing below ``app/ui`` imports Qt.

On Python 3.11 some PySide6 builds (6.12 here) return ``None`` from void methods without taking
a reference to it, so every ``painter.setPen(...)`` or ``path.lineTo(...)`` lowers ``None``'s
reference count by one; after a few thousand calls Python aborts with "deallocating None".
From 3.12 ``None`` is immortal and this cannot happen. On older Pythons we check for the leak
once and, only if the binding has it, give ``None`` a reference count it can never exhaust.
PySide6 6.10.3 and 6.11.2 do not leak (checked on Python 3.11.7), so with them this is a no-op;
``NONE_GUARD`` tells whether it was needed. ``app.editor`` imports this package for the same
protection.
"""

from __future__ import annotations

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
