"""Take The High Ground! (game id ``guts``): the Game object, its actions and its presentation.

One side, the player's platoon; the enemy machine guns are run by the rules. A turn is an
explicit phase machine:

``orders``      every element may take one action: ``advance`` (a move towards a point),
                ``leave-cover``, ``assault``, ``silence``, ``grenade``, ``cover``, ``rally``;
                then ``end-turn``.
``press-on``    a move ended in Hit the Dirt: ``press-on`` (optionally with the leader who was
                leading) or ``stay-down``.
``follow-up``   grenades knocked a gun out: the rifle team may ``follow-up`` or ``decline``.

Moves are continuous: ``{"type": "advance", "team": id, "to": [x, y]}`` aims a move at any
point inside :func:`rules.region` (within reach, base on the table). The dice then say how far
the team gets along the straight line (never past the point). :meth:`legal_actions` lists a
sample of that region (8 headings x 3 distances plus points towards every card and gun);
:meth:`check` accepts any point of the same region.
"""

from __future__ import annotations

import math
from typing import Any, Callable

from app.engine.game import Action, Context, Game, Illegal, Outcome
from app.engine.rng import Rng
from app.engine.state import GameState
from app.games.guts import rules as R
from app.games.guts.data import bundle, validate_enemy, validate_rosters
from app.games.guts.geometry import direction, rect_point_distance, triangle
from app.games.guts.present import base_label
from app.games.guts.state import (
    ANTI_TANK,
    BAR,
    LEADER,
    RIFLE,
    Element,
    GutsState,
)

MOVE_TYPES = ("advance", "leave-cover")
RULE_OF = {
    "advance": "GUTS-MOVE", "leave-cover": "GUTS-LEAVE", "assault": "GUTS-ASLT", "silence": "GUTS-SIL-BAR",
    "grenade": "GUTS-SIL-GREN", "cover": "GUTS-COVER", "rally": "GUTS-RALLY", "press-on": "GUTS-PRESS",
    "stay-down": "GUTS-PRESS", "follow-up": "GUTS-SIL-GREN", "decline": "GUTS-SIL-GREN",
    "end-turn": "GUTS-D-TURN",
}
PHASE_TYPES = {
    "orders": {"advance", "leave-cover", "assault", "silence", "grenade", "cover", "rally", "end-turn"},
    "press-on": {"press-on", "stay-down"},
    "follow-up": {"follow-up", "decline"},
}


_POINTS: dict[tuple[Any, ...], list[list[float]]] = {}


def _r2(v: float) -> float:
    return round(float(v), 2)


#: What each order says, in the player's words (``n`` names an element, ``lead`` its leader).
_LABELS: dict[str, Callable[[Callable[[str], str], Action, str], str]] = {
    "assault": lambda n, a, lead: f"Close assault: {n(a['team'])} charges {a['gun']}{lead}",
    "silence": lambda n, a, lead: f"Fire to silence {a['gun']}: {n(a['team'])}{lead}",
    "grenade": lambda n, a, lead: f"Grenades at {a['gun']}: {n(a['team'])}",
    "cover": lambda n, a, lead: (f"Covering fire on {a['gun']} for {n(a['mover'])}: "
                                 f"{', '.join(n(i) for i in a['teams'])}{lead}"),
    "rally": lambda n, a, lead: f"Rally: {n(a['leader'])} rallies {n(a['team'])}",
    "press-on": lambda n, a, lead: f"Press on: {n(a['team'])}{lead}",
    "stay-down": lambda n, a, lead: f"Stay down: {n(a['team'])}",
    "follow-up": lambda n, a, lead: f"Bayonet follow-up: {n(a['team'])}",
    "decline": lambda n, a, lead: "No follow-up",
    "end-turn": lambda n, a, lead: "End the turn",
}


