"""Micro-benchmark for hex reachability, called by ``ridgeline bench``.

Uses a fixed (non-random) terrain pattern so numbers are comparable run to run.
"""

from __future__ import annotations

import time

from app.engine.hexgrid import HexGrid, HexLayout
from app.engine.hexreach import CostFn, reachable

_TERRAIN_COST: dict[str, float | None] = {
    "clear": 1.0,
    "forest": 2.0,
    "hills": 2.0,
    "mountain": 3.0,
    "swamp": None,
}
_PATTERN = ("clear", "clear", "forest", "clear", "hills", "clear", "mountain", "clear",
            "forest", "swamp", "clear")


def bench_grid(size: int = 40) -> HexGrid:
    """A size x size flat/odd grid with mixed terrain, a road along row 20 and a river."""
    grid = HexGrid(HexLayout(columns=size, rows=size, first_col=1, first_row=1))
    for h in grid.ids():
        c, r = grid.parse_id(h)
        grid.set_terrain(h, _PATTERN[(c * 7 + r * 13 + (c * r) % 5) % len(_PATTERN)])
    mid = size // 2
    for c in range(1, size):
        a, b = grid.format_id(c, mid), grid.format_id(c + 1, mid)
        if grid.is_adjacent(a, b):
            grid.add_side_feature(a, b, "road")
        grid.add_side_feature(grid.format_id(c, mid - 4), grid.format_id(c, mid - 3), "river")
    return grid


def make_cost_fn(grid: HexGrid) -> CostFn:
    """Typical rules cost: roads 0.5, else terrain cost, +1 crossing a river."""
    terrain = grid.terrain
    sides = grid.side_features
    costs = _TERRAIN_COST

    def cost(frm: str, to: str) -> float | None:
        sf = sides(frm, to)
        if sf:
            if "road" in sf:
                return 0.5
            base = costs[terrain(to)]
            return None if base is None else base + (1.0 if "river" in sf else 0.0)
        return costs[terrain(to)]

    return cost


def bench_reach(runs: int = 200, allowance: float = 6.0, size: int = 40) -> list[float]:
    """Wall times (ms) of ``runs`` 6-MP reachability searches from mid-map."""
    grid = bench_grid(size)
    cost = make_cost_fn(grid)
    mid = size // 2
    start = grid.format_id(mid, mid)
    stop_in = frozenset({grid.format_id(mid + 3, mid + 1), grid.format_id(mid - 2, mid - 2)})
    reachable(grid, start, allowance, cost, stop_in=stop_in)  # warm-up
    times: list[float] = []
    clock = time.perf_counter_ns
    for _ in range(runs):
        t0 = clock()
        reachable(grid, start, allowance, cost, stop_in=stop_in)
        times.append((clock() - t0) / 1e6)
    return times


if __name__ == "__main__":
    import statistics

    ts = bench_reach()
    print(f"median {statistics.median(ts):.3f} ms, min {min(ts):.3f} ms over {len(ts)} runs")
