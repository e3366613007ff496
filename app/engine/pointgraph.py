"""Point-to-point board: named spaces joined by coloured arrows and dashed links.

Games such as Frozen Chosin use a map of named places (Hagaru-ri, Hill 1282, ...)
rather than hexes.  Movement follows undirected dashed *links*; the coloured
*arrows* encode directed things (enemy attack routes, withdrawal paths, supply)
whose meaning is the game's business, not the engine's.  This module only knows
the topology, so it stays game-agnostic and Qt-free.

Everything is deterministic: queries return results in the order the spaces,
arrows and links were added (which is the order of the JSON document), and path
searches break ties by that same order.
"""

from __future__ import annotations

import math
import re
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Mapping

from app.engine.datacheck import JsonDocument, checked_document, new_id

__all__ = [
    "ARROW_COLOURS",
    "LINK_STYLES",
    "Arrow",
    "Link",
    "PointGraph",
    "PointGraphError",
    "Space",
    "is_colour",
    "shortest_path",
    "validate_pointgraph",
]

#: Named colours accepted for spaces and arrows; ``#rgb`` / ``#rrggbb`` hex is also accepted.
ARROW_COLOURS: frozenset[str] = frozenset(
    {"red", "black", "blue", "purple", "white", "green", "yellow", "orange", "brown", "grey", "gray"}
)
#: Line styles a link may be drawn with (the rules treat them all alike).
LINK_STYLES: frozenset[str] = frozenset({"dashed", "solid", "dotted"})

KIND = "pointgraph"
VERSION = 1

_HEX = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")
_SPACE_KEYS = {"id", "name", "colour", "x", "y", "tags", "kind", "attrs"}
_ARROW_KEYS = {"from", "to", "colour", "attrs"}
_LINK_KEYS = {"a", "b", "style", "attrs"}
_TOP_KEYS = {"kind", "version", "spaces", "arrows", "links", "labels"}


def is_colour(value: object) -> bool:
    """True for a colour name we know or a ``#hex`` value (so typos like "rde" are caught)."""
    return isinstance(value, str) and (value.lower() in ARROW_COLOURS or bool(_HEX.match(value)))


class PointGraphError(ValueError):
    """Raised when a document or an edit would make an inconsistent graph; carries the problems."""

    def __init__(self, problems: list[tuple[str, str]]):
        self.problems = problems
        super().__init__("; ".join(f"{path}: {msg}" for path, msg in problems) or "invalid point graph")


@dataclass(frozen=True)
class Space:
    """A named place on the map; ``x``/``y`` are abstract drawing units, not game distance."""

    id: str
    name: str = ""
    colour: str | None = None
    x: float = 0.0
    y: float = 0.0
    tags: tuple[str, ...] = ()
    kind: str | None = None
    attrs: dict[str, Any] = field(default_factory=dict, hash=False)
    extra: dict[str, Any] = field(default_factory=dict, hash=False, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.tags, tuple):  # accept lists from callers; keep the value immutable
            object.__setattr__(self, "tags", tuple(self.tags))

    def has_tag(self, tag: str) -> bool:
        """Tags carry game meaning such as "start" or "line-of-departure"."""
        return tag in self.tags or self.kind == tag

    def to_json(self) -> dict[str, Any]:
        """Plain dict in the document format (unknown keys kept so editors don't lose data)."""
        out: dict[str, Any] = {"id": self.id, "name": self.name, "colour": self.colour, "x": self.x, "y": self.y,
                               "tags": list(self.tags)}
        if self.kind is not None:
            out["kind"] = self.kind
        out["attrs"] = dict(self.attrs)
        out.update(self.extra)
        return out


