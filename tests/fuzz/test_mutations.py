"""Issue 19's fuzzer: mutated files of every kind and every game's actions, through the CLI.

For each input: the exit code is 0-3, nothing escapes as a traceback, problem lines read
``FILE:LINE: field.path: message``, no file outside the allowed folders is opened (an audit hook
watches a bait file, ``/etc`` and the endless devices), and whatever ``validate`` accepts also
runs: ``run`` and ``legal`` succeed and 30 random legal actions apply.

Fixed seeds (Hypothesis derandomized, no database) and bounded counts: about 1,600 inputs over the five games, some
50 s of CPU here. The long run is marked ``slow`` and runs only when asked for, with its count
per kind: ``RIDGELINE_FUZZ_LONG=10000 python -m pytest -m slow tests/fuzz``, or in parts
(``RIDGELINE_FUZZ_KINDS``, ``RIDGELINE_FUZZ_SHARD``, below); its figures are in docs/reliability.md.
"""

from __future__ import annotations

import atexit
import contextlib
import io
import json
import os
import re
import shutil
import sys
import tempfile
import time
import tomllib
from pathlib import Path
from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import app.engine.scenario as scenario_mod
import app.games  # noqa: F401 - installs the game resolver
from app import RESOURCES
from app.cli import main
from app.engine.actions import action_schemas
from app.engine.match import Match
from app.engine.rng import Rng
from app.engine.saves import check_journal_at_start, save_data
from app.engine.scenario import load_scenario
from tests.fuzz.mutate import BAIT_NAME, damaged_text, dump, mutated_doc, schema_example

PROBLEM = re.compile(r"^.+:\d+: .*: .+$")
#: Inputs per kind in the long run; unset, the long run is skipped (it takes hours at 10,000).
LONG = int(os.environ.get("RIDGELINE_FUZZ_LONG", "0"))
long_run = pytest.mark.skipif(LONG <= 0, reason="set RIDGELINE_FUZZ_LONG=10000 for the long run")
COUNTS: dict[str, int] = {}   # kind -> inputs tried (reported by the slow run)


def fuzz(n: int) -> Callable[[Any], Any]:
    # No shrinking: a failure is reported as drawn (shrinking re-runs whole CLI calls).
    return settings(max_examples=max(1, n), derandomize=True, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck), phases=[Phase.explicit, Phase.generate],
                    print_blob=False)


# -- the sandbox every input runs in --------------------------------------------------------------

WORK = Path(tempfile.mkdtemp(prefix="ridgeline-fuzz-"))
atexit.register(shutil.rmtree, WORK, ignore_errors=True)    # a long run leaves 10,000 folders a kind
OUTSIDE = WORK / "outside"
OUTSIDE.mkdir()
(OUTSIDE / BAIT_NAME).write_text('secret = "never read"\n')
FORBIDDEN = (str(OUTSIDE), "/etc/", "/dev/zero", "/dev/stdin", "/dev/urandom")
_WATCH = {"on": False, "seen": []}


def _audit(event: str, args: tuple) -> None:
    if _WATCH["on"] and event == "open" and args and isinstance(args[0], (str, bytes, os.PathLike)):
        p = os.fsdecode(args[0])
        if p.startswith(FORBIDDEN):
            _WATCH["seen"].append(p)


sys.addaudithook(_audit)
_N = [0]


def fresh_dir(name: str) -> Path:
    """A new folder per input (caches are keyed by folder, as for a designer's own folders)."""
    _N[0] += 1
    d = WORK / f"{_N[0]:06d}" / name
    d.mkdir(parents=True)
    return d


def write(path: Path, text: str) -> Path:
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    return path


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    _WATCH["on"], _WATCH["seen"] = True, []
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(list(argv))
    finally:
        _WATCH["on"] = False
    assert code in (0, 1, 2, 3), (argv, code, err.getvalue())
    assert "Traceback" not in out.getvalue() + err.getvalue()
    assert not _WATCH["seen"], f"read outside the allowed folders: {_WATCH['seen']}"
    return code, out.getvalue(), err.getvalue()


# -- checked once: a shipped scenario no input changes ---------------------------------------------

_CHECKED: dict[tuple[str, str], tuple[Any, list[Any]]] = {}


