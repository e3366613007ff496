"""Semper Fi!: the Game object (legality, apply, views, prompts, presentation hooks)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.engine.game import Action, Context, Game, Illegal, Outcome
from app.engine.state import GameState

from app.games.semper_fi import actions
from app.games.semper_fi.data import SIDES, DataError, validate_counters, validate_tables
from app.games.semper_fi.state import SFState


class SemperFi(Game):
    id = "semper-fi"
    name = "Semper Fi!"
    sides = SIDES
    solitaire = False
    state_class = SFState
    board_kind = "hex"

    # -- set-up ---------------------------------------------------------------------------------
    def validate_scenario(self, data: dict[str, Any]) -> list[tuple[str, str]]:
        from app.games.semper_fi.scenario import validate
        try:
            return validate(data)
        except DataError as e:
            return e.problems
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            return [("", f"the scenario cannot be read: {type(e).__name__}: {e}")]

    def setup(self, scenario: dict[str, Any], options: dict[str, Any], seed: int) -> SFState:
        from app.games.semper_fi.position import setup_position
        return setup_position(scenario, options, seed)

    # -- positions (app/games/semper_fi/position.py; docs/scenarios.md) ---------------------------
    def position_tables(self, state: GameState, scenario: dict[str, Any]) -> dict[str, Any]:
        from app.games.semper_fi.position import position_tables
        return position_tables(state, scenario)  # type: ignore[arg-type]

    def position_problems(self, data: dict[str, Any]) -> list[tuple[str, str]]:
        from app.games.semper_fi.position import position_problems
        return position_problems(self, data)

    def position_schema(self) -> dict[str, Any]:
        from app.games.semper_fi.position import position_schema
        return position_schema()

    def next_step(self, state: GameState) -> dict[str, Any] | None:
        """The turn bar's next-step control (app/games/semper_fi/turn_bar.py)."""
        from app.games.semper_fi.turn_bar import next_step
        return next_step(state)  # type: ignore[arg-type]

    def report_metrics(self, state: GameState) -> dict[str, dict[str, float]]:
        """Strength and ground for the end-of-game report (app/games/semper_fi/report.py)."""
        from app.games.semper_fi.report import report_metrics
        return report_metrics(state)  # type: ignore[arg-type]

    def hint_reason(self, state: GameState, action: Action) -> str:
        """What a hinted action buys under the rules (app/games/semper_fi/hint_words.py)."""
        from app.games.semper_fi.hint_words import hint_reason
        return hint_reason(state, action)  # type: ignore[arg-type]

    def sandbox_position(self, rows: list[dict[str, Any]], source: str) -> dict[str, Any]:
        """A sandbox board saved as a position (app/ui/position_save.py)."""
        from app.games.semper_fi.position import sandbox_position
        return sandbox_position(rows, source)

    def show_overlays(self, state: GameState, side: str | None) -> list[dict[str, Any]]:
        from app.games.semper_fi.reading import show_overlays
        return show_overlays(state, side)  # type: ignore[arg-type]

    def validate_data(self, path: Path, data: Any) -> list[tuple[str, str]] | None:
        """``ridgeline validate`` on one of this game's data files, known by name or format."""
        from app.games.semper_fi.data import validate_map, validate_map_palette
        if not isinstance(data, dict):
            return None
        name = Path(path).name
        if data.get("kind") == "hexmap":
            return validate_map(data)
        if data.get("format") == "semper-fi-tables" or name == "tables.toml":
            return validate_tables(data)
        if data.get("format") == "semper-fi-counters" or name == "counters.toml":
            return validate_counters(data)[1]
        if name == "terrain.toml" and Path(path).parent.name == "maps":
            return validate_map_palette(data)
        return None

    # -- legality ---------------------------------------------------------------------------------
    def legal_actions(self, state: GameState, side: str | None = None) -> list[Action]:
        assert isinstance(state, SFState)
        if side is not None and side != state.active:
            return []
        return actions.legal(state)

    def explain(self, state: GameState, action: Action) -> Illegal:
        assert isinstance(state, SFState)
        from app.games.semper_fi.presentation import explain
        return explain(state, action)

    def apply(self, state: GameState, action: Action, ctx: Context) -> None:
        assert isinstance(state, SFState)
        actions.apply(state, action, ctx)

    def outcome(self, state: GameState) -> Outcome | None:
        assert isinstance(state, SFState)
        r = state.result
        if r is None:
            return None
        return Outcome(r["winner"], r["level"], r["reason"], r.get("rule", ""))

    def view(self, state: GameState, side: str | None) -> dict[str, Any]:
        assert isinstance(state, SFState)
        from app.games.semper_fi.presentation import view
        return view(state, side)

    def prompt(self, state: GameState) -> str:
        assert isinstance(state, SFState)
        from app.games.semper_fi.presentation import prompt
        return prompt(state)

    # -- presentation -----------------------------------------------------------------------------
    def board_data(self, state: GameState) -> dict[str, Any]:
        from app.games.semper_fi.data import board
        return board(state.map_name).json  # type: ignore[attr-defined]

    def pieces(self, state: GameState, side: str | None) -> list[dict[str, Any]]:
        from app.games.semper_fi.presentation import pieces
        return pieces(state, side)  # type: ignore[arg-type]

    def drop_targets(self, state: GameState, piece: str) -> dict[str, dict[str, Any]]:
        from app.games.semper_fi.presentation import drop_targets
        return drop_targets(self, state, piece)  # type: ignore[arg-type]

    def describe_action(self, state: GameState, action: Action) -> str:
        from app.games.semper_fi.presentation import describe_action
        return describe_action(state, action)  # type: ignore[arg-type]

    def panels(self, state: GameState, side: str | None) -> list[dict[str, Any]]:
        from app.games.semper_fi.presentation import panels
        return panels(state, side)  # type: ignore[arg-type]

    def overlays(self, state: GameState, side: str | None) -> list[dict[str, Any]]:
        from app.games.semper_fi.presentation import overlays
        return overlays(state, side)  # type: ignore[arg-type]

    def turn_label(self, state: GameState) -> str:
        assert isinstance(state, SFState)
        return state.clock[state.turn - 1] if state.clock else ""

    def phase_label(self, state: GameState) -> str:
        from app.games.semper_fi.presentation import phase_label
        return phase_label(state)  # type: ignore[arg-type]

    def victory_status(self, state: GameState) -> dict[str, Any]:
        from app.games.semper_fi.presentation import victory_status
        return victory_status(state)  # type: ignore[arg-type]

    def decision(self, state: GameState) -> dict[str, Any] | None:
        from app.games.semper_fi.presentation import decision
        return decision(state)  # type: ignore[arg-type]

    # hooks for a fire panel and a LOS line while dragging (docs: COVERAGE.md, "window")
    def fire_preview(self, state: GameState, action: Action) -> dict[str, Any] | None:
        assert isinstance(state, SFState)
        return actions.preview(state, action)

    def los_line(self, state: GameState, a: str, b: str) -> dict[str, Any]:
        from app.games.semper_fi.presentation import los_line
        return los_line(state, a, b)  # type: ignore[arg-type]

    def setup_areas(self, scenario: dict[str, Any]) -> list[dict[str, Any]]:
        """The scenario's set-up areas on its map, for the editor to draw (C11.1): one entry per
        ``[[setup]]`` with an area: the side, a name (its formations) and the hexes. A file being
        edited may be broken: then what can be read, or nothing."""
        from app.games.semper_fi.data import board, counters
        from app.games.semper_fi.scenario import area_hexes, with_variants
        from app.games.semper_fi.sequence import SIDE_NAMES
        try:
            sc = with_variants(scenario, {})
            b = board(str(sc["map"]))
            forms = counters().formations
        except Exception:  # noqa: BLE001 - a half-written file shows no areas, the checks say why
            return []
        nk_name = str((sc.get("play") or {}).get("nk_name", SIDE_NAMES["nk"]))
        out: list[dict[str, Any]] = []
        for e in sc.get("setup", []) or []:
            if not isinstance(e, dict) or not isinstance(e.get("area"), dict):
                continue
            try:
                hexes = sorted(area_hexes(b, e["area"]))
            except Exception:  # noqa: BLE001
                continue
            names = [str(forms.get(str(u.get("formation")), {}).get("name", u.get("formation")))
                     for u in e.get("units") or [] if isinstance(u, dict)]
            side = str(e.get("side", ""))
            out.append({"side": side, "side_name": nk_name if side == "nk" else SIDE_NAMES.get(side, side),
                        "name": ", ".join(dict.fromkeys(names)) or "units", "hexes": hexes,
                        "hidden": bool(e.get("hidden", False))})
        return out

    def variants(self, scenario: dict[str, Any]) -> list[dict[str, str]]:
        """The scenario's variants as switches: option ``<id> = true`` turns one on."""
        out = [{"id": v["id"], "name": v["name"], "description": v.get("description", "")}
               for v in scenario.get("variant", []) or [] if isinstance(v, dict) and "id" in v]
        from app.games.semper_fi import political
        if political.has_chinese(scenario):                 # 3.3 as a choice each time (C7.5)
            out.append({"id": political.CHOICE, "name": "Political officers: ask each time",
                        "description": "The Chinese player decides at every Suppressed result whether a "
                                       "unit of the hex gives a step to shake it off (3.3); off, the "
                                       "officers drive on every unit next to a seen enemy."})
        return out


GAME = SemperFi()
