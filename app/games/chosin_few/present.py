"""The Chosin Few: what the window draws (pieces, panels, drop targets, labels).

Nothing here decides legality: every target and button comes from ``legal_actions``.
"""

from __future__ import annotations

from typing import Any, Callable

from app.engine.game import Action
from app.games.chosin_few.data import CUBE_COLOURS, UNITS, cube_colour
from app.games.chosin_few.rules import ChosinFew, ChosinState, cube_sort_key

COSTS = {"attack": 1, "move": 2, "recover": 3, "interdict": 0}

#: What each simple action says, in the player's words (``n`` names a unit, ``space`` a space).
_LABELS: dict[str, Callable[[Callable[[Any], str], Callable[[str], str], Action], str]] = {
    "draw": lambda n, space, a: "Draw an activity card",
    "move": lambda n, space, a: f"{n(a.get('unit'))}: move to {space(str(a.get('to')))} (2 actions)",
    "recover": lambda n, space, a: f"{n(a.get('unit'))}: recover one step (3 actions)",
    "interdict": lambda n, space, a: f"Interdiction: air support on {space(str(a.get('space')))} (free)",
    "air-plus-one": lambda n, space, a: "Air support: +1 to this roll",
    "roll": lambda n, space, a: "Roll the die",
    "reroll": lambda n, space, a: "Air support: reroll",
    "accept-roll": lambda n, space, a: "Accept the roll",
}


