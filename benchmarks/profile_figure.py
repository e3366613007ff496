#!/usr/bin/env python3
"""Profile one ``ridgeline bench`` figure with cProfile, to see why it misses its aim.

    python benchmarks/profile_figure.py startup|drag|frame|replay|reach|ai_turn
        [--scenario PATH] [--n N] [--top 25] [--sort cumulative|tottime] [--out FILE.prof]

Runs the same code the figure measures, in this process (Qt offscreen), under cProfile, and
prints the top functions. ``startup`` also prints the slowest imports (``-X importtime`` of a
fresh interpreter opening the window). Figures come from ``ridgeline bench``; this only explains
them (profiling slows Python code down, so the times printed here are inflated).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def _slowest_imports(scenario: str, top: int) -> str:
    code = ("import sys; sys.path.insert(0, %r); from app.ui.bench_hooks import measure_startup; "
            "measure_startup(%r)") % (str(ROOT), scenario)
    r = subprocess.run([sys.executable, "-X", "importtime", "-c", code], capture_output=True,
                       text=True, env=dict(os.environ, QT_QPA_PLATFORM="offscreen"), timeout=300)
    rows = []
    for line in r.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        parts = [p.strip() for p in line[len("import time:"):].split("|")]
        if len(parts) == 3 and parts[1].isdigit():
            rows.append((int(parts[1]), parts[2]))
    rows.sort(reverse=True)
    lines = [f"{us / 1000:9.1f} ms  {name}" for us, name in rows[:top]]
    return "slowest imports (cumulative, -X importtime):\n" + "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("figure", choices=["startup", "drag", "frame", "replay", "reach", "ai_turn"])
    ap.add_argument("--scenario", help="default: the largest shipped scenario")
    ap.add_argument("--n", type=int, default=30, help="repetitions for drag/frame/reach")
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--sort", default="cumulative", choices=["cumulative", "tottime"])
    ap.add_argument("--out", help="also write the raw profile here (for snakeviz, pstats)")
    args = ap.parse_args(argv)

    from app import bench
    scen = args.scenario or str(bench.largest_scenario() or "")
    plan = bench.Plan(quick=True, scenario=Path(scen) if scen else None, log=lambda m: None)

    def run() -> None:
        if args.figure == "startup":
            from app.ui.bench_hooks import measure_startup
            measure_startup(scen)
        elif args.figure == "drag":
            from app.ui.bench_hooks import measure_drag_highlight
            measure_drag_highlight(scen, args.n)
        elif args.figure == "frame":
            from app.ui.bench_hooks import measure_frame
            measure_frame(scen, args.n, 1920, 1080)
        elif args.figure == "replay":
            bench.bench_replay(plan)
        elif args.figure == "reach":
            fn, _ = bench._reach_fn()
            fn(args.n)
        else:
            bench.bench_ai_turn(plan)

    prof = cProfile.Profile()
    prof.enable()
    try:
        run()
    finally:
        prof.disable()
    if args.out:
        prof.dump_stats(args.out)
    buf = io.StringIO()
    stats = pstats.Stats(prof, stream=buf).strip_dirs().sort_stats(args.sort)
    stats.print_stats(args.top)
    print(f"# {args.figure} on {scen or '(no scenario)'}")
    print(buf.getvalue())
    if args.figure == "startup" and scen:
        print(_slowest_imports(scen, args.top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
