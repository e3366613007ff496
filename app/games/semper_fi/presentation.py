"""What the window shows: pieces with both modes' values and morale flags, the turn clock, the
ammunition and air tracks, overlays, action labels in player words, views that hide what the
other side may not see, and the reasons an action is refused. Nothing here decides legality."""

from __future__ import annotations

from typing import Any

from app.engine.game import Action, Game, Illegal
from app.games.semper_fi import actions, movement
from app.games.semper_fi.data import NK, US, counters
from app.games.semper_fi.holders import company_name
from app.games.semper_fi.sequence import SIDE_NAMES, side_name as _side_name
from app.games.semper_fi.sight import light, los
from app.games.semper_fi.state import BOXES, COLUMN, SFState
from app.games.semper_fi.units import bd, udef

SIDE_BOXES = {"setup": "box:to-set-up", "offmap": "box:off-map", "pool": "box:reinforcements"}
PHASE_NAMES = {"setup": "Setting up", "initiative": "Initiative", "air-artillery": "Aircraft and artillery",
               "action-1": "First action phase", "action-2": "Second action phase"}


def _visible(state: SFState, uid: str, side: str | None) -> bool:
    s = state.units[uid]
    if side is None or udef(uid).side == side:
        return True
    return not s.hidden


def _mode_values(uid: str) -> str:
    t = udef(uid).type
    f, m = t.fire, t.move
    fire_txt = f"{f.area}-{f.range}" + (f" ({f.point})" if f.point else "")
    move_txt = f"{m.area}-{m.range}-{m.ma}" + ("T" if m.movement == "truck" else "")
    return f"{fire_txt} | {move_txt}"


def pieces(state: SFState, side: str | None) -> list[dict[str, Any]]:
    from app.games.semper_fi.orders import unit_line
    out: list[dict[str, Any]] = []
    b = bd(state)
    totally = bool(state.options.get("totally-hidden"))
    markers: dict[str, int] = {}
    for uid in sorted(state.units):
        s = state.units[uid]
        d = udef(uid)
        shown_at = s.at
        if s.at in BOXES and s.at != COLUMN:
            # units still to set up, reserves and reinforcements wait in boxes under the map,
            # seen by their owner only; from there they are dragged onto the map
            if s.at not in SIDE_BOXES or (side is not None and d.side != side):
                continue
            shown_at = SIDE_BOXES[s.at]
        if not _visible(state, uid, side):
            if not totally and s.at in b.hexset:
                markers[s.at] = markers.get(s.at, 0) + 1
            continue
        t = d.type
        flags = [f"{s.mode}-mode"]     # also the side of the counter showing ("mode" below)
        if s.morale:
            flags.append(s.morale)
        if s.hidden:
            flags.append("hidden-from-the-enemy")       # seen only by its owner (1.3)
        if s.dug_in:
            flags.append("dug-in")
        if s.fired:
            flags.append("fired")
        if s.acted in ("moved", "fired", "assaulted", "dug"):
            flags.append("used")
        vals = t.fire if s.mode == "fire" else t.move
        out.append({
            "id": uid, "at": shown_at, "kind": "counter", "side": d.side, "nation": t.nation,
            "unit_type": t.unit_type, "size": t.size, "label": d.label,
            "values": (f"{vals.area}-{vals.range}" + (f"-{t.move.ma}" if s.mode == "move" else "")),
            "reduced": s.steps < t.steps, "flags": flags, "glance": str(s.steps),
            "info": [d.formation_name + (f", {company_name(d.formation, d.company)}" if d.company else ""), t.name,
                     f"Steps {s.steps} of {t.steps}; morale {t.morale}",
                     f"Fire mode: area {t.fire.area}, range {t.fire.range}"
                     + (f", point {t.fire.point} (range {t.fire.point_range})" if t.fire.point else ""),
                     f"Move mode: area {t.move.area}, range {t.move.range}, {t.move.ma} MP {t.move.movement}",
                     f"Now in {s.mode} mode" + (f", {s.morale}" if s.morale else "")
                     + (", dug in" if s.dug_in else "") + (", hidden" if s.hidden else "")]
            + [x for x in (unit_line(state, uid, side),) if x],
            "mode": s.mode, "morale": s.morale or "",
            "modes": {"fire": {"area": t.fire.area, "range": t.fire.range, "point": t.fire.point,
                               "values": f"{t.fire.area}-{t.fire.range}" + (f" ({t.fire.point})" if t.fire.point else "")},
                      "move": {"area": t.move.area, "range": t.move.range, "ma": t.move.ma,
                               "movement": t.move.movement,
                               "values": f"{t.move.area}-{t.move.range}-{t.move.ma}"
                               + ("T" if t.move.movement == "truck" else "")}},
        })
    from app.games.semper_fi.mines import markers as mine_markers
    out += mine_markers(state, side)                                   # C15.1b: only to whom may see
    for h, n in sorted(markers.items()):
        out.append({"id": f"hidden@{h}", "at": h, "kind": "marker", "side": NK if side == US else US,
                    "unit_type": "hidden", "label": "?", "flags": ["hidden"],
                    "info": ["Hidden enemy: what and how many is not known"]})
    return out


