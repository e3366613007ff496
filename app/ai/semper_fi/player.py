"""The Semper Fi! AI: a one-step look-ahead over the game's legal actions with hand-set weights.

It sets up on the objective ground and high up, attacks (or holds) the hexes the scenario's victory
rules name, fires before it assaults and assaults only a weakened or suppressed hex, fires on
overwatch and back at overwatchers, spends artillery, mortar and air on spotted targets within a
per-turn ammunition budget, and pulls suppressed units back from contact. Level ``easy`` adds
noise to every weight and ignores half its overwatch chances. It never rolls the game's dice:
its tie-breaks use its own generator.
"""

from __future__ import annotations

from typing import Any

from app.engine.game import Action
from app.engine.match import Match
from app.engine.rng import Rng
from app.games.semper_fi import indirect, special
from app.games.semper_fi.assault import assault_group
from app.games.semper_fi.state import SFState
from app.games.semper_fi.units import bd, other, udef
from app.games.semper_fi.victory import determine

from app.ai.semper_fi import entry, op_sheets
from app.ai.semper_fi.evaluate import (enemy_steps_at, fire_value, friendly_risk, hex_score, nearest,
                                       target_hex, visible_enemies)
from app.ai.semper_fi.objectives import (ATTACK, decisive_hexes, denied_hexes, each_hex_counts,
                                         final_phase, ground_cleared, objective_hexes, objectives_for, prefinal_phase,
                                         passive, role, share_out, stage_out, clear_out, vantage, climb_cost, exposed_hexes,
                                         hill_share, waiting_for_reinforcements, ring_rim, places)

#: The last phase: fire at an enemy where the victory looks, an assault on it, and fire from a
#: stack that could have assaulted it rank in this order above everything else (_final_fire).
FINAL_FIRE = 1.0
FIRE_MIN = 0.12          # below this expected value a direct fire is not worth revealing for
ASSAULT_ODDS = 1.5       # our assault firepower against theirs (C8.2), more against dug-in troops


#: What one contour climbed in the heat (2.3) costs a Marine move: a morale check whose failures
#: take steps, and 4.1 counts every step lost (mortar steps double). At 0.6 the Marines of 4.1
#: lost 12-16 steps to the heat in some games against a random North Korean player; from 1.0 up
#: it won 8 of 30 games against random instead of 3 of 30 (seeds 1000-1029; the same 8 at 1.0, 2.0
#: and 4.0), losing far fewer steps (docs/ai.md).
HEAT_CLIMB = 1.5
#: What a hex of the way to a vantage point costs a hunting unit (``_hunt``)
HUNT_STEP = 0.7
#: How many units of each kind go after one enemy hex on or next to 4.1's high ground: with
#: targets a hex off it too (``objectives.HG_REACH``), two platoons a target climbed so often that
#: the heat (2.3) lost more games than the targets won (43 of 100 against 57 with one)
HUNTERS = (("platoon", 1), ("mg", 1))
#: An attacker's move into a hex, per enemy unit that would fire on it there (overwatchers) more
#: than on the best other hex as near the goal: 6.1's Chinese against greedy 31 of 60 (27 at 0),
#: 5.1's Marines 40 (32), 6.2 28 (25), 6.3 47 (43); against random unchanged within 3 of 60
OVERWATCH_RISK = 2.0
#: ... fading to nothing over this many turns before the last (the objective must be reached)
OVERWATCH_FADE = 8
#: The attacker's move into a hex, per enemy unit more that would fire on it there by overwatch
#: (C6.3) than where it stands, on the first ``EARLY_TURNS`` turns of a game of ``LONG_GAME`` turns
#: or more (6.x, 7.3-7.5, 5.x; not 4.2, 7.1 or 7.2, which leave no time to wait). Seeds
#: 1000-1199, without and with: 6.1's Chinese against greedy 117 -> 147 of 200, 6.2's 106 -> 114,
#: but against random 6.2 197 -> 191 (docs/ai.md, ninth pass)
OVERWATCH_EARLY = 1.2
EARLY_TURNS = 2
LONG_GAME = 8
#: 7.2, 7.5: the attacker's assault units are shared out over the hill hexes still held, and 6.x's
#: over the last Marine hex round Fox Hill (stage_out)
STAGE = True
#: 7.1: the defender gathers assaults on the enemy units inside the ring it must clear (clear_out)
CLEAR = True
#: 5.2, 5.3: one unit keeps each hill held and the rest share out the others (``hill_share``);
#: with 5.3's hilltops open to the Marines, seeds 1000-1099 against random: 5 -> 96 of 100
#: (docs/ai.md, fourteenth pass)
HILLS = True
#: 5.3: a Marine attacker holds its ground until reinforcements as strong come
#: (``waiting_for_reinforcements``)
WAIT = True
#: 7.2, 7.5, 6.x: digging in on a hex of the ground taken, with the enemy within 3 hexes; on
#: seeds 1000-1059 against greedy 7.5 45 -> 53, 6.3 45 -> 50, 7.2 1 -> 5 (1.0: 55, 47, 3)
DIG_GROUND = 0.6
#: 4.1: what fire at a North Korean on the high ground is worth over its expected steps
HIGH_GROUND_FIRE = 0.3
#: 4.1: what one of our units expected in our own barrage zone costs a mission (friendly_risk)
FRIENDLY_RISK = 3.0
#: What entering a hex the enemy can fire into costs a hunting unit on its way (overwatch, C6.3)
EXPOSURE = 3.0
#: The fewest steps a unit needs to fall back of its own accord (``_worth_falling_back``): the
#: SYR roll (C7.3) takes one or two. Before, suppressed units fell back too, and units of any
#: size: against greedy (seeds 1100-1199, the old and the new rule on the same code) 5.1's
#: Marines won 65 of 100 that way and 76 this way, 6.1's Chinese 50 and 57, 6.2's 45 and 50
#: (docs/ai.md, seventh pass)
FALL_BACK_STEPS = 3
#: The attacker's phase before its last: what a change to move mode is worth to a unit a hex from
#: an objective hex no enemy holds (it is kept out of fire mode too, ``_Ctx.next_to_open``), and in
#: the last phase what a move onto such a hex adds. Against greedy (seeds 1000-1099) 6.1's
#: Chinese won 60 of 100 with it and 57 without, 6.2's 52 and 50; 7.2's against random 80 and 77;
#: 6.2's against random 93 and 94; 4.2, 5.1, 6.3, 7.1 and 7.5 within a game of the same
#: (docs/ai.md, eighth pass)
READY = 0.4
READY_FINAL = 1.0
#: 7.1: what a set-up hex on the ring's rim (``objectives.ring_rim``) adds while none of ours
#: stands there, and what a move onto an empty rim hex (or off one, leaving it empty) gains
#: (loses) in play. A Chinese unit reaches the ring only through a rim hex, and one held by a
#: Marine only by assault, so the contact stays outside the ring. Seeds 1000-1299 against random:
#: 274 -> 298 of 300; 1000-1199 against greedy 158 -> 188 of 200 (set-up alone 184 of 200 against
#: random on 1000-1199, the keeping alone 91 of 100 on 1100-1199; docs/ai.md, seventeenth pass)
RIM = 2.0
RIM_KEEP = 1.0
#: 7.3: the four places are read only at the end, and a Chinese unit the Marines see draws them
#: on it; before the last ``LATE_TURNS`` turns no Chinese unit moves within ``LATE_REACH`` hexes
#: of a Marine unit it sees (``late_wait``; docs/ai.md, eighteenth pass)
LATE_TURNS = 6
LATE_REACH = 3
#: 7.3: in the last ``LATE_TURNS`` turns, while a place has none of ours, a place we hold keeps
#: this many units and the rest make for the empty places (``share_out``, ``late_share``).
#: Against greedy, seeds 1000-1099: 52 of 100 without, 88 with (docs/ai.md, nineteenth pass)
GARRISON = 3


