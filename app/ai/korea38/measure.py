"""Measure a Korea scenario the way issue 17 asks: who wins (with a 95% Wilson interval), how
often Pusan falls before turn 4, the turn the game is decided, and how close the front runs to
the real one month by month.

Plays automatic players against each other (seeds ``seed .. seed+games-1``, the same seed for
the dice and the players, as ``ridgeline selfplay`` does) and records, at the end of every turn,
the southernmost row holding a Communist ground unit and the northernmost row holding an Allied
one in three column bands (west, centre, east); a game's front that month is the mean over the
bands where both sides stand of the midpoint of the two (rows count north to south). History:
where the main line of contact ran at the end of each month, converted to rows with the latitude
fit the map was built from (row = 190.5 - 4.61 x latitude, shared/design/GAMES.md section 1).

    PYTHONPATH=. python -m app.ai.korea38.measure resources/korea38/scenarios/campaign.toml \
        --games 200 --seed 0 --players ai,ai --jobs 1 --markdown

The Balance lab (app/ui/balance_lab.py) runs the same measurement in the window.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any, Callable, Iterable

from app.ai.balance import wilson_interval
from app.ai.pool import ordered_map

#: (turn, month, latitude of the front at the end of the month, what happened). Public history.
HISTORY: list[tuple[int, str, float, str]] = [
    (1, "Jun 1950", 37.2, "Seoul falls (28 Jun); the KPA crosses the Han"),
    (2, "Jul 1950", 36.0, "Taejon lost (20 Jul); the KPA reaches the Naktong"),
    (3, "Aug 1950", 35.8, "Pusan Perimeter: Naktong line, Taegu to Masan and P'ohang"),
    (4, "Sep 1950", 37.6, "Inch'on landing (15 Sep), breakout, Seoul retaken (28 Sep)"),
    (5, "Oct 1950", 39.7, "P'yongyang taken (19 Oct); UN columns toward the Yalu"),
    (6, "Nov 1950", 39.8, "Advance to the Yalu, then the PVA Second Phase offensive"),
    (7, "Dec 1950", 38.0, "Retreat from the Ch'ongch'on and Chosin to the 38th Parallel"),
    (8, "Jan 1951", 37.1, "Third Phase offensive: Seoul lost (4 Jan), line below Seoul"),
    (9, "Feb 1951", 37.4, "Thunderbolt and Roundup; Chipyong-ni holds"),
    (10, "Mar 1951", 37.9, "Ripper: Seoul retaken (14 Mar), back to the Parallel"),
    (11, "Apr 1951", 38.0, "Line Kansas; the PVA Spring Offensive (22 Apr)"),
    (12, "May 1951", 37.9, "Second Spring Offensive stopped; UN counter-attack"),
    (13, "Jun 1951", 38.3, "Piledriver: the line near the later DMZ"),
]

#: The months issue 17 names: the Perimeter (Aug-Sep 1950), the drive to the Yalu (Oct-Nov),
#: the fall back below Seoul (Jan 1951), the line near the 38th from spring 1951.
NAMED_MONTHS = (3, 4, 5, 6, 8, 10, 11, 12, 13)
#: A game's front counts as "like the war" that month within this many rows of history.
WITHIN_ROWS = 3.0
BANDS = ("west", "centre", "east")


def lat_to_row(lat: float) -> float:
    return 190.5 - 4.61 * lat


def history_rows() -> dict[int, float]:
    return {t: round(lat_to_row(lat), 1) for t, _m, lat, _n in HISTORY}


def month_of(turn: int) -> str:
    for t, m, _lat, _n in HISTORY:
        if t == turn:
            return m
    return f"turn {turn}"


def column_bands(data) -> list[tuple[str, int, int]]:
    """West, centre and east thirds of the land across the start line's rows (units further
    west or east count in the outer bands)."""
    rows = sorted({data.grid.parse_id(h)[1] for h in data.split}) or sorted(
        {data.grid.parse_id(h)[1] for h in data.land})
    mid = set(range(rows[0] - 1, rows[-1] + 2)) if data.split else set(rows)
    cols = sorted({data.grid.parse_id(h)[0] for h in data.land if data.grid.parse_id(h)[1] in mid})
    lo, hi = cols[0], cols[-1]
    step = (hi - lo + 1) / 3.0
    out = []
    for i, name in enumerate(BANDS):
        a = int(round(lo + i * step))
        b = int(round(lo + (i + 1) * step)) - 1 if i < 2 else hi
        out.append((name, a, b))
    out[0] = (out[0][0], -10 ** 6, out[0][2])
    out[-1] = (out[-1][0], out[-1][1], 10 ** 6)
    return out


def front_of(state) -> float | None:
    """The front row of a position: the mean over the column bands where both sides stand of
    the midpoint between the southernmost Communist and the northernmost Allied ground unit."""
    from app.games.korea38.data import ALLIED, COMMUNIST
    from app.games.korea38.zoc import Board, data_of
    d = data_of(state)
    board = Board(state, d)
    placed = {side: [(d.grid.parse_id(h), u) for u, h in board.units_of(side)
                     if not d.units[u].zoc_own_hex_only] for side in (COMMUNIST, ALLIED)}
    mids = []
    for _name, a, b in column_bands(d):
        cs = [r for (c, r), _u in placed[COMMUNIST] if a <= c <= b]
        an = [r for (c, r), _u in placed[ALLIED] if a <= c <= b]
        if cs and an:
            mids.append((max(cs) + min(an)) / 2.0)
    return sum(mids) / len(mids) if mids else None


def play_measured(path: str, seed: int, players: list[str]) -> dict[str, Any]:
    """One game to its end, played by ``selfplay.play_one`` (so the result, down to the state
    hash, is the one ``ridgeline selfplay`` prints for that seed), plus the front at the end of
    every turn."""
    from app.ai.selfplay import play_one
    from app.engine.scenario import load_scenario
    game, loaded = load_scenario(path)
    fronts: dict[str, float | None] = {}
    first = int((loaded.data.get("start") or {}).get("turn", 1))
    seen = {"turn": first, "state": None}

    def watch(match) -> None:
        seen["state"] = match.state
        if match.state.turn != seen["turn"]:
            fronts[str(seen["turn"])] = front_of(match.state)
            seen["turn"] = match.state.turn

    out = play_one(game, loaded.data, seed, players, check=watch).to_json()
    if seen["state"] is not None and str(out["turns"]) not in fronts:
        fronts[str(out["turns"])] = front_of(seen["state"])
    outcome = out.get("outcome") or {}
    out.update({"level": outcome.get("level"), "reason": outcome.get("reason", ""),
                "first_turn": first, "fronts": fronts})
    return out


def side_turns(path: str, seed: int, players: list[str], turns: int = 13) -> list[dict[str, Any]]:
    """Wall and CPU seconds of each player turn (one side's four phases, the other side's
    reactions inside them counted to the side whose turn it is) of the first ``turns`` game
    turns: what a person waits for, and what it costs on a machine the player has alone."""
    import time
    from app.ai.selfplay import make_player
    from app.engine.match import Match
    from app.engine.scenario import load_scenario
    from app.games.korea38.sequence import phase_side
    game, loaded = load_scenario(path)
    match = Match.start(game, loaded.data, seed=seed, keep_snapshots=False)
    seats = {s: make_player(game, p, seed, s) for s, p in zip(game.sides, players)}
    spec = dict(zip(game.sides, players))
    out: list[dict[str, Any]] = []
    seg = None
    w0 = c0 = 0.0

    def close() -> None:
        if seg is not None and seg[1]:
            out.append({"turn": seg[0], "side": seg[1], "player": spec.get(seg[1], ""),
                        "wall": round(time.perf_counter() - w0, 3), "cpu": round(time.process_time() - c0, 3)})
    while match.outcome() is None and match.state.turn <= turns:
        st = match.state
        here = (st.turn, phase_side(st.phase))
        if here != seg:
            close()
            seg, w0, c0 = here, time.perf_counter(), time.process_time()
        legal = match.legal_actions()
        if not legal:
            break
        a = seats[st.active].choose(match, legal)
        match.apply(a, checked=any(a is x for x in legal))
    close()
    return out


def _task(args: tuple[str, int, list[str]]) -> dict[str, Any]:
    return play_measured(*args)


def run(path: str | Path, games: int, seed: int, players: list[str], jobs: int = 1,
        progress: Callable[[int, int], None] | None = None,
        cancelled: Callable[[], bool] | None = None) -> list[dict[str, Any]]:
    """Play ``games`` measured games (seeds ``seed ..``), results in seed order."""
    tasks = [(str(path), seed + i, list(players)) for i in range(games)]
    return ordered_map(_task, tasks, jobs, progress=progress, cancelled=cancelled)


def summarise(results: Iterable[dict[str, Any]], sides: tuple[str, str] = ("communist", "allied"),
              star_turn: int = 4) -> dict[str, Any]:
    """Everything the issue's figures need, from measured games."""
    res = list(results)
    n = len(res)
    wins = {s: sum(1 for r in res if r["winner"] == s) for s in sides}
    levels: dict[str, int] = {}
    decided: dict[int, int] = {}
    for r in res:
        key = f"{r['winner'] or 'none'} {r['level'] or ''}".strip()
        levels[key] = levels.get(key, 0) + 1
        decided[r["turns"]] = decided.get(r["turns"], 0) + 1
    pusan = sum(1 for r in res if r["winner"] == "communist" and r["level"] == "decisive"
                and r["turns"] < star_turn)
    hist = history_rows()
    months = []
    for t, month, _lat, note in HISTORY:
        started = [r for r in res if r.get("first_turn", 1) <= t]
        if not started:
            continue
        vals = [r["fronts"].get(str(t)) for r in started]
        present = [v for v in vals if v is not None]
        within = sum(1 for v in present if abs(v - hist[t]) <= WITHIN_ROWS)
        months.append({
            "turn": t, "month": month, "history_row": hist[t], "history": note,
            "games": len(started), "playing": len(present),
            "median": round(statistics.median(present), 1) if present else None,
            "q1": round(sorted(present)[len(present) // 4], 1) if present else None,
            "q3": round(sorted(present)[(3 * len(present)) // 4], 1) if len(present) > 1 else None,
            "within": within, "share_within": within / len(started) if started else 0.0,
            "named": t in NAMED_MONTHS,
        })
    return {
        "games": n, "wins": wins,
        "rate": {s: (wins[s] / n if n else 0.0) for s in sides},
        "interval": {s: wilson_interval(wins[s], n) for s in sides},
        "pusan_before_turn": star_turn, "pusan_early": pusan,
        "pusan_early_interval": wilson_interval(pusan, n),
        "levels": dict(sorted(levels.items())), "decided": dict(sorted(decided.items())),
        "months": months,
    }


def markdown(s: dict[str, Any], title: str = "") -> str:
    def pct(x: float) -> str:
        return f"{100 * x:.0f}%"
    lines = []
    if title:
        lines.append(f"**{title}**\n")
    n = s["games"]
    for side in s["wins"]:
        lo, hi = s["interval"][side]
        lines.append(f"- {side}: {s['wins'][side]}/{n} = {pct(s['rate'][side])} (95% CI {pct(lo)}-{pct(hi)})")
    lo, hi = s["pusan_early_interval"]
    lines.append(f"- Pusan taken before turn {s['pusan_before_turn']}: {s['pusan_early']}/{n} "
                 f"(95% CI {pct(lo)}-{pct(hi)})")
    lines.append("- results: " + ", ".join(f"{k} {v}" for k, v in s["levels"].items()))
    lines.append("- decided on turn: " + ", ".join(f"{k}: {v}" for k, v in s["decided"].items()))
    lines.append("")
    lines.append("| turn | month | history row | AI front (median, IQR) | games still playing | within 3 rows | the war that month |")
    lines.append("|---|---|---|---|---|---|---|")
    for m in s["months"]:
        iqr = f" ({m['q1']}-{m['q3']})" if m["q3"] is not None else ""
        med = "-" if m["median"] is None else f"{m['median']}{iqr}"
        mark = " *" if m["named"] else ""
        lines.append(f"| {m['turn']} | {m['month']}{mark} | {m['history_row']} | {med} | "
                     f"{m['playing']}/{m['games']} | {m['within']}/{m['games']} = {pct(m['share_within'])} | {m['history']} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("scenario")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--players", default="ai,ai")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--json", action="store_true", help="print the games and the summary as JSON")
    p.add_argument("--markdown", action="store_true", help="print the summary as Markdown")
    p.add_argument("--side-turns", type=int, default=0, metavar="TURNS",
                   help="time each player turn of the first TURNS turns of game SEED instead")
    p.add_argument("--jsonl", default="", help="also append each finished game to this file (one process)")
    p.add_argument("--summarise", nargs="*", default=None, metavar="JSONL",
                   help="only summarise games already written with --jsonl")
    a = p.parse_args(argv)
    players = [x.strip() for x in a.players.split(",")]
    if a.side_turns:
        rows = side_turns(a.scenario, a.seed, players, a.side_turns)
        for side, spec in zip(("communist", "allied"), players):
            mine = [r for r in rows if r["side"] == side]
            if mine:
                wall = sorted(r["wall"] for r in mine)
                cpu = sorted(r["cpu"] for r in mine)
                print(f"{side} ({spec}): {len(mine)} player turns; median wall {statistics.median(wall):.2f} s, "
                      f"max {wall[-1]:.2f} s; median CPU {statistics.median(cpu):.2f} s, max {cpu[-1]:.2f} s")
        return 0
    if a.summarise is not None:
        games = [json.loads(line) for f in a.summarise for line in open(f, encoding="utf-8") if line.strip()]
        print(markdown(summarise(games), f"{a.scenario}, {len(games)} games"))
        return 0
    res: list[dict[str, Any]] = []
    if a.jsonl:
        # one line a finished game, so a run stopped early still leaves its games
        with open(a.jsonl, "a", encoding="utf-8") as out:
            for i in range(a.games):
                r = play_measured(a.scenario, a.seed + i, players)
                res.append(r)
                out.write(json.dumps(r) + "\n")
                out.flush()
                print(f"{i + 1}/{a.games}", file=sys.stderr, flush=True)
    else:
        def tell(done: int, total: int) -> None:
            print(f"{done}/{total}", file=sys.stderr, flush=True)
        res = run(a.scenario, a.games, a.seed, players, jobs=a.jobs, progress=tell)
    s = summarise(res)
    if a.json:
        print(json.dumps({"scenario": a.scenario, "players": players, "seed": a.seed,
                          "summary": s, "games": res}, indent=1))
    else:
        print(markdown(s, f"{a.scenario}, {a.games} games, seeds {a.seed}-{a.seed + a.games - 1}, players {a.players}"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
