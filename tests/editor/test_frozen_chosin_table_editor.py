"""The editor's table mode on Frozen Chosin's kinds (ice, shore, ridges, cliffs, towns, entry zones,
places, the airstrip, exits), driven like a designer, and the table file round-tripping byte for byte."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from tests.editor.conftest import click, drag

ROOT = Path(__file__).resolve().parents[2]
TABLE = ROOT / "resources" / "frozen-chosin" / "table.json"


def _at(x: float, y: float) -> QPointF:
    from app.editor.tablescene import PPI
    return QPointF(x * PPI, y * PPI)


def _dclick(view, pt: QPointF) -> None:
    QTest.mouseDClick(view.viewport(), Qt.LeftButton, Qt.NoModifier, view.mapFromScene(pt))


def test_table_file_is_canonical_and_saves_byte_for_byte(make_window, tmp_path):
    from app.engine.canonical import format_files
    assert format_files([str(TABLE)], check=True) == 0  # what `ridgeline fmt --check` runs
    copy = tmp_path / "table.json"
    shutil.copy(TABLE, copy)
    w = make_window(str(copy))
    assert w.doc.kind == "table"
    assert w.doc.serialize() == TABLE.read_text(encoding="utf-8")
    w.doc.edit("touch", [(("width",), 80.0)])  # a change and its undo leave no trace
    w.doc.undo_stack.undo()
    w.save_as(str(tmp_path / "saved.json"))
    assert (tmp_path / "saved.json").read_bytes() == TABLE.read_bytes()


def test_designer_adds_each_frozen_chosin_kind(make_window):
    from app.editor.tablescene import KINDS
    from app.engine.table import Table, validate_table
    w = make_window(None, kind="table")
    s, view, doc = w.scene, w.view, w.doc
    view.resetTransform()
    view.centerOn(_at(14, 12))
    start = doc.serialize()
    w.set_tool("polygon")
    palette = [w.kind_combo.itemText(i) for i in range(w.kind_combo.count())]
    for k in ("ice", "shore", "ridge", "cliff", "town", "entry-zone", "place", "airstrip", "edge", "road"):
        assert k in palette and k in KINDS

    def outline(kind: str, pts: list[tuple[float, float]]) -> dict:
        w.kind_combo.setCurrentText(kind)  # the kind picks the tool: polygon or line
        for x, y in pts[:-1]:
            click(view, _at(x, y))
        _dclick(view, _at(*pts[-1]))
        return doc.data["features"][-1]

    ice = outline("ice", [(2, 2), (10, 2), (10, 7), (2, 7)])
    assert s.tool == "polygon"
    assert ice["kind"] == "lake" and ice["attrs"]["ice"] is True and "impassable" not in ice["attrs"]
    shore = outline("shore", [(2, 7.5), (10, 7.5)])
    assert s.tool == "line" and shore["kind"] == "shore" and shore["line"] == [[2.0, 7.5], [10.0, 7.5]]
    ridge = outline("ridge", [(12, 2), (18, 2.5), (17, 5)])
    assert ridge["kind"] == "ridge" and "polygon" in ridge and ridge["attrs"]["blocks_los"] is True
    cliff = outline("cliff", [(12, 6), (16, 7)])
    assert cliff["kind"] == "cliff" and "line" in cliff and cliff["attrs"]["impassable"] is True
    town = outline("town", [(3, 10), (6, 10), (6, 12), (3, 12)])
    assert town["kind"] == "town" and town["name"] == town["attrs"]["name"] == "Town 1"
    z1 = outline("entry-zone", [(0, 14), (4, 14), (4, 19), (0, 19)])
    z2 = outline("entry-zone", [(20, 14), (24, 14), (24, 19)])
    assert (z1["attrs"]["number"], z2["attrs"]["number"]) == (1, 2)
    assert z2["name"] == "Entry zone 2" and z2["id"] == "entry-zone-2"
    strip = outline("airstrip", [(8, 14), (11, 14), (11, 14.5), (8, 14.5)])
    assert strip["kind"] == "airstrip"
    edge = outline("edge", [(0, 20), (0, 23)])
    assert edge["kind"] == "edge" and edge["line"][0] == [0.0, 20.0]
    road = outline("road", [(1, 21.5), (9, 21.5)])
    assert road["attrs"]["width"] == 1.0
    # a place is put down with one click: a small square round the (grid-snapped) point
    w.kind_combo.setCurrentText("place")
    click(view, _at(5.1, 21.4))
    place = doc.data["features"][-1]
    assert place["kind"] == "place" and place["attrs"]["name"] == "Place 1"
    assert place["polygon"] == [[4.6, 21.1], [5.4, 21.1], [5.4, 21.9], [4.6, 21.9]]  # round (5, 21.5)
    kinds = [f["kind"] for f in doc.data["features"]]
    assert kinds == ["lake", "shore", "ridge", "cliff", "town", "entry-zone", "entry-zone", "airstrip", "edge",
                     "road", "place"]
    assert validate_table(doc.data) == []
    t = Table.from_json(doc.data)
    assert t.feature("place-1").geometry.area == 0.64 or abs(t.feature("place-1").geometry.area - 0.64) < 1e-9
    # everything undoes back to the empty table
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert doc.serialize() == start


def test_designer_edits_names_numbers_exits_and_ice_in_the_feature_dock(make_window):
    w = make_window(None, kind="table")
    s, view, doc = w.scene, w.view, w.doc
    view.resetTransform()
    view.centerOn(_at(10, 10))
    fp = w.feature_props
    w.set_tool("polygon")
    for kind, pts in (("place", [(5, 5)]),
                      ("entry-zone", [(10, 2), (14, 2), (14, 6), (10, 6)]),
                      ("edge", [(0, 8), (0, 12)]),
                      ("ice", [(4, 10), (9, 10), (9, 14), (4, 14)])):
        w.kind_combo.setCurrentText(kind)
        for x, y in pts[:-1]:
            click(view, _at(x, y))
        if kind == "place":
            click(view, _at(*pts[0]))
        else:
            _dclick(view, _at(*pts[-1]))
    place, zone, edge, ice = range(4)
    w.set_tool("select")
    # rename the place: its attrs.name (what the rules read) follows, in one undo step
    click(view, _at(5, 5))
    assert s.selected == place and fp.isEnabled()
    steps = doc.undo_stack.count()
    fp.name.setText("Hagaru-ri")
    fp.name.editingFinished.emit()
    f = doc.data["features"][place]
    assert f["name"] == f["attrs"]["name"] == "Hagaru-ri" and doc.undo_stack.count() == steps + 1
    fp.id.setText("hagaru-ri")
    fp.id.editingFinished.emit()
    assert doc.data["features"][place]["id"] == "hagaru-ri"
    # renumber the entry zone; its description is left alone
    click(view, _at(12, 4))
    assert s.selected == zone and fp.number.value() == 1
    fp.number.setValue(6)
    assert doc.data["features"][zone]["attrs"]["number"] == 6
    # where the exit leads
    click(view, _at(0.1, 10))
    assert s.selected == edge
    fp.to.setText("Hungnam")
    fp.to.editingFinished.emit()
    assert doc.data["features"][edge]["attrs"]["to"] == "Hungnam"
    # thaw and refreeze the lake
    click(view, _at(6, 12))
    assert s.selected == ice and fp.ice.isChecked()
    fp.ice.setChecked(False)
    assert "ice" not in doc.data["features"][ice]["attrs"]
    fp.ice.setChecked(True)
    assert doc.data["features"][ice]["attrs"]["ice"] is True
    # move a corner of the zone by dragging its handle
    click(view, _at(12, 4))
    drag(view, [_at(14, 6), _at(15, 7), _at(16.1, 7.9)])
    assert doc.data["features"][zone]["polygon"][2] == [16.0, 8.0]
    from app.engine.table import validate_table
    assert validate_table(doc.data) == []


def test_editing_the_shipped_table_and_undoing_restores_the_bytes(make_window, tmp_path):
    copy = tmp_path / "table.json"
    shutil.copy(TABLE, copy)
    w = make_window(str(copy))
    s, view, doc = w.scene, w.view, w.doc
    view.resetTransform()
    i = next(k for k, f in enumerate(doc.data["features"]) if f["id"] == "koto-ri")
    x, y = doc.data["features"][i]["polygon"][0]
    view.centerOn(_at(x, y))
    w.set_tool("select")
    click(view, _at(x + 0.4, y + 0.4))
    assert s.selected == i  # the place marker is on top of the town and the road
    fp = w.feature_props
    fp.name.setText("Koto-ri (Puller)")
    fp.name.editingFinished.emit()
    assert doc.data["features"][i]["attrs"]["name"] == "Koto-ri (Puller)"
    s.grid_snap = s.vertex_snap = False  # free placement (the road's vertices are close by)
    drag(view, [_at(x, y), _at(x - 0.25, y - 0.25), _at(x - 0.5, y - 0.5)])
    nx, ny = doc.data["features"][i]["polygon"][0]
    assert abs(nx - (x - 0.5)) < 0.06 and abs(ny - (y - 0.5)) < 0.06  # one screen pixel is 0.05"
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    w.save()
    assert copy.read_bytes() == TABLE.read_bytes()
