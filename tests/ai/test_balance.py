"""app/ai/balance.py: Wilson intervals against hand-computed values, reports and CSV."""

from __future__ import annotations

import csv
import io
import math

import pytest

from app.ai.balance import report, results_csv, summary_csv, wilson_interval


def hand_wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = (z / (1 + z * z / n)) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return centre - half, centre + half


@pytest.mark.parametrize("k,n,lo,hi", [
    (5, 10, 0.2366, 0.7634),      # the textbook 5 of 10
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (95, 100, 0.8882, 0.9785),
    (35, 50, 0.5625, 0.8090),
])
def test_wilson_interval_values(k, n, lo, hi):
    got = wilson_interval(k, n)
    assert got[0] == pytest.approx(lo, abs=5e-4)
    assert got[1] == pytest.approx(hi, abs=5e-4)
    want = hand_wilson(k, n)
    assert got[0] == pytest.approx(max(0.0, want[0]), abs=1e-12)
    assert got[1] == pytest.approx(min(1.0, want[1]), abs=1e-12)


def test_wilson_interval_edges():
    assert wilson_interval(0, 0) == (0.0, 1.0)
    lo, hi = wilson_interval(1, 1)
    assert 0.0 < lo < 1.0 and hi == 1.0


RESULTS = [
    {"seed": 0, "winner": "communist", "outcome": {"level": "decisive", "reason": "took Pusan"}, "turns": 3, "state_hash": "a"},
    {"seed": 1, "winner": "allied", "outcome": {"level": "marginal", "reason": "hexes 9 to 7"}, "turns": 13, "state_hash": "b"},
    {"seed": 2, "winner": "allied", "outcome": {"level": "substantive", "reason": "Pyongyang"}, "turns": 13, "state_hash": "c"},
    {"seed": 3, "winner": None, "outcome": None, "turns": 5, "state_hash": "d"},
]


def test_report_counts_levels_and_lengths():
    rep = report(["communist", "allied"], RESULTS)
    assert rep.games == 4
    assert rep.wins == {"communist": 1, "allied": 2}
    assert rep.win_rate("allied") == 0.5 and rep.win_rate("communist") == 0.25
    assert rep.levels == {"communist: decisive": 1, "allied: marginal": 1, "allied: substantive": 1,
                          "none: unfinished": 1}
    assert rep.lengths == {3: 1, 13: 2, 5: 1}
    assert rep.mean_turns == pytest.approx(34 / 4)
    assert rep.interval("allied") == wilson_interval(2, 4)
    j = rep.to_json()
    assert j["ci95"]["allied"] == list(wilson_interval(2, 4)) and j["lengths"] == {"3": 1, "5": 1, "13": 2}


def test_csv_exports():
    rows = list(csv.reader(io.StringIO(results_csv(RESULTS))))
    assert rows[0] == ["seed", "winner", "level", "reason", "turns", "state_hash"]
    assert rows[1] == ["0", "communist", "decisive", "took Pusan", "3", "a"]
    assert rows[4] == ["3", "", "", "", "5", "d"]
    rep = report(["communist", "allied"], RESULTS)
    srows = list(csv.reader(io.StringIO(summary_csv(rep))))
    assert srows[0] == ["side", "wins", "games", "win_rate", "ci95_low", "ci95_high"]
    lo, hi = wilson_interval(2, 4)
    assert srows[2] == ["allied", "2", "4", "0.5000", f"{lo:.4f}", f"{hi:.4f}"]


def test_empty_report():
    rep = report(["a", "b"], [])
    assert rep.games == 0 and rep.win_rate("a") == 0.0 and rep.mean_turns == 0.0
