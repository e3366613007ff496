"""Colours, fonts and terrain styles of the printed-map look (see ``shared/design/UI.md``).

Everything the map and the counters paint takes its colours from here, so a designer can tune
the look in one place. Colours are muted, like ink on paper; the map keeps them in light and
dark desktop themes alike.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache

from PySide6.QtGui import QColor, QFont

# -- paper and ink -----------------------------------------------------------------------------
PAPER = QColor("#EDE6D2")          # margin around the printed map
TABLE_EDGE = QColor("#5B5347")     # the dark wood the map lies on
INK = QColor("#2B2620")
GRID = QColor(0, 0, 0, 0x30)
HEXNUM = QColor(0, 0, 0, 0x8C)

SEA = QColor("#9CC3D5")
SEA_BAND = QColor("#86B1C7")
SEA_BAND_OUTER = QColor("#92BBCF")
COAST = QColor("#557F99")
RIVER = QColor("#3E7CB1")
ROAD = QColor("#8B3A2B")
RAIL = QColor("#3A3530")
START_LINE = QColor("#8E1B1B")
DMZ = QColor("#C0392B")
MIG_ALLEY = QColor(240, 200, 40, 120)

HIGHLIGHT = QColor(70, 170, 70, 100)
HIGHLIGHT_EDGE = QColor(40, 120, 40, 200)
EZOC_EDGE = QColor(200, 30, 30, 230)
WARN = QColor(240, 160, 30, 95)          # legal, but leaves something to fix (over-stacking)
WARN_EDGE = QColor(215, 120, 0, 235)
SELECT = QColor("#FFD21F")
HOVER = QColor(255, 255, 255, 60)

#: Terrain name -> (fill colour, texture). Textures: "", "stipple", "hatch", "ridges", "trees",
#: "marsh", "paddy", "urban", "hills", "waves".
TERRAIN: dict[str, tuple[str, str]] = {
    "sea": ("#9CC3D5", ""),
    "ocean": ("#9CC3D5", ""),
    "water": ("#9CC3D5", ""),
    "lake": ("#9CC3D5", ""),
    "reservoir": ("#9CC3D5", ""),
    "open": ("#E9E2C8", ""),
    "clear": ("#E9E2C8", ""),
    "plain": ("#E9E2C8", ""),
    "broken": ("#D9CFA3", "stipple"),
    "rough": ("#C7B27F", "hatch"),
    "hill": ("#C9B584", "hills"),
    "hills": ("#C9B584", "hills"),
    "mountain": ("#A98F62", "ridges"),
    "mountains": ("#A98F62", "ridges"),
    "forest": ("#AFC08E", "trees"),
    "woods": ("#AFC08E", "trees"),
    "marsh": ("#C9D3B4", "marsh"),
    "swamp": ("#C9D3B4", "marsh"),
    "rice paddy": ("#D8DDB0", "paddy"),
    "paddy": ("#D8DDB0", "paddy"),
    "building": ("#C9BBA8", "urban"),
    "town": ("#D5C7B0", "urban"),
    "urban": ("#C9BBA8", "urban"),
    "city": ("#D5C7B0", "urban"),
    "hagaru-ri": ("#D5C7B0", "urban"),
    "village": ("#DDD3BD", "urban"),       # Semper Fi!'s ruined Hagaru-ri (open terrain, 1.1f)
    "airstrip": ("#D3CDBA", ""),
    "offmap": ("#CBC7B4", "hatch"),
    "off map": ("#CBC7B4", "hatch"),
    "out of play": ("#CBC7B4", "hatch"),
}
OFFMAP_TERRAINS = frozenset({"offmap", "off map", "out of play", "impassable"})
BORDER = QColor("#4E463E")

WATER_TERRAINS = frozenset({"sea", "ocean", "water", "lake", "reservoir"})

#: Table cloth and table terrain.
CLOTH = QColor("#8E9466")
CLOTH_DARK = QColor("#7C8257")
TABLE_TERRAIN: dict[str, str] = {
    "hill": "#A89A6A", "hills": "#A89A6A", "ridge": "#9E8F5F", "woods": "#5F7A45",
    "forest": "#5F7A45", "trees": "#5F7A45", "building": "#8A7B68", "town": "#9A8B76",
    "village": "#9A8B76", "lake": "#9CC3D5", "water": "#9CC3D5", "river": "#6F9FC4",
    "road": "#B59F7A", "track": "#B59F7A", "cliff": "#6B5D48", "wall": "#6B6358",
    "rocks": "#8F8778", "rough": "#A49970", "paddy": "#A7AE7C", "marsh": "#8FA08A",
    "snow": "#ECEFF1", "ice": "#D6E6EE",
}

#: Point-to-point boards: plaque colours (named colours in the board file map to these inks).
NAMED = {
    "red": "#B8423A", "black": "#2E2B28", "blue": "#3E6FA8", "purple": "#76508E",
    "white": "#F4F1E8", "green": "#5E8A4A", "yellow": "#D9B233", "orange": "#D2793A",
    "brown": "#7A5A3A", "grey": "#8A8A86", "gray": "#8A8A86",
}

#: Nationality colours (Korean War counters) and fallbacks by side.
NATIONS: dict[str, str] = {
    "rok": "#C9A66B", "south korea": "#C9A66B",
    "us": "#7D9A5A", "usa": "#7D9A5A", "usmc": "#7D9A5A", "marines": "#7D9A5A", "army": "#7D9A5A",
    "cw": "#D7C49A", "commonwealth": "#D7C49A", "uk": "#D7C49A", "british": "#D7C49A",
    "un": "#8DB3D9",
    "kpa": "#6B4A2F", "nk": "#6B4A2F", "nkpa": "#6B4A2F", "north korea": "#6B4A2F",
    "pva": "#B23B32", "ccf": "#B23B32", "chinese": "#B23B32", "china": "#B23B32",
    "soviet": "#A33A30", "ussr": "#A33A30",
}
SIDE_FALLBACK = ["#7D9A5A", "#B23B32", "#8DB3D9", "#C9A66B", "#76508E", "#D2793A"]


def colour(value: str | None, default: str = "#9A9A94") -> QColor:
    """A QColor from a board/piece colour: a named colour, ``#rgb``/``#rrggbb`` or None."""
    if not value:
        return QColor(default)
    v = str(value).strip()
    named = NAMED.get(v.lower())
    c = QColor(named or v)
    return c if c.isValid() else QColor(default)