def view(state: SFState, side: str | None) -> dict[str, Any]:
    data = state.to_json()
    if side is None:
        return data
    totally = bool(state.options.get("totally-hidden"))
    units = data.get("units", {})
    for uid in list(units):
        if not _visible(state, uid, side):
            if totally:
                del units[uid]
            else:
                units[uid] = {"at": state.units[uid].at, "hidden": True}
    data.pop("rng", None)
    from app.games.semper_fi.mines import known
    data["mines"] = known(state, side)                                 # C15.1b: hidden minefields
    from app.games.semper_fi.orders import open_to
    for key in ("opsheets", "objectives", "drafts", "committed"):      # C12: sheets are secret
        sheet = data.get(key)
        if isinstance(sheet, dict):
            data[key] = {f: v for f, v in sheet.items() if open_to(state, f, side)}
    data["pending"] = [p for p in data.get("pending", []) if p.get("side") == side or p.get("kind") != "retreat"]
    if side != NK:                                   # C14.6, C14.8: the edges and infiltrators are secret
        for key in ("edges", "infiltrations", "infiltrated", "cloaked"):
            if key in data:
                data[key] = type(data[key])()
    return data


# action labels that only fill in the action's fields ({unit} and {target} become unit names)
LABELS = {
    "place": "Set up {unit} at {to}", "place-rest": "Set up the remaining units at random in their areas",
    "reserve": "Hold {unit} off the map in reserve", "remove-step": "Take a step off {unit}",
    "lay-mine": "Lay a minefield at {hex}",
    "end-setup": "Finish setting up", "go-first": "Take the first action phase",
    "go-second": "Take the second action phase", "end-phase": "End this phase",
    "mode": "{unit}: to {to} mode", "exit": "{unit} leaves the map on the road north",
    "dig-in": "{unit} digs in", "at-roll": "{unit} makes AT rolls against {target}",
    "fall-back": "{unit} falls back (voluntary retreat)", "assault": "Assault {to} from {from}",
    "mortar-fire": "Regimental mortar fire on {at}", "air-strike": "F4U Corsair strike on {at}",
    "overwatch-air": "Call a Corsair onto {at}", "return-fire": "Return fire at {at}",
    "retreat": "Retreat {unit} to {to}",
    "political": "{payer} gives a step so that {unit} shakes off its suppression (3.3)",
    "fieldwork": "Fortify {hex} (fieldworks)", "restore-step": "Restore a step to {unit}",
}
# fires whose label carries the odds (C6.1, C6.4, C6.3)
FIRE_LABELS = {"fire": "Fire from {from} at {at}", "point-fire": "{unit} point-fires at {target}",
               "overwatch": "Overwatch fire from {from} at {at}"}
AMMO_WORDS = {"he": "HE", "smoke": "smoke", "illum": "illumination"}


