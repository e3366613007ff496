"""Why an action is refused, with the rule behind the refusal (never decides legality itself:
it is only asked about actions already missing from ``legal_actions``)."""

from __future__ import annotations

from typing import Any

from app.engine.game import Illegal

from app.games.korea38 import movement, sequence
from app.games.korea38.combat import committed
from app.games.korea38.state import K38State
from app.games.korea38.zoc import Board, data_of

PENDING_WORDS = {
    "air": ("commit air units to the battle", "9.2.5"),
    "mig": ("decide whether the MiG-15 cancels an Allied air unit", "9.2.5"),
    "loss": ("choose which unit takes a step loss", "9.3"),
    "retreat": ("choose the defender's retreat path", "9.3"),
    "sea-retreat": ("choose the port for a retreat by sea", "9.3"),
    "advance": ("decide on an advance after combat", "9.0"),
    "spread": ("place the second landing unit", "11.4"),
    "armistice": ("answer the armistice proposal", "5.4"),
}

PHASE_ACTIONS = {
    "reinforcement": {"reinforce", "replace", "end-phase", "propose-armistice"},
    "precombat": {"move", "naval", "amphibious", "eliminate", "end-phase"},
    "combat": {"declare-add", "declare-done", "resolve", "eliminate", "end-phase"},
    "movement": {"move", "eliminate", "end-phase"},
    "housekeeping": {"end-phase"},
}


def explain(game: Any, state: K38State, action: dict[str, Any]) -> Illegal:
    d = data_of(state)
    t = action.get("type")
    from app.games.korea38.game import ACTION_TYPES
    if state.result is not None:
        return Illegal("the game is over", state.result.get("rule", "5.0"))
    if t not in ACTION_TYPES:
        return Illegal(f"unknown action type {t!r}", "")
    uid = action.get("unit")
    if uid is not None and uid not in d.units:
        return Illegal(f"there is no unit {uid!r}", "3.3")
    if state.pending:
        p = state.pending[0]
        words, rule = PENDING_WORDS.get(p.kind, ("answer the open question", "4.0"))
        same = {"air": {"air"}, "mig": {"mig", "no-mig"}, "loss": {"loss"}, "retreat": {"retreat"},
                "sea-retreat": {"sea-retreat"}, "advance": {"advance", "no-advance"},
                "spread": {"spread"}, "armistice": {"accept-armistice", "reject-armistice"}}
        if t in same.get(p.kind, set()):
            detail = {
                "air": "each air unit may fly once a turn, and no more of them than there are "
                       "attacking units in the battle",
                "mig": "the MiG-15 can only cancel an Allied air unit placed in this battle",
                "loss": "that unit is not one that may take this loss",
                "retreat": "that is not a legal retreat: two hexes, each further away, avoiding enemy "
                           "zones of control when possible, never into an enemy hex or ending on a friend",
                "sea-retreat": "retreat by sea goes to an empty friendly port (or the FEC box for Americans)",
                "advance": "only an attacking unit next to the battle hex may advance into it",
                "spread": "the second landing unit goes to an empty adjacent hex that is not an enemy city",
            }.get(p.kind, f"the {p.side} player must {words}")
            return Illegal(detail, rule)
        return Illegal(f"the {p.side} player must first {words}", rule)
    kind = sequence.phase_kind(state.phase)
    if t not in PHASE_ACTIONS.get(kind, set()):
        return Illegal(f"a {t} action is not part of the {sequence.PHASE_NAMES.get(state.phase, state.phase)} phase",
                       "4.0")
    board = Board(state, d)
    if uid is not None and d.units[uid].side != state.active and t not in ("declare-add",):
        return Illegal(f"{d.units[uid].name} is not yours to command", "2.0")
    if t == "move":
        return _explain_move(state, board, uid, str(action.get("to")))
    if t == "end-phase":
        prob = sequence.end_phase_problem(state, board)
        if prob:
            return Illegal(prob[0], prob[1])
        if kind == "combat" and state.combat_step == "declare":
            return Illegal("finish declaring battles first (declare-done)", "9.0")
    if t == "declare-add":
        if state.combat_step != "declare":
            return Illegal("battles can no longer be declared: they are being resolved", "9.0")
        if uid in committed(state):
            return Illegal("a unit may take part in only one battle each combat phase", "9.0")
        role = action.get("role")
        if role == "support" and not d.offensive(state.turn, state.active):
            return Illegal("offensive support needs an offensive turn", "9.2.4.1")
        if role == "wave" and (state.active != "communist" or d.units[uid].nation != "pva"):
            return Illegal("only PVA units join a human wave", "9.2.4.2")
        if role in ("support", "wave") and board.in_ezoc(uid):
            return Illegal("supporting units may not be in an enemy zone of control", "9.2.4.1")
        return Illegal("that unit cannot join that battle (attackers must be adjacent to the defender, "
                       "supporters adjacent to an attacker, human-wave units within two hexes)", "9.0")
    if t in ("naval", "amphibious"):
        too_early = _not_yet(state, d, t)
        if too_early is not None:
            return too_early
    if t == "naval":
        if uid is not None and d.units[uid].nation == "rok":
            return Illegal("ROK units may not use naval transport", "11.1")
        return Illegal("naval transport runs from a friendly port (or the FEC box) to another port that "
                       "was friendly when the phase began, one unit per port per turn", "11.1")
    if t == "amphibious":
        if state.amph_used >= int(d.rules.get("amphibious_actions", 5)):
            return Illegal("all five amphibious actions have been used", "11.2")
        if state.amph_this_turn >= int(d.rules.get("amphibious_per_turn", 2)):
            return Illegal("at most two units may assault from the sea each turn", "11.2")
        return Illegal("only American units starting the phase in the FEC box may assault an "
                       "enemy-controlled port (north of the 38th only with Seoul held)", "11.2")
    if t == "reinforce":
        return Illegal("reinforcements enter at their capital (if held) or star city; Americans may use "
                       "the FEC box", "10.2" if state.active == "communist" else "10.3")
    if t == "replace":
        return Illegal("no replacement point of that type, or the unit may not be replaced there "
                       "(one step a turn, In Communication, no dotted units)", "10.1")
    if t == "eliminate":
        return Illegal("only units in an over-stacked hex may be removed", "8.2.2")
    if t == "resolve":
        return Illegal("no such unresolved battle", "9.0")
    return Illegal("that is not a legal action at this point", "4.0")


