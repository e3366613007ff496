"""The Chosin Few: reading and checking the game's data files.

The files live in ``resources/chosin-few/``: ``board.json`` (an engine point graph),
``cards.toml`` (activity, order and End of Order cards), ``tracks.toml`` (strength tracks) and
``components.toml`` (cubes, air support tokens, units). A scenario names them in its ``[data]``
table. Everything here is static: the game state only stores the file names and looks the data
up through :func:`load_data`, which caches it.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from app.engine.datacheck import references, schema_first, unique_ids
from app.engine.files import FileError
from app.engine.pointgraph import PointGraph, validate_pointgraph

CUBE_COLOURS: tuple[str, ...] = ("red", "black", "blue", "purple")
UNITS: tuple[str, ...] = ("marine", "army")
END_OF_ORDER_OPS = frozenset({"last-order-fails", "overdue", "rebuild-deck"})
CARDS_FORMAT = "chosin-few-cards"
TRACKS_FORMAT = "chosin-few-tracks"
COMPONENTS_FORMAT = "chosin-few-components"
DEFAULT_FILES: dict[str, str] = {"board": "board.json", "cards": "cards.toml",
                                 "tracks": "tracks.toml", "components": "components.toml"}
LOD_SITE_TAG = "lod-site"
BREAKOUT_TAG = "breakout"
START_TAG = "start"


class DataError(ValueError):
    """A data file that cannot be used; ``problems`` are (file: field.path, message) pairs."""

    def __init__(self, problems: list[tuple[str, str]]):
        self.problems = problems
        super().__init__("; ".join(f"{p}: {m}" for p, m in problems))


@dataclass(frozen=True)
class ActivityCard:
    id: str
    lod: tuple[int, ...]
    colours: tuple[str, ...]
    actions: int


@dataclass(frozen=True)
class OrderCard:
    id: str
    name: str
    brief: str
    breakout: bool
    objective_text: str
    objective_units: dict[str, tuple[str, ...]]
    objective_clear: tuple[str, ...]
    lod: dict[str, str]


@dataclass(frozen=True)
class Track:
    unit: str
    name: str
    short: str
    values: tuple[int, ...]
    start: int

    @property
    def start_index(self) -> int:
        return self.values.index(self.start)


@dataclass
class ChosinData:
    """All static data of one scenario, with the board's adjacency pre-computed."""

    graph: PointGraph
    board_json: dict[str, Any]
    activity: dict[str, ActivityCard]
    orders: list[OrderCard]
    end_of_order: dict[str, Any]
    tracks: dict[str, Track]
    cubes: dict[str, int]
    air_tokens: int
    air_max_held: int
    unit_names: dict[str, str]
    unit_start: dict[str, str]
    # derived
    adjacent: dict[str, frozenset[str]] = field(default_factory=dict)
    linked: dict[str, tuple[str, ...]] = field(default_factory=dict)
    arrows_out: dict[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    distance: dict[str, dict[str, int]] = field(default_factory=dict)
    colour: dict[str, str] = field(default_factory=dict)
    breakout_spaces: frozenset[str] = frozenset()

    @property
    def eoo_id(self) -> str:
        return str(self.end_of_order.get("id", "end-of-order"))

    def cube_ids(self) -> list[str]:
        return [f"{c}-{i}" for c in CUBE_COLOURS for i in range(1, self.cubes.get(c, 0) + 1)]

    def space_name(self, sid: str) -> str:
        try:
            name = self.graph.space(sid).name
        except KeyError:
            return sid
        return f"{name} ({sid})" if name else sid


def cube_colour(cube: str) -> str:
    return cube.rsplit("-", 1)[0]


# -- reading -----------------------------------------------------------------------------------

def _read(path: Path) -> Any:
    """One data file through the engine's checked reader (size, depth, regular files only)."""
    from app.engine.files import parse_json, parse_toml, read_text
    text = read_text(path)
    return parse_json(str(path), text).data if path.suffix == ".json" else parse_toml(str(path), text).data


_CACHE: dict[tuple[str, ...], ChosinData] = {}
_FAST: dict[tuple[str, tuple[tuple[str, str], ...]], ChosinData] = {}
_LAST: dict[tuple[tuple[str, str], ...], ChosinData] = {}


def clear_cache() -> None:
    """Forget loaded data (after a designer edits a file in a running program)."""
    _CACHE.clear()
    _FAST.clear()
    _LAST.clear()


def resource_dir() -> Path:
    from app import RESOURCES
    return RESOURCES / "chosin-few"


def resolve(files: Mapping[str, str], base: Path | None = None) -> dict[str, Path]:
    """The data files a ``[data]`` table names, each inside the game's folder (or ``base``);
    :class:`DataError` for a name that is absolute or leads out of it."""
    from app.engine.paths import OutsideFolder, resolve_inside
    from app.engine.paths import allowed_folders
    folders = [base] if base else allowed_folders("chosin-few")
    out, problems = {}, []
    for key, default in DEFAULT_FILES.items():
        try:
            out[key] = resolve_inside(files.get(key, default), folders)
        except OutsideFolder as e:
            problems.append((f"data.{key}", str(e)))
    if problems:
        raise DataError(problems)
    return out


def load_data(files: Mapping[str, str]) -> ChosinData:
    """The data named by a scenario's ``[data]`` table (file names relative to the resource
    folder), cached; raises :class:`DataError` listing every problem."""
    from app.engine.paths import current_designer_folder
    names = tuple(sorted(files.items()))
    designer = current_designer_folder()
    fast = (str(designer or ""), names)
    hit = _FAST.get(fast)
    if hit is None and designer is None:
        # Outside a set-up (a later turn of a match): the data its names were loaded with.
        hit = _LAST.get(names)
    if hit is not None:
        return hit
    paths = resolve(files)
    key = tuple(str(paths[k]) for k in DEFAULT_FILES)
    hit = _CACHE.get(key)
    if hit is not None:
        _FAST[fast] = hit
        _LAST[names] = hit
        return hit
    raw: dict[str, Any] = {}
    problems: list[tuple[str, str]] = []
    for k, p in paths.items():
        try:
            raw[k] = _read(p)
        except FileError as e:
            problems.append((f"data.{k}", f"{p.name}: {e.problems[0].message}"))
    if problems:
        raise DataError(problems)
    problems = check_all(raw["board"], raw["cards"], raw["tracks"], raw["components"])
    if problems:
        raise DataError(problems)
    data = build(raw["board"], raw["cards"], raw["tracks"], raw["components"])
    _CACHE[key] = data
    _FAST[fast] = data
    _LAST[names] = data
    return data


def build(board: dict[str, Any], cards: dict[str, Any], tracks: dict[str, Any],
          components: dict[str, Any]) -> ChosinData:
    graph = PointGraph.from_json(board)
    activity = {}
    for c in cards["activity"]:
        activity[c["id"]] = ActivityCard(c["id"], tuple(int(x) for x in c["lod"]),
                                         tuple(c["enemy_movement"]), int(c["actions"]))
    orders = []
    for o in cards["order"]:
        obj = o.get("objective", {})
        orders.append(OrderCard(
            id=o["id"], name=o["name"], brief=o.get("brief", ""), breakout=bool(o.get("breakout", False)),
            objective_text=obj.get("text", ""),
            objective_units={u: tuple(v) for u, v in obj.get("units", {}).items()},
            objective_clear=tuple(obj.get("clear", [])),
            lod={str(k): v for k, v in o["lod"].items()}))
    trk = {}
    for unit, t in tracks["tracks"].items():
        trk[unit] = Track(unit, t.get("name", unit), t.get("short", unit), tuple(t["values"]), t["start"])
    units = components.get("units", {})
    data = ChosinData(
        graph=graph, board_json=board, activity=activity, orders=orders,
        end_of_order=dict(cards["end_of_order"]), tracks=trk,
        cubes={c: int(components["cubes"].get(c, 0)) for c in CUBE_COLOURS},
        air_tokens=int(components["air_support"]["tokens"]),
        air_max_held=int(components["air_support"].get("max_held", components["air_support"]["tokens"])),
        unit_names={u: units.get(u, {}).get("name", u.title()) for u in UNITS},
        unit_start={u: units.get(u, {}).get("start", _start_space(graph)) for u in UNITS},
    )
    for s in graph:
        data.adjacent[s.id] = frozenset(graph.neighbours(s.id))
        data.linked[s.id] = tuple(graph.linked(s.id))
        data.arrows_out[s.id] = tuple((a.dst, a.colour) for a in graph.arrows_from(s.id))
        data.colour[s.id] = s.colour or ""
    for s in graph:
        data.distance[s.id] = _bfs(s.id, data.adjacent)
    data.breakout_spaces = frozenset(s.id for s in graph.spaces(BREAKOUT_TAG))
    return data


def _start_space(graph: PointGraph) -> str:
    starts = graph.spaces(START_TAG)
    return starts[0].id if starts else "C"


def _bfs(src: str, adj: Mapping[str, frozenset[str]]) -> dict[str, int]:
    dist = {src: 0}
    q = deque([src])
    while q:
        cur = q.popleft()
        for nxt in sorted(adj[cur]):
            if nxt not in dist:
                dist[nxt] = dist[cur] + 1
                q.append(nxt)
    return dist


# -- checking ----------------------------------------------------------------------------------

def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _checked(doc: Any, kind: str, rules: Callable[[dict[str, Any]], list[tuple[str, str]]],
             fmt: str = "") -> list[tuple[str, str]]:
    """A data file of ``kind`` (cards, tracks, components): a table, its key types by
    schemas/<kind>.json, its ``fmt`` name and version when given, then ``rules`` for what a
    schema cannot say."""
    if not isinstance(doc, dict):
        return [("", f"a {kind} file must be a table")]
    return schema_first(doc, __name__, kind, lambda d: (_envelope(d, fmt) if fmt else []) + rules(d))


def _envelope(doc: dict[str, Any], fmt: str) -> list[tuple[str, str]]:
    """The format name and version every data file of the game declares."""
    p: list[tuple[str, str]] = []
    if doc.get("format") != fmt:
        p.append(("format", f"expected {fmt!r}"))
    if doc.get("version") != 1:
        p.append(("version", "expected 1"))
    return p


def check_cards(cards: Any, space_ids: set[str] | None = None) -> list[tuple[str, str]]:
    """cards.toml: key types in schemas/cards.json; here, ids, colours and references."""
    return _checked(cards, "cards", lambda c: _card_rules(c, space_ids))


def _card_rules(cards: dict[str, Any], space_ids: set[str] | None) -> list[tuple[str, str]]:
    p = unique_ids(cards.get("activity") or [], "activity", what="card id") + _envelope(cards, CARDS_FORMAT)
    acts = cards.get("activity")
    if not isinstance(acts, list) or not acts:
        p.append(("activity", "expected a list of activity cards"))
        acts = []
    ids: set[str] = set()
    lod_numbers: set[str] = set()
    for i, c in enumerate(acts):
        f = f"activity.{i}"
        if not isinstance(c, dict):
            p.append((f, "must be a table"))
            continue
        cid = c.get("id")
        if not cid:
            p.append((f"{f}.id", "missing id"))
        ids.add(cid)
        lod = c.get("lod")
        if not isinstance(lod, list) or len(lod) != 3 or not all(_int(x) and x >= 1 for x in lod):
            p.append((f"{f}.lod", "expected three Line of Departure numbers (1 or more)"))
        else:
            lod_numbers.update(str(x) for x in lod)
        em = c.get("enemy_movement")
        if not isinstance(em, list) or len(em) != 2 or not all(x in CUBE_COLOURS for x in em):
            p.append((f"{f}.enemy_movement", f"expected two cube colours out of {', '.join(CUBE_COLOURS)}"))
        a = c.get("actions")
        if not _int(a) or not 0 <= a <= 9:
            p.append((f"{f}.actions", "expected a number of actions from 0 to 9"))
    orders = cards.get("order")
    if not isinstance(orders, list) or not orders:
        p.append(("order", "expected a list of order cards"))
        orders = []
    for i, o in enumerate(orders):
        f = f"order.{i}"
        if not isinstance(o, dict):
            p.append((f, "must be a table"))
            continue
        for k in ("id", "name"):
            if not isinstance(o.get(k), str) or not o.get(k):
                p.append((f"{f}.{k}", "missing"))
        if "breakout" in o and not isinstance(o["breakout"], bool):
            p.append((f"{f}.breakout", "must be true or false"))
        obj = o.get("objective")
        if not isinstance(obj, dict):
            p.append((f"{f}.objective", "missing objective table"))
        else:
            units = obj.get("units", {})
            if not isinstance(units, dict) or not all(u in UNITS for u in units):
                p.append((f"{f}.objective.units", f"keys must be units ({', '.join(UNITS)})"))
            else:
                for u, spaces in units.items():
                    if not isinstance(spaces, list) or not spaces:
                        p.append((f"{f}.objective.units.{u}", "expected a list of space ids"))
                    elif space_ids is not None:
                        p += references(f"{f}.objective.units.{u}", spaces, space_ids, "space")
            clear = obj.get("clear", [])
            if not isinstance(clear, list):
                p.append((f"{f}.objective.clear", "expected a list of space ids"))
            elif space_ids is not None:
                p += references(f"{f}.objective.clear", clear, space_ids, "space")
            if not units and not clear:
                p.append((f"{f}.objective", "an objective needs units or clear spaces"))
        lod = o.get("lod")
        if not isinstance(lod, dict) or not lod:
            p.append((f"{f}.lod", "expected a table of Line of Departure number = space id"))
        else:
            for n in sorted(lod_numbers):
                if n not in lod:
                    p.append((f"{f}.lod", f"Line of Departure {n} (used by activity cards) is not placed"))
            if space_ids is not None:
                for n, s in lod.items():
                    p += references(f"{f}.lod.{n}", s, space_ids, "space")
    eoo = cards.get("end_of_order")
    if not isinstance(eoo, dict):
        p.append(("end_of_order", "missing End of Order card"))
    else:
        effects = eoo.get("effects")
        if not isinstance(effects, list) or not effects:
            p.append(("end_of_order.effects", "expected a list of effects"))
        else:
            for i, e in enumerate(effects):
                if not isinstance(e, dict) or e.get("op") not in END_OF_ORDER_OPS:
                    p.append((f"end_of_order.effects.{i}.op",
                              f"expected one of {', '.join(sorted(END_OF_ORDER_OPS))}"))
        if isinstance(eoo.get("id"), str) and eoo["id"] in ids:
            p.append(("end_of_order.id", "clashes with an activity card id"))
    return p


def check_tracks(tracks: Any) -> list[tuple[str, str]]:
    """tracks.toml: every key in schemas/tracks.json; here, each unit's track and its start."""
    return _checked(tracks, "tracks", _track_rules, TRACKS_FORMAT)


def _track_rules(tracks: dict[str, Any]) -> list[tuple[str, str]]:
    p: list[tuple[str, str]] = []
    t = tracks.get("tracks")
    if not isinstance(t, dict):
        return [("tracks", "missing [tracks.<unit>] tables")]
    for u in UNITS:
        tr = t.get(u)
        if not isinstance(tr, dict):
            p.append((f"tracks.{u}", "missing"))
            continue
        vals = tr.get("values")
        if (not isinstance(vals, list) or not vals or not all(_int(v) and 1 <= v <= 7 for v in vals)
                or vals != sorted(vals)):
            p.append((f"tracks.{u}.values", "expected success numbers, best (lowest) first"))
        elif tr.get("start") not in vals:
            p.append((f"tracks.{u}.start", "must be one of the values"))
    return p


def check_components(comp: Any) -> list[tuple[str, str]]:
    """components.toml: key types in schemas/components.json; here, colours and counts."""
    return _checked(comp, "components", _component_rules, COMPONENTS_FORMAT)


def _component_rules(comp: dict[str, Any]) -> list[tuple[str, str]]:
    p: list[tuple[str, str]] = []
    cubes = comp.get("cubes")
    if not isinstance(cubes, dict) or not all(k in CUBE_COLOURS and _int(v) and 0 <= v <= 20
                                              for k, v in cubes.items()):
        p.append(("cubes", f"expected counts per colour ({', '.join(CUBE_COLOURS)})"))
    air = comp.get("air_support")
    if not isinstance(air, dict) or not _int(air.get("tokens")) or air["tokens"] < 0:
        p.append(("air_support.tokens", "expected a number of tokens"))
    elif "max_held" in air and not _int(air["max_held"]):
        p.append(("air_support.max_held", "expected a number"))
    return p


def check_board(board: Any) -> list[tuple[str, str]]:
    p = list(validate_pointgraph(board))
    if p:
        return p
    g = PointGraph.from_json(board)
    if not g.spaces(START_TAG):
        p.append(("spaces", f"no space tagged {START_TAG!r}"))
    for s in g.spaces(LOD_SITE_TAG):
        if g.links(s.id):
            p.append((f"spaces.{s.id}", "a Line of Departure site must not be joined by dashed links"))
    for a in g.arrows():
        if a.colour != "white" and not any(s.colour == a.colour for s in g):
            p.append(("arrows", f"arrow {a.src}->{a.dst} is {a.colour}, a colour no space has"))
    return p


def check_all(board: Any, cards: Any, tracks: Any, components: Any) -> list[tuple[str, str]]:
    """Each file against its schema and own rules, then the references between files (run only
    when every file is well-formed, so they never meet a value of the wrong kind)."""
    p = [(f"board: {f}", m) for f, m in check_board(board)]
    ids = ({s["id"] for s in board["spaces"] if isinstance(s, dict) and isinstance(s.get("id"), str)}
           if not p else None)
    p += [(f"cards: {f}", m) for f, m in check_cards(cards, ids)]
    p += [(f"tracks: {f}", m) for f, m in check_tracks(tracks)]
    p += [(f"components: {f}", m) for f, m in check_components(components)]
    if p or ids is None:
        return p
    sites = {s["id"] for s in board["spaces"] if LOD_SITE_TAG in (s.get("tags") or [])}
    for i, o in enumerate(cards.get("order", [])):
        for n, sp in (o.get("lod") or {}).items():
            if sp not in sites:
                p.append((f"cards: order.{i}.lod.{n}", f"{sp} is not tagged {LOD_SITE_TAG!r} on the board"))
    for u, info in (components.get("units") or {}).items():
        p += [(f"components: {f}", m) for f, m in references(f"units.{u}.start", info.get("start"), ids, "space")]
    return p


def check_file(data: Any) -> list[tuple[str, str]] | None:
    """Problems in one of our data files, found by its ``format``; None if not ours."""
    if not isinstance(data, dict):
        return None
    fmt = data.get("format")
    if fmt == CARDS_FORMAT:
        board = None
        try:
            board = _read(resource_dir() / DEFAULT_FILES["board"])
        except (OSError, ValueError):
            pass
        ids = {s.get("id") for s in board.get("spaces", [])} if isinstance(board, dict) else None
        return check_cards(data, ids)
    if fmt == TRACKS_FORMAT:
        return check_tracks(data)
    if fmt == COMPONENTS_FORMAT:
        return check_components(data)
    return None
