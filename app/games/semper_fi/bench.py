"""Semper Fi! timings: LOS queries on the maps (all lines from one hex to every hex, cold
cache), and the legal actions of the largest scenario's positions.

``python -m app.games.semper_fi.bench`` prints both; ``ridgeline bench --only los_ms`` reports the
first for the larger map (app/bench.py calls :func:`los_all_pairs_ms` on :func:`largest_map`),
``ridgeline bench --only sf_legal_ms`` the second (:func:`legal_ms`).
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


#: The scenario with the most units on the map (7.4: about 110 Marines and 130 Chinese).
BIG = "7-4-night-of-fire-ii"


def legal_ms(samples: int = 24, seed: int = 1) -> list[float]:
    """Milliseconds to list the legal actions (which a player's every choice, and the check of
    every action applied, asks for) at ``samples`` positions of a seeded game of 7.4 between
    random players, every fifth action of the action phases from its third turn on."""
    from pathlib import Path

    from app.engine.match import Match
    from app.engine.rng import Rng
    from app.engine.scenario import load_scenario
    scen = Path(__file__).resolve().parents[3] / "resources" / "semper-fi" / "scenarios" / f"{BIG}.toml"
    game, loaded = load_scenario(scen)
    m = Match.start(game, loaded.data, seed=seed, keep_snapshots=False)
    pick = Rng.from_seed(seed * 7 + 1)        # the players' choices: never the game's own dice
    out: list[float] = []
    n = 0
    while len(out) < samples and m.outcome() is None:
        st = m.state
        timed = st.turn >= 3 and st.phase.startswith("action") and n % 5 == 0
        t = time.perf_counter()
        legal = game.legal_actions(st, None)
        if timed:
            out.append((time.perf_counter() - t) * 1000.0)
        n += 1
        m.apply(legal[pick.randint(0, len(legal) - 1)], checked=True)
    return out


def main() -> None:
    ms = legal_ms()
    print(f"{BIG}: legal actions, median {statistics.median(ms):.1f} ms over {len(ms)} positions")
    for name in MAPS:
        ms = los_all_pairs_ms(name)
        print(f"{name}: {len(board(name).ids)} hexes, LOS from one hex to all, median "
              f"{statistics.median(ms):.1f} ms over {len(ms)} origins (cold cache)")


if __name__ == "__main__":
    main()
