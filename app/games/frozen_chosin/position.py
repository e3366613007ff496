"""Frozen Chosin positions: the scenario tables that state any moment (docs/scenarios.md).

A position lists every base and supply marker in ``[[piece]]`` (a base: its place ``at = [x, y]``
in inches, ``status``, ``suppressed``, ``marker`` hasty or improved, ``out_of_supply`` and this
activation's flags; a supply marker: ``kind``, ``side``, ``at``), each command in ``[[command]]``
(seat, operations dice, the operations its dice sit on and those already tried, planning done,
passed, Chinese casualties waiting to recycle), the regiments that have activated this phase in
``[[regiment]]``, the order of play in ``[sequence]``, the event deck in ``[deck]`` (draw pile top
first, discards, the card in force) with its effects in ``[event]``, the score in ``[vp]``,
General Smith's choice in ``[general_smith]`` and the regiment activated now and a decision owed
in ``[activation]`` and ``[pending]``.

With ``[position] unlisted = "remove"`` the bases the file does not list stay off the table and
the supply markers it does not list are gone; with ``"keep"`` they stay where ``[[setup]]`` puts
them. ``enter = true`` (the default) runs the entry steps of the stated phase on load (a new
turn's dice and event card in ``operations``, reserves entering at ``night``, Task Force Drysdale
by ``day``); ``enter = false`` loads the moment exactly as written.
"""

from __future__ import annotations

from typing import Any

from app.engine.game import setup_context
from app.engine.position import entry_dice, listed_pieces, position_table, settings
from app.engine.state import converter, to_json

from app.games.frozen_chosin import data as D
from app.games.frozen_chosin.state import Activation, Base, FCState, Marker, Pending, Regiment

STATUSES = ("on", "off", "casualty", "evacuated")
MARKS = ("", "hasty", "improved")
PHASES = ("smith", "operations", "night", "day", "over")
BASE_FLAGS = ("out_of_supply", "moved", "fought", "on_ice")
COMMAND_KEYS = ("id", "seat", "dice", "base_dice", "planned", "attempted", "done_planning", "passed", "recycled")
REGIMENT_KEYS = ("id", "activated", "allowed", "reserve")
SEQUENCE_KEYS = ("current", "order", "drysdale_in", "evacuated", "counter", "hits_taken", "result", "winner", "reason",
                 "finished")
EVENT_KEYS = ("no_air", "ranged_limit", "airstrike_fp", "offtable_guns", "guns_used")
KEPT = ("table", "turns", "drysdale_turn")


# ------------------------------------------------------------------ writing
def _base_row(b: Base, data_ids: set[str]) -> dict[str, Any]:
    row: dict[str, Any] = {"id": b.id}
    if b.status != "off" or b.x or b.y:
        row["at"] = [b.x, b.y]
    row["status"] = b.status
    if b.hits == 1:
        row["suppressed"] = True
    elif b.hits:
        row["hits"] = b.hits
    if b.position:
        row["marker"] = b.position
    for k in BASE_FLAGS:
        if getattr(b, k):
            row[k] = True
    if b.opp_fired:
        row["opp_fired"] = b.opp_fired
    if b.id not in data_ids:     # a base an event brought in (a T-34, FC-13)
        row["type"], row["command"], row["regiment"], row["name"] = b.type, b.command, b.regiment, b.name
    return row


def data_bases() -> dict[str, tuple[str, str, str, str]]:
    """Every base the data defines: id -> (name, type, regiment, command)."""
    out = {}
    for c in D.bundle().commands:
        for r in c["regiments"]:
            for bid, name, typ in r["bases"]:
                out[bid] = (name, typ, r["id"], c["id"])
    return out


def _data_regiments() -> dict[str, dict[str, Any]]:
    return {r["id"]: r for c in D.bundle().commands for r in c["regiments"]}


