"""Where does the front run, month by month, when the AI plays both sides of Korea?

Plays AI-against-AI campaigns of Korea: The Fight Across the 38th and records, at the end of every
game turn (one month), how far south the Communists and how far north the Allies stand in each
column band of the map (west, centre, east): the southernmost row holding a Communist ground
unit and the northernmost row holding an Allied one (map rows count north to south). The front
is the midpoint of the two (a band where only one side stands has no front; a game's front is the
mean over its bands). The medians over all campaigns are set against where the front ran
in the real war that month, converted to map rows with the latitude fit the map was built from
(row = 190.5 - 4.61 x latitude, shared/design/GAMES.md section 1).

    PYTHONPATH=. python tools/front_history.py --games 20 --jobs 2 [--level normal] [--markdown]

Only public position facts are read (unit hexes); the players act through the rules' legal
actions like any other.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

# one table of the real front, one latitude fit and one split into column bands, kept there
from app.ai.korea38.measure import HISTORY, column_bands, lat_to_row  # noqa: E402


def snapshot(state) -> dict[str, Any]:
    """Southernmost Communist row and northernmost Allied row per column band, now."""
    from app.games.korea38.data import ALLIED, COMMUNIST
    from app.games.korea38.zoc import Board, data_of
    d = data_of(state)
    board = Board(state, d)
    out: dict[str, Any] = {}
    for name, a, b in column_bands(d):
        rows = {COMMUNIST: [], ALLIED: []}
        for side in rows:
            for u, h in board.units_of(side):
                if d.units[u].zoc_own_hex_only:
                    continue
                c, r = d.grid.parse_id(h)
                if a <= c <= b:
                    rows[side].append(r)
        cs = max(rows[COMMUNIST]) if rows[COMMUNIST] else None
        an = min(rows[ALLIED]) if rows[ALLIED] else None
        out[name] = {"communist_south": cs, "allied_north": an}
    return out


def play_campaign(args: tuple[str, int, list[str]]) -> dict[str, Any]:
    """One campaign; the front at the end of every turn."""
    path, seed, players = args
    from app.ai.selfplay import make_player
    from app.engine.match import Match
    from app.engine.scenario import load_scenario
    game, loaded = load_scenario(path)
    match = Match.start(game, loaded.data, seed=seed, keep_snapshots=False)
    seats = {s: make_player(game, p, seed, s) for s, p in zip(game.sides, players)}
    fronts: dict[int, dict[str, Any]] = {}
    turn = match.state.turn
    t0 = time.perf_counter()
    while match.outcome() is None:
        legal = match.legal_actions()
        if not legal:
            break
        a = seats[match.state.active].choose(match, legal)
        match.apply(a, checked=any(a is x for x in legal))
        if match.state.turn != turn:
            fronts[turn] = snapshot(match.state)
            turn = match.state.turn
    fronts[match.state.turn] = snapshot(match.state)
    out = match.outcome()
    return {"seed": seed, "fronts": {str(k): v for k, v in fronts.items()},
            "winner": out.winner if out else None, "level": out.level if out else None,
            "turns": match.state.turn, "seconds": round(time.perf_counter() - t0, 2)}


def run(path: str, games: int, seed: int, players: list[str], jobs: int) -> list[dict[str, Any]]:
    tasks = [(path, seed + i, players) for i in range(games)]
    if jobs <= 1:
        return [play_campaign(t) for t in tasks]
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        return list(pool.imap(play_campaign, tasks))


def _median(xs: list[float]) -> float | None:
    return statistics.median(xs) if xs else None


def table(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    rows = []
    for turn, month, lat, note in HISTORY:
        key = str(turn)
        per = [r["fronts"][key] for r in results if key in r["fronts"]]
        line: dict[str, Any] = {"turn": turn, "month": month, "games": len(per),
                                "history_row": round(lat_to_row(lat), 1), "history": note}
        for band in ("west", "centre", "east"):
            cs = [p[band]["communist_south"] for p in per if p[band]["communist_south"] is not None]
            an = [p[band]["allied_north"] for p in per if p[band]["allied_north"] is not None]
            line[f"{band}_communist_south"] = _median(cs)
            line[f"{band}_allied_north"] = _median(an)
        # the front of a game this month: the mean of its three band midpoints
        per_game = []
        for p in per:
            mids = []
            for band in ("west", "centre", "east"):
                c, a = p[band]["communist_south"], p[band]["allied_north"]
                if c is not None and a is not None:   # a band held by one side only has no front
                    mids.append((c + a) / 2.0)
            if mids:
                per_game.append(sum(mids) / len(mids))
        line["front_row"] = _median(per_game)
        if per_game:
            srt = sorted(per_game)
            line["front_row_q1"] = srt[len(srt) // 4]
            line["front_row_q3"] = srt[(3 * len(srt)) // 4 if len(srt) > 1 else 0]
        line["difference"] = (None if line["front_row"] is None
                              else round(line["front_row"] - line["history_row"], 1))
        rows.append(line)
    return rows


def markdown(rows: list[dict[str, Any]]) -> str:
    def f(x):
        return "-" if x is None else (f"{x:.1f}" if isinstance(x, float) else str(x))
    out = ["| turn | month | games | AI front row (median, IQR) | Communist southmost W/C/E | "
           "Allied northmost W/C/E | history row | AI - history | the war that month |",
           "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        iqr = (f" ({f(r.get('front_row_q1'))}-{f(r.get('front_row_q3'))})" if r.get("front_row") is not None else "")
        cs = "/".join(f(r[f"{b}_communist_south"]) for b in ("west", "centre", "east"))
        an = "/".join(f(r[f"{b}_allied_north"]) for b in ("west", "centre", "east"))
        out.append(f"| {r['turn']} | {r['month']} | {r['games']} | {f(r['front_row'])}{iqr} | {cs} | {an} | "
                   f"{f(r['history_row'])} | {f(r['difference'])} | {r['history']} |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--scenario", default=None, help="default: resources/korea38/scenarios/campaign.toml")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, default=1000)
    p.add_argument("--level", default="normal", help="AI level for both sides (easy, normal, hard)")
    p.add_argument("--players", default=None, help="override: e.g. ai:hard,ai")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--json", action="store_true")
    p.add_argument("--markdown", action="store_true")
    a = p.parse_args(argv)
    from app.ai.korea38_ai import default_scenario
    path = str(a.scenario or default_scenario())
    spec = "ai" if a.level == "normal" else f"ai:{a.level}"
    players = [s.strip() for s in a.players.split(",")] if a.players else [spec, spec]
    t0 = time.perf_counter()
    results = run(path, a.games, a.seed, players, a.jobs)
    rows = table(results)
    wins: dict[str, int] = {}
    for r in results:
        wins[str(r["winner"])] = wins.get(str(r["winner"]), 0) + 1
    if a.json:
        print(json.dumps({"scenario": path, "players": players, "games": a.games, "seed": a.seed,
                          "wins": wins, "table": rows, "results": results,
                          "seconds": round(time.perf_counter() - t0, 1)}, indent=1))
    else:
        print(markdown(rows))
        print(f"\n{a.games} campaigns, players {','.join(players)}, seeds {a.seed}..{a.seed + a.games - 1}; "
              f"winners {wins}; {time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
