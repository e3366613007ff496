"""The Chosin Few: the solitaire procedure, enforced.

Rule references are the paragraph names defined in ``resources/chosin-few/COVERAGE.md``
(``CF-Setup-B``, ``CF-EnemyMove-3``...); design decisions the rule book leaves open are cited as
``CF-D<n>`` and explained in ``resources/chosin-few/DECISIONS.md``.

The turn is a small state machine in ``state.phase``:

``draw``            the player draws (the End of Order card resolves, then the player draws again)
``enemy-movement``  cubes move automatically; the player orders the defence rolls and decides
                    on air support before and after each roll
``actions``         attack / move / recover / interdict, then ``end-actions``
``over``            victory or defeat

An attack roll in progress (enemy or player) lives in ``state.roll`` with a stage: ``pre``
(air support +1 or roll) and ``post`` (reroll or accept a missed roll).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Optional

from app.engine.game import Action, Context, Game, Illegal, Outcome
from app.engine.rng import Rng
from app.engine.state import GameState

from app.games.chosin_few.data import (
    CUBE_COLOURS,
    DEFAULT_FILES,
    UNITS,
    ChosinData,
    DataError,
    check_file,
    cube_colour,
    load_data,
)

PLAYER = "player"


@dataclass
class Pending:
    """A cube that moved into a unit's space and waits for its attack roll (CF-EnemyMove-6).
    The cube never leaves ``origin``: win or lose it is pushed back there."""

    cube: str
    origin: str
    target: str


@dataclass
class Roll:
    """An attack roll being made. ``kind`` is ``enemy`` (a cube attacks a unit: the unit rolls
    to hold) or ``player`` (a unit attacks a cube)."""

    kind: str
    unit: str
    cube: str
    space: str
    origin: str = ""
    need: int = 0
    plus: int = 0
    face: int = 0
    stage: str = "pre"
    rerolls: int = 0


@dataclass
class ChosinState(GameState):
    direct_digest = True   # every dict key is a string: digest written straight from the objects
    files: dict[str, str] = field(default_factory=dict)
    order_index: int = 0
    orders_done: list[str] = field(default_factory=list)
    reached: list[str] = field(default_factory=list)
    overdue: dict[str, int] = field(default_factory=dict)
    lod: dict[str, str] = field(default_factory=dict)
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    card: str = ""
    last_card: str = ""
    pass_draws: int = 0
    units: dict[str, str] = field(default_factory=dict)
    step: dict[str, int] = field(default_factory=dict)
    ceiling: dict[str, int] = field(default_factory=dict)
    cup: list[str] = field(default_factory=list)
    cubes: dict[str, str] = field(default_factory=dict)
    air_held: int = 0
    air_fresh: int = 0
    air_earned_turn: int = 0
    air_board: dict[str, int] = field(default_factory=dict)
    actions_left: int = 0
    actions_spent: int = 0
    em_queue: list[str] = field(default_factory=list)
    em_attacked: list[str] = field(default_factory=list)
    pending: list[Pending] = field(default_factory=list)
    roll: Optional[Roll] = None
    rebuild_pending: bool = False
    result: str = ""
    result_reason: str = ""
    result_rule: str = ""

    def copy(self) -> "ChosinState":
        """A fast, independent copy (every field is plain data); same result as the JSON round
        trip of the base class, which the tests check. It runs before every action, so the
        attributes are copied in one step and only the containers are copied again."""
        new = ChosinState.__new__(ChosinState)
        d = self.__dict__
        nd = new.__dict__
        nd.update(d)
        for k, v in d.items():
            t = type(v)
            if t is dict or t is list:
                nd[k] = v.copy()
            elif t is not str and t is not int and t is not bool and isinstance(v, (dict, list)):
                nd[k] = dict(v) if isinstance(v, dict) else list(v)
        nd["rng"] = self.rng.copy()
        nd["pending"] = [Pending(p.cube, p.origin, p.target) for p in self.pending]
        nd["roll"] = None if self.roll is None else Roll(**self.roll.__dict__)
        return new


def build_deck(cards: list[str], eoo: str, shuffle) -> list[str]:
    """Shuffle the activity cards, then shuffle the End of Order card into the bottom five
    (CF-Setup-B): it ends up with at most five cards under it."""
    deck = list(cards)
    shuffle(deck)
    bottom = deck[-5:] + [eoo]
    shuffle(bottom)
    return deck[:-5] + bottom if len(deck) > 5 else bottom


#: :func:`cube_colour` cached: the rules ask it for every cube several times an action.
_colour_of = lru_cache(maxsize=4096)(cube_colour)


@lru_cache(maxsize=4096)
def cube_sort_key(cube: str) -> tuple[int, int]:
    """Cubes in colour order, then by number (cached: it sorts cubes many times an action)."""
    colour, _, n = cube.rpartition("-")
    return (CUBE_COLOURS.index(colour) if colour in CUBE_COLOURS else 99, int(n) if n.isdigit() else 0)


class ChosinFew(Game):
    id = "chosin-few"
    name = "The Chosin Few"
    sides = (PLAYER,)
    solitaire = True
    board_kind = "pointgraph"
    state_class = ChosinState

    # -- data --------------------------------------------------------------------------------
    _last_data: Optional[tuple[dict[str, str], ChosinData]] = None

    def data(self, state: ChosinState) -> ChosinData:
        """The static data of this state's scenario (cached: called very often).

        A state set up here carries the data it was built from (``_data``, not a field: never
        saved or digested, shared by its copies), so a designer's files of the same names as the
        shipped ones are never mixed with them when two matches run in one process."""
        own = state.__dict__.get("_data")
        if own is not None:
            return own
        files = state.files or DEFAULT_FILES
        last = self._last_data
        if last is not None and (last[0] is files or last[0] == files):
            return last[1]
        data = load_data(files)
        self._last_data = (dict(files), data)
        return data

    def validate_scenario(self, data: dict[str, Any]) -> list[tuple[str, str]]:
        files = data.get("data", {})
        if not isinstance(files, dict):
            return [("data", "expected a table naming the board, cards, tracks and components files")]
        bad = [(f"data.{k}", "unknown data file kind") for k in files if k not in DEFAULT_FILES]
        bad += [(f"data.{k}", "expected a file name") for k, v in files.items() if not isinstance(v, str)]
        if bad:
            return bad
        try:
            load_data(files)
        except DataError as e:
            return [(f if f.startswith("data.") else "data", m if f.startswith("data.") else f"{f}: {m}")
                    for f, m in e.problems]
        return []

    def validate_data(self, path, data):  # type: ignore[override]
        return check_file(data)

    # -- set-up (CF-Setup) -------------------------------------------------------------------
    def setup(self, scenario: dict[str, Any], options: dict[str, Any], seed: int) -> ChosinState:
        files = dict(DEFAULT_FILES)
        files.update(scenario.get("data", {}) or {})
        data = load_data(files)
        st = ChosinState(game=self.id, scenario=str(scenario.get("id", "standard")), turn=1,
                         phase="draw", active=PLAYER, rng=Rng.from_seed(seed))
        st.files = files
        st.__dict__["_data"] = data                 # the data this match was set up from (see data())
        # CF-Setup-A: the order cards are stacked in their fixed order; the top one is in force.
        st.order_index = 0
        st.overdue = {o.id: 0 for o in data.orders}
        # CF-Setup-B: shuffle the activity deck, the End of Order card into the bottom five.
        st.deck = build_deck(sorted(data.activity), data.eoo_id, st.rng.shuffle)
        # CF-Setup-C / CF-Setup-D: both units at the start space on their starting strength.
        for u in UNITS:
            st.units[u] = data.unit_start[u]
            st.step[u] = data.tracks[u].start_index
            st.ceiling[u] = data.tracks[u].start_index
        # CF-Setup-E: Line of Departure markers where the top order card puts them.
        st.lod = dict(data.orders[0].lod)
        # CF-Setup-F / CF-Setup-G: every cube in the cup; no air support token held.
        st.cup = data.cube_ids()
        st.air_held = 0
        # a moment of play stated by the scenario (app/games/chosin_few/position.py)
        from app.engine.position import settings
        from app.games.chosin_few.position import apply_tables
        apply_tables(st, scenario, settings(scenario).unlisted)
        return st

    # -- positions (app.engine.position; docs/scenarios.md) ----------------------------------
    dice_faces = (1, 2, 3, 4, 5, 6)

    def position_tables(self, state: GameState, scenario: dict[str, Any]) -> dict[str, Any]:
        from app.games.chosin_few.position import position_tables
        return position_tables(state, scenario)

    def position_problems(self, data: dict[str, Any]) -> list[tuple[str, str]]:
        from app.games.chosin_few.position import position_problems
        return position_problems(self, data)

    def position_schema(self) -> dict[str, Any]:
        from app.games.chosin_few.position import position_schema
        return position_schema()

    def show_overlays(self, state: GameState, side: str | None) -> list[dict[str, Any]]:
        """For ``ridgeline show``: the spaces each unit could move to in the Actions phase."""
        assert isinstance(state, ChosinState)
        return [{"kind": "spaces", "id": f"reach-{u}", "role": "reach", "unit": u,
                 "spaces": self.move_targets(state, u), "label": f"{u}: spaces a move could reach"}
                for u in UNITS if u in state.units and state.step.get(u, 0) < len(self.data(state).tracks[u].values)]

    # -- helpers ------------------------------------------------------------------------------
    def need(self, state: ChosinState, unit: str) -> int:
        """The number ``unit`` must roll or beat (CF-EnemyMove-7, CF-Actions-3)."""
        vals = self.data(state).tracks[unit].values
        return vals[min(state.step[unit], len(vals) - 1)]

    def alive(self, state: ChosinState) -> list[str]:
        tracks = self.data(state).tracks
        step = state.step
        return [u for u in UNITS if step.get(u, 0) < len(tracks[u].values)]

    def order(self, state: ChosinState):
        orders = self.data(state).orders
        return orders[min(state.order_index, len(orders) - 1)]

    def breakout_given(self, state: ChosinState) -> bool:
        orders = self.data(state).orders
        return any(o.breakout for o in orders[: state.order_index + 1])

    def cubes_at(self, state: ChosinState, space: str) -> list[str]:
        return sorted((c for c, s in state.cubes.items() if s == space), key=cube_sort_key)

    def occupied(self, state: ChosinState) -> dict[str, list[str]]:
        """Space -> units in it."""
        out: dict[str, list[str]] = {}
        for u in self.alive(state):
            out.setdefault(state.units[u], []).append(u)
        return out

    def defender(self, state: ChosinState, space: str) -> str:
        """The unit that rolls when a cube attacks ``space``: the stronger one, i.e. the lower
        success number (CF-EnemyMove-8); on a tie the Marines (CF-D4)."""
        here = [u for u in self.alive(state) if state.units[u] == space]
        return min(here, key=lambda u: (self.need(state, u), UNITS.index(u)))

    def can_interdict(self, state: ChosinState) -> bool:
        return state.air_held - state.air_fresh > 0

    def air_supply(self, state: ChosinState) -> int:
        """Tokens neither held nor on the board (CF-D6)."""
        return self.data(state).air_tokens - state.air_held - sum(state.air_board.values())

    def cube_destination(self, state: ChosinState, space: str) -> tuple[Optional[str], str, str]:
        """Where a cube in ``space`` goes when its colour moves: (destination or None, why, rule).

        The arrows whose colour matches a space occupied by the Marine or Army unit are viable
        (CF-EnemyMove-3); if none matches, the white arrows are (a lone coloured arrow that does
        not match holds the cube, CF-D3);
        among several viable arrows the one toward the Marines is taken (CF-EnemyMove-4). An air
        support token on the start or the end of the chosen arrow holds the cube where it is, with
        no fallback to another arrow (CF-EnemyMove-5)."""
        data = self.data(state)
        arrows = data.arrows_out.get(space, ())
        if not arrows:
            return None, "no arrow leads on", "CF-EnemyMove-1"
        alive = self.alive(state)
        colours = {u: data.colour[state.units[u]] for u in alive}
        matching = [a for a in arrows if a[1] != "white" and a[1] in colours.values()]
        if matching:
            viable, rule = matching, "CF-EnemyMove-3"
        else:
            viable = [a for a in arrows if a[1] == "white"]
            rule = "CF-EnemyMove-3" if len(arrows) > 1 else "CF-EnemyMove-1"
            if not viable:  # CF-D3: a coloured arrow is only taken when it matches
                return None, "no arrow matches a unit's space and none is white", "CF-D3"
        if len(viable) > 1:
            rule = "CF-EnemyMove-4"
            if "marine" in colours:
                toward = [a for a in viable if a[1] == colours["marine"]]
                if toward:
                    viable = toward
                mspace = state.units["marine"]
                viable = sorted(viable, key=lambda a: data.distance[a[0]].get(mspace, 999))
        dest = viable[0][0]
        if state.air_board.get(space, 0) > 0 or state.air_board.get(dest, 0) > 0:
            return None, f"interdicted on the way to {dest}", "CF-EnemyMove-5"
        return dest, f"along the {viable[0][1]} arrow", rule

    # -- legality ------------------------------------------------------------------------------
    def legal_actions(self, state: GameState, side: str | None = None) -> list[Action]:
        assert isinstance(state, ChosinState)
        if state.result or state.finished:
            return []
        if side is not None and side != PLAYER:
            return []
        if state.roll is not None:
            return self._roll_actions(state)
        if state.phase == "draw":
            return [{"type": "draw"}]
        if state.phase == "enemy-movement":
            return [{"type": "order-defence", "cube": p.cube} for p in state.pending]
        if state.phase == "actions":
            return self._action_phase_actions(state)
        return []

    def _roll_actions(self, state: ChosinState) -> list[Action]:
        r = state.roll
        assert r is not None
        if r.stage == "pre":
            out = [{"type": "roll"}]
            if state.air_held > 0 and r.plus == 0:
                out.insert(0, {"type": "air-plus-one"})
            return out
        out = [{"type": "accept-roll"}]
        if state.air_held > 0:
            out.insert(0, {"type": "reroll"})
        return out

    def check(self, state: GameState, action: Action) -> Illegal | None:
        """The base class's test, membership in :meth:`legal_actions`; in the actions phase
        only the legal actions of the action's own type are built (every apply and every
        replayed action is checked, and building them all was a tenth of a replay)."""
        assert isinstance(state, ChosinState)
        if state.phase == "actions" and state.roll is None and not (state.result or state.finished):
            kind = action.get("type")
            if any(legal == action for legal in self._action_phase_actions(state, kind)):
                return None
            return self.explain(state, action)
        return super().check(state, action)

    def _action_phase_actions(self, state: ChosinState, kind: Any = None) -> list[Action]:
        """The legal actions of the actions phase; with ``kind``, only those of that type."""
        data = self.data(state)
        out: list[Action] = []
        left = state.actions_left
        alive = self.alive(state)
        if left >= 1 and kind in (None, "attack"):  # CF-Actions-2
            # cubes_at of every space at once: one sort, split by space (the order is kept)
            by_space: dict[str, list[str]] = {}
            for c in sorted(state.cubes, key=cube_sort_key):
                by_space.setdefault(state.cubes[c], []).append(c)
            for u in alive:
                here = state.units[u]
                for sp in sorted(data.adjacent[here]):
                    seen = set()
                    for c in by_space.get(sp, ()):
                        col = _colour_of(c)
                        if col not in seen:
                            seen.add(col)
                            out.append({"type": "attack", "unit": u, "target_space": sp, "cube": c})
        if left >= 2 and kind in (None, "move"):  # CF-Actions-4
            for u in alive:
                for to in self.move_targets(state, u):
                    out.append({"type": "move", "unit": u, "to": to})
        if left >= 3 and kind in (None, "recover"):  # CF-Actions-6
            for u in alive:
                if state.step[u] > state.ceiling[u]:
                    out.append({"type": "recover", "unit": u})
        if kind in (None, "interdict") and self.can_interdict(state):  # CF-Air-2
            for s in data.graph:
                out.append({"type": "interdict", "space": s.id})
        if kind in (None, "end-actions"):
            out.append({"type": "end-actions"})
        return out

    def move_targets(self, state: ChosinState, unit: str) -> list[str]:
        data = self.data(state)
        here = state.units[unit]
        if state.air_board.get(here, 0) > 0:
            return []
        occupied = set(state.cubes.values())
        breakout = self.breakout_given(state)
        return [to for to in data.linked[here]
                if to not in occupied and state.air_board.get(to, 0) == 0
                and (breakout or to not in data.breakout_spaces)]

    def explain(self, state: GameState, action: Action) -> Illegal:
        assert isinstance(state, ChosinState)
        t = action.get("type")
        data = self.data(state)
        if state.result:
            return Illegal("the game is over", "CF-Win" if state.result == "victory" else state.result_rule)
        if state.roll is not None:
            if t in ("air-plus-one",) and state.roll.stage == "pre":
                if state.air_held == 0:
                    return Illegal("you hold no air support token", "CF-Air-5")
                return Illegal("only one +1 per attack roll", "CF-D7")
            if t == "reroll" and state.roll.stage == "post":
                return Illegal("you hold no air support token to reroll with", "CF-Air-4")
            if t == "reroll":
                return Illegal("a reroll comes after a missed roll", "CF-Air-4")
            return Illegal("an attack roll is being made: roll, add +1, reroll or accept it first", "CF-Air-4")
        if state.phase == "draw" and t != "draw":
            return Illegal("draw the next activity card first", "CF-Draw-1")
        if state.phase == "enemy-movement":
            if t == "order-defence":
                return Illegal(f"cube {action.get('cube')!r} is not waiting for its attack roll", "CF-EnemyMove-6")
            return Illegal("choose which attacking cube is rolled against next", "CF-EnemyMove-6")
        if state.phase != "actions":
            return Illegal("that is not possible in this phase", "CF-Seq")
        unit = action.get("unit")
        if t in ("attack", "move", "recover"):
            if unit not in UNITS:
                return Illegal(f"no unit {unit!r} (marine or army)", "CF-Setup-C")
            cost = {"attack": 1, "move": 2, "recover": 3}[t]
            rule = {"attack": "CF-Actions-2", "move": "CF-Actions-4", "recover": "CF-Actions-6"}[t]
            if state.actions_left < cost:
                return Illegal(f"{t} costs {cost} action(s); {state.actions_left} left", rule)
        if t == "attack":
            sp = action.get("target_space")
            if sp not in data.adjacent:
                return Illegal(f"no space {sp!r}", "CF-Actions-2")
            if sp not in data.adjacent[state.units[unit]]:
                return Illegal(f"{sp} is not joined to {state.units[unit]} by an arrow or a dashed line",
                               "CF-Actions-2")
            cube = action.get("cube")
            if state.cubes.get(cube) != sp:
                return Illegal(f"no cube {cube!r} in {sp}", "CF-Actions-2")
            return Illegal("name the first cube of that colour in the space", "CF-Actions-2")
        if t == "move":
            to = action.get("to")
            here = state.units[unit]
            if to not in data.adjacent:
                return Illegal(f"no space {to!r}", "CF-Actions-4")
            if to not in data.linked[here]:
                return Illegal(f"{to} is not joined to {here} by a dashed line", "CF-Actions-4")
            if any(s == to for s in state.cubes.values()):
                return Illegal(f"{to} holds enemy cubes", "CF-Actions-4")
            if to in data.breakout_spaces and not self.breakout_given(state):
                return Illegal(f"{to} is closed until the Breakout! order", "CF-Actions-5")
            if state.air_board.get(here, 0) or state.air_board.get(to, 0):
                return Illegal("an interdiction token stops movement into or out of that space", "CF-Air-2")
        if t == "recover":
            return Illegal(f"the {unit} unit has no lost step it can recover", "CF-Actions-6")
        if t == "interdict":
            if action.get("space") not in data.adjacent:
                return Illegal(f"no space {action.get('space')!r}", "CF-Air-2")
            if state.air_held == 0:
                return Illegal("you hold no air support token", "CF-Air-2")
            return Illegal("tokens earned this turn cannot be placed yet", "CF-Air-3")
        return Illegal(f"{t!r} is not an action here", "CF-Seq")

    # -- applying ------------------------------------------------------------------------------
    def apply(self, state: GameState, action: Action, ctx: Context) -> None:
        assert isinstance(state, ChosinState)
        t = action["type"]
        if t == "draw":
            self._draw(state, ctx)
        elif t == "order-defence":
            self._begin_enemy_roll(state, ctx, action["cube"])
        elif t == "air-plus-one":
            self._spend_token(state)
            assert state.roll is not None
            state.roll.plus = 1
            ctx.log(f"Air support: +1 to the coming attack roll ({state.air_held} token(s) left)", "CF-Air-5")
            self._do_roll(state, ctx)
        elif t == "roll":
            self._do_roll(state, ctx)
        elif t == "reroll":
            self._spend_token(state)
            assert state.roll is not None
            state.roll.rerolls += 1
            ctx.log(f"Air support: reroll ({state.air_held} token(s) left)", "CF-Air-4")
            self._do_roll(state, ctx)
        elif t == "accept-roll":
            self._finish_roll(state, ctx)
        elif t == "attack":
            self._spend_actions(state, 1)
            unit, sp, cube = action["unit"], action["target_space"], action["cube"]
            state.roll = Roll(kind="player", unit=unit, cube=cube, space=sp, need=self.need(state, unit))
            ctx.log(f"{self._uname(state, unit)} attack {cube} in {self.data(state).space_name(sp)} "
                    f"(needs {state.roll.need}+)", "CF-Actions-2")
            self._pre_roll(state, ctx)
        elif t == "move":
            self._spend_actions(state, 2)
            frm = state.units[action["unit"]]
            state.units[action["unit"]] = action["to"]
            d = self.data(state)
            ctx.log(f"{self._uname(state, action['unit'])} move from {d.space_name(frm)} to "
                    f"{d.space_name(action['to'])}", "CF-Actions-4")
        elif t == "recover":
            self._spend_actions(state, 3)
            u = action["unit"]
            state.step[u] -= 1
            ctx.log(f"{self._uname(state, u)} recover one step: now {self.need(state, u)}+", "CF-Actions-6")
        elif t == "interdict":
            state.air_held -= 1
            sp = action["space"]
            state.air_board[sp] = state.air_board.get(sp, 0) + 1
            ctx.log(f"Interdiction: air support token placed on {self.data(state).space_name(sp)}", "CF-Air-2")
        elif t == "end-actions":
            self._end_actions(state, ctx)
        else:  # pragma: no cover - check() refuses it first
            raise ValueError(f"unknown action {t!r}")
        self._check_orders(state, ctx)
        self._advance(state, ctx)

    def _uname(self, state: ChosinState, unit: str) -> str:
        return self.data(state).unit_names.get(unit, unit)

    def _spend_actions(self, state: ChosinState, n: int) -> None:
        state.actions_left -= n
        state.actions_spent += n

    def _spend_token(self, state: ChosinState) -> None:
        state.air_held -= 1
        state.air_fresh = max(0, min(state.air_fresh - 1, state.air_held))

    # draw -------------------------------------------------------------------------------------
    def _draw(self, state: ChosinState, ctx: Context) -> None:
        data = self.data(state)
        state.air_fresh = 0
        if not state.deck:  # cannot happen with the End of Order card in the deck; be safe
            self._rebuild_deck(state, ctx)
        card = ctx.draw(state.deck, "Activity deck", "CF-Draw-1")
        state.pass_draws += 1
        state.last_card = card
        if card == data.eoo_id:
            self._end_of_order(state, ctx)
            return
        state.card = card
        ac = data.activity[card]
        ctx.log(f"Card {card}: new activity at Line of Departure {', '.join(map(str, ac.lod))}; "
                f"{' and '.join(ac.colours)} cubes move; {ac.actions} action(s)", "CF-Draw-1")
        self._new_activity(state, ctx, ac.lod)
        state.phase = "enemy-movement"
        state.em_queue = list(ac.colours)
        state.em_attacked = []
        state.pending = []

    def _new_activity(self, state: ChosinState, ctx: Context, lods: tuple[int, ...]) -> None:
        data = self.data(state)
        for n in lods:
            if not state.cup:
                ctx.log("The draw cup is empty: no more cubes are placed", "CF-NewAct-2")
                return
            sp = state.lod.get(str(n))
            if sp is None:
                ctx.log(f"Line of Departure {n} has no marker on this order: no cube", "CF-NewAct-1")
                continue
            cube = ctx.pick(state.cup, f"Draw cup (Line of Departure {n})", "CF-NewAct-1")
            state.cubes[cube] = sp
            ctx.log(f"{cube} placed on {data.space_name(sp)} (LoD {n})", "CF-NewAct-1")

    def _end_of_order(self, state: ChosinState, ctx: Context) -> None:
        data = self.data(state)
        order = self.order(state)
        ctx.reveal(f"End of Order card: the deadline of {order.name} has come", "CF-Draw-2")
        last = state.order_index >= len(data.orders) - 1
        for eff in data.end_of_order.get("effects", []):
            op = eff.get("op")
            if op == "last-order-fails" and last:
                self._lose(state, ctx, f"the {order.name} objective was not achieved in time", "CF-Lose-1")
                return
            if op == "overdue" and not last:
                state.overdue[order.id] = state.overdue.get(order.id, 0) + 1
                steps, scar = int(eff.get("steps", 1)), int(eff.get("scar", 0))
                for u in self.alive(state):
                    state.ceiling[u] += scar
                    state.step[u] = max(state.step[u] + steps, state.ceiling[u])
                    ctx.log(f"{order.name} is overdue: {self._uname(state, u)} lose {steps} step(s)"
                            f"{' and their best step for good' if scar else ''}", "CF-Order-2")
                self._check_destroyed(state, ctx)
                if state.result:
                    return
            if op == "rebuild-deck":
                self._rebuild_deck(state, ctx)
        ctx.log("Draw again", "CF-Draw-2")

    def _rebuild_deck(self, state: ChosinState, ctx: Context) -> None:
        data = self.data(state)
        cards = [c for c in state.deck + state.discard if c != data.eoo_id]
        state.deck = build_deck(cards, data.eoo_id, lambda xs: ctx.shuffle(xs, "Activity deck", "CF-Setup-B"))
        state.discard = []
        state.pass_draws = 0
        state.rebuild_pending = False
        ctx.log(f"Activity deck rebuilt: {len(state.deck)} cards, the End of Order card among the bottom five",
                "CF-Setup-B")

    # enemy movement ---------------------------------------------------------------------------
    def _em_round(self, state: ChosinState, ctx: Context, colour: str) -> None:
        data = self.data(state)
        movers = sorted((c for c, s in state.cubes.items()
                         if _colour_of(c) == colour and c not in state.em_attacked), key=cube_sort_key)
        if not movers:
            ctx.log(f"Enemy movement: no {colour} cube can move", "CF-EnemyMove-1")
            return
        occ = self.occupied(state)
        plans = [(c, state.cubes[c], *self.cube_destination(state, state.cubes[c])) for c in movers]
        for cube, frm, dest, why, rule in plans:
            if dest is None:
                ctx.log(f"{cube} stays in {data.space_name(frm)}: {why}", rule)
            elif dest in occ:
                state.pending.append(Pending(cube, frm, dest))
                ctx.log(f"{cube} attacks from {data.space_name(frm)} into {data.space_name(dest)} ({why})", rule)
            else:
                state.cubes[cube] = dest
                ctx.log(f"{cube} moves {data.space_name(frm)} -> {data.space_name(dest)} ({why})", rule)

    def _begin_enemy_roll(self, state: ChosinState, ctx: Context, cube: str) -> None:
        p = next(p for p in state.pending if p.cube == cube)
        unit = self.defender(state, p.target)
        state.roll = Roll(kind="enemy", unit=unit, cube=cube, space=p.target, origin=p.origin,
                          need=self.need(state, unit))
        both = len([u for u in self.alive(state) if state.units[u] == p.target]) > 1
        ctx.log(f"{self._uname(state, unit)} roll against {cube} (need {state.roll.need}+)"
                + (": the stronger unit defends" if both else ""),
                "CF-EnemyMove-8" if both else "CF-EnemyMove-6")
        self._pre_roll(state, ctx)

    def _pre_roll(self, state: ChosinState, ctx: Context) -> None:
        """With a token held the player may add +1 first (CF-Air-5); else roll at once."""
        assert state.roll is not None
        state.roll.stage = "pre"
        if state.air_held == 0:
            self._do_roll(state, ctx)

    def _do_roll(self, state: ChosinState, ctx: Context) -> None:
        r = state.roll
        assert r is not None
        rule = "CF-EnemyMove-7" if r.kind == "enemy" else "CF-Actions-3"
        r.face = ctx.d6(f"{self._uname(state, r.unit)} attack roll (needs {r.need}+"
                        f"{', +1 air support' if r.plus else ''})", rule)
        if r.face + r.plus >= r.need or state.air_held == 0:
            self._finish_roll(state, ctx)
        else:
            r.stage = "post"

    def _finish_roll(self, state: ChosinState, ctx: Context) -> None:
        r = state.roll
        assert r is not None
        data = self.data(state)
        ok = r.face + r.plus >= r.need
        state.roll = None
        if r.kind == "enemy":
            state.pending = [p for p in state.pending if p.cube != r.cube]
            state.em_attacked.append(r.cube)
            if ok:
                ctx.log(f"Held: {r.cube} is pushed back to {data.space_name(r.origin)}", "CF-EnemyMove-7")
            else:
                state.step[r.unit] += 1
                lost = state.step[r.unit] >= len(data.tracks[r.unit].values)
                ctx.log(f"Missed: {self._uname(state, r.unit)} lose a step"
                        + (" and are destroyed" if lost else f" (now {self.need(state, r.unit)}+)")
                        + f"; {r.cube} goes back to {data.space_name(r.origin)}", "CF-EnemyMove-7")
                self._check_destroyed(state, ctx)
        else:
            if ok:
                state.cubes.pop(r.cube, None)
                state.cup.append(r.cube)
                state.cup.sort(key=cube_sort_key)
                ctx.log(f"Hit: {r.cube} goes back into the draw cup", "CF-Actions-3")
            else:
                ctx.log(f"Miss: {r.cube} stays in {data.space_name(r.space)}", "CF-Actions-3")

    def _remove_interdiction(self, state: ChosinState, ctx: Context) -> None:
        if not state.air_board:
            return
        data = self.data(state)
        for sp in sorted(state.air_board):
            state.air_board[sp] -= 1
            ctx.log(f"One air support token leaves {data.space_name(sp)}", "CF-EnemyMove-9")
        state.air_board = {k: v for k, v in state.air_board.items() if v > 0}

    # actions ----------------------------------------------------------------------------------
    def _start_actions(self, state: ChosinState, ctx: Context) -> None:
        n = self.data(state).activity[state.card].actions if state.card else 0
        state.phase = "actions"
        state.actions_left = n
        state.actions_spent = 0
        state.em_queue = []
        state.em_attacked = []
        ctx.log(f"Player actions: {n}", "CF-Actions-1")

    def _end_actions(self, state: ChosinState, ctx: Context) -> None:
        data = self.data(state)
        unspent = state.actions_left
        room = min(data.air_max_held - state.air_held, self.air_supply(state))
        earned = max(0, min(unspent, room))
        state.air_held += earned
        state.air_fresh = earned
        if earned:
            state.air_earned_turn = state.turn
        ctx.log(f"Actions end with {unspent} unspent: {earned} air support token(s) gained, "
                f"{state.air_held} held", "CF-Air-1")
        if state.card:
            state.discard.append(state.card)
        state.card = ""
        state.actions_left = 0
        if state.rebuild_pending:
            self._rebuild_deck(state, ctx)
        state.turn += 1
        state.phase = "draw"

    # orders, victory, defeat ---------------------------------------------------------------------
    def objective_met(self, state: ChosinState, order=None) -> bool:
        """Every unit the order names has reached one of its spaces during this order (CF-D2),
        and the spaces to clear hold no cube."""
        order = order or self.order(state)
        for u in order.objective_units:
            if u not in state.reached:
                return False
        return all(s not in state.cubes.values() for s in order.objective_clear)

    def _mark_reached(self, state: ChosinState, ctx: Context) -> None:
        order = self.order(state)
        for u, spaces in order.objective_units.items():
            if u not in state.reached and u in self.alive(state) and state.units[u] in spaces:
                state.reached.append(u)
                ctx.log(f"{self._uname(state, u)} have reached their objective for {order.name}", "CF-D2")

    def _check_orders(self, state: ChosinState, ctx: Context) -> None:
        data = self.data(state)
        if state.result or state.order_index >= len(data.orders):
            return
        self._mark_reached(state, ctx)
        while not state.result and state.order_index < len(data.orders) and self.objective_met(state):
            order = data.orders[state.order_index]
            state.orders_done.append(order.id)
            ctx.log(f"Order complete: {order.name}", "CF-Order-1")
            state.order_index += 1
            state.reached = []
            if state.order_index >= len(data.orders):
                state.order_index = len(data.orders) - 1
                state.result = "victory"
                state.result_reason = "all order objectives achieved"
                state.result_rule = "CF-Win"
                state.phase = "over"
                state.roll = None
                ctx.log("Victory: every order has been carried out", "CF-Win")
                return
            nxt = data.orders[state.order_index]
            state.lod = dict(nxt.lod)
            state.rebuild_pending = True
            self._mark_reached(state, ctx)
            ctx.reveal(f"New order: {nxt.name}. {nxt.objective_text} Line of Departure markers move.",
                       "CF-Order-1")

    def _check_destroyed(self, state: ChosinState, ctx: Context) -> None:
        data = self.data(state)
        for u in UNITS:
            if state.step[u] >= len(data.tracks[u].values):
                self._lose(state, ctx, f"the {self._uname(state, u)} unit was destroyed", "CF-Lose-2")
                return

    def _lose(self, state: ChosinState, ctx: Context, reason: str, rule: str) -> None:
        state.result = "defeat"
        state.result_reason = reason
        state.result_rule = rule
        state.phase = "over"
        state.roll = None
        state.pending = []
        ctx.log(f"Defeat: {reason}", rule)

    def _advance(self, state: ChosinState, ctx: Context) -> None:
        """Run the automatic steps until the player has a choice to make."""
        for _ in range(1000):
            if state.result or state.roll is not None:
                return
            if state.phase == "enemy-movement":
                if state.pending:
                    if len(state.pending) > 1:
                        return  # CF-EnemyMove-6: the player orders the rolls
                    self._begin_enemy_roll(state, ctx, state.pending[0].cube)
                    continue
                if state.em_queue:
                    colour = state.em_queue.pop(0)
                    self._em_round(state, ctx, colour)
                    continue
                self._remove_interdiction(state, ctx)
                self._start_actions(state, ctx)
                continue
            if state.phase == "actions" and state.actions_left == 0 and not self.can_interdict(state):
                self._end_actions(state, ctx)
                continue
            return

    # -- results and views ------------------------------------------------------------------------
    def outcome(self, state: GameState) -> Outcome | None:
        assert isinstance(state, ChosinState)
        if state.result == "victory":
            return Outcome(PLAYER, "victory", state.result_reason, state.result_rule)
        if state.result == "defeat":
            return Outcome(None, "defeat", state.result_reason, state.result_rule)
        return None

    def view(self, state: GameState, side: str | None) -> dict[str, Any]:
        data = state.to_json()
        if side is not None:  # the deck order and the generator state are secret
            data["deck"] = ["?"] * len(data["deck"])
            data["rng"] = {"hidden": True}
        return data

    def prompt(self, state: GameState) -> str:
        assert isinstance(state, ChosinState)
        if state.result:
            return ("Victory: " if state.result == "victory" else "Defeat: ") + state.result_reason + "."
        if state.roll is not None:
            r = state.roll
            who = self._uname(state, r.unit)
            if r.stage == "pre":
                return f"{who} must roll {r.need}+ against {r.cube}: spend air support for +1, or roll."
            return f"{who} rolled {r.face}{' +1' if r.plus else ''}, needing {r.need}: reroll with air support, or accept."
        if state.phase == "draw":
            if state.last_card == self.data(state).eoo_id:
                return "The End of Order card has been carried out: draw again."
            return "Draw the next activity card."
        if state.phase == "enemy-movement":
            return "Several cubes attack: choose which one you roll against first."
        if state.phase == "actions":
            return (f"{state.actions_left} action(s) left: attack (1), move (2), recover (3), "
                    "place air support, or end the actions phase.")
        return ""