class SemperFiAI:
    name = "ai"

    def __init__(self, seed: int = 0, side: str = "", level: str = "normal"):
        self.side = side
        self.level = level if level in ("easy", "normal") else "normal"
        self.rng = Rng.from_seed(seed * 104729 + sum(map(ord, side)) + 17)
        self._ground_cache: dict[tuple, float] = {}

    def _r(self) -> float:
        return self.rng.randint(0, 9999) / 10000.0

    # ------------------------------------------------------------------------------ choose
    def choose(self, match: Match, legal: list[Action]) -> Action:
        state = match.state
        assert isinstance(state, SFState)
        if len(legal) == 1:
            return legal[0]
        sheet = op_sheets.choose(state, legal, self.side or state.active)      # C12: orders first
        if sheet is not None:
            return sheet
        best, best_v = None, -1e9
        ctx = _Ctx(state, state.active)
        for a in self._candidates(state, legal):
            v = self.score(state, a, ctx)
            if self.level == "easy":
                v += self._r() * 0.6 - 0.3
            v += self._r() * 1e-3          # deterministic tie-break
            if v > best_v:
                best, best_v = a, v
        return best if best is not None else legal[-1]

    def explain(self, match: Match, action: Action) -> str:
        """Why this action, in a player's words, from the figures the AI weighs (for the hint;
        it never changes a choice). "" when there is nothing to add."""
        from app.ai.semper_fi.reasons import explain
        state = match.state
        try:
            return explain(state, self.side or state.active, action)
        except Exception:  # noqa: BLE001 - a missing reason never breaks the hint
            return ""

    def _candidates(self, state: SFState, legal: list[Action]) -> list[Action]:
        """During set-up, weigh the hexes of one unit at a time (the first still to place)."""
        if state.phase == "setup" and not state.pending:
            places = [a for a in legal if a["type"] == "place"]
            if places:
                u = places[0]["unit"]
                return [a for a in places if a["unit"] == u]
        return legal

    # ------------------------------------------------------------------------------ weights
    def score(self, state: SFState, a: Action, c: "_Ctx") -> float:
        t = a["type"]
        side = c.side
        b = bd(state)
        if t == "place":
            h = a["to"]
            v = self._ground(state, side, h) - 1.5 * c.crowd(state, h)
            if RIM and h in c.rim and c.crowd(state, h) == 0 and not udef(a["unit"]).type.vehicle:
                v += RIM
            return v
        if t == "end-setup":
            return 1.0
        if t == "remove-step":                   # 5.2, 6.2, 7.5: spread losses over the rifle platoons,
            u = a["unit"]                        # keep the weapons and MG sections whole
            return 0.5 + state.units[u].steps * 0.01 + (0.05 if udef(u).type.platoon else 0.0)
        if t == "entry-edge":                    # C14.6: the edge nearest the places still unserved
            return entry.score(state, a)
        if t == "fieldwork":                     # 7.1: fortify before ending the set-up
            return 1.2
        if t == "lay-mine":                      # C15.1: every minefield, on the enemy's way in
            return self._mine_spot(state, a["hex"], c)
        if t == "restore-step":                  # 6.3: platoons first, then the most worn
            u = a["unit"]
            return 0.8 + (0.1 if udef(u).type.platoon else 0.0) + 0.01 * (udef(u).type.steps - state.units[u].steps)
        if t in ("reserve", "place-rest"):
            return -5.0
        if t == "go-first":
            if state.turn >= len(state.clock):
                return -1.0                      # the last turn: the victory is read at its end, act last
            return 1.0 if c.role == ATTACK else -1.0
        if t == "go-second":
            return 0.0
        if t == "end-phase":
            return 0.0
        if t == "pass":
            return 0.0
        if t in ("fire", "point-fire", "return-fire"):
            v = fire_value(state, a)
            if c.passive and v > 0:                      # 4.1: the units the victory counts, and
                th = target_hex(state, a)                # those a step from where it counts them
                if th in c.obj:
                    v += HIGH_GROUND_FIRE
                elif nearest(state, th, objective_hexes(state)) <= 1:
                    v += HIGH_GROUND_FIRE / 2
            return v - FIRE_MIN + (0.2 if t == "return-fire" else 0.0) + self._final_fire(state, a, c)
        if t == "overwatch":
            if self.level == "easy" and self._r() < 0.5:
                return -1.0
            return fire_value(state, a) - FIRE_MIN + 0.1
        if t == "overwatch-air":
            return 0.4 * enemy_steps_at(state, side, a["at"]) - 0.3
        if t == "overwatch-mortar":
            return (0.25 * enemy_steps_at(state, side, a["at"]) - 0.35 * int(a["count"])
                    if c.budget_ok(state, "mortar") else -1.0)
        if t == "at-roll":
            return 1.0
        if t == "air-strike":
            return 0.5 + 0.3 * enemy_steps_at(state, side, a["at"]) + c.objective_bonus(a["at"])
        if t in ("artillery", "battery-fire", "mortar", "mortar-fire"):
            return self._indirect(state, a, c)
        if c.waiting and self._goes_forward(state, a, b):
            return -1.0                                  # hold until the reinforcements come
        if t == "assault":
            return self._assault(state, a, c)
        if t == "retreat":
            return (hex_score(state, side, a["to"]) - 0.8 * sum(
                1 for f in c.foes if b.grid.distance(a["to"], state.units[f].at) <= 1))
        if t == "exit":
            return 20.0 if not state.contact else -2.0
        if t == "fall-back":
            return 0.6 if self._worth_falling_back(state, a["unit"], c) else -1.0
        if t == "dig-in":
            s = state.units[a["unit"]]
            near = c.foe_within(s.at, 5)
            if a["unit"] in c.clear and s.at not in c.clear[a["unit"]]:
                return -0.5                              # 7.1: on its way to an assault (clear_out)
            if c.role != ATTACK:
                return 0.35 if (s.at in c.obj or near) else 0.1
            if DIG_GROUND and c.ground and s.at in c.ground and c.foe_within(s.at, 3):
                # 7.2, 7.5, 6.x: a hex of the ground already taken, the enemy near: the attacker
                # now holds it, and dug-in troops take -2 from fire and in an assault (C6.6, C8.2)
                return DIG_GROUND
            return 0.15 if near and c.foe_within(s.at, 2) else -0.5
        if t == "mode":
            return self._mode(state, a, c)
        if t == "move":
            return self._move(state, a, c)
        if t == "political":
            return self._political(state, a, c)
        return -0.5

    @staticmethod
    def _goes_forward(state: SFState, a: Action, b: Any) -> bool:
        """An assault, a move by a unit on the map, or a change to move mode (entering from off
        the map is not going forward: that is the reinforcements coming)."""
        t = a["type"]
        if t == "assault":
            return True
        if t == "move":
            return state.units[a["unit"]].at in b.hexset
        return t == "mode" and a.get("to") == "move"

    def _worth_falling_back(self, state: SFState, u: str, c: "_Ctx") -> bool:
        """A voluntary fall-back is a roll on the SYR table (C7.3): it costs one or two steps
        whatever the roll. Only a paralysed unit (it can neither fire nor move, and adds nothing
        to an assault) next to the enemy gains from it, and only with steps enough to outlive the
        roll (``FALL_BACK_STEPS``) and off the hexes its side fights for (a start hex of 4.2
        left empty is lost, an objective left in the last turns is not reached)."""
        s = state.units[u]
        if c.role == ATTACK and each_hex_counts(state):
            # 4.2's North Koreans: their own losses do not count, and a unit that stays may
            # still walk into a start hex; never falling back won 176 of 300 games against
            # greedy (seeds 1000-1299), falling back as everyone else does 163
            return False
        return (s.morale == "paralysed" and s.steps >= FALL_BACK_STEPS and s.at not in c.obj
                and c.adjacent_foes(s.at))

    def _political(self, state: SFState, a: Action, c: "_Ctx") -> float:
        """3.3, C7.5: a step buys off a suppression where the unit is needed now (next to a
        revealed enemy, or an attacker close to its objective); elsewhere the suppression is
        cheaper (it wears off, a step does not). The unit with most steps pays."""
        from app.games.semper_fi.political import in_contact
        at = state.units[a["unit"]].at
        near_goal = c.role == ATTACK and any(c.b.grid.distance(at, h) <= 2 for h in c.obj)
        if not (in_contact(state, at, c.side) or near_goal):
            return -0.5
        return 0.5 + 0.05 * state.units[a["payer"]].steps

    def _ground(self, state: SFState, side: str, h: str) -> float:
        """The part of a set-up hex's worth that does not change while a side sets up (objectives,
        height, field of fire): worked out once per hex, not once per unit and hex."""
        key = (state.scenario, state.map_name, side, objectives_for(state, side), h)
        v = self._ground_cache.get(key)
        if v is None:
            if len(self._ground_cache) > 20000:
                self._ground_cache.clear()
            v = self._ground_cache[key] = hex_score(state, side, h) + self._field_of_fire(state, h)
        return v

    def _mine_spot(self, state: SFState, h: str, c: "_Ctx") -> float:
        """A minefield is worth most close to where the enemy sets up (his way in), off our own
        hexes (only a move into the hex sets it off) and apart from the other minefields."""
        key = (state.scenario, state.map_name, "enemy-area", h)
        d = self._ground_cache.get(key)
        if d is None:
            d = self._ground_cache[key] = float(nearest(state, h, _enemy_setup_hexes(state, c.side)) or 0)
        b = c.b
        v = 1.6 - 0.06 * min(d, 8)
        v -= 0.4 * c.crowd(state, h)
        v -= 0.15 * sum(1 for n in b.grid.neighbours(h) if n in state.mines)
        return max(1.05, v)

    def _field_of_fire(self, state: SFState, h: str) -> float:
        """Defenders like hexes above their surroundings (they see and shoot further)."""
        b = bd(state)
        e = b.elevation(h)
        ns = list(b.grid.neighbours(h))
        if not ns:
            return 0.0
        return 0.02 * sum(e - b.elevation(n) for n in ns) / len(ns)

    def _indirect(self, state: SFState, a: Action, c: "_Ctx") -> float:
        if a.get("ammo") in ("smoke",):
            return -1.0
        if a.get("ammo") == "illum":
            from app.games.semper_fi.sight import illuminated
            if illuminated(state, bd(state), a["at"]):
                return -1.0                           # C10.6: that ground is already lit
            if c.final and a["at"] in c.decisive and enemy_steps_at(state, c.side, a["at"]):
                return 6.0 * FINAL_FIRE + 0.5         # light the hex that decides it, then fire (1.2)
            return 0.2 if c.foe_within_side(3) else -1.0
        steps = enemy_steps_at(state, c.side, a["at"])
        if steps <= 0:
            return -1.0
        final = self._final_fire(state, a, c)
        if not c.budget_ok(state, a["type"]) and steps < 3 and not final \
                and not (c.passive and a["at"] in c.obj):
            return -0.5                               # husband ammunition for a better target
        own_near = any(bd(state).grid.distance(a["at"], state.units[u].at) <= 1 for u in c.mine)
        v = 0.25 * steps + c.objective_bonus(a["at"]) + (0.2 if a.get("prereg") else 0.0)
        if c.passive and a["type"] in ("artillery", "battery-fire"):
            # 4.1 counts every Marine step lost, our own shells' too: the expected own units in
            # the barrage zone, drift included, instead of the flat penalty for a unit next to it
            return v - FRIENDLY_RISK * friendly_risk(state, c.side, a["at"]) + final
        return v - (0.6 if own_near else 0.0) + final

    def _final_fire(self, state: SFState, a: Action, c: "_Ctx") -> float:
        """The side's last phase of the game: the result is read when it ends, so what counts is
        fire at an enemy standing where the victory looks (an objective the attacker must clear,
        a hex the defender must keep free). Fire from hexes that could not assault such a hex comes
        first (it suppresses for the assault); a stack next to one of them, the target or another,
        fires only when it cannot assault (an assault scores below this): a unit that fires may
        not assault in the same phase (C8.1)."""
        if not c.final:
            return 0.0
        at = target_hex(state, a)
        if at not in c.decisive:
            return 0.0
        frm = a.get("from") or (state.units[a["unit"]].at if a.get("unit") in state.units else "")
        if frm and assault_group(state, frm, c.side) and any(
                n in c.decisive and n in c.foe_hexes for n in c.b.grid.neighbours(frm)):
            return FINAL_FIRE                  # fire would spend an assault on a hex that decides it
        return 6.0 * FINAL_FIRE                # it costs no assault: before everything else

    def _assault(self, state: SFState, a: Action, c: "_Ctx") -> float:
        """An assault is fought with the fire-mode area values of the units in the two hexes, not
        their steps (C8.2): a suppressed unit fires at half, a paralysed one not at all, and dug-in
        defenders take -2. So the attackers concentrate in one hex and suppress the defenders
        first; the attacker accepts worse odds only on the last turn, for a hex it must hold."""
        group = assault_group(state, a["from"], c.side)
        theirs = [u for u in state.units if state.units[u].at == a["to"] and udef(u).side != c.side]
        if not group or not theirs:
            return -1.0
        mine = _assault_fp(state, group)
        their = _assault_fp(state, theirs)
        shaken = sum(1 for u in theirs if state.units[u].morale) / max(1, len(theirs))
        dug = any(state.units[u].dug_in for u in theirs)
        need = ASSAULT_ODDS + (0.5 if dug else 0.0)
        ratio = mine / max(1.0, their)
        last = state.turn >= len(state.clock) - 1
        final = c.final
        if c.role == ATTACK and final and a["to"] in c.obj:
            need = min(need, 0.34)                         # the game's last phase: any chance beats none
        elif c.role == ATTACK and last and a["to"] in c.obj:
            need = min(need, 1.0)                          # the hex must be ours at the end
        elif c.role == ATTACK and udef(group[0]).side != "us" and _dark_left(state) <= 1 \
                and a["to"] in c.obj and state.lights and _dark_seen(state):
            need = min(need, 1.0)                          # 3.2: go in before the light comes
        if c.keep_each and a["from"] in c.obj and len(group) == c.crowd(state, a["from"]):
            return -1.0                                    # 4.2: winning would leave a start hex empty
        if c.won and c.last_on_ground(state, a["from"], group):
            return -1.0                                    # the game is won as it stands: keep it
        deny = c.role != ATTACK and last and a["to"] in denied_hexes(state, c.side)
        if deny:                                           # an enemy left there at the end costs a level
            need = min(need, 0.34 if final else 1.0)
        if ratio < need:
            return -1.0
        v = 0.3 * (ratio - need) + shaken + c.objective_bonus(a["to"])
        if c.final and a["to"] in c.decisive:
            # after the fire that suppresses for it; the hex fewest stacks can reach goes first,
            # so a stack next to two of them is not spent on the one the others can take
            v += 2.0 * FINAL_FIRE + 0.5 / max(1, c.assault_stacks(state, a["to"]))
        return v if (c.role == ATTACK or shaken > 0 or deny) else v - 0.5

    def _mode(self, state: SFState, a: Action, c: "_Ctx") -> float:
        u = a["unit"]
        s = state.units[u]
        if READY and c.prefinal and c.role == ATTACK and not c.passive and c.next_to_open(state, u):
            # the phase before our last: a unit a hex from an objective hex nobody holds ends it
            # in move mode, so that in the last phase it enters with its whole allowance (C4.2's
            # one-hex minimum needs it whole; a change of mode spends half of it, C3.2)
            return -1.0 if a["to"] == "fire" else READY
        if c.passive and udef(u).type.indirect and s.at in c.b.hexset:
            # 4.1: a mortar fires only in fire mode (C9) and reaches most of the map from where
            # it stands; its steps count double, so it sets up and stays
            return 0.4 if a["to"] == "fire" else -0.6
        if a["to"] == "move":
            if c.keep_each and c.vacant(state) and not c.last_holder(state, u):
                return 0.5                               # 4.2: go back to the start hex left empty
            if u in c.clear:                             # 7.1: off to an assault (clear_out)
                return 0.3 if s.at not in c.clear[u] and not s.acted else -0.5
            if c.role != ATTACK:
                if RIM_KEEP and s.at in c.rim and c.crowd(state, s.at) == 1:
                    return -0.5                          # 7.1: the last unit on a rim hex stays
                return -0.5 if s.at in c.obj or not c.obj else 0.1 * nearest(state, s.at, c.obj) - 0.3
            goal = c.obj_of(u)
            if s.at in goal and c.foe_within(s.at, 3):
                return -1.0
            if c.foe_within(s.at, 1):
                return -0.4
            return 0.3 if nearest(state, s.at, goal) > 0 else -0.5
        # to fire mode: when foes are close or the unit reached its objective; an attacker that
        # has just switched to move mode keeps going (no back-and-forth that burns the phase)
        if c.role == ATTACK and not c.passive and s.acted == "moving" and s.at not in c.obj_of(u) \
                and not c.foe_within(s.at, 1):
            return -0.02
        if c.foe_within(s.at, 4) or s.at in c.obj_of(u):
            return 0.05 if s.acted == "moving" and s.mp_left > 1 else 0.3
        if c.passive and s.at in c.hunt_goal(state).get(u, ()):
            return 0.3                                   # 4.1: at the point it was sent to, to fire
        return -0.05

    def _move(self, state: SFState, a: Action, c: "_Ctx") -> float:
        u = a["unit"]
        s = state.units[u]
        if special.marching(state) and u in state.column:
            return 2.0                                   # the march column must march (4.1)
        frm = s.at
        b = bd(state)
        if frm not in b.hexset:
            # entering from off the map: always worth it, at the entry hex nearest the objectives
            if c.passive:
                # 4.1: while the enemy holds high ground the column comes on to fight it (rifle
                # platoons and MG sections to hunt, mortars to fire); the rest wait off the map,
                # where no fire reaches them and where their steps (tanks' double) are safe
                useful = c.obj and (_hunter(u) or udef(u).type.indirect)
                return (1.0 if useful else -0.5) + 0.01 * hex_score(state, c.side, a["to"])
            return 1.0 + 0.01 * hex_score(state, c.side, a["to"])
        goal = c.obj_of(u)
        if c.late_wait and c.foe_within(a["to"], LATE_REACH):
            return -1.0                                  # 7.3: out of reach until the last hours
        if u in c.clear:
            # 7.1: to a hex next to an enemy unit inside the ring, to assault it next phase
            # (one stack assaults together, C8.2: the ring hex with most of ours first)
            # Scored by where it goes, not against where it stands: a unit already next to the
            # intruder may move round it. Against greedy (seeds 1000-1099) this won 72 of 100,
            # the same weighed against the hex it stands in (no move round the ring) 66
            return (nearest(state, frm, goal) - nearest(state, a["to"], goal)) - 0.05 \
                + ((1.0 + 0.15 * min(3, c.crowd(state, a["to"]))) if a["to"] in goal else 0.0)
        if c.passive and u in c.hunt_goal(state):
            return self._hunt(state, u, frm, a["to"], c)
        if c.passive and c.obj:
            # 4.1's other units: out of the enemy's fire (C6.3's overwatch takes steps that count)
            # by the way that climbs least; otherwise they stay where they are
            ex = c.exposed(state)
            return (EXPOSURE * ((frm in ex) - (a["to"] in ex))
                    - c.heat * max(0, b.contour(a["to"]) - b.contour(frm)) - 0.05)
        gain = hex_score(state, c.side, a["to"], c.foes, goal) - hex_score(state, c.side, frm, c.foes, goal)
        if READY_FINAL and c.final and c.role == ATTACK and a["to"] in goal and frm not in goal:
            gain += READY_FINAL                          # the last phase: the victory reads who is there
        if a["to"] not in c.obj and c.last_holder(state, u):
            gain -= 3.0                                  # 4.2: every start hex must be held at the end
        elif c.keep_each and c.vacant(state):
            empty = c.vacant(state)                      # 4.2: fill a start hex left empty
            return (nearest(state, frm, empty) - nearest(state, a["to"], empty)) \
                + (1.0 if a["to"] in empty else 0.0) - 0.05
        if RIM_KEEP and c.rim:
            gain += RIM_KEEP * ((a["to"] in c.rim and c.crowd(state, a["to"]) == 0)
                                - (frm in c.rim and c.crowd(state, frm) == 1))
        if state.mines.get(a["to"]) == "known" and c.side != "us":
            gain -= 3.0                                  # C15.1: a minefield that has gone off
        if (state.scen.get("rules") or {}).get("heat") and udef(u).side == "us":
            gain -= HEAT_CLIMB * max(0, b.contour(a["to"]) - b.contour(frm))   # 2.3: climbing in the heat
        if s.morale:
            gain -= 0.5 * (c.foe_within(a["to"], 1) - c.foe_within(frm, 1))
        elif c.role == ATTACK and not c.passive and c.foe_within(a["to"], 1):
            gain += 0.15 * min(3, c.crowd(state, a["to"]))  # concentrate next to the enemy for one assault
        if c.role == ATTACK and not c.passive and OVERWATCH_RISK:
            # the enemy's overwatch (C6.3) on the way in: a care that fades over the last turns,
            # when the objective must be reached whatever it costs
            late = min(1.0, max(0, len(state.clock) - state.turn) / OVERWATCH_FADE)
            if late > 0:
                # only against a way in as good that fewer would fire on: the care picks the
                # route, it does not hold the attack back
                gain -= OVERWATCH_RISK * late * (c.overwatchers(state, a["to"])
                                                 - c.least_overwatched(state, frm, a["to"], goal))
                if early_care(state) and u not in c.stage:
                    # the first hours of a long night: no step into more overwatch than where it
                    # stands, when there is time for a better moment (not for the last Marine
                    # hex's assault units, stage_out)
                    gain -= OVERWATCH_EARLY * late * max(0.0, c.overwatchers(state, a["to"])
                                                         - c.overwatchers(state, frm))
        if c.ground and frm in c.ground and a["to"] in c.ground and c.crowd(state, a["to"]) == 0 \
                and c.crowd(state, frm) >= 2 and (c.hold or not c.foe_within(frm, 1)):
            # 6.x, 7.2, 7.5: an empty hex of the ground is a way (back) on for the enemy; a stack
            # not gathered for an assault spreads over them, the hexes nearest the enemy first
            gain += 0.6 + 0.1 * max(0, 6 - nearest(state, a["to"], c.foe_hexes))
        return gain - 0.05 + op_sheets.move_pull(state, a)

    def _hunt(self, state: SFState, u: str, frm: str, to: str, c: "_Ctx") -> float:
        """4.1's rifle platoons and MG sections go where the enemy on the high ground can be seen
        and fired on (``vantage``) by the way that climbs least: each contour climbed is a heat
        check (2.3) and every step it costs counts at the end, as does each North Korean left up
        there. Judged on the whole way (``climb_cost``), so a unit does not stop at the first slope."""
        b = c.b
        heat = c.heat
        v = c.hunt_goal(state)[u]
        ex = c.exposed(state)
        cost = climb_cost(state, v, HUNT_STEP, heat, ex, EXPOSURE)
        up = max(0, b.contour(to) - b.contour(frm))
        gain = cost.get(frm, 50.0) - cost.get(to, 50.0) - heat * up - (EXPOSURE if to in ex else 0.0)
        gain += (1.5 if to in v else 0.0) - (1.5 if frm in v else 0.0)
        gain -= 0.3 * (sum(1 for f in c.foes if b.grid.distance(to, state.units[f].at) <= 1)
                       - sum(1 for f in c.foes if b.grid.distance(frm, state.units[f].at) <= 1))
        if state.units[u].morale:
            gain -= 0.5 * (c.foe_within(to, 1) - c.foe_within(frm, 1))
        return gain - 0.05


