"""Files: new games, opening and saving, the recent list, the sandbox's scenarios and the crash
journal that lets a game be recovered after a crash."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable

from PySide6.QtWidgets import QFileDialog, QMessageBox

from app.engine.game import Game
from app.engine.match import Match
from app.ui import catalog
from app.ui.config import journal_path
from app.ui.dialogs import NewGameDialog
from app.ui.mnemonic import literal


FILE_FILTER = "Ridgeline files (*.json *.rsave *.toml);;Saves (*.json *.rsave);;Scenarios (*.toml);;All files (*)"


class FilesMixin:
    """Files and crash recovery: a part of :class:`~app.ui.window.MainWindow`."""

    def _recent(self) -> list[str]:
        if self.settings is None:
            return []
        v = self.settings.value("recent", [])
        if isinstance(v, str):
            v = [v]
        return [str(x) for x in (v or [])]

    def _add_recent(self, path: Path) -> None:
        if self.settings is None:
            return
        p = str(Path(path).resolve())
        items = [x for x in self._recent() if x != p]
        self.settings.setValue("recent", [p] + items[:7])

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        items = self._recent()
        if not items:
            a = self.recent_menu.addAction("(none yet)")
            a.setEnabled(False)
        for p in items:
            self.recent_menu.addAction(literal(Path(p).name), lambda p=p: self.open_path(p)).setToolTip(p)

    def new_game(self, game: Game, scenario_text: str, seed: int = 0, options: dict[str, Any] | None = None,
                 players: dict[str, str] | None = None, scenario_path: str = "", sandbox: bool = False) -> Match:
        from app.engine.saves import match_from_scenario_text
        match = match_from_scenario_text(game, scenario_text, scenario_path, seed, options or {})
        if sandbox:
            from app.ui.sandbox import sandbox_from_match
            g, sc = sandbox_from_match(match)
            match = Match.start(g, sc, seed=seed)
            self.start_match(match, mode="sandbox")
        else:
            self.start_match(match, players)
        return match

    def new_game_dialog(self) -> None:
        dlg = NewGameDialog(self, self.match.game.id if self.match and self.mode == "play" else None)
        if dlg.exec() != NewGameDialog.DialogCode.Accepted:
            return
        cfg = dlg.result_config()
        entry = cfg["scenario"]
        if entry is None:
            return
        game = catalog.get(cfg["game"])
        try:
            if game is None:
                self.open_sandbox_scenario(entry.path)
                return
            rel = str(entry.path) if entry.path else ""
            self.new_game(game, entry.read(), cfg["seed"], cfg["options"], cfg["players"], rel, cfg["sandbox"])
        except Exception as e:  # a broken scenario file: say so, keep the window
            self.warn("Cannot start the game", str(e))

    def open_sandbox_scenario(self, path: str | Path) -> None:
        from app.ui.sandbox import sandbox_from_scenario_file
        g, sc = sandbox_from_scenario_file(path)
        self.start_match(Match.start(g, sc, seed=int(time.time()) % 1_000_000), mode="sandbox")

    def open_sandbox_save(self, p: Path, loaded: Any) -> None:
        """A file saved from the sandbox opens as that sandbox, to the digest (pieces, places,
        turn, dice), whatever its pieces stand on. When the game's rules can set the same
        pieces up, unticking Game > Sandbox plays on from them with the rules on; when they
        cannot (a piece in a box the game does not know...), the status bar says why."""
        from app.ui.sandbox import SandboxGame, saved_sandbox, sandbox_from_scenario_file, sandbox_title
        live, why = self._rules_match(p, loaded)
        exact = saved_sandbox(loaded.data, p)
        if exact is None:                     # the board it was saved on is gone: best effort
            if live is not None:
                self.start_match(live, {}, path=p)
                self.status("The board this sandbox was saved on has changed: opened with the rules on")
                return
            g, sc = sandbox_from_scenario_file(p)
        else:
            g, sc = SandboxGame(sandbox_title(loaded.data, p)), exact
        self.start_match(Match.start(g, sc, seed=int(time.time()) % 1_000_000), mode="sandbox")
        self._live = {"match": live, "players": {}, "path": p, "journal": None} if live is not None else None
        self.status("A sandbox position: " + ("untick Game > Sandbox to play on from it with the rules on."
                                              if live is not None else f"the rules cannot set it up ({why}), "
                                              "so it stays in the sandbox."))

    def _rules_match(self, p: Path, loaded: Any) -> tuple[Match | None, str]:
        """The file started with its game's rules on, or None and why not."""
        game = catalog.get(str(loaded.data.get("game")))
        if game is None:
            return None, "this game has no rules yet"
        from app.engine.scenario import check_scenario
        game, problems = check_scenario(loaded)
        if problems or game is None:
            return None, (str(getattr(problems[0], "message", problems[0])) if problems else "no game").split("\n")[0]
        try:
            return Match.start(game, loaded.data, seed=int(time.time()) % 1_000_000, scenario_path=str(p),
                               scenario_text=loaded.text), ""
        except Exception as e:              # the game's own set-up refused the pieces
            first = (getattr(e, "problems", None) or [e])[0]
            return None, str(getattr(first, "message", first)).split("\n")[0] or type(e).__name__

    def open_board_sandbox(self, data: dict[str, Any], source: str = "") -> None:
        from app.ui.sandbox import SandboxGame, scenario_from
        g = SandboxGame(f"{Path(source).name or 'Board'} (sandbox)")
        self.start_match(Match.start(g, scenario_from(data, [], source=source), seed=0), mode="sandbox")

    def open_path(self, path: str | Path) -> bool:
        """Open a save, a scenario, a journal or a board file. False (with a message) if not."""
        from app.engine.files import FileError, load
        p = Path(path)
        try:
            loaded = load(p)
            data = loaded.data
            fmt = data.get("format") if isinstance(data, dict) else None
            if fmt == "ridgeline-save":
                from app.engine.saves import open_save
                match = open_save(p)
                self.start_match(match, data.get("players") or {}, path=p)
            elif fmt == "ridgeline-journal":
                from app.engine.saves import read_journal, replay
                d = read_journal(p)
                if d is None:
                    raise ValueError("the journal holds no game")
                self.start_match(replay(d), d.get("players") or {})
            elif fmt == "ridgeline-scenario" and isinstance(data.get("sandbox"), dict):
                self.open_sandbox_save(p, loaded)
            elif fmt == "ridgeline-scenario":
                game = catalog.get(str(data.get("game")))
                if game is None:
                    self.open_sandbox_scenario(p)
                else:
                    from app.engine.scenario import check_scenario
                    game, problems = check_scenario(loaded)    # the file parsed once, above
                    if problems or game is None:
                        raise FileError(problems or [loaded.problem("game", "no game")])
                    seed = int(time.time()) % 1_000_000
                    match = Match.start(game, loaded.data, seed=seed, scenario_path=str(p), scenario_text=loaded.text)
                    self.start_match(match, {}, path=p)
            elif isinstance(data, dict) and data.get("kind") in ("hexmap", "pointgraph", "table"):
                self.open_board_sandbox(data, str(p))
            else:
                raise ValueError("not a Ridgeline save, scenario, journal or board file")
        except FileError as e:
            self._open_failed(p, "\n".join(str(x) for x in e.problems))
            return False
        except Exception as e:
            self._open_failed(p, str(e) or type(e).__name__)
            return False
        self._add_recent(p)
        return True

    def _open_failed(self, p: Path, why: str) -> None:
        self.status(f"Cannot open {p.name}: {why.splitlines()[0] if why else ''}")
        self.warn("Cannot open", f"{p}\n\n{why}")

    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open a save, scenario or board", "", FILE_FILTER)
        if path:
            self.open_path(path)

    # -- saving -------------------------------------------------------------------------------
    def save(self) -> bool:
        if self.save_path is None:
            return self.save_as_dialog()
        return self.save_to(self.save_path)

    def save_to(self, path: str | Path) -> bool:
        if self.match is None or self.mode != "play":
            self.status("Only a game with its rules on can be saved (the sandbox is not saved)")
            return False
        from app.engine.saves import write_save
        try:
            write_save(self.match, path, self.players)
        except OSError as e:
            self.status(f"Could not save: {e}")
            return False
        self.save_path = Path(path)
        self._add_recent(self.save_path)
        self._update_title()
        self.status(f"Saved {self.save_path.name} ({len(self.match.history)} actions)")
        return True

    def save_as_dialog(self) -> bool:
        if self.match is None or self.mode != "play":
            self.status("Nothing to save")
            return False
        path, _ = QFileDialog.getSaveFileName(self, "Save the game", str(self.save_path or "game.json"),
                                              "Ridgeline saves (*.json)")
        return self.save_to(path) if path else False

    # -- crash recovery -------------------------------------------------------------------------
    def offer_recovery(self, ask: Callable[[dict[str, Any]], bool] | None = None) -> bool:
        """If the last session did not close cleanly, offer its game back. True if restored."""
        from app.engine.saves import ReplayError, replay
        from app.ui.recovery_notice import journal_at_start
        jp = journal_path()
        data = journal_at_start(jp, self.warn)   # a bad journal is set aside, the player told once
        if data is None:
            return False
        ask = ask or self._ask_recovery
        if not ask(data):
            jp.unlink(missing_ok=True)
            return False
        try:
            match = replay(data)
        except (ReplayError, Exception) as e:
            self.status(f"Cannot restore the unfinished game: {e}")
            self.warn("Cannot restore", f"The unfinished game could not be replayed:\n{e}")
            return False
        self.start_match(match, data.get("players") or {})
        self.status(f"Restored the unfinished game ({len(match.history)} actions)")
        return True

    def _ask_recovery(self, data: dict[str, Any]) -> bool:
        n = len(data.get("actions", []))
        r = QMessageBox.question(
            self, "Restore the unfinished game?",
            f"Ridgeline did not close properly last time. Restore the game in progress "
            f"({data.get('game')}, {n} action{'s' if n != 1 else ''})?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes)
        return r == QMessageBox.StandardButton.Yes

    def _close_journal(self, delete: bool) -> None:
        if self.journal is not None:
            if self.match is not None and self.journal._on_change in self.match.listeners:
                self.match.listeners.remove(self.journal._on_change)
            self.journal.close(delete=delete)
            self.journal = None

    def closeEvent(self, event) -> None:  # noqa: N802
        if getattr(self, "report", None) is not None:
            try:
                self.report.close()
            except RuntimeError:          # already deleted
                pass
        for box in self.findChildren(QMessageBox):
            box.close()
        self._stop_ai_job()
        self._close_journal(delete=True)   # a clean close: nothing to recover
        self._clean_close = True
        self.save_layout()
        super().closeEvent(event)
