"""``ridgeline bench``: the drag highlight is measured on every board (never its timings)."""

from __future__ import annotations

import json
from pathlib import Path

from app import bench
from app.cli import main


def test_every_semper_fi_map_and_the_frozen_chosin_table_has_a_drag_scenario():
    boards = {label: (name, path) for label, name, path in bench.board_scenarios()}
    for label, name in (("semper-fi/changchon", "Changchon"), ("semper-fi/no-name-ridge", "No-Name Ridge"),
                        ("semper-fi/fox-hill", "Fox Hill"), ("semper-fi/hagaru", "Hagaru")):
        assert label in boards, sorted(boards)
        assert name.lower() in boards[label][0].lower()
    assert "frozen-chosin" in boards and "korea38" in boards
    assert boards["frozen-chosin"][0] == "Frozen Chosin"         # a board without a map: the game's name
    # the heaviest scenario of the map: No-Name Ridge's is 5.3, the whole battle
    assert boards["semper-fi/no-name-ridge"][1].name == "5-3-battle-for-no-name-ridge.toml"
    assert all(p.parent.parent.name == label.split("/")[0] for label, (_, p) in boards.items())


def _fake_child(monkeypatch, slow: set[str]):
    """Children that answer at once: 30 ms presses on the scenarios named in ``slow``."""
    asked: list[str] = []

    def run_child(task, timeout=0):
        asked.append(Path(task["scenario"]).name)
        ms = 30.0 if Path(task["scenario"]).name in slow else 3.0
        return bench.ChildRun({"samples": [ms] * int(task["n"]), "cpu": [ms / 2] * int(task["n"])},
                              1.0, 100.0, "", 0.5)
    monkeypatch.setattr(bench, "run_child", run_child)
    return asked


def test_the_drag_figure_carries_one_entry_per_board_with_its_aim(monkeypatch):
    asked = _fake_child(monkeypatch, {"4-1-ambush.toml"})
    out = bench.measure(["drag_highlight_ms"], quick=True, log=lambda m: None)
    fig = out["drag_highlight_ms"]
    maps = fig["maps"]
    assert maps["semper-fi/changchon"]["aim_met"] is False and maps["semper-fi/changchon"]["p95"] == 30.0
    assert maps["semper-fi/hagaru"]["aim_met"] is True and maps["semper-fi/hagaru"]["child_cpu_s"] == 0.5
    assert maps["semper-fi/changchon"]["cpu_median"] == 15.0 and fig["cpu_median"] > 0
    assert maps["frozen-chosin"]["scenario"].startswith("resources/frozen-chosin/scenarios/")
    # every scenario is measured once: the largest is not measured again for its board
    assert len(asked) == len(set(asked)) >= len(maps)


def test_text_report_and_baseline_show_each_board(monkeypatch, capsys, tmp_path):
    _fake_child(monkeypatch, {"4-1-ambush.toml"})
    assert main(["bench", "--quick", "--only", "drag_highlight_ms"]) == 0
    out = capsys.readouterr().out
    line = next(ln for ln in out.splitlines() if "semper-fi/changchon:" in ln)
    assert "MISSED" in line and "Changchon" in line and "4-1-ambush" in line
    assert "met" in next(ln for ln in out.splitlines() if "semper-fi/fox-hill:" in ln)
    assert "load average" in out                      # the machine's line still follows the boards
    assert main(["bench", "--quick", "--only", "drag_highlight_ms", "--json"]) == 0
    stored = tmp_path / "before.json"
    stored.write_text(capsys.readouterr().out)
    _fake_child(monkeypatch, set())          # Changchon ten times faster now
    assert main(["bench", "--quick", "--json", "--baseline", str(stored)]) == 0
    rows = json.loads(capsys.readouterr().out)["baseline"]["figures"]
    row = rows["drag_highlight_ms[semper-fi/changchon]"]
    assert row["ratio"] == 0.1 and row["verdict"] == "better" and row["child_cpu_ratio"] == 1.0
    assert row["cpu_ratio"] == 0.1
    assert rows["drag_highlight_ms[semper-fi/hagaru]"]["verdict"] == "same"