def describe_action(state: SFState, a: Action) -> str:
    t = str(a.get("type"))
    lab = (lambda u: udef(u).label if u in counters().units else str(u))
    fields = {**a, **{k: lab(a[k]) for k in ("unit", "target", "payer") if k in a}}
    if t in LABELS:
        return LABELS[t].format(**fields)
    if t in FIRE_LABELS:
        return FIRE_LABELS[t].format(**fields) + _odds(state, a)
    if t in ("draw-sheet", "write-sheet"):
        from app.games.semper_fi.orders import formation_name, kind_name
        obj = f" toward {a['objective']}" if a.get("objective") else ""
        verb = "Draw up" if t == "draw-sheet" else "Write a new"
        return f"{verb} {kind_name(a['kind'])} sheet for {formation_name(state, a['formation'])}{obj}"
    if t == "move":
        s = state.units.get(a["unit"])
        if s is not None and s.at in ("offmap", COLUMN):
            return f"{lab(a['unit'])} enters the map at {a['to']}"
        return f"Move {lab(a['unit'])} to {a['to']}"
    if t in ("artillery", "battery-fire"):
        bt = counters().batteries.get(a["battery"])
        kind = AMMO_WORDS.get(a["ammo"], a["ammo"])
        return (f"{bt.name if bt else a['battery']}: {'indirect ' if t == 'battery-fire' else ''}{kind} on "
                f"{a['at']}" + (" (pre-registered)" if a.get("prereg") else ""))
    if t == "mortar":
        return f"{lab(a['unit'])}: {'illumination' if a.get('ammo') == 'illum' else 'mortar fire'} on {a['at']}"
    if t == "overwatch-mortar":
        return f"{a['count']} regimental mortar fire{'s' if a['count'] > 1 else ''} on {a['at']}"
    if t == "entry-edge":
        from app.games.semper_fi.edge_entry import describe
        return describe(state, a)
    if t == "pass":
        if state.pending and state.pending[0].kind == "political":
            return f"{lab(state.pending[0].units[0])} stays suppressed"
        return "Hold fire" if state.pending and state.pending[0].kind in ("overwatch", "return-fire") else "Pass"
    return t.replace("-", " ").capitalize()           # never the bare action type


def _odds(state: SFState, a: Action) -> str:
    """The fire's table row, modifiers and exact chances, for the button before it is pressed."""
    try:
        pv = actions.preview(state, a)
    except (KeyError, ValueError, IndexError):
        return ""
    if not pv:
        return ""
    if "kill" in pv:
        return f" (kill {pv['kill']:.0%}, shaken {pv['shaken']:.0%})"
    mods = ", ".join(f"{r} {v:+d}" for r, v in pv["modifiers"]) or "no modifiers"
    ch = pv["chances"]
    hits = sum(v for k, v in ch.items() if "step" in k)
    return (f" (firepower {pv['firepower']}, column {pv['column']}, {mods}: morale check {ch['morale check']:.0%},"
            f" step losses {hits:.0%})")


def drop_targets(game: Game, state: SFState, piece: str) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    s = state.units.get(piece)
    mine = actions.unit_moves(state, piece)
    for a in (mine if mine is not None else game.legal_actions(state)):
        if a.get("unit") == piece and "to" in a and a["type"] in ("move", "place", "retreat"):
            cost = None
            note = "" if a["type"] == "place" else describe_action(state, a)
            if a["type"] == "move" and s is not None and s.at in bd(state).hexset:
                cost = movement.hex_cost(state, piece, s.at, a["to"])
            out.setdefault(str(a["to"]), {"action": a, "cost": cost, "note": note})
    return out


def turn_text(state: SFState) -> str:
    return state.clock[state.turn - 1] if state.clock else ""


def phase_label(state: SFState) -> str:
    base = PHASE_NAMES.get(state.phase, state.phase)
    if state.pending:
        base += f" ({state.pending[0].kind.replace('-', ' ')})"
    return base


def panels(state: SFState, side: str | None) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    t = turn_text(state)
    clock_rows = [["Time", t], ["Turn", f"{state.turn} of {len(state.clock)}"], ["Light", light(state)],
                  ["Phase", phase_label(state)],
                  ["Last turn", state.clock[-1] if state.clock else ""]]
    if state.initiative:
        clock_rows.append(["Initiative", _side_name(state, state.initiative)])
    if (state.scen.get("rules") or {}).get("march_column"):
        clock_rows.append(["Contact", "made" if state.contact else "not yet: the column marches"])
    out.append({"title": "Turn clock", "rows": clock_rows})
    from app.games.semper_fi import tracks
    ammo = tracks.ammunition(state, side)
    if ammo:
        out.append({"title": "Ammunition", "rows": ammo.pop("rows"), "track": ammo})
    if state.scen.get("air"):
        rows = []
        for i in range(state.turn, min(state.turn + 3, len(state.clock) + 1)):
            n = sum(1 for a in state.air if a == i)
            rows.append([state.clock[i - 1][-4:], f"{n} F4U" if n else "-"])
        out.append({"title": "Air (loiter track)", "rows": rows, "track": tracks.air(state)})
    from app.games.semper_fi.orders import panel_rows
    sheets = panel_rows(state, side)
    if sheets:
        out.append({"title": "Op sheets", "rows": sheets})
    bm = [[bn, str(v)] for bn, v in sorted(state.battalion.items()) if v]
    if bm:
        out.append({"title": "Battalion morale", "rows": bm})
    return out  # who would win now: the window's own Victory status panel (victory_status)


