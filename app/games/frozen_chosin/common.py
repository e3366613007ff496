"""Small shared helpers: the data, the table and base geometry of a state."""

from __future__ import annotations

from typing import Any, Iterator

from shapely.geometry import Polygon

from app.games.frozen_chosin import data as D
from app.games.frozen_chosin.geometry import Ground, ground, rect
from app.games.frozen_chosin.state import Base, FCState, other


def B() -> D.Bundle:
    return D.bundle()


def R(key: str) -> Any:
    return D.bundle().rules[key]


def G(st: FCState) -> Ground:
    return ground(st.table, float(R("road_width")))


def stats(b: Base) -> dict[str, Any]:
    return D.bundle().type(b.type)


def shape(b: Base) -> Polygon:
    return rect(b.x, b.y, b.w, b.h)


def live(st: FCState, side: str | None = None) -> Iterator[Base]:
    for b in st.bases.values():
        if b.status == "on" and (side is None or b.side == side):
            yield b


def enemies(st: FCState, b: Base) -> Iterator[Base]:
    return live(st, other(b.side))


def gap(a: Base, b: Base) -> float:
    return fast_gap(a, b)


def in_contact(a: Base, b: Base) -> bool:
    return gap(a, b) <= float(R("contact")) + 1e-9


def day_name(st: FCState, turn: int | None = None) -> str:
    t = st.turn if turn is None else turn
    d = int(R("first_day")) + t - 1
    return f"{d} Nov" if d <= 30 else f"{d - 30} Dec"


def is_day(st: FCState) -> bool:
    return st.day_phase == "day"


def fp_of(st: FCState, b: Base, ranged: bool = False) -> int:
    """Firepower dice of a base, -1 out of supply (FC-7.7)."""
    s = stats(b)
    fp = int(s.get("ranged_fp", 0)) if ranged else int(s["fp"])
    if b.out_of_supply:
        fp -= 1
    return max(fp, 0)


def position_of(b: Base) -> str:
    """The position a base counts as having: outposts and tanks always improved (FC-6.3)."""
    fixed = stats(b).get("position", "")
    if fixed == "improved" or b.position == "improved":
        return "improved"
    return b.position or fixed


def new_id(st: FCState, prefix: str) -> str:
    st.counter += 1
    return f"{prefix}-{st.counter}"


def rect_gap(ax: float, ay: float, aw: float, ah: float, bx: float, by: float, bw: float, bh: float) -> float:
    """Edge-to-edge distance between two upright rectangles given by centre and size."""
    dx = max(0.0, abs(ax - bx) - (aw + bw) / 2)
    dy = max(0.0, abs(ay - by) - (ah + bh) / 2)
    return (dx * dx + dy * dy) ** 0.5


def fast_gap(a: Base, b: Base) -> float:
    return rect_gap(a.x, a.y, a.w, a.h, b.x, b.y, b.w, b.h)


def point_gap(b: Base, x: float, y: float) -> float:
    return rect_gap(b.x, b.y, b.w, b.h, x, y, 0.0, 0.0)


def overlaps_any(st: FCState, x: float, y: float, w: float, h: float, skip: str = "") -> bool:
    """Would a w x h base at (x, y) overlap any base on the table (touching is allowed)."""
    for o in st.bases.values():
        if o.status != "on" or o.id == skip:
            continue
        if abs(o.x - x) < (o.w + w) / 2 - 1e-6 and abs(o.y - y) < (o.h + h) / 2 - 1e-6:
            return True
    return False


def segment_hits_box(p: tuple[float, float], q: tuple[float, float], cx: float, cy: float, w: float, h: float) -> bool:
    """Does the segment p-q pass through the inside of the upright box (Liang-Barsky)?"""
    x0, y0 = p
    dx, dy = q[0] - x0, q[1] - y0
    t0, t1 = 0.0, 1.0
    for pp, qq in ((-dx, x0 - (cx - w / 2)), (dx, (cx + w / 2) - x0), (-dy, y0 - (cy - h / 2)), (dy, (cy + h / 2) - y0)):
        if abs(pp) < 1e-12:
            if qq <= 0:
                return False
            continue
        t = qq / pp
        if pp < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 >= t1:
            return False
    return t1 - t0 > 1e-9