def position_tables(state: FCState, scenario: dict[str, Any]) -> dict[str, Any]:
    st = state
    out: dict[str, Any] = {k: scenario[k] for k in KEPT if k in scenario}
    out["turns"] = st.turns
    out["drysdale_turn"] = st.drysdale_turn
    known = set(data_bases())
    rows = [_base_row(b, known) for b in st.bases.values()]
    rows += [{"id": m.id, "kind": m.kind, "side": m.side, "at": [m.x, m.y]} for m in st.markers.values()]
    out["piece"] = rows
    cdata = {c["id"]: c for c in D.bundle().commands}
    cmds = []
    for c in st.commands.values():
        row = {k: v for k, v in to_json(c).items() if k in COMMAND_KEYS}
        if c.id in cdata and c.base_dice == int(cdata[c.id]["dice"]):
            row.pop("base_dice")
        cmds.append(row)
    out["command"] = cmds
    regs = _data_regiments()
    rrows = []
    for r in st.regiments.values():
        row: dict[str, Any] = {"id": r.id}
        if r.activated:
            row["activated"] = r.activated
        if r.allowed != 1:
            row["allowed"] = r.allowed
        if r.id in regs and r.reserve != bool(regs[r.id].get("reserve")):
            row["reserve"] = r.reserve
        if len(row) > 1:
            rrows.append(row)
    if rrows:
        out["regiment"] = rrows
    seq = {k: v for k, v in to_json(st).items() if k in SEQUENCE_KEYS}
    out["sequence"] = {k: v for k, v in seq.items() if v not in ("", False) or k == "current"}
    out["deck"] = {"draw": list(st.deck), "discard": list(st.discard), "current": st.event}
    out["event"] = {k: getattr(st, k) for k in EVENT_KEYS}
    out["vp"] = dict(st.vp)
    out["general_smith"] = {"choice": st.smith_choice, "revealed": st.smith_revealed}
    if st.activation is not None:
        out["activation"] = to_json(st.activation)
    if st.pending is not None:
        out["pending"] = to_json(st.pending)
    out["position"] = {"unlisted": "remove"}
    return out


# ------------------------------------------------------------------ reading
def enters(scenario: dict[str, Any]) -> bool:
    return settings(scenario).enter


