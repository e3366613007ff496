"""The ``ridgeline`` command (also ``python -m app``).

Subcommands, exit codes, JSON keys and game ids are a public contract: scripts and acceptance
checks drive the games through them. Extend, never change.

Exit codes: 0 success; 1 a request that cannot be met (no AI for that game, rendering failed);
2 invalid input (a bad file, bad arguments); 3 an illegal action in ``run``/``legal``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any, Sequence

EXIT_OK, EXIT_FAIL, EXIT_INVALID, EXIT_ILLEGAL = 0, 1, 2, 3


def _print_json(obj: Any) -> None:
    print(json.dumps(obj, indent=2, sort_keys=True, ensure_ascii=False))


def _err(msg: str) -> None:
    print(f"ridgeline: {msg}", file=sys.stderr)


def _rel(path: Path) -> str:
    from app import ROOT
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


# -- games -------------------------------------------------------------------------------------

def cmd_games(args: argparse.Namespace) -> int:
    from app import RESOURCES
    from app.engine.files import scenario_infos
    from app.games import all_games
    out = []
    for g in all_games():
        scen = scenario_infos(RESOURCES / g.id / "scenarios")
        out.append({"id": g.id, "name": g.name, "playable": g.playable,
                    "scenarios": [{"id": s.id, "name": s.name, "path": _rel(s.path)} for s in scen]})
    if args.json:
        _print_json({"games": out})
    else:
        for g in out:
            flag = "" if g["playable"] else "  (sandbox only: rules not written yet)"
            print(f"{g['id']:<14} {g['name']}{flag}")
            for s in g["scenarios"]:
                print(f"    {s['id']:<26} {s['name']}  [{s['path']}]")
    return EXIT_OK


# -- validate ----------------------------------------------------------------------------------

def cmd_validate(args: argparse.Namespace) -> int:
    from app.engine.files import capped
    from app.engine.validate import validate_path
    bad = False
    for f in args.files:
        problems = validate_path(f)
        for line in capped(problems):
            print(line)
        if problems:
            bad = True
        elif not args.quiet:
            print(f"{f}: ok", file=sys.stderr)
    return EXIT_INVALID if bad else EXIT_OK


# -- run / legal -------------------------------------------------------------------------------

def _open_match(path: str, seed: int | None, dice: str | None = None):
    """A match from a scenario (with seed) or from a save (its own seed and actions).
    ``dice``: the ``--dice 3,3,4`` text, fixed rolls ahead of the scenario's (app.engine.dice)."""
    from app.engine.files import FileError, load
    from app.engine.match import Match
    from app.engine.paths import designer_folder_of
    from app.engine.saves import SAVE_SCHEMA, replay_loaded, schema_problems
    from app.engine.scenario import check_scenario
    loaded = load(path)
    if isinstance(loaded.data, dict) and loaded.data.get("format") == "ridgeline-save":
        if dice:
            raise _DiceError(f"{path}: --dice applies to a scenario; a save replays with the fixed dice it was played with")
        problems = [loaded.problem(f, m) for f, m in schema_problems(loaded.data, SAVE_SCHEMA)]
        if problems:
            raise FileError(problems)
        return replay_loaded(loaded, keep_snapshots=False)
    game, problems = check_scenario(loaded)    # the file read and parsed once
    if problems or game is None:
        raise FileError(problems or [loaded.problem("game", "no game")])
    options = {"dice": _parse_dice(game, dice)} if dice else None
    return Match.start(game, loaded.data, seed=seed or 0, options=options, scenario_path=_rel(Path(path)),
                       scenario_text=loaded.text, keep_snapshots=False,
                       data_folder=designer_folder_of(path))


class _DiceError(ValueError):
    """Bad ``--dice`` text or a fixed roll the die cannot show (exit code 2)."""


def _parse_dice(game: Any, text: str) -> list[int]:
    from app.engine.dice import dice_problems, game_faces, parse_dice_text
    try:
        values = parse_dice_text(text)
    except ValueError as e:
        raise _DiceError(str(e)) from None
    problems = dice_problems(values, game_faces(game), field="--dice")
    if problems:
        def where(f: str) -> str:  # "--dice[2]" -> "roll 3" (people count from one)
            return f"roll {int(f[f.index('[') + 1:-1]) + 1}" if "[" in f else f
        raise _DiceError("; ".join(f"--dice: {where(f)}: {m}" for f, m in problems))
    return values


def _read_actions(path: str) -> list[tuple[int, Any]]:
    from app.engine.files import FileError, FileProblem, read_text
    text = read_text(path)
    out = []
    for no, line in enumerate(text.splitlines(), start=1):
        s = line.strip()
        if not s or s.startswith("#") or s.startswith("//"):
            continue
        try:
            obj = json.loads(s)
        except json.JSONDecodeError as e:
            raise FileError([FileProblem(path, no, "", f"not a JSON object: {e.msg}")]) from None
        if not isinstance(obj, dict) or not isinstance(obj.get("type"), str):
            raise FileError([FileProblem(path, no, "type", "each line must be a JSON object with a string \"type\"")])
        out.append((no, obj))
    return out


