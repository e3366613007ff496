"""The scenario editor: units on set-up hexes, reinforcements, turn track, control, victory.

A scenario names its game; the editor shows that game's board (the scenario's
``[data] board``, else ``resources/<game>/map.json``, ``board.json`` or ``table.json``; for
Korea38 also the data folder named by ``[start] data``) and counters (``counters.toml``).
The scenario tables follow the Korea38 scenario format:

* ``[start]`` ``turn``, ``last_turn`` (the turn track), ``phase``, ``active``, ``data``;
* ``[[piece]]`` ``id``, ``at`` (hex or box id), ``reduced``: a unit set up somewhere other than
  its counter's ``setup`` (units not listed keep their counter's set-up hex or arrival turn);
* ``[control]`` hex id -> the side holding it at the start;
* ``[reinforcements]`` unit id -> arrival turn, overriding the counter's ``arrival``;
* ``[victory]`` the victory parameters (a free key/value table).
"""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import (QFormLayout, QGroupBox, QHBoxLayout, QHeaderView, QLabel, QLineEdit,
                               QListWidget, QListWidgetItem, QPushButton, QSpinBox, QStyleOptionGraphicsItem,
                               QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget)

from app.editor import style
from app.editor.document import DELETE, Document
from app.editor.hexscene import SCALE, HexMapScene
from app.editor.printed import SceneLayer

SCENARIO_TOOLS = ("place", "remove", "control", "inspect")
CONTROL_COLOURS = {"allied": "#2F5F9F", "communist": "#B0302A"}


def game_dir(game: str) -> Path:
    from app import RESOURCES
    return RESOURCES / game


def data_dir(data: dict[str, Any], scenario_path: str | None = None) -> Path:
    """The folder holding the scenario's board and counters: inside the game's folder or the
    designer's folder of the scenario only (app.engine.paths), like the game itself."""
    from app.engine.paths import OutsideFolder, designer_folder_of, resolve_inside
    game = game_dir(str(data.get("game", "")))
    key = (data.get("start") or {}).get("data") if isinstance(data.get("start"), dict) else None
    if isinstance(key, str) and key:
        roots = ([designer_folder_of(scenario_path)] if scenario_path else []) + [game]
        try:
            p = resolve_inside(key, roots)
        except OutsideFolder:
            return game
        if p.is_dir():
            return p
    return game


def board_path(data: dict[str, Any], scenario_path: str | None) -> Path | None:
    from app.engine.paths import OutsideFolder, designer_folder_of, resolve_inside
    base = data_dir(data, scenario_path)
    named = (data.get("data") or {}).get("board") or (data.get("data") or {}).get("map")
    cands = []
    if isinstance(named, str):
        roots = [base] + ([designer_folder_of(scenario_path)] if scenario_path else [])
        try:
            cands.append(resolve_inside(named, roots))
        except OutsideFolder:
            pass
    for key, folder in (("map", "maps"), ("table", "")):      # Semper Fi!'s map, Frozen Chosin's table
        v = data.get(key)
        if isinstance(v, str) and v and "/" not in v and "\\" not in v and ".." not in v:
            name = v if v.endswith(".json") else f"{v}.json"
            cands.append(base / folder / name if folder else base / name)
    cands += [base / "map.json", base / "board.json", base / "table.json"]
    for c in cands:
        if c.is_file():
            return c
    return None