def apply_tables(st: FCState, scenario: dict[str, Any]) -> None:
    """Read the tables above onto a freshly built state (called by ``setup``)."""
    unlisted = settings(scenario).unlisted
    pos = position_table(scenario)
    if "turn" in pos:
        st.turn = int(pos["turn"])
    if isinstance(pos.get("phase"), str):
        st.phase = st.day_phase = pos["phase"]
    rows = scenario.get("piece") if isinstance(scenario.get("piece"), list) else []
    listed: set[str] = set()
    b = D.bundle()
    for row in rows:
        pid = str(row["id"])
        listed.add(pid)
        if "kind" in row and pid not in st.bases:
            at = row.get("at", [0, 0])
            st.markers[pid] = Marker(id=pid, side=str(row.get("side", "un")), kind=str(row["kind"]),
                                     x=float(at[0]), y=float(at[1]))
            continue
        base = st.bases.get(pid)
        if base is None:     # a base an event brought in: its regiment may be new too
            typ = str(row.get("type", "t34"))
            cmd = str(row["command"])
            rid = str(row.get("regiment", f"{typ}-{cmd}"))
            if rid not in st.regiments:
                st.regiments[rid] = Regiment(id=rid, name="T-34 tanks" if typ == "t34" else rid, command=cmd,
                                             side=st.commands[cmd].side, morale=4)
                st.commands[cmd].regiments.append(rid)
            w, h = b.type(typ)["size"]
            base = Base(id=pid, name=str(row.get("name", b.type(typ).get("name", typ))), type=typ,
                        side=st.commands[cmd].side, command=cmd, regiment=rid, w=float(w), h=float(h))
            st.bases[pid] = base
            st.regiments[rid].bases.append(pid)
        if "at" in row:
            base.x, base.y = float(row["at"][0]), float(row["at"][1])
        base.status = str(row.get("status", "on"))
        base.hits = int(row.get("hits", 1 if row.get("suppressed") else 0))
        base.position = str(row.get("marker", ""))
        for k in BASE_FLAGS:
            setattr(base, k, bool(row.get(k, False)))
        base.opp_fired = str(row.get("opp_fired", ""))
    if unlisted == "remove" and rows is not None and (rows or "piece" in scenario):
        for base in st.bases.values():
            if base.id not in listed:
                base.status = "off"
        st.markers = {k: v for k, v in st.markers.items() if k in listed}
    for row in scenario.get("command", []) or []:
        c = st.commands[str(row["id"])]
        for k in COMMAND_KEYS[1:]:
            if k in row:
                cur = getattr(c, k)
                setattr(c, k, list(row[k]) if isinstance(cur, list) else type(cur)(row[k]))
    if scenario.get("command"):
        st.players = {}
        for c in st.commands.values():
            if c.seat != "computer":
                st.players[c.seat] = c.side
    for row in scenario.get("regiment", []) or []:
        r = st.regiments[str(row["id"])]
        r.activated = int(row.get("activated", 0))
        r.allowed = int(row.get("allowed", 1))
        if "reserve" in row:
            r.reserve = bool(row["reserve"])
    seq = scenario.get("sequence")
    if isinstance(seq, dict):
        for k in SEQUENCE_KEYS:
            if k in seq:
                cur = getattr(st, k)
                setattr(st, k, dict(seq[k]) if isinstance(cur, dict) else list(seq[k]) if isinstance(cur, list)
                        else type(cur)(seq[k]))
    deck = scenario.get("deck")
    if isinstance(deck, dict):
        if "draw" in deck:
            st.deck = [str(x) for x in deck["draw"]]
        if "discard" in deck:
            st.discard = [str(x) for x in deck["discard"]]
        if "current" in deck:
            st.event = str(deck["current"])
    ev = scenario.get("event")
    if isinstance(ev, dict):
        for k in EVENT_KEYS:
            if k in ev:
                setattr(st, k, type(getattr(st, k))(ev[k]))
    if isinstance(scenario.get("vp"), dict):
        st.vp = {"un": int(scenario["vp"].get("un", 0)), "pva": int(scenario["vp"].get("pva", 0))}
    gs = scenario.get("general_smith")
    if isinstance(gs, dict):
        st.smith_choice = str(gs.get("choice", st.smith_choice))
        st.smith_revealed = bool(gs.get("revealed", False))
    if isinstance(scenario.get("activation"), dict):
        st.activation = converter(Activation)(dict(scenario["activation"]))
    if isinstance(scenario.get("pending"), dict):
        st.pending = converter(Pending)(dict(scenario["pending"]))
    _fill_defaults(st, scenario)


def _fill_defaults(st: FCState, scenario: dict[str, Any]) -> None:
    """A hand-written position may leave out the order of play: derive it from the phase."""
    from app.games.frozen_chosin import sequence as Q
    seq = scenario.get("sequence") if isinstance(scenario.get("sequence"), dict) else {}
    if st.phase == "smith":
        st.current = str(seq.get("current", "un-hagaru"))
    elif st.phase in ("night", "day") and "order" not in seq:
        st.order = Q.command_order(st, st.phase)
    elif st.phase == "operations" and "order" not in seq:
        st.order = [c for c in Q.PLAN_ORDER if c in st.commands]
    if "current" not in seq and st.order and st.phase in ("operations", "night", "day"):
        st.current = st.order[0]
    if st.activation is not None and "current" not in seq:
        st.current = st.activation.command or st.current
    Q.set_active(st)


def run_entry(st: FCState, ctx: Any) -> None:
    """``enter = true`` on a position with a phase: that phase's entry steps run on load."""
    from app.games.frozen_chosin import sequence as Q
    if st.phase == "operations":
        Q.start_turn(st, ctx)
    elif st.phase in ("night", "day"):
        Q.start_phase(st, ctx, st.phase)


