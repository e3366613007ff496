"""Timed entry at the map edges with infiltration on the move (C14.6 to C14.9 in CORE.md):
7.3's Free Set Up and 173rd Regiment variants and all of 7.4. Nothing here is specific to one
scenario: the scenario lists reinforcement entries with ``turn = "edge"``, each naming its
``regiment`` and ``wave``; the first wave's entry names the edges the regiment may choose (a map
region and the time it arrives there), the infiltration die and the roll later waves need.

- C14.6: in its set-up the Chinese player picks one edge per regiment (an action each).
- C14.7: a regiment's first wave comes off the board on the first turn at or after its edge's
  time, hidden, and enters on that edge's hexes; each later wave needs its die roll at the start
  of each later turn. The regiment's mortar pools open with its first wave.
- C14.8: when the first wave arrives a die (half a die, rounded up, where the entry says so)
  gives how many of its unrevealed units may step next to an American unit and stay hidden.
  The allowance is spent by the first such steps (a player always wants it then); each unit
  uses it once a game and keeps its cover until it leaves that hex, fires or assaults.
- C14.9: until the first Chinese unit is revealed the Americans may neither move nor fire
  (the scenario's ``wait_for_contact``; the state starts out of contact).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.engine.game import Context
from app.games.semper_fi.data import NK, US
from app.games.semper_fi.scenario import area_cached, parse_when
from app.games.semper_fi.units import bd, udef, units_of

if TYPE_CHECKING:
    from app.games.semper_fi.state import SFState

EDGE = "edge"          # the reinforcement turn that marks a timed edge entry


def entries(sc: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    """(index, entry) of every edge-entry reinforcement of the scenario."""
    return [(i, e) for i, e in enumerate(sc.get("reinforcement", []) or [])
            if isinstance(e, dict) and e.get("turn") == EDGE]


def regiments(sc: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Regiment -> its first-wave entry (the one that carries edges, die and later roll)."""
    out: dict[str, dict[str, Any]] = {}
    for _, e in entries(sc):
        if int(e.get("wave", 1)) == 1:
            out[str(e["regiment"])] = e
    return out


def waves(sc: dict[str, Any], regiment: str) -> list[int]:
    """Indices of the regiment's reinforcement entries, in wave order."""
    found = [(int(e.get("wave", 1)), i) for i, e in entries(sc) if e.get("regiment") == regiment]
    return [i for _, i in sorted(found)]


def edge_of(state: "SFState", regiment: str) -> dict[str, Any]:
    spec = regiments(state.scen).get(regiment) or {}
    return next((x for x in spec.get("edges", []) or [] if x.get("id") == state.edges.get(regiment)), {})


def arrival_turn(state: "SFState", edge: dict[str, Any]) -> int:
    """The first turn at or after the edge's time (a time before the first turn means turn 1)."""
    want = parse_when(edge.get("at"))
    if want is None:
        return 0
    for i, t in enumerate(state.clock):
        if parse_when(t) >= want:          # type: ignore[operator]
            return i + 1
    return 0


# -- set-up: choosing the edges (C14.6) --------------------------------------------------------
def prepare(state: "SFState") -> None:
    """At the start: out of contact (C14.9) and the edge regiments' mortar pools closed."""
    regs = regiments(state.scen)
    if not regs:
        return
    if (state.scen.get("rules") or {}).get("wait_for_contact"):
        state.contact = False
    for m in state.scen.get("mortar", []) or []:
        if m.get("regiment") in regs:
            state.mortar_fires[m["id"]] = 0


def setup_actions(state: "SFState") -> list[dict[str, Any]]:
    if state.active != NK:
        return []
    out = []
    for reg, e in sorted(regiments(state.scen).items()):
        if reg not in state.edges:
            out += [{"type": "entry-edge", "regiment": reg, "edge": x["id"]} for x in e.get("edges", [])]
    return out


def choose(state: "SFState", regiment: str, edge: str, ctx: Context) -> None:
    """The choice is secret: the log says only that an edge was picked."""
    state.edges[regiment] = edge
    ctx.log(f"The Chinese player assigns the {regiment} Regiment its map edge and time of entry", "C14.6",
            kind="setup")


