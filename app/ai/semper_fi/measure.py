"""Measure the Semper Fi! AI: win rates with 95% Wilson intervals and side-turn timing.

    python -m app.ai.semper_fi.measure --games 100 --seed 1000   # the full size of issue 13
    python -m app.ai.semper_fi.measure --games 100 --seed 1000 --scenarios 4-2 --pairs greedy,ai \
        --jobs 2 --jsonl games.jsonl                              # both cores, every game kept
    python -m app.ai.semper_fi.measure --setup --scenarios 7-1   # set-up time per side (wall, CPU)

Prints one JSON line per (scenario, pairing). A side-turn is every decision a side takes in one
phase of one turn (its reactions included); its time is the players' thinking time only.
``--jobs`` plays the seeds in that many processes; the games, and so every figure but the
times, are the same as in one. ``--jsonl`` appends one line per game (seed, winner, level, the
rule's reason and the final state digest), the record to read which seeds were lost and why.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from app.ai.balance import wilson_interval as wilson
from app.ai.pool import ordered_map
from app.ai.selfplay import make_player
from app.engine.match import Match
from app.engine.scenario import load_scenario

SCEN = Path(__file__).resolve().parents[3] / "resources" / "semper-fi" / "scenarios"


def play(path: Path, seed: int, specs: list[str], timed: str | None = None) -> tuple[dict, list[float]]:
    """One game of ``path`` with seed ``seed``, ``specs`` seated in the scenario's side order: its
    result (winner, level, the rule's reason, the final state digest) and the side-turn times of
    the side ``timed``."""
    game, loaded = load_scenario(path)
    m = Match.start(game, loaded.data, seed=seed, keep_snapshots=False)
    seats = {s: make_player(game, p, seed, s) for s, p in zip(game.sides, specs)}
    per: dict[tuple, float] = {}
    for _ in range(200_000):
        if m.outcome() is not None:
            break
        legal = m.legal_actions()
        side = m.state.active
        t0 = time.perf_counter()
        a = seats[side].choose(m, legal)
        dt = time.perf_counter() - t0
        if side == timed:                    # a side-turn: one side's decisions in one phase of one turn
            key = (m.state.turn, m.state.phase)
            per[key] = per.get(key, 0.0) + dt
        m.apply(a, checked=any(a is x for x in legal))
    o = m.outcome()
    return ({"winner": o.winner if o else None, "level": o.level if o else None,
             "reason": o.reason if o else "", "digest": m.digest()[:16]}, list(per.values()))


def _game(task: tuple[str, int, list[str], str | None]) -> tuple[int, dict, list[float]]:
    """A pool worker's game (module level, so a spawned process can import it)."""
    path, seed, specs, timed = task
    r, t = play(Path(path), seed, specs, timed)
    return seed, r, t


def games(path: Path, seeds: list[int], specs: list[str], timed: str | None, jobs: int = 1,
          each: Callable[[tuple[int, dict, list[float]]], None] | None = None) -> list[tuple[int, dict, list[float]]]:
    """Every seed's game, in seed order, in ``jobs`` processes (the games do not depend on it);
    ``each`` hears of every game as it is done, in that order (so a long run keeps what it played)."""
    return ordered_map(_game, [(str(path), s, list(specs), timed) for s in seeds], jobs, each)


#: The scenario ``ridgeline bench`` plays whole games of (``sf_game_s``): a long Hagaru night
#: with about 150 units, the kind that made full-size measurements slow
GAME_SCENARIO = "7-3-night-of-fire"


def game_seconds(seeds: list[int], scenario: str = GAME_SCENARIO, players: str = "ai,ai") -> list[float]:
    """Wall seconds of each whole game of ``scenario`` between ``players``, one per seed."""
    path = SCEN / f"{scenario}.toml"
    out: list[float] = []
    for seed in seeds:
        t0 = time.perf_counter()
        play(path, seed, players.split(","))
        out.append(time.perf_counter() - t0)
    return out


def setup_times(path: Path, seed: int) -> dict:
    """Both AIs set up: per side, the wall and CPU seconds of the whole set-up (the rules'
    legal actions and the AI's choices, the one side-turn of the set-up) and its decisions."""
    game, loaded = load_scenario(path)
    m = Match.start(game, loaded.data, seed=seed, keep_snapshots=False)
    seats = {s: make_player(game, "ai", seed, s) for s in game.sides}
    out: dict[str, dict] = {}
    while m.outcome() is None and m.state.phase == "setup":
        side = m.state.active
        w0, c0 = time.perf_counter(), time.process_time()
        legal = m.legal_actions()
        a = seats[side].choose(m, legal)
        r = out.setdefault(side, {"wall_s": 0.0, "cpu_s": 0.0, "decisions": 0})
        r["wall_s"] += time.perf_counter() - w0
        r["cpu_s"] += time.process_time() - c0
        r["decisions"] += 1
        m.apply(a)
    return {s: {k: round(v, 3) if isinstance(v, float) else v for k, v in r.items()} for s, r in out.items()}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--pairs", default="ai,random;random,ai;ai,greedy;greedy,ai;ai,ai")
    ap.add_argument("--scenarios", default="")
    ap.add_argument("--setup", action="store_true", help="time the AI set-up only (wall and CPU)")
    ap.add_argument("--jobs", type=int, default=1, help="processes to play the seeds in")
    ap.add_argument("--jsonl", default="", help="also append each game (seed, result, digest) to this file")
    a = ap.parse_args()
    files = sorted(SCEN.glob("*.toml"))
    if a.scenarios:
        files = [f for f in files if any(f.name.startswith(x) for x in a.scenarios.split(","))]
    if a.setup:
        for f in files:
            for i in range(a.games):
                print(json.dumps({"scenario": f.stem, "seed": a.seed + i, "setup": setup_times(f, a.seed + i)}),
                      flush=True)
        return
    for f in files:
        for pair in a.pairs.split(";"):
            specs = pair.split(",")
            ai_side = ("us" if specs[0] == "ai" else "nk") if specs[0] != specs[1] else None
            wins, levels, turns = 0, {}, []

            def keep(g: tuple[int, dict, list[float]], stem: str = f.stem, pair: str = pair) -> None:
                if a.jsonl:
                    with open(a.jsonl, "a", encoding="utf-8") as out:
                        out.write(json.dumps({"scenario": stem, "players": pair, "seed": g[0], **g[1]}) + "\n")

            played = games(f, [a.seed + i for i in range(a.games)], specs, ai_side or "us", a.jobs, keep)
            for _seed, r, t in played:
                turns += t
                levels[r["level"]] = levels.get(r["level"], 0) + 1
                if ai_side and r["winner"] == ai_side:
                    wins += 1
            lo, hi = wilson(wins, a.games)
            print(json.dumps({"scenario": f.stem, "players": pair, "games": a.games,
                              "ai_wins": wins if ai_side else None,
                              "ci95": [round(lo, 3), round(hi, 3)] if ai_side else None,
                              "levels": levels,
                              "median_side_turn_s": round(statistics.median(turns), 3) if turns else None,
                              "max_side_turn_s": round(max(turns), 3) if turns else None}),
                  flush=True)


if __name__ == "__main__":
    main()