def counters_of(folder: Path) -> list[dict[str, Any]]:
    f = Path(folder) / "counters.toml"
    if not f.is_file():
        return []
    try:
        data = tomllib.loads(f.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
        return []
    units = data.get("unit", [])
    return [u for u in units if isinstance(u, dict) and isinstance(u.get("id"), str)]


def effective_units(scen: dict[str, Any], counters: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every unit with where it starts: ``at`` (a hex/box) or ``arrival`` (a turn), and
    ``reduced``, after the scenario's pieces and reinforcement overrides."""
    pieces = {p.get("id"): p for p in scen.get("piece") or [] if isinstance(p, dict)}
    reinf = scen.get("reinforcements") or {}
    out = []
    for u in counters:
        e = dict(u)
        e["reduced"] = bool(u.get("start_reduced", False))
        e["at"] = u.get("setup") if not u.get("arrival") else None
        p = pieces.get(u["id"])
        if p is not None:
            e["at"] = p.get("at")
            e["arrival"] = None
            e["reduced"] = bool(p.get("reduced", e["reduced"]))
        elif u["id"] in reinf:
            e["at"] = None
            e["arrival"] = reinf[u["id"]]
        out.append(e)
    known = {u["id"] for u in counters}
    for uid, p in pieces.items():
        if uid not in known and isinstance(uid, str):
            out.append({"id": uid, "at": p.get("at"), "reduced": bool(p.get("reduced", False))})
    return out


def scenario_problems(scen: dict[str, Any], counters: list[dict[str, Any]], map_ids: set[str],
                      boxes: set[str]) -> list[tuple[str, str]]:
    """Editor checks of the scenario's own tables (the game adds its own through validate)."""
    out: list[tuple[str, str]] = []
    known = {u["id"] for u in counters}
    for i, p in enumerate(scen.get("piece") or []):
        if not isinstance(p, dict):
            continue
        if counters and p.get("id") not in known:
            out.append((f"piece[{i}].id", f"no counter {p.get('id')!r} in counters.toml"))
        at = p.get("at")
        if map_ids and at not in map_ids and at not in boxes and not str(at).startswith("box:"):
            out.append((f"piece[{i}].at", f"{at!r} is not a hex on the map nor an off-map box"))
    start = scen.get("start") or {}
    last = start.get("last_turn")
    for uid, turn in (scen.get("reinforcements") or {}).items():
        if counters and uid not in known:
            out.append((f"reinforcements.{uid}", f"no counter {uid!r} in counters.toml"))
        if not isinstance(turn, int) or isinstance(turn, bool) or turn < 1:
            out.append((f"reinforcements.{uid}", "must be a turn number"))
        elif isinstance(last, int) and turn > last:
            out.append((f"reinforcements.{uid}", f"turn {turn} is after the last turn ({last})"))
    for h in (scen.get("control") or {}):
        if map_ids and h not in map_ids:
            out.append((f"control.{h}", f"{h!r} is not a hex on the map"))
    if isinstance(start.get("turn"), int) and isinstance(last, int) and start["turn"] > last:
        out.append(("start.last_turn", "the last turn comes before the first"))
    return out


AREA_COLOURS = {"us": "#3C7A3C", "allied": "#2F5F9F", "un": "#2F5F9F", "nk": "#B0302A", "communist": "#B0302A"}


class AreasLayer(SceneLayer):
    """The scenario's set-up areas (games that set up by area: the ``setup_areas`` hook), each
    tinted in its side's colour; the one picked in the panel drawn stronger, the others faint."""

    def __init__(self, scene: "ScenarioScene"):
        super().__init__(scene, 4)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: Any = None) -> None:
        s = self.s
        for i, a in enumerate(s.areas):
            picked = s.area_index in (-1, i)
            col = QColor(AREA_COLOURS.get(str(a.get("side")), "#666666"))
            one = s.area_index == i
            col.setAlpha(120 if one else (45 if picked else 12))
            edge = QColor(AREA_COLOURS.get(str(a.get("side")), "#666666")).darker(130)
            p.setPen(QPen(edge, 1.2) if one else Qt.NoPen)
            p.setBrush(col)
            for h in a.get("hexes") or []:
                poly = s.polys.get(h)
                if poly is not None:
                    p.drawPolygon(poly)


class UnitsLayer(SceneLayer):
    """Counters at their set-up hexes and control markers, over the map."""

    def __init__(self, scene: "ScenarioScene"):
        super().__init__(scene, 5)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: Any = None) -> None:
        s = self.s
        scen = s.scen.data
        size = s.grid.layout.size * SCALE
        for h, side in (scen.get("control") or {}).items():
            if h in s.polys:
                c = s.hex_centre(h)
                col = QColor(CONTROL_COLOURS.get(str(side), "#666666"))
                p.setPen(QPen(QColor("#FFFFFF"), 1.5))
                p.setBrush(col)
                p.drawEllipse(QPointF(c.x() + size * 0.45, c.y() - size * 0.45), size * 0.16, size * 0.16)
        stacks: dict[str, list[dict[str, Any]]] = {}
        for u in s.units():
            at = u.get("at")
            if isinstance(at, str) and at in s.polys:
                stacks.setdefault(at, []).append(u)
        cw = size * 1.05
        for h, us in stacks.items():
            c = s.hex_centre(h)
            for k, u in enumerate(us):
                off = k * size * 0.09
                r = QRectF(c.x() - cw / 2 + off, c.y() - cw / 2 - off, cw, cw)
                style.paint_counter(p, r, u, reduced=bool(u.get("reduced")),
                                    selected=(u.get("id") == s.unit_id))