class ChosinFewGame(ChosinFew):
    # -- board and pieces -----------------------------------------------------------------------
    def board_data(self, state) -> dict[str, Any]:
        return self.data(state).board_json

    def pieces(self, state, side) -> list[dict[str, Any]]:
        assert isinstance(state, ChosinState)
        data = self.data(state)
        out: list[dict[str, Any]] = []
        alive = self.alive(state)
        for u in UNITS:
            tr = data.tracks[u]
            flags = [] if u in alive else ["destroyed"]
            if state.roll is not None and state.roll.unit == u:
                flags.append("rolling")
            out.append({
                "id": u, "at": state.units[u], "kind": "standee", "side": "player", "nation": "us",
                "unit_type": "infantry", "label": tr.short,
                "values": f"{self.need(state, u)}+" if u in alive else "X",
                "reduced": state.step[u] > tr.start_index, "flags": flags,
                "info": [tr.name, f"needs {self.need(state, u)}+ on attack rolls" if u in alive else "destroyed",
                         f"steps left: {max(0, len(tr.values) - state.step[u])}",
                         f"recovery up to {tr.values[min(state.ceiling[u], len(tr.values) - 1)]}+"],
            })
        attacking = {p.cube: p.target for p in state.pending}
        for cube in sorted(state.cubes, key=cube_sort_key):
            flags = ["attacking"] if cube in attacking else []
            if cube in state.em_attacked:
                flags.append("attacked")
            out.append({"id": cube, "at": state.cubes[cube], "kind": "cube", "side": "enemy",
                        "nation": "chinese", "colour": cube_colour(cube), "label": "", "flags": flags,
                        "info": [f"{cube_colour(cube)} cube", f"in {data.space_name(state.cubes[cube])}"]
                        + ([f"attacking {attacking[cube]}"] if cube in attacking else [])})
        for n, sp in sorted(state.lod.items(), key=lambda kv: int(kv[0]) if kv[0].isdigit() else 0):
            out.append({"id": f"lod-{n}", "at": sp, "kind": "marker", "label": f"LoD {n}",
                        "info": [f"Line of Departure {n}", self.order(state).name]})
        k = 0
        for sp, count in sorted(state.air_board.items()):
            for _ in range(count):
                k += 1
                out.append({"id": f"air-{k}", "at": sp, "kind": "marker", "label": "Air",
                            "flags": ["interdiction"], "info": ["air support: interdiction"]})
        for i in range(state.air_held):
            k += 1
            fresh = i >= state.air_held - state.air_fresh
            out.append({"id": f"air-{k}", "at": "box:air", "kind": "marker", "label": "Air",
                        "flags": ["held"] + (["fresh"] if fresh else []),
                        "info": ["air support token held" + (" (earned this turn)" if fresh else "")]})
        order = self.order(state)
        out.append({"id": f"order-{order.id}", "at": "box:orders", "kind": "card", "label": order.name,
                    "text": order.objective_text, "colour": "#4A5D3A",
                    "info": [order.brief, order.objective_text]})
        if state.card:
            out.append(self._card_piece(state, state.card))
        return out

    def drop_targets(self, state, piece: str) -> dict[str, dict[str, Any]]:
        assert isinstance(state, ChosinState)
        out: dict[str, dict[str, Any]] = {}
        for a in self.legal_actions(state):
            if a["type"] == "move" and a["unit"] == piece:
                out[a["to"]] = {"action": a, "cost": 2, "note": "move: 2 actions"}
            elif a["type"] == "attack" and a["unit"] == piece:
                out.setdefault(a["target_space"], {"action": a, "cost": 1,
                                                   "note": f"attack {a['cube']}: 1 action"})
            elif a["type"] == "interdict" and piece.startswith("air"):
                out[a["space"]] = {"action": a, "cost": 0, "note": "interdiction: free"}
        return out

    def describe_action(self, state, action: Action) -> str:
        assert isinstance(state, ChosinState)
        data = self.data(state)
        t = action.get("type")
        name = lambda u: data.unit_names.get(u, str(u))  # noqa: E731
        label = _LABELS.get(str(t))
        if label is not None:
            return label(name, data.space_name, action)
        if t == "attack":
            return (f"{name(action.get('unit'))}: attack {action.get('cube')} in "
                    f"{data.space_name(str(action.get('target_space')))} (1 action, needs "
                    f"{self.need(state, action['unit']) if action.get('unit') in UNITS else '?'}+)")
        if t == "order-defence":
            p = next((p for p in state.pending if p.cube == action.get("cube")), None)
            where = f" from {data.space_name(p.origin)} into {data.space_name(p.target)}" if p else ""
            return f"Roll against {action.get('cube')}{where} next"
        if t == "end-actions":
            n = state.actions_left
            return f"End the actions phase ({n} unspent: air support)" if n else "End the actions phase"
        return super().describe_action(state, action)

    # -- panels ---------------------------------------------------------------------------------
    def _card_lines(self, state: ChosinState, card: str) -> list[str]:
        ac = self.data(state).activity.get(card)
        if ac is None:
            return []
        return [f"New activity: Line of Departure {', '.join(map(str, ac.lod))}",
                f"Enemy movement: {', '.join(ac.colours)}", f"Player actions: {ac.actions}"]

    def _card_piece(self, state: ChosinState, card: str) -> dict[str, Any]:
        """The activity card in play, face up: what it brings, its enemy colours named and shown
        as chips, and the actions it gives (the window paints ``text`` and ``chips``)."""
        ac = self.data(state).activity.get(card)
        piece: dict[str, Any] = {"id": f"card-{card}", "at": "box:card", "kind": "card",
                                 "label": f"Activity {card.split('-')[-1]}", "colour": "#8E3B2F",
                                 "info": self._card_lines(state, card)}
        if ac is not None:
            piece["text"] = (f"New activity: LoD {', '.join(map(str, ac.lod))}\n"
                             f"Enemy moves: {' then '.join(ac.colours)}\n"
                             f"Your actions: {ac.actions}")
            piece["chips"] = list(ac.colours)
        return piece

    def panels(self, state, side) -> list[dict[str, Any]]:
        assert isinstance(state, ChosinState)
        data = self.data(state)
        panels: list[dict[str, Any]] = []
        ac = data.activity.get(state.card)
        rows: list[list[Any]] = [["Card", state.card or ("End of Order" if state.last_card == data.eoo_id else "-")]]
        if ac is not None:
            rows += [["New activity", "LoD " + ", ".join(f"{n} ({state.lod.get(str(n), '-')})" for n in ac.lod)],
                     ["Enemy movement", " + ".join(ac.colours)
                      + ("  (moves twice, attacks once)" if ac.colours[0] == ac.colours[1] else "")],
                     ["Player actions", ac.actions]]
        rows.append(["Phase", state.phase.replace("-", " ").capitalize()])
        if state.phase == "actions":
            rows.append(["Actions left", state.actions_left])
        panels.append({"title": "Card in play", "rows": rows})
        orows: list[list[Any]] = []
        for i, o in enumerate(data.orders):
            status = ("done" if o.id in state.orders_done else
                      "in force" if i == state.order_index and not state.result else
                      "failed" if i == state.order_index and state.result_rule == "CF-Lose-1" else "waiting")
            extra = f", overdue x{state.overdue.get(o.id, 0)}" if state.overdue.get(o.id) else ""
            orows.append([o.name, f"{status}{extra}: {o.objective_text}"])
        lod = ", ".join(f"{n}: {sp}" for n, sp in sorted(state.lod.items(), key=lambda kv: kv[0]))
        orows.append(["Line of Departure", lod])
        panels.append({"title": "Orders", "rows": orows})
        cup = {c: 0 for c in CUBE_COLOURS}
        for c in state.cup:
            cup[cube_colour(c)] += 1
        panels.append({"title": "Draw cup", "rows": [[c, cup[c]] for c in CUBE_COLOURS]
                       + [["total", len(state.cup)], ["on the board", len(state.cubes)]]})
        srows = []
        for u in UNITS:
            tr = data.tracks[u]
            track = " ".join(f"[{v}+]" if i == state.step[u] else
                             (f"({v}+)" if i < state.ceiling[u] else f"{v}+")
                             for i, v in enumerate(tr.values))
            srows.append([tr.name, track + (" destroyed" if state.step[u] >= len(tr.values) else "")])
        panels.append({"title": "Strength", "rows": srows})
        panels.append({"title": "Air support", "rows": [
            ["held", state.air_held], ["earned this turn", state.air_fresh],
            ["on the board", ", ".join(f"{sp} x{n}" for sp, n in sorted(state.air_board.items())) or "-"],
            ["not yet earned", self.air_supply(state)]]})
        panels.append({"title": "Activity deck", "rows": [
            ["cards left", len(state.deck)], ["drawn since the last shuffle", state.pass_draws],
            ["discards", len(state.discard)],
            ["End of Order", "somewhere in the bottom six cards"]]})
        return panels

    def overlays(self, state, side) -> list[dict[str, Any]]:
        assert isinstance(state, ChosinState)
        out = [{"kind": "line", "from": p.origin, "to": p.target, "colour": cube_colour(p.cube),
                "style": "attack", "label": p.cube} for p in state.pending]
        if state.roll is not None and state.roll.kind == "player":
            out.append({"kind": "line", "from": state.units[state.roll.unit], "to": state.roll.space,
                        "colour": "white", "style": "attack", "label": state.roll.cube})
        return out

    # -- optional window hooks (docs/ui.md) ----------------------------------------------------
    def next_step(self, state) -> dict[str, Any] | None:
        """The turn bar's next-step control: draw the card, roll or accept the die, or close the
        actions phase, whichever the sequence of play is waiting for."""
        assert isinstance(state, ChosinState)
        if state.result or state.finished:
            return None
        if state.roll is not None:
            action = {"type": "roll"} if state.roll.stage == "pre" else {"type": "accept-roll"}
        elif state.phase == "draw":
            action = {"type": "draw"}
        elif state.phase == "actions":
            action = {"type": "end-actions"}
        else:
            return None
        return {"action": action, "label": self.describe_action(state, action)}


def rule_charts(game: Any, state: Any) -> list[dict[str, Any]]:
    """The Chosin Few's cards for the Rules panel, from cards.toml: every activity card with what
    it brings (CF-NewAct-1, CF-EnemyMove-1, CF-Actions-1) and the order cards (CF-Order-1)."""
    data = game.data(state)
    acts = {"title": "Activity cards", "rule": "CF-Draw-1",
            "header": ["Card", "New activity (LoD)", "Enemy moves", "Actions"],
            "rows": [[c.id, ", ".join(map(str, c.lod)), " then ".join(c.colours), str(c.actions)]
                     for c in data.activity.values()]}
    orders = {"title": "Order cards", "rule": "CF-Order-1", "header": ["Order", "Objective"],
              "rows": [[o.name, o.objective_text] for o in data.orders]}
    return [acts, orders]
