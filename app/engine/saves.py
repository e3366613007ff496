"""Save files, replay and the crash journal.

A save is the scenario text, the seed, the options and the list of actions with the state
digest after each. Loading a save replays it and stops at the first action whose digest does not
match, so a save that no longer reproduces (edited by hand, or written by a different rules
version) is caught, not silently accepted.

The journal is an append-only JSON-lines file written after every action (flushed and fsynced):
kill the program mid-game and the next start replays the journal and offers the position back.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.engine.files import (FILE_VERSION, JOURNAL_FORMAT, MAX_DEPTH, SAVE_FORMAT, FileError,
                              FileProblem, Loaded, atomic_write, dumps_json, load, nesting_depth,
                              parse_toml, read_text)
from app.engine.catalog import Resolver, UnknownGame, resolve
from app.engine.game import Game, IllegalAction
from app.engine.match import Match, Step
from app.engine.schemas import JOURNAL_HEADER_SCHEMA, SAVE_SCHEMA, schema_problems


def save_data(match: Match, players: dict[str, str] | None = None) -> dict[str, Any]:
    return {
        "format": SAVE_FORMAT,
        "version": FILE_VERSION,
        "game": match.game.id,
        "scenario": {"path": match.scenario_path, "text": match.scenario_text},
        "seed": match.seed,
        "options": match.options,
        "initial_digest": match.initial_digest,
        "actions": [{"action": s.action, "digest": s.digest} for s in match.history],
        "players": players or {},
    }


def write_save(match: Match, path: str | Path, players: dict[str, str] | None = None) -> None:
    atomic_write(path, dumps_json(save_data(match, players)))


class ReplayError(Exception):
    def __init__(self, index: int, message: str):
        super().__init__(f"action {index}: {message}")
        self.index = index
        self.message = message


def match_from_scenario_text(game: Game, text: str, path: str, seed: int,
                             options: dict[str, Any] | None = None,
                             keep_snapshots: bool = True,
                             folder: str | Path | None = None, check: bool = False) -> Match:
    """A match from a scenario's text; with ``check`` (saves, journals) it is first checked like
    a scenario file, before ``game`` sees it.

    ``folder``: the designer's folder its data files may come from (default: that of ``path``
    when it is a file on disk; ``""``: only ``resources/<game>/``, for text carried in a save).
    """
    from app.engine.paths import designer_folder_of, is_file_on_disk
    from app.engine.scenario import check_scenario
    loaded = parse_toml(path or "<scenario>", text)
    if folder is None:
        folder = designer_folder_of(path) if path and is_file_on_disk(path) else ""
    if check:
        found, problems = check_scenario(loaded, resolver=lambda gid: _same_game(game, gid), folder=folder)
        if problems:
            raise FileError(problems)
    return Match.start(game, loaded.data, seed=seed, options=options, scenario_path=path,
                       scenario_text=text, keep_snapshots=keep_snapshots, data_folder=folder)


def _same_game(game: Game, gid: str) -> Game:
    from app.engine.catalog import UnknownGame
    if gid != game.id:
        raise UnknownGame(f"this scenario is for {gid!r}, not {game.id!r}")
    return game


def replay(data: dict[str, Any], upto: int | None = None, verify: bool = True,
           keep_snapshots: bool = True, resolver: Resolver | None = None,
           folder: str | Path = "") -> Match:
    """Rebuild a match from save data, checking each digest. ``upto`` stops after that many
    actions (the replay viewer uses it).

    The embedded scenario is checked like a scenario file before any game code sees it
    (FileError with ``scenario.text`` fields). Its data files come from ``resources/<game>/``
    or ``folder`` (the folder of the save file), never from the path written inside the save.
    """
    game = resolve(data["game"], resolver)
    sc = data["scenario"]
    try:
        match = match_from_scenario_text(game, sc["text"], sc.get("path", ""), int(data["seed"]),
                                         data.get("options") or {}, keep_snapshots=keep_snapshots,
                                         folder=folder, check=True)
    except FileError as e:
        raise FileError([FileProblem(p.file, p.line, "scenario.text" + (("." + p.field) if p.field else ""),
                                     p.message) for p in e.problems]) from None
    want0 = data.get("initial_digest")
    if verify and want0 and want0 != match.initial_digest:
        raise ReplayError(0, "the scenario sets up a different position than when this was saved")
    entries = data["actions"] if upto is None else data["actions"][:upto]
    for i, entry in enumerate(entries, start=1):
        try:
            match.apply(entry["action"], in_place=not keep_snapshots)   # a failed replay is dropped
        except IllegalAction as e:
            raise ReplayError(i, f"illegal on replay: {e.illegal}") from None
        if verify and entry.get("digest") and match.history[-1].digest != entry["digest"]:
            raise ReplayError(i, "the position after this action differs from the saved one "
                                 "(digest mismatch)")
    return match


def load_save(path: str | Path) -> Loaded:
    """Parse and schema-check a save file; FileError with file, line and field on problems."""
    loaded = load(path)
    problems = [loaded.problem(f, m) for f, m in schema_problems(loaded.data, SAVE_SCHEMA)]
    if problems:
        raise FileError(problems)
    return loaded


def open_save(path: str | Path, keep_snapshots: bool = True, resolver: Resolver | None = None) -> Match:
    """Replay a save file; every problem (its embedded scenario included) as a FileError whose
    lines name the save file."""
    loaded = load_save(path)
    return replay_loaded(loaded, keep_snapshots=keep_snapshots, resolver=resolver)


def replay_loaded(loaded: Loaded, keep_snapshots: bool = True, resolver: Resolver | None = None,
                  verify: bool = True) -> Match:
    from app.engine.paths import designer_folder_of
    path = loaded.path
    folder = designer_folder_of(path) if Path(path).is_file() else ""
    try:
        return replay(loaded.data, keep_snapshots=keep_snapshots, resolver=resolver, folder=folder,
                      verify=verify)
    except ReplayError as e:
        field = f"actions.{e.index - 1}" if e.index else "scenario"
        raise FileError([loaded.problem(field, e.message)]) from None
    except FileError as e:
        raise FileError([loaded.problem(p.field, f"line {p.line} of the embedded scenario: {p.message}")
                         for p in e.problems]) from None
    except UnknownGame as e:
        raise FileError([loaded.problem("game", str(e))]) from None


# -- the journal -------------------------------------------------------------------------------

class Journal:
    """Append-only record of a match in progress, one JSON object a line.

    Attach it with :meth:`attach`; it writes a header, then one line per apply, undo and redo,
    each flushed and fsynced before the window moves on.
    """

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._fh = None

    def attach(self, match: Match, players: dict[str, str] | None = None) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._fh = open(self.path, "w", encoding="utf-8")
        header = {"format": JOURNAL_FORMAT, "version": FILE_VERSION, "game": match.game.id,
                  "scenario": {"path": match.scenario_path, "text": match.scenario_text},
                  "seed": match.seed, "options": match.options, "players": players or {},
                  "initial_digest": match.initial_digest}
        self._write(header)
        for s in match.history:
            self._write({"action": s.action, "digest": s.digest})
        match.listeners.append(self._on_change)

    def _on_change(self, match: Match, what: str, step: Step | None) -> None:
        if what == "apply" and step is not None:
            self._write({"action": step.action, "digest": step.digest})
        elif what in ("undo", "redo"):
            self._write({what: 1})

    def _write(self, obj: dict[str, Any]) -> None:
        if self._fh is None:
            return
        self._fh.write(json.dumps(obj, sort_keys=True) + "\n")
        self._fh.flush()
        os.fsync(self._fh.fileno())

    def close(self, delete: bool = True) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None
        if delete:
            try:
                self.path.unlink()
            except FileNotFoundError:
                pass


def read_journal(path: str | Path) -> dict[str, Any] | None:
    """Turn a journal into save data (undo/redo folded in); None if it holds nothing usable.

    Never raises on a damaged journal: a torn last line (the process died mid-write) is
    ignored, and a header or line that is not what the journal writes makes it unusable.
    """
    try:
        text = read_text(path)
    except FileError:
        return None
    return journal_as_save(text)


def journal_as_save(text: str) -> dict[str, Any] | None:
    """The save data a journal's text holds, or None when it holds no usable game."""
    records = []
    for line in text.splitlines():
        try:
            rec = json.loads(line)
        except (ValueError, RecursionError):
            break
        if not isinstance(rec, dict) or nesting_depth(rec) > MAX_DEPTH:
            break
        records.append(rec)
    if not records or schema_problems(records[0], JOURNAL_HEADER_SCHEMA):
        return None
    head = records[0]
    done: list[dict[str, Any]] = []
    undone: list[dict[str, Any]] = []
    for r in records[1:]:
        if "action" in r:
            done.append(r)
            undone.clear()
        elif "undo" in r and done:
            undone.append(done.pop())
        elif "redo" in r and undone:
            done.append(undone.pop())
    data = {"format": SAVE_FORMAT, "version": FILE_VERSION, "game": head["game"],
            "scenario": head["scenario"], "seed": head["seed"], "options": head.get("options", {}),
            "initial_digest": head.get("initial_digest", ""), "actions": done,
            "players": head.get("players", {})}
    if not data["initial_digest"]:
        del data["initial_digest"]
    return None if schema_problems(data, SAVE_SCHEMA) else data