class GutsGame(Game):
    id = "guts"
    name = "Take The High Ground!"
    sides = (R.SIDE,)
    solitaire = True
    board_kind = "table"
    state_class = GutsState

    # ------------------------------------------------------------------ set-up
    def validate_scenario(self, data: dict[str, Any]) -> list[tuple[str, str]]:
        b = bundle()
        out = []
        plat = data.get("platoon")
        if not isinstance(plat, str) or plat not in b.rosters.get("platoons", {}):
            out.append(("platoon", f"unknown platoon {plat!r} (rosters.toml has: "
                                   f"{', '.join(b.rosters.get('platoons', {}))})"))
        if "turns" in data and not (isinstance(data["turns"], int) and data["turns"] >= 1):
            out.append(("turns", "must be a whole number of turns, 1 or more"))
        if "break_below_teams" in data and not (isinstance(data["break_below_teams"], int)
                                                and data["break_below_teams"] >= 0):
            out.append(("break_below_teams", "must be a whole number, 0 or more"))
        if "becomes" in data:
            bec = data["becomes"]
            if not isinstance(bec, dict):
                out.append(("becomes", "must be a table of card rank = hmg, lmg or dummy"))
            else:
                from app.games.guts.data import RANKS
                for k, v in bec.items():
                    if k != "default" and k not in RANKS:
                        out.append((f"becomes.{k}", "is not a card rank"))
                    if v not in ("hmg", "lmg", "dummy"):
                        out.append((f"becomes.{k}", "must be hmg, lmg or dummy"))
        if "spots" in data:
            known = {s.id for s in b.spots}
            spots = data["spots"]
            if not isinstance(spots, list) or not all(isinstance(s, str) for s in spots):
                out.append(("spots", "must be a list of defensive position ids"))
            else:
                for i, s in enumerate(spots):
                    if s not in known:
                        out.append((f"spots.{i}", f"no defensive position {s!r} on the table"))
                need = int(b.enemy["deck"]["draw"]) + 1
                if len(set(spots)) * int(b.enemy["deck"]["max_per_place"]) < need:
                    out.append(("spots", f"too few positions for {need} cards"))
        return out

    def setup(self, scenario: dict[str, Any], options: dict[str, Any], seed: int) -> GutsState:
        b = bundle()
        pid = scenario.get("platoon", "marines")
        plat = b.rosters["platoons"][pid]
        st = GutsState(game=self.id, scenario=str(scenario.get("id", pid)), turn=1, phase="orders",
                       active=R.SIDE, rng=Rng.from_seed(seed))
        st.platoon = pid
        st.platoon_name = plat["name"]
        st.turns = int(scenario.get("turns", plat.get("turns", 12)))
        st.break_below = int(scenario.get("break_below_teams", b.common["break_below_teams"]))
        average = plat["dice"] == "average"
        for e in plat["elements"]:
            w, h = e.get("base", b.rosters["bases"][e["kind"]])
            st.elements[e["id"]] = Element(
                id=e["id"], name=e["name"], kind=e["kind"], role=e.get("role", ""), squad=str(e.get("squad", "")),
                x=float(e["start"][0]), y=float(e["start"][1]), w=float(w), h=float(h),
                guts=int(e["guts"]), start_guts=int(e["guts"]), average=average)
        st.starting_teams = len(R.fighting_teams(st))
        ctx = Context(st.rng, side=R.SIDE)
        R.deal_cards(st, ctx, scenario.get("spots"), scenario.get("becomes"))
        # a moment of play stated by the scenario (app/games/guts/position.py, docs/scenarios.md)
        from app.engine.game import setup_context
        from app.engine.position import entry_dice, position_table, settings
        from app.games.guts.position import apply_tables
        how = settings(scenario)
        apply_tables(st, scenario, how.unlisted)
        st.turn = int(position_table(scenario).get("turn", st.turn))
        if how.enter:        # the fixed dice roll the entry steps first (docs/scenarios.md)
            entry_dice(st, scenario, options)
            ctx = setup_context(st.rng, side=R.SIDE)
            for e in list(st.elements.values()):
                R.reveal_near(st, ctx, e)
            R.start_turn(st, ctx)
        return st

    # ------------------------------------------------------------------ positions
    dice_faces = (1, 2, 3, 4, 5, 6)

    def position_tables(self, state: GameState, scenario: dict[str, Any]) -> dict[str, Any]:
        from app.games.guts.position import position_tables
        return position_tables(state, scenario)  # type: ignore[arg-type]

    def position_problems(self, data: dict[str, Any]) -> list[tuple[str, str]]:
        from app.games.guts.position import position_problems
        return position_problems(self, data)

    def position_schema(self) -> dict[str, Any]:
        from app.games.guts.position import position_schema
        return position_schema()

    # ------------------------------------------------------------------ legality
    def legal_actions(self, state: GutsState, side: str | None = None) -> list[Action]:
        if side is not None and side != state.active:
            return []
        if state.finished or state.result:
            return []
        if state.phase == "press-on" and state.pending:
            p = state.pending
            out: list[Action] = [{"type": "press-on", "team": p.team}]
            if p.leader and self._press_leader_ok(state, p.leader, p.team):
                out.append({"type": "press-on", "team": p.team, "leader": p.leader})
            out.append({"type": "stay-down", "team": p.team})
            return out
        if state.phase == "follow-up" and state.pending:
            return [{"type": "follow-up", "team": state.pending.team}, {"type": "decline", "team": state.pending.team}]
        return self._orders(state)

    def _press_leader_ok(self, state: GutsState, lid: str, tid: str) -> bool:
        l = state.elements.get(lid)
        t = state.elements.get(tid)
        return l is not None and t is not None and R.lead_problem(state, l, t) is None

    def _orders(self, state: GutsState) -> list[Action]:
        acts: list[Action] = []
        els = list(state.elements.values())
        guns = [g for g in state.guns.values() if g.status != "out"]
        under: dict[str, set[str]] | None = None
        for e in els:
            if R.can_act(e):
                continue
            leaders = R.leaders_for(state, e)
            for typ, prob in (("advance", R.advance_problem), ("leave-cover", R.leave_problem)):
                if prob(state, e) is None:
                    for p in self.move_points(state, e):
                        acts.append({"type": typ, "team": e.id, "to": p})
                        for l in leaders:
                            acts.append({"type": typ, "team": e.id, "to": p, "leader": l.id})
            for g in guns:
                if R.assault_problem(state, e, g.id) is None:
                    acts.append({"type": "assault", "team": e.id, "gun": g.id})
                    for l in leaders:
                        acts.append({"type": "assault", "team": e.id, "gun": g.id, "leader": l.id})
                if R.grenade_problem(state, e, g.id) is None:
                    acts.append({"type": "grenade", "team": e.id, "gun": g.id})
                if R.silence_problem(state, e, g.id) is None:
                    acts.append({"type": "silence", "team": e.id, "gun": g.id})
                    if e.kind == BAR:
                        for l in leaders:
                            acts.append({"type": "silence", "team": e.id, "gun": g.id, "leader": l.id})
            if e.kind in (BAR, RIFLE) and R.firer_problem(state, e) is None:
                if under is None:
                    under = {m.id: {f.gun for f in R.fire_on(state, m)} for m in els
                             if not R.can_act(m) and m.status != "pinned"}
                acts.extend(self._covers(state, e, under))
            if e.kind == LEADER or e.natural_leader:
                for t in els:
                    if R.rally_problem(state, e, t) is None:
                        acts.append({"type": "rally", "leader": e.id, "team": t.id})
        acts.append({"type": "end-turn"})
        return acts

    def _covers(self, state: GutsState, e: Element, under: dict[str, set[str]]) -> list[Action]:
        """Covering fire by ``e`` (alone, with a leader, or with every other able BAR)."""
        out: list[Action] = []
        for g in R.active_guns(state):
            movers = [mid for mid, gs in under.items() if g.id in gs and mid != e.id]
            if not movers:
                continue
            for mid in movers:
                fire = under[mid]
                if R.cover_problem(state, [e.id], mid, g.id, mover_fire=fire) is not None:
                    continue
                out.append({"type": "cover", "teams": [e.id], "mover": mid, "gun": g.id})
                for l in state.elements.values():
                    if l.kind == LEADER and R.cover_problem(state, [e.id], mid, g.id, l.id, mover_fire=fire) is None:
                        out.append({"type": "cover", "teams": [e.id], "mover": mid, "gun": g.id, "leader": l.id})
                if e.kind == BAR:
                    bars = [b.id for b in state.elements.values() if b.kind == BAR and b.id != mid
                            and R.cover_problem(state, [b.id], mid, g.id, mover_fire=fire) is None]
                    if len(bars) > 1 and bars[0] == e.id:
                        out.append({"type": "cover", "teams": bars, "mover": mid, "gun": g.id})
        return out

    def move_points(self, state: GutsState, e: Element) -> list[list[float]]:
        """The sample of :func:`rules.region` offered as legal moves."""
        reg = R.region(state, e)
        key = (reg, e.w, e.h,
               tuple((c.fx, c.fy) for c in state.cards.values() if not c.revealed),
               tuple((g.x, g.y) for g in state.guns.values() if g.status != "out"))
        got = _POINTS.get(key)
        if got is None:
            got = self._move_points(state, e, reg)
            if len(_POINTS) > 50000:
                _POINTS.clear()
            _POINTS[key] = got
        return [list(p) for p in got]

    def _move_points(self, state: GutsState, e: Element, reg: tuple[float, ...]) -> list[list[float]]:
        cx, cy, r, x0, x1, y0, y1 = reg
        pts: list[tuple[float, float]] = []

        def toward(tx: float, ty: float, d: float) -> None:
            L = math.hypot(tx - cx, ty - cy)
            if L < 1e-6:
                return
            d = min(d, r)
            pts.append((cx + (tx - cx) / L * d, cy + (ty - cy) / L * d))

        for k in range(8):
            ux, uy = direction(90.0 + 45.0 * k)
            for frac in (1 / 3, 2 / 3, 1.0):
                d = r * frac
                # shorten the ray so the base stays on the table
                for axis_v, axis_u, lo, hi in ((cx, ux, x0, x1), (cy, uy, y0, y1)):
                    if axis_u > 1e-12:
                        d = min(d, (hi - axis_v) / axis_u)
                    elif axis_u < -1e-12:
                        d = min(d, (lo - axis_v) / axis_u)
                if d > 0.05:
                    pts.append((cx + ux * d, cy + uy * d))
        reveal = float(bundle().enemy["deck"]["reveal_inches"])
        for c in state.cards.values():
            if not c.revealed:
                dist = rect_point_distance(e.x, e.y, e.w, e.h, (c.fx, c.fy))
                toward(c.fx, c.fy, dist - reveal + 0.5)
                toward(c.fx, c.fy, r)
        for g in state.guns.values():
            if g.status == "out":
                continue
            dist = math.hypot(g.x - cx, g.y - cy)
            for stand in (2.5, 5.5, 11.5, 17.5):
                if dist - stand > 0.3:
                    toward(g.x, g.y, dist - stand)
        seen = set()
        out = []
        for x, y in pts:
            p = (_r2(x), _r2(y))
            if p in seen or not R.in_region(reg, p):
                continue
            seen.add(p)
            out.append([p[0], p[1]])
        return out

    def check(self, state: GutsState, action: Action) -> Illegal | None:
        if state.finished or state.result:
            return Illegal("the game is over", "GUTS-D-VIC")
        t = action.get("type") if isinstance(action, dict) else None
        if t not in PHASE_TYPES.get(state.phase, set()):
            return self.explain(state, action)
        if t in MOVE_TYPES:
            return self._check_move(state, action)
        if t == "cover":
            return self._check_cover(state, action)
        return super().check(state, action)

    def _check_move(self, state: GutsState, a: Action) -> Illegal | None:
        extra = set(a) - {"type", "team", "to", "leader"}
        if extra:
            return Illegal(f"unexpected field(s) {', '.join(sorted(extra))}", RULE_OF[a["type"]])
        e = state.elements.get(a.get("team", ""))
        if e is None:
            return Illegal(f"no element {a.get('team')!r}", RULE_OF[a["type"]])
        prob = (R.advance_problem if a["type"] == "advance" else R.leave_problem)(state, e)
        if prob:
            return Illegal(*prob)
        to = a.get("to")
        if not (isinstance(to, (list, tuple)) and len(to) == 2
                and all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in to)):
            return Illegal('"to" must be [x, y] in inches', "GUTS-D-MOVE")
        if "leader" in a:
            l = state.elements.get(a["leader"]) if isinstance(a["leader"], str) else None
            if l is None:
                return Illegal(f"no element {a['leader']!r}", "GUTS-LEAD")
            lp = R.lead_problem(state, l, e)
            if lp:
                return Illegal(*lp)
        reg = R.region(state, e)
        if not R.in_region(reg, (float(to[0]), float(to[1]))):
            return Illegal(f"{e.name} can aim a move at most {reg[2]:g} inches away, with its base on the table",
                           "GUTS-D-MOVE")
        return None

    def _check_cover(self, state: GutsState, a: Action) -> Illegal | None:
        extra = set(a) - {"type", "teams", "mover", "gun", "leader"}
        if extra:
            return Illegal(f"unexpected field(s) {', '.join(sorted(extra))}", "GUTS-COVER")
        teams = a.get("teams")
        if not (isinstance(teams, list) and all(isinstance(t, str) for t in teams)):
            return Illegal('"teams" must be a list of team ids', "GUTS-COVER")
        lid = a.get("leader", "")
        if not isinstance(lid, str) or ("leader" in a and not lid):
            return Illegal('"leader" must be an element id', "GUTS-COVER")
        prob = R.cover_problem(state, teams, str(a.get("mover", "")), str(a.get("gun", "")), lid)
        return Illegal(*prob) if prob else None

    def explain(self, state: GutsState, action: Action) -> Illegal:
        if not isinstance(action, dict):
            return Illegal("an action is a JSON object", "GUTS-D-TURN")
        t = action.get("type")
        allowed = PHASE_TYPES.get(state.phase, set())
        if t not in RULE_OF:
            return Illegal(f"unknown action {t!r}; now: {', '.join(sorted(allowed))}", "GUTS-D-TURN")
        if t not in allowed:
            return Illegal(f"not now: this is the {state.phase} step ({', '.join(sorted(allowed))})", "GUTS-D-TURN")
        e = state.elements.get(action.get("team") or action.get("leader") or "")
        gid = action.get("gun", "")
        prob = None
        if e is not None:
            if t == "assault":
                prob = R.assault_problem(state, e, gid)
            elif t == "grenade":
                prob = R.grenade_problem(state, e, gid)
            elif t == "silence":
                prob = R.silence_problem(state, e, gid)
                if prob is None and action.get("leader"):
                    l = state.elements.get(action["leader"])
                    prob = R.lead_problem(state, l, e) if l else ("no such leader", "GUTS-LEAD")
                    if prob is None and e.kind in ANTI_TANK:
                        prob = ("a leader's modifier does not apply to rocket fire", "GUTS-SIL-AT")
            elif t == "rally":
                l = state.elements.get(action.get("leader", ""))
                tm = state.elements.get(action.get("team", ""))
                prob = R.rally_problem(state, l, tm) if l and tm else ("name a leader and a team", "GUTS-RALLY")
            elif t in ("press-on", "stay-down", "follow-up", "decline"):
                if not state.pending or state.pending.team != action.get("team"):
                    prob = ("that team has no decision waiting", RULE_OF[t])
                elif action.get("leader"):
                    prob = ("that leader cannot lend his modifier now", "GUTS-LEAD")
        if prob:
            return Illegal(*prob)
        return Illegal("that is not a legal action now", RULE_OF.get(t, ""))

    # ------------------------------------------------------------------ doing
    def apply(self, state: GutsState, action: Action, ctx: Context) -> None:
        t = action["type"]
        E = state.elements
        leader = E.get(action["leader"]) if action.get("leader") else None
        if t == "end-turn":
            R.end_turn(state, ctx)
        elif t == "advance":
            e = E[action["team"]]
            R.begin_move(state, e, leader)
            R.do_advance(state, ctx, e, (float(action["to"][0]), float(action["to"][1])), leader)
        elif t == "leave-cover":
            R.leave_cover(state, ctx, E[action["team"]], (float(action["to"][0]), float(action["to"][1])), leader)
        elif t == "assault":
            R.assault(state, ctx, E[action["team"]], action["gun"], leader)
        elif t == "silence":
            e = E[action["team"]]
            if e.kind == BAR:
                R.bar_silence(state, ctx, e, action["gun"], leader)
            else:
                R.rocket_silence(state, ctx, e, action["gun"])
        elif t == "grenade":
            R.grenade(state, ctx, E[action["team"]], action["gun"])
        elif t == "cover":
            R.cover(state, ctx, [E[i] for i in action["teams"]], E[action["mover"]], action["gun"], leader)
        elif t == "rally":
            R.rally(state, ctx, E[action["leader"]], E[action["team"]])
        elif t == "press-on":
            R.press_on(state, ctx, E[action["team"]], leader)
        elif t == "stay-down":
            ctx.log(f"{E[action['team']].name} stays down", "GUTS-PRESS")
            state.pending = None
            state.phase = "orders"
        elif t == "follow-up":
            R.follow_up(state, ctx, E[action["team"]])
        elif t == "decline":
            state.pending = None
            state.phase = "orders"
        R.check_break(state, ctx)

    def outcome(self, state: GutsState) -> Outcome | None:
        if state.result == "win":
            return Outcome(R.SIDE, "win", state.reason, state.result_rule)
        if state.result == "loss":
            return Outcome(None, "loss", state.reason, state.result_rule)
        return None

    def view(self, state: GutsState, side: str | None) -> dict[str, Any]:
        data = state.to_json()
        if side is not None:
            for c in data["cards"].values():
                if not c["revealed"]:
                    c["rank"] = c["suit"] = c["becomes"] = ""
        return data

    def prompt(self, state: GutsState) -> str:
        if state.result:
            return f"The game is over: {state.reason}."
        if state.phase == "press-on" and state.pending:
            e = state.elements[state.pending.team]
            return f"{e.name} has hit the dirt: press on, or stay down?"
        if state.phase == "follow-up" and state.pending:
            e = state.elements[state.pending.team]
            return f"{e.name} knocked the gun out: follow up with the bayonet?"
        return (f"Turn {state.turn} of {state.turns}: give each team one order (move, cover, silence, "
                f"rally), then end the turn.")

    # ------------------------------------------------------------------ presentation
    def board_data(self, state: GutsState) -> dict[str, Any]:
        return bundle().table_doc

    def pieces(self, state: GutsState, side: str | None) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        deck = bundle().enemy["deck"]
        cw, cl = deck["card_size"]
        for e in state.elements.values():
            if e.out:
                continue
            flags = [e.status] if e.status != "ok" else []
            flags += [f for f, on in (("pressing-on", e.pressing_on), ("acted", e.acted),
                                      ("withdrawing", e.withdrawing), ("natural-leader", e.natural_leader),
                                      ("covered", bool(e.covers))) if on]
            out.append({
                "id": e.id, "at": [e.x, e.y], "kind": "base", "side": R.SIDE, "nation": "us",
                "unit_type": "hq" if e.kind == LEADER else ("special" if e.kind in ANTI_TANK else "infantry"),
                "label": base_label(e.id), "name": e.name, "values": str(e.guts), "w": e.w, "h": e.h, "rotation": 0.0,
                "flags": flags, "colour": "#3b5b2e" if e.average else "#4b6b8a",
                "info": [e.name, f"GUTS {e.guts} (started {e.start_guts})", f"state: {e.status.replace('-', ' ')}",
                         f"casualties: {e.casualties}"] + (["falling back"] if e.withdrawing else []),
            })
        for c in state.cards.values():
            hidden = not c.revealed
            out.append({
                "id": c.id, "at": [c.x, c.y], "kind": "card", "side": "enemy", "w": cw, "h": cl,
                "rotation": c.facing - 270.0, "flags": ["face-down"] if hidden else ["face-up"],
                "label": "?" if hidden else f"{c.rank}{c.suit}",
                "info": [f"card at {bundle().spot(c.spot).name}"] + ([] if hidden else [f"turned on turn {c.revealed_turn}: {c.becomes}"]),
            })
        for g in state.guns.values():
            gw, gh = bundle().gun(g.kind)["base"]
            out.append({
                "id": g.id, "at": [g.x, g.y], "kind": "base", "side": "enemy", "nation": "ccf",
                "unit_type": "special", "label": g.kind.upper(), "name": g.name, "values": str(g.guts),
                "w": gw, "h": gh, "rotation": 0.0, "flags": [g.status], "colour": "#8a3b2e",
                "info": [g.name, f"GUTS {g.guts}", g.status + (f": {g.how}" if g.how else "")],
            })
        return out

    def drop_targets(self, state: GutsState, piece: str) -> dict[str, dict[str, Any]]:
        """The sampled destinations, plus ``"*"``: the whole reach region (drop anywhere in it;
        :meth:`check` has the last word)."""
        out: dict[str, dict[str, Any]] = {}
        e = state.elements.get(piece)
        if e is None or state.phase != "orders":
            return out
        typ = ("advance" if R.advance_problem(state, e) is None
               else "leave-cover" if R.leave_problem(state, e) is None else None)
        if typ is not None:
            out["*"] = {"action": {"type": typ, "team": piece, "to": None}, "region": self.region_outline(state, e),
                        "note": f"aim the move anywhere within {R.reach(e):g} inches"}
        for a in self.legal_actions(state):
            if a.get("team") != piece or a.get("leader"):
                continue
            if a["type"] in MOVE_TYPES:
                x, y = a["to"]
                out.setdefault(f"{x},{y}", {"action": a, "cost": math.hypot(x - e.x, y - e.y),
                                            "note": self.describe_action(state, a)})
            elif a["type"] == "assault":
                out.setdefault(f"gun:{a['gun']}", {"action": a, "note": self.describe_action(state, a)})
        return out

    def region_outline(self, state: GutsState, e: Element) -> list[list[float]]:
        """The reach region as a polygon (for drawing)."""
        cx, cy, r, x0, x1, y0, y1 = R.region(state, e)
        pts = []
        for k in range(72):
            ux, uy = direction(5.0 * k)
            pts.append([round(min(max(cx + r * ux, x0), x1), 3), round(min(max(cy + r * uy, y0), y1), 3)])
        return pts

    def describe_action(self, state: GutsState, action: Action) -> str:
        E = state.elements
        t = action.get("type")

        def name(i: str) -> str:
            return E[i].name if i in E else str(i)

        lead = f", led by {name(action['leader'])}" if action.get("leader") else ""
        if t in MOVE_TYPES:
            x, y = action["to"]
            verb = "Advance" if t == "advance" else "Leave cover and move"
            return f"{verb}: {name(action['team'])} towards ({x:.1f}, {y:.1f}){lead}"
        label = _LABELS.get(str(t))
        if label is not None:
            return label(name, action, lead)
        return super().describe_action(state, action)

    def panels(self, state: GutsState, side: str | None) -> list[dict[str, Any]]:
        roster = []
        for e in state.elements.values():
            if e.out:
                v = f"out ({e.out_reason})"
            else:
                v = f"GUTS {e.guts}/{e.start_guts}, {e.status.replace('-', ' ')}"
                if e.withdrawing:
                    v += ", falling back"
                if e.natural_leader:
                    v += ", natural leader"
            roster.append([e.name, v])
        cards = list(state.cards.values())
        guns = list(state.guns.values())
        turn = [
            ["Turn", f"{state.turn} of {state.turns}"],
            ["Step", state.phase],
            ["Cards face down", str(sum(1 for c in cards if not c.revealed))],
            ["Guns firing", str(sum(1 for g in guns if g.status == "active"))],
            ["Guns silenced", str(sum(1 for g in guns if g.status == "silenced"))],
            ["Guns knocked out", str(sum(1 for g in guns if g.status == "out"))],
            ["Teams fighting", f"{len(R.fighting_teams(state))} (breaks below {state.break_below})"],
        ]
        enemy = [[g.id, f"{g.name}, GUTS {g.guts}, {g.status}"] for g in guns]
        enemy += [[c.id, f"{c.rank}{c.suit}: nobody there"] for c in cards if c.revealed and c.becomes == "dummy"]
        return [{"title": state.platoon_name, "rows": roster}, {"title": "Turn", "rows": turn},
                {"title": "Enemy", "rows": enemy}]

    def overlays(self, state: GutsState, side: str | None) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        b = bundle()
        reveal = float(b.enemy["deck"]["reveal_inches"])
        for g in state.guns.values():
            gd = b.gun(g.kind)
            if g.status == "active":
                tri = triangle((g.x, g.y), g.heading, gd["cone_length"], gd["cone_width"])
                out.append({"kind": "cone", "id": f"cone-{g.id}", "gun": g.id, "apex": [g.x, g.y],
                            "heading": g.heading, "length": gd["cone_length"], "width": gd["cone_width"],
                            "points": [[round(x, 4), round(y, 4)] for x, y in tri],
                            "bands": [list(x) for x in gd["bands"]], "colour": "#c0392b", "opacity": 0.25})
                ux, uy = direction(g.heading)
                for name, limit in gd["bands"][:-1]:
                    hw = gd["cone_width"] / 2.0 * limit / gd["cone_length"]
                    cx, cy = g.x + ux * limit, g.y + uy * limit
                    out.append({"kind": "line", "id": f"band-{g.id}-{name}", "role": "band", "gun": g.id,
                                "points": [[round(cx + uy * hw, 4), round(cy - ux * hw, 4)],
                                           [round(cx - uy * hw, 4), round(cy + ux * hw, 4)]],
                                "colour": "#c0392b", "dashed": True, "width": 1.0})
            elif g.status == "silenced":
                out.append({"kind": "circle", "id": f"wake-{g.id}", "role": "reopen", "centre": [g.x, g.y],
                            "r": gd["bands"][0][1], "colour": "#c0392b", "opacity": 0.08, "dashed": True})
        for c in state.cards.values():
            if not c.revealed:
                out.append({"kind": "circle", "id": f"reveal-{c.id}", "role": "reveal", "centre": [c.fx, c.fy],
                            "r": reveal, "colour": "#7f8c8d", "opacity": 0.06, "dashed": True})
        if state.last_move:
            m = state.last_move
            out.append({"kind": "circle", "id": "rolled-move", "role": "rolled", "centre": m.start,
                        "r": m.allowed, "colour": "#2e86c1", "opacity": 0.12})
            out.append({"kind": "line", "id": "last-move", "points": [m.start, m.end], "colour": "#2e86c1"})
        if state.phase == "orders":
            for e in state.elements.values():
                if R.advance_problem(state, e) is None or R.leave_problem(state, e) is None:
                    out.append({"kind": "circle", "id": f"reach-{e.id}", "role": "reach", "piece": e.id,
                                "centre": [e.x, e.y], "r": R.reach(e), "colour": "#27ae60", "opacity": 0.05,
                                "optional": True, "label": ""})
        if state.pending and state.pending.to:
            e = state.elements[state.pending.team]
            out.append({"kind": "line", "id": "pending-move", "points": [[e.x, e.y], state.pending.to],
                        "colour": "#f39c12", "dashed": True})
        return out

    # ------------------------------------------------------------------ players and data
    def validate_data(self, path, data: Any) -> list[tuple[str, str]] | None:
        from pathlib import Path
        name = Path(path).name
        if name == "rosters.toml":
            return validate_rosters(data, bundle().table_doc)
        if name == "enemy.toml":
            return validate_enemy(data)
        return None
