"""Korea: The Fight Across the 38th: the Game object (legality, apply, prompts, presentation)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.engine.game import Action, Context, Game, Illegal, Outcome
from app.engine.state import GameState

from app.games.korea38 import combat, movement, naval, reinforcements, sequence
from app.games.korea38.data import ALLIED, COMMUNIST, DataError, get_data, validate_file
from app.games.korea38.isolation import isolated_units
from app.games.korea38.retreat import OFF
from app.games.korea38.state import AIR, ELIM, FEC, K38State, OFFMAP, PHASES, POOL, REMOVED, SEA
from app.games.korea38.steps import eliminate, lose_step
from app.games.korea38.supply import communication_hexes, enter_hex, pass_through
from app.games.korea38.victory import control_map, determine, marginal_counts
from app.games.korea38.zoc import Board, data_of

ACTION_TYPES = ("move", "naval", "amphibious", "reinforce", "replace", "eliminate", "end-phase",
                "declare-add", "declare-done", "resolve", "air", "mig", "no-mig", "loss", "retreat",
                "sea-retreat", "advance", "no-advance", "spread", "propose-armistice",
                "accept-armistice", "reject-armistice")


class Korea38(Game):
    id = "korea38"
    name = "Korea: The Fight Across the 38th"
    sides = (COMMUNIST, ALLIED)
    solitaire = False
    state_class = K38State
    board_kind = "hex"

    # -- set-up ---------------------------------------------------------------------------------
    def validate_scenario(self, data: dict[str, Any]) -> list[tuple[str, str]]:
        from app.games.korea38.scenario import validate_scenario
        return validate_scenario(data)

    def setup(self, scenario: dict[str, Any], options: dict[str, Any], seed: int) -> K38State:
        return sequence.setup_state(scenario, options, seed)

    # -- positions (app.engine.position; docs/scenarios.md) -------------------------------------
    dice_faces = (1, 2, 3, 4, 5, 6)

    def position_tables(self, state: GameState, scenario: dict[str, Any]) -> dict[str, Any]:
        from app.games.korea38.position import position_tables
        assert isinstance(state, K38State)
        return position_tables(state, scenario)

    def position_problems(self, data: dict[str, Any]) -> list[tuple[str, str]]:
        from app.games.korea38.position import position_problems
        return position_problems(self, data)

    def position_schema(self) -> dict[str, Any]:
        from app.games.korea38.position import position_schema
        return position_schema()

    def validate_data(self, path: Path, data: Any) -> list[tuple[str, str]] | None:
        return validate_file(Path(path), data)

    # -- legality -------------------------------------------------------------------------------
    def legal_actions(self, state: GameState, side: str | None = None) -> list[Action]:
        assert isinstance(state, K38State)
        if state.result is not None or state.finished:
            return []
        if side is not None and side != state.active:
            return []
        board = Board(state)
        if state.pending:
            return self._pending_actions(state, board)
        out: list[Action] = []
        kind = sequence.phase_kind(state.phase)
        me = state.active
        if kind == "reinforcement":
            out += reinforcements.reinforce_options(state, board)
            out += reinforcements.replace_options(state, board)
        elif kind in ("precombat", "movement"):
            for uid, _h in board.units_of(me):
                for to in movement.move_targets(state, board, uid):
                    out.append({"type": "move", "unit": uid, "to": to})
            if kind == "precombat" and me == ALLIED:
                out += naval.naval_options(state, board)
                out += naval.amphibious_options(state, board)
        elif kind == "combat":
            if state.combat_step == "declare":
                out += combat.declare_options(state, board)
                out.append({"type": "declare-done"})
            else:
                for i, b in enumerate(state.battles):
                    if not b.resolved:
                        out.append({"type": "resolve", "battle": i})
        if kind in ("precombat", "combat", "movement"):
            for h, units in sequence.overstacked(state, board, me).items():
                for uid in units:
                    out.append({"type": "eliminate", "unit": uid})
        if sequence.end_phase_problem(state, board) is None and not (kind == "combat" and state.combat_step == "declare"):
            out.append({"type": "end-phase"})
        if (state.armistice_allowed and kind == "reinforcement" and state.phase != "housekeeping"
                and f"{state.turn}:{me}" not in state.armistice_offered):
            out.append({"type": "propose-armistice"})
        return out

    def _pending_actions(self, state: K38State, board: Board) -> list[Action]:
        p = state.pending[0]
        d = board.data
        b = state.battles[p.battle] if 0 <= p.battle < len(state.battles) else None
        if p.kind == "air" and b is not None:
            return [{"type": "air", "units": c} for c in combat.air_choices(state, d, b, p.side)]
        if p.kind == "mig" and b is not None:
            return [{"type": "mig", "cancel": a} for a in b.air] + [{"type": "no-mig"}]
        if p.kind == "loss":
            return [{"type": "loss", "unit": u} for u in p.units if combat.alive(state, d, u) or state.units[u].at == FEC]
        if p.kind == "retreat":
            return [{"type": "retreat", "path": path} for path in combat.retreat_options(state, p.units[0])]
        if p.kind == "sea-retreat":
            return [{"type": "sea-retreat", "to": x} for x in p.units]
        if p.kind == "advance" and b is not None:
            return ([{"type": "advance", "unit": u, "to": b.hex} for u in combat.advance_candidates(state, b)]
                    + [{"type": "no-advance"}])
        if p.kind == "spread" and b is not None:
            return [{"type": "spread", "unit": p.units[0], "to": h} for h in combat.spread_options(state, b, p.units[0])]
        if p.kind == "armistice":
            return [{"type": "accept-armistice"}, {"type": "reject-armistice"}]
        return []

    def check(self, state: GameState, action: Action) -> Illegal | None:
        # the order in which air units are named does not matter
        if action.get("type") == "air" and isinstance(action.get("units"), list):
            action = {**action, "units": sorted(action["units"])}
        return super().check(state, action)

    def explain(self, state: GameState, action: Action) -> Illegal:
        assert isinstance(state, K38State)
        from app.games.korea38.explain import explain
        return explain(self, state, action)

    # -- apply ----------------------------------------------------------------------------------
    def apply(self, state: GameState, action: Action, ctx: Context) -> None:
        assert isinstance(state, K38State)
        d = data_of(state)
        t = action["type"]
        if state.moving and not (t == "move" and action.get("unit") == state.moving):
            movement.finish(state)     # anything else ends a unit's move in segments (8.0)
        if state.pending:
            self._apply_pending(state, action, ctx)
            sequence.settle(state, ctx)
            return
        if t == "move":
            self._move(state, action["unit"], action["to"], ctx)
        elif t == "naval":
            naval.naval(state, action["unit"], action["to"], ctx)
        elif t == "amphibious":
            naval.amphibious(state, action, ctx)
        elif t == "reinforce":
            reinforcements.place(state, action["unit"], action["at"], ctx)
        elif t == "replace":
            reinforcements.replace(state, action["unit"], action["at"], ctx)
        elif t == "eliminate":
            eliminate(state, d, action["unit"], ctx, "8.2.2", "over-stacked: removed by its owner")
        elif t == "declare-add":
            combat.declare(state, Board(state, d), action, ctx)
        elif t == "declare-done":
            state.combat_step = "resolve"
            n = len(state.battles)
            ctx.log(f"{n} battle(s) declared; they are now fought one at a time", "9.0", kind="declare")
        elif t == "resolve":
            combat.start(state, int(action["battle"]), ctx)
        elif t == "end-phase":
            sequence.end_phase(state, ctx)
        elif t == "propose-armistice":
            me = state.active
            state.armistice_offered.append(f"{state.turn}:{me}")
            other = ALLIED if me == COMMUNIST else COMMUNIST
            from app.games.korea38.state import Pending
            state.pending.append(Pending("armistice", other, note=me))
            ctx.log(f"The {me} player proposes an armistice", "5.4", kind="armistice")
        sequence.settle(state, ctx)

    def _move(self, state: K38State, uid: str, to: str, ctx: Context) -> None:
        d = data_of(state)
        board = Board(state, d)
        u = d.units[uid]
        cost, path = movement.reach(state, board, uid)[to]
        again = movement.continuing(state, uid)
        left = movement.allowance_left(state, d, uid) - cost
        trail = (list(state.move_trail) if again and state.move_trail else [path[0]]) + list(path[1:])
        pass_through(state, d, u.side, path, ctx, "8.0", uid=uid)
        enter_hex(state, d, uid, to, None)
        state.moved.add(uid)
        stopped = to in board.ezoc(u.side)
        ez = " and stops in an enemy zone of control" if stopped else ""
        rule = "7.4" if u.zoc_own_hex_only else ("8.1" if state.phase.endswith("precombat") else "8.0")
        used = float(u.move) - max(left, 0.0)
        ctx.log(f"{u.name} moves {' -> '.join(path)} ({_fmt(used)} of {u.move}"
                + (f", {_fmt(cost)} this leg" if again else "") + f"){ez}",
                rule, kind="move", unit=uid, path=list(path), cost=cost)
        movement.finish(state)
        if not stopped and not u.zoc_own_hex_only and left > 1e-9:
            state.moving, state.move_left, state.move_trail = uid, left, trail
            if not movement.reach(state, Board(state, d), uid):
                movement.finish(state)     # nothing left it can afford: the move is over

    def _apply_pending(self, state: K38State, action: Action, ctx: Context) -> None:
        d = data_of(state)
        p = state.pending.pop(0)
        b = state.battles[p.battle] if 0 <= p.battle < len(state.battles) else None
        t = action["type"]
        if t == "air":
            combat.place_air(state, b, p.side, sorted(action["units"]), ctx)
        elif t == "mig":
            combat.use_mig(state, b, action["cancel"], ctx)
        elif t == "no-mig":
            combat.use_mig(state, b, None, ctx)
        elif t == "loss":
            uid = action["unit"]
            if p.note == "attacker":
                combat.apply_attacker_loss(state, b, uid, ctx)
            elif p.note == "wave":
                combat.apply_wave_loss(state, b, uid, ctx)
            elif p.note == "amphibious":
                b.attacker_losses_left -= 1
                lose_step(state, d, uid, ctx, "11.4", "failed amphibious assault")
            else:
                lose_step(state, d, uid, ctx, "12.2", "attrition")
        elif t == "retreat":
            path = [OFF if h == OFF else h for h in action["path"]]
            combat.do_retreat(state, p.units[0], path, ctx)
        elif t == "sea-retreat":
            combat.sea_retreat(state, b.defender, action["to"], ctx)
        elif t == "advance":
            combat.do_advance(state, b, action["unit"], ctx)
        elif t == "no-advance":
            ctx.log("No advance after combat", "9.0", kind="advance")
        elif t == "spread":
            to = action["to"]
            uid = action["unit"]
            if to == FEC:
                state.units[uid].at = FEC
                ctx.log(f"{d.units[uid].name} has no room ashore and returns to the FEC box", "11.4",
                        kind="advance", unit=uid)
            else:
                enter_hex(state, d, uid, b.hex, ctx, "11.4")
                enter_hex(state, d, uid, to, ctx, "11.4")
                state.moved.add(uid)
                ctx.log(f"{d.units[uid].name} comes ashore and spreads out to {to}", "11.4",
                        kind="advance", unit=uid, to=to)
        elif t == "accept-armistice":
            res = determine(state)
            res = dict(res)
            res["reason"] = "armistice agreed: " + res["reason"]
            res["rule"] = "5.4"
            state.result = res
            ctx.log(f"Armistice agreed: {res['winner']} {res['level']} victory", "5.4", kind="victory")
        elif t == "reject-armistice":
            ctx.log("The armistice proposal is rejected; the war goes on", "5.4", kind="armistice")

    # -- outcome / prompts ------------------------------------------------------------------------
    def outcome(self, state: GameState) -> Outcome | None:
        assert isinstance(state, K38State)
        r = state.result
        if r is None:
            return None
        return Outcome(r["winner"], r["level"], r["reason"], r.get("rule", ""))

    def prompt(self, state: GameState) -> str:
        assert isinstance(state, K38State)
        from app.games.korea38.presentation import prompt
        return prompt(state)

    # -- presentation -----------------------------------------------------------------------------
    def board_data(self, state: GameState) -> dict[str, Any]:
        return data_of(state).map_json  # type: ignore[arg-type]

    def pieces(self, state: GameState, side: str | None) -> list[dict[str, Any]]:
        from app.games.korea38.presentation import pieces
        return pieces(state, side)  # type: ignore[arg-type]

    def drop_targets(self, state: GameState, piece: str) -> dict[str, dict[str, Any]]:
        from app.games.korea38.presentation import drop_targets
        return drop_targets(self, state, piece)  # type: ignore[arg-type]

    def describe_action(self, state: GameState, action: Action) -> str:
        from app.games.korea38.presentation import describe_action
        return describe_action(state, action)  # type: ignore[arg-type]

    def panels(self, state: GameState, side: str | None) -> list[dict[str, Any]]:
        from app.games.korea38.presentation import panels
        return panels(state, side)  # type: ignore[arg-type]

    def overlays(self, state: GameState, side: str | None) -> list[dict[str, Any]]:
        from app.games.korea38.presentation import overlays
        return overlays(state, side)  # type: ignore[arg-type]

    def players(self) -> dict[str, Any]:
        """Automatic players offered by app/ai/korea38 (its ``PLAYERS`` table), if present."""
        try:
            from app.ai.korea38 import PLAYERS  # type: ignore[attr-defined]
        except Exception:
            return {}
        return dict(PLAYERS)

    def odds_breakdown(self, state: GameState, battle: int, air: list[str] | None = None) -> dict[str, Any]:
        return combat.odds_breakdown(state, battle, air)  # type: ignore[arg-type]

    # optional hooks the window uses when present (docs/ui.md); none of them decides legality
    def turn_label(self, state: GameState) -> str:
        from app.games.korea38.presentation import turn_label
        return turn_label(state)  # type: ignore[arg-type]

    def phase_label(self, state: GameState) -> str:
        from app.games.korea38.presentation import phase_label
        return phase_label(state)  # type: ignore[arg-type]

    def battles(self, state: GameState) -> list[dict[str, Any]]:
        from app.games.korea38.presentation import battles
        return battles(state)  # type: ignore[arg-type]

    def decision(self, state: GameState) -> dict[str, Any] | None:
        from app.games.korea38.presentation import decision
        return decision(state)  # type: ignore[arg-type]

    def victory_status(self, state: GameState) -> dict[str, Any]:
        from app.games.korea38.presentation import victory_status
        return victory_status(state)  # type: ignore[arg-type]


def _fmt(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


GAME = Korea38()
