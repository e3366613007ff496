"""Checking the document being edited: the problems list (the same checks as loading), and jumping from
a problem's field path to the place on the map or the panel it names."""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QListWidgetItem

from app.editor import hexops, style


def field_tokens(field: str) -> list[str]:
    """``lines[0].hexsides[2]`` -> ["lines", "0", "hexsides", "2"]."""
    return [t for t in re.split(r"\.|\[|\]", field) if t != ""]


def resolve(data: Any, field: str) -> tuple[list[Any], Any]:
    """Walk ``field`` into ``data`` (keys may contain dots, like C.RR hex ids); returns the
    path that exists and the value there."""
    toks = field_tokens(field)
    path: list[Any] = []
    cur = data
    i = 0
    while i < len(toks):
        if isinstance(cur, list):
            try:
                k = int(toks[i])
            except ValueError:
                break
            if not 0 <= k < len(cur):
                break
            path.append(k)
            cur = cur[k]
            i += 1
            continue
        if not isinstance(cur, dict):
            break
        for j in range(len(toks), i, -1):
            key = ".".join(toks[i:j])
            if key in cur:
                path.append(key)
                cur = cur[key]
                i = j
                break
        else:
            break
    return path, cur


class CheckingMixin:
    """The problems dock and jump-to-problem: a part of :class:`~app.editor.main.EditorWindow`."""

    # -- validation ---------------------------------------------------------------------------
    def problems_now(self) -> list[Any]:
        """Every problem of the current document as FileProblem (validators + editor checks)."""
        from app.engine.files import FileProblem
        from app.engine.validate import validate_loaded
        doc = self.doc
        if doc is None:
            return []
        loaded = doc.loaded()
        try:
            probs = validate_loaded(loaded)
        except Exception as e:  # a validator must never take the editor down
            probs = [FileProblem(loaded.path, 1, "", f"could not be checked ({type(e).__name__}: {e})")]
        if doc.kind in ("counters", "terrain", "data"):
            probs = [p for p in probs if "unknown file kind" not in p.message]
            if doc.kind == "counters":
                try:
                    from app.games.korea38.data import validate_counters
                    if str(doc.data.get("game", style.game_of(doc.path) or "korea38")) == "korea38" and not probs:
                        probs += [loaded.problem(f, m) for f, m in validate_counters(doc.data)]
                except Exception:
                    pass
        if doc.kind == "scenario":
            from app.editor.scenario import scenario_problems
            map_ids: set[str] = set()
            boxes: set[str] = set()
            if self.map_doc is not None and self.map_doc.kind == "hexmap":
                try:
                    map_ids = set(hexops.grid_of(self.map_doc.data).ids())
                except Exception:
                    pass
                boxes = {b.get("id") for b in self.map_doc.data.get("boxes", []) if isinstance(b, dict)}
            probs += [loaded.problem(f, m) for f, m in scenario_problems(doc.data, getattr(self, "counters", []), map_ids, boxes)]
        return probs

    def validate_now(self) -> None:
        self.problems = self.problems_now()
        lst = getattr(self, "problem_list", None)
        if lst is None:
            return
        lst.clear()
        if not self.problems:
            it = QListWidgetItem("\u2714  No problems")
            it.setForeground(QColor("#2E7D32"))
            lst.addItem(it)
            return
        for p in self.problems:
            it = QListWidgetItem(f"\u26A0  line {p.line}: {p.field or '<file>'}: {p.message}")
            it.setData(Qt.UserRole, p.field)
            it.setToolTip(str(p))
            it.setForeground(QColor("#B23A2A"))
            lst.addItem(it)

    def _problem_clicked(self, item: QListWidgetItem) -> None:
        field = item.data(Qt.UserRole)
        if field:
            self.jump_to(str(field))

    def jump_to(self, field: str) -> Any:
        """Show the place a problem's field names: its hex, hexside, space, feature or unit."""
        doc = self.doc
        if doc is None:
            return None
        path, value = resolve(doc.data, field)
        target: QPointF | None = None
        if doc.kind in ("hexmap", "scenario") and self.scene is not None and hasattr(self.scene, "polys"):
            sc = self.scene
            cands: list[str] = [str(p) for p in path] + ([value] if isinstance(value, str) else [])
            if isinstance(value, dict):
                cands += [str(v) for v in value.values() if isinstance(v, str)]
            if isinstance(value, list):
                cands += [str(v) for v in value if isinstance(v, str)]
            for c in reversed(cands):
                if c in sc.polys:
                    sc.select_hex(c)
                    target = sc.hex_centre(c)
                    break
                parts = c.split("/")
                if len(parts) == 2 and all(x in sc.polys for x in parts) and sc.grid.is_adjacent(*parts):
                    target = sc.side_centre(*parts)
                    sc.select_hex(parts[0])
                    break
        elif doc.kind == "pointgraph" and self.scene is not None:
            if len(path) >= 2 and path[0] == "spaces":
                sp = doc.data["spaces"][path[1]]
                self.scene.selected = ("space", sp.get("id"))
                target = QPointF(float(sp.get("x", 0)), float(sp.get("y", 0)))
                self.scene.spaceSelected.emit(str(sp.get("id")))
            elif len(path) >= 2 and path[0] in ("arrows", "links"):
                self.scene.selected = (path[0][:-1], path[1])
            self.scene.board.update()
        elif doc.kind == "table" and self.scene is not None:
            if len(path) >= 2 and path[0] == "features":
                from app.editor.tablescene import PPI
                self.scene.selected = path[1]
                f = doc.data["features"][path[1]]
                pts = f.get("polygon") or f.get("line") or []
                if pts:
                    target = QPointF(sum(x for x, _ in pts) / len(pts) * PPI, sum(y for _, y in pts) / len(pts) * PPI)
                self.scene.featureSelected.emit(path[1])
                self.scene.item.update()
        elif doc.kind == "counters" and len(path) >= 2 and path[0] == "unit":
            ed = self.counters_editor
            ed.setCurrentIndex(0)
            ed.designer.list.setCurrentRow(path[1])
        if target is not None and self.view is not None:
            self.view.centerOn(target)
        self.statusBar().showMessage(f"{field}", 4000)
        return target