def _turns_after(state: SFState) -> int | None:
    """The turns after this one, which the last-hours rules (``late_wait``, ``late_share``) count;
    None where the defender waits for contact (7.4, C14.9), which both leave out."""
    if (state.scen.get("rules") or {}).get("wait_for_contact"):
        return None
    return len(state.clock) - state.turn


def late_wait(state: SFState, side: str, side_role: str) -> bool:
    """7.3: the attacker keeps out of the defenders' reach until the last ``LATE_TURNS`` turns.
    The places count only at the end, and a Chinese unit the Marines can see draws them on it:
    against greedy Marines, who walk at every unit they see, 7.3's Chinese took the places early
    and lost the army that held them before the end. Not where the defender waits for contact
    (7.4, C14.9): there the Marines do not come out before the Chinese find them, and a sample of
    7.4 against greedy went worse with the wait (docs/ai.md, eighteenth pass)."""
    left = _turns_after(state)
    return bool(LATE_TURNS) and side_role == ATTACK and left is not None and left >= LATE_TURNS \
        and bool(places(state))


def late_share(state: SFState) -> bool:
    """The last ``LATE_TURNS`` turns, when the places are shared for the end (``GARRISON``).
    Like ``late_wait``, not where the defender waits for contact (7.4): its Chinese come on from
    the map edges through the night, and a game there takes a minute, too long to measure the
    rule at full size in the session that made it (docs/ai.md, nineteenth pass)."""
    left = _turns_after(state)
    return bool(GARRISON) and left is not None and left < LATE_TURNS


