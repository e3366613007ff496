#!/usr/bin/env python3
"""Where a press of the drag-highlight figure spends its processor time, step by step.

    python benchmarks/drag_breakdown.py SCENARIO [--n 60]

Opens SCENARIO in the window (offscreen), presses the movable pieces in turn like
``measure_drag_highlight`` (press, repaint of the whole view, release, Escape), and reports
this thread's processor time of the press and of the repaint, and of the steps inside them
(the window's handlers, each item class's ``paint``, the board background, the overview) per
press, after a first round that warms the caches. Thread processor time moves less than wall
time when other work shares the cores.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("scenario")
    ap.add_argument("--n", type=int, default=60)
    args = ap.parse_args()
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    import app.ui.map_view as mv
    import app.ui.scene as sc
    import app.ui.scene_items as si
    from app.ui import bench_hooks as bh

    spent: dict[str, list[float]] = defaultdict(list)
    on = [False]

    def timed(fn, label):
        def wrapper(*a, **k):
            c0 = time.thread_time()
            try:
                return fn(*a, **k)
            finally:
                if on[0]:
                    spent[label].append((time.thread_time() - c0) * 1e3)
        return wrapper

    # class methods first: the window's items are made after this
    for cls, name in ((si.PathItem, "paint"), (si.PathItem, "set_shapes"), (si.PieceItem, "paint"),
                      (mv.Overview, "paintEvent"), (mv.MapView, "paintEvent"), (sc.MapScene, "drawBackground")):
        setattr(cls, name, timed(getattr(cls, name), f"{cls.__name__}.{name}"))
    qapp, win = bh._window(args.scenario)
    bh._wait_painted(qapp, win, 0)
    for name in ("_update_fires", "_show_targets", "_show_inspector"):
        setattr(win, name, timed(getattr(win, name), name))
    win.scene.select = timed(win.scene.select, "scene.select")
    units = bh._movable(win)
    vp = win.view.viewport()
    press, paint = [], []
    warm = min(len(units), args.n // 2)
    for i in range(args.n):
        item = win.scene.items_by_id[units[i % len(units)]]
        win.view.centerOn(item.pos())
        qapp.processEvents()
        p = win.view.mapFromScene(item.pos())
        on[0] = i >= warm
        c0 = time.thread_time()
        QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, p)
        c1 = time.thread_time()
        vp.repaint()
        c2 = time.thread_time()
        if on[0]:
            press.append((c1 - c0) * 1e3)
            paint.append((c2 - c1) * 1e3)
        on[0] = False
        QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, p)
        win._key_action("escape")
    k = len(press)
    print(f"{Path(args.scenario).name}: {len(units)} pieces pressed in turn; processor time a press "
          f"(median of {k}): press {statistics.median(press):.2f} ms, repaint {statistics.median(paint):.2f} ms; "
          f"load {os.getloadavg()[0]:.1f}")
    for label, v in sorted(spent.items(), key=lambda kv: -sum(kv[1])):
        print(f"  {label:<26} {sum(v) / k:6.2f} ms a press, {len(v) / k:.1f} calls")
    win.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