def _apply_actions(match, actions_file: str | None) -> tuple[int, dict[str, Any] | None]:
    """Apply a JSONL file; on an illegal action return (EXIT_ILLEGAL, error object)."""
    from app.engine.game import IllegalAction
    if not actions_file:
        return EXIT_OK, None
    for n, (line, action) in enumerate(_read_actions(actions_file), start=1):
        try:
            match.apply(action)
        except IllegalAction as e:
            err = {"action_number": n, "line": line, "action": action,
                   "reason": e.illegal.reason, "rule": e.illegal.rule}
            rule = f" (rule {e.illegal.rule})" if e.illegal.rule else ""
            _err(f"{actions_file}:{line}: action {n} is illegal: {e.illegal.reason}{rule}")
            return EXIT_ILLEGAL, err
    return EXIT_OK, None


def cmd_run(args: argparse.Namespace) -> int:
    match = _open_match(args.scenario, args.seed, getattr(args, "dice", None))
    code, err = _apply_actions(match, args.actions)
    summary = match.summary()
    if err:
        summary["error"] = err
    if args.save:
        from app.engine.saves import write_save
        write_save(match, args.save)
    if getattr(args, "position", None):
        _write_position(match, args.position)
    if args.json:
        _print_json(summary)
    else:
        out = summary["outcome"]
        print(f"{match.game.name} - {summary['scenario']}")
        print(f"turn {summary['turn']}, phase {summary['phase']}, {summary['active']} to act; "
              f"{summary['actions_applied']} action(s) applied")
        print("outcome: " + (f"{out['winner'] or 'nobody'} - {out['level']}: {out['reason']}" if out else "in progress"))
        print(f"state_hash {summary['state_hash']}")
        if args.log:
            for e in match.setup_events + match.events():   # a position's entry steps first
                print(f"  {e}")
    return code


def cmd_legal(args: argparse.Namespace) -> int:
    match = _open_match(args.scenario, args.seed, getattr(args, "dice", None))
    code, err = _apply_actions(match, args.actions)
    actions = match.legal_actions() if code == EXIT_OK else []
    if args.json:
        obj: dict[str, Any] = {"actions": actions, "active": match.state.active,
                               "phase": match.state.phase, "turn": match.state.turn,
                               "prompt": match.prompt()}
        if err:
            obj["error"] = err
        _print_json(obj)
    else:
        if code == EXIT_OK:
            print(f"# turn {match.state.turn}, {match.state.phase}, {match.state.active}: {match.prompt()}")
        for a in actions:
            print(json.dumps(a, sort_keys=True))
    return code


# -- selfplay ----------------------------------------------------------------------------------

def cmd_selfplay(args: argparse.Namespace) -> int:
    from app.ai.selfplay import PlayerError, parse_players, run_many, summarise
    from app.engine.scenario import load_scenario
    game, loaded = load_scenario(args.scenario)
    dice = _parse_dice(game, args.dice) if getattr(args, "dice", None) else None
    if args.games < 1:
        _err("--games must be at least 1")
        return EXIT_INVALID
    try:
        players = parse_players(game, args.players)
    except PlayerError as e:
        _err(str(e))
        return EXIT_FAIL
    if args.scheduler:
        from app.ai.cluster import ClusterUnavailable, run_on_cluster
        try:
            results = run_on_cluster(args.scheduler, args.scenario, args.games, args.seed, players,
                                     dice=dice)
        except (ClusterUnavailable, OSError, TimeoutError) as e:
            _err(f"cluster: {e}")
            return EXIT_FAIL
    else:
        jobs = args.jobs or os.cpu_count() or 1
        try:
            results = run_many(args.scenario, args.games, args.seed, players, jobs=jobs, dice=dice)
        except PlayerError as e:
            _err(str(e))
            return EXIT_FAIL
    summary = summarise(game, results)
    results_out = [{k: r[k] for k in ("seed", "winner", "outcome", "turns", "state_hash")} for r in results]
    if args.json:
        _print_json({"games": len(results), "players": dict(zip(game.sides, players)),
                     "results": results_out, "summary": summary})
    else:
        for r in results_out:
            lvl = r["outcome"]["level"] if r["outcome"] else "-"
            print(f"seed {r['seed']:>6}: winner {r['winner'] or 'none':<12} {lvl:<24} turns {r['turns']}")
        rates = ", ".join(f"{s} {v:.1%}" for s, v in summary["win_rate"].items())
        print(f"{len(results)} games; win rate: {rates}; mean turns {summary['mean_turns']:.2f}")
    return EXIT_OK


