"""Loading and checking the game's data files under ``resources/guts/``."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from app import RESOURCES
from app.engine.datacheck import schema_first, unique_ids
from app.engine.table import Table, validate_table
from app.games.guts.geometry import Sight, direction, validate_blockers

DIR = RESOURCES / "guts"
KINDS = ("leader", "rifle", "bar", "bazooka", "recoilless")
ROLES = ("platoon-leader", "platoon-sergeant", "squad-leader")
GUN_KINDS = ("hmg", "lmg")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")


@dataclass
class Spot:
    id: str
    name: str
    x: float
    y: float
    facing: float


@dataclass
class Bundle:
    """Everything the rules read from data, loaded once per process."""

    rosters: dict[str, Any]
    enemy: dict[str, Any]
    table_doc: dict[str, Any]
    table: Table
    sight: Sight
    spots: list[Spot] = field(default_factory=list)

    @property
    def common(self) -> dict[str, Any]:
        return self.rosters["common"]

    def weapon(self, kind: str) -> dict[str, Any]:
        return self.rosters["weapons"].get(kind, {})

    def gun(self, kind: str) -> dict[str, Any]:
        return self.enemy["guns"][kind]

    def spot(self, sid: str) -> Spot:
        for s in self.spots:
            if s.id == sid:
                return s
        raise KeyError(sid)


def read_toml(path: Path) -> dict[str, Any]:
    """A data file through the engine's checked reader (size, depth, regular files only)."""
    from app.engine.files import parse_toml, read_text
    return parse_toml(str(path), read_text(path)).data


@lru_cache(maxsize=None)
def bundle(folder: str = str(DIR)) -> Bundle:
    d = Path(folder)
    rosters = read_toml(d / "rosters.toml")
    enemy = read_toml(d / "enemy.toml")
    from app.engine.files import parse_json, read_text
    doc = parse_json(str(d / "table.json"), read_text(d / "table.json")).data
    table = Table.from_json(doc)
    b = Bundle(rosters=rosters, enemy=enemy, table_doc=doc, table=table, sight=Sight(doc["features"]))
    b.spots = spots_of(doc)
    return b


def spots_of(doc: dict[str, Any]) -> list[Spot]:
    out = []
    for f in doc.get("features", []):
        a = f.get("attrs", {}) or {}
        if a.get("defensive_spot"):
            x, y = a["card_at"]
            out.append(Spot(f["id"], f.get("name") or f["id"], float(x), float(y), float(a.get("facing", 270.0))))
    return out


# --------------------------------------------------------------------------- validation
def _num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _pair(v: Any) -> bool:
    return isinstance(v, list) and len(v) == 2 and all(_num(x) for x in v)


def validate_rosters(data: Any, table_doc: dict[str, Any] | None = None) -> list[tuple[str, str]]:
    """rosters.toml: key types in schemas/rosters.json; here, roles, ids and table positions."""
    if not isinstance(data, dict):
        return [("", "rosters.toml must be a table")]
    return schema_first(data, __name__, "rosters", lambda d: _roster_rules(d, table_doc))


