"""Snow (1.5): falling snow caps how far any line of sight may be traced. With the per-hour
variant (6.1 Snow) a die is rolled on each full hour and the roll is the visibility in hexes for
that hour; a fixed ``visibility`` may be given instead. The radius of an illumination round (1.2,
5 hexes) is not reduced: it is how far the round lights, not a line of sight."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.engine.game import Context

if TYPE_CHECKING:
    from app.games.semper_fi.state import SFState


def spec(state: "SFState") -> dict[str, Any]:
    s = (state.scen.get("rules") or {}).get("snow")
    return s if isinstance(s, dict) else {}


def falling(state: "SFState") -> bool:
    return bool(spec(state))


def limit(state: "SFState") -> int:
    """The farthest a line of sight may reach now, in hexes; 0 when no snow falls."""
    if not falling(state):
        return 0
    fixed = spec(state).get("visibility", 0)
    if not isinstance(fixed, int) or isinstance(fixed, bool):
        fixed = 0                      # "roll" (6.1): before the first hour's roll, the default 6
    return max(1, int(state.visibility or fixed or 6))


def command_phase(state: "SFState", ctx: Context) -> None:
    """1.5 / 6.1 Snow: on the first turn and on every full hour, roll the hour's visibility."""
    sp = spec(state)
    if not sp:
        return
    if sp.get("visibility") != "roll":
        state.visibility = int(sp.get("visibility", 6))
        if state.turn == 1:
            ctx.log(f"Snow is falling: nothing can be seen beyond {state.visibility} hexes", "1.5",
                    kind="weather")
        return
    now = state.clock[state.turn - 1]
    if state.turn == 1 or now.endswith("00"):
        r = ctx.d6("Visibility in the falling snow this hour", "1.5")
        state.visibility = r
        ctx.log(f"Snow: no line of sight reaches beyond {r} hex{'es' if r > 1 else ''} this hour", "1.5",
                kind="weather")