def _explain_move(state: K38State, board: Board, uid: str | None, to: str) -> Illegal:
    d = board.data
    if uid is None:
        return Illegal("say which unit moves", "8.0")
    if d.units[uid].is_air:
        return Illegal("air units do not move on the map", "9.2.5")
    if not board.on_map(uid):
        return Illegal(f"{d.units[uid].name} is not on the map", "8.0")
    if uid in state.moved and state.moving != uid:
        return Illegal(f"{d.units[uid].name} has already used its movement this phase (a move made "
                       "in legs ends once another unit moves or anything else is done)", "8.1")
    if state.phase.endswith("precombat") and not movement.precombat_reasons(state, d, uid):
        return Illegal(f"{d.units[uid].name} may not move in the Pre-Combat Movement Phase (not armor, "
                       "not a new arrival, and no surprise)", "8.1")
    if d.units[uid].zoc_own_hex_only:
        if state.phase.endswith("precombat") and uid in state.arrived:
            return Illegal(f"{d.units[uid].name} moves only along roads clear of enemy units and enemy "
                           "zones of control, on its own side of the start line and never into a city "
                           "the enemy holds", "7.4")
        return Illegal(f"{d.units[uid].name} stays where it was placed", "7.4")
    if not d.grid.contains(to):
        return Illegal(f"{to!r} is not a hex on the map", "8.0")
    if to not in d.land:
        return Illegal("units cannot enter the sea", "8.0")
    if board.blocks_entry(d.units[uid].side, to):
        return Illegal("a unit can never enter a hex holding an enemy unit", "8.2.1")
    here = state.units[uid].at
    if to in d.grid.neighbours(here) and d.all_sea(here, to):
        return Illegal(f"the hexside between {here} and {to} is all sea: no unit moves across it "
                       "(see the all-sea hexsides in DECISIONS.md)", "7.0")
    if state.moving == uid:
        return Illegal(f"{to} is out of reach: {d.units[uid].name} has {state.move_left:g} of its "
                       f"{d.units[uid].move} movement points left", "8.0")
    return Illegal(f"{to} is out of reach: terrain costs, the movement allowance of "
                   f"{d.units[uid].move} and enemy zones of control (which stop movement) forbid it",
                   "8.3")


#: The turn each kind of sea move may first be made (11.0): the rules key, its default, words.
_FIRST_TURN = {"naval": ("naval_transport_from_turn", 2, "naval transport starts"),
               "amphibious": ("amphibious_from_turn", 4, "amphibious assaults start")}


def _not_yet(state: Any, d: Any, kind: str) -> Illegal | None:
    """A sea move refused because its first turn has not come (11.0)."""
    key, default, words = _FIRST_TURN[kind]
    first = int(d.rules.get(key, default))
    if state.turn < first:
        return Illegal(f"{words} on turn {first}", "11.0")
    return None
