"""Fieldworks (7.1, 7.3): the US player may fortify a few hexes held at the start by the named
companies (Item/3/1; How/3/1 too with Plastik Galore). A fortified hex counts as protective
terrain for fire into it, while staying open for sight and spotting; in assault only its
defenders get the benefit (not dropped by Quick Combat, which drops only shared modifiers), on
top of being dug in. Never in frozen marsh (1.1d) or on the airfield. Placed during the US
set-up, one action per hex, after the company's units stand there."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.engine.game import Context
from app.games.semper_fi.data import US
from app.games.semper_fi.units import bd, udef

if TYPE_CHECKING:
    from app.games.semper_fi.state import SFState

NO_WORKS = ("frozen-marsh", "airstrip", "water")


def groups(state: "SFState") -> list[dict[str, Any]]:
    return [g for g in (state.scen.get("rules") or {}).get("fieldworks", []) or [] if isinstance(g, dict)]


def left(state: "SFState", i: int) -> int:
    g = groups(state)[i]
    return int(g.get("count", 0)) - sum(1 for v in state.fieldworks.values() if v == i)


def setup_actions(state: "SFState") -> list[dict[str, Any]]:
    if state.active != US or not groups(state):
        return []
    b = bd(state)
    out = []
    for i, g in enumerate(groups(state)):
        if left(state, i) <= 0:
            continue
        fms = set(g.get("formations", []))
        hexes = sorted({s.at for u, s in state.units.items() if udef(u).formation in fms and s.at in b.hexset})
        for h in hexes:
            if h not in state.fieldworks and b.terrain(h) not in NO_WORKS:
                out.append({"type": "fieldwork", "hex": h})
    seen: set[str] = set()
    return [a for a in out if not (a["hex"] in seen or seen.add(a["hex"]))]


def build(state: "SFState", h: str, ctx: Context) -> None:
    b = bd(state)
    for i, g in enumerate(groups(state)):
        fms = set(g.get("formations", []))
        if left(state, i) > 0 and any(udef(u).formation in fms and s.at == h for u, s in state.units.items()):
            state.fieldworks[h] = i
            ctx.log(f"Fieldworks are dug at {h} ({left(state, i)} more allowed)", "7.1", kind="setup")
            return
    assert b.grid.contains(h)


def fortified(state: "SFState", h: str) -> bool:
    return h in state.fieldworks