@contextlib.contextmanager
def shipped_scenarios_checked_once():
    """While it is on, a scenario file shipped in ``resources/`` is checked once per process.

    The action inputs replay their lines on top of an unchanged shipped scenario: checking that
    scenario again for every input was most of their cost (50 ms for Semper Fi!), and gave the
    same answer each time (no input writes under ``resources/``, and the check leaves the parsed
    scenario as it found it). Everything an input writes, its own folder, a save's embedded
    scenario and every data file in a designer's folder is checked in full each time: the memo
    answers only for a file under ``resources/`` read with no other folder or resolver.
    """
    real = scenario_mod.check_scenario
    shipped = RESOURCES.resolve()

    def check(loaded: Any, resolver: Any = None, folder: Any = None) -> tuple[Any, list[Any]]:
        p = Path(loaded.path).resolve() if loaded.path else None
        if resolver is not None or folder is not None or p is None or not p.is_relative_to(shipped):
            return real(loaded, resolver, folder)
        key = (str(p), loaded.text)
        if key not in _CHECKED:
            _CHECKED[key] = real(loaded)
        game, problems = _CHECKED[key]
        return game, list(problems)

    scenario_mod.check_scenario = check
    try:
        yield
    finally:
        scenario_mod.check_scenario = real


@pytest.fixture(autouse=True)
def _shipped_once():
    with shipped_scenarios_checked_once():
        yield


def validate(path: Path) -> int:
    code, out, _ = cli("validate", "-q", str(path))
    assert code in (0, 2)
    lines = [ln for ln in out.splitlines() if ln.strip()]
    assert all(PROBLEM.match(ln) for ln in lines), lines[:3]
    assert len(lines) <= 201
    return code


def plays(path: Path, actions: Path | None = None) -> None:
    """What validate accepted runs: run and legal succeed, then 30 random legal actions apply."""
    count("accepted and played")
    extra = ["--actions", str(actions)] if actions else []
    code, _, err = cli("run", str(path), "--json", *extra)
    assert code == 0, err[:500]
    code, _, err = cli("legal", str(path), "--json", *extra)
    assert code == 0, err[:500]
    if path.suffix == ".toml":
        _WATCH["on"], _WATCH["seen"] = True, []
        try:
            game, loaded = load_scenario(path)
            m = Match.start(game, loaded.data, seed=1, scenario_path=str(path), keep_snapshots=False)
            r = Rng.from_seed(7)
            for _ in range(30):
                legal = m.legal_actions()
                if not legal or m.outcome() is not None:
                    break
                m.apply(r.choice(legal))
        finally:
            _WATCH["on"] = False
        assert not _WATCH["seen"]


def mutant(data: Any, base: Any, kind: str) -> str:
    """The text of ``base`` mutated (structure, then bytes) and written as ``kind``."""
    return data.draw(damaged_text(dump(data.draw(mutated_doc(base)), kind)))


def mutant_lines(data: Any, records: list[Any]) -> str:
    """JSON lines (an action file, a journal) with one record mutated, then the bytes damaged."""
    recs = list(records)
    i = data.draw(st.integers(0, len(recs) - 1))
    if isinstance(recs[i], dict):
        recs[i] = data.draw(mutated_doc(recs[i], steps=2))
    return data.draw(damaged_text("".join(dump(r, "json") + "\n" for r in recs)))


def count(kind: str) -> None:
    COUNTS[kind] = COUNTS.get(kind, 0) + 1
    if LONG and COUNTS[kind] % 500 == 0:    # a long run reports as it goes (partial runs count)
        progress(kind)


def progress(kind: str) -> None:
    print(f"[fuzz] {kind}: {COUNTS.get(kind, 0)} inputs, {COUNTS.get('accepted and played', 0)} "
          f"accepted and played in all, {time.process_time():.0f} s CPU", flush=True)


# -- what gets mutated ---------------------------------------------------------------------------------

SCENARIOS = {"korea38": "campaign.toml", "chosin-few": "standard.toml", "guts": "army.toml",
             "semper-fi": "4-1-ambush.toml", "frozen-chosin": "first-days.toml"}
DATA_FILES = {"korea38": ["terrain.toml", "counters.toml", "crt.toml", "turns.toml", "rules.toml", "map.json"],
              "chosin-few": ["cards.toml", "tracks.toml", "components.toml", "board.json"],
              "guts": ["rosters.toml", "enemy.toml", "table.json"],
              "semper-fi": ["tables.toml", "counters.toml", "maps/changchon.json", "maps/terrain.toml"],
              "frozen-chosin": ["pieces.toml", "operations.toml", "events.toml", "rules.toml", "table.json"]}
