"""The Balance lab on a Korea scenario: the same games as ``ridgeline selfplay`` for a seed, plus
the Pusan figure, the turn of the decision and the front month by month against history, in the
charts and in the exported CSV and PNG; and a Dask scheduler used when one is given."""

from __future__ import annotations

import csv
from pathlib import Path

from app.ai.korea38.measure import history_rows, summarise
from app.ai.selfplay import run_many

ROOT = Path(__file__).resolve().parents[2]
MINI = str(ROOT / "tests" / "korea38" / "fixtures" / "mini_files" / "scenarios" / "campaign.toml")


def _lab(qtbot):
    from app.ui.balance_lab import BalanceLab
    lab = BalanceLab(MINI)
    qtbot.addWidget(lab)
    lab.games_box.setValue(3)
    lab.seed_box.setValue(5)
    lab.jobs_box.setValue(1)
    lab.player_boxes[0].setCurrentIndex(lab.player_boxes[0].findData("ai"))   # shown as "Computer"
    lab.player_boxes[1].setCurrentIndex(lab.player_boxes[1].findData("random"))
    return lab


def test_korea_lab_measures_the_front_and_exports_it(qtbot, tmp_path):
    lab = _lab(qtbot)
    assert lab.is_korea and len(lab.chart_views) == 4
    lab.start()
    qtbot.waitUntil(lambda: lab.run_btn.isEnabled() and lab.rep is not None, timeout=120_000)
    expected = run_many(MINI, 3, 5, ["ai", "random"], jobs=1)
    assert [r["state_hash"] for r in lab.results] == [r["state_hash"] for r in expected]
    assert all("fronts" in r for r in lab.results)
    assert lab.summary is not None and lab.summary["games"] == 3
    assert "Pusan taken before turn 4" in lab.status.text()
    names = [s.name() for s in lab.front_chart.series()]
    assert names[0] == "history" and any(n.startswith("games, median") for n in names)
    hist = lab.front_chart.series()[0]
    assert hist.count() == len(lab.summary["months"])
    assert hist.at(0).y() == history_rows()[int(hist.at(0).x())]
    png = lab.export_png(str(tmp_path / "k.png"))
    assert Path(png).stat().st_size > 1000
    lab.export_csv(str(tmp_path / "k.csv"))
    rows = list(csv.DictReader(open(tmp_path / "k-front.csv", encoding="utf-8")))
    assert [int(r["turn"]) for r in rows] == [m["turn"] for m in lab.summary["months"]]
    assert rows[0]["history_row"] == str(history_rows()[int(rows[0]["turn"])])


def test_korea_lab_is_deterministic_for_a_seed(qtbot):
    runs = []
    for _ in range(2):
        lab = _lab(qtbot)
        lab.games_box.setValue(2)
        lab.start()
        qtbot.waitUntil(lambda: lab.run_btn.isEnabled() and lab.rep is not None, timeout=120_000)
        runs.append((lab.results, lab.summary))
    assert runs[0] == runs[1]


def test_summary_counts_pusan_and_the_front_within_three_rows():
    hist = history_rows()
    games = [
        {"seed": 0, "winner": "communist", "level": "decisive", "turns": 2, "first_turn": 1,
         "fronts": {"1": 20.0, "2": 25.0}},
        {"seed": 1, "winner": "allied", "level": "marginal", "turns": 13, "first_turn": 1,
         "fronts": {str(t): hist[t] + (2.0 if t % 2 else 5.0) for t in range(1, 14)}},
    ]
    s = summarise(games)
    assert s["wins"] == {"communist": 1, "allied": 1} and s["pusan_early"] == 1
    aug = next(m for m in s["months"] if m["turn"] == 3)      # odd month: 2 rows off, within
    sep = next(m for m in s["months"] if m["turn"] == 4)      # even month: 5 rows off
    assert (aug["within"], aug["games"], aug["playing"]) == (1, 2, 1)
    assert sep["within"] == 0 and sep["share_within"] == 0.0
    assert s["decided"] == {2: 1, 13: 1}


def test_a_dask_scheduler_runs_the_same_games(qtbot):
    import pytest
    distributed = pytest.importorskip("distributed")
    from app.ui.balance_lab import _Runner, task_function
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        runner = _Runner(MINI, 2, 5, ["ai", "random"], 1, task=task_function("korea38"),
                         scheduler=cluster.scheduler_address)
        got: list = []
        runner.finished.connect(got.extend)
        runner.run()
    expected = run_many(MINI, 2, 5, ["ai", "random"], jobs=1)
    assert [r["state_hash"] for r in got] == [r["state_hash"] for r in expected]
