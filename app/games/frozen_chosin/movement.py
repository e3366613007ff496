"""Movement on the table (FC-4), the frozen lake and cliffs (FC-5), positions (FC-6), looting
(FC-11.5) and Leave No Man Behind (FC-14.3).

A move is ``{"type": "move", "base": id, "to": [x, y], "mode": "road" | "off-road"}``: on the
road the distance is measured along the roads (12 inches), off the road in a straight line
(6 inches); one move is one or the other, never both (FC-4.2).
"""

from __future__ import annotations

import math

from app.engine.game import Context
from app.games.frozen_chosin.combat import casualty
from app.games.frozen_chosin.common import G, R, fast_gap, live, overlaps_any, segment_hits_box, stats
from app.games.frozen_chosin.geometry import STEP
from app.games.frozen_chosin.state import Base, FCState, other

MODES = ("road", "off-road")


def carrying_wounded(st: FCState, b: Base) -> bool:
    """Leave No Man Behind (FC-14.3): a Marine regiment with casualties not yet evacuated or
    restored moves 2 inches less on the road and 1 inch less off it."""
    reg = st.regiments[b.regiment]
    return reg.marine and any(st.bases[x].status == "casualty" for x in reg.bases)


def allowance(st: FCState, b: Base, mode: str) -> float:
    act = st.activation
    if act is None:
        return 0.0
    if b.out_of_supply:
        d = act.random_road if mode == "road" else act.random_offroad
    elif mode == "road":
        d = float(R("road_move"))
    else:
        d = float(act.offroad if act.infiltrate else R("offroad_move"))
    if b.side == "un" and carrying_wounded(st, b):
        d -= 2.0 if mode == "road" else 1.0
    return max(d, 0.0)


def move_length(st: FCState, b: Base, to: tuple[float, float], mode: str) -> float:
    g = G(st)
    if mode == "road":
        return g.road_distance((b.x, b.y), to)
    return math.dist((b.x, b.y), to)


def move_problem(st: FCState, b: Base | None, to: object, mode: object,
                 boxes: list[tuple[float, float, float, float]] | None = None) -> tuple[str, str] | None:
    """Why ``b`` may not move to ``to`` in ``mode`` now, or None. ``boxes`` (the other bases on
    the table) may be passed in when many points are tested for one base."""
    prob = base_move_problem(st, b)
    if prob is not None:
        return prob
    assert b is not None
    if mode not in MODES:
        return ('"mode" must be "road" or "off-road"', "FC-4.2")
    if not (isinstance(to, (list, tuple)) and len(to) == 2
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in to)):
        return ('"to" must be [x, y] in inches', "FC-4.1")
    return point_problem(st, b, float(to[0]), float(to[1]), str(mode), allowance(st, b, str(mode)), boxes)


def base_move_problem(st: FCState, b: Base | None) -> tuple[str, str] | None:
    """Why ``b`` may not move at all now (FC-3.2), or None."""
    act = st.activation
    if act is None or act.step != "move":
        return ("bases move only while their regiment is activated", "FC-3.2")
    if b is None or b.status != "on":
        return ("no such base on the table", "FC-4.1")
    if b.regiment != act.regiment:
        return (f"{b.name} is not in the activated regiment", "FC-3.2")
    if b.moved:
        return (f"{b.name} has already moved in this activation", "FC-3.2")
    if stats(b).get("static"):
        return (f"{b.name} is an outpost and does not move", "FC-D-OUTPOST")
    return None