# ------------------------------------------------------------------ checking
def _in_play(data: dict[str, Any]) -> dict[str, str]:
    """Base id -> its status as the file states it (listed, or set up, or removed)."""
    from app.games.frozen_chosin import scenario as S
    pos = data.get("position") if isinstance(data.get("position"), dict) else {}
    unlisted = pos.get("unlisted", "keep")
    where: dict[str, Any] = {}
    if unlisted != "remove":
        try:
            where, _, _ = S.placements(data)
        except Exception:  # noqa: BLE001 - the setup is checked on its own
            where = {}
    out = {bid: "on" for bid in where}
    for row in data.get("piece", []) or []:
        if isinstance(row, dict) and isinstance(row.get("id"), str) and "kind" not in row:
            out[row["id"]] = str(row.get("status", "on"))
    return out


def _is_num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


READABLE = ("piece", "command", "regiment", "sequence", "deck", "event", "vp", "general_smith", "activation",
            "pending")


def position_problems(game: Any, data: dict[str, Any]) -> list[tuple[str, str]]:
    from app.engine.schemas import schema_problems
    from app.games.frozen_chosin.geometry import ground
    # the shapes first (a number where a list belongs...), so the checks below read sound tables
    own = position_schema()
    shape = schema_problems({k: data[k] for k in READABLE if k in data},
                            {"type": "object", "properties": {k: own[k] for k in READABLE}})
    if shape:
        return shape
    b = D.bundle()
    out: list[tuple[str, str]] = []
    pieces = data.get("piece", [])
    if not isinstance(pieces, list):
        return [("piece", "must be an array of tables ([[piece]])")]
    known = data_bases()
    commands = {c["id"]: c for c in b.commands}
    regs = _data_regiments()
    markers = b.pieces.get("markers", {})
    try:
        g = ground(str(D.table_path(str(data.get("table", "table.json")))))
    except Exception:  # noqa: BLE001 - the scenario check reports the table
        return out
    W, H = g.width, g.height
    seen: dict[str, int] = {}
    for _i, path, p in listed_pieces(pieces, out, seen):
        pid = p["id"]
        marker = "kind" in p and pid not in known
        at = p.get("at")
        if at is not None and not (isinstance(at, list) and len(at) == 2 and all(_is_num(v) for v in at)):
            out.append((f"{path}.at", "must be [x, y] in inches"))
            at = None
        if marker:
            if p["kind"] not in markers:
                out.append((f"{path}.kind", f"unknown supply marker {p['kind']!r} (known: {', '.join(markers)})"))
            if p.get("side") not in ("un", "pva"):
                out.append((f"{path}.side", "must be un or pva"))
            if at is None:
                out.append((f"{path}.at", "a supply marker needs its place [x, y]"))
            elif not (0 <= at[0] <= W and 0 <= at[1] <= H):
                out.append((f"{path}.at", f"({at[0]:g}, {at[1]:g}) is off the {W:g} x {H:g} inch table"))
            continue
        if pid not in known:
            typ, cmd = p.get("type"), p.get("command")
            if typ != "t34" or cmd not in commands or commands[cmd]["side"] != "pva":
                out.append((f"{path}.id", f"no base {pid!r} in Frozen Chosin (a T-34 an event brought in "
                                          "needs type = \"t34\" and its Chinese command)"))
                continue
        status = p.get("status", "on")
        if status not in STATUSES:
            out.append((f"{path}.status", f"must be one of {', '.join(STATUSES)}"))
        if p.get("marker", "") not in MARKS:
            out.append((f"{path}.marker", "must be hasty or improved (FC-6)"))
        for k in ("suppressed",) + BASE_FLAGS:
            if k in p and not isinstance(p[k], bool):
                out.append((f"{path}.{k}", "must be true or false"))
        if "hits" in p and (not isinstance(p["hits"], int) or isinstance(p["hits"], bool) or p["hits"] < 0):
            out.append((f"{path}.hits", "must be a whole number"))
        if status == "on":
            if at is None and pid not in known:
                out.append((f"{path}.at", "a base on the table needs its place [x, y]"))
            elif at is None:
                pass
            else:
                typ = p.get("type") or known[pid][1]
                w, h = map(float, b.type(typ)["size"])
                if not g.on_table(float(at[0]), float(at[1]), w, h):
                    out.append((f"{path}.at", f"({at[0]:g}, {at[1]:g}) puts the base off the {W:g} x {H:g} inch table"))
    for i, row in enumerate(data.get("command", []) or []):
        path = f"command[{i}]"
        if not isinstance(row, dict) or row.get("id") not in commands:
            out.append((f"{path}.id", f"must name a command ({', '.join(commands)})"))
            continue
        side = commands[row["id"]]["side"]
        ops = {o for o, v in b.operations.items() if v["side"] == side}
        for k in ("planned", "attempted"):
            v = row.get(k, [])
            if not isinstance(v, list):
                out.append((f"{path}.{k}", "must be a list of operation ids"))
                continue
            out += [(f"{path}.{k}[{j}]", f"{o!r} is not an operation of the {'Allied' if side == 'un' else 'Chinese'} menu")
                    for j, o in enumerate(v) if o not in ops]
        for k in ("dice", "base_dice", "recycled"):
            if k in row and (not isinstance(row[k], int) or isinstance(row[k], bool) or row[k] < 0):
                out.append((f"{path}.{k}", "must be a whole number"))
        for k in ("done_planning", "passed"):
            if k in row and not isinstance(row[k], bool):
                out.append((f"{path}.{k}", "must be true or false"))
        if "seat" in row and (not isinstance(row["seat"], str) or not row["seat"]):
            out.append((f"{path}.seat", "must be a seat name"))
    t34_regs = {f"t34-{p.get('command')}" for p in pieces if isinstance(p, dict) and p.get("type") == "t34"}
    for i, row in enumerate(data.get("regiment", []) or []):
        if not isinstance(row, dict) or (row.get("id") not in regs and row.get("id") not in t34_regs):
            out.append((f"regiment[{i}].id", f"no regiment {row.get('id') if isinstance(row, dict) else row!r}"))
            continue
        for k in ("activated", "allowed"):
            if k in row and (not isinstance(row[k], int) or isinstance(row[k], bool) or row[k] < 0):
                out.append((f"regiment[{i}].{k}", "must be a whole number"))
    deck = data.get("deck")
    if deck is not None:
        if not isinstance(deck, dict):
            out.append(("deck", "must be a table (draw, discard, current)"))
        else:
            for k in ("draw", "discard"):
                v = deck.get(k, [])
                if not isinstance(v, list):
                    out.append((f"deck.{k}", "must be a list of card ids"))
                    continue
                out += [(f"deck.{k}[{j}]", f"no event card {c!r}") for j, c in enumerate(v) if c not in b.cards]
            if deck.get("current", "") not in ("", *b.cards):
                out.append(("deck.current", f"no event card {deck.get('current')!r}"))
    gs = data.get("general_smith")
    if gs is not None:
        from app.games.frozen_chosin.special import SMITH
        if not isinstance(gs, dict) or gs.get("choice", "") not in ("", *SMITH):
            out.append(("general_smith.choice", f"must be one of {', '.join(SMITH)} (or empty: not made yet)"))
    seq = data.get("sequence")
    if isinstance(seq, dict):
        for k in ("current",):
            if k in seq and seq[k] not in ("", *commands):
                out.append((f"sequence.{k}", f"must name a command ({', '.join(commands)})"))
        if "order" in seq and (not isinstance(seq["order"], list) or any(c not in commands for c in seq["order"])):
            out.append(("sequence.order", f"must list commands ({', '.join(commands)})"))
    status = _in_play(data)
    act = data.get("activation")
    if isinstance(act, dict):
        rid = act.get("regiment")
        if rid not in regs and rid not in t34_regs:
            out.append(("activation.regiment", f"no regiment {rid!r}"))
        elif rid in regs and not any(status.get(x[0]) == "on" for x in regs[rid]["bases"]):
            out.append(("activation.regiment", f"{rid} has no base on the table"))
        if act.get("step", "move") not in ("move", "fight"):
            out.append(("activation.step", "must be move or fight"))
    pend = data.get("pending")
    if isinstance(pend, dict):
        if pend.get("kind") not in ("face", "opportunity"):
            out.append(("pending.kind", "must be face or opportunity"))
        if pend.get("command") not in commands:
            out.append(("pending.command", f"must name a command ({', '.join(commands)})"))
        for k in ("defender", "target"):
            if pend.get(k):
                if status.get(pend[k]) != "on":
                    out.append((f"pending.{k}", f"{pend[k]} is not in play"))
        for k in ("attackers", "firers"):
            v = pend.get(k, [])
            if not isinstance(v, list):
                out.append((f"pending.{k}", "must be a list of base ids"))
                continue
            out += [(f"pending.{k}[{j}]", f"{x} is not in play") for j, x in enumerate(v) if status.get(x) != "on"]
    pos = data.get("position") if isinstance(data.get("position"), dict) else {}
    if isinstance(pos.get("phase"), str) and pos["phase"] not in PHASES:
        out.append(("position.phase", f"must be one of {', '.join(PHASES)}"))
    return out