class ScenarioScene(HexMapScene):
    """The game's map (read-only here) with the scenario's units and control on top."""

    unitPlaced = Signal(str)

    def __init__(self, map_doc: Document, scen: Document, counters: list[dict[str, Any]],
                 palette: dict[str, str], parent: Any = None):
        super().__init__(map_doc, palette, parent)
        self.scen = scen
        self.counters = counters
        self.tool = "place"
        self.unit_id = ""
        self.control_side = "allied"
        self.layer = UnitsLayer(self)
        self.addItem(self.layer)
        #: set-up areas of a game that sets up by area (its ``setup_areas`` hook); -1: all shown alike
        self.areas: list[dict[str, Any]] = []
        self.area_index = -1
        self.areas_layer = AreasLayer(self)
        self.addItem(self.areas_layer)
        self._read_areas()
        scen.changed.connect(self._scen_changed)

    def _read_areas(self) -> None:
        from app.games import get_game
        try:
            game = get_game(str(self.scen.data.get("game", "")))
        except Exception:  # noqa: BLE001 - an unknown game: the checks below say so
            game = None
        hook = getattr(game, "setup_areas", None)
        self.areas = list(hook(self.scen.data) or []) if callable(hook) else []
        if self.area_index >= len(self.areas):
            self.area_index = -1

    def show_area(self, i: int) -> None:
        self.area_index = i
        self.areas_layer.update()

    def _scen_changed(self, _paths: list) -> None:
        self._read_areas()
        self.layer.update()
        self.areas_layer.update()

    def units(self) -> list[dict[str, Any]]:
        return effective_units(self.scen.data, self.counters)

    def unit_at(self, h: str) -> str | None:
        for u in reversed(self.units()):
            if u.get("at") == h:
                return u["id"]
        return None

    def press(self, pos: QPointF, right: bool = False, shift: bool = False) -> None:
        h = self.hex_at(pos)
        if h is None:
            return
        if self.tool == "place":
            if right:
                uid = self.unit_at(h)
                if uid:
                    self.unit_id = uid
                    self.unitPlaced.emit(uid)
                    self.layer.update()
                return
            if not self.unit_id:
                self.message.emit("Pick a unit in the list first")
                return
            self.place(self.unit_id, h)
        elif self.tool == "remove":
            uid = self.unit_at(h)
            if uid:
                self.unplace(uid)
        elif self.tool == "control":
            control = dict(self.scen.data.get("control") or {})
            if right or control.get(h) == self.control_side:
                control.pop(h, None)
            else:
                control[h] = self.control_side
            self.scen.edit(f"Control {h}: {control.get(h, 'none')}", [(("control",), control or DELETE)])
        else:
            self.select_hex(h)

    def place(self, uid: str, where: str, reduced: bool | None = None) -> None:
        pieces = copy.deepcopy(self.scen.data.get("piece") or [])
        entry = next((p for p in pieces if p.get("id") == uid), None)
        if entry is None:
            entry = {"id": uid}
            pieces.append(entry)
        entry["at"] = where
        if reduced is not None:
            entry["reduced"] = reduced
        changes: list[tuple[tuple, Any]] = [(("piece",), pieces)]
        if uid in (self.scen.data.get("reinforcements") or {}):
            changes.append((("reinforcements", uid), DELETE))
        self.scen.edit(f"Set up {uid} at {where}", changes)
        self.unitPlaced.emit(uid)

    def unplace(self, uid: str) -> None:
        """Take a unit off the map: drop its piece entry; a unit whose counter sets it up on the
        map is scheduled as a turn-1 reinforcement instead."""
        pieces = [p for p in self.scen.data.get("piece") or [] if p.get("id") != uid]
        changes: list[tuple[tuple, Any]] = [(("piece",), copy.deepcopy(pieces) or DELETE)]
        counter = next((u for u in self.counters if u["id"] == uid), {})
        if counter.get("setup") and not counter.get("arrival"):
            changes.append((("reinforcements", uid), int((self.scen.data.get("start") or {}).get("turn", 1) or 1)))
        self.scen.edit(f"Take {uid} off the map", changes)