def overlays(state: SFState, side: str | None) -> list[dict[str, Any]]:
    from app.games.semper_fi.night import veil_overlays
    out: list[dict[str, Any]] = veil_overlays(state)               # C10: the map at night
    for x in state.barrages:
        colour = {"he": "#C0392B", "smoke": "#8A8A86", "illum": "#F1C40F"}[x.kind]
        label = {"he": "Barrage", "smoke": "Smoke", "illum": "Illum"}[x.kind]
        out.append({"kind": "hexes", "hexes": [x.hex], "colour": colour, "label": label})
        if x.kind == "he":                                          # C9.3: the zone around it
            from app.games.semper_fi.indirect import zone_hexes
            out.append({"kind": "hexes", "hexes": zone_hexes(state, x)[1:], "colour": "#E6B0AA",
                        "label": "Barrage zone", "group": "Barrages"})
        if x.kind == "illum":
            out.append({"kind": "hexes", "hexes": bd(state).grid.range(x.hex, 5), "colour": "#F9E79F",
                        "label": "Illuminated", "group": "Illumination"})
    from app.games.semper_fi.movement import forbidden
    for s in (side,) if side else (US, NK):
        bad = sorted(forbidden(state, s))
        if bad:
            out.append({"kind": "hexes", "hexes": bad, "colour": "#7F8C8D",
                        "label": f"Closed to the {_side_name(state, s)} player", "group": "Boundaries"})
    if state.start_hexes:
        out.append({"kind": "hexes", "hexes": list(state.start_hexes), "colour": "#2E86C1",
                    "label": "Baker/5 positions", "group": "Victory"})
    return out


def los_line(state: SFState, a: str, b: str) -> dict[str, Any]:
    """For the window while dragging: the hexes, whether LOS holds, where and why it breaks."""
    bdd = bd(state)
    ok, blk = los(state, bdd, a, b)
    from app.games.semper_fi.sight import spotting_range
    from app.games.semper_fi.snow import limit
    vis = limit(state)
    if not ok and vis and bdd.grid.distance(a, b) > vis:
        from app.games.semper_fi.sight import terrain_los
        if terrain_los(bdd, a, b)[0]:
            return {"from": a, "to": b, "hexes": bdd.grid.line(a, b), "visible": False, "blocked_at": blk,
                    "range": bdd.grid.distance(a, b), "spotting": spotting_range(state, bdd, b),
                    "why": f"falling snow: no line of sight beyond {vis} hexes this hour (1.5)"}
    return {"from": a, "to": b, "hexes": bdd.grid.line(a, b), "visible": ok, "blocked_at": blk or None,
            "range": bdd.grid.distance(a, b), "spotting": spotting_range(state, bdd, b),
            "why": "" if ok else f"blocked at {blk} ({_terrain_words(bdd.terrain(blk))}, {bdd.elevation(blk)} m)"}


def _terrain_words(t: str) -> str:
    return str(t).replace("-", " ")


# -- optional window hooks taking the game first (app.ui.hooks) ------------------------------------
def fire_odds(game: Game, state: SFState, action: Action) -> dict[str, Any] | None:
    """The fire panel: table row, modifiers and exact chances from the rules' own preview."""
    from app.games.semper_fi.preview import fire_odds as odds
    return odds(state, action)


def action_groups(game: Game, state: SFState, acts: list[Action]) -> list[dict[str, Any]]:
    """The Actions list folds what a panel already offers: every fire (direct, overwatch,
    artillery, mortar, air) is on the fire panel with its odds; op sheets are one group."""
    from app.games.semper_fi.preview import FIRE_TYPES
    fires = [a for a in acts if a.get("type") in FIRE_TYPES]
    sheets = [a for a in acts if a.get("type") in ("draw-sheet", "write-sheet")]
    out: list[dict[str, Any]] = []
    if fires:
        out.append({"title": "Fire", "panel": "fire panel", "actions": fires})
    if sheets:
        out.append({"title": "Op sheets", "note": "draw up or rewrite a formation's orders", "actions": sheets})
    return out


