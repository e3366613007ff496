"""Trim the ICU data library that Qt's wheels ship (``libicudata.so.73``: 30.5 MB) to the parts Qt
can reach through the ICU functions QtCore imports.

QtCore calls ICU for collation (``ucol_*``: QCollator, which sorts the file dialog), time zones
(``ucal_*``: zone ids and display names), locale-aware case mapping (``u_strToUpper/Lower``: its
data is built into libicuuc) and legacy text codecs (``ucnv_*``: QStringConverter for encodings
other than UTF-8/16/32 and Latin-1, which Ridgeline never asks for; it reads every file as UTF-8).
QtGui and QtWidgets call ICU not at all (they carry their own Unicode tables and HarfBuzz). So the
items behind break iteration, currencies, units, language and region display names, number
spell-out, transliteration, character names, string preparation, spoof checks, the codec
tables and the time zone names of other languages are data no Ridgeline code path loads;
collation (every language's, for the file dialog's sorting), the time zone rules and English zone
names, the locale tree and the normalisation data stay. See packaging/README.md for the sizes.

An ICU common data package (``icudt73l.dat``, which the library exports as the symbol
``icudt73_dat``) is a header, a table of contents (count, then name and data offsets relative to
the table, sorted by name), the names, and the items, each starting on a 16-byte boundary.
:func:`trim_package` rewrites it without the dropped items; :func:`build_library` wraps the result
in a shared library with the same soname and symbol (binutils ``as`` and ``ld``, which PyInstaller
needs on Linux anyway).
"""

from __future__ import annotations

import re
import struct
import subprocess
import tempfile
from pathlib import Path

#: Item name patterns (after the ``icudt73l/`` prefix) that Qt never reaches; see the docstring.
DROPPED: dict[str, str] = {
    "brkitr/": "break iteration rules and dictionaries (Qt uses its own text boundaries)",
    "curr/": "currency names (unum/ucurr: not imported by Qt)",
    "unit/": "measurement unit names (unumf: not imported)",
    "lang/": "language display names (uloc_getDisplayLanguage: not imported)",
    "region/": "region display names (uloc_getDisplayCountry: not imported)",
    "rbnf/": "rule-based number spell-out (not imported)",
    "translit/": "transliteration rules (utrans: not imported)",
    "*.cnv": "legacy codec tables (ucnv: only for encodings Ridgeline never opens)",
    "*.spp": "string preparation profiles (usprep: not imported; Qt does IDNA itself)",
    "*.cfu": "spoof-check data (uspoof: not imported)",
    "unames.icu": "character names (u_charName: not imported)",
    "zone/": "time zone names in languages other than English (no Ridgeline code asks Qt for a "
             "zone's name; the zone rules themselves, zoneinfo64.res, stay)",
}

#: Items kept although a pattern above matches them: the English zone names and the files the
#: zone-name tree needs to be opened at all (its string pool and index).
KEPT = ("zone/root.res", "zone/en.res", "zone/en_", "zone/pool.res", "zone/res_index.res",
        "zone/tzdbNames.res")


def dropped_reason(item: str) -> str | None:
    """Why ``item`` (a name without the package prefix) is left out, or None to keep it."""
    if item.startswith(KEPT):
        return None
    for pattern, why in DROPPED.items():
        if pattern.startswith("*."):
            if item.endswith(pattern[1:]):
                return why
        elif pattern.endswith("/"):
            if item.startswith(pattern):
                return why
        elif item == pattern:
            return why
    return None


def _pad16(n: int) -> int:
    return (n + 15) & ~15


def read_package(data: bytes) -> tuple[bytes, list[tuple[str, bytes]]]:
    """The header and the (full name, item bytes) pairs of an ICU common data package."""
    if len(data) < 32 or data[2:4] != b"\xda\x27":
        raise ValueError("not an ICU data package (no 0xda27 magic)")
    header_size = struct.unpack_from("<H", data, 0)[0]
    if data[8] != 0 or data[12:16] != b"CmnD":  # little-endian common data only
        raise ValueError("not a little-endian ICU common data package")
    toc = header_size
    count = struct.unpack_from("<I", data, toc)[0]
    entries = [struct.unpack_from("<II", data, toc + 4 + 8 * i) for i in range(count)]
    items = []
    for i, (name_off, data_off) in enumerate(entries):
        start = toc + name_off
        name = data[start:data.index(b"\0", start)].decode("ascii")
        end = toc + entries[i + 1][1] if i + 1 < count else len(data)
        items.append((name, data[toc + data_off:end]))
    return data[:header_size], items