# -- window, render, bench, editor, fmt --------------------------------------------------------

def cmd_gui(args: argparse.Namespace) -> int:
    from app.ui.main import run_gui
    path = getattr(args, "file", None)
    dice = getattr(args, "dice", None)
    if not dice:
        return run_gui(path)
    if not path:
        _err("--dice needs a scenario to open")
        return EXIT_INVALID
    # the same reading as run/legal/show/render: checked before the window opens (exit 2 if bad);
    # a new seed each time, as File > Open gives, once the fixed rolls are used up
    import time
    match = _open_match(path, int(time.time()) % 1_000_000, dice)
    return run_gui(path, match=match)


def cmd_edit(args: argparse.Namespace) -> int:
    from app.editor.main import run_editor
    return run_editor(args.file)


def cmd_render(args: argparse.Namespace) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from app.ui.render import render_to_png
    match = _open_match(args.scenario, args.seed, getattr(args, "dice", None))
    code, err = _apply_actions(match, args.actions)
    if code != EXIT_OK:
        return code
    render_to_png(match, args.output, width=args.width, height=args.height)
    print(args.output)
    return EXIT_OK


def cmd_bench(args: argparse.Namespace) -> int:
    from app.bench import run_bench
    return run_bench(json_out=args.json, quick=args.quick, only=args.only,
                     baseline=args.baseline)


def cmd_fmt(args: argparse.Namespace) -> int:
    from app.engine.canonical import format_files
    return format_files(args.files, check=args.check)


def cmd_schema(args: argparse.Namespace) -> int:
    from app.engine.schemas import SCHEMAS
    if getattr(args, "game", None):
        if args.kind != "scenario":
            _err("--game applies to the scenario schema only")
            return EXIT_INVALID
        from app.engine.position import scenario_schema
        from app.games import get_game
        _print_json(scenario_schema(get_game(args.game)))
        return EXIT_OK
    if args.kind == "rules-summary":
        from app.engine.rules_summary import SCHEMA
        _print_json(SCHEMA)
        return EXIT_OK
    _print_json(SCHEMAS[args.kind])
    return EXIT_OK


# -- positions: write the moment, read it ------------------------------------------------------

def _write_position(match: Any, out: str) -> None:
    """``run --position OUT.toml``: the current moment as a scenario (app.engine.position)."""
    from app.engine.files import atomic_write
    from app.engine.position import position_scenario, position_toml
    stem = Path(out).stem.lower()
    pid = "".join(c if c.isalnum() else "-" for c in stem).strip("-") or "position"
    doc = position_scenario(match.game, match.state, match.scenario, match.options, id=pid)
    atomic_write(out, position_toml(doc))


