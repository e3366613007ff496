"""Scenario set-up (FC-D-SETUP): regiments placed relative to the table's named places (or at
explicit [x, y]), supply markers, the turns played and the seats of the six commands.

Every problem, such as a base outside the table, is reported as ``field.path: message`` so the
loader can add ``FILE:LINE``.
"""

from __future__ import annotations

from typing import Any

from app.engine.rng import Rng
from app.games.frozen_chosin import data as D
from app.games.frozen_chosin.geometry import ground
from app.games.frozen_chosin.state import Base, Breakout, Command, FCState, Marker, Regiment

Problems = list[tuple[str, str]]
GAP = 0.1


def _is_xy(v: Any) -> bool:
    return isinstance(v, list) and len(v) == 2 and all(isinstance(a, (int, float)) and not isinstance(a, bool) for a in v)


def anchor(g: Any, at: Any) -> tuple[float, float] | None:
    if isinstance(at, str):
        return g.place(at)
    if _is_xy(at):
        return (float(at[0]), float(at[1]))
    return None


def layout(start: tuple[float, float], sizes: list[tuple[float, float]], spread: str, cols: int) -> list[tuple[float, float]]:
    """Centres of a regiment's bases laid out in a row, column or grid centred on ``start``."""
    if spread == "column":
        cols = 1
    elif spread == "row":
        cols = len(sizes)
    cols = max(1, cols)
    w = max(s[0] for s in sizes) + GAP
    h = max(s[1] for s in sizes) + GAP
    rows = (len(sizes) + cols - 1) // cols
    out = []
    for i in range(len(sizes)):
        r, c = divmod(i, cols)
        n_in_row = min(cols, len(sizes) - r * cols)
        out.append((round(start[0] + (c - (n_in_row - 1) / 2) * w, 2), round(start[1] + (r - (rows - 1) / 2) * h, 2)))
    return out


def placements(data: dict[str, Any]) -> tuple[dict[str, tuple[float, float]], list[tuple[str, str, float, float, float, float]], Problems]:
    """Where every set-up base goes; (base id -> centre, [(path, id, x, y, w, h)], problems)."""
    b = D.bundle()
    problems: Problems = []
    out: dict[str, tuple[float, float]] = {}
    boxes = []
    try:
        g = ground(str(D.table_path(str(data.get("table", "table.json")))))
    except Exception as e:  # a missing or broken table file
        return out, boxes, [("table", f"cannot read the table: {e}")]
    regs = {r["id"]: r for c in b.commands for r in c["regiments"]}
    for i, s in enumerate(data.get("setup", [])):
        p = f"setup.{i}"
        if not isinstance(s, dict):
            problems.append((p, "must be a table"))
            continue
        reg = regs.get(s.get("regiment"))
        if reg is None:
            problems.append((f"{p}.regiment", f"unknown regiment {s.get('regiment')!r}"))
            continue
        at = anchor(g, s.get("at"))
        if at is None:
            problems.append((f"{p}.at", f"must be a place id of the table ({', '.join(sorted(g.places))}) or [x, y]"))
            continue
        off = s.get("offset", [0, 0])
        if not _is_xy(off):
            problems.append((f"{p}.offset", "must be [dx, dy] in inches"))
            continue
        spread = s.get("spread", "row")
        if spread not in ("row", "column", "grid"):
            problems.append((f"{p}.spread", "must be row, column or grid"))
            continue
        ids = s.get("bases") or [x[0] for x in reg["bases"]]
        known = {x[0]: x for x in reg["bases"]}
        bad = [x for x in ids if x not in known]
        if bad:
            problems.append((f"{p}.bases", f"not bases of {reg['id']}: {', '.join(map(str, bad))}"))
            continue
        sizes = [tuple(map(float, b.type(known[x][2])["size"])) for x in ids]
        centres = layout((at[0] + off[0], at[1] + off[1]), sizes, spread, int(s.get("cols", 3)))
        for bid, (x, y), (w, h) in zip(ids, centres, sizes):
            if bid in out:
                problems.append((p, f"base {bid} is set up twice"))
                continue
            if not g.on_table(x, y, w, h):
                problems.append((f"{p}.offset", f"base {bid} at [{x:g}, {y:g}] is outside the table "
                                               f"({g.width:g} x {g.height:g} inches)"))
                continue
            if g.touches_lake(x, y, w, h):
                problems.append((f"{p}.offset", f"base {bid} at [{x:g}, {y:g}] would start on the frozen lake"))
                continue
            out[bid] = (x, y)
            boxes.append((p, bid, x, y, w, h))
    for i in range(len(boxes)):
        for j in range(i + 1, len(boxes)):
            a, c = boxes[i], boxes[j]
            if abs(a[2] - c[2]) < (a[4] + c[4]) / 2 - 0.01 and abs(a[3] - c[3]) < (a[5] + c[5]) / 2 - 0.01:
                problems.append((c[0], f"base {c[1]} overlaps base {a[1]}"))
    return out, boxes, problems


