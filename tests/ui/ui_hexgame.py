"""A small hex wargame used to drive the window in tests (and to look at the map).

A 10 x 8 hex map with sea, coast, terrain, a river, a road, cities, a start line, a DMZ, a MiG
Alley region and two boxes. Two sides move in turn; moving costs terrain, entering an enemy
zone of control ends a move (7.1), units may attack an adjacent enemy with a die roll (an undo
barrier), reinforcements enter from a box, and some units are hidden from the other side.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from typing import Any

from app.engine.game import Action, Context, Game, Illegal, Outcome
from app.engine.hexgrid import HexGrid
from app.engine.rng import Rng
from app.engine.state import GameState

GAME_ID = "uitest-hex"

SCENARIO_TEXT = """\
format = "ridgeline-scenario"
version = 1
game = "uitest-hex"
id = "ui-skirmish"
name = "UI test skirmish"
description = "Two small armies on a 10 by 8 hex map."
"""

COST = {"open": 1, "broken": 2, "rough": 3, "mountain": 3}


def _hexmap() -> dict[str, Any]:
    cols, rows = 10, 8
    layout = {"orientation": "flat", "offset": "odd", "columns": cols, "rows": rows,
              "first_col": 1, "first_row": 1, "id_format": "CCRR", "size": 1.0}
    g = HexGrid.from_json({"kind": "hexmap", "version": 1, "layout": layout, "default_terrain": "open"})
    hexes: dict[str, dict[str, Any]] = {}

    def put(h: str, **kw: Any) -> None:
        hexes.setdefault(h, {}).update(kw)

    for h in g.ids():
        c, r = g.parse_id(h)
        if c == 1 or (c == 2 and r >= 6) or (r == 8 and c <= 4):
            put(h, terrain="sea")
        elif c >= 7 and c <= 9 and r <= 3:
            put(h, terrain="mountain")
    for h in ("0602", "0603", "0804", "1005"):
        put(h, terrain="rough")
    for h in ("0402", "0505", "0906", "0303"):
        put(h, terrain="broken")
    put("0806", terrain="lake")
    put("0304", features=["city", "port"], name="Seaport")
    put("0504", features=["capital", "city"], name="Capital")
    put("0904", features=["city", "star-city"], name="Star City")
    put("0707", features=["town"], name="Hamlet")
    put("0802", name="Hill 1282")
    sides: dict[str, list[str]] = {}
    for r in range(1, 8):
        for a, b in ((f"05{r:02d}", f"06{r:02d}"), (f"05{r:02d}", f"06{r + 1:02d}")):
            if g.contains(a) and g.contains(b):
                sides[f"{a}/{b}"] = ["river"]
    road = ["0304", "0404", "0504", "0604", "0704", "0804", "0904"]
    for a, b in zip(road, road[1:]):
        key = f"{a}/{b}"
        sides.setdefault(key, []).append("road")
    sides["0203/0303"] = ["all-sea"]

    def boundary(north, south) -> list[str]:
        out = set()
        for h in g.ids():
            if north(h):
                for n in g.neighbours(h):
                    if south(n):
                        out.add(str(g.hexside(h, n)))
        return sorted(out)

    start = boundary(lambda h: g.parse_id(h)[1] <= 4 and g.parse_id(h)[0] >= 2,
                     lambda h: g.parse_id(h)[1] >= 5 and g.parse_id(h)[0] >= 2)
    dmz = boundary(lambda h: g.parse_id(h)[1] <= 5 and g.parse_id(h)[0] >= 6,
                   lambda h: g.parse_id(h)[1] >= 6 and g.parse_id(h)[0] >= 6)
    return {
        "kind": "hexmap", "version": 1, "layout": layout, "default_terrain": "open",
        "hexes": hexes, "hexsides": sides,
        "lines": [{"id": "start-line", "name": "38th Parallel", "kind": "start-line", "hexsides": start},
                  {"id": "dmz", "name": "DMZ", "kind": "dmz", "hexsides": dmz}],
        "regions": {"mig-alley": ["0201", "0301", "0401", "0202", "0302"]},
        "labels": [{"text": "YELLOW\nSEA", "at": "0105", "size": 11}],
        "boxes": [{"id": "reinforcements", "name": "Reinforcements"}, {"id": "eliminated", "name": "Eliminated"}],
    }


HEXMAP = _hexmap()
GRID = HexGrid.from_json(HEXMAP)

UNITS = [
    # id, side, nation, type, size, label, strength, ma, at, reduced, hidden
    ("kpa-1", "north", "KPA", "infantry", "XX", "1", 6, 4, "0603", False, False),
    ("kpa-105", "north", "KPA", "armor", "XX", "105", 8, 6, "0703", False, False),
    ("kpa-2", "north", "KPA", "infantry", "XX", "2", 3, 4, "0403", True, False),
    ("pva-9", "north", "PVA", "infantry", "XXX", "9", 7, 4, "0902", False, True),
    ("rok-1", "south", "ROK", "infantry", "XX", "1", 3, 4, "0406", True, False),
    ("us-24", "south", "US", "infantry", "XX", "24", 4, 4, "0506", False, False),
    ("us-555", "south", "US", "artillery", "III", "555", 2, 3, "0607", False, False),
    ("cw-27", "south", "CW", "infantry", "X", "27", 3, 4, "0706", False, False),
    ("un-t", "south", "UN", "hq", "X", "Tk", 1, 4, "0706", False, False),
    ("rok-h", "south", "ROK", "infantry", "XX", "6", 4, 4, "0307", False, True),
    ("us-1c", "south", "US", "cavalry", "XX", "1C", 5, 6, "box:reinforcements", False, False),
]


@dataclass
class Unit:
    """One counter: every field but ``moved`` comes from its row of ``UNITS``."""

    side: str
    nation: str
    type: str
    size: str
    label: str
    strength: int
    ma: int
    at: str
    reduced: bool
    hidden: bool
    moved: bool = False


@dataclass
class HexState(GameState):
    units: dict[str, Unit] = field(default_factory=dict)


class HexTestGame(Game):
    """The rules of the test skirmish: a hex board, two sides, units that move and attack."""

    id = GAME_ID
    name = "UI test skirmish"
    board_kind = "hex"
    state_class = HexState
    sides = ("north", "south")

    def setup(self, scenario: dict[str, Any], options: dict[str, Any], seed: int) -> HexState:
        st = HexState(game=GAME_ID, scenario=str(scenario.get("id", "ui-skirmish")), turn=1,
                      phase="movement", active="north", rng=Rng.from_seed(seed))
        for uid, side, nat, typ, size, label, s, ma, at, red, hid in UNITS:
            st.units[uid] = Unit(side, nat, typ, size, label, s, ma, at, red, hid)
        return st

    # -- rules -----------------------------------------------------------------------------
    def _occupied(self, st: HexState) -> dict[str, str]:
        return {u.at: u.side for u in st.units.values() if not u.at.startswith("box:")}

    def ezoc(self, st: HexState, side: str) -> set[str]:
        out: set[str] = set()
        for u in st.units.values():
            if u.side != side and not u.at.startswith("box:"):
                out.update(GRID.neighbours(u.at))
        return out

    def reach(self, st: HexState, uid: str) -> dict[str, int]:
        u = st.units[uid]
        if u.at == "box:reinforcements":
            return {h: 0 for h in GRID.ids() if GRID.parse_id(h)[1] == 7
                    and HEXMAP["hexes"].get(h, {}).get("terrain", "open") != "sea"
                    and h not in self._occupied(st)}
        occ = self._occupied(st)
        zoc = self.ezoc(st, u.side)
        best = {u.at: 0}
        heap = [(0, u.at)]
        while heap:
            cost, h = heapq.heappop(heap)
            if cost > best.get(h, 99):
                continue
            if h != u.at and h in zoc:
                continue  # entering an enemy zone of control ends the move (7.1)
            for n in GRID.neighbours(h):
                t = GRID.terrain(n)
                if t in ("sea", "lake"):
                    continue
                if occ.get(n) not in (None, u.side):
                    continue
                c = cost + COST.get(t, 1)
                if c > u.ma and not (cost == 0 and h == u.at):
                    continue  # a unit may always move one hex
                if c < best.get(n, 99):
                    best[n] = c
                    heapq.heappush(heap, (c, n))
        best.pop(u.at, None)
        return best

    def legal_actions(self, state: GameState, side: str | None = None) -> list[Action]:
        assert isinstance(state, HexState)
        if side is not None and side != state.active:
            return []
        out: list[Action] = []
        for uid, u in state.units.items():
            if u.side != state.active or u.moved or u.at == "box:eliminated":
                continue
            for h in sorted(self.reach(state, uid)):
                out.append({"type": "move", "unit": uid, "to": h})
        for uid, u in state.units.items():
            if u.side != state.active or u.at.startswith("box:"):
                continue
            for vid, v in state.units.items():
                if v.side != u.side and not v.at.startswith("box:") and GRID.is_adjacent(u.at, v.at):
                    out.append({"type": "attack", "unit": uid, "target": vid})
        out.append({"type": "end-phase"})
        return out

    def explain(self, state: GameState, action: Action) -> Illegal:
        assert isinstance(state, HexState)
        if action.get("type") != "move":
            return Illegal(f"{action.get('type')!r} is not possible now", "4.0")
        u = state.units.get(str(action.get("unit")))
        to = action.get("to")
        if u is None:
            return Illegal("there is no such unit", "4.0")
        if u.side != state.active:
            return Illegal(f"it is the {state.active} side's movement phase", "4.1")
        if u.moved:
            return Illegal(f"{u.label} has already moved this phase", "8.4")
        if not isinstance(to, str) or not GRID.contains(to):
            return Illegal("that is not a hex on the map", "8.0")
        if GRID.terrain(to) in ("sea", "lake"):
            return Illegal("units may not enter all-sea or lake hexes", "8.2")
        if self._occupied(state).get(to) not in (None, u.side):
            return Illegal("units may not enter a hex holding an enemy unit", "8.3")
        return Illegal(f"{u.label} does not have the movement points to reach {to} "
                       "(or must stop on entering an enemy zone of control)", "8.1")

    def apply(self, state: GameState, action: Action, ctx: Context) -> None:
        assert isinstance(state, HexState)
        t = action["type"]
        if t == "move":
            u = state.units[action["unit"]]
            frm = u.at
            u.at = action["to"]
            u.moved = True
            ctx.log(f"{u.nation} {u.label} moves {frm} \u2192 {u.at}", "8.1", kind="move")
        elif t == "attack":
            u, v = state.units[action["unit"]], state.units[action["target"]]
            roll = ctx.d6(f"{u.label} attacks {v.label}", "9.1")
            if roll >= 5:
                v.at = "box:eliminated"
                ctx.log(f"{v.nation} {v.label} is eliminated", "9.2", kind="result")
            elif roll == 1:
                u.reduced = True
                ctx.log(f"{u.nation} {u.label} loses a step", "9.3", kind="result")
            else:
                ctx.log("no effect", "9.2", kind="result")
            if v.hidden:
                ctx.reveal(f"{v.label} revealed", "6.2")
                v.hidden = False
        elif t == "end-phase":
            for u in state.units.values():
                u.moved = False
            if state.active == "north":
                state.active = "south"
            else:
                state.active = "north"
                state.turn += 1
            ctx.log(f"{state.active} to move, turn {state.turn}", "4.1")

    def outcome(self, state: GameState) -> Outcome | None:
        assert isinstance(state, HexState)
        if state.turn > 6:
            return Outcome(None, "draw", "six turns played", "5.0")
        return None

    def prompt(self, state: GameState) -> str:
        return f"{state.active.capitalize()}: move your units, attack, then end the phase."

    def _visible(self, st: HexState, uid: str, side: str | None) -> bool:
        u = st.units[uid]
        return side is None or u.side == side or not u.hidden

    def view(self, state: GameState, side: str | None) -> dict[str, Any]:
        assert isinstance(state, HexState)
        data = state.to_json()
        data["units"] = {k: v for k, v in data["units"].items() if self._visible(state, k, side)}
        return data

    # -- presentation ----------------------------------------------------------------------
    def board_data(self, state: GameState) -> dict[str, Any]:
        return HEXMAP

    def pieces(self, state: GameState, side: str | None) -> list[dict[str, Any]]:
        assert isinstance(state, HexState)
        out = []
        for uid, u in state.units.items():
            if not self._visible(state, uid, side):
                continue
            flags = (["moved"] if u.moved else []) + (["hidden"] if u.hidden and side is not None and u.side != side else [])
            out.append({"id": uid, "at": u.at, "kind": "counter", "side": u.side, "nation": u.nation,
                        "unit_type": u.type, "size": u.size, "label": u.label,
                        "values": f"{u.strength // 2 if u.reduced else u.strength}-{u.ma}",
                        "reduced": u.reduced, "flags": flags,
                        "info": [f"{u.nation} {u.label} {u.type}", f"movement allowance {u.ma}"]})
        out.append({"id": "turn", "at": "box:reinforcements", "kind": "marker", "label": "Turn",
                    "values": str(state.turn)})
        return out

    def drop_targets(self, state: GameState, piece: str) -> dict[str, dict[str, Any]]:
        assert isinstance(state, HexState)
        out: dict[str, dict[str, Any]] = {}
        u = state.units.get(piece)
        if u is None or u.side != state.active or u.moved:
            return out
        zoc = self.ezoc(state, u.side)
        for h, cost in self.reach(state, piece).items():
            out[h] = {"action": {"type": "move", "unit": piece, "to": h}, "cost": cost,
                      "note": "EZOC: must stop (7.1)" if h in zoc else ""}
        return out

    def describe_action(self, state: GameState, action: Action) -> str:
        assert isinstance(state, HexState)
        if action["type"] == "attack":
            return f"{state.units[action['unit']].label} attacks {state.units[action['target']].label}"
        if action["type"] == "end-phase":
            return "End the movement phase"
        return super().describe_action(state, action)

    def panels(self, state: GameState, side: str | None) -> list[dict[str, Any]]:
        return [{"title": "Turn track", "rows": [["Turn", state.turn], ["Phase", state.phase],
                                                 ["Side", state.active]]},
                {"title": "Combat odds", "rows": [["Odds", "3:1"], ["DR", "50%"], ["DRL", "33%"],
                                                  ["AL", "17%"]]}]

    def players(self):
        return {"ai": lambda seed=0, side="", level="normal": FirstPlayer(side)}


class FirstPlayer:
    """Moves the first unit it can, then ends the phase."""

    name = "first"

    def __init__(self, side: str):
        self.side = side

    def choose(self, match, legal):
        moves = [a for a in legal if a["type"] == "move"]
        return moves[0] if moves else next(a for a in legal if a["type"] == "end-phase")


GAME = HexTestGame()
