"""Shared set-ups for the Frozen Chosin tests: a small table of our own (open ground at
x 48-70, y 30-46), scripted dice, and quick ways to reach a phase or an activation."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, Iterator

import pytest

from app.engine.game import Context
from app.engine.paths import designer_folder
from app.engine.rng import Rng
from app.games.frozen_chosin import GAME
from app.games.frozen_chosin import sequence as Q
from app.games.frozen_chosin.data import bundle
from app.games.frozen_chosin.state import FCState

DATA = Path(__file__).parent / "data"
#: The test table, named as a designer names a file in their own folder (tests/frozen_chosin/):
#: a scenario may not name a table by absolute path (issue 19).
TABLE = "data/table.json"
ROOT = Path(__file__).resolve().parents[2]
CAMPAIGN = ROOT / "resources" / "frozen-chosin" / "scenarios" / "campaign.toml"
FIRST_DAYS = ROOT / "resources" / "frozen-chosin" / "scenarios" / "first-days.toml"


@pytest.fixture(autouse=True)
def test_table_folder() -> Iterator[None]:
    """The tests' own folder is the designer's folder, so ``data/table.json`` resolves there
    (imported as an autouse fixture by the test modules' conftest)."""
    with designer_folder(Path(__file__).parent):
        yield


def all_regiments() -> list[str]:
    return [r["id"] for c in bundle().commands for r in c["regiments"]]


def scenario(setup: list[dict[str, Any]], markers: Iterable[dict[str, Any]] = (), **kw: Any) -> dict[str, Any]:
    used = {s["regiment"] for s in setup}
    return {"format": "ridgeline-scenario", "version": 1, "game": "frozen-chosin", "id": "fc-test",
            "name": "test", "table": TABLE, "turns": kw.pop("turns", 8), "smith": kw.pop("smith", "airstrip"),
            "setup": setup, "markers": list(markers), "omit": [r for r in all_regiments() if r not in used], **kw}


class Dice(Context):
    """A context whose dice come from a script (then from the seeded generator)."""

    def __init__(self, faces: Iterable[int] = (), side: str = "un"):
        super().__init__(Rng.from_seed(7), side)
        self.faces = list(faces)

    def roll(self, reason: str, rule: str = "", sides: int = 6, count: int = 1, average: bool = False) -> list[int]:
        out = []
        for _ in range(count):
            out.append(self.faces.pop(0) if self.faces else self.rng.die(sides))
        self.log(f"{reason}: rolled {out}", rule, kind="roll", dice=out)
        return out

    def rules(self) -> list[str]:
        return [e.rule for e in self.events]

    def text(self) -> str:
        return "\n".join(e.text for e in self.events)


def new(setup: list[dict[str, Any]], markers: Iterable[dict[str, Any]] = (), seed: int = 1,
        options: dict[str, Any] | None = None, **kw: Any) -> FCState:
    return GAME.setup(scenario(setup, markers, **kw), options or {}, seed)


def finish_planning(st: FCState, plans: dict[str, list[str]] | None = None) -> None:
    plans = plans or {}
    while st.phase == "operations":
        for op in plans.get(st.current, []):
            GAME.apply(st, {"type": "plan", "op": op}, Dice())
        GAME.apply(st, {"type": "done-planning"}, Dice())


def to_phase(st: FCState, which: str, plans: dict[str, list[str]] | None = None) -> None:
    finish_planning(st, plans)
    if which == "day" and st.day_phase == "night":
        Q.start_phase(st, Dice(), "day")


def put(st: FCState, bid: str, x: float, y: float, **fields: Any) -> None:
    b = st.bases[bid]
    b.x, b.y, b.status = x, y, "on"
    for k, v in fields.items():
        setattr(b, k, v)


def only(st: FCState, keep: Iterable[str]) -> None:
    """Take every base but ``keep`` off the table (status off)."""
    keep = set(keep)
    for b in st.bases.values():
        if b.id not in keep:
            b.status = "off"


def start_activation(st: FCState, regiment: str, faces: Iterable[int] = (), **flags: Any) -> Dice:
    ctx = Dice(faces)
    st.current = st.regiments[regiment].command
    st.pending = None
    Q.activate(st, ctx, st.regiments[regiment], **flags)
    Q.set_active(st)
    return ctx


def act(st: FCState, action: dict[str, Any], faces: Iterable[int] = ()) -> Dice:
    prob = GAME.check(st, action)
    assert prob is None, prob
    ctx = Dice(faces)
    GAME.apply(st, action, ctx)
    return ctx


def cleared(setup: list[dict[str, Any]], markers: Iterable[dict[str, Any]] = (), phase: str = "night",
            turn: int | None = None, **kw: Any) -> FCState:
    """A state at the start of ``phase`` (on ``turn`` if given) with every base off the table,
    for a test to put down just the bases it needs."""
    st = new(setup, list(markers), **kw)
    if turn is not None:
        st.turn = turn
    to_phase(st, phase)
    only(st, [])
    return st


def put_all(st: FCState, where: dict[str, tuple[float, float]]) -> None:
    """Put each base of ``where`` on the table at its centre."""
    for bid, (x, y) in where.items():
        put(st, bid, x, y)


def ready(st: FCState, regiment: str, where: dict[str, tuple[float, float]], faces: Iterable[int] = ()) -> Dice:
    """Only the bases of ``where`` on the table, at their centres, and ``regiment`` activated."""
    only(st, where)
    put_all(st, where)
    return start_activation(st, regiment, faces)