def _roster_rules(data: dict[str, Any], table_doc: dict[str, Any] | None) -> list[tuple[str, str]]:
    p: list[tuple[str, str]] = []
    common = data.get("common")
    if not isinstance(common, dict):
        p.append(("common", "missing [common] table"))
    else:
        for k in ("leader_with_inches", "withdraw_inches"):
            if not (_num(common.get(k)) and common[k] > 0):
                p.append((f"common.{k}", "must be a positive number of inches"))
        for k in ("casualty_guts", "withdraw_at", "break_below_teams"):
            if not (isinstance(common.get(k), int) and common[k] >= 0):
                p.append((f"common.{k}", "must be a whole number, 0 or more"))
        if common.get("leader_casualty") not in ("out", "guts"):
            p.append(("common.leader_casualty", 'must be "out" or "guts"'))
    bases = data.get("bases", {})
    for k in KINDS:
        if not _pair(bases.get(k)) or min(bases[k]) <= 0:
            p.append((f"bases.{k}", "must be [width, depth] in inches"))
    weapons = data.get("weapons", {})
    for k, keys in (("bar", ("close", "effective")), ("rifle", ("close", "effective")),
                    ("bazooka", ("range",)), ("recoilless", ("range",)), ("grenade", ("range",))):
        for key in keys:
            if not _num((weapons.get(k) or {}).get(key)):
                p.append((f"weapons.{k}.{key}", "must be a number of inches"))
    platoons = data.get("platoons")
    if not isinstance(platoons, dict) or not platoons:
        p.append(("platoons", "needs at least one platoon"))
        return p
    width = height = None
    if table_doc:
        width, height = table_doc.get("width"), table_doc.get("height")
    for pid, plat in platoons.items():
        base = f"platoons.{pid}"
        if not isinstance(plat, dict):
            p.append((base, "must be a table"))
            continue
        if not isinstance(plat.get("name"), str):
            p.append((f"{base}.name", "missing name"))
        if plat.get("dice") not in ("average", "2d6"):
            p.append((f"{base}.dice", 'must be "average" or "2d6"'))
        if "turns" in plat and not (isinstance(plat["turns"], int) and plat["turns"] >= 1):
            p.append((f"{base}.turns", "must be a whole number of turns, 1 or more"))
        els = plat.get("elements")
        if not isinstance(els, list) or not els:
            p.append((f"{base}.elements", "needs elements"))
            continue
        p += unique_ids(els, f"{base}.elements")
        pls = 0
        for i, e in enumerate(els):
            ep = f"{base}.elements.{i}"
            if not e.get("id"):
                p.append((f"{ep}.id", "missing id"))
            if e.get("kind") not in KINDS:
                p.append((f"{ep}.kind", f"must be one of {', '.join(KINDS)}"))
            if e.get("kind") == "leader":
                if e.get("role") not in ROLES:
                    p.append((f"{ep}.role", f"a leader needs a role: {', '.join(ROLES)}"))
                pls += e.get("role") == "platoon-leader"
            if not (isinstance(e.get("guts"), int) and 1 <= e["guts"] <= 12):
                p.append((f"{ep}.guts", "must be a whole number from 1 to 12"))
            if not _pair(e.get("start")):
                p.append((f"{ep}.start", "must be [x, y] in inches"))
            elif width is not None and not (0 <= e["start"][0] <= width and 0 <= e["start"][1] <= height):
                p.append((f"{ep}.start", "is off the table"))
        if pls != 1:
            p.append((f"{base}.elements", "needs exactly one platoon leader"))
    return p


def validate_enemy(data: Any) -> list[tuple[str, str]]:
    """enemy.toml: key types in schemas/enemy.json; here, ranks, bands and gun values."""
    if not isinstance(data, dict):
        return [("", "enemy.toml must be a table")]
    return schema_first(data, __name__, "enemy", _enemy_rules)


