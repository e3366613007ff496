"""Self-play: automatic players against each other (or the solitaire player against its game).

Used by ``ridgeline selfplay``, the fuzz tests and the balance lab. Game ``i`` of a run with
base seed ``S`` uses seed ``S + i`` for both the dice and the players, so the same command always
prints the same results, however many worker processes share the work.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

import app.games  # noqa: F401 - installs the game resolver the engine's loaders use
from app.ai.pool import ordered_map
from app.ai.registry import PlayerUnavailable, factory, player_names
from app.engine.game import Game, IllegalAction
from app.engine.match import Match
from app.engine.players import Player, RandomPlayer


class PlayerError(Exception):
    pass


def make_player(game: Game, spec: str, seed: int, side: str) -> Player:
    """Build a player from a name such as ``random``, ``ai``, ``ai:hard`` or ``greedy``."""
    name, _, level = spec.partition(":")
    if name == "random":
        return RandomPlayer(seed, side)
    try:
        make = factory(game, name)
    except PlayerUnavailable as e:
        raise PlayerError(str(e)) from e
    if make is None:
        offered = ", ".join(["random", *player_names(game)])
        if name == "ai":
            raise PlayerError(f"{game.name} has no AI player yet (available: {offered})")
        raise PlayerError(f"unknown player {spec!r} for {game.name} (available: {offered})")
    return make(seed=seed, side=side, level=level or "normal")


def default_players(game: Game) -> list[str]:
    name = "ai" if "ai" in player_names(game) else "random"
    return [name] * len(game.sides)


def parse_players(game: Game, spec: str | None) -> list[str]:
    if not spec:
        return default_players(game)
    names = [s.strip() for s in spec.split(",") if s.strip()]
    if len(names) == 1 and len(game.sides) > 1:
        names = names * len(game.sides)
    if len(names) != len(game.sides):
        raise PlayerError(f"{game.name} has {len(game.sides)} side(s) "
                          f"({', '.join(game.sides)}); got {len(names)} player name(s)")
    for i, n in enumerate(names):
        make_player(game, n, 0, game.sides[i])  # fail early on unknown names
    return names


@dataclass
class GameResult:
    seed: int
    winner: str | None
    outcome: dict[str, Any] | None
    turns: int
    state_hash: str
    actions: int

    def to_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "winner": self.winner, "outcome": self.outcome,
                "turns": self.turns, "state_hash": self.state_hash, "actions": self.actions}


def play_one(game: Game, scenario: dict[str, Any], seed: int, players: list[str],
             max_actions: int = 200_000,
             check: Callable[[Match], None] | None = None,
             data_folder: str | Path | None = None,
             dice: list[int] | None = None) -> GameResult:
    """Play one game to its end. ``check`` runs after every action (the fuzzer's invariants);
    ``data_folder`` is the designer's folder of the scenario file (its data files); ``dice``
    the fixed rolls that open the game (``--dice``, app.engine.dice), ahead of the scenario's."""
    options = {"dice": list(dice)} if dice else None
    match = Match.start(game, scenario, seed=seed, options=options, keep_snapshots=False,
                        data_folder=data_folder)
    seats = {side: make_player(game, spec, seed, side) for side, spec in zip(game.sides, players)}
    for _ in range(max_actions):
        if match.outcome() is not None:
            break
        legal = match.legal_actions()
        if not legal:
            raise PlayerError(f"seed {seed}: no legal action and no outcome at turn "
                              f"{match.state.turn}, phase {match.state.phase} (a dead end)")
        side = match.state.active
        if side not in seats:
            raise PlayerError(f"seed {seed}: active side {side!r} has no player")
        action = seats[side].choose(match, legal)
        try:
            match.apply(action, checked=any(action is a for a in legal))
        except IllegalAction as e:
            raise PlayerError(f"seed {seed}: player {players[game.sides.index(side)]} chose an "
                              f"illegal action {action}: {e.illegal}") from None
        if check is not None:
            check(match)
    else:
        raise PlayerError(f"seed {seed}: no outcome after {max_actions} actions")
    out = match.outcome()
    return GameResult(seed=seed, winner=out.winner if out else None,
                      outcome=out.to_json() if out else None, turns=match.state.turn,
                      state_hash=match.digest(), actions=len(match.history))


def task(path: str | Path, seed: int, players: list[str], dice: list[int] | None = None) -> tuple:
    """The picklable description of one game, for a local pool or a cluster."""
    return (str(path), seed, players) + ((list(dice),) if dice else ())


def _worker(args: tuple) -> dict[str, Any]:
    """One game: (path, seed, players) or (path, seed, players, fixed dice)."""
    path, seed, players = args[:3]
    dice = args[3] if len(args) > 3 else None
    from app.engine.paths import designer_folder_of
    from app.engine.scenario import load_scenario
    game, loaded = load_scenario(path)
    return play_one(game, loaded.data, seed, players, data_folder=designer_folder_of(path),
                    dice=dice).to_json()


def run_many(path: str | Path, games: int, seed: int, players: list[str], jobs: int = 1,
             progress: Callable[[int, int], None] | None = None,
             dice: list[int] | None = None) -> list[dict[str, Any]]:
    """Play ``games`` games with seeds ``seed .. seed+games-1``; results in seed order.
    ``dice``: fixed rolls that open every game (then each game's seed takes over)."""
    tasks = [task(path, seed + i, players, dice) for i in range(games)]
    return ordered_map(_worker, tasks, jobs, progress=progress,
                       chunksize=max(1, games // (max(1, jobs) * 8)))


def summarise(game: Game, results: Iterable[dict[str, Any]]) -> dict[str, Any]:
    res = list(results)
    n = len(res) or 1
    win_rate = {side: sum(1 for r in res if r["winner"] == side) / n for side in game.sides}
    return {"win_rate": win_rate, "mean_turns": sum(r["turns"] for r in res) / n,
            "draws_or_losses": sum(1 for r in res if r["winner"] is None)}
