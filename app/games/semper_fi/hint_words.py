"""Why an action is worth taking, in players' words (window hook ``hint_reason``, app/ui/hint.py).

The hint names what the computer would do; this says what that action buys under the rules,
with the rule it rests on, so a new player learns the game from the hint: the chance a fire
shakes the enemy (C6.1), what a change of mode allows (C3.2), why digging in or falling back
helps (C6.6, C7.3)."""

from __future__ import annotations


from app.engine.game import Action
from app.games.semper_fi.state import SFState


def _fire_words(state: SFState, a: Action) -> str:
    from app.games.semper_fi.actions import preview
    try:
        pv = preview(state, a)
    except (KeyError, ValueError, IndexError):
        pv = None
    if not pv:
        return ""
    if "kill" in pv:
        return f"a {pv['kill']:.0%} chance to destroy the target and {pv['shaken']:.0%} to shake it (C6.4)"
    ch = pv.get("chances") or {}
    hit = sum(v for k, v in ch.items() if k != "no effect")
    steps = sum(v for k, v in ch.items() if "step" in k)
    return (f"a {float(hit):.0%} chance of forcing a morale check or worse, {float(steps):.0%} of taking "
            f"steps off (C6.2)")


REASONS: dict[str, str] = {
    "end-phase": "nothing left that is worth the risk this phase; the other side acts next (C2.1)",
    "end-setup": "every unit is in place (C11.2)",
    "place": "a legal hex of its set-up area (C11.2)",
    "place-rest": "the rest of the set-up is left to chance (C11.2)",
    "go-first": "acting first lets you strike before the enemy moves (1.7g)",
    "go-second": "acting second lets you answer what the enemy does (1.7g)",
    "dig-in": "a dug-in unit is harder to hurt and harder to spot (C6.6, C5.2)",
    "fall-back": "pulling back now costs less than staying under fire (C7.3)",
    "assault": "only an assault takes a hex from the enemy (C8.1)",
    "at-roll": "a 6 destroys the vehicle (C6.5)",
    "artillery": "a barrage hits the hex and the hexes around it (C9.3)",
    "battery-fire": "a barrage hits the hex and the hexes around it (C9.3, C9.7)",
    "mortar": "mortars reach hexes the platoon's rifles cannot (C9.6)",
    "mortar-fire": "a regimental mortar fire on a hex the regiment sees (3.4)",
    "air-strike": "a Corsair strike is the heaviest fire on the table (C9.5)",
    "overwatch-air": "a Corsair can answer the move at once (2.2e)",
    "overwatch-mortar": "mortars can answer the move at once (3.4, C6.3)",
    "retreat": "the farthest safe hex from the enemy (C7.3)",
    "exit": "units that leave the map on the road count for victory (4.1)",
    "pass": "no fire here is worth giving the enemy a target for (C6.3)",
}


def hint_reason(state: SFState, a: Action) -> str:
    from app.games.semper_fi.presentation import describe_action
    what = describe_action(state, a)
    t = a.get("type")
    why = ""
    if t == "mode":
        why = ("on its move side it can move this phase, with half its movement points left (C3.2)"
               if a.get("to") == "move" else "its fire side hits harder and may overwatch (C3.1, C6.3)")
    elif t == "move":
        why = "a better position: closer to the objective or out of the enemy's sight (C4.1)"
    elif t in ("fire", "point-fire", "overwatch", "return-fire"):
        why = _fire_words(state, a) or "the target is in range and in sight (C6.1)"
    else:
        why = REASONS.get(str(t), "")
    return f"{what}. Why: {why}" if why else what