def write_package(header: bytes, items: list[tuple[str, bytes]]) -> bytes:
    """The package holding ``items`` (kept in the given, sorted order), laid out as icupkg does."""
    count = len(items)
    names = b""
    name_offs = []
    names_start = 4 + 8 * count
    for name, _ in items:
        name_offs.append(names_start + len(names))
        names += name.encode("ascii") + b"\0"
    # Items start on a 16-byte boundary of the whole package (the header size is a multiple of 16).
    first = _pad16(len(header) + names_start + len(names)) - len(header)
    toc = bytearray(struct.pack("<I", count))
    body = bytearray()
    for (name, blob), noff in zip(items, name_offs):
        toc += struct.pack("<II", noff, first + len(body))
        body += blob
        body += b"\xaa" * (_pad16(len(body)) - len(body))
    gap = first - names_start - len(names)
    return header + bytes(toc) + names + b"\xaa" * gap + bytes(body)


def trim_package(data: bytes) -> tuple[bytes, dict[str, int]]:
    """The package without the dropped items, and the bytes saved per pattern."""
    header, items = read_package(data)
    kept = []
    saved: dict[str, int] = {}
    for name, blob in items:
        short = name.split("/", 1)[1] if "/" in name else name
        why = dropped_reason(short)
        if why is None:
            kept.append((name, blob))
        else:
            key = next(p for p in DROPPED if DROPPED[p] == why)
            saved[key] = saved.get(key, 0) + len(blob)
    return write_package(header, kept), saved


def data_symbol(library: Path) -> str:
    """The exported data symbol of an ICU data library (``icudt73_dat``)."""
    out = subprocess.run(["nm", "-D", "--defined-only", str(library)], capture_output=True,
                         text=True, check=True).stdout
    names = re.findall(r"\b(icudt\d+_dat)\b", out)
    if len(names) != 1:
        raise ValueError(f"{library}: expected one icudt*_dat symbol, found {names}")
    return names[0]


def extract_package(library: Path) -> bytes:
    """The package bytes of the library's ``.rodata`` section (the data symbol's only content)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "data.bin"
        subprocess.run(["objcopy", "-O", "binary", "--only-section=.rodata", str(library), str(out)],
                       check=True, capture_output=True)
        data = out.read_bytes()
    read_package(data)  # raises when the section is not the package
    return data


def build_library(package: bytes, symbol: str, soname: str, out: Path) -> None:
    """A shared library named ``soname`` exporting ``symbol`` = ``package`` (16-byte aligned)."""
    with tempfile.TemporaryDirectory() as tmp:
        dat, asm, obj = Path(tmp) / "icu.dat", Path(tmp) / "icu.s", Path(tmp) / "icu.o"
        dat.write_bytes(package)
        asm.write_text(f'\t.section .rodata\n\t.globl {symbol}\n\t.type {symbol}, @object\n'
                       f'\t.balign 16\n{symbol}:\n\t.incbin "{dat}"\n'
                       f'\t.size {symbol}, . - {symbol}\n'
                       '\t.section .note.GNU-stack,"",@progbits\n')
        subprocess.run(["as", "-o", str(obj), str(asm)], check=True, capture_output=True)
        out.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["ld", "-shared", "-soname", soname, "-o", str(out), str(obj)],
                       check=True, capture_output=True)


def trimmed_library(library: Path, out: Path) -> dict[str, int]:
    """Write a trimmed copy of the ICU data ``library`` to ``out``; the bytes saved per pattern."""
    package, saved = trim_package(extract_package(library))
    build_library(package, data_symbol(library), library.name, out)
    return saved
