"""Battles built by clicks: the draft of declarations, the combat panel, odds markers and arrows,
air units and MiG cancels (game hooks ``battles``, ``odds_breakdown``, ``decision``)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor

from app.engine.game import Action, Context, Game
from app.engine.state import GameState, canonical_json
from app.ui.hooks import game_hook
from app.ui.panels import breakdown_panels
from app.ui.battle import ROLE_COLOUR
from app.ui.scene_items import cpen
from app.ui.action_kinds import ROLE_ORDER, is_declare, mover


def _sentence(text: str) -> str:
    text = text.strip()
    return (text[:1].upper() + text[1:] + ("" if text.endswith((".", "?", "!")) else ".")) if text else ""


class BattlesMixin:
    """Battles built by clicks: a part of :class:`~app.ui.window.MainWindow`."""

    # -- battles ------------------------------------------------------------------------------------
    def _battles_of(self, game: Game, state: GameState) -> list[dict[str, Any]]:
        fn = game_hook(game, "battles")
        if fn is None:
            return []
        try:
            return list(fn(state) or [])
        except Exception:
            return []

    def _draft_state(self) -> GameState | None:
        """The position as if the battle being built were declared (its units asked of
        ``legal_actions`` one by one; any no longer legal drop out)."""
        if self._draft is None or self.match is None:
            return None
        game = self.match.game
        sim = self.match.state.copy()
        kept = []
        for a in self._draft["actions"]:
            if not any(canonical_json(a) == canonical_json(x) for x in game.legal_actions(sim)):
                continue
            game.apply(sim, dict(a), Context(sim.rng))
            kept.append(a)
        self._draft["actions"] = kept
        return sim

    def _declaring(self) -> bool:
        return any(is_declare(a) for a in self._legal) or (self._decision or {}).get("kind") == "declare"

    def _battle_click(self, pid: str) -> bool:
        """Building a battle by clicks: an enemy unit picks the defender, then each click on one
        of your highlighted units adds it (attack, else support, else human wave) or takes it out."""
        if self.match is None or not self.can_act():
            return False
        game, state = self.match.game, self.match.state
        if game_hook(game, "battles") is None:
            return False
        dec = self._decision or {}
        shown = self._battles_shown
        defenders = {str(b.get("defender")) for b in shown if not b.get("resolved")}
        if not self._declaring():
            if pid in {str(b.get("defender")) for b in shown}:
                self.focus_battle(pid)
                return True
            return False
        decl = [a for a in self._legal if is_declare(a)]
        draft = self._draft
        if draft is not None:
            sim = self._draft_state()
            cands = [a for a in game.legal_actions(sim) if is_declare(a) and a["defender"] == draft["defender"]
                     and mover(a) == pid]
            mine = [a for a in draft["actions"] if mover(a) == pid]
            if mine:
                self.remove_from_draft(pid)
                return True
            if cands:
                cands.sort(key=lambda a: ROLE_ORDER.index(a.get("role")) if a.get("role") in ROLE_ORDER else 9)
                draft["actions"].append(cands[0])
                self.status(f"{self._describe(cands[0])}: press Declare to commit the battle")
                self.refresh()
                return True
        can_defend = {str(a["defender"]) for a in decl} | defenders
        if pid in can_defend:
            if draft is not None and draft["defender"] != pid and draft["actions"]:
                self.status("The battle being built was dropped (it was not declared)")
            if draft is None or draft["defender"] != pid:
                self._draft = {"defender": pid, "actions": []}
            self._battle_focus = pid
            pc = self.scene.piece(pid) or {}
            self.select_piece(pid)
            self.status(f"Battle against {pc.get('label') or pid}: click your highlighted units to add them")
            self.refresh()
            return True
        side = state.active
        pc = self.scene.piece(pid) or {}
        if pc.get("side") == side:
            if draft is not None:
                probe = {"type": "declare-add", "defender": draft["defender"], "unit": pid, "role": "attack"}
                sim = self._draft_state()
                prob = game.check(sim, probe) if sim is not None else None
                why = f": {prob.reason} ({prob.rule})" if prob else ""
                self.status(f"{pc.get('label') or pid} cannot join this battle{why}")
            else:
                self.status("Click an enemy unit first: the defender of the battle you want to fight")
            self.select_piece(pid)
            return True
        if pc:
            self.select_piece(pid)
            self.status(f"{pc.get('label') or pid} cannot be attacked now: none of your units is next to it")
            return True
        return False

    def _add_to_draft(self, a: Action) -> None:
        if self._draft is None:
            return
        self._draft["actions"] = [x for x in self._draft["actions"] if mover(x) != mover(a)] + [a]
        self.refresh()

    def focus_battle(self, defender: str) -> None:
        self._battle_focus = defender
        if self._draft is not None and self._draft["defender"] != defender and not self._draft["actions"]:
            self._draft = None
        self.refresh()

    def remove_from_draft(self, pid: str) -> None:
        if self._draft is None:
            return
        self._draft["actions"] = [a for a in self._draft["actions"] if mover(a) != pid]
        self._draft_state()          # supporters without an attacker left drop out too
        self.status(f"{(self.scene.piece(pid) or {}).get('label') or pid} taken out of the battle")
        self.refresh()

    def clear_draft(self) -> None:
        if self._draft is not None:
            self._draft["actions"] = []
        self.refresh()

    def declare_draft(self) -> bool:
        """Commit the battle built on the map: each unit's declaration through the match."""
        if self._draft is None or not self._draft["actions"] or self.match is None:
            return False
        self._draft_state()
        actions = list(self._draft["actions"])
        defender = self._draft["defender"]
        self._draft = None
        for a in actions:
            if not self.apply_action(dict(a)):
                break
        self._battle_focus = defender
        self.refresh()
        return True

    def declare_done(self) -> bool:
        if self._draft is not None and self._draft["actions"]:
            self.declare_draft()
        self._draft = None
        return self._apply_first({"declare-done"})

    def resolve_battle(self, index: int) -> bool:
        for a in self._legal:
            if a.get("type") == "resolve" and int(a.get("battle", -1)) == int(index):
                b = next((x for x in self._battles_shown if int(x.get("index", -1)) == int(index)), None)
                if b is not None:
                    self._battle_focus = str(b.get("defender"))
                return self.apply_action(a)
        self.status("That battle cannot be resolved now")
        return False

    def _air_changed(self, units: list[str]) -> None:
        self._air_pick = list(units)
        self.refresh()

    def commit_air(self, units: list[str]) -> bool:
        want = sorted(units)
        for a in self._legal:
            if a.get("type") == "air" and sorted(a.get("units") or []) == want:
                self._air_pick = []
                return self.apply_action(a)
        self.status("That many air units cannot fly in this battle (9.2.5)")
        return False

    def choose_mig(self, cancel: str) -> bool:
        for a in self._legal:
            if cancel and a.get("type") == "mig" and a.get("cancel") == cancel:
                return self.apply_action(a)
            if not cancel and a.get("type") == "no-mig":
                return self.apply_action(a)
        return False

    def _update_battles(self, game: Game, state: GameState, covered: bool) -> None:
        has = game_hook(game, "battles") is not None
        self.battle_panel.setVisible(has)
        board = self.scene.board
        if not has or covered:
            self._battles_shown = []
            self.battle_layer.set_battles(board, [])
            self.battle_hi.clear()
            return
        live = self._replay is None and self.match is not None
        dec = self._decision or {}
        kind = dec.get("kind")
        if kind != "declare" or not live:
            self._draft = None
        if kind != "air":
            self._air_pick = []
        sim = self._draft_state() if live and self._draft is not None else None
        bstate = sim if sim is not None else state
        shown = self._battles_of(game, bstate)
        real = {str(b.get("defender")): b for b in self._battles_of(game, state)} if sim is not None else \
            {str(b.get("defender")): b for b in shown}
        self._battles_shown = shown
        draft_def = self._draft["defender"] if self._draft else None
        # which battle the panel shows
        focus = None
        if kind in ("air", "mig", "loss", "retreat", "sea-retreat", "advance", "spread") and dec.get("battle", -1) >= 0:
            focus = next((b for b in shown if b.get("index") == dec["battle"]), None)
        if focus is None and draft_def is not None:
            focus = next((b for b in shown if str(b.get("defender")) == draft_def), None)
        if focus is None and self._battle_focus:
            focus = next((b for b in shown if str(b.get("defender")) == self._battle_focus), None)
        if focus is None:
            focus = next((b for b in shown if b.get("current")), None)
        if focus is None and kind == "resolve":
            focus = next((b for b in shown if not b.get("resolved")), None)
        focus_def = str(focus.get("defender")) if focus else draft_def
        self.battle_layer.set_battles(board, shown, focus_def, draft_def if self._draft and self._draft["actions"] else None)
        enabled = self.can_act()
        model: dict[str, Any] = {"enabled": enabled}
        if kind == "declare":
            model["step"] = "declare"
            model["can_done"] = any(a.get("type") == "declare-done" for a in self._legal)
            model["draft"] = [mover(a) for a in (self._draft or {}).get("actions", [])]
            model["hint"] = ("Click an enemy unit, then your highlighted units to add them "
                             "(again to take one out; right-click for a role)."
                             if enabled else self._why_not_acting())
        elif kind == "resolve":
            model["hint"] = "Pick the next battle to fight: Resolve rolls the die (9.0)." if enabled else self._why_not_acting()
        elif dec.get("text") and enabled:
            model["hint"] = _sentence(str(dec["text"]))
        elif not enabled and self.match is not None and shown:
            model["hint"] = self._why_not_acting()
        if focus is not None or draft_def is not None:
            dname, dstr, dhex = draft_def, "", ""
            if focus is not None:
                dname, dstr, dhex = focus.get("defender_name"), focus.get("defence"), focus.get("hex")
            else:
                pc = self.scene.piece(draft_def) or {}
                dname = pc.get("label") or draft_def
                dstr = str(pc.get("values") or "").split("-")[0]
                dhex = pc.get("at")
            model["defender"] = {"id": focus_def, "name": dname, "strength": dstr, "hex": dhex}
            units = []
            declared = real.get(focus_def) or {}
            in_real = {str(u.get("id")) for k in ("attackers", "support", "wave") for u in declared.get(k, [])}
            drafted = {str(mover(a)) for a in (self._draft or {}).get("actions", [])} \
                if self._draft and self._draft["defender"] == focus_def else set()
            if focus is not None:
                for role, key in (("attack", "attackers"), ("support", "support"), ("wave", "wave")):
                    for u in focus.get(key, []):
                        uid = str(u.get("id"))
                        units.append({"id": uid, "name": u.get("name"), "strength": u.get("strength"),
                                      "role": role, "declared": uid in in_real, "removable": uid in drafted})
            model["units"] = units
            if focus is not None:
                air = self._air_pick if kind == "air" else None
                model["breakdown"] = self._breakdown(game, bstate, int(focus.get("index", 0)), air)
        if kind == "air" and dec.get("units") is not None:
            model["air"] = {"side": dec.get("side"), "units": dec.get("units"), "names": dec.get("names") or {},
                            "limit": dec.get("limit", 0), "chosen": list(self._air_pick)}
            if not enabled:
                model["air"] = None
        if kind == "mig" and enabled:
            model["mig"] = {"cancel": dec.get("cancel") or [], "names": dec.get("names") or {}}
        if kind == "advance" and enabled:
            model["stay"] = _sentence(str(dec.get("text") or "drag an attacker into the hex, or stay"))
        if shown and kind != "declare" or (kind == "declare" and any(b.get("defender") in real for b in shown)):
            resolvable = {int(a.get("battle", -1)) for a in self._legal if a.get("type") == "resolve"}
            model["battles"] = [{"index": b.get("index"), "defender": b.get("defender"),
                                 "defender_name": b.get("defender_name"), "hex": b.get("hex"),
                                 "attack": b.get("attack"), "defence": b.get("defence"),
                                 "marker": b.get("marker"), "resolved": b.get("resolved"), "rolled": b.get("rolled"),
                                 "result": b.get("result"), "cancelled": b.get("cancelled"),
                                 "focus": str(b.get("defender")) == focus_def,
                                 "resolvable": int(b.get("index", -1)) in resolvable and enabled}
                                for b in shown if str(b.get("defender")) in real]
        self.battle_panel.set_model(model)
        self.odds.setVisible(bool(self.odds.titles))
        self._battle_highlights(game, state, sim)

    def _breakdown(self, game: Game, state: GameState, index: int, air: list[str] | None) -> dict[str, Any] | None:
        fn = game_hook(game, "odds_breakdown")
        if fn is None:
            return None
        try:
            return fn(state, index, air) if air else fn(state, index)
        except TypeError:
            try:
                return fn(state, index)
            except Exception:
                return None
        except Exception:
            return None

    def _battle_highlights(self, game: Game, state: GameState, sim: GameState | None) -> None:
        """The defender ringed in red; units that may join it filled in their role's colour;
        units already chosen outlined."""
        board = self.scene.board
        shapes = []
        d = self._draft
        if d is None or not self.can_act():
            self.battle_hi.clear()
            return
        dpc = self.scene.piece(d["defender"])
        if dpc is not None:
            path = board.shape(dpc.get("at"))
            shapes.append((path, QBrush(QColor(200, 40, 30, 45)), cpen(QColor(190, 30, 25, 240), 4.0)))
        best: dict[str, str] = {}
        for a in game.legal_actions(sim if sim is not None else state):
            if is_declare(a) and a["defender"] == d["defender"]:
                u = str(mover(a))
                r = a.get("role", "attack")
                if u not in best or ROLE_ORDER.index(r) < ROLE_ORDER.index(best[u]):
                    best[u] = r if r in ROLE_ORDER else "attack"
        for u, r in best.items():
            pc = self.scene.piece(u)
            if pc is None:
                continue
            col = QColor(ROLE_COLOUR[r])
            fill = QColor(col)
            fill.setAlpha(70)
            shapes.append((board.shape(pc.get("at")), QBrush(fill), cpen(col, 2.0, Qt.PenStyle.DashLine)))
        for a in d["actions"]:
            pc = self.scene.piece(str(mover(a)))
            if pc is None:
                continue
            col = QColor(ROLE_COLOUR.get(a.get("role", "attack"), QColor("#444")))
            fill = QColor(col)
            fill.setAlpha(110)
            shapes.append((board.shape(pc.get("at")), QBrush(fill), cpen(col, 4.0)))
        self.battle_hi.set_shapes(shapes)

    def _odds_breakdown(self, game: Game, state: GameState, viewer: str | None) -> list[dict[str, Any]]:
        import sys
        mod = sys.modules.get(type(game).__module__)
        pkg = sys.modules.get((type(game).__module__ or "").rsplit(".", 1)[0])
        fn = getattr(mod, "odds_breakdown", None) or getattr(pkg, "odds_breakdown", None) \
            or getattr(game, "odds_breakdown", None)
        if not callable(fn):
            return []
        for args in ((state, viewer), (state,)):
            try:
                return breakdown_panels(fn(*args))
            except TypeError:
                continue
            except Exception as e:
                return [{"title": "Odds breakdown", "rows": [], "text": f"could not compute: {e}"}]
        return []
