"""Shared set-ups for the GUTS tests: a bare table, hand-placed guns and loaded dice."""

from __future__ import annotations

from typing import Any

from app.engine.game import Context
from app.engine.rng import Rng
from app.games.guts import GAME
from app.games.guts import rules as R
from app.games.guts.state import Card, Gun, GutsState


class Dice(Context):
    """A context whose dice are given in advance: ``Dice((3, 4), (6, 6))``."""

    def __init__(self, *rolls: tuple[int, int]):
        super().__init__(Rng.from_seed(0), side="platoon")
        self.queue = [list(r) for r in rolls]
        self.reasons: list[str] = []

    def roll(self, reason: str, rule: str = "", sides: int = 6, count: int = 1, average: bool = False) -> list[int]:
        assert self.queue, f"an unexpected roll: {reason} ({rule})"
        faces = self.queue.pop(0)
        self.reasons.append(reason)
        self.log(f"{reason}: rolled {faces}", rule, kind="roll", dice=faces)
        return faces

    def tests(self) -> list[dict[str, Any]]:
        return [e.data for e in self.events if e.kind == "test"]

    def texts(self) -> str:
        return "\n".join(e.text for e in self.events)

    def done(self) -> bool:
        return not self.queue


def fresh(platoon: str = "marines", seed: int = 0, **extra: Any) -> GutsState:
    """A new game with every card lifted off the table (tests place their own guns)."""
    scen = {"id": "t", "platoon": platoon, **extra}
    st = GAME.setup(scen, {}, seed)
    st.cards.clear()
    st.guns.clear()
    return st


def place(st: GutsState, eid: str, x: float, y: float, **kw: Any):
    e = st.elements[eid]
    e.x, e.y = float(x), float(y)
    for k, v in kw.items():
        setattr(e, k, v)
    return e


def bench(st: GutsState, *keep: str) -> None:
    """Move every element not named far back to the start line's corner, out of the way."""
    for i, e in enumerate(st.elements.values()):
        if e.id not in keep:
            e.x, e.y = 1.0 + 0.1 * i, 0.5


def add_gun(st: GutsState, gid: str, kind: str, x: float, y: float, heading: float = 270.0,
            status: str = "active", guts: int = 8) -> Gun:
    d = R.D().gun(kind)
    g = Gun(id=gid, card="card-" + gid.split("-")[-1], kind=kind, name=d["name"], x=float(x), y=float(y),
            guts=guts, start_guts=guts, status=status, heading=float(heading))
    st.guns[gid] = g
    st.cards[g.card] = Card(id=g.card, spot="bunker-west", x=x, y=y + 1.75, fx=x, fy=y, rank="K", suit="S",
                            becomes=kind, revealed=True)
    return g


def add_card(st: GutsState, cid: str, fx: float, fy: float, becomes: str = "dummy", rank: str = "7") -> Card:
    c = Card(id=cid, spot="bunker-west", x=fx, y=fy + 1.75, fx=fx, fy=fy, rank=rank, suit="H", becomes=becomes)
    st.cards[cid] = c
    return c


def bare_bundle():
    """The game's data on an empty 60 x 60 table: no terrain to block sight."""
    from app.engine.table import Table
    from app.games.guts.data import Bundle, bundle
    from app.games.guts.geometry import Sight
    real = bundle()
    doc = {"kind": "table", "version": 1, "width": 60, "height": 60, "units": "in", "features": [], "labels": []}
    return Bundle(rosters=real.rosters, enemy=real.enemy, table_doc=doc, table=Table.from_json(doc),
                  sight=Sight([]), spots=real.spots)