def position_schema() -> dict[str, Any]:
    xy = {"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2}
    names = {"type": "array", "items": {"type": "string"}}
    return {
        "table": {"type": "string", "description": "the table file (resources/frozen-chosin/)"},
        "turns": {"type": "integer", "minimum": 1, "maximum": 8},
        "first_turn": {"type": "integer", "minimum": 1, "maximum": 8},
        "drysdale_turn": {"type": "integer", "minimum": 1, "maximum": 9},
        "smith": {"enum": ["", "airstrip", "stockpile", "hold-back"],
                  "description": "General Smith's choice made in advance (empty: none)"},
        "omit": {**names, "description": "regiments left out of the set-up"},
        "setup": {"type": "array", "description": "regiments placed near a named place (FC-D-SETUP)", "items": {
            "type": "object", "required": ["regiment", "at"], "properties": {
                "regiment": {"type": "string"}, "bases": names,
                "at": {"oneOf": [{"type": "string"}, xy]}, "offset": xy,
                "spread": {"enum": ["row", "column", "grid"]}, "cols": {"type": "integer", "minimum": 1}}}},
        "markers": {"type": "array", "description": "supply markers of the set-up", "items": {
            "type": "object", "required": ["side", "at"], "properties": {
                "side": {"enum": ["un", "pva"]}, "kind": {"type": "string"},
                "at": {"oneOf": [{"type": "string"}, xy]}, "offset": xy}}},
        "piece": {"type": "array", "description": "every base and supply marker", "items": {
            "type": "object", "required": ["id"], "properties": {
                "id": {"type": "string", "description": "a base id of pieces.toml (or t34-N), or a supply marker id"},
                "at": {**xy, "description": "centre in inches"},
                "status": {"enum": list(STATUSES)}, "suppressed": {"type": "boolean"},
                "hits": {"type": "integer", "minimum": 0},
                "marker": {"enum": list(MARKS), "description": "position marker (FC-6)"},
                **{k: {"type": "boolean"} for k in BASE_FLAGS},
                "opp_fired": {"type": "string"},
                "kind": {"type": "string", "description": "a supply marker: truck, depot, airdrop, porters"},
                "side": {"enum": ["un", "pva"]}, "type": {"type": "string"}, "command": {"type": "string"},
                "regiment": {"type": "string"}, "name": {"type": "string"}}}},
        "command": {"type": "array", "items": {"type": "object", "required": ["id"], "properties": {
            "id": {"type": "string"}, "seat": {"type": "string"}, "dice": {"type": "integer", "minimum": 0},
            "base_dice": {"type": "integer", "minimum": 0}, "planned": names, "attempted": names,
            "done_planning": {"type": "boolean"}, "passed": {"type": "boolean"},
            "recycled": {"type": "integer", "minimum": 0}}}},
        "regiment": {"type": "array", "items": {"type": "object", "required": ["id"], "properties": {
            "id": {"type": "string"}, "activated": {"type": "integer", "minimum": 0},
            "allowed": {"type": "integer", "minimum": 0}, "reserve": {"type": "boolean"}}}},
        "sequence": {"type": "object", "properties": {
            "current": {"type": "string"}, "order": names, "drysdale_in": {"type": "boolean"},
            "evacuated": {"type": "integer"}, "counter": {"type": "integer"},
            "hits_taken": {"type": "object"}, "result": {"type": "string"}, "winner": {"type": "string"},
            "reason": {"type": "string"}}},
        "deck": {"type": "object", "properties": {"draw": names, "discard": names, "current": {"type": "string"}}},
        "event": {"type": "object", "properties": {
            "no_air": {"type": "boolean"}, "ranged_limit": {"type": "number"}, "airstrike_fp": {"type": "integer"},
            "offtable_guns": {"type": "integer"}, "guns_used": {"type": "boolean"}}},
        "vp": {"type": "object", "properties": {"un": {"type": "integer"}, "pva": {"type": "integer"}}},
        "general_smith": {"type": "object", "properties": {"choice": {"enum": ["", "airstrip", "stockpile", "hold-back"]},
                                                           "revealed": {"type": "boolean"}}},
        "activation": {"type": "object", "required": ["regiment"], "properties": {
            "regiment": {"type": "string"}, "command": {"type": "string"}, "key": {"type": "string"},
            "road": {"type": "number"}, "offroad": {"type": "number"}, "random_road": {"type": "number"},
            "random_offroad": {"type": "number"}, "infiltrate": {"type": "boolean"},
            "surprise": {"type": "boolean"}, "step": {"enum": ["move", "fight"]}}},
        "pending": {"type": "object", "properties": {
            "kind": {"enum": ["face", "opportunity"]}, "command": {"type": "string"},
            "defender": {"type": "string"}, "attackers": names, "target": {"type": "string"}, "firers": names}},
    }


# ------------------------------------------------------------------ set-up and reading hooks
POSITION_TABLES = ("piece", "command", "regiment", "sequence", "deck", "event", "vp", "general_smith",
                   "activation", "pending", "position")


def is_position(scenario: dict[str, Any]) -> bool:
    """A scenario that states a moment: it has ``[position]`` or one of the tables above."""
    return any(k in scenario for k in POSITION_TABLES)


def states_phase(scenario: dict[str, Any]) -> bool:
    """The position names its phase: the set-up's own start (Smith's choice, turn 1) is skipped."""
    return isinstance(position_table(scenario).get("phase"), str)


def setup_position(st: FCState, scenario: dict[str, Any], ctx: Any,
                   options: dict[str, Any] | None = None) -> FCState:
    apply_tables(st, scenario)
    if ctx is not None and enters(scenario):
        entry_dice(st, scenario, options)     # the fixed dice roll the entry steps first
        run_entry(st, setup_context(st.rng, ctx.side))
    return st


def show_overlays(game: Any, state: FCState, side: str | None) -> list[dict[str, Any]]:
    """Overlays for reading a position (``ridgeline show``): who is in supply (FC-11), which
    enemy bases each side spots (FC-8.2) and the reach of every base with ranged fire (FC-8)."""
    from app.games.frozen_chosin import combat as C
    from app.games.frozen_chosin.common import live, stats
    from app.games.frozen_chosin.supply import in_supply
    st = state
    out: list[dict[str, Any]] = []
    for s in ("un", "pva"):
        ids = sorted(in_supply(st, s))
        out.append({"kind": "pieces", "id": f"supply-reach-{s}", "pieces": ids, "rule": "FC-11.1",
                    "label": f"{'Allied' if s == 'un' else 'Chinese'} bases in supply"})
        foes = [t.id for t in live(st, "pva" if s == "un" else "un") if C.spotted(st, s, t)]
        out.append({"kind": "pieces", "id": f"spotted-by-{s}", "pieces": sorted(foes), "rule": "FC-8.2",
                    "label": f"enemy bases the {'Allies' if s == 'un' else 'Chinese'} can see"})
    for b in live(st):
        s = stats(b)
        if "ranged_fp" in s:
            out.append({"kind": "circle", "id": f"range-{b.id}", "at": [b.x, b.y], "r": float(s["range"]),
                        "rule": "FC-8.1", "label": f"{b.name}: ranged fire {s['ranged_fp']} up to {s['range']} in"})
    return out