def point_problem(st: FCState, b: Base, x: float, y: float, mode: str, limit: float,
                  boxes: list[tuple[float, float, float, float]] | None = None,
                  foes: list[tuple[float, Base]] | None = None) -> tuple[str, str] | None:
    """Why a base free to move may not end at (x, y) in ``mode`` with ``limit`` inches.
    ``foes`` (each enemy on the table with its gap to ``b``, in table order) may be passed in
    when many points are tested for one base."""
    act = st.activation
    assert act is not None
    g = G(st)
    if not g.on_table(x, y, b.w, b.h):
        return ("the base must stay on the table", "FC-4.4")
    if mode == "road":
        if not g.on_road((b.x, b.y)) or not g.on_road((x, y)):
            return ("a road move starts and ends on a road", "FC-4.2")
        d = g.road_distance((b.x, b.y), (x, y))
    else:
        d = math.dist((b.x, b.y), (x, y))
    if d > limit + 1e-6:
        return (f"{b.name} may move at most {limit:g} inches {'along the road' if mode == 'road' else 'off road'} "
                f"(that is {d:.1f})", "FC-4.3" if b.out_of_supply else "FC-4.1")
    if boxes is None:
        if overlaps_any(st, x, y, b.w, b.h, skip=b.id):
            return ("bases may touch but not overlap", "FC-4.4")
    else:
        hw, hh = b.w / 2, b.h / 2
        for ox, oy, ow, oh in boxes:
            if abs(ox - x) < ow / 2 + hw - 1e-6 and abs(oy - y) < oh / 2 + hh - 1e-6:
                return ("bases may touch but not overlap", "FC-4.4")
    if mode != "road" and g.crosses_cliff((b.x, b.y), (x, y)):
        return ("cliffs cannot be crossed", "FC-5.4")
    if not (mode != "road" and act.infiltrate):
        if foes is None:
            foes = enemy_gaps(st, b)
        near = [e for gap, e in foes if gap <= d + 1]
        if near:
            path = g.road_path((b.x, b.y), (x, y)) if mode == "road" else [(b.x, b.y), (x, y)]
            px0, px1 = min(p[0] for p in path), max(p[0] for p in path)
            py0, py1 = min(p[1] for p in path), max(p[1] for p in path)
            for e in near:
                # an enemy whose grown box lies clear of the path's box cannot block it
                hw, hh = (e.w + b.w) / 2, (e.h + b.h) / 2
                if e.x + hw < px0 or e.x - hw > px1 or e.y + hh < py0 or e.y - hh > py1:
                    continue
                # the centre's path may not cross an enemy base grown by half this base (FC-D-PATH)
                if any(segment_hits_box(path[i], path[i + 1], e.x, e.y, e.w + b.w - 0.05, e.h + b.h - 0.05)
                       for i in range(len(path) - 1)):
                    return (f"{b.name} cannot move through {e.name}", "FC-D-PATH")
    if b.side == "pva" and (g.touches_lake(x, y, b.w, b.h) or g.path_on_lake((b.x, b.y), (x, y))):
        return ("Chinese units may not go onto the frozen lake", "FC-5.3")
    return None


def enemy_gaps(st: FCState, b: Base) -> list[tuple[float, Base]]:
    """Every enemy base on the table with its edge gap to ``b``, in table order."""
    return [(fast_gap(b, e), e) for e in live(st, other(b.side))]


def do_move(st: FCState, ctx: Context, b: Base, to: tuple[float, float], mode: str) -> bool:
    """Carry out a legal move; False when the base never got going (a failed lake test)."""
    g = G(st)
    x, y = round(float(to[0]), 2), round(float(to[1]), 2)
    onto_ice = g.path_on_lake((b.x, b.y), (x, y)) or g.on_ice((x, y))
    b.moved = True
    if b.side == "un" and onto_ice and not b.on_ice:
        reg = st.regiments[b.regiment]
        r = ctx.d6(f"{b.name} morale test to go onto the ice (needs {reg.morale}+)", "FC-5.1")
        if r < reg.morale:
            ctx.log(f"{b.name} will not go out onto the ice", "FC-5.1")
            set_position(st, b, 0.0, mode)
            return False
    d = move_length(st, b, (x, y), mode)
    b.x, b.y = x, y
    b.on_ice = g.on_ice((x, y))
    ctx.log(f"{b.name} moves {d:.1f} inches {'along the road' if mode == 'road' else 'off road'}", "FC-4.1",
            base=b.id, to=[x, y])
    if b.side == "un" and (onto_ice or b.on_ice):
        r = ctx.d6(f"{b.name} on the ice (lost on 1-{R('lake_loss')})", "FC-5.2")
        if r <= int(R("lake_loss")):
            casualty(st, ctx, b, "FC-5.2", "through the ice")
            return True
    set_position(st, b, d, mode)
    if b.side == "pva":
        loot(st, ctx, b)
    return True


