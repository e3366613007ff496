"""Balance statistics for self-play results (no Qt): win rates with confidence intervals,
victory-level distribution, game lengths, and CSV export. The Balance lab window draws these."""

from __future__ import annotations

import csv
import io
import math
from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable


def wilson_interval(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion: sound even near 0% and 100%."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class BalanceReport:
    games: int
    sides: list[str]
    wins: dict[str, int]
    levels: dict[str, int]
    lengths: dict[int, int]
    mean_turns: float

    def win_rate(self, side: str) -> float:
        return self.wins.get(side, 0) / self.games if self.games else 0.0

    def interval(self, side: str) -> tuple[float, float]:
        return wilson_interval(self.wins.get(side, 0), self.games)

    def to_json(self) -> dict[str, Any]:
        return {"games": self.games,
                "win_rate": {s: self.win_rate(s) for s in self.sides},
                "ci95": {s: list(self.interval(s)) for s in self.sides},
                "levels": self.levels, "lengths": {str(k): v for k, v in sorted(self.lengths.items())},
                "mean_turns": self.mean_turns}


def level_name(result: dict[str, Any]) -> str:
    out = result.get("outcome") or {}
    winner = result.get("winner") or "none"
    return f"{winner}: {out.get('level', 'unfinished')}"


def report(sides: Iterable[str], results: list[dict[str, Any]]) -> BalanceReport:
    sides = list(sides)
    n = len(results)
    wins = Counter(r.get("winner") for r in results if r.get("winner"))
    levels = Counter(level_name(r) for r in results)
    lengths = Counter(int(r.get("turns", 0)) for r in results)
    mean = sum(r.get("turns", 0) for r in results) / n if n else 0.0
    return BalanceReport(n, sides, dict(wins), dict(levels), dict(lengths), mean)


def results_csv(results: list[dict[str, Any]]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["seed", "winner", "level", "reason", "turns", "state_hash"])
    for r in results:
        out = r.get("outcome") or {}
        w.writerow([r.get("seed"), r.get("winner") or "", out.get("level", ""), out.get("reason", ""),
                    r.get("turns"), r.get("state_hash")])
    return buf.getvalue()


def summary_csv(rep: BalanceReport) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["side", "wins", "games", "win_rate", "ci95_low", "ci95_high"])
    for s in rep.sides:
        lo, hi = rep.interval(s)
        w.writerow([s, rep.wins.get(s, 0), rep.games, f"{rep.win_rate(s):.4f}", f"{lo:.4f}", f"{hi:.4f}"])
    return buf.getvalue()