#: The data files a scenario in the designer's copy reads from that copy (the others are read
#: from the shipped folder only, so a mutated copy is checked by ``validate`` alone).
PLAYED_DATA = {"korea38": set(DATA_FILES["korea38"]), "chosin-few": set(DATA_FILES["chosin-few"]),
               "frozen-chosin": {"table.json"}}


def _parse(path: Path) -> Any:
    text = path.read_text(encoding="utf-8")
    return json.loads(text) if path.suffix == ".json" else tomllib.loads(text)


def _scenario_doc(game: str) -> dict[str, Any]:
    return _parse(RESOURCES / game / "scenarios" / SCENARIOS[game])


def _prefix(game: str, n: int = 6) -> tuple[str, list[dict[str, Any]]]:
    """A scenario path and the first legal actions of a fixed game (the actions to mutate)."""
    path = RESOURCES / game / "scenarios" / SCENARIOS[game]
    g, loaded = load_scenario(path)
    m = Match.start(g, loaded.data, seed=3, keep_snapshots=False)
    r = Rng.from_seed(3)
    for _ in range(n):
        legal = [a for a in m.legal_actions() if "armistice" not in a["type"]]   # keep the game going
        if not legal:
            break
        m.apply(r.choice(legal))
    return str(path), [s.action for s in m.history]


_SAVES: dict[str, dict[str, Any]] = {}


def _save_doc(game: str) -> dict[str, Any]:
    if game not in _SAVES:
        path = RESOURCES / game / "scenarios" / SCENARIOS[game]
        g, loaded = load_scenario(path)
        m = Match.start(g, loaded.data, seed=5, scenario_path=f"resources/{game}/scenarios/{SCENARIOS[game]}",
                        scenario_text=loaded.text, keep_snapshots=False)
        r = Rng.from_seed(5)
        for _ in range(5):
            m.apply(r.choice(m.legal_actions()))
        _SAVES[game] = save_data(m)
    return _SAVES[game]


GAMES = sorted(SCENARIOS)


# -- scenarios ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_mutated_scenarios(game):
    mutated_scenarios(game, 60)


def mutated_scenarios(game: str, n: int) -> None:
    base = _scenario_doc(game)

    @fuzz(n)
    @given(st.data())
    def run(data):
        f = write(fresh_dir("s") / "scenario.toml", mutant(data, base, "toml"))
        count(f"scenario {game}")
        if validate(f) == 0:
            plays(f)
    run()


# -- saves (the embedded scenario text included) ------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_mutated_saves(game):
    mutated_saves(game, 45)


def mutated_saves(game: str, n: int) -> None:
    base = _save_doc(game)
    scen = tomllib.loads(base["scenario"]["text"])

    @fuzz(n)
    @given(st.data())
    def run(data):
        doc = json.loads(json.dumps(base))
        if data.draw(st.booleans()):
            doc["scenario"]["text"] = mutant(data, scen, "toml")
            text = data.draw(damaged_text(dump(doc, "json")))
        else:
            text = mutant(data, doc, "json")
        f = write(fresh_dir("v") / "game.json", text)
        count(f"save {game}")
        if validate(f) == 0:
            plays(f)
    run()


# -- data files and boards, in a designer's copy of the game's folder ---------------------------------

def _semper_fi(what: str) -> Callable[[Path], Any]:
    def load_it(f: Path) -> Any:
        from app.games.semper_fi import data
        return getattr(data, what)(str(f))
    return load_it


def _frozen_chosin_bundle(f: Path) -> Any:
    from app.games.frozen_chosin import data
    return data.bundle(str(f.parent))


#: How the game loads a data file it reads only from its shipped folder: what ``validate``
#: accepts must load through the game's own loader without raising.
LOADERS: dict[tuple[str, str], Callable[[Path], Any]] = {
    ("semper-fi", "tables.toml"): _semper_fi("_tables_at"),
    ("semper-fi", "counters.toml"): _semper_fi("_counters_at"),
    ("semper-fi", "maps/changchon.json"): _semper_fi("_board_at"),
    **{("frozen-chosin", n): _frozen_chosin_bundle
       for n in ("pieces.toml", "operations.toml", "events.toml", "rules.toml")},
}


def loads(f: Path, loader: Callable[[Path], Any]) -> None:
    count("accepted and loaded")
    _WATCH["on"], _WATCH["seen"] = True, []
    try:
        assert loader(f) is not None
    finally:
        _WATCH["on"] = False
    assert not _WATCH["seen"]