def describe(state: "SFState", a: dict[str, Any]) -> str:
    e = regiments(state.scen).get(a["regiment"]) or {}
    x = next((x for x in e.get("edges", []) if x.get("id") == a["edge"]), {})
    return f"The {a['regiment']} Regiment enters from the {x.get('name', a['edge'])} at {str(x.get('at', ''))[-4:]}"


# -- arrival (C14.7, C14.8) ------------------------------------------------------------------
def command_phase(state: "SFState", ctx: Context) -> None:
    for reg in sorted(regiments(state.scen)):
        spec = regiments(state.scen)[reg]
        edge = edge_of(state, reg)
        done = state.edge_waves.get(reg, 0)
        ids = waves(state.scen, reg)
        if not edge or done >= len(ids):
            continue
        if done == 0:
            due = arrival_turn(state, edge)
            if not due or state.turn < due:
                continue
        else:
            if state.turn <= state.edge_turn.get(reg, 0):
                continue
            need = int(spec.get("later_on", 6))
            r = ctx.d6(f"Does the next battalion of the {reg} Regiment join ({need}+)?", "C14.7")
            if r < need:
                continue
        _release(state, reg, ids[done], ctx)
        if done == 0:
            _roll_infiltration(state, reg, spec, ctx)


def _release(state: "SFState", reg: str, index: int, ctx: Context) -> None:
    from app.games.semper_fi.hagaru import release
    n = release(state, index)
    state.edge_waves[reg] = state.edge_waves.get(reg, 0) + 1
    state.edge_turn[reg] = state.turn
    if state.edge_waves[reg] == 1:
        for m in state.scen.get("mortar", []) or []:
            if m.get("regiment") == reg:
                state.mortar_fires[m["id"]] = int(m["total"])
    ctx.log(f"{n} units of the {reg} Regiment reach the {edge_of(state, reg).get('name', 'map edge')}",
            "C14.7", kind="reinforce")


def _roll_infiltration(state: "SFState", reg: str, spec: dict[str, Any], ctx: Context) -> None:
    half = spec.get("infiltrate") == "half"
    r = ctx.d6(f"Infiltration: {reg} Regiment units that may slip next to the Americans unseen", "C14.8")
    n = (r + 1) // 2 if half else r
    state.infiltrations[reg] = n
    ctx.log(f"{n} unit{'s' if n != 1 else ''} of the {reg} Regiment may infiltrate on the move", "C14.8",
            kind="reinforce")


def entry_hexes(state: "SFState", uid: str) -> set[str]:
    """The chosen edge's hexes for an arrived unit of an edge regiment."""
    kind, _, i = state.origin.get(uid, ":").partition(":")
    e = state.scen["reinforcement"][int(i)] if kind == "reinforcement" else {}
    edge = edge_of(state, str(e["regiment"])) if e.get("turn") == EDGE else {}
    return set(area_cached(bd(state), {"region": edge["region"]})) if edge else set()


def on_step(state: "SFState", uid: str, h: str, ctx: Context) -> None:
    """A hidden unit of an edge regiment stepping next to an American uses one infiltration."""
    s = state.units[uid]
    d = udef(uid)
    if d.side != NK or not s.hidden or uid in state.infiltrated or state.infiltrations.get(d.regiment, 0) <= 0:
        return
    b = bd(state)
    if not any(b.grid.distance(h, state.units[u].at) <= 1 for u in units_of(state, US)):
        return
    state.infiltrations[d.regiment] -= 1
    state.infiltrated.append(uid)
    state.cloaked[uid] = h
    ctx.log(f"A hidden unit infiltrates next to the American line ({state.infiltrations[d.regiment]} more "
            f"allowed for the {d.regiment})", "C14.8", kind="move")


def cloaked(state: "SFState", uid: str) -> bool:
    """True while an infiltrator keeps its cover (same hex, has not fired or assaulted)."""
    h = state.cloaked.get(uid)
    if h is None:
        return False
    s = state.units[uid]
    if s.at != h or not s.hidden or s.acted in ("fired", "assaulted"):
        del state.cloaked[uid]
        return False
    return True