def early_care(state: SFState) -> bool:
    """The first turns of a long game, when an attacker can wait for a better moment than a walk
    into the defender's overwatch (``OVERWATCH_EARLY``)."""
    return bool(OVERWATCH_EARLY) and state.turn <= EARLY_TURNS and len(state.clock) >= LONG_GAME


class _Ctx:
    """Per-decision facts worth computing once."""

    def __init__(self, state: SFState, side: str):
        self.side = side
        self.role = role(state, side)
        self.obj = objectives_for(state, side)
        self.passive = passive(state, side)
        self.keep_each = each_hex_counts(state) and self.role != ATTACK   # 4.2's Marines
        self.hold = ground_cleared(state, side)      # None: no ground of that kind to take
        self.ground = objective_hexes(state) if self.hold is not None else frozenset()
        self.foes = visible_enemies(state, side)
        self.b = bd(state)
        self.mine = [u for u in state.units if udef(u).side == side and state.units[u].at in self.b.hexset]
        self.foe_hexes = {state.units[f].at for f in self.foes}
        self._foe_d: dict[str, int] = {}
        # 7.3, 7.4: the attacker's units share the four places out among them
        self.share = share_out(state, side, self.mine, GARRISON if late_share(state) else 0) \
            if self.role == ATTACK else {}
        # 5.2, 5.3: the attacker's units share the hills out among them
        if self.role == ATTACK and HILLS:
            self.share.update(hill_share(state, side, self.mine))
        # 7.2, 7.5: the assault units spread over the hexes the enemy still holds on the hill
        self.stage = stage_out(state, side, self.mine) if self.role == ATTACK and STAGE else {}
        self.share.update(self.stage)
        # 7.1: the defender gathers an assault next to each enemy unit inside the ring it must clear
        self.clear = clear_out(state, side, self.mine) if self.role != ATTACK and CLEAR else {}
        self.rim = ring_rim(state, side) if (RIM or RIM_KEEP) else frozenset()
        self.late_wait = late_wait(state, side, self.role)
        self.share.update(self.clear)
        self._at = {u: state.units[u].at for u in self.mine}
        self._crowd: dict[str, int] | None = None
        self._vacant: list[str] | None = None
        self._hunt: dict[str, frozenset[str]] | None = None
        # 2.3: what a contour climbed costs a Marine where the scenario plays the heat rules
        self.heat = HEAT_CLIMB if (state.scen.get("rules") or {}).get("heat") else 0.0
        self._exposed: frozenset[str] | None = None
        self._ow: dict[str, float] | None = None
        self._foe_all: set[str] | None = None
        # the side's last action phase of the game, and where an enemy then costs it a level
        self.final = final_phase(state, side)
        self.decisive = decisive_hexes(state, side) if self.final else frozenset()
        # the side's last phase with the game won as it stands (``last_on_ground``)
        self.won = self.final and determine(state).get("winner") == side
        self.prefinal = prefinal_phase(state, side)
        # 5.3: a Marine attacker waits for the battalion due to join it (waiting_for_reinforcements)
        self.waiting = WAIT and self.role == ATTACK and waiting_for_reinforcements(state, side)

    def next_to_open(self, state: SFState, u: str) -> bool:
        """``u`` stands off its objective, a hex from one of its hexes that no enemy holds (the
        hidden enemy's markers count: their hexes are on the map, 1.3)."""
        goal = self.obj_of(u)
        at = self._at.get(u) or state.units[u].at
        if at in goal:
            return False
        foes = self.foe_all_hexes(state)
        return any(n in goal and n not in foes for n in self.b.grid.neighbours(at))

    def hunt_goal(self, state: SFState) -> dict[str, frozenset[str]]:
        """4.1's Marines: for each enemy hex on the high ground, the rifle platoons and the MG
        section (``HUNTERS``) whose way to a point that sees it climbs least, and that point's
        hexes (``vantage``). The rest stay low: every unit that climbs risks steps (2.3)."""
        if self._hunt is None:
            self._hunt = {}
            if self.passive and self.obj:
                heat = self.heat
                free = [u for u in self.mine if _hunter(u)]
                ex = self.exposed(state)
                quota = dict(HUNTERS)
                pairs = []
                goals: dict[str, frozenset[str]] = {}
                for t in sorted(self.obj):
                    v = goals[t] = vantage(state, frozenset([t]))
                    cost = climb_cost(state, v, HUNT_STEP, heat, ex, EXPOSURE)
                    pairs += [(cost.get(self._at[u], 50.0), t, u) for u in free if _hunter_kind(u) in quota]
                taken: dict[tuple[str, str], int] = {}
                for _c, t, u in sorted(pairs):       # the cheapest ways first, over all targets
                    k = (t, _hunter_kind(u))
                    if u in self._hunt or taken.get(k, 0) >= quota[k[1]]:
                        continue
                    taken[k] = taken.get(k, 0) + 1
                    self._hunt[u] = goals[t]
        return self._hunt

    def exposed(self, state: SFState) -> frozenset[str]:
        """Hexes an enemy unit we know of (a hidden one's marker too) could fire into: in range
        of its area fire and in its line of sight (C6)."""
        if self._exposed is None:
            foes = [(s.at, udef(u).type.fire.range) for u, s in state.units.items()
                    if udef(u).side != self.side and s.at in self.b.hexset and udef(u).type.fire.range > 0
                    and (s.hidden or (s.mode == "fire" and s.morale != "paralysed"))]
            self._exposed = exposed_hexes(state, foes)
        return self._exposed

    def overwatchers(self, state: SFState, h: str) -> float:
        """The enemy units that would fire on one of ours moving into ``h`` (C6.3): ready to
        overwatch, in a hex that sees ``h`` (our unit's spotting range there, C5.2), those with a
        Fired marker at the chance they join."""
        if self._ow is None:
            self._ow = {}
        hit = self._ow.get(h)
        if hit is None:
            from app.games.semper_fi.overwatch import marked_chance, ready_at
            from app.games.semper_fi.sight import los, spotting_range
            b = self.b
            rng = spotting_range(state, b, h)
            hit = 0.0
            for fh in self.foe_all_hexes(state):
                if b.grid.distance(fh, h) <= rng and los(state, b, fh, h)[0]:
                    fresh, marked = ready_at(state, fh, other(self.side))
                    hit += len(fresh) + float(marked_chance()) * len(marked)
            self._ow[h] = hit
        return hit

    def least_overwatched(self, state: SFState, frm: str, to: str, goal: frozenset[str]) -> float:
        """The fewest overwatchers (``overwatchers``) among the hexes next to ``frm`` that bring a
        unit at least as near ``goal`` as ``to`` does (``to`` itself included)."""
        b = self.b
        d = nearest(state, to, goal)
        foes = self.foe_all_hexes(state)
        return min([self.overwatchers(state, to)] + [
            self.overwatchers(state, n) for n in b.grid.neighbours(frm)
            if n in b.hexset and n not in foes and nearest(state, n, goal) <= d])

    def foe_all_hexes(self, state: SFState) -> set[str]:
        """Every enemy hex on the map, hidden markers' too (their hexes are on the map, 1.3)."""
        if self._foe_all is None:
            self._foe_all = {s.at for u, s in state.units.items()
                             if udef(u).side != self.side and s.at in self.b.hexset}
        return self._foe_all

    def crowd(self, state: SFState, h: str) -> int:
        """Own units already in ``h`` (set-up spreads them out)."""
        if self._crowd is None:
            self._crowd = {}
            for u, s in state.units.items():
                if udef(u).side == self.side:
                    self._crowd[s.at] = self._crowd.get(s.at, 0) + 1
        return self._crowd.get(h, 0)

    def last_holder(self, state: SFState, u: str) -> bool:
        """``u`` is the defender's only unit in one of the hexes it must hold, in a scenario where
        each of them counts (4.2's start hexes, not 6.x's area where one hex is enough)."""
        if not self.keep_each:
            return False
        at = state.units[u].at
        return at in self.obj and self.crowd(state, at) == 1

    def vacant(self, state: SFState) -> list[str]:
        """The hexes the defender must hold with none of its units in them (once a decision)."""
        if self._vacant is None:
            self._vacant = [h for h in self.obj if self.crowd(state, h) == 0]
        return self._vacant

    def last_on_ground(self, state: SFState, frm: str, group: list[str]) -> bool:
        """``group`` in ``frm`` is all we have left on the ground the victory is read on (6.x's
        hexes round Fox Hill, 4.2's start hexes, 5.1's hilltops): an assault that fails would
        take them off it."""
        ground = objective_hexes(state)
        if frm not in ground:
            return False
        ours = {u for u in self.mine if self._at[u] in ground}
        return ours <= set(group)

    def obj_of(self, u: str) -> frozenset[str]:
        """The objective hexes unit ``u`` makes for: its place (7.3, 7.4), else all of them."""
        return self.share.get(u, self.obj)

    def assault_stacks(self, state: SFState, h: str) -> int:
        """Our hexes next to ``h`` with units that may still assault it this phase."""
        return sum(1 for n in self.b.grid.neighbours(h) if assault_group(state, n, self.side))

    def foe_within(self, h: str, n: int) -> bool:
        d = self._foe_d.get(h)
        if d is None:                    # asked many times a decision: the nearest foe once a hex
            d = self._foe_d[h] = min((self.b.grid.distance(h, f) for f in self.foe_hexes), default=10 ** 6)
        return d <= n

    def adjacent_foes(self, h: str) -> bool:
        return self.foe_within(h, 1)

    def foe_within_side(self, n: int) -> bool:
        """Some visible foe within ``n`` hexes of one of our units."""
        return any(self.foe_within(self.b_at(u), n) for u in self.mine)

    def b_at(self, u: str) -> str:
        return self._at[u]

    def objective_bonus(self, h: str) -> float:
        if not self.obj:
            return 0.0
        d = min(self.b.grid.distance(h, o) for o in self.obj)
        return 0.6 if d == 0 else 0.3 if d <= 2 else 0.0

    def budget_ok(self, state: SFState, kind: str) -> bool:
        """Spend indirect fire evenly over the turns left: at most a fair share per turn."""
        left = max(1, len(state.clock) - state.turn + 1)
        if kind in ("mortar", "mortar-fire", "overwatch-mortar"):
            ammo = sum(state.mortar_fires.values())
            return ammo <= 0 or ammo >= left       # unlimited pools report nothing
        ids = {g["id"] + ":" for g in indirect.groups(state, self.side)}
        ammo = sum(v for k, v in state.ammo.items() if any(k.startswith(i) for i in ids))
        return ammo >= left or kind == "battery-fire"