def set_aside(path: str | Path, stamp: str | None = None) -> Path:
    """Rename a journal that cannot be used to ``NAME.unreadable-<stamp>`` beside it (kept for
    a bug report, out of the way of the next start); returns where it went."""
    import datetime
    p = Path(path)
    stamp = stamp or datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    dest = p.with_name(f"{p.name}.unreadable-{stamp}")
    n = 1
    while dest.exists():
        n += 1
        dest = p.with_name(f"{p.name}.unreadable-{stamp}-{n}")
    os.replace(p, dest)
    return dest


@dataclass
class StartCheck:
    """What the window finds at start-up: a game to offer back, or a journal set aside."""

    data: dict[str, Any] | None = None
    set_aside: Path | None = None
    reason: str = ""


def check_journal_at_start(path: str | Path, stamp: str | None = None,
                           resolver: Resolver | None = None) -> StartCheck:
    """Read the crash journal left by the last session without ever failing: a journal that
    cannot be read or replayed is set aside (renamed with a date) and the reason returned."""
    from app.engine.files import sweep_temps
    p = Path(path)
    sweep_temps(p.parent)   # what writes killed half-way in the last session left behind
    if not p.exists() and not p.is_symlink():
        return StartCheck()
    data = read_journal(p)
    reason = ""
    if data is None:
        reason = "it is damaged or is not a Ridgeline journal"
    else:
        # The start-up journal is this program's own file: the scenario it names is trusted to
        # say where its designer's data files are (a journal opened from elsewhere is not).
        sc_path = str(data["scenario"].get("path") or "")
        from app.engine.paths import designer_folder_of, is_file_on_disk
        folder = designer_folder_of(sc_path) if sc_path and is_file_on_disk(sc_path) else ""
        try:
            replay(data, keep_snapshots=False, resolver=resolver, folder=folder)
        except ReplayError as e:
            reason = f"its game cannot be replayed ({e})"
        except FileError as e:
            reason = f"its scenario has problems ({e.problems[0].field}: {e.problems[0].message})"
        except UnknownGame as e:
            reason = str(e)
        except Exception as e:  # noqa: BLE001 - the window must start whatever the journal holds
            reason = "its game cannot be replayed"
        if not reason:
            return StartCheck(data=data)
    try:
        moved = set_aside(p, stamp)
    except OSError:
        try:
            p.unlink()
        except OSError:
            pass
        moved = None
    return StartCheck(set_aside=moved, reason=reason)


@dataclass
class Recovery:
    path: Path
    data: dict[str, Any]

    @property
    def actions(self) -> int:
        return len(self.data["actions"])