def validate(data: dict[str, Any]) -> Problems:
    b = D.bundle()
    problems: Problems = []
    turns = data.get("turns", 8)
    if not (isinstance(turns, int) and 1 <= turns <= 8):
        problems.append(("turns", "must be a whole number of turns from 1 to 8"))
    first = data.get("first_turn", 1)
    if not (isinstance(first, int) and 1 <= first <= 8 and (not isinstance(turns, int) or first <= turns)):
        problems.append(("first_turn", "must be a turn from 1 to 8, not after the last"))
    if "drysdale_turn" in data and not (isinstance(data["drysdale_turn"], int) and 1 <= data["drysdale_turn"] <= 9):
        problems.append(("drysdale_turn", "must be a turn from 1 to 8 (9: never)"))
    if not isinstance(data.get("setup", []), list):
        return problems + [("setup", "must be a list of [[setup]] tables")]
    known_regs = {r["id"] for c in b.commands for r in c["regiments"]}
    omit = data.get("omit", [])
    if not isinstance(omit, list):
        problems.append(("omit", "must be a list of regiment ids"))
    else:
        problems += [(f"omit.{i}", f"unknown regiment {r!r}") for i, r in enumerate(omit) if r not in known_regs]
    if "smith" in data and data["smith"] not in ("airstrip", "stockpile", "hold-back", ""):
        problems.append(("smith", "must be airstrip, stockpile or hold-back"))
    where, _, p = placements(data)
    problems += p
    if p:
        return problems
    placed = set(where)
    omit = set(omit) if isinstance(omit, list) else set()
    for c in b.commands if not isinstance(data.get("piece"), list) else []:  # a position lists its bases
        for r in c["regiments"]:
            if r.get("reserve") or r.get("reinforcement") or r["id"] in omit:
                continue
            missing = [x[0] for x in r["bases"] if x[0] not in placed]
            if missing:
                problems.append(("setup", f"regiment {r['id']} has bases with no set-up: {', '.join(missing)}"))
    g = ground(str(D.table_path(str(data.get("table", "table.json")))))
    problems += breakout_problems(data.get("breakout"), known_regs, set(g.places))
    for i, m in enumerate(data.get("markers", [])):
        if not isinstance(m, dict) or m.get("side") not in ("un", "pva"):
            problems.append((f"markers.{i}.side", "must be un or pva"))
            continue
        if m.get("kind", "depot") not in b.pieces.get("markers", {}):
            problems.append((f"markers.{i}.kind", f"unknown supply marker {m.get('kind')!r} "
                                                  f"(known: {', '.join(b.pieces.get('markers', {}))})"))
        at = anchor(g, m.get("at"))
        if at is None:
            problems.append((f"markers.{i}.at", "must be a place id of the table or [x, y]"))
            continue
        off = m.get("offset", [0, 0])
        x, y = at[0] + off[0], at[1] + off[1]
        if not (0 <= x <= g.width and 0 <= y <= g.height):
            problems.append((f"markers.{i}.offset", f"marker at [{x:g}, {y:g}] is outside the table"))
    return problems


def breakout_problems(raw: Any, regiments: set[str], places: set[str]) -> Problems:
    """The scenario's ``[breakout]`` table (FC-D-BREAKOUT), if it has one."""
    if raw is None:
        return []
    if not isinstance(raw, dict):
        return [("breakout", "must be a table with regiments, places, radius and vp")]
    out: Problems = []
    extra = set(raw) - {"regiments", "places", "radius", "vp"}
    if extra:
        out.append(("breakout", f"unknown field(s) {', '.join(sorted(extra))} (known: regiments, places, radius, vp)"))
    regs = raw.get("regiments", [])
    if not (isinstance(regs, list) and regs and all(isinstance(r, str) for r in regs)):
        out.append(("breakout.regiments", "must be a list of regiment ids"))
    else:
        out += [(f"breakout.regiments.{i}", f"unknown regiment {r!r}") for i, r in enumerate(regs) if r not in regiments]
    pls = raw.get("places", [])
    if not (isinstance(pls, list) and pls and all(isinstance(p, str) for p in pls)):
        out.append(("breakout.places", "must be a list of place ids of the table"))
    else:
        out += [(f"breakout.places.{i}", f"unknown place {p!r} (known: {', '.join(sorted(places))})")
                for i, p in enumerate(pls) if p not in places]
    r = raw.get("radius", 6)
    if not (isinstance(r, (int, float)) and not isinstance(r, bool) and r > 0):
        out.append(("breakout.radius", "must be a distance in inches above 0"))
    vp = raw.get("vp", 1)
    if not (isinstance(vp, int) and not isinstance(vp, bool) and vp >= 0):
        out.append(("breakout.vp", "must be a whole number of victory points, 0 or more"))
    return out