def cmd_show(args: argparse.Namespace) -> int:
    """What one side may see at a moment: every piece with its place and state, and the game's
    overlays by name (zones of control, In Communication, cones, reach...)."""
    from app.engine.show import show
    match = _open_match(args.scenario, args.seed, getattr(args, "dice", None))
    code, err = _apply_actions(match, args.actions)
    side = args.side
    if side is not None and side not in match.game.sides:
        _err(f"--side must be one of {', '.join(match.game.sides)}")
        return EXIT_INVALID
    obj = show(match.game, match.state, side)
    if err:
        obj["error"] = err
    if args.json:
        _print_json(obj)
    else:
        print(f"{match.game.name}: turn {obj['turn']}, {obj['phase']}, {obj['active']} to act"
              + (f" (as seen by {side})" if side else ""))
        for pc in obj["pieces"]:
            state = ", ".join(str(f) for f in pc.get("flags", []) or [])
            print(f"  {pc['id']:<16} at {pc.get('at')!s:<16} {pc.get('label', '')} {state}".rstrip())
        for name, ov in obj["overlays"].items():
            size = len(ov.get("hexes", []) or ov.get("points", []) or [])
            print(f"  overlay {name}: {ov.get('label') or ov.get('kind')}" + (f" ({size})" if size else ""))
    return code


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="ridgeline", description="Ridgeline: Korean War wargames with every rule enforced.")
    sub = p.add_subparsers(dest="command")

    s = sub.add_parser("open", help="open the desktop program on a scenario or save")
    s.add_argument("file", nargs="?")
    s.add_argument("--dice", metavar="3,3,4", help="fixed rolls, in order, before the seed takes over")
    s.set_defaults(fn=cmd_gui)

    s = sub.add_parser("edit", help="the designers' editor")
    s.add_argument("file", nargs="?")
    s.set_defaults(fn=cmd_edit)

    s = sub.add_parser("games", help="installed games and their scenarios")
    s.add_argument("--json", action="store_true")
    s.set_defaults(fn=cmd_games)

    s = sub.add_parser("validate", help="check scenario, map, data and save files")
    s.add_argument("files", nargs="+")
    s.add_argument("-q", "--quiet", action="store_true", help="print nothing for valid files")
    s.set_defaults(fn=cmd_validate)

    for name, fn, helptext in (("run", cmd_run, "play actions headless and print the position"),
                               ("legal", cmd_legal, "list the legal actions at a point")):
        s = sub.add_parser(name, help=helptext)
        s.add_argument("scenario")
        s.add_argument("--seed", type=int, default=0)
        s.add_argument("--actions", metavar="FILE.jsonl")
        s.add_argument("--json", action="store_true")
        s.add_argument("--dice", metavar="3,3,4", help="fixed rolls, in order, before the seed takes over")
        if name == "run":
            s.add_argument("--save", metavar="FILE", help="also write a save file")
            s.add_argument("--log", action="store_true", help="print the game log")
            s.add_argument("--position", metavar="OUT.toml",
                           help="also write the final moment as a scenario (docs/scenarios.md)")
        s.set_defaults(fn=fn)

    s = sub.add_parser("show", help="what a side may see at a moment: pieces and overlays")
    s.add_argument("scenario")
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--actions", metavar="FILE.jsonl")
    s.add_argument("--side", help="the side looking (default: everything)")
    s.add_argument("--dice", metavar="3,3,4", help="fixed rolls, in order, before the seed takes over")
    s.add_argument("--json", action="store_true")
    s.set_defaults(fn=cmd_show)

    s = sub.add_parser("selfplay", help="automatic players against each other")
    s.add_argument("scenario")
    s.add_argument("--games", type=int, required=True)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--players", help="one player name per side: random, ai, ai:easy|normal|hard, greedy")
    s.add_argument("--jobs", type=int, default=0, help="worker processes (default: all cores)")
    s.add_argument("--scheduler", help="address of a Dask scheduler to run the games on")
    s.add_argument("--dice", metavar="3,3,4",
                   help="fixed rolls, in order, at the start of every game, before its seed takes over")
    s.add_argument("--json", action="store_true")
    s.set_defaults(fn=cmd_selfplay)

    s = sub.add_parser("render", help="draw a position to a PNG, offscreen")
    s.add_argument("scenario")
    s.add_argument("--actions", metavar="FILE.jsonl")
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("-o", "--output", required=True)
    s.add_argument("--width", type=int, default=0)
    s.add_argument("--height", type=int, default=0)
    s.add_argument("--dice", metavar="3,3,4", help="fixed rolls, in order, before the seed takes over")
    s.set_defaults(fn=cmd_render)

    s = sub.add_parser("bench", help="the benchmark suite")
    s.add_argument("--json", action="store_true")
    s.add_argument("--quick", action="store_true", help="fewer repetitions")
    s.add_argument("--only", help="comma-separated figure names")
    s.add_argument("--baseline", metavar="FILE",
                   help="a stored `bench --json` report: print each figure's ratio to it")
    s.set_defaults(fn=cmd_bench)

    s = sub.add_parser("fmt", help="rewrite data files in their canonical form")
    s.add_argument("files", nargs="+")
    s.add_argument("--check", action="store_true")
    s.set_defaults(fn=cmd_fmt)

    s = sub.add_parser("schema", help="print the JSON Schema of a file kind")
    s.add_argument("kind", choices=["scenario", "save", "journal", "hexmap", "pointgraph", "table",
                                    "rules-summary"])
    s.add_argument("--game", help="a game id: its scenario schema, positions included")
    s.set_defaults(fn=cmd_schema)
    return p


_PARSER: list[argparse.ArgumentParser] = []


def main(argv: Sequence[str] | None = None) -> int:
    from app.engine.dice import FixedDiceError
    from app.engine.files import FileError
    from app.games import UnknownGame
    if not _PARSER:      # built once per process: building it costs more than most commands
        _PARSER.append(build_parser())
    args = _PARSER[0].parse_args(argv)
    if not getattr(args, "command", None):
        return cmd_gui(argparse.Namespace(file=None))
    try:
        return int(args.fn(args) or 0)
    except FileError as e:
        from app.engine.files import capped
        for line in capped(e.problems):
            print(line, file=sys.stderr)
        return EXIT_INVALID
    except UnknownGame as e:
        _err(str(e))
        return EXIT_INVALID
    except (_DiceError, FixedDiceError) as e:
        _err(f"fixed dice: {e}")
        return EXIT_INVALID
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except RecursionError:
        _err("the input is nested too deeply to handle")
        return EXIT_INVALID
    except OSError as e:
        _err(f"cannot do it: {e.strerror or e}")
        return EXIT_FAIL