def stable_hash(text: str) -> int:
    return int(hashlib.md5(text.encode("utf-8")).hexdigest()[:8], 16)


#: set by app.ui.palette for the colour-blind palette: each side one hue, nations as shades of it
SIDE_HUES = False


def nation_colour(piece: dict, sides: tuple[str, ...] = ()) -> QColor:
    if SIDE_HUES and piece.get("side") in sides and not str(piece.get("colour") or "").lower() in NAMED:
        base = QColor(SIDE_FALLBACK[sides.index(piece["side"]) % len(SIDE_FALLBACK)])
        shade = stable_hash(str(piece.get("nation") or "")) % 3
        return base.lighter(100 + 22 * shade) if shade else base
    if piece.get("colour"):
        return colour(piece["colour"])
    for key in (piece.get("nation"), piece.get("side")):
        if key and str(key).lower() in NATIONS:
            return QColor(NATIONS[str(key).lower()])
    side = piece.get("side")
    if side and side in sides:
        return QColor(SIDE_FALLBACK[sides.index(side) % len(SIDE_FALLBACK)])
    if side:
        return QColor(SIDE_FALLBACK[stable_hash(str(side)) % len(SIDE_FALLBACK)])
    return QColor("#B9B2A0")


def terrain_style(name: str) -> tuple[QColor, str]:
    key = (name or "").lower().replace("_", " ").replace("-", " ")
    if key in TERRAIN:
        c, tex = TERRAIN[key]
        return QColor(c), tex
    for k, (c, tex) in TERRAIN.items():
        if k in key:
            return QColor(c), tex
    # an unknown terrain: a muted colour derived from its name so it is stable
    h = stable_hash(key)
    return QColor.fromHsl(h % 360, 40 + h % 30, 170 + h % 30), ""


def is_dark(c: QColor) -> bool:
    return (0.299 * c.red() + 0.587 * c.green() + 0.114 * c.blue()) < 128


# -- fonts ----------------------------------------------------------------------------------------
@lru_cache(maxsize=None)
def _families() -> tuple[str, ...]:
    from PySide6.QtGui import QFontDatabase
    return tuple(QFontDatabase.families())


def _pick(*names: str) -> str:
    fams = _families()
    for n in names:
        if n in fams:
            return n
    return ""


def map_font(px: float, bold: bool = False, italic: bool = False) -> QFont:
    """The map's label font: a condensed serif when the system has one."""
    f = QFont()
    fam = _pick("DejaVu Serif Condensed", "Liberation Serif", "Noto Serif", "Georgia",
                "Times New Roman", "DejaVu Serif")
    if fam:
        f.setFamily(fam)
    else:
        f.setStyleHint(QFont.StyleHint.Serif)
    f.setPixelSize(max(1, round(px)))
    f.setBold(bold)
    f.setItalic(italic)
    return f


def counter_font(px: float, bold: bool = True) -> QFont:
    """The counters' font: a condensed sans like printed counter sheets."""
    f = QFont()
    fam = _pick("DejaVu Sans Condensed", "Liberation Sans Narrow", "Arial Narrow", "Roboto Condensed",
                "Noto Sans", "DejaVu Sans", "Arial")
    if fam:
        f.setFamily(fam)
    f.setPixelSize(max(1, round(px)))
    f.setBold(bold)
    return f


def side_colour(side: str, sides: tuple[str, ...] = ()) -> QColor:
    """The colour that marks a side in the turn bar, the log and the report (follows the palette)."""
    i = sides.index(side) if side in sides else 0
    return QColor(SIDE_FALLBACK[i % len(SIDE_FALLBACK)])


def faded(c: QColor, alpha: int) -> QColor:
    """``c`` with its opacity set to ``alpha`` (0-255)."""
    out = QColor(c)
    out.setAlpha(alpha)
    return out
