"""LOS query time on the Semper Fi! maps: all lines from one hex to every hex, cold cache.

``python -m app.games.semper_fi.bench`` prints the median over 16 origin hexes per map;
``ridgeline bench --only los_ms`` reports it for the larger map (app/bench.py calls
:func:`los_all_pairs_ms` on :func:`largest_map`).
"""

from __future__ import annotations

import statistics
import time

from app.games.semper_fi.data import board
from app.games.semper_fi.sight import terrain_los


def los_all_pairs_ms(map_name: str, origins: int = 16) -> list[float]:
    b = board(map_name)
    ids = b.ids
    out = []
    for origin in ids[:: max(1, len(ids) // origins)][:origins]:
        b.los_cache.clear()
        t = time.perf_counter()
        for h in ids:
            terrain_los(b, origin, h)
        out.append((time.perf_counter() - t) * 1000.0)
    b.los_cache.clear()
    return out


MAPS = ("changchon", "no-name-ridge")


def largest_map() -> tuple[str, int]:
    """The name and hex count of the game's larger map of this issue's scenarios."""
    sizes = [(len(board(n).ids), n) for n in MAPS]
    n, name = max(sizes)
    return name, n


def main() -> None:
    for name in MAPS:
        ms = los_all_pairs_ms(name)
        print(f"{name}: {len(board(name).ids)} hexes, LOS from one hex to all, median "
              f"{statistics.median(ms):.1f} ms over {len(ms)} origins (cold cache)")


if __name__ == "__main__":
    main()
