"""``ridgeline bench``: the benchmark suite.

Every figure is a list of samples summarised as median and 95th percentile. A figure whose game
or feature is not built yet is reported as ``{"median": null, "p95": null, "reason": ...}``:
the suite never invents a number. Measurements whose cost depends on a fresh process (start-up,
memory, the window) run in a child process with ``QT_QPA_PLATFORM=offscreen``; the child is the
same program (``python -m app bench`` from source, the ``ridgeline`` binary when frozen) told
what to do through the ``RIDGELINE_BENCH_CHILD`` environment variable.

The figures (``--json`` keys): ``startup_s``, ``drag_highlight_ms``, ``frame_ms``, ``reach_ms``,
``ai_turn_s``, ``campaigns_per_min``, ``replay_10k_s``, ``peak_rss_mb``, ``los_ms``,
``sf_legal_ms``, ``sf_game_s``, plus ``machine``.
``--baseline FILE`` compares the run with a stored ``--json`` report (ratio of each figure, and a
``baseline`` key in the JSON). docs/benchmarks.md describes the method and records the figures of
one machine.
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import tomllib
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

FIGURES: tuple[str, ...] = ("startup_s", "drag_highlight_ms", "frame_ms", "reach_ms",
                            "ai_turn_s", "campaigns_per_min", "replay_10k_s", "peak_rss_mb", "los_ms",
                            "sf_legal_ms", "sf_game_s")

UNITS = {"startup_s": "s", "drag_highlight_ms": "ms", "frame_ms": "ms", "reach_ms": "ms",
         "ai_turn_s": "s", "campaigns_per_min": "/min", "replay_10k_s": "s", "peak_rss_mb": "MB",
         "los_ms": "ms", "sf_legal_ms": "ms", "sf_game_s": "s"}

#: The aims (docs/benchmarks.md): which statistic, the bound, and whether lower is better.
AIMS: dict[str, tuple[str, float, bool]] = {
    "startup_s": ("median", 1.5, True),
    "drag_highlight_ms": ("p95", 16.0, True),
    "frame_ms": ("median", 8.0, True),
    "reach_ms": ("median", 1.0, True),
    "ai_turn_s": ("median", 2.0, True),
    "replay_10k_s": ("median", 1.0, True),
    "peak_rss_mb": ("median", 250.0, True),
}

CHILD_ENV = "RIDGELINE_BENCH_CHILD"
MARK = "RIDGELINE-BENCH "
AI_GAME = "korea38"
CHILD_TIMEOUT_S = 300.0


# -- numbers -----------------------------------------------------------------------------------

def percentile(samples: list[float], pct: float) -> float:
    """Linear interpolation between closest ranks (numpy's default method)."""
    xs = sorted(samples)
    if not xs:
        raise ValueError("no samples")
    k = (len(xs) - 1) * pct / 100.0
    lo = int(k)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def _round(x: float) -> float:
    if x == 0 or not (x == x):
        return x
    from math import floor, log10
    digits = max(0, 3 - int(floor(log10(abs(x)))))
    return round(x, digits)


def summary(samples: list[float], note: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"median": _round(statistics.median(samples)),
                           "p95": _round(percentile(samples, 95))}
    if note:
        out["note"] = note
    return out


def missing(reason: str) -> dict[str, Any]:
    return {"median": None, "p95": None, "reason": reason}


class Unavailable(Exception):
    """The game or feature a figure needs is not built (or not working) yet."""


# -- the machine -------------------------------------------------------------------------------

def _read(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def _sysctl(name: str) -> str:
    try:
        return subprocess.run(["sysctl", "-n", name], capture_output=True, text=True,
                              timeout=5).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def cpu_model() -> str:
    for line in _read("/proc/cpuinfo").splitlines():
        if line.lower().startswith(("model name", "hardware", "cpu model")):
            return line.split(":", 1)[1].strip()
    if sys.platform == "darwin":
        model = _sysctl("machdep.cpu.brand_string")
        if model:
            return model
    return platform.processor() or platform.machine() or "unknown"


def ram_gb() -> float | None:
    for line in _read("/proc/meminfo").splitlines():
        if line.startswith("MemTotal:"):
            return round(int(line.split()[1]) / 1024 / 1024, 1)
    if sys.platform == "darwin":
        v = _sysctl("hw.memsize")
        if v.isdigit():
            return round(int(v) / 1024 ** 3, 1)
    try:
        return round(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 1024 ** 3, 1)
    except (ValueError, OSError, AttributeError):
        return None


def qt_versions() -> tuple[str | None, str | None]:
    try:
        import PySide6
        from PySide6 import QtCore
        return QtCore.qVersion(), PySide6.__version__
    except Exception:  # noqa: BLE001 - the machine report must never fail
        return None, None


def machine_info() -> dict[str, Any]:
    qt, pyside = qt_versions()
    try:
        usable = len(os.sched_getaffinity(0))  # type: ignore[attr-defined]
    except (AttributeError, OSError):
        usable = os.cpu_count()
    return {
        "cpu": cpu_model(),
        "cores": os.cpu_count(),
        "cores_usable": usable,
        "ram_gb": ram_gb(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "qt": qt,
        "pyside6": pyside,
        "platform": platform.platform(),
        "frozen": bool(getattr(sys, "frozen", False)),
        "load_avg": load_average(),
    }


def load_average() -> list[float] | None:
    """The 1, 5 and 15 minute load averages when the report is made (None where unknown):
    other work on the cores moves every timing, so a report says how busy the machine was."""
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        return None


# -- scenarios ---------------------------------------------------------------------------------

def shipped_scenarios() -> list[Path]:
    from app import RESOURCES
    return sorted(RESOURCES.glob("*/scenarios/*.toml"))


def scenario_weight(path: Path) -> int:
    """Bytes the window loads to open a scenario: the file plus its game's board and data files
    (everything under ``resources/<game>/`` but the other scenarios)."""
    game_dir = path.parent.parent
    total = path.stat().st_size
    for f in game_dir.rglob("*"):
        if f.is_file() and f.parent.name != "scenarios" and f.suffix in (".json", ".toml"):
            total += f.stat().st_size
    return total


def largest_scenario() -> Path | None:
    scen = shipped_scenarios()
    return max(scen, key=lambda p: (scenario_weight(p), str(p))) if scen else None


def _rel(path: Path) -> str:
    from app import ROOT
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def _game_scenario(game_id: str) -> Path | None:
    from app import RESOURCES
    files = sorted((RESOURCES / game_id / "scenarios").glob("*.toml"))
    if not files:
        return None
    for f in files:  # the full campaign when there is one
        try:
            data = tomllib.loads(f.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
            continue
        if "campaign" in f.stem or "campaign" in str(data.get("id", "")):
            return f
    return max(files, key=lambda p: p.stat().st_size)


# -- child processes ---------------------------------------------------------------------------

@dataclass
class ChildRun:
    payload: dict[str, Any]
    wall_s: float            # process launch until the child reported
    maxrss_mb: float | None  # peak resident memory of that child (None: not measurable here)
    stderr: str = ""
    cpu_s: float | None = None  # processor time of the whole child (user + system), where known


def _child_command() -> list[str]:
    if getattr(sys, "frozen", False):
        return [sys.executable, "bench"]
    return [sys.executable, "-m", "app", "bench"]


def _child_env(task: dict[str, Any]) -> dict[str, str]:
    from app import ROOT
    env = dict(os.environ)
    env[CHILD_ENV] = json.dumps(task)
    env["QT_QPA_PLATFORM"] = "offscreen"
    if not getattr(sys, "frozen", False):
        env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [env.get("PYTHONPATH")])])
    return env


def run_child(task: dict[str, Any], timeout: float = CHILD_TIMEOUT_S) -> ChildRun:
    """Run one measurement in a fresh process; its payload, wall time and peak memory."""
    from app import ROOT
    with tempfile.TemporaryFile("w+", encoding="utf-8", errors="replace") as err:
        t0 = time.perf_counter()
        proc = subprocess.Popen(_child_command(), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=err, env=_child_env(task), cwd=str(ROOT), text=True,
                                encoding="utf-8", errors="replace")
        killer = threading.Timer(timeout, proc.kill)
        killer.start()
        payload: dict[str, Any] | None = None
        wall = 0.0
        try:
            assert proc.stdout is not None
            for line in proc.stdout:
                if line.startswith(MARK) and payload is None:
                    wall = time.perf_counter() - t0
                    payload = json.loads(line[len(MARK):])
            rss = cpu = None
            if hasattr(os, "wait4"):
                _, status, usage = os.wait4(proc.pid, 0)
                proc.returncode = os.waitstatus_to_exitcode(status)
                # ru_maxrss: kilobytes on Linux, bytes on macOS.
                scale = 1024 * 1024 if sys.platform == "darwin" else 1024
                rss = usage.ru_maxrss / scale
                cpu = usage.ru_utime + usage.ru_stime
            else:  # pragma: no cover - Windows
                proc.wait()
        finally:
            killer.cancel()
        err.seek(0)
        stderr = err.read()
    if payload is None:
        tail = " | ".join(stderr.strip().splitlines()[-3:]) or f"exit code {proc.returncode}"
        if proc.returncode and proc.returncode < 0:
            tail = f"killed after {timeout:.0f} s or by signal {-proc.returncode}: {tail}"
        raise Unavailable(f"the measuring process failed: {tail}")
    if "error" in payload:
        raise Unavailable(payload["error"])
    return ChildRun(payload, wall, rss, stderr, cpu)


def child_main(task: dict[str, Any]) -> int:
    """Inside the child: do one task, print one marked JSON line."""
    os.environ.pop(CHILD_ENV, None)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    kind = task.get("task")
    try:
        try:
            from app.ui import bench_hooks
        except ImportError as e:
            raise Unavailable(f"app/ui/bench_hooks.py is not importable yet ({e})") from None
        names = {"open": "measure_startup", "drag": "measure_drag_highlight", "frame": "measure_frame"}
        if kind not in names:
            raise Unavailable(f"unknown child task {kind!r}")
        fn = getattr(bench_hooks, names[kind], None)
        if fn is None:
            raise Unavailable(f"app.ui.bench_hooks has no {names[kind]}() yet")
        scen = task["scenario"]
        if kind == "open":
            out: dict[str, Any] = {"in_process_s": float(fn(scen))}
        elif kind == "drag":
            cpu: list[float] = []
            out = {"samples": [float(x) for x in fn(scen, int(task["n"]), cpu)], "cpu": cpu}
        else:
            out = {"samples": [float(x) for x in fn(scen, int(task["n"]), 1920, 1080)]}
    except Unavailable as e:
        out = {"error": str(e)}
    except Exception as e:  # noqa: BLE001 - report, never invent
        traceback.print_exc()
        name = {"open": "measure_startup", "drag": "measure_drag_highlight",
                "frame": "measure_frame"}.get(str(kind), str(kind))
        out = {"error": f"app.ui.bench_hooks.{name} failed: {type(e).__name__}: {e}"}
    print(MARK + json.dumps(out), flush=True)
    return 0


# -- the measurements --------------------------------------------------------------------------

@dataclass
class Plan:
    quick: bool
    scenario: Path | None
    log: Callable[[str], None]
    _open_runs: list[ChildRun] | None = None
    _open_error: str | None = None
    extra: dict[str, str] = field(default_factory=dict)

    def reps(self, quick: int, full: int) -> int:
        return quick if self.quick else full

    def need_scenario(self) -> Path:
        if self.scenario is None:
            raise Unavailable("no scenario is shipped yet (resources/*/scenarios/*.toml)")
        return self.scenario

    def open_runs(self) -> list[ChildRun]:
        """Fresh processes that open the largest scenario in the window (shared by the start-up
        and memory figures)."""
        if self._open_error:
            raise Unavailable(self._open_error)
        if self._open_runs is None:
            scen = self.need_scenario()
            runs = []
            try:
                for i in range(self.reps(3, 7)):
                    self.log(f"  window open {i + 1}: {_rel(scen)}")
                    runs.append(run_child({"task": "open", "scenario": str(scen)}))
            except Unavailable as e:
                self._open_error = str(e)
                raise
            self._open_runs = runs
        return self._open_runs


def bench_startup(plan: Plan) -> dict[str, Any]:
    runs = plan.open_runs()
    inner = statistics.median(r.payload["in_process_s"] for r in runs)
    return summary([r.wall_s for r in runs],
                   f"process launch until the window showed {_rel(plan.need_scenario())} "
                   f"(largest shipped scenario), {len(runs)} fresh processes; "
                   f"inside the process (measure_startup) median {inner:.3f} s")


def bench_peak_rss(plan: Plan) -> dict[str, Any]:
    if not hasattr(os, "wait4"):
        raise Unavailable("peak memory needs os.wait4 (Linux or macOS)")
    runs = plan.open_runs()
    return summary([r.maxrss_mb for r in runs if r.maxrss_mb is not None],
                   f"peak RSS of a process that opened {_rel(plan.need_scenario())} in the window "
                   f"offscreen, {len(runs)} processes")


def _ui_samples(plan: Plan, task: str, n: int) -> tuple[list[float], Path]:
    scen = plan.need_scenario()
    run = run_child({"task": task, "scenario": str(scen), "n": n})
    samples = run.payload["samples"]
    if not samples:
        raise Unavailable(f"the {task} hook returned no samples")
    return samples, scen


def board_scenarios() -> list[tuple[str, str, Path]]:
    """One scenario per board of every game, so that a window aim is checked on each map and
    table, not only on the largest: (``game/board`` label, the board's name, the heaviest
    scenario on that board). A scenario's board is its ``map`` key (Semper Fi!'s four maps);
    a game whose scenarios name none has one board."""
    from app import RESOURCES
    from app.games import GAME_NAMES
    boards: dict[str, tuple[str, Path]] = {}
    for path in shipped_scenarios():
        game = path.parent.parent.name
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
            continue
        board = data.get("map") if isinstance(data.get("map"), str) else None
        label = f"{game}/{board}" if board else game
        name = board or GAME_NAMES.get(game, game)
        if board:
            try:
                doc = json.loads((RESOURCES / game / "maps" / f"{board}.json").read_text(encoding="utf-8"))
                name = str(doc.get("name") or board)
            except (OSError, ValueError):
                pass
        got = boards.get(label)
        if got is None or (scenario_weight(path), str(path)) > (scenario_weight(got[1]), str(got[1])):
            boards[label] = (name, path)
    return [(label, name, path) for label, (name, path) in sorted(boards.items())]


def _aim_met(name: str, fig: dict[str, Any]) -> bool | None:
    stat, bound, lower = AIMS[name]
    v = fig.get(stat)
    if not isinstance(v, (int, float)):
        return None
    return v <= bound if lower else v >= bound


def bench_drag(plan: Plan) -> dict[str, Any]:
    """The press on the largest scenario (the figure), and the same on the heaviest scenario of
    every board (``maps``: each with its own median, p95, whether it meets the aim, and the
    processor time of its measuring process, steadier than wall time on shared cores)."""
    n = plan.reps(20, 100)
    scen = plan.need_scenario()
    run = run_child({"task": "drag", "scenario": str(scen), "n": n})
    samples = run.payload["samples"]
    if not samples:
        raise Unavailable("the drag hook returned no samples")
    cpu = run.payload.get("cpu") or []
    out = summary(samples, f"press on a counter until its legal destinations are lit, "
                           f"{len(samples)} drags on {_rel(scen)}; `maps`: the same on the "
                           f"heaviest scenario of each board")
    if cpu:
        out["cpu_median"] = _round(statistics.median(cpu))
    maps: dict[str, Any] = {}
    for label, name, path in board_scenarios():
        plan.log(f"  drag on {label}: {_rel(path)}")
        try:
            got = run if path.resolve() == scen.resolve() else \
                run_child({"task": "drag", "scenario": str(path), "n": n})
            if not got.payload["samples"]:
                raise Unavailable("the drag hook returned no samples")
            entry = summary(got.payload["samples"])
        except Unavailable as e:
            maps[label] = {"board": name, "scenario": _rel(path), **missing(str(e))}
            continue
        entry = {"board": name, "scenario": _rel(path), **entry,
                 "samples": len(got.payload["samples"]), "aim_met": _aim_met("drag_highlight_ms", entry)}
        cpu = got.payload.get("cpu") or []
        if cpu:     # the processor time of each press and repaint
            entry["cpu_median"], entry["cpu_p95"] = _round(statistics.median(cpu)), _round(percentile(cpu, 95))
        if got.cpu_s is not None:
            entry["child_cpu_s"] = _round(got.cpu_s)
        maps[label] = entry
    out["maps"] = maps
    return out


def bench_frame(plan: Plan) -> dict[str, Any]:
    samples, scen = _ui_samples(plan, "frame", plan.reps(20, 120))
    return summary(samples, f"one full repaint at 1920x1080 offscreen, {len(samples)} frames "
                            f"on {_rel(scen)}")


def _reach_fn() -> tuple[Callable[[int], list[float]], str]:
    import importlib
    for mod_name in ("app.engine.hexgrid", "app.engine.bench_hex"):
        try:
            mod = importlib.import_module(mod_name)
        except ImportError:
            continue
        fn = getattr(mod, "bench_reach", None)
        if fn is not None:
            return (lambda runs: list(fn(runs=runs))), f"{mod_name}.bench_reach"
    reachable = None
    for mod_name in ("app.engine.hexreach", "app.engine.hexgrid"):
        try:
            reachable = getattr(importlib.import_module(mod_name), "reachable", None)
        except ImportError:
            continue
        if reachable is not None:
            break
    if reachable is None:
        raise Unavailable("app.engine.hexgrid has neither bench_reach() nor reachable() yet")
    return (lambda runs: _own_reach(reachable, runs)), "own 40x40 grid"


def _own_reach(reachable: Callable[..., Any], runs: int) -> list[float]:
    from app.engine.hexgrid import HexGrid, HexLayout
    grid = HexGrid(HexLayout(columns=40, rows=40, first_col=1, first_row=1))
    pattern = ("clear", "clear", "forest", "clear", "hills", "clear", "mountain", "swamp")
    costs = {"clear": 1.0, "forest": 2.0, "hills": 2.0, "mountain": 3.0, "swamp": None}
    for h in grid.ids():
        c, r = grid.parse_id(h)
        grid.set_terrain(h, pattern[(c * 7 + r * 13) % len(pattern)])

    def cost(frm: str, to: str) -> float | None:
        return costs[grid.terrain(to)]

    start = grid.format_id(20, 20)
    reachable(grid, start, 6.0, cost)
    out = []
    for _ in range(runs):
        t0 = time.perf_counter_ns()
        reachable(grid, start, 6.0, cost)
        out.append((time.perf_counter_ns() - t0) / 1e6)
    return out


def bench_reach(plan: Plan) -> dict[str, Any]:
    fn, source = _reach_fn()
    samples = fn(plan.reps(50, 500))
    return summary(samples, f"6-MP reachability from mid-map on a 40x40 mixed-terrain hex grid "
                            f"({source}), {len(samples)} searches")


def bench_los(plan: Plan) -> dict[str, Any]:
    """Semper Fi!'s line of sight on its larger map: all lines from one hex, cold cache (issue 12)."""
    from app.games import is_playable
    if not is_playable("semper-fi"):
        raise Unavailable("Semper Fi! is not playable in this build")
    from app.games.semper_fi.bench import largest_map, los_all_pairs_ms
    name, hexes = largest_map()
    samples = los_all_pairs_ms(name, plan.reps(8, 32))
    return summary(samples, f"Semper Fi! line of sight from one hex to all {hexes} hexes of the "
                            f"{name} map (cold cache), {len(samples)} origins")


def bench_sf_legal(plan: Plan) -> dict[str, Any]:
    """Semper Fi!'s legal actions in its largest scenario, which every choice and every check of
    an applied action asks for (7.4's games were minutes long; issue 13)."""
    from app.games import is_playable
    if not is_playable("semper-fi"):
        raise Unavailable("Semper Fi! is not playable in this build")
    from app.games.semper_fi.bench import BIG, legal_ms
    samples = legal_ms(plan.reps(8, 24))
    return summary(samples, f"Semper Fi! {BIG}: listing the legal actions, positions of a seeded "
                            f"game between random players from turn 3 on, {len(samples)} positions")


def bench_sf_game(plan: Plan) -> dict[str, Any]:
    """Whole games of Semper Fi!'s 7.3, the AI on both sides: what one AI game of a long Hagaru
    night costs, and so what a measurement of 100 of them costs (issue 13)."""
    from app.games import is_playable
    if not is_playable("semper-fi"):
        raise Unavailable("Semper Fi! is not playable in this build")
    from app.ai.semper_fi.measure import GAME_SCENARIO, game_seconds
    seeds = list(range(1, 1 + plan.reps(1, 3)))
    samples = game_seconds(seeds)
    return summary(samples, f"Semper Fi! {GAME_SCENARIO} played to the end, the AI against the AI, "
                            f"seeds {seeds[0]}-{seeds[-1]}: wall seconds a game, one process")


def _korea38():
    from app.games import GAME_NAMES, is_playable, get_game
    if not is_playable(AI_GAME):
        raise Unavailable(f"{GAME_NAMES[AI_GAME]} ({AI_GAME}) has no rules module yet")
    scen = _game_scenario(AI_GAME)
    if scen is None:
        raise Unavailable(f"{AI_GAME} ships no scenario yet")
    return get_game(AI_GAME), scen


def _korea38_ai_hook(name: str) -> Callable[..., Any] | None:
    """``app.ai.korea38_ai.bench_ai_turn`` / ``bench_campaigns`` when the AI ships them."""
    try:
        import app.ai.korea38_ai as mod
    except ImportError:
        return None
    return getattr(mod, name, None)


def bench_ai_turn(plan: Plan) -> dict[str, Any]:
    game, scen = _korea38()
    from app.ai.registry import player_names
    if "ai" not in player_names(game):
        raise Unavailable(f"{AI_GAME} has no \"ai\" player yet")
    want = plan.reps(2, 8)
    hook = _korea38_ai_hook("bench_ai_turn")
    if hook is not None:
        turns = [float(t) for t in hook(n=want, scenario=str(scen), seed=1,
                                         budget_s=120.0 if plan.quick else 900.0)]
        if not turns:
            raise Unavailable(f"no {AI_GAME} player turn finished within the time budget")
        return summary(turns, f"{AI_GAME} {_rel(scen)}, AI against AI (normal): wall time of "
                              f"each player turn (one side's phases, the other side's reactions "
                              f"inside them included; app.ai.korea38_ai.bench_ai_turn), "
                              f"{len(turns)} player turns")
    return _own_ai_turn(plan, game, scen, want)


def _own_ai_turn(plan: Plan, game: Any, scen: Path, want: int) -> dict[str, Any]:
    from app.ai.selfplay import make_player
    from app.engine.match import Match
    from app.engine.scenario import load_scenario
    _, loaded = load_scenario(scen)
    match = Match.start(game, loaded.data, seed=1, keep_snapshots=False)
    players = {s: make_player(game, "ai", 1, s) for s in game.sides}
    budget = time.perf_counter() + (120 if plan.quick else 900)
    turns: list[float] = []
    side, t0 = match.state.active, time.perf_counter()
    while len(turns) < want and match.outcome() is None and time.perf_counter() < budget:
        legal = match.legal_actions()
        if not legal:
            break
        match.apply(players[match.state.active].choose(match, legal))
        if match.state.active != side or match.outcome() is not None:
            now = time.perf_counter()
            turns.append(now - t0)
            side, t0 = match.state.active, now
    if not turns:
        raise Unavailable(f"no {AI_GAME} side-turn finished within the time budget")
    return summary(turns, f"{AI_GAME} {_rel(scen)}: the AI choosing and playing every action of "
                          f"one side until the other side acts, {len(turns)} side-turns")


def bench_campaigns(plan: Plan) -> dict[str, Any]:
    from app.ai.selfplay import PlayerError, play_one
    from app.engine.scenario import load_scenario
    game, scen = _korea38()
    from app.ai.registry import player_names
    ai = "ai" in player_names(game)
    spec = "ai" if ai else "random"
    _, loaded = load_scenario(scen)
    want = plan.reps(1, 3)
    budget = time.perf_counter() + (180 if plan.quick else 1200)
    rates: list[float] = []
    turns: list[int] = []
    for i in range(want):
        t0 = time.perf_counter()
        try:
            res = play_one(game, loaded.data, seed=100 + i, players=[spec] * len(game.sides),
                           max_actions=50_000)
        except PlayerError as e:
            raise Unavailable(f"{AI_GAME} self-play with {spec} players failed: {e}") from None
        rates.append(60.0 / (time.perf_counter() - t0))
        turns.append(res.turns)
        if time.perf_counter() > budget:
            break
    note = (f"{AI_GAME} {_rel(scen)} played to the end, one process, {len(rates)} campaign(s) "
            f"(seeds 100.., lasting {', '.join(map(str, turns))} turns); per campaign 60 s / its "
            f"duration")
    if not ai:
        note += f"; RANDOM players (no \"ai\" player for {AI_GAME} yet), not the AI"
    return summary(rates, note)


REPLAY_GAME = "chosin-few"


def _real_game_saves(n: int, budget_s: float) -> tuple[list[dict[str, Any]], str] | None:
    """Saves of random-player games of a real game, ``n`` actions in all (None: not playable)."""
    from app.engine.match import Match
    from app.engine.players import RandomPlayer
    from app.engine.saves import save_data
    from app.engine.scenario import load_scenario
    from app.games import get_game, is_playable
    if not is_playable(REPLAY_GAME):
        return None
    scen = _game_scenario(REPLAY_GAME)
    if scen is None:
        return None
    game, loaded = load_scenario(scen)
    saves: list[dict[str, Any]] = []
    total, seed = 0, 0
    deadline = time.perf_counter() + budget_s
    while total < n:
        if time.perf_counter() > deadline:
            return None
        match = Match.start(game, loaded.data, seed=seed, scenario_path=_rel(scen),
                            scenario_text=loaded.text, keep_snapshots=False)
        players = {s: RandomPlayer(seed, s) for s in game.sides}
        while total + len(match.history) < n and match.outcome() is None:
            legal = match.legal_actions()
            if not legal:
                break
            match.apply(players[match.state.active].choose(match, legal), checked=True)
        if match.history:
            saves.append(save_data(match))
            total += len(match.history)
        seed += 1
        if seed > n:  # games that never act: give up on this game
            return None
    return saves, (f"{len(saves)} {REPLAY_GAME} games played by random players "
                   f"({_rel(scen)}), {total} actions in all")


def bench_replay(plan: Plan) -> dict[str, Any]:
    from unittest import mock

    import app.games
    from app.bench_drill import DRILL_ID, DrillGame, drill_save
    from app.engine.saves import replay
    n = 10_000
    real = _real_game_saves(n, budget_s=120 if plan.quick else 600)
    if real is not None:
        saves, what = real
    else:
        plan.log(f"  building a {n}-action drill save")
        saves = [drill_save(n)]
        what = (f"a {n}-action save of the synthetic drill game (80 units, 8 legal actions a "
                f"step; app/bench_drill.py; {REPLAY_GAME} is not playable yet)")
    get = app.games.get_game
    drill = DrillGame()
    times, cpu = [], []
    with mock.patch.object(app.games, "get_game", lambda gid: drill if gid == DRILL_ID else get(gid)):
        for i in range(plan.reps(1, 5)):
            t0, c0 = time.perf_counter(), time.process_time()
            done = sum(len(replay(d, verify=True, keep_snapshots=False).history) for d in saves)
            times.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
            assert done == sum(len(d["actions"]) for d in saves)
    out = summary(times, f"saves.replay(verify=True) of {what}; {len(times)} run(s)")
    # Processor time: what the replay itself costs, whatever else runs on the cores.
    out["cpu_median"] = _round(statistics.median(cpu))
    return out


MEASURES: dict[str, Callable[[Plan], dict[str, Any]]] = {
    "reach_ms": bench_reach,
    "replay_10k_s": bench_replay,
    "ai_turn_s": bench_ai_turn,
    "campaigns_per_min": bench_campaigns,
    "startup_s": bench_startup,
    "peak_rss_mb": bench_peak_rss,
    "drag_highlight_ms": bench_drag,
    "frame_ms": bench_frame,
    "los_ms": bench_los,
    "sf_legal_ms": bench_sf_legal,
    "sf_game_s": bench_sf_game,
}


# -- the command -------------------------------------------------------------------------------

def _aim_text(name: str, fig: dict[str, Any]) -> str:
    if name not in AIMS:
        return ""
    stat, bound, lower = AIMS[name]
    aim = f"aim {stat} {'<=' if lower else '>='} {bound:g} {UNITS[name]}"
    v = fig.get(stat)
    if v is None:
        return aim
    ok = v <= bound if lower else v >= bound
    return f"{aim}: {'met' if ok else 'MISSED'}"


def _fmt(v: Any) -> str:
    return "-" if v is None else f"{v:g}"


def measure(names: list[str], quick: bool, log: Callable[[str], None]) -> dict[str, Any]:
    scen = largest_scenario()
    plan = Plan(quick=quick, scenario=scen, log=log)
    results: dict[str, Any] = {}
    for name in [n for n in MEASURES if n in names]:
        log(f"{name} ...")
        t0 = time.perf_counter()
        try:
            results[name] = MEASURES[name](plan)
        except Unavailable as e:
            results[name] = missing(str(e))
        except Exception as e:  # noqa: BLE001 - a broken part is reported, not hidden
            traceback.print_exc(file=sys.stderr)
            results[name] = missing(f"the measurement failed: {type(e).__name__}: {e}")
        log(f"{name} done in {time.perf_counter() - t0:.1f} s")
    out = {n: results[n] for n in FIGURES if n in results}
    out["machine"] = machine_info()
    return out


# -- comparing with a stored report ------------------------------------------------------------

#: Higher is better for these figures (a rate); lower for every other (a time or a size).
HIGHER_IS_BETTER = frozenset({"campaigns_per_min"})
#: A ratio within this factor of 1 is reported as "same": the spread of repeated runs here.
SAME_WITHIN = 0.10


class BaselineError(Exception):
    """The file given to ``--baseline`` is not a ``bench --json`` report."""


def load_baseline(path: str | Path) -> dict[str, Any]:
    """A stored ``ridgeline bench --json`` report; :class:`BaselineError` says what is wrong,
    as ``FILE:LINE: field: message``."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise BaselineError(f"{path}:1: (file): cannot read it: {e.__class__.__name__}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise BaselineError(f"{path}:{e.lineno}: (top level): not JSON: {e.msg}") from None
    if not isinstance(data, dict) or not any(n in data for n in FIGURES):
        raise BaselineError(f"{path}:1: (top level): not a `ridgeline bench --json` report "
                            f"(no figure among {', '.join(FIGURES)})")
    for name in FIGURES:
        fig = data.get(name)
        if fig is None:
            continue
        med = fig.get("median") if isinstance(fig, dict) else "x"
        if med is not None and (isinstance(med, bool) or not isinstance(med, (int, float))):
            line = next((i for i, ln in enumerate(text.splitlines(), 1) if f'"{name}"' in ln), 1)
            raise BaselineError(f"{path}:{line}: {name}.median: expected a number or null")
    return data


def compare(result: dict[str, Any], base: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Per figure measured now and in ``base``: both medians, the ratio now / baseline of the
    median and of the p95, and whether that is better, worse or the same (within 10 %)."""
    out: dict[str, dict[str, Any]] = {}
    for name in FIGURES:
        now, was = result.get(name), base.get(name)
        if not isinstance(now, dict) or not isinstance(was, dict):
            continue
        out[name] = _compare_row(name, now, was)
        maps_now, maps_was = now.get("maps"), was.get("maps")
        if isinstance(maps_now, dict) and isinstance(maps_was, dict):   # one row per board
            for label in maps_now:
                if isinstance(maps_now[label], dict) and isinstance(maps_was.get(label), dict):
                    out[f"{name}[{label}]"] = _compare_row(name, maps_now[label], maps_was[label])
    return out


def _compare_row(name: str, now: dict[str, Any], was: dict[str, Any]) -> dict[str, Any]:
    row: dict[str, Any] = {"baseline_median": was.get("median"), "median": now.get("median"),
                           "ratio": None, "p95_ratio": None, "verdict": "not compared"}
    for key, stat in (("ratio", "median"), ("p95_ratio", "p95"), ("cpu_ratio", "cpu_median"),
                      ("child_cpu_ratio", "child_cpu_s")):
        a, b = now.get(stat), was.get(stat)
        if key in ("cpu_ratio", "child_cpu_ratio") and (stat not in now or stat not in was):
            continue
        row[key] = _round(a / b) if isinstance(a, (int, float)) and isinstance(b, (int, float)) \
            and b > 0 else None
    r = row["ratio"]
    if r is not None:
        gain = (1 / r if r else float("inf")) if name in HIGHER_IS_BETTER else r
        row["verdict"] = ("same" if abs(gain - 1) <= SAME_WITHIN
                          else "WORSE" if gain > 1 else "better")
    return row


def _print_comparison(path: str, base: dict[str, Any], rows: dict[str, dict[str, Any]],
                      machine: dict[str, Any]) -> None:
    bm = base.get("machine") if isinstance(base.get("machine"), dict) else {}
    print()
    print(f"against {path} (ratio = now / baseline; for {', '.join(sorted(HIGHER_IS_BETTER))} "
          f"higher is better, for the others lower; \"same\" within {SAME_WITHIN:.0%})")
    print(f"{'figure':<19} {'baseline':>10} {'now':>10} {'ratio':>7} {'p95 ratio':>10}  verdict")
    for name, row in rows.items():
        print(f"{name:<19} {_fmt(row['baseline_median']):>10} {_fmt(row['median']):>10} "
              f"{_fmt(row['ratio']):>7} {_fmt(row['p95_ratio']):>10}  {row['verdict']}")
        if row.get("cpu_ratio") is not None:
            print(f"{'':<19} processor time: ratio {_fmt(row['cpu_ratio'])} (steadier than the "
                  f"wall time when other work shares the cores)")
        if row.get("child_cpu_ratio") is not None:
            print(f"{'':<19} processor time of the measuring process: ratio {_fmt(row['child_cpu_ratio'])}")
    for key in ("cpu", "cores", "python", "qt", "frozen"):
        if key in bm and bm.get(key) != machine.get(key):
            print(f"note: the baseline ran with {key} = {bm.get(key)!r}, this run with "
                  f"{machine.get(key)!r}: the ratios compare different set-ups")
    if bm.get("load_avg") or machine.get("load_avg"):
        print(f"load average (1, 5, 15 min): baseline {bm.get('load_avg') or 'not recorded'}, "
              f"now {machine.get('load_avg') or 'unknown'}")


def run_bench(json_out: bool = False, quick: bool = False, only: str | None = None,
              baseline: str | None = None) -> int:
    child = os.environ.get(CHILD_ENV)
    if child:
        return child_main(json.loads(child))
    base: dict[str, Any] | None = None
    if baseline:
        try:
            base = load_baseline(baseline)
        except BaselineError as e:
            print(e, file=sys.stderr)
            return 2
    names = list(FIGURES)
    if base is not None and not only:  # the figures the stored run measured
        names = [n for n in FIGURES if isinstance(base.get(n), dict)
                 and base[n].get("median") is not None] or names
    if only:
        names = [n.strip() for n in only.split(",") if n.strip()]
        unknown = [n for n in names if n not in FIGURES]
        if unknown or not names:
            print(f"ridgeline: unknown figure(s) {', '.join(unknown) or '(none)'}; "
                  f"known: {', '.join(FIGURES)}", file=sys.stderr)
            return 2

    def log(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    result = measure(names, quick, log if not json_out else (lambda m: None))
    rows = compare(result, base) if base is not None else None
    if json_out:
        if rows is not None:
            result["baseline"] = {"file": str(baseline), "machine": base.get("machine"),
                                  "figures": rows}
        print(json.dumps(result, indent=2, ensure_ascii=False))
        return 0
    m = result["machine"]
    print(f"Ridgeline bench{' (quick)' if quick else ''}")
    print(f"machine: {m['cpu']}, {m['cores']} cores ({m['cores_usable']} usable), "
          f"{m['ram_gb']} GB RAM; {m['python']}; Qt {m['qt']} (PySide6 {m['pyside6']}); "
          f"{m['platform']}{' (frozen build)' if m['frozen'] else ''}")
    print()
    print(f"{'figure':<19} {'median':>10} {'p95':>10}  {'unit':<5} aim")
    for name in FIGURES:
        if name not in result:
            continue
        fig = result[name]
        print(f"{name:<19} {_fmt(fig['median']):>10} {_fmt(fig['p95']):>10}  {UNITS[name]:<5} "
              f"{_aim_text(name, fig)}")
        if fig.get("reason"):
            print(f"{'':<19} not measured: {fig['reason']}")
        if fig.get("note"):
            print(f"{'':<19} {fig['note']}")
        if fig.get("cpu_median") is not None:
            print(f"{'':<19} processor time: median {_fmt(fig['cpu_median'])} {UNITS[name]}")
        for label, entry in (fig.get("maps") or {}).items():
            verdict = {True: "met", False: "MISSED", None: "-"}[entry.get("aim_met")]
            cpu = (f", processor time a press {entry['cpu_median']:g} / {entry['cpu_p95']:g} ms"
                   if entry.get("cpu_median") is not None else "")
            cpu += f", measuring process {entry['child_cpu_s']:g} s" if entry.get("child_cpu_s") else ""
            print(f"{'':<19} {label + ':':<26} {_fmt(entry.get('median')):>7} {_fmt(entry.get('p95')):>7}  "
                  f"aim {verdict} ({entry.get('board')}, {entry.get('scenario')}{cpu})"
                  + (f"; not measured: {entry['reason']}" if entry.get("reason") else ""))
    if rows is not None:
        _print_comparison(str(baseline), base, rows, m)
    elif m.get("load_avg"):
        print(f"load average (1, 5, 15 min): {m['load_avg']}")
    return 0