def seats_problems(seats: Any, command_ids: list[str], sides: dict[str, str]) -> Problems:
    if seats is None:
        return []
    if not isinstance(seats, dict):
        return [("seats", "must map each command to a seat name")]
    out = []
    for k, v in seats.items():
        if k not in command_ids:
            out.append((f"seats.{k}", f"no such command (known: {', '.join(command_ids)})"))
        elif not isinstance(v, str) or not v:
            out.append((f"seats.{k}", "must be a seat name"))
    by_seat: dict[str, set[str]] = {}
    for k, v in seats.items():
        if k in sides and isinstance(v, str) and v != "computer":
            by_seat.setdefault(v, set()).add(sides[k])
    for seat, ss in by_seat.items():
        if len(ss) > 1:
            out.append(("seats", f"{seat} cannot command on both sides"))
    return out


def build(data: dict[str, Any], options: dict[str, Any], seed: int, game_id: str) -> FCState:
    b = D.bundle()
    where, _, problems = placements(data)
    if problems:
        raise ValueError("; ".join(f"{p}: {m}" for p, m in problems))
    st = FCState(game=game_id, scenario=str(data.get("id", "")), rng=Rng.from_seed(seed))
    st.table = D.table_ref(str(data.get("table", "table.json")))   # relative: the same in every checkout
    st.turns = int(data.get("turns", b.rules["turns"]))
    st.turn = int(data.get("first_turn", 1))
    st.drysdale_turn = int(data.get("drysdale_turn", b.rules["drysdale_turn"]))
    st.smith_choice = ""
    seats = options.get("seats") or {}
    sides = {c["id"]: c["side"] for c in b.commands}
    p = seats_problems(seats, list(sides), sides)
    if p:
        raise ValueError("; ".join(f"{a}: {m}" for a, m in p))
    for c in b.commands:
        seat = seats.get(c["id"]) or ("United Nations" if c["side"] == "un" else "Chinese")
        cmd = Command(id=c["id"], side=c["side"], name=c["name"], seat=seat, dice=int(c["dice"]),
                      base_dice=int(c["dice"]))
        st.commands[c["id"]] = cmd
        for r in c["regiments"]:
            reg = Regiment(id=r["id"], name=r["name"], command=c["id"], side=c["side"], morale=int(r["morale"]),
                           marine=bool(r.get("marine")), outposts=bool(r.get("outposts")),
                           reserve=bool(r.get("reserve")), reinforcement=str(r.get("reinforcement", "")))
            st.regiments[r["id"]] = reg
            cmd.regiments.append(r["id"])
            for bid, name, typ in r["bases"]:
                w, h = b.type(typ)["size"]
                base = Base(id=bid, name=name, type=typ, side=c["side"], command=c["id"], regiment=r["id"],
                            w=float(w), h=float(h))
                if bid in where:
                    base.x, base.y = where[bid]
                    base.status = "on"
                reg.bases.append(bid)
                st.bases[bid] = base
    for seat_cmd in st.commands.values():
        if seat_cmd.seat != "computer":
            st.players[seat_cmd.seat] = seat_cmd.side
    g = ground(st.table)
    for i, m in enumerate(data.get("markers", [])):
        at = anchor(g, m["at"])
        off = m.get("offset", [0, 0])
        mid = f"sup-start-{i + 1}"
        st.markers[mid] = Marker(id=mid, side=m["side"], kind=m.get("kind", "depot"),
                                 x=round(at[0] + off[0], 2), y=round(at[1] + off[1], 2))
    raw = data.get("breakout")
    if isinstance(raw, dict):
        st.breakout = Breakout(regiments=list(raw.get("regiments", [])), places=list(raw.get("places", [])),
                               radius=float(raw.get("radius", 6)), vp=int(raw.get("vp", 1)))
    st.vp = {"un": 0, "pva": 0}
    st.hits_taken = {"un": 0, "pva": 0}
    st.deck = sorted(b.cards)
    return st
