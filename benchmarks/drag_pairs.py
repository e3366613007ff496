#!/usr/bin/env python3
"""Before/after pairs of the drag-highlight child, interleaved board by board.

    python benchmarks/drag_pairs.py BEFORE_DIR AFTER_DIR [--reps 2] [--n 40] [--boards semper-fi,frozen-chosin]

BEFORE_DIR and AFTER_DIR are two trees of the program (``git archive REV | tar -x -C DIR``).
For each board of ``app.bench.board_scenarios`` (those whose label starts with one of
``--boards``), the same ``RIDGELINE_BENCH_CHILD`` drag task as ``ridgeline bench`` runs in each
tree in turn (before, after, after, before, ...), so both sides meet the same load on shared
cores. One JSON line a board: median and p95 of the wall time and of the processor time of a
press (ms), the processor time of the whole child (s), the load averages seen, and the ratios
after / before.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path


def _child(tree: Path, scenario: str, n: int, mark: str) -> tuple[dict, float]:
    task = {"task": "drag", "scenario": str(tree / scenario), "n": n}
    env = dict(os.environ, RIDGELINE_BENCH_CHILD=json.dumps(task), QT_QPA_PLATFORM="offscreen",
               PYTHONPATH=str(tree))
    proc = subprocess.Popen([sys.executable, "-m", "app", "bench"], cwd=str(tree), env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    out = proc.stdout.read() if proc.stdout else ""
    _, _status, usage = os.wait4(proc.pid, 0)
    line = next(ln for ln in out.splitlines() if ln.startswith(mark))
    return json.loads(line[len(mark):]), usage.ru_utime + usage.ru_stime


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("before", type=Path)
    ap.add_argument("after", type=Path)
    ap.add_argument("--reps", type=int, default=2)
    ap.add_argument("--n", type=int, default=40)
    ap.add_argument("--boards", default="semper-fi,frozen-chosin")
    args = ap.parse_args()
    sys.path.insert(0, str(args.after.resolve()))
    from app import bench
    prefixes = tuple(b for b in args.boards.split(",") if b)
    for label, _name, path in bench.board_scenarios():
        if not label.startswith(prefixes):
            continue
        rel = str(path.relative_to(args.after.resolve()))
        got: dict[str, dict[str, list[float]]] = {}
        for r in range(args.reps):
            for side in (("before", "after") if r % 2 == 0 else ("after", "before")):
                pay, cpu = _child(getattr(args, side).resolve(), rel, args.n, bench.MARK)
                d = got.setdefault(side, {"wall": [], "cpu": [], "child": [], "load": []})
                d["wall"] += pay["samples"]
                d["cpu"] += pay.get("cpu") or []
                d["child"].append(cpu)
                d["load"].append(os.getloadavg()[0])
        row: dict = {"board": label, "scenario": rel}
        for side in ("before", "after"):
            d = got[side]
            row[side] = {"median": round(statistics.median(d["wall"]), 2),
                         "p95": round(bench.percentile(d["wall"], 95), 2),
                         "cpu_median": round(statistics.median(d["cpu"]), 2) if d["cpu"] else None,
                         "cpu_p95": round(bench.percentile(d["cpu"], 95), 2) if d["cpu"] else None,
                         "child_cpu_s": round(statistics.median(d["child"]), 3)}
        b, a = row["before"], row["after"]
        row["load"] = [round(min(got["before"]["load"] + got["after"]["load"]), 1),
                       round(max(got["before"]["load"] + got["after"]["load"]), 1)]
        row["ratio"] = {k: round(a[k] / b[k], 3) for k in ("median", "p95", "cpu_median", "child_cpu_s")
                        if a.get(k) and b.get(k)}
        print(json.dumps(row), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