def opening_view(game: Game, state: SFState) -> dict[str, Any] | None:
    """In set-up the prompt sends the player to the To set up box below the map: the opening
    zoom shows it with the map."""
    if state.phase == "setup":
        return {"boxes": [SIDE_BOXES["setup"]]}
    return None


def side_name(game: Game, side: str, state: SFState | None = None, scenario: dict[str, Any] | None = None) -> str:
    """The sides as players call them (never the ids ``us`` / ``nk``): the communist side is
    Chinese in the Chosin scenarios (their ``[play] nk_name``), from the game shown or, before it
    starts, from the scenario chosen."""
    if state is not None and getattr(state, "scen", None):
        return _side_name(state, side)
    play = (scenario or {}).get("play")
    if side == NK and isinstance(play, dict) and isinstance(play.get("nk_name"), str) and play["nk_name"]:
        return play["nk_name"]
    return SIDE_NAMES.get(side, side)


def victory_status(state: SFState) -> dict[str, Any]:
    from app.games.semper_fi.victory import determine
    if state.phase == "setup":
        why = "nothing is counted until both sides have set up and turn 1 begins"
        return {"headline": "Setting up", "reason": why, "rows": [["Why", why]], "short": "Setting up",
                "summary": why[0].upper() + why[1:]}
    r = state.result or determine(state)
    return {"headline": r["level"], "reason": r["reason"], "rows": [["Level", r["level"]], ["Why", r["reason"]]],
            "short": r["level"], "summary": r["reason"][:1].upper() + r["reason"][1:]}   # the level is beside it


def decision(state: SFState) -> dict[str, Any] | None:
    if state.pending and state.pending[0].kind == "retreat":
        return {"kind": "retreat", "piece": state.pending[0].units[0], "auto": False}
    s = None
    for u, st in state.units.items():
        if st.acted == "moving" and udef(u).side == state.active:
            s = u
    if s:
        return {"kind": "moving", "piece": s, "auto": False}
    return None


# what the player to act is asked, by reaction and by phase ({who}: the side, {unit}: the retreating unit)
PENDING_PROMPTS = {
    "overwatch": "{who} player: an enemy unit showed itself at {hex}; fire on it or hold fire",
    "return-fire": "{who} player: answer the overwatch fire, or hold fire",
    "retreat": "{who} player: choose where {unit} falls back to",
    "political": "{who} player: {unit} is suppressed; a political officer may drive it on at the cost of a step (3.3)",
}
PHASE_PROMPTS = {
    "setup": "{who} player: drag your units from the To set up box below the map onto their set-up areas, "
             "then finish setting up",
    "initiative": "{who} player: you have the initiative; take the first or the second action phase",
    "air-artillery": "{who} player: call artillery and air strikes, then end the phase",
}


def prompt(state: SFState) -> str:
    who = _side_name(state, state.active)
    if state.result:
        return f"Game over: {state.result['level']}"
    if state.pending and state.pending[0].kind in PENDING_PROMPTS:
        p = state.pending[0]
        return PENDING_PROMPTS[p.kind].format(who=who, hex=p.hex, unit=udef(p.units[0]).label if p.units else "")
    from app.games.semper_fi import edge_entry
    if state.phase == "setup" and edge_entry.setup_actions(state):
        return f"{who} player: choose the map edge each regiment comes in by (its time comes with it), then finish setting up"
    if state.phase == "setup":
        from app.games.semper_fi.setup import owed_text
        owed = owed_text(state, state.active)                       # 7.5: the owner picks the losses
        if owed:
            return f"{who} player: {owed} (you choose the units), then finish setting up"
        from app.games.semper_fi.state import SETUP
        hexes = bd(state).hexset
        if not any((s.at == SETUP or s.at in hexes) and udef(u).side == state.active for u, s in state.units.items()):
            from app.games.semper_fi.orders import setup_actions
            sheets = bool(setup_actions(state, state.active))          # no full legal listing here
            return (f"{who} player: no unit of yours sets up on the map (they start in the road column "
                    "or off the map); " + ("draw up your op sheets, then " if sheets else "")
                    + "finish setting up")
        if not any(s.at == SETUP and udef(u).side == state.active for u, s in state.units.items()):
            return f"{who} player: every unit is placed; finish setting up (Undo takes a placement back)"
        from app.games.semper_fi.orders import setup_actions
        if setup_actions(state, state.active):                       # 1.6e: sheets before units
            return (f"{who} player: draw up your op sheets first (Op sheets, in the Actions list), then drag "
                    "your units from the To set up box onto their set-up areas")
    if state.phase in PHASE_PROMPTS:
        return PHASE_PROMPTS[state.phase].format(who=who)
    if edge_entry.regiments(state.scen) and not state.contact and \
            (state.scen.get("rules") or {}).get("wait_for_contact") == state.active:
        return f"{who} player: no unit may move or fire until an enemy unit is revealed; end the phase"
    if (state.scen.get("rules") or {}).get("march_column") and not state.contact and state.active == US:
        return "US player: march the column along the road, unit by unit"
    return f"{who} player: move, fire and assault with your units, then end the phase"


