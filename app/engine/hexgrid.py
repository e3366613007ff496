"""Game-agnostic hex board: layout maths, per-hex / per-hexside data, map-file I/O.

Printed hex IDs (``"2104"``, ``"7.08"``) are what rules, scenarios and map files
talk about, so they are the public currency of this module.  Internally every
on-map hex also has a dense integer index (reading order) and precomputed
neighbour tables so that hot loops (reachability, AI search) never re-derive
geometry.  Coordinate maths follows the axial/cube approach described in the
Red Blob Games hexagon guide (independently implemented here).

Conventions (fixed, because map files depend on them):

* ``(col, row)`` offset coordinates are the *printed* numbers, e.g. ``"2104"``
  is ``(21, 4)`` and ``"7.08"`` is ``(7, 8)``.
* Offset parity refers to those printed numbers: flat/odd means the
  odd-numbered printed columns sit half a hex lower than the even ones
  ("odd-q"); flat/even lowers even columns; pointy/odd shifts odd-numbered
  rows half a hex right ("odd-r"); pointy/even shifts even rows.
* Pixel space is screen-like (y grows downwards); the centre of hex
  ``(first_col, first_row)`` is the origin.  A layout with ``rows_up`` prints
  its rows counting upwards from the bottom edge (the Gamers' tactical maps
  number ``C.RR`` from the south edge): adjacency, distance and lines are the
  same as without it, only pixel space is mirrored top to bottom, so row 1 is
  drawn at the bottom and direction 0 points down the screen.
* Direction numbers run clockwise.  Flat: 0=N 1=NE 2=SE 3=S 4=SW 5=NW.
  Pointy: 0=NE 1=E 2=SE 3=SW 4=W 5=NW.
"""

from __future__ import annotations

import copy
import math
import re
from dataclasses import dataclass
from typing import Any, NamedTuple

__all__ = [
    "DIRECTION_NAMES",
    "HexGrid",
    "HexLayout",
    "HexMapError",
    "Hexside",
    "iter_problem_lines",
    "validate_hexmap",
]

Point = tuple[float, float]

ORIENTATIONS = ("flat", "pointy")
OFFSETS = ("odd", "even")
ID_FORMATS = ("CCRR", "C.RR")

DIRECTION_NAMES: dict[str, tuple[str, ...]] = {
    "flat": ("N", "NE", "SE", "S", "SW", "NW"),
    "pointy": ("NE", "E", "SE", "SW", "W", "NW"),
}

# Axial (q, r) unit steps in direction order (see module docstring).
_AXIAL_DIRS: dict[str, tuple[tuple[int, int], ...]] = {
    "flat": ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)),
    "pointy": ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)),
}

_SQRT3 = math.sqrt(3.0)
_EMPTY: frozenset[str] = frozenset()
_CCRR_RE = re.compile(r"^(\d{2})(\d{2})$")
_CRR_RE = re.compile(r"^(0|[1-9]\d*)\.(\d{2})$")
# Line-drawing nudge in cube space (sums to zero so it stays on the q+r+s=0 plane).
_NUDGE = (1e-6, 2e-6, -3e-6)
_NEG_NUDGE = (-1e-6, -2e-6, 3e-6)

HEX_KEYS = ("terrain", "elevation", "features", "name")
#: metres per contour level when a map gives no ``contour_interval``
DEFAULT_CONTOUR_INTERVAL = 20
TOP_KEYS = (
    "kind", "version", "layout", "default_terrain", "hexes", "hexsides",
    "lines", "regions", "labels", "boxes",
)


class HexMapError(ValueError):
    """Raised when map data fails validation; ``problems`` holds (path, message) pairs."""

    def __init__(self, problems: list[tuple[str, str]]) -> None:
        self.problems = problems
        shown = "; ".join(f"{p}: {m}" for p, m in problems[:5])
        more = f" (+{len(problems) - 5} more)" if len(problems) > 5 else ""
        super().__init__(f"invalid hex map: {shown}{more}")


class Hexside(NamedTuple):
    """Order-independent key for the edge between two adjacent hexes.

    Always built canonically by :meth:`HexGrid.hexside` (smaller ``(col, row)``
    first, which for CCRR IDs is also the smaller string), so ``hexside(a, b) ==
    hexside(b, a)``; ``str()`` gives the map-file form ``"1919/1920"``.
    """

    a: str
    b: str

    def __str__(self) -> str:
        return f"{self.a}/{self.b}"