def _hunter_kind(u: str) -> str:
    return "platoon" if udef(u).type.platoon else udef(u).type.unit_type


def _hunter(u: str) -> bool:
    """The units 4.1's Marines send after the high ground: rifle platoons (they spot for the
    mortars and the battery, 1.8e, and can assault) and MG sections. Mortar and tank steps count
    double there and their fire needs no climb."""
    t = udef(u).type
    return t.platoon or t.unit_type == "mg"


def _dark_left(state: SFState) -> int:
    """Night turns from this one on (the lights of the scenario's clock)."""
    return sum(1 for x in state.lights[max(0, state.turn - 1):] if x == "night")


def _dark_seen(state: SFState) -> bool:
    """The scenario has night turns at all (a day scenario never counts down to dawn)."""
    return "night" in state.lights


def _assault_fp(state: SFState, units: list[str]) -> float:
    """Fire-mode area values a group brings to an assault round (C8.2; assault._fp's reading)."""
    total = 0.0
    for u in units:
        s = state.units[u]
        if s.morale == "paralysed" or s.steps <= 0:
            continue
        total += udef(u).type.fire.area * (0.5 if s.morale == "suppressed" else 1.0)
    return total


def _enemy_setup_hexes(state: SFState, side: str) -> frozenset[str]:
    from app.games.semper_fi.scenario import area_cached
    b = bd(state)
    out: set[str] = set()
    for e in state.scen.get("setup", []) or []:
        if e.get("side") == other(side) and "area" in e:
            out |= area_cached(b, e["area"])
    return frozenset(out)


def make_ai(seed: int = 0, side: str = "", level: str = "normal") -> SemperFiAI:
    return SemperFiAI(seed=seed, side=side, level=level)
