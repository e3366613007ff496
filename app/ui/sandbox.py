"""Sandbox mode: any board with the rules off.

Players and designers push pieces anywhere, flip them, eliminate them and roll dice by hand. It
is a :class:`~app.engine.game.Game` like any other, so the window, undo/redo and the log work
unchanged; the dice come from the sandbox's own :class:`~app.engine.rng.Rng` (in its state) and
every roll is logged. It is used for games without a rules module yet (Semper Fi!, Frozen
Chosin), for designers testing a map, and to take a position of a real game off the rules.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from app.engine.game import Action, Context, Game, Illegal
from app.engine.rng import Rng
from app.engine.state import GameState

BOARD_KINDS = ("hexmap", "pointgraph", "table")


@dataclass
class SandboxState(GameState):
    board: dict[str, Any] = field(default_factory=dict)
    pieces: list[dict[str, Any]] = field(default_factory=list)
    source: str = ""
    sides: list[str] = field(default_factory=list)


class SandboxGame(Game):
    id = "sandbox"
    name = "Sandbox"
    sides = ("table",)
    solitaire = True
    state_class = SandboxState
    board_kind = "hex"

    def __init__(self, title: str = "Sandbox"):
        self.name = title

    def setup(self, scenario: dict[str, Any], options: dict[str, Any], seed: int) -> SandboxState:
        st = SandboxState(game="sandbox", scenario=str(scenario.get("id", "sandbox")), turn=1,
                          phase="sandbox", active="table", rng=Rng.from_seed(seed))
        st.board = copy.deepcopy(scenario.get("board") or {})
        st.pieces = [dict(p) for p in scenario.get("pieces", []) if isinstance(p, dict) and "id" in p]
        st.source = str(scenario.get("source", ""))
        st.sides = [str(s) for s in scenario.get("sides", [])]
        return st

    # everything is allowed: the enumeration offers dice and the phase end; moves are checked
    def legal_actions(self, state: GameState, side: str | None = None) -> list[Action]:
        return [{"type": "roll", "dice": 1}, {"type": "roll", "dice": 2}, {"type": "end-phase"}]

    def check(self, state: GameState, action: Action) -> Illegal | None:
        assert isinstance(state, SandboxState)
        t = action.get("type")
        ids = {str(p["id"]) for p in state.pieces}
        if t in ("move", "flip", "eliminate", "remove", "rotate", "flag"):
            if str(action.get("unit")) not in ids:
                return Illegal(f"there is no piece {action.get('unit')!r} on the table", "sandbox")
            if t == "move" and action.get("to") is None:
                return Illegal("drop the piece on the board or in a box", "sandbox")
            return None
        if t == "add":
            if not isinstance(action.get("piece"), dict) or "id" not in action["piece"]:
                return Illegal("a new piece needs an id", "sandbox")
            if str(action["piece"]["id"]) in ids:
                return Illegal(f"a piece {action['piece']['id']!r} is already on the table", "sandbox")
            return None
        if t == "roll":
            n = action.get("dice", 1)
            if not isinstance(n, int) or not 1 <= n <= 10:
                return Illegal("roll 1 to 10 dice", "sandbox")
            return None
        if t == "end-phase":
            return None
        return Illegal(f"the sandbox does not know {t!r}", "sandbox")

    def apply(self, state: GameState, action: Action, ctx: Context) -> None:
        assert isinstance(state, SandboxState)
        t = action["type"]
        if t == "roll":
            sides = int(action.get("sides", 6))
            ctx.roll("hand roll", "sandbox", sides=sides, count=int(action.get("dice", 1)))
            return
        if t == "end-phase":
            state.turn += 1
            ctx.log(f"turn {state.turn}", "sandbox")
            return
        if t == "add":
            state.pieces.append(dict(action["piece"]))
            ctx.log(f"added {action['piece'].get('label') or action['piece']['id']}", "sandbox")
            return
        pc = next(p for p in state.pieces if str(p["id"]) == str(action["unit"]))
        name = pc.get("label") or pc["id"]
        if t == "move":
            pc["at"] = action["to"]
            if "rotation" in action:
                pc["rotation"] = action["rotation"]
            ctx.log(f"{name} to {_where(action['to'])}", "sandbox", kind="move")
        elif t == "flip":
            pc["reduced"] = not pc.get("reduced")
            ctx.log(f"{name} flipped to its {'reduced' if pc['reduced'] else 'full'} side", "sandbox")
        elif t == "eliminate":
            pc["at"] = "box:eliminated"
            ctx.log(f"{name} eliminated", "sandbox")
        elif t == "remove":
            state.pieces.remove(pc)
            ctx.log(f"{name} removed", "sandbox")
        elif t == "rotate":
            pc["rotation"] = float(action.get("rotation", 0)) % 360
            ctx.log(f"{name} turned to {pc['rotation']:.0f}\u00b0", "sandbox")
        elif t == "flag":
            flags = set(pc.get("flags") or [])
            flags ^= {str(action.get("flag"))}
            pc["flags"] = sorted(flags)
            ctx.log(f"{name}: {', '.join(pc['flags']) or 'no flags'}", "sandbox")

    def prompt(self, state: GameState) -> str:
        return "Rules are off: drag anything anywhere; right-click a piece to flip or eliminate it."

    def board_data(self, state: GameState) -> dict[str, Any]:
        assert isinstance(state, SandboxState)
        return state.board

    def pieces(self, state: GameState, side: str | None) -> list[dict[str, Any]]:
        assert isinstance(state, SandboxState)
        return [dict(p) for p in state.pieces]

    def drop_targets(self, state: GameState, piece: str) -> dict[str, dict[str, Any]]:
        return {"*": {"action": {"type": "move", "unit": piece, "to": None}, "note": "anywhere"}}

    def describe_action(self, state: GameState, action: Action) -> str:
        t = action.get("type")
        if t == "roll":
            return f"Roll {action.get('dice', 1)}d{action.get('sides', 6)}"
        if t == "end-phase":
            return "Next turn"
        return super().describe_action(state, action)

    def panels(self, state: GameState, side: str | None) -> list[dict[str, Any]]:
        assert isinstance(state, SandboxState)
        boxes: dict[str, int] = {}
        for p in state.pieces:
            at = p.get("at")
            key = at[4:] if isinstance(at, str) and at.startswith("box:") else "on the board"
            boxes[key] = boxes.get(key, 0) + 1
        return [{"title": "Sandbox", "rows": [["Source", state.source or "-"], ["Turn", state.turn],
                                              *[[k, v] for k, v in boxes.items()]]}]


def _where(to: Any) -> str:
    if isinstance(to, list) and len(to) == 2:
        return f'({float(to[0]):.1f}", {float(to[1]):.1f}")'
    return str(to)


# -- building a sandbox from what we have -----------------------------------------------------------

def scenario_from(board: dict[str, Any] | None, pieces: list[dict[str, Any]], source: str = "",
                  sides: tuple[str, ...] | list[str] = ()) -> dict[str, Any]:
    return {"id": "sandbox", "board": board or {}, "pieces": pieces, "source": source, "sides": list(sides)}


def board_files(game_id: str, scenario: dict[str, Any] | None = None,
                scenario_path: Path | None = None) -> Iterator[dict[str, Any]]:
    """Every board a scenario of ``game_id`` may stand on, the one it names (``map``, ``board``
    or ``table``) first, then the board files of ``resources/<game>/``. Names are looked up only
    in the scenario's own folder and the game's folder (:mod:`app.engine.paths`), and only
    regular files are read."""
    from app.engine.files import FileError, load
    from app.engine.paths import OutsideFolder, designer_folder_of, game_folder, resolve_inside
    try:
        folder = game_folder(game_id)
    except OutsideFolder:
        return
    roots = ([designer_folder_of(scenario_path)] if scenario_path else []) + [folder]
    cands: list[Path] = []
    for key in ("map", "board", "table", "map_file", "board_file"):
        v = (scenario or {}).get(key)
        if isinstance(v, str):
            for name in (v, f"{v}.json", f"maps/{v}.json"):      # Semper Fi! names a map by its id
                try:
                    cands.append(resolve_inside(name, roots))
                except OutsideFolder:
                    continue
    if folder.is_dir():
        cands += sorted(folder.glob("*.json")) + sorted(folder.glob("*/*.json"))
    for c in cands:
        if not c.is_file():
            continue
        try:
            data = load(c).data
        except FileError:
            continue
        if isinstance(data, dict) and data.get("kind") in BOARD_KINDS:
            yield data


def find_board_file(game_id: str, scenario: dict[str, Any] | None = None,
                    scenario_path: Path | None = None) -> dict[str, Any] | None:
    """The board of a game without a rules module: the first of :func:`board_files`."""
    return next(board_files(game_id, scenario, scenario_path), None)


def pieces_from_scenario(scenario: dict[str, Any]) -> list[dict[str, Any]]:
    """Best effort: units listed in a scenario file (``[[units]]``, ``[[pieces]]``...)."""
    out: list[dict[str, Any]] = []
    seen: set[str] = set()

    def visit(obj: Any, side: str | None) -> None:
        if isinstance(obj, list):
            for x in obj:
                visit(x, side)
        elif isinstance(obj, dict):
            uid = obj.get("id") or obj.get("unit") or obj.get("name")
            at = obj.get("at") or obj.get("hex") or obj.get("space") or obj.get("setup")
            if at is None and isinstance(obj.get("x"), (int, float)) and isinstance(obj.get("y"), (int, float)):
                at = [obj["x"], obj["y"]]
            if uid is not None and at is not None and str(uid) not in seen:
                seen.add(str(uid))
                pc = {"id": str(uid), "at": at if not isinstance(at, (int, float)) else str(at),
                      "kind": obj.get("kind", "counter"), "side": obj.get("side", side),
                      "nation": obj.get("nation"), "unit_type": obj.get("type") or obj.get("unit_type"),
                      "size": obj.get("size"), "label": obj.get("label") or obj.get("name") or str(uid),
                      "values": obj.get("values"), "reduced": bool(obj.get("reduced", False))}
                for k in ("w", "h", "r", "rotation", "colour"):
                    if k in obj:
                        pc[k] = obj[k]
                out.append({k: v for k, v in pc.items() if v is not None})
                return
            for k, v in obj.items():
                visit(v, k if k in ("allies", "communist", "un", "us", "cpv", "pva", "kpa") else side)

    for key, val in scenario.items():
        if key in ("format", "version", "game", "id", "name", "description"):
            continue
        visit(val, None)
    return out


def sandbox_from_scenario_file(path: str | Path) -> tuple[SandboxGame, dict[str, Any]]:
    """A sandbox for a scenario of any game, with or without rules; a file saved from the
    sandbox gives back that very sandbox (its ``[sandbox]`` table, :func:`saved_sandbox`)."""
    from app.engine.files import load
    p = Path(path)
    data = load(p).data
    if not isinstance(data, dict):
        data = {}
    exact = saved_sandbox(data, p)
    if exact is not None:
        return SandboxGame(sandbox_title(data, p)), exact
    board = find_board_file(str(data.get("game", "")), data, p)
    return SandboxGame(sandbox_title(data, p)), scenario_from(board, pieces_from_scenario(data), source=str(p))


def sandbox_title(data: dict[str, Any], path: Path) -> str:
    """The window title of a sandbox opened on a scenario file."""
    from app.games import GAME_NAMES
    gid = str(data.get("game", ""))
    return f"{GAME_NAMES.get(gid, gid)} - {data.get('name', path.stem)} (sandbox)"


def saved_sandbox(data: dict[str, Any], path: Path | None = None) -> dict[str, Any] | None:
    """The sandbox a file saved from the sandbox holds, on the board it was saved on (the one
    among the game's boards with the saved digest, or the copy the file carries), or None when
    the file holds no sandbox or its board is gone."""
    table = data.get("sandbox") if isinstance(data, dict) else None
    if not isinstance(table, dict):
        return None
    if isinstance(table.get("board_json"), str):
        try:
            return exact_sandbox(data, json.loads(table["board_json"]))
        except json.JSONDecodeError:
            return None
    for board in board_files(str(data.get("game", "")), data, path):
        if board_digest(board) == table.get("board_digest"):
            return exact_sandbox(data, board)
    return exact_sandbox(data, None)        # a sandbox saved on no board (a blank table)


def sandbox_from_match(match) -> tuple[SandboxGame, dict[str, Any]]:
    """Take the current position of a real game off the rules. A game just opened from a file
    saved in the sandbox (no move made yet) gives back the saved sandbox exactly."""
    g, st = match.game, match.state
    board = g.board_data(st)
    pieces = g.pieces(st, None)
    exact = exact_sandbox(match.scenario or {}, board)
    if exact is not None and _places(exact_pieces(exact)) == _places(pieces):
        return SandboxGame(f"{g.name} (sandbox)"), exact
    return (SandboxGame(f"{g.name} (sandbox)"),
            scenario_from(board, pieces, source=f"{g.id}: {st.scenario}, turn {st.turn}", sides=g.sides))


# -- a sandbox saved exactly (File > Save position as scenario) ---------------------------------------

def board_digest(board: dict[str, Any] | None) -> str:
    from app.engine.state import digest_of_json
    return digest_of_json(board or {})


def sandbox_table(match: Any, game_id: str = "") -> dict[str, Any]:
    """The ``[sandbox]`` table of a saved sandbox: its position as the engine writes any game's
    (app.engine.position: pieces, turn, dice to come), with the board left out (it is one of
    the game's, found again on loading) and named by its digest instead; a board that is none
    of ``game_id``'s files (a designer's own) travels in the file as JSON text."""
    from app.engine.position import ENVELOPE, position_scenario
    st = match.state
    from app.engine.position import has_null
    plain = [dict(pc) for pc in st.pieces] if not has_null(st.pieces) else []   # else as JSON text
    base = scenario_from(st.board, plain, source=st.source, sides=st.sides)
    base["id"] = st.scenario
    doc = position_scenario(match.game, st, base)
    table = {k: v for k, v in doc.items() if k not in ENVELOPE and k != "board"}
    table["board_digest"] = digest = board_digest(st.board)
    if st.board and not any(board_digest(b) == digest for b in board_files(game_id)):
        table["board_json"] = json.dumps(st.board, sort_keys=True)
    return table


def exact_sandbox(data: dict[str, Any], board: dict[str, Any] | None) -> dict[str, Any] | None:
    """The sandbox scenario that starts as the saved ``[sandbox]`` table of ``data`` (its
    position keys restore pieces, turn and dice), or None when there is none or ``board`` is
    not the board it was saved on."""
    table = data.get("sandbox") if isinstance(data, dict) else None
    if not isinstance(table, dict) or table.get("board_digest") != board_digest(board):
        return None
    out = {k: copy.deepcopy(v) for k, v in table.items() if k not in ("board_digest", "board_json")}
    out["board"] = board or {}
    out.setdefault("pieces", [])
    return out


def exact_pieces(scenario: dict[str, Any]) -> list[dict[str, Any]]:
    """The pieces a sandbox scenario starts with, its ``[position]`` fields applied."""
    from app.engine.position import field_values, position_table
    got = field_values(SandboxState, position_table(scenario)).get("pieces")
    return list(got if isinstance(got, list) else scenario.get("pieces") or [])


def _places(pieces: list[dict[str, Any]]) -> dict[str, tuple[str, bool]]:
    """Where each piece stands and which side is up: a game opened from a saved sandbox still
    shows it as saved until a piece moves (a phase with no choice skipped changes nothing)."""
    return {str(p.get("id")): (json.dumps(p.get("at")), bool(p.get("reduced"))) for p in pieces}
