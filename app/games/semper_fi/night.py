"""Night, dusk and dawn (C10): which clock a scenario runs on and how far a hex can be seen in
the dark. The November clock of the Chosin scenarios (6.x, 7.x) has long nights and a late dawn;
a moonlit night (6.1's clear sky, C10.5) lets men be seen a little farther than a dark one, and
illumination (1.2) farther still within its 5-hex radius, which snow does not shrink (1.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.games.semper_fi.data import Board, tables

if TYPE_CHECKING:
    from app.games.semper_fi.state import SFState


def periods(season: str = "") -> list[dict[str, Any]]:
    """The light periods of a clock: tables.toml [clock] (August) or [clocks.<season>] (C10.4)."""
    tb = tables()
    if season:
        return list(tb["clocks"][season]["periods"])
    return list(tb["clock"]["periods"])


def moonlit(state: "SFState") -> bool:
    """C10.5: the scenario says the night is clear and moonlit, and no snow is falling (1.5)."""
    from app.games.semper_fi import snow
    return bool((state.scen.get("rules") or {}).get("moonlight")) and not snow.falling(state)


def light_class(state: "SFState", b: Board, h: str) -> str:
    """The row of the spotting table a unit in ``h`` is seen by: the turn's light, or at night
    'illum' within the radius of an illumination round (1.2) and 'moon' under a clear moon."""
    from app.games.semper_fi.sight import illuminated, light
    lt = light(state)
    if lt != "night":
        return lt
    if illuminated(state, b, h):
        return "illum"
    if moonlit(state):
        return "moon"
    return "night"
