"""``ridgeline bench``: the shape of its report (never its timings)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

import app
import app.games
from app import bench
from app.cli import main

MACHINE_KEYS = {"cpu", "cores", "ram_gb", "python", "qt", "platform"}


def _check_figure(name: str, fig: dict) -> None:
    assert isinstance(fig, dict), name
    assert {"median", "p95"} <= set(fig) <= {"median", "p95", "reason", "note", "cpu_median", "maps"}, name
    if fig["median"] is None:
        assert fig["p95"] is None and isinstance(fig.get("reason"), str) and fig["reason"], name
    else:
        assert "reason" not in fig
        for k in ("median", "p95"):
            assert isinstance(fig[k], (int, float)) and math.isfinite(fig[k]) and fig[k] >= 0, name
        assert fig["p95"] >= fig["median"], name


def test_quick_json_through_the_cli(capsys):
    code = main(["bench", "--quick", "--only", "reach_ms,replay_10k_s", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"reach_ms", "replay_10k_s", "machine"}
    for name in ("reach_ms", "replay_10k_s"):
        _check_figure(name, data[name])
    assert data["reach_ms"]["median"] is not None, data["reach_ms"].get("reason")
    assert data["replay_10k_s"]["median"] is not None, data["replay_10k_s"].get("reason")
    assert data["replay_10k_s"]["cpu_median"] > 0  # processor time, measured alongside
    assert MACHINE_KEYS <= set(data["machine"])
    assert isinstance(data["machine"]["cores"], int) and data["machine"]["python"]


def test_figure_names_are_the_contract():
    assert bench.FIGURES == ("startup_s", "drag_highlight_ms", "frame_ms", "reach_ms",
                             "ai_turn_s", "campaigns_per_min", "replay_10k_s", "peak_rss_mb", "los_ms",
                             "sf_legal_ms", "sf_game_s")
    assert set(bench.MEASURES) == set(bench.FIGURES) == set(bench.UNITS)


def test_unknown_figure_is_refused(capsys):
    assert main(["bench", "--only", "reach_ms,warp_speed"]) == 2
    assert "warp_speed" in capsys.readouterr().err


def test_a_figure_whose_game_is_missing_is_null_with_a_reason(monkeypatch):
    monkeypatch.setattr(app.games, "is_playable", lambda gid: False)
    out = bench.measure(["ai_turn_s", "campaigns_per_min"], quick=True, log=lambda m: None)
    assert set(out) == {"ai_turn_s", "campaigns_per_min", "machine"}
    for name in ("ai_turn_s", "campaigns_per_min"):
        _check_figure(name, out[name])
        assert out[name]["median"] is None and "korea38" in out[name]["reason"]


def test_text_report_lists_figures_and_machine(capsys, monkeypatch):
    monkeypatch.setattr(app.games, "is_playable", lambda gid: False)
    assert main(["bench", "--quick", "--only", "ai_turn_s"]) == 0
    out = capsys.readouterr().out
    assert "machine:" in out and "ai_turn_s" in out and "not measured" in out
    assert "median" in out and "p95" in out


def test_percentiles_and_summary():
    assert bench.percentile([5.0], 95) == 5.0
    assert bench.percentile([1, 2, 3, 4, 5], 50) == 3
    assert bench.percentile(list(range(1, 101)), 95) == pytest.approx(95.05)
    s = bench.summary([0.001234567, 0.002, 0.003], note="n")
    assert s == {"median": 0.002, "p95": 0.0029, "note": "n"}
    assert bench.missing("why") == {"median": None, "p95": None, "reason": "why"}


def test_largest_scenario_weighs_the_game_files(monkeypatch, tmp_path):
    for game, scen_bytes, data_bytes in (("small", 500, 10), ("big", 100, 5000)):
        d = tmp_path / game / "scenarios"
        d.mkdir(parents=True)
        (d / "s.toml").write_text("x" * scen_bytes)
        (tmp_path / game / "map.json").write_text("y" * data_bytes)
    monkeypatch.setattr(app, "RESOURCES", tmp_path)
    assert bench.largest_scenario() == tmp_path / "big" / "scenarios" / "s.toml"
    monkeypatch.setattr(app, "RESOURCES", tmp_path / "none")
    assert bench.largest_scenario() is None


def test_ui_figures_without_a_scenario_say_so(monkeypatch, tmp_path):
    monkeypatch.setattr(app, "RESOURCES", tmp_path)
    out = bench.measure(["startup_s", "peak_rss_mb"], quick=True, log=lambda m: None)
    for name in ("startup_s", "peak_rss_mb"):
        assert out[name]["median"] is None and "scenario" in out[name]["reason"]


def test_child_protocol_reports_errors_in_a_real_subprocess():
    with pytest.raises(bench.Unavailable) as e:
        bench.run_child({"task": "no-such-task", "scenario": "x"}, timeout=120)
    assert "no-such-task" in str(e.value) or "bench_hooks" in str(e.value)


def test_machine_info_never_fails():
    m = bench.machine_info()
    assert MACHINE_KEYS <= set(m) and m["cores"] >= 1
    assert isinstance(m["cpu"], str) and m["cpu"]


def test_drill_save_replays(monkeypatch):
    from app.bench_drill import DRILL_ID, DrillGame, drill_save
    from app.engine.saves import replay
    data = drill_save(300, seed=3)
    assert len(data["actions"]) == 300 and data["game"] == DRILL_ID
    real = app.games.get_game
    monkeypatch.setattr(app.games, "get_game", lambda g: DrillGame() if g == DRILL_ID else real(g))
    m = replay(data, verify=True)
    assert m.digest() == data["actions"][-1]["digest"]
    assert any(e.kind == "roll" for e in m.events())
    assert Path(app.ROOT / "app" / "bench_drill.py").is_file()


# -- --baseline: comparing with a stored report --------------------------------------------------

def _report(**figs) -> dict:
    out = {n: {"median": m, "p95": p} for n, (m, p) in figs.items()}
    out["machine"] = {"cpu": "x", "cores": 2, "load_avg": [1.0, 1.0, 1.0]}
    return out


def test_compare_gives_ratios_and_the_direction_of_each_figure():
    base = _report(replay_10k_s=(1.0, 1.2), campaigns_per_min=(100.0, 120.0), reach_ms=(0.5, 1.0),
                   frame_ms=(2.0, 3.0))
    now = _report(replay_10k_s=(0.8, 0.9), campaigns_per_min=(80.0, 100.0), reach_ms=(0.52, 2.0),
                  startup_s=(1.0, 1.1))
    now["frame_ms"] = bench.missing("no scenario")
    rows = bench.compare(now, base)
    assert set(rows) == {"replay_10k_s", "campaigns_per_min", "reach_ms", "frame_ms"}
    assert rows["replay_10k_s"] == {"baseline_median": 1.0, "median": 0.8, "ratio": 0.8,
                                    "p95_ratio": 0.75, "verdict": "better"}
    # a rate that fell is worse; a time within 10 % is the same, whatever its p95 did
    assert rows["campaigns_per_min"]["ratio"] == 0.8 and rows["campaigns_per_min"]["verdict"] == "WORSE"
    assert rows["reach_ms"]["ratio"] == 1.04 and rows["reach_ms"]["verdict"] == "same"
    assert rows["reach_ms"]["p95_ratio"] == 2.0
    assert rows["frame_ms"]["ratio"] is None and rows["frame_ms"]["verdict"] == "not compared"
    assert "cpu_ratio" not in rows["replay_10k_s"]
    base["replay_10k_s"]["cpu_median"], now["replay_10k_s"]["cpu_median"] = 2.0, 1.5
    assert bench.compare(now, base)["replay_10k_s"]["cpu_ratio"] == 0.75


def test_baseline_through_the_cli_measures_the_stored_figures(tmp_path, capsys):
    stored = tmp_path / "before.json"
    stored.write_text(json.dumps(_report(reach_ms=(1000.0, 2000.0))))
    assert main(["bench", "--quick", "--baseline", str(stored)]) == 0
    out = capsys.readouterr().out
    assert "reach_ms" in out and "replay_10k_s" not in out  # only what the baseline measured
    line = next(ln for ln in out.splitlines() if ln.startswith("reach_ms") and "better" in ln)
    assert "1000" in line
    assert "load average" in out
    assert main(["bench", "--quick", "--json", "--baseline", str(stored)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"reach_ms", "machine", "baseline"}
    row = data["baseline"]["figures"]["reach_ms"]
    assert row["verdict"] == "better" and 0 < row["ratio"] < 0.1
    assert data["baseline"]["file"] == str(stored)


@pytest.mark.parametrize("text, where", [
    ("{,", ":1: (top level): not JSON"),
    ('{"machine": {}}', ":1: (top level): not a `ridgeline bench --json` report"),
    ('{\n  "reach_ms": {"median": "fast"}\n}', ":2: reach_ms.median: expected a number or null"),
])
def test_a_bad_baseline_is_refused_with_its_line(tmp_path, capsys, text, where):
    f = tmp_path / "b.json"
    f.write_text(text)
    assert main(["bench", "--quick", "--baseline", str(f)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"{f}{where}" or err.startswith(f"{f}{where}")
    assert main(["bench", "--baseline", str(tmp_path / "missing.json")]) == 2
    assert capsys.readouterr().err.startswith(f"{tmp_path / 'missing.json'}:1: (file): cannot read it")


def test_sf_game_seconds_times_one_whole_game_a_seed():
    from app.ai.semper_fi.measure import game_seconds
    out = game_seconds([1, 2], scenario="4-2-night-attack", players="random,random")
    assert len(out) == 2 and all(t > 0 for t in out)
