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


# -- how the map looks (presentation.overlays) ---------------------------------------------------
#: light -> (colour, opacity) of the veil laid over every hex not lit by an illum round
VEILS = {"night": ("#050B22", 0.68), "moon": ("#0E2250", 0.56), "dusk": ("#3A2A55", 0.28),
         "dawn": ("#2F3E66", 0.24)}


def veil_overlays(state: "SFState") -> list[dict[str, Any]]:
    """Darkness over the map at night, dusk and dawn (lighter under a moon), with the circles
    lit by illum rounds left clear; falling snow adds a pale haze. Drawn first, under the
    game's other overlays, so markers and counters stay readable."""
    from app.games.semper_fi import snow
    from app.games.semper_fi.sight import light
    from app.games.semper_fi.units import bd
    if state.phase == "setup" and not state.clock:
        return []
    b = bd(state)
    lt = light(state)
    if lt == "night" and moonlit(state):
        lt = "moon"
    out: list[dict[str, Any]] = []
    if lt in VEILS:
        r = int(tables()["spotting_mods"]["illum_radius"])
        lit = {h for x in state.barrages if x.kind == "illum" for h in b.grid.range(x.hex, r)}
        dark = sorted(h for h in b.ids if h not in lit)
        colour, op = VEILS[lt]
        names = {"night": "Night", "moon": "Moonlit night", "dusk": "Dusk", "dawn": "Dawn"}
        out.append({"kind": "hexes", "hexes": dark, "colour": colour, "opacity": op, "id": "night-veil",
                    "label": names[lt], "width": 0.1})
    if snow.falling(state):
        out.append({"kind": "hexes", "hexes": sorted(b.ids), "colour": "#F4F7FB", "opacity": 0.18,
                    "id": "snow-haze", "label": "Falling snow", "width": 0.1})
    return out