def _table_box(lay: Any, title: str, headers: list[str], changed: Any) -> tuple[QTableWidget, QVBoxLayout]:
    """A titled box holding an editable table with these column headers, stretched to the
    box's width, added to ``lay``; ``changed`` hears every edited cell."""
    box = QGroupBox(title)
    inner = QVBoxLayout(box)
    table = QTableWidget(0, len(headers))
    table.setHorizontalHeaderLabels(headers)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.Stretch)
    table.verticalHeader().hide()
    table.itemChanged.connect(changed)
    inner.addWidget(table)
    lay.addWidget(box, 1)
    return table, inner


class ScenarioPanel(QWidget):
    """Scenario header, unit pool, reinforcement schedule, turn track and victory table."""

    def __init__(self, scen: Document, scene: ScenarioScene | None, counters: list[dict[str, Any]],
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.scen = scen
        self.scene = scene
        self.counters = counters
        self._loading = False
        lay = QVBoxLayout(self)
        head = QGroupBox("Scenario")
        f = QFormLayout(head)
        self.f_id = QLineEdit()
        self.f_name = QLineEdit()
        self.f_desc = QLineEdit()
        self.f_first = QSpinBox()
        self.f_first.setRange(1, 99)
        self.f_last = QSpinBox()
        self.f_last.setRange(1, 99)
        tt = QHBoxLayout()
        tt.setContentsMargins(0, 0, 0, 0)
        tt.addWidget(self.f_first)
        tt.addWidget(QLabel("to"))
        tt.addWidget(self.f_last)
        ttw = QWidget()
        ttw.setLayout(tt)
        f.addRow("Id", self.f_id)
        f.addRow("Name", self.f_name)
        f.addRow("Description", self.f_desc)
        f.addRow("Turns", ttw)
        self.f_data = QLineEdit()
        self.f_data.setPlaceholderText("the game's own data (or a folder with map and counters)")
        f.addRow("Data", self.f_data)
        self.f_data.editingFinished.connect(
            lambda: self._set(("start", "data"), self.f_data.text().strip() or DELETE))
        lay.addWidget(head)
        self.f_id.editingFinished.connect(lambda: self._set(("id",), self.f_id.text().strip()))
        self.f_name.editingFinished.connect(lambda: self._set(("name",), self.f_name.text()))
        self.f_desc.editingFinished.connect(lambda: self._set(("description",), self.f_desc.text()))
        self.f_first.valueChanged.connect(lambda v: self._set(("start", "turn"), v))
        self.f_last.valueChanged.connect(lambda v: self._set(("start", "last_turn"), v))
        pool = QGroupBox("Units (pick one, then click a hex)")
        pl = QVBoxLayout(pool)
        self.units_list = QListWidget()
        self.units_list.setIconSize(QSize(30, 30))
        self.units_list.currentItemChanged.connect(self._unit_picked)
        pl.addWidget(self.units_list)
        lay.addWidget(pool, 2)
        self.reinf, _rl = _table_box(lay, "Reinforcement schedule", ["unit", "turn", "enters"],
                                     self._reinf_changed)
        # Korea's scenarios place counters by turn and hex; the other games' set-ups (areas,
        # forces, decks, variants) are written in the file: no field here may write keys they
        # do not read, so those fields are shown only where counters can be placed
        self.placing = bool(counters)
        f.setRowVisible(ttw, self.placing)
        f.setRowVisible(self.f_data, self.placing)
        pool.setVisible(self.placing)
        self.reinf.parentWidget().setVisible(self.placing)
        self.written_note = QLabel(
            "This game's set-up, forces, variants and special rules are written in the scenario "
            "file itself (see docs/scenarios.md and the game's folder). Save and the checks below "
            "run; Play this scenario tries it.")
        self.written_note.setWordWrap(True)
        self.written_note.setStyleSheet("color: palette(mid);")
        self.written_note.setVisible(not self.placing)
        lay.insertWidget(1, self.written_note)
        self.areas_box = QGroupBox("Set-up areas")
        self.areas_box.setToolTip("Pick an area to see its hexes on the map; the first line shows them all")
        al = QVBoxLayout(self.areas_box)
        self.areas_list = QListWidget()
        self.areas_list.setWordWrap(True)
        self.areas_list.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.areas_list.currentRowChanged.connect(self._area_picked)
        al.addWidget(self.areas_list)
        lay.insertWidget(2, self.areas_box, 2)
        self.victory, vl = _table_box(lay, "Victory", ["parameter", "value"], self._victory_changed)
        add = QPushButton("Add parameter")
        add.clicked.connect(self.add_victory_row)
        vl.addWidget(add)
        scen.changed.connect(self._changed)
        if scene is not None:
            scene.unitPlaced.connect(self._changed)
        self.refresh()

    def _changed(self, *_: Any) -> None:
        self.refresh()

    def _area_picked(self, row: int) -> None:
        if self.scene is not None and not self._loading:
            self.scene.show_area(row - 1)             # row 0: all areas

    def _fill_areas(self) -> None:
        areas = self.scene.areas if self.scene is not None else []
        self.areas_box.setVisible(bool(areas))
        self.areas_list.blockSignals(True)
        self.areas_list.clear()
        if areas:
            self.areas_list.addItem(f"All {len(areas)} areas" if len(areas) > 1 else "The whole area")
            for a in areas:
                hidden = ", hidden" if a.get("hidden") else ""
                it = QListWidgetItem(f"{a.get('side_name', a.get('side'))}: {a.get('name')} "
                                     f"({len(a.get('hexes') or [])} hexes{hidden})")
                it.setToolTip(it.text())
                it.setForeground(QColor(AREA_COLOURS.get(str(a.get("side")), "#333333")))
                self.areas_list.addItem(it)
            self.areas_list.setCurrentRow(self.scene.area_index + 1)
        self.areas_list.blockSignals(False)

    def _set(self, path: tuple, value: Any) -> None:
        if not self._loading:
            self.scen.edit(f"{'.'.join(map(str, path))} = {value}", [(path, value)])

    def refresh(self) -> None:
        self._fill_areas()
        self._loading = True
        d = self.scen.data
        self.f_id.setText(str(d.get("id", "")))
        self.f_name.setText(str(d.get("name", "")))
        self.f_desc.setText(str(d.get("description", "")))
        st = d.get("start") or {}
        self.f_data.setText(str(st.get("data", "") or ""))
        self.f_first.setValue(int(st.get("turn", 1) or 1))
        self.f_last.setValue(int(st.get("last_turn", 13) or 13))
        units = effective_units(d, self.counters)
        cur = self.scene.unit_id if self.scene else ""
        self.units_list.blockSignals(True)
        self.units_list.clear()
        for u in units:
            where = u.get("at") or (f"turn {u.get('arrival')}" if u.get("arrival") else "not placed")
            it = QListWidgetItem(f"{u['id']}  \u00b7  {where}")
            it.setData(Qt.UserRole, u["id"])
            it.setIcon(style.counter_pixmap(u, 30, reduced=bool(u.get("reduced"))))
            self.units_list.addItem(it)
            if u["id"] == cur:
                self.units_list.setCurrentItem(it)
        self.units_list.blockSignals(False)
        self.reinf.blockSignals(True)
        arriving = [u for u in units if u.get("arrival")]
        arriving.sort(key=lambda u: (int(u.get("arrival") or 0), u["id"]))
        self.reinf.setRowCount(len(arriving))
        for r, u in enumerate(arriving):
            a = QTableWidgetItem(u["id"])
            a.setFlags(a.flags() & ~Qt.ItemIsEditable)
            self.reinf.setItem(r, 0, a)
            self.reinf.setItem(r, 1, QTableWidgetItem(str(u.get("arrival", ""))))
            self.reinf.setItem(r, 2, QTableWidgetItem(str(u.get("entry", "") or "")))
        self.reinf.blockSignals(False)
        self.victory.blockSignals(True)
        vic = d.get("victory") or {}
        self.victory.setRowCount(len(vic))
        for r, (k, v) in enumerate(vic.items()):
            self.victory.setItem(r, 0, QTableWidgetItem(str(k)))
            self.victory.setItem(r, 1, QTableWidgetItem(_show(v)))
        self.victory.blockSignals(False)
        self._loading = False

    def _unit_picked(self, item: QListWidgetItem | None, _prev: Any = None) -> None:
        if item is not None and self.scene is not None:
            self.scene.unit_id = item.data(Qt.UserRole)
            self.scene.layer.update()

    def _reinf_changed(self, item: QTableWidgetItem) -> None:
        if self._loading:
            return
        uid = self.reinf.item(item.row(), 0).text()
        if item.column() == 1:
            try:
                turn = int(item.text())
            except ValueError:
                self.refresh()
                return
            pieces = [p for p in self.scen.data.get("piece") or [] if p.get("id") != uid]
            changes: list[tuple[tuple, Any]] = [(("reinforcements", uid), turn)]
            if len(pieces) != len(self.scen.data.get("piece") or []):
                changes.append((("piece",), copy.deepcopy(pieces) or DELETE))
            self.scen.edit(f"{uid} arrives on turn {turn}", changes)
        else:
            self.refresh()

    def add_victory_row(self) -> None:
        vic = dict(self.scen.data.get("victory") or {})
        n = len(vic) + 1
        while f"parameter-{n}" in vic:
            n += 1
        vic[f"parameter-{n}"] = 0
        self.scen.edit("Add victory parameter", [(("victory",), vic)])

    def _victory_changed(self, item: QTableWidgetItem) -> None:
        if self._loading:
            return
        vic: dict[str, Any] = {}
        for r in range(self.victory.rowCount()):
            k = self.victory.item(r, 0)
            v = self.victory.item(r, 1)
            if k is None or not k.text().strip():
                continue
            vic[k.text().strip()] = _parse(v.text() if v else "")
        self.scen.edit("Victory parameters", [(("victory",), vic)])


def _show(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return v
    import json
    return json.dumps(v, ensure_ascii=False)


def _parse(text: str) -> Any:
    t = text.strip()
    try:
        return tomllib.loads(f"v = {t}")["v"]
    except tomllib.TOMLDecodeError:
        return t