@dataclass(frozen=True, slots=True)
class HexLayout:
    """Shape and numbering of a rectangular offset hex map (see module docstring for parity)."""

    columns: int
    rows: int
    orientation: str = "flat"
    offset: str = "odd"
    first_col: int = 1
    first_row: int = 1
    id_format: str = "CCRR"
    size: float = 1.0
    rows_up: bool = False

    def __post_init__(self) -> None:
        problems = _layout_problems(self.to_json(), "layout")
        if problems:
            raise HexMapError(problems)

    @property
    def last_col(self) -> int:
        """Highest printed column number on the map."""
        return self.first_col + self.columns - 1

    @property
    def last_row(self) -> int:
        """Highest printed row number on the map."""
        return self.first_row + self.rows - 1

    def to_json(self) -> dict[str, Any]:
        """Map-file ``layout`` object (``rows_up`` only written when set, so older maps keep
        their bytes)."""
        out: dict[str, Any] = {
            "orientation": self.orientation,
            "offset": self.offset,
            "columns": self.columns,
            "rows": self.rows,
            "first_col": self.first_col,
            "first_row": self.first_row,
            "id_format": self.id_format,
            "size": self.size,
        }
        if self.rows_up:
            out["rows_up"] = True
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HexLayout:
        """Build from a map-file ``layout`` object (``size`` optional, default 1.0)."""
        problems = _layout_problems(data, "layout")
        if problems:
            raise HexMapError(problems)
        return cls(
            columns=data["columns"],
            rows=data["rows"],
            orientation=data["orientation"],
            offset=data["offset"],
            first_col=data["first_col"],
            first_row=data["first_row"],
            id_format=data["id_format"],
            size=data.get("size", 1.0),
            rows_up=bool(data.get("rows_up", False)),
        )


# ---------------------------------------------------------------------------
# Pure coordinate helpers (layout-parameterised, no grid state)
# ---------------------------------------------------------------------------


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _layout_problems(lo: Any, path: str) -> list[tuple[str, str]]:
    """Problems with a layout object, without constructing anything."""
    if not isinstance(lo, dict):
        return [(path, "must be an object")]
    p: list[tuple[str, str]] = []
    for key, allowed, what in (("orientation", ORIENTATIONS, "orientation"),
                               ("offset", OFFSETS, "offset parity"),
                               ("id_format", ID_FORMATS, "id_format")):
        if lo.get(key) not in allowed:
            p.append((f"{path}.{key}", f"unknown {what} {lo.get(key)!r} "
                      f"(expected one of {', '.join(allowed)})"))
    for k in ("columns", "rows"):
        if not _is_int(lo.get(k)) or lo[k] < 1:
            p.append((f"{path}.{k}", "must be a positive integer"))
    for k in ("first_col", "first_row"):
        if not _is_int(lo.get(k)) or lo[k] < 0:
            p.append((f"{path}.{k}", "must be a non-negative integer"))
    size = lo.get("size", 1.0)
    if not _is_num(size) or size <= 0:
        p.append((f"{path}.size", "must be a positive number"))
    if not isinstance(lo.get("rows_up", False), bool):
        p.append((f"{path}.rows_up", "must be true or false"))
    if not p:
        if lo["first_row"] + lo["rows"] - 1 > 99:
            p.append((f"{path}.rows", "last row exceeds 99, which the id format cannot print"))
        if lo["id_format"] == "CCRR" and lo["first_col"] + lo["columns"] - 1 > 99:
            p.append((f"{path}.columns", "last column exceeds 99, which CCRR cannot print"))
    return p


def _parse(id_format: str, hex_id: str) -> tuple[int, int]:
    """Parse a canonical printed ID; non-canonical spellings are rejected so IDs stay unique."""
    if not isinstance(hex_id, str):
        raise ValueError(f"hex id must be a string, got {hex_id!r}")
    m = (_CCRR_RE if id_format == "CCRR" else _CRR_RE).match(hex_id)
    if m is None:
        raise ValueError(f"bad {id_format} hex id {hex_id!r}")
    return int(m.group(1)), int(m.group(2))


def _format(id_format: str, col: int, row: int) -> str:
    """Printed ID for (col, row); ValueError if the format cannot express it."""
    if row < 0 or row > 99 or col < 0 or (id_format == "CCRR" and col > 99):
        raise ValueError(f"({col}, {row}) not expressible as a {id_format} hex id")
    if id_format == "CCRR":
        return f"{col:02d}{row:02d}"
    return f"{col}.{row:02d}"