def _terse(out: dict[str, Any], attrs: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
    """A connection's document: ``attrs`` only when it has some, then the unknown keys read in."""
    if attrs:
        out["attrs"] = dict(attrs)
    out.update(extra)
    return out


@dataclass(frozen=True)
class Arrow:
    """A directed, coloured connection; what a colour means is defined by the game."""

    src: str
    dst: str
    colour: str
    attrs: dict[str, Any] = field(default_factory=dict, hash=False)
    extra: dict[str, Any] = field(default_factory=dict, hash=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        """Plain dict; ``attrs`` is omitted when empty to keep documents terse."""
        return _terse({"from": self.src, "to": self.dst, "colour": self.colour}, self.attrs, self.extra)


@dataclass(frozen=True)
class Link:
    """An undirected movement line between two spaces (drawn dashed on the map)."""

    a: str
    b: str
    style: str = "dashed"
    attrs: dict[str, Any] = field(default_factory=dict, hash=False)
    extra: dict[str, Any] = field(default_factory=dict, hash=False, repr=False)

    def other(self, sid: str) -> str:
        """The far end seen from ``sid`` (a link is symmetric)."""
        if sid == self.a:
            return self.b
        if sid == self.b:
            return self.a
        raise KeyError(sid)

    def joins(self, a: str, b: str) -> bool:
        """True if this link connects ``a`` and ``b`` in either order."""
        return (self.a, self.b) in ((a, b), (b, a))

    def to_json(self) -> dict[str, Any]:
        """Plain dict in the document format."""
        return _terse({"a": self.a, "b": self.b, "style": self.style}, self.attrs, self.extra)


class PointGraph(JsonDocument):
    """Spaces, arrows and links with adjacency and path queries.

    Edits go through ``add_*`` so the id indexes stay consistent; every edit is
    checked (unknown ids, duplicates, bad colours) and raises ``PointGraphError``.
    """

    def __init__(self) -> None:
        self._spaces: dict[str, Space] = {}
        self._arrows: list[Arrow] = []
        self._links: list[Link] = []
        self._out: dict[str, list[Arrow]] = {}
        self._in: dict[str, list[Arrow]] = {}
        self._link_index: dict[str, list[Link]] = {}
        self.labels: list[Any] = []
        self.extra: dict[str, Any] = {}

    # ----------------------------------------------------------------- editing
    def add_space(self, space: Space | str, **kwargs: Any) -> Space:
        """Add a space (``add_space("C", name="Hagaru-ri", x=400, y=300)`` or a ``Space``)."""
        sp = space if isinstance(space, Space) else Space(space, **kwargs)
        problems: list[tuple[str, str]] = []
        if not isinstance(sp.id, str) or not sp.id:
            problems.append(("id", "space id must be a non-empty string"))
        elif sp.id in self._spaces:
            problems.append(("id", f"duplicate space id {sp.id!r}"))
        if sp.colour is not None and not is_colour(sp.colour):
            problems.append(("colour", f"unknown colour {sp.colour!r}"))
        if problems:
            raise PointGraphError(problems)
        self._spaces[sp.id] = sp
        self._out[sp.id] = []
        self._in[sp.id] = []
        self._link_index[sp.id] = []
        return sp

    def add_arrow(self, src: str, dst: str, colour: str, attrs: Mapping[str, Any] | None = None) -> Arrow:
        """Add a directed arrow between two existing spaces."""
        problems = self._endpoint_problems(("from", src), ("to", dst))
        if not is_colour(colour):
            problems.append(("colour", f"unknown colour {colour!r}"))
        if problems:
            raise PointGraphError(problems)
        return self._put_arrow(Arrow(src, dst, colour, dict(attrs or {})))

    def add_link(self, a: str, b: str, style: str = "dashed", attrs: Mapping[str, Any] | None = None) -> Link:
        """Add an undirected movement link between two existing, distinct spaces."""
        problems = self._endpoint_problems(("a", a), ("b", b))
        if a == b:
            problems.append(("b", f"link from {a!r} to itself"))
        if style not in LINK_STYLES:
            problems.append(("style", f"unknown link style {style!r}"))
        if problems:
            raise PointGraphError(problems)
        return self._put_link(Link(a, b, style, dict(attrs or {})))

    def _endpoint_problems(self, *ends: tuple[str, str]) -> list[tuple[str, str]]:
        return [(key, f"unknown space {sid!r}") for key, sid in ends if sid not in self._spaces]

    def _put_arrow(self, arrow: Arrow) -> Arrow:
        self._arrows.append(arrow)
        self._out[arrow.src].append(arrow)
        self._in[arrow.dst].append(arrow)
        return arrow

    def _put_link(self, link: Link) -> Link:
        self._links.append(link)
        self._link_index[link.a].append(link)
        self._link_index[link.b].append(link)
        return link

    # ----------------------------------------------------------------- queries
    def __contains__(self, sid: object) -> bool:
        return sid in self._spaces

    def __len__(self) -> int:
        return len(self._spaces)

    def __iter__(self) -> Iterator[Space]:
        return iter(self._spaces.values())

    def spaces(self, tag: str | None = None) -> list[Space]:
        """All spaces in document order, or only those carrying ``tag`` (tag or kind)."""
        return [s for s in self._spaces.values() if tag is None or s.has_tag(tag)]

    def space(self, sid: str) -> Space:
        """The space with this id; ``KeyError`` if there is none."""
        try:
            return self._spaces[sid]
        except KeyError:
            raise KeyError(f"unknown space {sid!r}") from None

    def find(self, name: str) -> Space | None:
        """First space whose id or display name matches (case-insensitive), for scripts and tests."""
        low = name.lower()
        for s in self._spaces.values():
            if s.id.lower() == low or s.name.lower() == low:
                return s
        return None

    def arrows(self, colour: str | None = None) -> list[Arrow]:
        """All arrows, optionally of one colour."""
        return [a for a in self._arrows if colour is None or a.colour == colour]

    def arrows_from(self, sid: str, colour: str | None = None) -> list[Arrow]:
        """Arrows leaving ``sid``, optionally only of ``colour``."""
        self.space(sid)
        return [a for a in self._out[sid] if colour is None or a.colour == colour]

    def arrows_into(self, sid: str, colour: str | None = None) -> list[Arrow]:
        """Arrows arriving at ``sid``, optionally only of ``colour``."""
        self.space(sid)
        return [a for a in self._in[sid] if colour is None or a.colour == colour]

    def links(self, sid: str | None = None) -> list[Link]:
        """Links touching ``sid`` (all links when ``sid`` is None)."""
        if sid is None:
            return list(self._links)
        self.space(sid)
        return list(self._link_index[sid])

    def linked(self, sid: str) -> list[str]:
        """Ids reachable from ``sid`` by one link (movement neighbours), without repeats."""
        return _unique(link.other(sid) for link in self.links(sid))

    def adjacent(self, a: str, b: str) -> bool:
        """True if any arrow (either direction) or link joins ``a`` and ``b``."""
        self.space(a)
        self.space(b)
        if any(l.joins(a, b) for l in self._link_index[a]):
            return True
        return any(ar.dst == b for ar in self._out[a]) or any(ar.dst == a for ar in self._out[b])

    def neighbours(self, sid: str) -> list[str]:
        """Ids joined to ``sid`` by a link or an arrow in either direction (links first)."""
        self.space(sid)
        return _unique(
            [l.other(sid) for l in self._link_index[sid]]
            + [a.dst for a in self._out[sid]]
            + [a.src for a in self._in[sid]]
        )

    def shortest_path(self, a: str, b: str) -> list[str] | None:
        """Fewest-links route ``[a, ..., b]`` (breadth first, ties by document order); None if cut off."""
        return self._bfs(a, b, self.linked)

    def link_distance(self, a: str, b: str) -> int | None:
        """Number of link steps between two spaces, or None when unreachable."""
        path = self.shortest_path(a, b)
        return None if path is None else len(path) - 1

    def arrow_path(self, a: str, b: str, colour: str | None = None) -> list[str] | None:
        """Route following arrows forwards (optionally one colour only), fewest arrows; None if none."""
        return self._bfs(a, b, lambda s: _unique(ar.dst for ar in self.arrows_from(s, colour)))

    def within_links(self, sid: str, steps: int) -> dict[str, int]:
        """Spaces reachable within ``steps`` links, mapped to their link distance (for move ranges)."""
        self.space(sid)
        dist = {sid: 0}
        queue = deque([sid])
        while queue:
            cur = queue.popleft()
            if dist[cur] >= steps:
                continue
            for nxt in self.linked(cur):
                if nxt not in dist:
                    dist[nxt] = dist[cur] + 1
                    queue.append(nxt)
        return dist

    def _bfs(self, a: str, b: str, step: Any) -> list[str] | None:
        self.space(a)
        self.space(b)
        return shortest_path(a, b, step)

    # -------------------------------------------------------------------- JSON
    def _known_json(self) -> dict[str, Any]:
        """Document dict (``json.dumps``-ready); ``to_json`` adds the unknown keys read in."""
        return {"kind": KIND, "version": VERSION, "spaces": [s.to_json() for s in self._spaces.values()],
                "arrows": [a.to_json() for a in self._arrows], "links": [l.to_json() for l in self._links],
                "labels": list(self.labels)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str) -> "PointGraph":
        """Build from a document dict or JSON text; raises ``PointGraphError`` listing every problem."""
        data = checked_document(data, validate_pointgraph, PointGraphError)
        g = cls()
        for s in data.get("spaces", []):
            g.add_space(Space(
                id=s["id"], name=s.get("name", ""), colour=s.get("colour"), x=s.get("x", 0), y=s.get("y", 0),
                tags=tuple(s.get("tags", ())), kind=s.get("kind"), attrs=dict(s.get("attrs", {})),
                extra={k: v for k, v in s.items() if k not in _SPACE_KEYS},
            ))
        for a in data.get("arrows", []):
            g._put_arrow(Arrow(a["from"], a["to"], a["colour"], dict(a.get("attrs", {})),
                               {k: v for k, v in a.items() if k not in _ARROW_KEYS}))
        for l in data.get("links", []):
            g._put_link(Link(l["a"], l["b"], l.get("style", "dashed"), dict(l.get("attrs", {})),
                             {k: v for k, v in l.items() if k not in _LINK_KEYS}))
        g.labels = list(data.get("labels", []))
        g.extra = {k: v for k, v in data.items() if k not in _TOP_KEYS}
        return g


def _unique(items: Iterable[str]) -> list[str]:
    seen: dict[str, None] = {}
    for i in items:
        seen.setdefault(i, None)
    return list(seen)


def _is_number(v: object) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def validate_pointgraph(data: object) -> list[tuple[str, str]]:
    """Every problem in a point-graph document as ``(field.path, message)``; empty means loadable.

    Collects all problems instead of stopping at the first, so an editor can
    underline each one; a document that passes is then held to the published point-graph
    schema (``PointGraph.from_json`` runs the same).
    """
    problems: list[tuple[str, str]] = []
    add = lambda path, msg: problems.append((path, msg))  # noqa: E731
    if not isinstance(data, Mapping):
        return [("", "document must be a JSON object")]
    if data.get("kind") != KIND:
        add("kind", f"expected {KIND!r}, got {data.get('kind')!r}")
    if data.get("version") != VERSION:
        add("version", f"unsupported version {data.get('version')!r} (expected {VERSION})")

    def items(key: str) -> list[tuple[int, Mapping[str, Any]]]:
        seq = data.get(key, [])
        if not isinstance(seq, list):
            add(key, "must be a list")
            return []
        good = []
        for i, item in enumerate(seq):
            if isinstance(item, Mapping):
                good.append((i, item))
            else:
                add(f"{key}[{i}]", "must be an object")
        return good

    ids: set[str] = set()
    for i, s in items("spaces"):
        p = f"spaces[{i}]"
        problems.extend(new_id(s.get("id"), f"{p}.id", ids, "space"))
        if "name" in s and not isinstance(s["name"], str):
            add(f"{p}.name", "must be a string")
        if s.get("colour") is not None and not is_colour(s["colour"]):
            add(f"{p}.colour", f"unknown colour {s['colour']!r}")
        for axis in ("x", "y"):
            if axis in s and not _is_number(s[axis]):
                add(f"{p}.{axis}", "must be a finite number")
        tags = s.get("tags", [])
        if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
            add(f"{p}.tags", "must be a list of strings")
        if s.get("kind") is not None and not isinstance(s["kind"], str):
            add(f"{p}.kind", "must be a string")
        if not isinstance(s.get("attrs", {}), Mapping):
            add(f"{p}.attrs", "must be an object")

    def check_end(path: str, value: object) -> None:
        if not isinstance(value, str) or not value:
            add(path, "missing space id")
        elif value not in ids:
            add(path, f"unknown space {value!r}")

    for i, a in items("arrows"):
        p = f"arrows[{i}]"
        check_end(f"{p}.from", a.get("from"))
        check_end(f"{p}.to", a.get("to"))
        if a.get("from") is not None and a.get("from") == a.get("to"):
            add(f"{p}.to", "arrow points at its own start")
        if "colour" not in a:
            add(f"{p}.colour", "missing colour")
        elif not is_colour(a["colour"]):
            add(f"{p}.colour", f"unknown colour {a['colour']!r}")
        if not isinstance(a.get("attrs", {}), Mapping):
            add(f"{p}.attrs", "must be an object")

    seen_links: set[frozenset[str]] = set()
    for i, l in items("links"):
        p = f"links[{i}]"
        check_end(f"{p}.a", l.get("a"))
        check_end(f"{p}.b", l.get("b"))
        a, b = l.get("a"), l.get("b")
        if isinstance(a, str) and isinstance(b, str):
            if a == b:
                add(f"{p}.b", f"link from {a!r} to itself")
            else:
                key = frozenset((a, b))
                if key in seen_links:
                    add(p, f"duplicate link {a!r}-{b!r}")
                seen_links.add(key)
        style = l.get("style", "dashed")
        if not isinstance(style, str) or style not in LINK_STYLES:
            add(f"{p}.style", f"unknown link style {l.get('style')!r}")
        if not isinstance(l.get("attrs", {}), Mapping):
            add(f"{p}.attrs", "must be an object")

    if not isinstance(data.get("labels", []), list):
        add("labels", "must be a list")
    if not problems:  # then the published point-graph schema: every other key's type
        from app.engine.schemas import POINTGRAPH_SCHEMA, schema_problems
        problems = schema_problems(data, POINTGRAPH_SCHEMA)
    return problems


def shortest_path(a: str, b: str, step: Callable[[str], Iterable[str]]) -> list[str] | None:
    """The fewest-steps path ``a`` .. ``b`` where ``step(x)`` gives the places one step from
    ``x`` (breadth first, so ties go to the order ``step`` yields them), or None. Any graph of
    string ids: spaces and links here, hexes joined by roads on a hex map."""
    prev: dict[str, str | None] = {a: None}
    queue = deque([a])
    while queue:
        cur = queue.popleft()
        if cur == b:
            path = [cur]
            while prev[path[-1]] is not None:
                path.append(prev[path[-1]])  # type: ignore[arg-type]
            return path[::-1]
        for nxt in step(cur):
            if nxt not in prev:
                prev[nxt] = cur
                queue.append(nxt)
    return None
