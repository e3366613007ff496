"""Frozen Chosin (game id ``frozen-chosin``): the Game object, its actions and its view.

Two sides (``un``, ``pva``), each of three commands; every command has a seat (a person or the
computer). ``state.active`` is the side to decide, ``state.current`` the command whose seat
acts. Actions:

``smith-choice``        General Smith's secret choice, before play (FC-14.4)
``plan`` / ``done-planning``   secret dice placement in the Operations Phase (FC-2.2)
``activate`` / ``attempt`` / ``guns`` / ``pass``   one action in turn (FC-3.2)
``move`` / ``hold`` / ``end-move``   the activated regiment's bases (FC-4), ``move`` is
                        ``{"unit", "to": [x, y], "mode": "road"|"off-road"}`` (mode optional)
``attack`` / ``fire`` / ``end-activation``   its combats (FC-7, FC-8)
``face``                the defender picks the attacker it faces (FC-7.2)
``opportunity`` / ``hold-fire``   daytime opportunity fire (FC-9)
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any

from shapely.geometry import MultiPoint, Point
from shapely.ops import unary_union

from app.engine.game import Action, Context, Game, Illegal, Outcome
from app.games.frozen_chosin import combat as C
from app.games.frozen_chosin import movement as M
from app.games.frozen_chosin import operations as O
from app.games.frozen_chosin import position as P
from app.games.frozen_chosin import scenario as S
from app.games.frozen_chosin import sequence as Q
from app.games.frozen_chosin import data as D
from app.games.frozen_chosin.common import G, R, day_name, is_day, live, rect_gap, stats
from app.games.frozen_chosin.play_feel import short_label
from app.games.frozen_chosin.special import SMITH
from app.games.frozen_chosin.state import UN, PVA, Base, FCState, Pending, other
from app.games.frozen_chosin.victory import breakdown, score

SIDE_NAMES = {UN: "United Nations", PVA: "Chinese"}
#: what the buttons say for actions that name nothing
ACTION_WORDS = {"done-planning": "Finish placing dice", "pass": "Pass for the rest of the phase",
                "end-move": "The other bases hold in place", "end-activation": "End the activation",
                "hold-fire": "Hold fire"}
#: ... and for those that name bases only (each field replaced by the base's name)
ONE_BASE_WORDS = {"guns": "Chinese guns fire on {target}", "hold": "{unit} holds in place",
                  "face": "Face {attacker}", "opportunity": "{unit} fires on {target}"}


class FrozenChosinGame(Game):
    id = "frozen-chosin"
    name = "Frozen Chosin"
    sides = (UN, PVA)
    board_kind = "table"
    state_class = FCState

    # ------------------------------------------------------------------ set-up
    def validate_scenario(self, data: dict[str, Any]) -> list[tuple[str, str]]:
        return S.validate(data)

    def validate_data(self, path: Path, data: Any) -> list[tuple[str, str]] | None:
        return D.validate_data(path, data)

    def setup(self, scenario: dict[str, Any], options: dict[str, Any], seed: int) -> FCState:
        st = S.build(scenario, options, seed, self.id)
        ctx = Context(st.rng, side=UN)
        ctx.shuffle(st.deck, "the event deck", "FC-2.1")
        preset = scenario.get("smith") or options.get("smith")
        if preset in SMITH:
            st.smith_choice = str(preset)
        if P.states_phase(scenario):   # a moment of play (position.py, docs/scenarios.md)
            return P.setup_position(st, scenario, ctx, options)
        if st.smith_choice or scenario.get("smith") == "":
            Q.start_turn(st, ctx)
        else:
            st.phase = st.day_phase = "smith"
            st.current = "un-hagaru"
            st.active = UN
        return P.setup_position(st, scenario, None) if P.is_position(scenario) else st

    # ------------------------------------------------------------------ positions (position.py)
    dice_faces = (1, 2, 3, 4, 5, 6)

    def position_tables(self, state: FCState, scenario: dict[str, Any]) -> dict[str, Any]:
        return P.position_tables(state, scenario)

    def position_problems(self, data: dict[str, Any]) -> list[tuple[str, str]]:
        return P.position_problems(self, data)

    def position_schema(self) -> dict[str, Any]:
        return P.position_schema()

    def show_overlays(self, state: FCState, side: str | None) -> list[dict[str, Any]]:
        return P.show_overlays(self, state, side)

    # ------------------------------------------------------------------ legality
    def legal_actions(self, state: FCState, side: str | None = None) -> list[Action]:
        if side is not None and side != state.active:
            return []
        if state.result or state.finished:
            return []
        st = state
        if st.phase == "smith":
            return [{"type": "smith-choice", "choice": c} for c in SMITH]
        if st.phase == "operations":
            c = st.commands[st.current]
            return [{"type": "plan", "op": o["id"]} for o in O.menu(c.side) if O.plan_problem(st, c, o["id"]) is None] \
                + [{"type": "done-planning"}]
        if st.pending is not None:
            return self._pending_actions(st)
        act = st.activation
        if act is None:
            return self._act_actions(st)
        if act.step == "move":
            out: list[Action] = []
            for bid in Q.movers_left(st):
                b = st.bases[bid]
                out += [{"type": "move", "unit": bid, "to": to, "mode": mode} for mode, to in M.move_points(st, b)]
                out.append({"type": "hold", "unit": bid})
            out.append({"type": "end-move"})
            return out
        return self._fight_actions(st) + [{"type": "end-activation"}]

    def _act_actions(self, st: FCState) -> list[Action]:
        c = st.commands[st.current]
        out: list[Action] = [{"type": "activate", "regiment": r} for r in c.regiments
                             if Q.can_activate(st, st.regiments[r])]
        out += [{"type": "attempt", "op": o, "target": t} for o, t in O.attemptable(st, c)]
        if c.side == PVA and st.offtable_guns and not st.guns_used:
            out += [{"type": "guns", "target": t.id} for t in live(st, UN) if C.spotted(st, PVA, t)]
        out.append({"type": "pass"})
        return out

    def _fight_actions(self, st: FCState) -> list[Action]:
        act = st.activation
        assert act is not None
        mine = [st.bases[b] for b in st.regiments[act.regiment].bases if st.bases[b].status == "on"
                and not st.bases[b].fought]
        out: list[Action] = []
        defenders: dict[str, list[str]] = {}
        for b in mine:
            for e in C.contacts(st, b):
                defenders.setdefault(e.id, []).append(b.id)
        cap = int(R("max_attackers"))
        for d, atts in defenders.items():
            out.append({"type": "attack", "defender": d, "attackers": atts[:cap]})
            if len(atts) > 1:
                out += [{"type": "attack", "defender": d, "attackers": [a]} for a in atts[:cap]]
        memo: dict[tuple[str, str], bool] = {}
        for b in mine:
            if "ranged_fp" not in stats(b):
                continue
            for alloc in C.split_options(st, b, memo):
                out.append({"type": "fire", "unit": b.id, "targets": [[t.id, n] for t, n in alloc]})
        return out

    def _pending_actions(self, st: FCState) -> list[Action]:
        p = st.pending
        assert p is not None
        if p.kind == "face":
            return [{"type": "face", "attacker": a} for a in p.attackers]
        return [{"type": "opportunity", "unit": f, "target": p.target} for f in p.firers] + [{"type": "hold-fire"}]

    def check(self, state: FCState, action: Action) -> Illegal | None:
        if state.result:
            return Illegal("the game is over", "FC-16.3")
        if not isinstance(action, dict):
            return Illegal("an action is a JSON object", "")
        t = action.get("type")
        st = state
        if t == "move" and st.pending is None and st.phase in ("night", "day"):
            extra = set(action) - {"type", "unit", "to", "mode"}
            if extra:
                return Illegal(f"unexpected field(s) {', '.join(sorted(extra))}", "FC-4.1")
            b = st.bases.get(action.get("unit")) if isinstance(action.get("unit"), str) else None
            mode = action.get("mode") or self._mode_for(st, b, action.get("to"))
            prob = M.move_problem(st, b, action.get("to"), mode)
            return Illegal(*prob) if prob else None
        if t == "attack" and st.pending is None and st.activation is not None:
            if set(action) - {"type", "defender", "attackers"}:
                return Illegal("an attack names a defender and its attackers", "FC-7.1")
            atts = action.get("attackers")
            if not (isinstance(atts, list) and all(isinstance(a, str) for a in atts)):
                return Illegal('"attackers" must be a list of base ids', "FC-7.1")
            bases = [st.bases.get(a) for a in atts]
            if any(b is None for b in bases):
                return Illegal("unknown attacking base", "FC-7.1")
            d = st.bases.get(action.get("defender")) if isinstance(action.get("defender"), str) else None
            prob = C.attack_problem(st, d, bases)  # type: ignore[arg-type]
            return Illegal(*prob) if prob else None
        if t == "fire" and st.pending is None and st.activation is not None and st.activation.step == "fight":
            firer = st.bases.get(action.get("unit")) if isinstance(action.get("unit"), str) else None
            if firer is not None and (firer.regiment != st.activation.regiment or firer.fought):
                return Illegal(f"{firer.name} cannot fire now", "FC-8.1")
            alloc = self._alloc(st, action.get("targets"))
            if alloc is None:
                return Illegal('"targets" must be [[base id, dice], ...]', "FC-8.3")
            prob = C.fire_problem(st, firer, alloc)
            return Illegal(*prob) if prob else None
        return super().check(state, action)

    def _mode_for(self, st: FCState, b: Base | None, to: Any) -> str:
        if b is not None and M.move_problem(st, b, to, "road") is None:
            return "road"
        return "off-road"

    def _alloc(self, st: FCState, raw: Any) -> list[tuple[Base | None, int]] | None:
        if not isinstance(raw, list):
            return None
        out = []
        for item in raw:
            if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str)
                    and isinstance(item[1], int) and not isinstance(item[1], bool)):
                return None
            out.append((st.bases.get(item[0]), item[1]))
        return out

    def explain(self, state: FCState, action: Action) -> Illegal:
        t = action.get("type") if isinstance(action, dict) else None
        st = state
        if st.phase == "smith":
            return Illegal("General Smith must first make his secret choice", "FC-14.4")
        if st.phase == "operations":
            if t == "plan":
                prob = O.plan_problem(st, st.commands[st.current], action.get("op"))
                if prob:
                    return Illegal(*prob)
            return Illegal("in the Operations Phase commands only place their operations dice", "FC-2.2")
        if st.pending is not None:
            if st.pending.kind == "face":
                return Illegal("the defender must first choose which attacker to face", "FC-7.2")
            return Illegal("the enemy may first fire at the moving base (opportunity fire)", "FC-9.2")
        if t == "attempt":
            c = st.commands[st.current]
            opid = action.get("op")
            op = D.bundle().operations.get(opid) if isinstance(opid, str) else None
            if op is None or action.get("op") not in c.planned:
                return Illegal("only operations with dice placed on them this turn may be attempted", "FC-2.3")
            if action.get("op") in c.attempted:
                return Illegal("each operation is attempted once a turn", "FC-2.3")
            tp = O.time_problem(st, op)
            if tp:
                return Illegal(*tp)
            return Illegal("that is not a valid target for this operation", O.RULE[op["effect"]])
        if t == "activate":
            rid = action.get("regiment")
            r = st.regiments.get(rid) if isinstance(rid, str) else None
            if r is not None and r.command != st.current:
                return Illegal("a command activates only its own regiments", "FC-3.2")
            if r is not None:
                return Illegal(f"{r.name} has already activated this phase", "FC-3.3")
        if st.activation is not None:
            return Illegal("finish the activated regiment first", "FC-3.2")
        return Illegal("that is not a legal action at this point", "FC-3.2")

    # ------------------------------------------------------------------ applying
    def apply(self, state: FCState, action: Action, ctx: Context) -> None:
        st = state
        t = action["type"]
        if t == "smith-choice":
            st.smith_choice = action["choice"]
            ctx.log("General Smith has made his secret choice", "FC-14.4")
            Q.start_turn(st, ctx)
        elif t == "plan":
            st.commands[st.current].planned.append(action["op"])
            ctx.log(f"{st.commands[st.current].name} places dice on an operation", "FC-2.2")
        elif t == "done-planning":
            Q.done_planning(st, ctx)
        elif t == "activate":
            Q.activate(st, ctx, st.regiments[action["regiment"]])
            self._maybe_done(st, ctx)
        elif t == "attempt":
            O.attempt(st, ctx, st.commands[st.current], action["op"], action["target"])
            if st.activation is None:
                Q.advance(st, ctx)
            else:
                self._maybe_done(st, ctx)
        elif t == "guns":
            st.guns_used = True
            tgt = st.bases[action["target"]]
            dice = ctx.roll(f"off-table Chinese guns fire at {tgt.name}", "FC-8.4", count=st.offtable_guns)
            C.apply_hits(st, ctx, tgt, C.hits_from(dice, C.need_against(tgt)), "FC-8.4")
            Q.advance(st, ctx)
        elif t == "pass":
            st.commands[st.current].passed = True
            ctx.log(f"{st.commands[st.current].name} passes for the rest of the phase", "FC-3.4")
            Q.advance(st, ctx)
        elif t == "move":
            b = st.bases[action["unit"]]
            mode = action.get("mode") or self._mode_for(st, b, action["to"])
            M.do_move(st, ctx, b, tuple(action["to"]), mode)
            self._opportunity(st, ctx, b)
            Q.after_move(st, ctx)
            self._maybe_done(st, ctx)
        elif t == "hold":
            M.hold(st, ctx, st.bases[action["unit"]])
            Q.after_move(st, ctx)
            self._maybe_done(st, ctx)
        elif t == "end-move":
            for bid in Q.movers_left(st):
                M.hold(st, ctx, st.bases[bid])
            Q.after_move(st, ctx)
            self._maybe_done(st, ctx)
        elif t == "attack":
            d = st.bases[action["defender"]]
            atts = [st.bases[a] for a in action["attackers"]]
            if len(atts) > 1:
                st.pending = Pending(kind="face", command=d.command, defender=d.id, attackers=[a.id for a in atts])
                Q.set_active(st)
            else:
                C.resolve_attack(st, ctx, d, atts, atts[0])
                self._maybe_done(st, ctx)
        elif t == "face":
            p = st.pending
            assert p is not None
            st.pending = None
            d = st.bases[p.defender]
            C.resolve_attack(st, ctx, d, [st.bases[a] for a in p.attackers], st.bases[action["attacker"]])
            Q.set_active(st)
            self._maybe_done(st, ctx)
        elif t == "fire":
            firer = st.bases[action["unit"]]
            firer.fought = True
            C.do_fire(st, ctx, firer, [(st.bases[i], n) for i, n in action["targets"]])
            self._maybe_done(st, ctx)
        elif t == "end-activation":
            Q.end_activation(st, ctx)
        elif t == "opportunity":
            p = st.pending
            assert p is not None and st.activation is not None
            firer, target = st.bases[action["unit"]], st.bases[action["target"]]
            firer.opp_fired = st.activation.key
            n = C.fp_of(st, firer, ranged=True)
            ctx.log(f"{firer.name} interrupts with opportunity fire", "FC-9.2")
            C.do_fire(st, ctx, firer, [(target, n)], "FC-9.1")
            self._next_opportunity(st, ctx, target, p.command, keep=True)
        elif t == "hold-fire":
            p = st.pending
            assert p is not None
            for f in p.firers:
                if st.activation is not None:
                    st.bases[f].opp_fired = st.activation.key
            self._next_opportunity(st, ctx, st.bases[p.target], p.command, keep=False)

    def _maybe_done(self, st: FCState, ctx: Context) -> None:
        """End the activation by itself when nothing is left to do in it."""
        act = st.activation
        if act is None or st.pending is not None:
            return
        if act.step == "move" and not Q.movers_left(st):
            act.step = "fight"
        if act.step == "fight" and not self._fight_actions(st):
            Q.end_activation(st, ctx)
        else:
            Q.set_active(st)

    def _firers(self, st: FCState, target: Base) -> dict[str, list[str]]:
        act = st.activation
        out: dict[str, list[str]] = {}
        if act is None or target.status != "on":
            return out
        memo: dict[tuple[str, str], bool] = {}
        for f in live(st, other(target.side)):
            if "ranged_fp" in stats(f) and f.opp_fired != act.key and C.can_fire_at(st, f, target, memo):
                out.setdefault(f.command, []).append(f.id)
        return out

    def _opportunity(self, st: FCState, ctx: Context, moved: Base) -> None:
        """Daytime only: enemy ranged bases in range may interrupt the move (FC-9)."""
        if not is_day(st) or moved.status != "on":
            return
        firers = self._firers(st, moved)
        if firers:
            cid = sorted(firers)[0]
            st.pending = Pending(kind="opportunity", command=cid, target=moved.id, firers=firers[cid])
            Q.set_active(st)

    def _next_opportunity(self, st: FCState, ctx: Context, target: Base, cid: str, keep: bool) -> None:
        firers = self._firers(st, target)
        if keep and firers.get(cid):
            st.pending = Pending(kind="opportunity", command=cid, target=target.id, firers=firers[cid])
        elif firers:
            nxt = sorted(firers)[0]
            st.pending = Pending(kind="opportunity", command=nxt, target=target.id, firers=firers[nxt])
        else:
            st.pending = None
        Q.set_active(st)
        if st.pending is None:
            Q.after_move(st, ctx)
            self._maybe_done(st, ctx)

    # ------------------------------------------------------------------ outcome & view
    def outcome(self, state: FCState) -> Outcome | None:
        if not state.result:
            return None
        un, pva = state.vp.get("un", 0), state.vp.get("pva", 0)
        margin = abs(un - pva)
        level = "draw" if not state.winner else ("decisive" if margin >= 10 else "marginal")
        return Outcome(state.winner or None, level, state.reason, "FC-16.3")

    def seat_side(self, state: FCState, who: str | None) -> str | None:
        """A side id, a command id or a seat name, as the side whose view it gets."""
        if who is None or who in (UN, PVA):
            return who
        if who in state.commands:
            return state.commands[who].side
        return state.players.get(who, "")

    def view(self, state: FCState, side: str | None) -> dict[str, Any]:
        """What one side (or a seat, or a command) may see: the other side's dice placement
        stays hidden until every command has planned (FC-2.4), General Smith's choice until it
        is revealed (FC-14.4), the order of the event deck always."""
        data = state.to_json()
        who = self.seat_side(state, side)
        if who is None:
            return data
        data["deck"] = len(state.deck)
        planning = state.phase == "operations"
        for cid, c in data["commands"].items():
            if c["side"] != who and planning:
                c["planned"] = []
                c["planned_hidden"] = True
        if who != UN and not state.smith_revealed:
            data["smith_choice"] = "hidden" if state.smith_choice else ""
        return data

    def prompt(self, state: FCState) -> str:
        st = state
        if st.result:
            return f"The game is over: {st.reason}."
        if st.phase == "smith":
            return "General Smith (United Nations) makes his secret choice before the battle."
        who = self._who(st)
        if st.phase == "operations":
            c = st.commands[st.current]
            whose = "its" if who == c.name else f"{c.name}'s"
            return f"{who}: place {whose} operations dice in secret ({O.dice_left(c)} left), then finish placing dice."
        if st.pending is not None:
            p = st.pending
            if p.kind == "face":
                return f"{who}: {st.bases[p.defender].name} is attacked; choose which attacker it faces."
            return f"{who}: {st.bases[p.target].name} moved in range; fire on it or hold fire."
        if st.activation is not None:
            r = st.regiments[st.activation.regiment]
            if st.activation.step == "move":
                return f"{who}: move the bases of {r.name} (drag them) or hold them in place."
            return f"{who}: {r.name} may attack bases it touches and fire, then end its activation."
        when = "night" if st.day_phase == "night" else "day"
        return f"{who}: {day_name(st)}, {when}: activate a regiment, attempt an operation or pass."

    def command_to_act(self, state: FCState) -> str:
        """The command whose seat decides now ("" when the game is over)."""
        if state.result:
            return ""
        return state.pending.command if state.pending is not None else state.current

    def seat_to_act(self, state: FCState) -> str:
        """The seat (person or "computer") that decides now: the window's hand-over screen and
        the computer commanders follow this, not just the side."""
        c = state.commands.get(self.command_to_act(state))
        return c.seat if c is not None else ""

    def _who(self, st: FCState) -> str:
        cid = st.pending.command if st.pending is not None else st.current
        c = st.commands.get(cid)
        if c is None:
            return SIDE_NAMES.get(st.active, st.active)
        return f"{c.seat} ({c.name})" if c.seat not in (SIDE_NAMES[c.side],) else c.name

    # ------------------------------------------------------------------ presentation
    def board_data(self, state: FCState) -> dict[str, Any]:
        return D.table_doc(state.table)

    def describe_action(self, state: FCState, action: Action) -> str:
        st = state
        t = action.get("type")
        ops = D.bundle().operations

        def nm(bid: Any) -> str:
            b = st.bases.get(bid) if isinstance(bid, str) else None
            return b.name if b else str(bid)
        if t in ACTION_WORDS:
            return ACTION_WORDS[t]
        if t in ONE_BASE_WORDS:
            return ONE_BASE_WORDS[t].format_map(defaultdict(lambda: "?", {k: nm(v) for k, v in action.items()}))
        if t == "smith-choice":
            return SMITH.get(action.get("choice", ""), "?")
        if t == "plan":
            op = ops.get(action.get("op"), {})
            return f"Place {op.get('cost', '?')} {'die' if op.get('cost') == 1 else 'dice'} on {op.get('name', '?')}"
        if t == "done-planning":
            return "Finish placing dice"
        if t == "activate":
            rid = action.get("regiment")
            r = st.regiments.get(rid) if isinstance(rid, str) else None
            return f"Activate {r.name if r else '?'}"
        if t == "attempt":
            op = ops.get(action.get("op"), {})
            tgt = action.get("target")
            what = st.regiments[tgt].name if tgt in st.regiments else ("a supply marker" if tgt in st.markers else nm(tgt))
            return f"{op.get('name', '?')} on {what}"
        if t == "move":
            to = action.get("to") or [0, 0]
            return f"Move {nm(action.get('unit'))} {'along the road' if action.get('mode') == 'road' else 'off road'} to ({to[0]:.1f}, {to[1]:.1f})"
        if t == "attack":
            return f"Attack {nm(action.get('defender'))} with " + ", ".join(nm(a) for a in action.get("attackers", []))
        if t == "fire":
            return f"{nm(action.get('unit'))} fires at " + ", ".join(f"{nm(i)} ({n})" for i, n in action.get("targets", []))
        return super().describe_action(state, action)

    def pieces(self, state: FCState, side: str | None) -> list[dict[str, Any]]:
        st = state
        out: list[dict[str, Any]] = []
        act = st.activation
        for b in st.bases.values():
            if b.status != "on":
                continue
            s = stats(b)
            flags = []
            if b.suppressed:
                flags.append("suppressed")
            if b.position:
                flags.append(f"{b.position} position")
            if b.out_of_supply:
                flags.append("out of supply")
            shown = [D.bundle().name_of("status", f.replace(" position", "").replace(" ", "-")) for f in flags]
            if act is not None and b.regiment == act.regiment:
                flags.append("active")
                if b.moved:
                    flags.append("moved")
            reg = st.regiments[b.regiment]
            if reg.activated >= reg.allowed:
                flags.append("used")
            vals = f"{s['fp']}" + (f" ({s['ranged_fp']}@{s['range']}\")" if "ranged_fp" in s else "")
            kind = "infantry" if b.type in ("marine", "army", "katusa", "pva", "engineer") else \
                "armor" if b.type in ("tank", "t34") else "artillery" if s.get("artillery") or b.type == "aaa" else "special"
            out.append({"id": b.id, "at": [b.x, b.y], "kind": "base", "side": b.side, "nation": b.side,
                        "unit_type": kind, "label": short_label(b.name), "name": b.name, "values": vals,
                        "w": b.w, "h": b.h,
                        "flags": flags, "reduced": b.suppressed,
                        "info": [b.name, reg.name, st.commands[b.command].name,
                                 f"firepower {s['fp']}" + (f", ranged {s['ranged_fp']} at {s['range']} in" if "ranged_fp" in s else ""),
                                 f"morale {reg.morale}+"] + shown})
        for m in st.markers.values():
            name = D.bundle().name_of("markers", m.kind)
            out.append({"id": m.id, "at": [m.x, m.y], "kind": "marker", "side": m.side, "label": name,
                        "r": 0.4, "info": [f"{'Allied' if m.side == UN else 'Chinese'}: {name}",
                                           f"in supply within {R('supply_radius')} inches"]})
        return out

    def drop_targets(self, state: FCState, piece: str) -> dict[str, dict[str, Any]]:
        out: dict[str, dict[str, Any]] = {}
        st = state
        b = st.bases.get(piece)
        if b is None or st.pending is not None or st.activation is None or st.activation.step != "move" \
                or piece not in Q.movers_left(st):
            return out
        out["*"] = {"action": {"type": "move", "unit": piece, "to": None}, "region": self.reach_outline(st, b),
                    "note": f"up to {M.allowance(st, b, 'road'):g} inches along a road or "
                            f"{M.allowance(st, b, 'off-road'):g} off road"}
        foes = [e for e in live(st, other(b.side))]
        reach = float(R("contact"))
        for mode, to in M.move_points(st, b):
            touch = [e.name for e in foes if rect_gap(to[0], to[1], b.w, b.h, e.x, e.y, e.w, e.h) <= reach + 1e-9]
            info = {"action": {"type": "move", "unit": piece, "to": to, "mode": mode},
                    "cost": M.move_length(st, b, (to[0], to[1]), mode)}
            if touch:
                info["note"] = "would touch " + ", ".join(touch)
                info["contacts"] = [e.id for e in foes if e.name in touch]
            out.setdefault(f"{to[0]},{to[1]}", info)
        return out

    def reach_region(self, st: FCState, b: Base):
        g = G(st)
        off = Point(b.x, b.y).buffer(M.allowance(st, b, "off-road"), quad_segs=16)
        parts = [off.intersection(g.table.bounds)]
        reach = g.road_reach((b.x, b.y), M.allowance(st, b, "road"))
        if len(reach) > 1:
            parts.append(MultiPoint([p for p, _ in reach]).buffer(g.half_road))
        if b.side == PVA and not g.lake.is_empty:
            return unary_union(parts).difference(g.lake)
        return unary_union(parts)

    def reach_outline(self, st: FCState, b: Base) -> list[list[float]]:
        reg = self.reach_region(st, b)
        poly = max(getattr(reg, "geoms", [reg]), key=lambda p: p.area)
        return [[round(x, 2), round(y, 2)] for x, y in poly.exterior.coords]

    def panels(self, state: FCState, side: str | None) -> list[dict[str, Any]]:
        """The Game dock: where the battle stands (day, phase, who acts), the score and the
        turn track. Each command's dice and operations are on its HQ sheet (the ``hq_sheets``
        hook), not repeated here."""
        st = state
        who = self.seat_side(st, side)
        names = D.bundle()
        panels = [{"title": "Now", "rows": self._now_rows(st)}]
        vp = score(st)
        panels.append({"title": names.name_of("tracks", "vp"),
                       "rows": [["United Nations", str(vp["un"])], ["Chinese", str(vp["pva"])]] + breakdown(st)})
        if st.phase in ("night", "day") and not st.result:
            rows = []
            for c in st.commands.values():
                regs = [st.regiments[r] for r in c.regiments]
                on = [r for r in regs if any(st.bases[b].status == "on" for b in r.bases)]
                left = [r for r in on if Q.can_activate(st, r)]
                state_txt = "passed" if c.passed else f"{len(left)} of {len(on)} regiments still to act"
                rows.append([c.name, state_txt])
            panels.append({"title": "Commands this phase", "rows": rows})
        track = []
        for t in range(1, st.turns + 1):
            mark = ""
            if t == st.turn and not st.result:
                mark = {"operations": "operations", "night": "night", "day": "day"}.get(st.day_phase, "")
            track.append([f"Turn {t}: {day_name(st, t)}", f"now ({mark})" if mark else ("done" if t < st.turn or st.result else "")])
        panels.append({"title": names.name_of("tracks", "turn"), "rows": track})
        pools = [[f"{c.name}", str(c.recycled)] for c in st.commands.values() if c.side == PVA]
        panels.append({"title": names.name_of("tracks", "casualties"), "rows": pools})
        if who in (None, UN):
            panels.append({"title": "General Smith's choice", "rows": [[SMITH.get(st.smith_choice, "not made yet"),
                                                                       "revealed" if st.smith_revealed else "secret"]]})
        return panels

    def _now_rows(self, st: FCState) -> list[list[str]]:
        """Day, phase, the card in force and who decides now, in players' words."""
        if st.result:
            return [["Result", st.reason]]
        phase = {"smith": "before the battle", "operations": "Operations Phase (dice placed in secret)",
                 "night": "Nighttime Phase (Chinese first)", "day": "Daytime Phase (Allies first)"}
        rows = [["Day", f"{day_name(st)} (turn {st.turn} of {st.turns})"],
                ["Phase", phase.get(st.day_phase or st.phase, str(st.phase))]]
        if st.event:
            rows.append(["Event in force", D.bundle().cards[st.event]["name"]])
        rows.append(["To act", self._who(st)])
        if st.activation is not None:
            r = st.regiments[st.activation.regiment]
            step = "moving" if st.activation.step == "move" else "attacking and firing"
            rows.append(["Activated", f"{r.name} ({step})"])
        if st.pending is not None:
            p = st.pending
            rows.append(["Waiting for", f"{st.bases[p.defender].name} to choose whom it faces" if p.kind == "face"
                         else f"opportunity fire at {st.bases[p.target].name}"])
        return rows

    def overlays(self, state: FCState, side: str | None) -> list[dict[str, Any]]:
        st = state
        out: list[dict[str, Any]] = []
        for m in st.markers.values():
            out.append({"kind": "circle", "id": f"supply-{m.id}", "at": [m.x, m.y], "r": float(R("supply_radius")),
                        "colour": "#2e7d32" if m.side == UN else "#8e2424", "alpha": 30, "group": "supply",
                        "optional": True, "label": "supply radius"})
        for b in live(st):
            if stats(b).get("static"):
                out.append({"kind": "circle", "id": f"spot-{b.id}", "at": [b.x, b.y], "r": float(stats(b)["spot"]),
                            "colour": "#1f4e79", "alpha": 25, "group": "spotting", "optional": True,
                            "label": "outpost spotting"})
        act = st.activation
        if act is not None and act.step == "move":
            for bid in Q.movers_left(st)[:1]:
                b = st.bases[bid]
                out.append({"kind": "polygon", "id": f"reach-{bid}", "points": self.reach_outline(st, b),
                            "colour": "#d4a017", "alpha": 50, "label": "reach"})
        if st.pending is not None and st.pending.kind == "opportunity":
            t = st.bases[st.pending.target]
            for f in st.pending.firers:
                fb = st.bases[f]
                out.append({"kind": "line", "points": [[fb.x, fb.y], [t.x, t.y]], "colour": "#c0392b",
                            "label": "opportunity fire"})
        return out