def set_position(st: FCState, b: Base, moved: float, mode: str) -> None:
    """Not moving digs an improved position, under half the allowance a hasty one; never on a
    road (FC-6.1)."""
    g = G(st)
    if g.on_road((b.x, b.y)) or b.on_ice:
        b.position = ""
        return
    if moved <= 1e-9:
        b.position = "improved"
        return
    full = max(float(R("road_move") if mode == "road" else R("offroad_move")), 1e-9)
    b.position = "hasty" if moved < full / 2 else ""


def hold(st: FCState, ctx: Context, b: Base) -> None:
    b.moved = True
    set_position(st, b, 0.0, "off-road")
    if b.position:
        ctx.log(f"{b.name} stays put and digs in ({b.position} position)", "FC-6.1")


def loot(st: FCState, ctx: Context, b: Base) -> None:
    """Looting (FC-11.5): a Chinese base that touches an Allied supply marker stops to plunder
    it and is suppressed."""
    from app.games.frozen_chosin.combat import suppress
    from app.games.frozen_chosin.common import point_gap
    for m in st.markers.values():
        if m.side == "un" and point_gap(b, m.x, m.y) <= float(R("contact")) + 0.5:
            suppress(st, ctx, b, "FC-11.5", "looting Allied supplies")
            return


def move_points(st: FCState, b: Base) -> list[tuple[str, list[float]]]:
    """A sample of legal destinations offered by legal_actions: eight headings at under half
    and full allowance off road, the ends and middle of the road reach, and every free spot
    touching an enemy within reach. check() accepts any legal point."""
    g = G(st)
    cands: list[tuple[str, float, float]] = []
    off = allowance(st, b, "off-road")
    for k in range(8):
        a = math.radians(45 * k)
        for f in (0.45, 1.0):
            cands.append(("off-road", b.x + off * f * math.cos(a), b.y + off * f * math.sin(a)))
    road = allowance(st, b, "road")
    if g.on_road((b.x, b.y)) and road > 0:
        reach = g.road_reach((b.x, b.y), road)
        far = [p for p, d in reach if d > road - 3 * STEP]
        mid = [p for p, d in reach if abs(d - road / 2) < STEP]
        for p in far[::2] + mid[::2]:
            cands.append(("road", p[0], p[1]))
    reach_any = max(off, road) + 2
    for e in live(st, other(b.side)):
        if abs(e.x - b.x) - (e.w + b.w) / 2 > reach_any or fast_gap(b, e) > reach_any:
            continue
        for sx, sy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            x = e.x + sx * ((e.w + b.w) / 2 + 0.01)
            y = e.y + sy * ((e.h + b.h) / 2 + 0.01)
            cands.append(("off-road", x, y))
            if g.on_road((x, y)):
                cands.append(("road", x, y))
    out: list[tuple[str, list[float]]] = []
    if base_move_problem(st, b) is not None:
        return out
    seen = set()
    # only bases that could overlap some candidate matter (the candidates' box grown by both
    # half sizes): the same answers as testing every base on the table, at a fraction of it
    x0 = min(c[1] for c in cands) - b.w / 2
    x1 = max(c[1] for c in cands) + b.w / 2
    y0 = min(c[2] for c in cands) - b.h / 2
    y1 = max(c[2] for c in cands) + b.h / 2
    boxes = [(o.x, o.y, o.w, o.h) for o in live(st) if o.id != b.id
             and o.x + o.w / 2 > x0 - 0.1 and o.x - o.w / 2 < x1 + 0.1
             and o.y + o.h / 2 > y0 - 0.1 and o.y - o.h / 2 < y1 + 0.1]
    foes = enemy_gaps(st, b)
    limits = {"road": road, "off-road": off}
    for mode, x, y in cands:
        p = (mode, round(x, 2), round(y, 2))
        if p in seen:
            continue
        seen.add(p)
        if point_problem(st, b, p[1], p[2], mode, limits[mode], boxes, foes) is None:
            out.append((mode, [p[1], p[2]]))
    return out
