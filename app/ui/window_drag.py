"""The map host: pressing, dragging and dropping pieces onto the game's drop targets, clicks,
hover and the keyboard cursor. Targets come from the game's ``drop_targets`` and are worked out
ahead in idle time so that a press only lights what is already known."""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QCursor, QPainterPath
from PySide6.QtWidgets import QApplication, QMenu

from app.engine.game import Action, Game
from app.engine.state import GameState, canonical_json
from app.ui import theme
from app.ui import drag_lines
from app.ui import keyboard, roll_preview
from app.ui import fire_panel
from app.ui.hover_card import piece_card
from app.ui.warnings import target_warning
from app.ui.scene_items import PieceItem, cpen, loc_key
from app.ui.action_kinds import is_drag_action, mover
from app.ui.mnemonic import literal


def _parse_xy(key: str) -> Any:
    try:
        x, y = (float(v) for v in key.strip("[]() ").split(","))
        return [x, y]
    except ValueError:
        return None


class DragMixin:
    """Presses, drags, drops, clicks and hover on the map: a part of :class:`~app.ui.window.MainWindow`."""

    def _clear_targets(self) -> None:
        self._cursor = None
        self._targets = {}
        self._targets_for = None
        self.scene.targets_item.clear()
        self.path_item.clear()
        self.sight_line.clear()
        self.spotting.clear()

    # -- drop targets, cached per position ------------------------------------------------------
    def _targets_cache(self) -> dict[Any, Any]:
        """The cache for the position shown (emptied when the game, the state object or the
        board's boxes change)."""
        game, state = self.shown()
        key = (game, state, self.mode, self.scene.board, tuple(self.scene.box_slots.items()))
        if self._tcache_for is None or len(self._tcache_for) != len(key) or \
                any(a is not b for a, b in zip(self._tcache_for[:4], key[:4])) or self._tcache_for[4] != key[4]:
            self._tcache = {}
            self._tcache_for = key
        return self._tcache

    def _targets_of(self, pid: str) -> tuple[dict[str, dict[str, Any]], list, list]:
        """The game's drop targets for ``pid`` in the position shown, with their highlight shapes
        and cost labels."""
        cache = self._targets_cache()
        got = cache.get(pid)
        if got is None:
            game, state = self.shown()
            try:
                targets = game.drop_targets(state, pid) or {}
            except Exception as e:
                self.status(f"The game could not list moves for {pid}: {e}")
                return {}, [], []       # not cached: asked again next time
            got = (targets, *self._target_shapes(targets))
            cache[pid] = got
        return got

    def _plan_prefetch(self, game: Game, state: GameState) -> None:
        """After a change: work out what a press on each piece shows (its drop targets, or why
        it cannot move), a few pieces per idle moment, so a press finds it ready. The pieces
        the player may move come first, then the rest of the side to act, then the others
        (pressing an enemy unit to look at it is a press too)."""
        self._prefetch = []
        if self._replay is not None or not self.can_act() or self.handover.isVisible():
            return
        cache = self._targets_cache()
        seen: set[str] = set()
        drags, movers = [], []
        for a in self._legal:
            u = mover(a)
            if u is None or u in seen or u not in self.scene.items_by_id:
                continue
            seen.add(u)
            (drags if is_drag_action(a) else movers).append(u)
        active = state.active
        own = [pid for pid, it in self.scene.items_by_id.items()
               if pid not in seen and it.piece.get("side") == active]
        others = [pid for pid in self.scene.items_by_id if pid not in seen and pid not in own]
        self._prefetch = [pid for pid in drags + movers + own + others if pid not in cache][:200]
        if self._prefetch:
            self._prefetch_timer.start()

    def _prefetch_step(self) -> None:
        if self.view.painted_frames == 0 and self.isVisible():
            self._prefetch_timer.start(15)      # the map's first frame comes first
            return
        self._prefetch_timer.setInterval(0)
        t0 = time.perf_counter()
        while self._prefetch and time.perf_counter() - t0 < 0.015:     # about a frame at a time
            pid = self._prefetch.pop(0)
            if pid in self.scene.items_by_id and self.can_act():
                if not self._targets_of(pid)[0]:
                    self._why_cannot_move(pid)      # what a press on it will say
        if self._prefetch:
            self._prefetch_timer.start()

    def _show_targets(self, pid: str) -> None:
        targets, shapes, texts = self._targets_of(pid)
        self._targets = targets
        self._targets_for = pid
        self.scene.targets_item.set_shapes(shapes, texts)

    def _target_shapes(self, targets: dict[str, dict[str, Any]]) -> tuple[list, list]:
        shapes, texts = [], []
        fill = QBrush(theme.HIGHLIGHT)
        board = self.scene.board
        for loc, info in targets.items():
            if loc == "*":
                region = info.get("region") or info.get("polygon")
                if region:
                    shapes.append((board.shape(region), fill, cpen(theme.HIGHLIGHT_EDGE, 2.0)))
                continue
            if loc.startswith("box:"):
                rect = self.scene.box_slots.get(loc[4:])
                path = QPainterPath()
                if rect is not None:
                    path.addRoundedRect(rect, 6, 6)
            else:
                target = info.get("action", {}).get("to") if board.free else loc
                path = board.shape(target if target is not None else loc)
                if path.isEmpty() and board.free:
                    path = board.shape(_parse_xy(loc))
            if path.isEmpty():
                continue
            note = str(info.get("note") or "")
            ezoc = any(w in note.lower() for w in ("ezoc", "zoc", "zone of control"))
            pen = cpen(theme.EZOC_EDGE, 3.0) if ezoc else cpen(theme.HIGHLIGHT_EDGE, 1.2)
            if target_warning(info):        # legal, but it leaves something to fix
                shapes.append((path, QBrush(theme.WARN), cpen(theme.WARN_EDGE, 3.0)))
                continue
            shapes.append((path, fill, pen))
            few = len(targets) <= 12 or info.get("choices")
            for way in ([c.get("path") for c in info.get("choices") or []] or [info.get("path")]) if few else []:
                line = self._path_line(way)
                if line is not None:
                    shapes.append((line, None, cpen(QColor(30, 90, 30, 200), 2.5, Qt.PenStyle.DashLine)))
            cost = info.get("cost")
            if cost is not None and cost != "" and (not board.free or len(targets) <= 40):
                br = path.boundingRect()
                c = (f"{cost:.1f}".rstrip("0").rstrip(".") if isinstance(cost, float) else str(cost))
                texts.append((QPointF(br.right() - br.width() * 0.22, br.top() + br.height() * 0.3), c,
                              QColor("#1E5A1E") if not ezoc else QColor("#8E1B1B")))
        return shapes, texts

    def _path_line(self, way: Any) -> QPainterPath | None:
        if not isinstance(way, (list, tuple)) or len(way) < 2:
            return None
        pts = [self.scene.board.anchor(h) for h in way]
        pts = [p for p in pts if p is not None]
        if len(pts) < 2:
            return None
        line = QPainterPath(pts[0])
        for p in pts[1:]:
            line.lineTo(p)
        return line

    def _show_path_to(self, loc: Any) -> None:
        """While a piece's destinations are lit: the path to the one under the pointer."""
        info = self._targets.get(str(loc)) if loc is not None and self._targets_for else None
        line = self._path_line(info.get("path")) if info else None
        if line is None:
            self.path_item.clear()
            return
        dot = QPainterPath()
        for h in info.get("path")[1:-1]:
            c = self.scene.board.anchor(h)
            if c is not None:
                dot.addEllipse(c, 4, 4)
        self.path_item.set_shapes([(line, None, cpen(QColor(255, 255, 255, 200), 6.0)),
                                   (line, None, cpen(QColor("#1E5A1E"), 3.0)),
                                   (dot, QBrush(QColor("#1E5A1E")), None)])

    def select_piece(self, pid: str | None) -> None:
        self.scene.select(pid)
        self._show_inspector()

    def _update_fires(self) -> None:
        """The fire panel for the position shown, the selected unit's fires first (app.ui.fire_panel)."""
        game, state = self.shown()
        if game is None or self.handover.isVisible() or self._replay is not None:
            self.fire_panel.set_fires([])
            return
        sel = self.scene.selected
        pc = (self.scene.piece(sel) or {}) if sel else {}
        self.fire_panel.set_fires(self._fires_of(game, state), pc.get("at"), sel)
        # the fire cards take the dock; the "no battle" line only when there is nothing else
        self.odds.setVisible(bool(getattr(self.odds, "titles", [])) or not self.fire_panel.cards)
        if self.fire_panel.cards and not self.dock_odds.isVisible() and self.isVisible():
            self.dock_odds.show()

    def _fires_of(self, game: Game, state: GameState) -> list:
        """The legal fires and their odds, once per position (a press only reorders them)."""
        cache = self._targets_cache()
        got = cache.get(("fires",))
        if got is None or got[0] is not self._legal:
            got = (self._legal, fire_panel.fires(game, state, self._legal))
            cache[("fires",)] = got  # type: ignore[assignment]
        return got[1]

    def piece_pressed(self, pid: str) -> bool:
        if self._staged is not None:
            self.staged_roll(False)           # pressing elsewhere takes a waiting move back
        self.scene.select(pid)
        self._update_fires()
        if not self.can_act():
            self._clear_targets()
            self._show_inspector()
            why = self._why_not_acting()
            if why:
                self.status(why)
            return False
        self._show_targets(pid)
        self._show_inspector()
        if not self._targets:
            pc = self.scene.piece(pid) or {}
            dec = self._decision or {}
            if not self._declaring() and not (dec.get("click") and pid in (dec.get("pieces") or [])):
                self.status(f"{pc.get('label') or pid}: no legal move now{self._why_cannot_move(pid)}")
            return False
        return True

    def _why_cannot_move(self, pid: str) -> str:
        """": reason (rule)" when the game explains why a unit of the side to act cannot move
        (asked about a move to where it stands), else ""."""
        pc = self.scene.piece(pid) or {}
        if self.match is None or self.mode != "play" or pc.get("side") != self.match.state.active \
                or pc.get("at") is None or self._replay is not None:
            return ""
        cache = self._targets_cache()       # the same position: the same answer
        key = ("why", pid, str(pc.get("at")))
        if key in cache:
            return cache[key]  # type: ignore[return-value]
        try:
            prob = self.match.check({"type": "move", "unit": pid, "to": pc.get("at")})
        except Exception:
            return ""
        why = (f": {prob.reason}" + (f" ({prob.rule})" if prob.rule else "")) if prob else ""
        cache[key] = why  # type: ignore[assignment]
        return why

    def piece_dragged(self, pid: str, pos: QPointF) -> None:
        loc = self._drop_location(pos)
        info = self._targets.get(str(loc)) if loc is not None else None
        self._show_path_to(loc)
        self.sight_line.follow_drag(pid, loc)
        self.spotting.follow_drag(pid, loc)
        if self.sight_line.text or self.spotting.text:
            self.status(" \u00b7 ".join(t for t in (self.sight_line.text, self.spotting.text) if t))
        if info is not None:
            cost = info.get("cost")
            note = info.get("note") or ""
            self.where_label.setText(f"{loc}" + (f" \u00b7 cost {cost}" if cost not in (None, "") else "")
                                     + (f" \u00b7 {note}" if note else ""))
            if target_warning(info):
                self.status(f"Careful: {target_warning(info)}")
        self.hovered(pos)
        seen = drag_lines.update(self, pid, pos)
        if seen:
            self.status(f"From here: {seen}")

    def _drop_location(self, pos: QPointF) -> Any:
        box = self.scene.box_at(pos)
        if box is not None:
            return f"box:{box}"
        return self.scene.board.locate(pos)

    def _drop_action(self, pid: str, pos: QPointF) -> tuple[Action | None, str]:
        """The action a drop at ``pos`` means, and a reason when there is none."""
        board = self.scene.board
        loc = self._drop_location(pos)
        t = self._targets
        if loc is not None and str(loc) in t:
            return dict(t[str(loc)]["action"]), ""
        if "*" in t:
            tmpl = dict(t["*"].get("action") or {"type": "move", "unit": pid})
            tmpl["to"] = loc if (loc is not None and (not board.free or str(loc).startswith("box:"))) else board.to_board(pos)
            if tmpl["to"] is None:
                return None, "That is off the board."
            return tmpl, ""
        if board.free and loc is None:
            xy = board.to_board(pos)
            best, bd = None, 1e9
            for key, info in t.items():
                to = info.get("action", {}).get("to")
                if isinstance(to, (list, tuple)) and len(to) == 2:
                    d = ((float(to[0]) - xy[0]) ** 2 + (float(to[1]) - xy[1]) ** 2) ** 0.5
                    if d < bd:
                        best, bd = info, d
            if best is not None and bd <= 0.75:
                return dict(best["action"]), ""
            if best is not None:       # the same kind of move, to exactly where it was dropped
                act = dict(best["action"])
                act["to"] = xy
                return act, ""
            return {"type": "move", "unit": pid, "to": xy}, ""
        if loc is None:
            return None, "That is off the map."
        return {"type": "move", "unit": pid, "to": loc}, ""

    def piece_dropped(self, pid: str, pos: QPointF) -> None:
        drag_lines.clear(self)
        loc = self._drop_location(pos)
        if loc is not None and not self.scene.board.free and str(loc) not in self._targets \
                and loc_key(loc) == loc_key((self.scene.piece(pid) or {}).get("at")):
            self.scene.relayout(0)          # dropped where it stands: a click, not a refused move
            self.piece_clicked(pid)
            return
        action, why = self._drop_action(pid, pos)
        applied = False
        if action is not None and self.match is not None:
            in_targets = any(canonical_json(info.get("action")) == canonical_json(action) for info in self._targets.values())
            prob = None if in_targets else self.match.check(action)
            if prob is None:
                info = next((i for i in self._targets.values()
                             if canonical_json(i.get("action")) == canonical_json(action)), None)
                if info is not None and len(info.get("choices") or []) > 1:
                    self._apply_target(info)      # which of the paths to this hex: a small menu
                    return
                if self._stage_roll(pid, action):
                    return                        # shown first: rolled only when confirmed
                applied = self.apply_action(action)
                if not applied:
                    why = self.statusBar().currentMessage()
            else:
                rule = f" ({prob.rule})" if prob.rule else ""
                why = f"{prob.reason}{rule}"
        if not applied:
            pc = self.scene.piece(pid) or {}
            self._clear_targets()
            self.scene.relayout(150)       # glide back
            self.status(f"Cannot move {pc.get('label') or pid} there: {why or 'not a legal destination'}")

    def piece_clicked(self, pid: str) -> None:
        if self._decision_click(pid) or self._battle_click(pid):
            return
        stack = self.scene.stack_of(pid)
        pc = self.scene.piece(pid) or {}
        if len(stack) > 1 and not self.scene.board.free:
            key = loc_key(pc.get("at"))
            self.scene.fan(None if self.scene.fanned == key else key)
        self.select_piece(pid)
        bits = [str(pc.get("label") or pid)]
        if pc.get("values"):
            bits.append(str(pc["values"]))
        if self._targets_for == pid and self._targets:
            bits.append("click a green location to move there" if "*" not in self._targets else "drag it anywhere")
        elif self.can_act():
            bits.append("no legal move now" + self._why_cannot_move(pid))
        elif self._why_not_acting():
            bits.append(self._why_not_acting())
        self.status(" \u00b7 ".join(bits))

    def map_clicked(self, pos: QPointF) -> None:
        if self._staged is not None:
            self.staged_roll(False)
            return
        pid = self._targets_for
        if pid and self._targets and self.can_act():
            loc = self._drop_location(pos)
            if loc is not None and str(loc) in self._targets:
                self._apply_target(self._targets[str(loc)])
                return
        if self.scene.fanned is not None:
            self.scene.fan(None)
        self.scene.select(None)
        self._clear_targets()
        self._show_inspector()

    def _hover_piece(self, pos: QPointF) -> None:
        """The hover card over the piece under the pointer (app.ui.hover_card)."""
        item = next((it for it in self.scene.items(pos) if isinstance(it, PieceItem) and it.isVisible()), None)
        if item is None or item.dragging or QApplication.mouseButtons() != Qt.MouseButton.NoButton:
            self.hover_card.hide_card()
            return
        game, state = self.shown()
        card = piece_card(game, state, item.piece, self._legal, self.can_act(), self._why_not_acting())
        self.hover_card.show_card(item.pid, card, self.view.mapFromScene(pos))

    def hovered(self, pos: QPointF) -> None:
        self._hover_piece(pos)
        board = self.scene.board
        loc = self._drop_location(pos)
        if loc is None and board.free:
            desc = board.describe_point(pos) if hasattr(board, "describe_point") else []
        elif isinstance(loc, str) and loc.startswith("box:"):
            desc = [f"box {loc[4:]}"]
        else:
            desc = board.describe(loc)
        here = [pc for pc in self.scene.pieces if loc is not None and loc_key(pc.get("at")) == loc_key(loc)]
        if not here and self.hover_card.pid:          # a table: the piece under the pointer by its name
            here = [pc for pc in self.scene.pieces if str(pc.get("id")) == self.hover_card.pid]
        if here:
            names = ", ".join(str(pc.get("name") or pc.get("label") or pc.get("id")) + (f" ({pc['values']})" if pc.get("values") else "")
                              for pc in here[:6])
            desc = desc + [names + (f" +{len(here) - 6}" if len(here) > 6 else "")]
        self.where_label.setText(" \u00b7 ".join(str(d) for d in desc))
        if loc != self._hover_loc:
            self._hover_loc = loc
            self._show_path_to(loc)
            path = board.shape(loc) if (loc is not None and not board.free and not str(loc).startswith("box:")) else QPainterPath()
            self.scene.hover_item.set_shapes([(path, QBrush(theme.HOVER), None)] if not path.isEmpty() else [])

    def _key_action(self, what: str) -> None:
        if self._staged is not None and what in ("escape", "confirm"):
            self.staged_roll(what == "confirm")
            return
        if what == "escape":
            if self.view.measuring:
                self.act_measure.setChecked(False)
                self._toggle_measure()
            elif self._ai_job is not None:
                self.stop_ai()
            else:
                self.scene.fan(None)
                self.select_piece(None)
                self._clear_targets()
                if self._draft is not None:
                    self._draft = None
                    self.refresh()
        elif what in ("next", "prev"):
            movable = []
            for a in self._legal:
                u = mover(a)
                if is_drag_action(a) and u not in movable and u in self.scene.items_by_id:
                    movable.append(u)
            if not movable:
                self.status("No unit can move now")
                return
            cur = self.scene.selected
            i = movable.index(cur) if cur in movable else -1
            i = (i + (1 if what == "next" else -1)) % len(movable)
            pid = movable[i]
            self._cursor = None
            self.select_piece(pid)
            self._show_targets(pid)
            self._show_inspector()
            self.view.centerOn(self.scene.items_by_id[pid].pos())
            self.status(f"{(self.scene.piece(pid) or {}).get('label') or pid}: arrow keys to pick a destination, "
                        "Enter to move there")
        elif what.startswith("cursor:"):
            self._move_cursor(what.split(":", 1)[1])
        elif what == "confirm":
            if self._cursor is not None and str(self._cursor) in self._targets:
                self._apply_target(self._targets[str(self._cursor)])
                return
            loc = self._hover_loc
            if self._targets_for and loc is not None and str(loc) in self._targets:
                self._apply_target(self._targets[str(loc)])
        elif what == "space":
            self.end_phase(confirm=True)

    def _menu_of(self, items: list[tuple[str, Action]]) -> None:
        """A small non-blocking menu at the pointer: pick one of these actions."""
        menu = QMenu(self)
        for label, a in items:
            act = menu.addAction(literal(label))
            act.triggered.connect(lambda _=False, x=a: self.apply_action(x))
        menu.aboutToHide.connect(lambda: self.scene.relayout(150))
        self._choice_menu = menu
        menu.popup(QCursor.pos())

    def _apply_target(self, info: dict[str, Any]) -> bool:
        choices = info.get("choices") or []
        if len(choices) > 1:
            self._menu_of([(str(c.get("label") or self._describe(c["action"])), c["action"]) for c in choices])
            return True
        pid = mover(info["action"])
        if pid and self._stage_roll(pid, dict(info["action"])):
            return True
        return self.apply_action(dict(info["action"]))

    # -- a move that rolls is shown first (app.ui.roll_preview) -----------------------------------
    def _stage_roll(self, pid: str, action: Action) -> bool:
        return roll_preview.stage(self, pid, action)

    def staged_roll(self, confirm: bool) -> None:
        roll_preview.finish(self, confirm)

    def _apply_first(self, types: set[str]) -> bool:
        for a in self._legal:
            if a.get("type") in types:
                return self.apply_action(a)
        self.status("That is not possible now")
        return False

    # -- the keyboard cursor over a picked-up piece's destinations (app.ui.keyboard) ----------------
    def cursor_active(self) -> bool:
        return bool(self._targets_for and self._targets and self.can_act())

    def _move_cursor(self, direction: str) -> None:
        keyboard.move_cursor(self, direction)