def _designer_copy(game: str) -> Path:
    folder = fresh_dir("d") / "resources" / game
    (folder / "scenarios").mkdir(parents=True)
    for n in DATA_FILES[game]:
        (folder / n).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(RESOURCES / game / n, folder / n)
    text = (RESOURCES / game / "scenarios" / SCENARIOS[game]).read_text()
    if game == "korea38":
        text = text.replace("[start]\n", '[start]\ndata = "."\n', 1)
    write(folder / "scenarios" / "mine.toml", text)
    return folder


DATA_KINDS = [(g, n) for g in GAMES for n in DATA_FILES[g]]


@pytest.mark.parametrize("game,name", DATA_KINDS)
def test_mutated_data_files(game, name):
    mutated_data_files(game, name, 8 if game == "korea38" else 30)   # Korea's data set loads slowly


def mutated_data_files(game: str, name: str, n: int) -> None:
    base = _parse(RESOURCES / game / name)
    kind = "json" if name.endswith(".json") else "toml"

    @fuzz(n)
    @given(st.data())
    def run(data):
        folder = _designer_copy(game)
        f = write(folder / name, mutant(data, base, kind))
        count(f"data {game} {name}")
        ok = validate(f) == 0
        scen = folder / "scenarios" / "mine.toml"
        if ok and name in PLAYED_DATA.get(game, ()) and validate(scen) == 0:
            plays(scen)
        elif ok and (game, name) in LOADERS:
            loads(f, LOADERS[(game, name)])
    run()


# -- actions --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_mutated_actions(game):
    mutated_actions(game, 80)


def mutated_actions(game: str, n: int) -> None:
    scen, actions = _prefix(game)
    g, _ = load_scenario(scen)
    kinds = action_schemas(g) or {}
    examples = [schema_example(kinds[t]) | {"type": t} for t in sorted(kinds)]

    @fuzz(n)
    @given(st.data())
    def run(data):
        # half the inputs end with an action of any type the game has (from its action schema),
        # so every type's fields meet the mutations, not only the types of the opening moves
        tail = [data.draw(st.sampled_from(examples))] if examples and data.draw(st.booleans()) else []
        f = write(fresh_dir("a") / "a.jsonl", mutant_lines(data, actions + tail))
        count(f"actions {game}")
        code, out, err = cli("run", scen, "--actions", str(f), "--json")
        assert code in (0, 2, 3), err
        if code == 0:
            count("accepted and played")
            code, _, err = cli("legal", scen, "--actions", str(f), "--json")
            assert code == 0, err
    run()


# -- crash journals ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_mutated_journals(game):
    mutated_journals(game, 25)


def mutated_journals(game: str, n: int) -> None:
    save = _save_doc(game)
    head = {"format": "ridgeline-journal", "version": 1, "game": save["game"], "scenario": save["scenario"],
            "seed": save["seed"], "options": save["options"], "players": {},
            "initial_digest": save["initial_digest"]}
    lines = [head] + save["actions"]

    @fuzz(n)
    @given(st.data())
    def run(data):
        f = write(fresh_dir("j") / "autosave.journal", mutant_lines(data, lines))
        count(f"journal {game}")
        code = validate(f)
        check = check_journal_at_start(f, stamp="fuzz")
        if code == 0:
            assert check.data is not None, check.reason
        else:
            assert check.data is None or check.reason == ""
    run()


# -- the long run (docs/reliability.md) ------------------------------------------------------------
#
# It can be run in parts: RIDGELINE_FUZZ_KINDS lists the kinds to run (their labels, as the
# progress lines print them, comma-separated: "journal guts,data korea38 map.json"), and
# RIDGELINE_FUZZ_SHARD=I/N runs every N-th kind from the I-th (1-based) of the full list.
# RIDGELINE_FUZZ_RESULTS names a file that gets one JSON line per finished kind (its label,
# inputs, accepted, CPU seconds, "passed" or the failure), so parts run at different times add up.

_LONG_KINDS = {"scenarios": ("scenario", mutated_scenarios), "saves": ("save", mutated_saves),
               "actions": ("actions", mutated_actions), "journals": ("journal", mutated_journals)}
#: Every kind of the long run by its label, in a fixed order (shards are cut from it).
LONG_KINDS: dict[str, Callable[[], None]] = {
    **{f"{label} {g}": (lambda fn=fn, g=g: fn(g, LONG))
       for label, fn in _LONG_KINDS.values() for g in GAMES},
    **{f"data {g} {n}": (lambda g=g, n=n: mutated_data_files(g, n, LONG)) for g, n in DATA_KINDS},
}