def _enemy_rules(data: dict[str, Any]) -> list[tuple[str, str]]:
    p: list[tuple[str, str]] = []
    deck = data.get("deck", {})
    pics = deck.get("picture_ranks")
    if not (isinstance(pics, list) and pics and all(r in RANKS for r in pics)):
        p.append(("deck.picture_ranks", "must list card ranks"))
    if not (isinstance(deck.get("draw"), int) and 0 <= deck["draw"] <= 20):
        p.append(("deck.draw", "must be a whole number of cards"))
    for k in ("slot_spacing", "place_radius", "reveal_inches"):
        if not (_num(deck.get(k)) and deck[k] > 0):
            p.append((f"deck.{k}", "must be a positive number of inches"))
    if not _pair(deck.get("card_size")):
        p.append(("deck.card_size", "must be [width, length] in inches"))
    if not (isinstance(deck.get("max_per_place"), int) and deck["max_per_place"] >= 1):
        p.append(("deck.max_per_place", "must be a whole number, 1 or more"))
    becomes = deck.get("becomes", {})
    for k, v in becomes.items():
        if k != "default" and k not in RANKS:
            p.append((f"deck.becomes.{k}", "is not a card rank"))
        if v not in (*GUN_KINDS, "dummy"):
            p.append((f"deck.becomes.{k}", "must be hmg, lmg or dummy"))
    if "default" not in becomes:
        p.append(("deck.becomes.default", "missing (what the other cards become)"))
    guns = data.get("guns", {})
    for kind in GUN_KINDS:
        g = guns.get(kind)
        gp = f"guns.{kind}"
        if not isinstance(g, dict):
            p.append((gp, "missing"))
            continue
        for k in ("cone_length", "cone_width"):
            if not (_num(g.get(k)) and g[k] > 0):
                p.append((f"{gp}.{k}", "must be a positive number of inches"))
        if not (isinstance(g.get("guts"), int) and 1 <= g["guts"] <= 12):
            p.append((f"{gp}.guts", "must be a whole number from 1 to 12"))
        bands = g.get("bands")
        if not (isinstance(bands, list) and bands and all(
                isinstance(b, list) and len(b) == 2 and isinstance(b[0], str) and _num(b[1]) for b in bands)):
            p.append((f"{gp}.bands", 'must be [["name", inches], ...]'))
        else:
            limits = [b[1] for b in bands]
            if limits != sorted(limits):
                p.append((f"{gp}.bands", "limits must increase"))
            mods = g.get("band_modifier", {})
            for name, _ in bands:
                if not isinstance(mods.get(name), int):
                    p.append((f"{gp}.band_modifier.{name}", "must be a whole number"))
        if not _pair(g.get("base")):
            p.append((f"{gp}.base", "must be [width, depth] in inches"))
    return p


def validate_table_spots(doc: dict[str, Any], deck: dict[str, Any]) -> list[tuple[str, str]]:
    """GUTS needs from the table: defensive spots with a card position and facing, enough room
    for the cards, and sight blockers the fast sight test can handle."""
    p = list(validate_table(doc))
    if p:
        return p
    p += validate_blockers(doc.get("features", []))
    spots = []
    for i, f in enumerate(doc.get("features", [])):
        a = f.get("attrs", {}) or {}
        if not a.get("defensive_spot"):
            continue
        if not _pair(a.get("card_at")):
            p.append((f"features[{i}].attrs.card_at", "a defensive spot needs card_at [x, y]"))
            continue
        if "facing" in a and not _num(a["facing"]):
            p.append((f"features[{i}].attrs.facing", "must be a heading in degrees"))
            continue
        spots.append((i, a["card_at"], float(a.get("facing", 270.0))))
    spacing = float(deck.get("slot_spacing", 3.0))
    radius = float(deck.get("place_radius", 4.0))
    for n, (i, (x, y), _f) in enumerate(spots):
        for j, (x2, y2), _g in spots[n + 1:]:
            if math.hypot(x - x2, y - y2) < radius + spacing:
                p.append((f"features[{j}].attrs.card_at", f"too close to features[{i}]'s cards: "
                          f"positions must be at least {radius + spacing:g} inches apart"))
    need = int(deck.get("draw", 5)) + 1
    if 2 * len(spots) < need:
        p.append(("features", f"needs room for {need} cards: at least {(need + 1) // 2} defensive spots"))
    return p


def slots_of(spot: Spot, spacing: float) -> list[tuple[float, float]]:
    ux, uy = direction(spot.facing)
    nx, ny = -uy, ux
    h = spacing / 2.0
    return [(round(spot.x - h * nx, 6), round(spot.y - h * ny, 6)),
            (round(spot.x + h * nx, 6), round(spot.y + h * ny, 6))]
