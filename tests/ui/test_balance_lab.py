"""The Balance lab runs self-play in the background, charts the results and exports them."""

from __future__ import annotations

import csv
from pathlib import Path

from app.ai.balance import report, wilson_interval
from app.ai.selfplay import run_many

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = str(ROOT / "resources" / "chosin-few" / "scenarios" / "standard.toml")


def test_balance_lab_runs_charts_and_exports(qtbot, tmp_path):
    from app.ui.balance_lab import BalanceLab
    lab = BalanceLab(SCENARIO)
    qtbot.addWidget(lab)
    lab.games_box.setValue(4)
    lab.seed_box.setValue(11)
    lab.jobs_box.setValue(1)
    lab.player_boxes[0].setCurrentIndex(lab.player_boxes[0].findData("random"))
    lab.start()
    qtbot.waitUntil(lambda: lab.run_btn.isEnabled() and lab.rep is not None, timeout=60_000)
    # The same games as the command line's selfplay with the same seed and players.
    expected = run_many(SCENARIO, 4, 11, ["random"], jobs=1)
    assert [r["state_hash"] for r in lab.results] == [r["state_hash"] for r in expected]
    assert lab.rep.games == 4 and sum(lab.rep.lengths.values()) == 4
    assert lab.win_chart.series() and lab.level_chart.series() and lab.length_chart.series()
    assert "4 games" in lab.status.text()
    png = lab.export_png(str(tmp_path / "b.png"))
    assert Path(png).stat().st_size > 1000
    lab.export_csv(str(tmp_path / "b.csv"))
    rows = list(csv.DictReader(open(tmp_path / "b.csv", encoding="utf-8")))
    assert [int(r["seed"]) for r in rows] == [11, 12, 13, 14]
    summary = list(csv.DictReader(open(tmp_path / "b-summary.csv", encoding="utf-8")))
    assert summary[0]["side"] == "player" and summary[0]["games"] == "4"


def test_balance_lab_can_be_cancelled(qtbot):
    from app.ui.balance_lab import BalanceLab
    lab = BalanceLab(SCENARIO)
    qtbot.addWidget(lab)
    lab.games_box.setValue(500)
    lab.jobs_box.setValue(1)
    lab.player_boxes[0].setCurrentIndex(lab.player_boxes[0].findData("random"))
    lab.start()
    lab.cancel()
    qtbot.waitUntil(lambda: lab.run_btn.isEnabled(), timeout=60_000)
    assert len(lab.results) < 500


def test_wilson_interval_against_hand_computed_values():
    lo, hi = wilson_interval(50, 100)
    assert abs(lo - 0.4038) < 1e-3 and abs(hi - 0.5962) < 1e-3
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0 and abs(hi - 0.2775) < 1e-3
    rep = report(["a", "b"], [{"winner": "a", "turns": 3, "outcome": {"level": "win"}},
                              {"winner": None, "turns": 5, "outcome": None}])
    assert rep.win_rate("a") == 0.5 and rep.mean_turns == 4 and rep.levels == {"a: win": 1, "none: unfinished": 1}
