"""File > Save position as scenario: the moment on the screen written as a scenario file.

With the rules on, the file is the engine's position (app.engine.position): it loads to the
same state digest, dice to come included. In the sandbox (rules off) the file lists every piece
with its place and look as ``[[piece]]`` rows of the board's game, so the game's rules (the
command line, a New Game) read the same pieces in the same places when they can. It also
carries a ``[sandbox]`` table: the sandbox's own position (every piece as it lies, flags and
turn included, the dice to come) without the board, which is found again among the game's
boards by its digest (or travels in the file when it is none of them). File > Open of such a
file gives back that very sandbox, to the digest, whatever was dragged where, even when the
game's rules could not set its pieces up (app.ui.window_files.open_sandbox_save); unticking
Game > Sandbox then plays on with the rules when they can.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from app.engine.files import atomic_write
from app.engine.position import position_scenario, position_toml

#: Keys of a sandbox piece worth keeping in a file (drawing instructions, docs/engine.md).
PIECE_KEYS = ("id", "at", "kind", "side", "nation", "unit_type", "size", "label", "values", "reduced",
              "colour", "w", "h", "r", "rotation")


def _slug(text: str) -> str:
    s = "".join(c if c.isalnum() else "-" for c in text.lower()).strip("-")
    while "--" in s:
        s = s.replace("--", "-")
    return s or "position"


def sandbox_game_id(state: Any) -> str:
    """The game a sandbox board belongs to: named by its source ("korea38: campaign, turn 2")
    or by the scenario file it was opened from."""
    from app.games import GAME_IDS
    src = str(getattr(state, "source", "") or "")
    head = src.split(":", 1)[0].strip()
    if head in GAME_IDS:
        return head
    p = Path(src)
    if p.suffix == ".toml" and p.is_file():
        try:
            gid = tomllib.loads(p.read_text(encoding="utf-8")).get("game")
        except (OSError, tomllib.TOMLDecodeError):
            gid = None
        if gid in GAME_IDS:
            return str(gid)
    return ""


def sandbox_document(match: Any, name: str = "") -> dict[str, Any]:
    """A scenario listing the sandbox's pieces (see the module docstring)."""
    from app.games import is_playable
    state = match.state
    gid = sandbox_game_id(state)
    if not gid:
        raise ValueError("this sandbox board belongs to no game, so it cannot be saved as a scenario")
    rules = is_playable(gid)
    from app.games import get_game
    from app.ui.hooks import call_hook
    game = get_game(gid) if rules else None
    rows = []
    for pc in state.pieces:
        own = call_hook(game, "sandbox_row", pc, default=None) if game is not None else None
        if isinstance(own, dict):          # the game's own [[piece]] row (a supply marker's kind...)
            rows.append(own)
            continue
        if rules:
            row = {k: pc[k] for k in ("id", "at", "reduced") if k in pc and pc[k] is not None}
        else:
            row = {k: pc[k] for k in PIECE_KEYS if k in pc and pc[k] is not None}
        if isinstance(row.get("at"), str) and row["at"].startswith("box:"):
            row["at"] = row["at"][4:]
        rows.append(row)
    from app.ui.sandbox import sandbox_table
    if rules:
        # a game whose scenarios need more than the pieces (a map, a clock) completes the file
        from app.games import get_game
        from app.ui.hooks import game_hook
        hook = game_hook(get_game(gid), "sandbox_position")
        if hook is not None:
            doc = dict(hook(rows, str(getattr(state, "source", "") or "")))
            doc.update({"format": "ridgeline-scenario", "version": 1, "game": gid,
                        "id": _slug(name or "sandbox-position"), "name": name or "A position from the sandbox",
                        "description": "Pieces placed by hand in the sandbox.",
                        "sandbox": sandbox_table(match, gid)})
            return doc
    return {"format": "ridgeline-scenario", "version": 1, "game": gid, "id": _slug(name or "sandbox-position"),
            "name": name or "A position from the sandbox",
            "description": "Pieces placed by hand in the sandbox.", "piece": rows,
            "sandbox": sandbox_table(match, gid),
            # the pieces as they stand: no phase entry steps (arrivals) moving them on load
            "position": {"unlisted": "remove", "enter": False} if rules else {"unlisted": "remove"}}


def position_document(match: Any, mode: str, name: str = "") -> dict[str, Any]:
    if mode == "sandbox":
        return sandbox_document(match, name)
    return position_scenario(match.game, match.state, match.scenario, match.options,
                             id=_slug(name) if name else "")


def write_position(match: Any, mode: str, path: str | Path) -> Path:
    """Write the moment of ``match`` to ``path`` (TOML) and return it."""
    p = Path(path)
    doc = position_document(match, mode, p.stem)
    atomic_write(p, position_toml(doc))
    return p


def save_position_dialog(window: Any, path: str | Path | None = None) -> Path | None:
    """Ask where, then write; the status bar says what happened."""
    if window.match is None:
        window.status("Nothing to save: open a game or a board first")
        return None
    if path is None:
        from PySide6.QtWidgets import QFileDialog
        chosen, _ = QFileDialog.getSaveFileName(window, "Save position as scenario", "position.toml",
                                                "Scenario (*.toml)")
        if not chosen:
            return None
        path = chosen if chosen.endswith(".toml") else chosen + ".toml"
    try:
        out = write_position(window.match, window.mode, path)
    except (OSError, ValueError) as e:
        window.warn("Cannot save the position", str(e))
        return None
    window.status(f"Position saved as {out.name}: open it to play on from here")
    return out
