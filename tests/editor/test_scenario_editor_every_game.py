"""The scenario editor opens a scenario of every game on its own board, and offers the Korea-style
fields (turns, data folder, units to place, reinforcements, control) only where counters are
placed by hex: in the other games those fields wrote keys their scenarios never read."""

from __future__ import annotations

import shutil

import pytest

import app.games  # noqa: F401 - installs the game resolver
from app import RESOURCES

CASES = [("korea38", "campaign.toml", "hexmap", True), ("semper-fi", "4-1-ambush.toml", "hexmap", False),
         ("frozen-chosin", "first-days.toml", "table", False), ("chosin-few", "standard.toml", "pointgraph", False),
         ("guts", None, "table", False)]


@pytest.mark.parametrize("gid,name,board,placing", CASES)
def test_a_scenario_of_every_game_opens_on_its_board(make_window, gid, name, board, placing) -> None:
    path = RESOURCES / gid / "scenarios" / name if name else sorted((RESOURCES / gid / "scenarios").glob("*.toml"))[0]
    w = make_window(str(path))
    assert w.view is not None, "the board is shown"
    assert w.map_doc is not None and w.map_doc.kind == board
    panel = w.scenario_panel
    assert panel.placing is placing
    assert panel.units_list.isVisibleTo(panel) is placing
    assert panel.f_first.isVisibleTo(panel) is placing and panel.f_data.isVisibleTo(panel) is placing
    assert panel.written_note.isVisibleTo(panel) is not placing
    if placing:
        assert {"place", "remove", "control"} <= set(w.tool_buttons)
    else:
        assert set(w.tool_buttons) <= {"inspect"}              # no tool that writes to the file


def test_a_semper_fi_scenario_is_not_given_korea_keys_by_the_editor(make_window, tmp_path) -> None:
    src = RESOURCES / "semper-fi" / "scenarios" / "4-1-ambush.toml"
    f = tmp_path / "ambush.toml"
    shutil.copy(src, f)
    w = make_window(str(f))
    panel = w.scenario_panel
    panel.f_name.setText("4.1 Ambush! (mine)")
    panel.f_name.editingFinished.emit()
    assert w.save()
    text = f.read_text(encoding="utf-8")
    assert 'name = "4.1 Ambush! (mine)"' in text
    assert "[start]" not in text and "last_turn" not in text and "[control]" not in text


def test_semper_fi_set_up_areas_are_listed_and_drawn_one_at_a_time(make_window) -> None:
    w = make_window(str(RESOURCES / "semper-fi" / "scenarios" / "5-1-morning-assault.toml"))
    scene, panel = w.view.scene(), w.scenario_panel
    assert [a["side"] for a in scene.areas] == ["us", "nk"]
    assert panel.areas_box.isVisibleTo(panel) and panel.areas_list.count() == 3
    assert panel.areas_list.item(1).text().startswith("US: 2/5 Marines")
    assert all(h in scene.polys for a in scene.areas for h in a["hexes"])
    panel.areas_list.setCurrentRow(2)                       # the North Korean area alone
    assert scene.area_index == 1
    panel.areas_list.setCurrentRow(0)
    assert scene.area_index == -1


def test_korea_scenarios_have_no_set_up_area_list(make_window) -> None:
    w = make_window(str(RESOURCES / "korea38" / "scenarios" / "campaign.toml"))
    assert not w.scenario_panel.areas_box.isVisibleTo(w.scenario_panel)
