"""Undo/redo across every kind of edit, and byte-identical round trips of shipped files."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from app.editor.document import Document
from app.engine.canonical import canonical_text

from .conftest import click, drag

ROOT = Path(__file__).resolve().parents[2]


def _check_undo_redo(doc, snapshots: list[str]) -> None:
    """Undo back to the start and redo to the end, checking every intermediate text."""
    stack = doc.undo_stack
    assert stack.count() == len(snapshots) - 1, [stack.text(i) for i in range(stack.count())]
    for i in range(len(snapshots) - 1, 0, -1):
        assert doc.serialize() == snapshots[i], stack.text(i - 1)
        stack.undo()
    assert doc.serialize() == snapshots[0]
    for i in range(1, len(snapshots)):
        stack.redo()
        assert doc.serialize() == snapshots[i], stack.text(i - 1)


def test_undo_redo_every_hex_map_edit(make_window, tmp_path):
    from PySide6.QtGui import QColor, QImage
    w = make_window(None, kind="hexmap", columns=8, rows=6)
    w.view.fit()
    s, view, doc = w.scene, w.view, w.doc
    snaps = [doc.serialize()]

    def step(fn):
        fn()
        snaps.append(doc.serialize())

    w.ask_text = lambda title, default: "Pusan"
    step(lambda: (w.set_tool("terrain"), w.set_terrain("rough"), drag(view, [s.hex_centre("0202"), s.hex_centre("0302")])))
    step(lambda: (w.set_tool("fill"), w.set_terrain("broken"), click(view, s.hex_centre("0505"))))
    step(lambda: (w.set_tool("hexside"), click(view, s.side_centre("0303", "0304"))))
    step(lambda: (w.set_tool("road"), drag(view, [s.hex_centre("0404"), s.hex_centre("0504")])))
    step(lambda: (w.set_tool("elevation"), click(view, s.hex_centre("0606"))))
    step(lambda: (w.set_tool("feature"), click(view, s.hex_centre("0404"))))
    step(lambda: (w.set_tool("name"), click(view, s.hex_centre("0404"))))
    step(lambda: (w.set_tool("label"), click(view, s.hex_centre("0606"))))
    step(lambda: w.new_line("dmz"))
    step(lambda: click(view, s.side_centre("0101", "0102")))
    step(lambda: w.new_region("north"))
    step(lambda: click(view, s.hex_centre("0101")))
    r = s.sceneRect()
    step(lambda: (w.set_tool("box"), drag(view, [QPointF(r.right() - 140, r.top() + 10), QPointF(r.right() - 20, r.top() + 60)])))
    img = QImage(40, 30, QImage.Format_RGB32)
    img.fill(QColor("#884422"))
    img.save(str(tmp_path / "bg.png"))
    step(lambda: w.set_background(str(tmp_path / "bg.png")))
    step(lambda: w.set_background_opacity(0.8))
    step(lambda: w.resize_map(right=1, top=1))
    w.set_tool("inspect")
    click(view, s.hex_centre("0303"))
    step(lambda: w.hex_props.elev.setValue(7))
    _check_undo_redo(doc, snaps)


def test_undo_redo_every_board_edit(make_window):
    w = make_window(None, kind="pointgraph")
    s, view, doc = w.scene, w.view, w.doc
    view.resetTransform()
    view.centerOn(QPointF(400, 300))
    snaps = [doc.serialize()]

    def step(fn):
        fn()
        snaps.append(doc.serialize())

    w.set_tool("space")
    step(lambda: click(view, QPointF(200, 200)))
    step(lambda: click(view, QPointF(450, 250)))
    step(lambda: click(view, QPointF(300, 420)))
    assert [sp["id"] for sp in doc.data["spaces"]] == ["S1", "S2", "S3"]
    w.set_tool("select")
    step(lambda: drag(view, [QPointF(300, 420), QPointF(320, 440), QPointF(340, 460)]))
    assert (doc.data["spaces"][2]["x"], doc.data["spaces"][2]["y"]) == (340, 460)
    w.set_tool("arrow")
    w.colour_combo.setCurrentText("blue")
    step(lambda: drag(view, [QPointF(200, 200), QPointF(330, 230), QPointF(450, 250)]))
    assert doc.data["arrows"] == [{"from": "S1", "to": "S2", "colour": "blue"}]
    w.set_tool("link")
    step(lambda: drag(view, [QPointF(450, 250), QPointF(400, 350), QPointF(340, 460)]))
    assert doc.data["links"] == [{"a": "S2", "b": "S3", "style": "dashed"}]
    w.set_tool("select")
    click(view, QPointF(200, 200))
    props = w.space_props
    props.name.setText("Hagaru-ri")
    step(lambda: props.name.editingFinished.emit())
    step(lambda: props.colour.setCurrentText("yellow"))
    props.id.setText("C")
    step(lambda: props.id.editingFinished.emit())
    assert doc.data["arrows"][0]["from"] == "C"
    w.set_tool("delete")
    step(lambda: click(view, QPointF(395, 355)))  # on the link
    assert doc.data["links"] == []
    step(lambda: click(view, QPointF(450, 250)))  # space S2 and its arrow
    assert doc.data["arrows"] == [] and len(doc.data["spaces"]) == 2
    from app.engine.pointgraph import validate_pointgraph
    assert validate_pointgraph(doc.data) == []
    _check_undo_redo(doc, snaps)


def test_undo_redo_every_table_edit_with_snapping(make_window):
    from app.editor.tablescene import PPI
    w = make_window(None, kind="table")
    s, view, doc = w.scene, w.view, w.doc
    view.resetTransform()
    view.centerOn(QPointF(12 * PPI, 10 * PPI))

    def at(x, y):
        return QPointF(x * PPI, y * PPI)

    snaps = [doc.serialize()]

    def step(fn):
        fn()
        snaps.append(doc.serialize())

    w.set_tool("polygon")
    w.kind_combo.setCurrentText("hill")
    for x, y in ((4.1, 4.2), (10.2, 3.9), (9.8, 9.1)):
        click(view, at(x, y))
    step(lambda: QTest.mouseDClick(view.viewport(), Qt.LeftButton, Qt.NoModifier, view.mapFromScene(at(5.1, 9.2))))
    hill = doc.data["features"][0]
    assert hill["kind"] == "hill" and hill["polygon"][0] == [4.0, 4.0]  # grid snap to 0.5"
    w.kind_combo.setCurrentText("road")
    assert s.tool == "line"
    click(view, at(10.1, 3.8))  # vertex snap onto the hill's corner
    click(view, at(16.0, 3.0))
    step(lambda: s.finish_drawing())
    road = doc.data["features"][1]
    assert road["line"][0] == [10.0, 4.0] and road["attrs"]["width"] == 1.0
    w.set_tool("select")
    click(view, at(7, 6))
    assert s.selected == 0
    step(lambda: drag(view, [at(10.0, 9.0), at(11.0, 10.0), at(12.2, 11.1)]))
    assert doc.data["features"][0]["polygon"][2] == [12.0, 11.0]
    step(lambda: QTest.mouseDClick(view.viewport(), Qt.LeftButton, Qt.NoModifier, view.mapFromScene(at(7.0, 4.0))))
    assert len(doc.data["features"][0]["polygon"]) == 5
    step(lambda: click(view, at(7.0, 4.0), button=Qt.RightButton))
    assert len(doc.data["features"][0]["polygon"]) == 4
    fp = w.feature_props
    fp.name.setText("Hill 1282")
    step(lambda: fp.name.editingFinished.emit())
    step(lambda: fp.impassable.setChecked(True))
    step(lambda: (w.set_tool("delete"), click(view, at(13.0, 3.5))))
    assert [f["id"] for f in doc.data["features"]] == ["hill-1"]
    from app.engine.table import validate_table
    assert validate_table(doc.data) == []
    _check_undo_redo(doc, snaps)


def test_undo_redo_every_counter_edit(make_window):
    w = make_window(None, kind="counters")
    des = w.counters_editor.designer
    doc = w.doc
    snaps = [doc.serialize()]

    def step(fn):
        fn()
        snaps.append(doc.serialize())

    step(lambda: QTest.mouseClick(des.add_btn, Qt.LeftButton))
    des.f_name.setText("24th Division")
    step(lambda: des.f_name.editingFinished.emit())
    step(lambda: des.f_nation.setCurrentText("kpa"))  # side follows nation: one step
    step(lambda: des.f_type.setCurrentText("armor"))
    step(lambda: des.f_size.setCurrentText("XXX"))
    step(lambda: des.f_full.setValue(9))
    step(lambda: des.f_red.setValue(5))
    step(lambda: des.f_move.setValue(6))
    step(lambda: des.f_start_reduced.setChecked(True))
    step(lambda: des.f_replaceable.setChecked(False))
    step(lambda: QTest.mouseClick(des.dup_btn, Qt.LeftButton))
    step(lambda: QTest.mouseClick(des.del_btn, Qt.LeftButton))
    assert doc.data["unit"][0]["side"] == "communist"
    _check_undo_redo(doc, snaps)


def test_undo_redo_scenario_edits(make_window, tmp_path, monkeypatch):
    from app.editor import scenario as scenario_mod
    from app.editor.document import empty_document
    from app.editor.hexops import new_hexmap
    from app.engine.files import dumps_json
    (tmp_path / "map.json").write_text(dumps_json(new_hexmap(5, 4)), encoding="utf-8")
    (tmp_path / "counters.toml").write_text(
        '[[unit]]\nid = "a"\nside = "allied"\nnation = "us"\ntype = "infantry"\nstrength = [4, 2]\nmove = 4\nsetup = "0202"\n',
        encoding="utf-8")
    monkeypatch.setattr(scenario_mod, "game_dir", lambda game: tmp_path)
    w = make_window(None, kind="counters")
    w.set_document(empty_document("scenario", w, game="korea38", id="u", name="U"))
    s, view, doc, panel = w.scene, w.view, w.doc, w.scenario_panel
    view.fit()
    snaps = [doc.serialize()]

    def step(fn):
        fn()
        snaps.append(doc.serialize())

    panel.units_list.setCurrentRow(0)
    w.set_tool("place")
    step(lambda: click(view, s.hex_centre("0303")))
    w.set_tool("control")
    step(lambda: click(view, s.hex_centre("0101")))
    step(lambda: click(view, s.hex_centre("0101"), button=Qt.RightButton))
    w.set_tool("remove")
    step(lambda: click(view, s.hex_centre("0303")))
    assert "piece" not in doc.data and "control" not in doc.data
    step(lambda: panel.reinf.item(0, 1).setText("4"))
    step(lambda: panel.f_last.setValue(9))
    panel.f_name.setText("Renamed")
    step(lambda: panel.f_name.editingFinished.emit())
    step(lambda: panel.add_victory_row())
    _check_undo_redo(doc, snaps)


def _shipped() -> list[Path]:
    res = ROOT / "resources"
    return sorted(p for p in res.rglob("*") if p.suffix in (".json", ".toml") and p.is_file())


@pytest.mark.parametrize("path", _shipped(), ids=lambda p: str(p.relative_to(ROOT)))
def test_shipped_file_round_trips(path: Path):
    """Every shipped file is canonical, and loading it into the editor and saving it unchanged
    keeps every byte."""
    text = path.read_text(encoding="utf-8")
    assert canonical_text(path, text) == text, (
        f"{path.relative_to(ROOT)} is not in canonical form (run: ridgeline fmt {path.relative_to(ROOT)})")
    doc = Document.open(path)
    assert doc.serialize() == text


@pytest.mark.parametrize("path", [p for p in _shipped() if p.suffix == ".json"][:6] +
                         [p for p in _shipped() if "scenarios" in p.parts][:3] +
                         [p for p in _shipped() if p.name == "counters.toml"][:2],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_shipped_file_opens_in_the_editor_window(make_window, path: Path, tmp_path):
    w = make_window(str(path))
    assert w.doc.kind != "data" or path.suffix == ".toml"
    out = tmp_path / path.name
    before = w.doc.serialize()
    w.save_as(str(out))
    assert out.read_text(encoding="utf-8") == before