def _offset_to_axial(flat: bool, odd: bool, col: int, row: int) -> tuple[int, int]:
    if flat:
        shift = (col - (col & 1)) // 2 if odd else (col + (col & 1)) // 2
        return col, row - shift
    shift = (row - (row & 1)) // 2 if odd else (row + (row & 1)) // 2
    return col - shift, row


def _axial_to_offset(flat: bool, odd: bool, q: int, r: int) -> tuple[int, int]:
    if flat:
        shift = (q - (q & 1)) // 2 if odd else (q + (q & 1)) // 2
        return q, r + shift
    shift = (r - (r & 1)) // 2 if odd else (r + (r & 1)) // 2
    return q + shift, r


def cube_round(fq: float, fr: float, fs: float) -> tuple[int, int]:
    """Round fractional cube coords to the containing hex (axial result); the map builder uses it too."""
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return q, r


def _axial_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


# ---------------------------------------------------------------------------
# The grid
# ---------------------------------------------------------------------------


class HexGrid:
    """A rectangular hex map with per-hex and per-hexside data.

    All methods taking an ``id`` expect a canonical printed hex ID; unknown or
    off-map IDs raise ``KeyError`` where a hex must exist on the map.
    """

    def __init__(self, layout: HexLayout, default_terrain: str = "clear") -> None:
        self.layout = layout
        self.default_terrain = default_terrain
        self._flat = layout.orientation == "flat"
        self._odd = layout.offset == "odd"
        self._dirs = _AXIAL_DIRS[layout.orientation]
        lo = layout
        coords = [
            (c, r)
            for r in range(lo.first_row, lo.last_row + 1)
            for c in range(lo.first_col, lo.last_col + 1)
        ]
        self._ids: tuple[str, ...] = tuple(_format(lo.id_format, c, r) for c, r in coords)
        self._index: dict[str, int] = {h: i for i, h in enumerate(self._ids)}
        self._coord: dict[str, tuple[int, int]] = dict(zip(self._ids, coords))
        self._axial: dict[str, tuple[int, int]] = {
            h: _offset_to_axial(self._flat, self._odd, c, r) for h, (c, r) in self._coord.items()
        }
        self._by_axial: dict[tuple[int, int], str] = {a: h for h, a in self._axial.items()}
        # distance(): one row of distances per source hex, filled on first use (the hexes of a
        # grid never change; the AIs ask tens of millions of distances a game)
        self._axial_list: tuple[tuple[int, int], ...] = tuple(self._axial[h] for h in self._ids)
        self._dist_rows: dict[str, list[int]] = {}
        # Pixel origin = centre of the first printed hex.
        q0, r0 = _offset_to_axial(self._flat, self._odd, lo.first_col, lo.first_row)
        self._origin = self._axial_pixel(q0, r0)
        self._ysign = -1.0 if lo.rows_up else 1.0
        base = 0.0 if self._flat else -30.0
        self._corner_offsets = tuple((lo.size * math.cos(math.radians(base + 60.0 * i)),
                                      lo.size * math.sin(math.radians(base + 60.0 * i))) for i in range(6))
        # Neighbour tables: per index, on-map neighbours in direction order.
        nbr_idx: list[tuple[int, ...]] = []
        nbr_ids: list[tuple[str, ...]] = []
        nbr_dir: dict[tuple[str, str], int] = {}
        for h in self._ids:
            q, r = self._axial[h]
            found: list[str] = []
            for d, (dq, dr) in enumerate(self._dirs):
                n = self._by_axial.get((q + dq, r + dr))
                if n is not None:
                    found.append(n)
                    nbr_dir[(h, n)] = d
            nbr_ids.append(tuple(found))
            nbr_idx.append(tuple(self._index[n] for n in found))
        self._nbr_idx: tuple[tuple[int, ...], ...] = tuple(nbr_idx)
        self._nbr_ids: tuple[tuple[str, ...], ...] = tuple(nbr_ids)
        self._nbr_dir = nbr_dir
        # Per-hex data (dense lists / sparse dicts keyed by index).
        self._terrain: list[str] = [default_terrain] * len(self._ids)
        self._elevation: list[float | int] = [0] * len(self._ids)
        self._features: dict[int, frozenset[str]] = {}
        self._names: dict[int, str] = {}
        self._sides: dict[Hexside, frozenset[str]] = {}
        self._road_nbrs: dict[str, tuple[str, ...]] = {}   # road_neighbours, until a side changes
        # Free-form map furniture carried through the map file.
        self.lines: list[dict[str, Any]] = []
        self.regions: dict[str, list[str]] = {}
        self.labels: list[dict[str, Any]] = []
        self.boxes: list[dict[str, Any]] = []
        self.extra: dict[str, Any] = {}

    # -- identity / tables -------------------------------------------------

    def __len__(self) -> int:
        return len(self._ids)

    def __repr__(self) -> str:
        lo = self.layout
        return f"HexGrid({lo.orientation}/{lo.offset} {lo.columns}x{lo.rows}, {lo.id_format})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HexGrid):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def ids(self) -> tuple[str, ...]:
        """All on-map IDs in reading order (row by row top-down, columns left to right)."""
        return self._ids

    def contains(self, hex_id: str) -> bool:
        """True if ``hex_id`` is a canonical ID of a hex on this map."""
        return hex_id in self._index

    __contains__ = contains

    def index(self, hex_id: str) -> int:
        """Dense reading-order index of an on-map hex (the tie-break order used by reachability)."""
        return self._index[hex_id]

    @property
    def id_list(self) -> tuple[str, ...]:
        """Index -> ID table (same as :meth:`ids`), for index-based hot loops."""
        return self._ids

    @property
    def neighbour_table(self) -> tuple[tuple[int, ...], ...]:
        """Index -> on-map neighbour indices in direction order; precomputed for speed."""
        return self._nbr_idx

    @property
    def direction_names(self) -> tuple[str, ...]:
        """Compass names for direction numbers 0..5 in this orientation (mirrored north to
        south when the rows count upwards)."""
        names = DIRECTION_NAMES[self.layout.orientation]
        if self.layout.rows_up:
            flip = {"N": "S", "S": "N", "NE": "SE", "SE": "NE", "NW": "SW", "SW": "NW", "E": "E", "W": "W"}
            return tuple(flip[n] for n in names)
        return names

    # -- IDs ---------------------------------------------------------------

    def parse_id(self, hex_id: str) -> tuple[int, int]:
        """Printed ``(col, row)`` of a canonical ID (not checked against the map bounds)."""
        c = self._coord.get(hex_id)
        if c is not None:
            return c
        return _parse(self.layout.id_format, hex_id)

    def format_id(self, col: int, row: int) -> str:
        """Printed ID for printed ``(col, row)`` (need not be on the map)."""
        return _format(self.layout.id_format, col, row)

    def _axial_of(self, hex_id: str) -> tuple[int, int]:
        a = self._axial.get(hex_id)
        if a is not None:
            return a
        c, r = _parse(self.layout.id_format, hex_id)
        return _offset_to_axial(self._flat, self._odd, c, r)

    def _id_at_axial(self, q: int, r: int) -> str | None:
        """On-map ID at axial (q, r), or None."""
        return self._by_axial.get((q, r))

    def _any_id_at_axial(self, q: int, r: int) -> str:
        """ID at axial (q, r) even if off-map (ValueError if unprintable)."""
        h = self._by_axial.get((q, r))
        if h is not None:
            return h
        c, rr = _axial_to_offset(self._flat, self._odd, q, r)
        return _format(self.layout.id_format, c, rr)

    # -- adjacency / distance ------------------------------------------------

    def neighbours(self, hex_id: str) -> tuple[str, ...]:
        """On-map neighbours in direction order (cached tuple; do not mutate)."""
        return self._nbr_ids[self._index[hex_id]]

    def neighbour(self, hex_id: str, direction: int) -> str | None:
        """The on-map neighbour in ``direction`` (0..5), or None at the map edge."""
        q, r = self._axial_of(hex_id)
        dq, dr = self._dirs[direction % 6]
        return self._by_axial.get((q + dq, r + dr))

    def is_adjacent(self, a: str, b: str) -> bool:
        """True if ``a`` and ``b`` share a hexside (on or off map)."""
        if (a, b) in self._nbr_dir:
            return True
        return _axial_distance(self._axial_of(a), self._axial_of(b)) == 1

    def distance(self, a: str, b: str) -> int:
        """Hex steps between ``a`` and ``b`` ignoring terrain and map edges."""
        row = self._dist_rows.get(a)
        if row is None:
            row = self._distance_row(a)
        i = self._index.get(b)
        if row and i is not None:
            return row[i]
        return _axial_distance(self._axial_of(a), self._axial_of(b))

    def _distance_row(self, a: str) -> list[int]:
        """Distances from on-map ``a`` to every hex in index order, kept for the next call
        (a list lookup costs less than the axial sum from two dict lookups); [] off the map."""
        qr = self._axial.get(a)
        if qr is None:
            return []
        row = [_axial_distance(qr, other) for other in self._axial_list]
        self._dist_rows[a] = row
        return row

    def direction(self, a: str, b: str) -> int:
        """Direction number (0..5) from ``a`` toward ``b``.

        Exact for adjacent hexes; for distant ones it is the direction of the
        first step of :meth:`line`, so it inherits the line's tie-break.
        """
        d = self._nbr_dir.get((a, b))
        if d is not None:
            return d
        qa, ra = self._axial_of(a)
        qb, rb = self._axial_of(b)
        if (qa, ra) == (qb, rb):
            raise ValueError(f"direction from {a} to itself is undefined")
        path = self._line_chosen(qa, ra, qb, rb)
        step = (path[1][0] - qa, path[1][1] - ra)
        return self._dirs.index(step)

    def _line_axial(
        self, qa: int, ra: int, qb: int, rb: int, nudge: tuple[float, float, float]
    ) -> list[tuple[int, int]]:
        n = _axial_distance((qa, ra), (qb, rb))
        if n == 0:
            return [(qa, ra)]
        sa, sb = -qa - ra, -qb - rb
        aq, ar, as_ = qa + nudge[0], ra + nudge[1], sa + nudge[2]
        dq, dr, ds = qb - qa, rb - ra, sb - sa
        out: list[tuple[int, int]] = []
        for i in range(n + 1):
            t = i / n
            out.append(cube_round(aq + dq * t, ar + dr * t, as_ + ds * t))
        return out

    def line(self, a: str, b: str) -> list[str]:
        """Hexes on the straight line between centres, both ends included (len = distance+1).

        Tie-break for lines running exactly along hex spines (the centre line
        passes through a hexside, touching two hexes equally): the whole line
        is nudged by cube (+1e-6, +2e-6, -3e-6), i.e. slightly downward on
        screen (+y, and a little +x), so ties resolve to the lower hex (for a
        vertical spine in pointy layout, the right-hand one).  If that choice would put any
        hex off the map (only possible along the map edge) the opposite nudge
        is used instead.  The nudge is applied identically whichever end you
        start from, so ``line(b, a) == line(a, b)[::-1]`` always.  Rules that
        treat spine lines specially can get both variants from
        :meth:`line_variants`.
        """
        qa, ra = self._axial_of(a)
        qb, rb = self._axial_of(b)
        return [self._any_id_at_axial(q, r) for q, r in self._line_chosen(qa, ra, qb, rb)]

    def _line_chosen(self, qa: int, ra: int, qb: int, rb: int) -> list[tuple[int, int]]:
        """Axial line with the documented nudge choice (see :meth:`line`)."""
        plus = self._line_axial(qa, ra, qb, rb, _NUDGE)
        on = self._by_axial
        if all(h in on for h in plus):
            return plus
        minus = self._line_axial(qa, ra, qb, rb, _NEG_NUDGE)
        return minus if all(h in on for h in minus) else plus

    def line_variants(self, a: str, b: str) -> tuple[list[str], list[str]]:
        """The line resolved with the +nudge and with the -nudge (identical unless on a spine).

        Raises ValueError if a variant leaves the map where the ID format
        cannot print the hex (e.g. row -1).
        """
        qa, ra = self._axial_of(a)
        qb, rb = self._axial_of(b)
        plus = [self._any_id_at_axial(q, r) for q, r in self._line_axial(qa, ra, qb, rb, _NUDGE)]
        minus = [self._any_id_at_axial(q, r)
                 for q, r in self._line_axial(qa, ra, qb, rb, _NEG_NUDGE)]
        return plus, minus

    def ring(self, center: str, radius: int) -> list[str]:
        """On-map hexes exactly ``radius`` away, walking clockwise (``[center]`` for 0)."""
        q, r = self._axial_of(center)
        if radius < 0:
            raise ValueError("radius must be >= 0")
        if radius == 0:
            h = self._by_axial.get((q, r))
            return [h] if h is not None else []
        dirs = self._dirs
        # Start at the hex `radius` steps in direction 4 then walk the six sides.
        q += dirs[4][0] * radius
        r += dirs[4][1] * radius
        out: list[str] = []
        get = self._by_axial.get
        for side in range(6):
            # Corner-to-corner walks in direction order trace the ring clockwise.
            dq, dr = dirs[side]
            for _ in range(radius):
                h = get((q, r))
                if h is not None:
                    out.append(h)
                q += dq
                r += dr
        return out

    def range(self, center: str, radius: int) -> list[str]:
        """On-map hexes within ``radius`` of ``center`` (inclusive), in reading order."""
        if radius < 0:
            raise ValueError("radius must be >= 0")
        q0, r0 = self._axial_of(center)
        get = self._by_axial.get
        found: list[str] = []
        for dq in range(-radius, radius + 1):
            for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
                h = get((q0 + dq, r0 + dr))
                if h is not None:
                    found.append(h)
        found.sort(key=self._index.__getitem__)
        return found

    # -- pixels ------------------------------------------------------------

    def _axial_pixel(self, q: float, r: float) -> Point:
        s = self.layout.size
        if self._flat:
            return s * 1.5 * q, s * _SQRT3 * (r + q / 2.0)
        return s * _SQRT3 * (q + r / 2.0), s * 1.5 * r

    def to_pixel(self, hex_id: str) -> Point:
        """Centre of the hex in pixels (origin at the first printed hex, y down)."""
        q, r = self._axial_of(hex_id)
        x, y = self._axial_pixel(q, r)
        return x - self._origin[0], self._ysign * (y - self._origin[1])

    def from_pixel(self, x: float, y: float) -> str | None:
        """The on-map hex containing pixel ``(x, y)``, or None if off the map."""
        s = self.layout.size
        x += self._origin[0]
        y = self._ysign * y + self._origin[1]
        if self._flat:
            fq = (2.0 / 3.0 * x) / s
            fr = (-1.0 / 3.0 * x + _SQRT3 / 3.0 * y) / s
        else:
            fq = (_SQRT3 / 3.0 * x - 1.0 / 3.0 * y) / s
            fr = (2.0 / 3.0 * y) / s
        q, r = cube_round(fq, fr, -fq - fr)
        return self._by_axial.get((q, r))

    def corners(self, hex_id: str) -> list[Point]:
        """The six corner points (clockwise in screen space, starting east/north-east)."""
        cx, cy = self.to_pixel(hex_id)
        return [(cx + dx, cy + dy) for dx, dy in self._corner_offsets]

    def pixel_bounds(self) -> tuple[float, float, float, float]:
        """(min_x, min_y, max_x, max_y) enclosing every on-map hex polygon (for scene rects)."""
        xs: list[float] = []
        ys: list[float] = []
        lo = self.layout
        edge = [h for h in self._ids if (c := self._coord[h])[0] in (lo.first_col, lo.last_col)
                or c[1] in (lo.first_row, lo.last_row)]
        for h in edge:
            for x, y in self.corners(h):
                xs.append(x)
                ys.append(y)
        return min(xs), min(ys), max(xs), max(ys)

    # -- hexsides ----------------------------------------------------------

    def hexside(self, a: str, b: str) -> Hexside:
        """Canonical key of the edge between adjacent ``a`` and ``b`` (ValueError otherwise)."""
        if not self.is_adjacent(a, b):
            raise ValueError(f"{a} and {b} are not adjacent")
        return Hexside(a, b) if self.parse_id(a) < self.parse_id(b) else Hexside(b, a)

    def parse_hexside(self, text: str) -> Hexside:
        """Canonical key from the map-file form ``"a/b"`` (either order accepted)."""
        parts = text.split("/") if isinstance(text, str) else []
        if len(parts) != 2:
            raise ValueError(f"bad hexside {text!r}: expected 'id/id'")
        return self.hexside(parts[0], parts[1])

    def hexside_endpoints(self, a: str, b: str) -> tuple[Point, Point]:
        """The two corner points of the shared edge (for drawing rivers etc.)."""
        key = self.hexside(a, b)
        d = self.direction(key.a, key.b)
        pts = self.corners(key.a)
        i, j = ((d + 4) % 6, (d + 5) % 6) if self._flat else ((d + 5) % 6, d)
        if self.layout.rows_up:  # the edge's corners mirrored top to bottom
            m = 0 if self._flat else 1
            i, j = (m - i) % 6, (m - j) % 6
        return pts[i], pts[j]

    def side_features(self, a: str, b: str) -> frozenset[str]:
        """Features on the a|b hexside (empty for unknown or non-adjacent pairs)."""
        ca = self._coord.get(a)
        cb = self._coord.get(b)
        if ca is None or cb is None:
            return _EMPTY
        key = (a, b) if ca < cb else (b, a)
        return self._sides.get(key, _EMPTY)  # type: ignore[call-overload]

    def add_side_feature(self, a: str, b: str, feature: str) -> None:
        """Mark the a|b hexside with ``feature`` (e.g. "river", "road", "all-sea")."""
        key = self._on_map_side(a, b)
        self._sides[key] = self._sides.get(key, _EMPTY) | {feature}
        self._road_nbrs.clear()

    def remove_side_feature(self, a: str, b: str, feature: str) -> None:
        """Remove ``feature`` from the a|b hexside if present."""
        key = self._on_map_side(a, b)
        rest = self._sides.get(key, _EMPTY) - {feature}
        if rest:
            self._sides[key] = rest
        else:
            self._sides.pop(key, None)
        self._road_nbrs.clear()

    def hexsides(self) -> dict[Hexside, frozenset[str]]:
        """Snapshot of every hexside that carries features."""
        return dict(self._sides)

    def hexsides_with(self, feature: str) -> list[Hexside]:
        """All hexsides carrying ``feature``, sorted canonically."""
        return sorted((k for k, v in self._sides.items() if feature in v), key=self._side_sort)

    def road_neighbours(self, hex_id: str) -> tuple[str, ...]:
        """Neighbours joined to ``hex_id`` by a "road" hexside, in direction order. Kept per hex
        until a hexside's features change (supply traces flood along roads many times a turn)."""
        hit = self._road_nbrs.get(hex_id)
        if hit is None:
            hit = tuple(n for n in self.neighbours(hex_id) if "road" in self.side_features(hex_id, n))
            self._road_nbrs[hex_id] = hit
        return hit

    def _on_map_side(self, a: str, b: str) -> Hexside:
        if a not in self._index or b not in self._index:
            raise KeyError(f"hexside {a}/{b} is not between two on-map hexes")
        return self.hexside(a, b)

    def _side_sort(self, key: Hexside) -> tuple[tuple[int, int], tuple[int, int]]:
        return self._coord[key.a], self._coord[key.b]

    # -- per-hex data -------------------------------------------------------

    def terrain(self, hex_id: str) -> str:
        """Terrain name of an on-map hex."""
        return self._terrain[self._index[hex_id]]

    def set_terrain(self, hex_id: str, terrain: str) -> None:
        """Set the terrain name of an on-map hex."""
        self._terrain[self._index[hex_id]] = terrain

    def elevation(self, hex_id: str) -> float | int:
        """Elevation of an on-map hex (0 unless set)."""
        return self._elevation[self._index[hex_id]]

    def set_elevation(self, hex_id: str, value: float | int) -> None:
        """Set the elevation of an on-map hex."""
        self._elevation[self._index[hex_id]] = value

    def hex_features(self, hex_id: str) -> frozenset[str]:
        """Features of an on-map hex (e.g. "city", "port", "capital")."""
        return self._features.get(self._index[hex_id], _EMPTY)

    def add_hex_feature(self, hex_id: str, feature: str) -> None:
        """Add a feature to an on-map hex."""
        i = self._index[hex_id]
        self._features[i] = self._features.get(i, _EMPTY) | {feature}

    def remove_hex_feature(self, hex_id: str, feature: str) -> None:
        """Remove a feature from an on-map hex if present."""
        i = self._index[hex_id]
        rest = self._features.get(i, _EMPTY) - {feature}
        if rest:
            self._features[i] = rest
        else:
            self._features.pop(i, None)

    def hexes_with(self, feature: str) -> list[str]:
        """On-map hexes carrying ``feature``, in reading order."""
        return [self._ids[i] for i in sorted(self._features) if feature in self._features[i]]

    def name(self, hex_id: str) -> str | None:
        """Printed place name of a hex, if any."""
        return self._names.get(self._index[hex_id])

    def set_name(self, hex_id: str, name: str | None) -> None:
        """Set (or clear with None/"") the place name of a hex."""
        i = self._index[hex_id]
        if name:
            self._names[i] = name
        else:
            self._names.pop(i, None)

    # -- contours and landmarks ---------------------------------------------

    @property
    def contour_interval(self) -> float | int:
        """Metres per contour level (the map's ``contour_interval``, 20 when it gives none)."""
        v = self.extra.get("contour_interval", DEFAULT_CONTOUR_INTERVAL)
        return v if _is_num(v) and v > 0 else DEFAULT_CONTOUR_INTERVAL

    def contour_level(self, hex_id: str) -> int:
        """The hex's contour level: ``elevation // contour_interval``."""
        return int(math.floor(self.elevation(hex_id) / self.contour_interval))

    def landmarks(self, kind: str | None = None) -> list[dict[str, Any]]:
        """The map's ``landmarks`` (hilltops, places...), optionally only those of ``kind``."""
        marks = self.extra.get("landmarks") or []
        return [m for m in marks if isinstance(m, dict) and (kind is None or m.get("kind") == kind)]

    def landmark_hexes(self, mark: dict[str, Any]) -> list[str]:
        """Every hex of a landmark: a hill of several hexes has one entry per hex, all with the
        same name and kind (an entry may also list ``hexes`` itself); in file order."""
        out: list[str] = []
        for m in self.landmarks(mark.get("kind")):
            if m is mark or (mark.get("name") and m.get("name") == mark.get("name")):
                hexes = m.get("hexes")
                for h in (hexes if isinstance(hexes, list) and hexes else [m.get("at")]):
                    if h not in out:
                        out.append(h)
        return out

    # -- serialisation -------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """Map-file dict (``kind: hexmap``, version 1); only non-default hex data is written."""
        hexes: dict[str, dict[str, Any]] = {}
        order = sorted(range(len(self._ids)), key=lambda i: self._coord[self._ids[i]])
        for i in order:
            entry: dict[str, Any] = {}
            if self._terrain[i] != self.default_terrain:
                entry["terrain"] = self._terrain[i]
            if self._elevation[i] != 0:
                entry["elevation"] = self._elevation[i]
            if i in self._features:
                entry["features"] = sorted(self._features[i])
            if i in self._names:
                entry["name"] = self._names[i]
            if entry:
                hexes[self._ids[i]] = entry
        sides = {
            str(k): sorted(self._sides[k]) for k in sorted(self._sides, key=self._side_sort)
        }
        out: dict[str, Any] = {
            "kind": "hexmap",
            "version": 1,
            "layout": self.layout.to_json(),
            "default_terrain": self.default_terrain,
            "hexes": hexes,
            "hexsides": sides,
            "lines": copy.deepcopy(self.lines),
            "regions": copy.deepcopy(self.regions),
            "labels": copy.deepcopy(self.labels),
            "boxes": copy.deepcopy(self.boxes),
        }
        for k, v in self.extra.items():
            if k not in out:
                out[k] = copy.deepcopy(v)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HexGrid:
        """Load a map-file dict; raises :class:`HexMapError` listing every problem found (the
        map checks, then the published hexmap schema: :func:`app.engine.hexcheck.validate_hexmap`)."""
        from app.engine.hexcheck import validate_hexmap
        problems = validate_hexmap(data)
        if problems:
            raise HexMapError(problems)
        grid = cls(HexLayout.from_json(data["layout"]), data.get("default_terrain", "clear"))
        for hid, entry in data.get("hexes", {}).items():
            if "terrain" in entry:
                grid.set_terrain(hid, entry["terrain"])
            if "elevation" in entry:
                grid.set_elevation(hid, entry["elevation"])
            for f in entry.get("features", ()):
                grid.add_hex_feature(hid, f)
            if entry.get("name"):
                grid.set_name(hid, entry["name"])
        for text, feats in data.get("hexsides", {}).items():
            a, b = grid.parse_hexside(text)
            for f in feats:
                grid.add_side_feature(a, b, f)
        grid.lines = copy.deepcopy(data.get("lines", []))
        grid.regions = copy.deepcopy(data.get("regions", {}))
        grid.labels = copy.deepcopy(data.get("labels", []))
        grid.boxes = copy.deepcopy(data.get("boxes", []))
        grid.extra = {k: copy.deepcopy(v) for k, v in data.items() if k not in TOP_KEYS}
        return grid


def __getattr__(name: str) -> Any:
    """``validate_hexmap`` and ``iter_problem_lines`` live in :mod:`app.engine.hexcheck` (the
    map-file checks); they are still importable from here."""
    if name in ("validate_hexmap", "iter_problem_lines"):
        from app.engine import hexcheck
        return getattr(hexcheck, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