def explain(state: SFState, a: Action) -> Illegal:
    t = a.get("type")
    if state.result is not None:
        return Illegal("the game is over", "")
    if state.pending and t not in ("overwatch", "overwatch-air", "overwatch-mortar", "return-fire", "retreat", "political", "pass"):
        return Illegal("a decision must be taken first (overwatch, return fire, a retreat or a political officer)", "C6.3")
    u = a.get("unit")
    if u is not None and u not in state.units:
        return Illegal(f"there is no unit {u!r} in this game", "")
    if u is not None and udef(u).side != state.active:
        return Illegal("that unit belongs to the other side", "")
    if t == "move" and u is not None:
        s = state.units[u]
        if s.mode == "fire" and s.at in bd(state).hexset:
            return Illegal("a unit in fire mode must change to move mode before it moves", "C3.2")
        if s.morale == "paralysed":
            return Illegal("a paralysed unit cannot move", "C7.2")
        if s.acted not in ("", "moving"):
            return Illegal("that unit has already acted this phase", "C3.3")
        if (state.scen.get("rules") or {}).get("march_column") and not state.contact:
            return Illegal("until contact the column only marches along the road", "4.1")
        return Illegal("that hex cannot be entered (terrain, movement points, boundary or enemy)", "C4.1")
    if t in ("fire", "point-fire"):
        return Illegal("the target is not in range, not seen, or the firers have already acted", "C6.1")
    if t in ("artillery", "air-strike"):
        return Illegal("no spotter sees a revealed enemy there, or no ammunition or aircraft is left", "C9.1")
    if t == "assault":
        return Illegal("no units here may assault that hex", "C8.1")
    if t == "lay-mine":
        return Illegal("minefields go in only during the Marine set-up, where the scenario allows them: within "
                       "reach of a Marine unit, not in the enemy's set-up area, one a hex", "C15.1")
    if t == "remove-step" and state.reduce_left:
        return Illegal("only a unit of a formation that still owes steps, and never its last step", "7.5")
    return Illegal("that is not a legal action at this point", "")


def spotting(game: Game, state: SFState, side: str, at: str) -> dict[str, Any] | None:
    """For the window while a unit is dragged over ``at``: the hexes of revealed enemy units it
    would spot from there (their spotting range, C5.2, and LOS), and those from which a revealed
    enemy would see a unit arriving there. Hidden enemy units are left out: the player does not
    know where they are (1.3)."""
    from app.games.semper_fi.sight import sees, spotting_range
    from app.games.semper_fi.units import other, units_of
    b = bd(state)
    if at not in b.hexset or side not in (US, NK):
        return None
    enemy = [u for u in units_of(state, other(side)) if not state.units[u].hidden and state.units[u].at in b.hexset]
    spots: set[str] = set()
    seen_by: set[str] = set()
    rng_here = spotting_range(state, b, at)
    for u in enemy:
        s = state.units[u]
        if s.at not in spots and sees(state, b, at, s.at, spotting_range(state, b, s.at, s.fired, s.dug_in)):
            spots.add(s.at)
        if s.at not in seen_by and sees(state, b, s.at, at, rng_here):
            seen_by.add(s.at)
    return {"spots": sorted(spots), "seen_by": sorted(seen_by), "range_here": rng_here}