def chosen_kinds(kinds: list[str], listed: str, shard: str) -> list[str]:
    """The kinds a part of the long run runs (all without RIDGELINE_FUZZ_KINDS/_SHARD)."""
    if listed.strip():
        wanted = [k.strip() for k in listed.split(",") if k.strip()]
        unknown = [k for k in wanted if k not in kinds]
        if unknown:
            raise ValueError(f"RIDGELINE_FUZZ_KINDS: no such kind {unknown[0]!r}; kinds are: {', '.join(kinds)}")
        kinds = [k for k in kinds if k in wanted]
    if shard.strip():
        i, n = (int(x) for x in shard.split("/"))
        if not 1 <= i <= n:
            raise ValueError(f"RIDGELINE_FUZZ_SHARD: {shard!r} is not I/N with 1 <= I <= N")
        kinds = kinds[i - 1::n]
    return kinds


def _record(label: str, inputs: int, accepted: int, cpu: float, outcome: str) -> None:
    out = os.environ.get("RIDGELINE_FUZZ_RESULTS", "")
    if out:
        with open(out, "a", encoding="utf-8") as f:
            f.write(json.dumps({"kind": label, "inputs": inputs, "accepted": accepted,
                                "cpu_s": round(cpu, 1), "outcome": outcome}) + "\n")


@pytest.mark.slow
@long_run
@pytest.mark.parametrize("label", list(LONG_KINDS))
def test_long_run(label):
    if label not in chosen_kinds(list(LONG_KINDS), os.environ.get("RIDGELINE_FUZZ_KINDS", ""),
                                 os.environ.get("RIDGELINE_FUZZ_SHARD", "")):
        pytest.skip("not in this part of the long run (RIDGELINE_FUZZ_KINDS / RIDGELINE_FUZZ_SHARD)")
    before = {k: COUNTS.get(k, 0) for k in (label, "accepted and played", "accepted and loaded")}
    t0 = time.process_time()
    outcome = "passed"
    try:
        LONG_KINDS[label]()
    except BaseException as e:
        outcome = f"failed: {type(e).__name__}: {str(e).splitlines()[0][:300] if str(e) else ''}"
        raise
    finally:
        accepted = sum(COUNTS.get(k, 0) - before[k] for k in ("accepted and played", "accepted and loaded"))
        _record(label, COUNTS.get(label, 0) - before[label], accepted, time.process_time() - t0, outcome)
        progress(label)


def test_zz_report_counts():
    """Prints how many inputs each kind got (read by docs/reliability.md's command)."""
    total = sum(v for k, v in COUNTS.items() if not k.startswith("accepted"))
    print(f"\nfuzz inputs: {total} ({', '.join(f'{k} {v}' for k, v in sorted(COUNTS.items()))})")
    assert total == 0 or total >= 10


def test_the_long_run_can_be_run_in_parts():
    kinds = list(LONG_KINDS)
    assert len(kinds) == 42 and "journal guts" in kinds and "data korea38 map.json" in kinds
    parts = [chosen_kinds(kinds, "", f"{i}/4") for i in range(1, 5)]
    assert sorted(k for p in parts for k in p) == sorted(kinds)           # every kind in one part
    assert chosen_kinds(kinds, "journal guts, data korea38 map.json", "") == ["journal guts", "data korea38 map.json"]
    assert chosen_kinds(kinds, "", "") == kinds
    with pytest.raises(ValueError, match="no such kind"):
        chosen_kinds(kinds, "journal chess", "")
    with pytest.raises(ValueError, match="SHARD"):
        chosen_kinds(kinds, "", "5/4")


@pytest.mark.parametrize("game", GAMES)
def test_a_shipped_scenario_checked_once_gives_the_same_answer_and_is_left_as_it_was(game):
    """What ``shipped_scenarios_checked_once`` relies on."""
    from app.engine.files import load
    path = RESOURCES / game / "scenarios" / SCENARIOS[game]
    loaded = load(path)
    before = json.loads(json.dumps(loaded.data))
    game_obj, problems = scenario_mod.check_scenario(loaded)         # through the memo (autouse)
    assert loaded.data == before and problems == []
    again = load(path)
    assert scenario_mod.check_scenario(again) == (game_obj, [])
    assert any(k[0] == str(path.resolve()) for k in _CHECKED)         # it was kept
