"""The canonical spelling of Ridgeline's data files, and ``ridgeline fmt``.

Every file the editor writes, and every file shipped in ``resources/``, is kept in one
canonical form so that loading and saving an unchanged file gives the same bytes and diffs
show only real changes.

JSON (maps, boards, tables, saves)
    ``app.engine.files.dumps_json``: keys sorted, two-space indent, non-ASCII written as is,
    one trailing newline.

TOML (scenarios, counters, charts, terrain)
    What ``tomli_w.dumps`` writes for the data ``tomllib`` reads (default options: 4-space
    array indent, no multi-line strings), except that an array of plain values (numbers,
    strings, booleans, or such arrays) that fits in 100 columns stays on one line, so a CRT
    row or a strength pair reads as a row (:func:`dumps_toml` does both; build scripts should
    call it). Keys and tables keep the order they are
    written in. Comments survive: the block at the top of the file (up to the first blank
    line) stays the header; a comment line above a key or a table header stays above it; a
    comment at the end of a key's line stays at the end of that line (two spaces before the
    ``#``); comments inside a multi-line value move above its key; comments at the end of the
    file stay at the end.

Both forms are idempotent: ``canonical(canonical(x)) == canonical(x)``.
"""

from __future__ import annotations

import json
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

import tomli_w

from app.engine.files import FileError, FileProblem, dumps_json, parse_json, parse_toml, read_text

EXIT_OK, EXIT_NOT_CANONICAL, EXIT_INVALID = 0, 1, 2

__all__ = [
    "Comments",
    "canonical_json",
    "canonical_text",
    "canonical_toml",
    "dumps_toml",
    "file_kind",
    "format_files",
    "toml_comments",
]


# -- JSON --------------------------------------------------------------------------------------

def canonical_json(text: str, path: str = "<text>") -> str:
    """The canonical spelling of a JSON text (FileError when it does not parse)."""
    return dumps_json(parse_json(path, text).data)


# -- TOML: a line scanner that knows strings, brackets and paths ------------------------------

@dataclass
class _Line:
    kind: str  # "blank", "comment", "table", "key", "cont" (inside a multi-line value)
    path: str = ""
    comment: str = ""  # the trailing "# ..." of the line, if any
    text: str = ""


def _split_key(key: str) -> list[str]:
    out: list[str] = []
    i, n = 0, len(key)
    while i < n:
        c = key[i]
        if c in " \t.":
            i += 1
        elif c == '"':
            j = i + 1
            buf = []
            while j < n and key[j] != '"':
                if key[j] == "\\" and j + 1 < n:
                    buf.append(key[j:j + 2])
                    j += 2
                    continue
                buf.append(key[j])
                j += 1
            raw = "".join(buf)
            try:
                out.append(json.loads('"' + raw + '"'))
            except ValueError:
                out.append(raw)
            i = j + 1
        elif c == "'":
            j = key.find("'", i + 1)
            j = n if j < 0 else j
            out.append(key[i + 1:j])
            i = j + 1
        else:
            j = i
            while j < n and key[j] not in " \t.":
                j += 1
            out.append(key[i:j])
            i = j
    return out


class _Scanner:
    """Walks TOML text line by line, tracking multi-line strings and bracket depth."""

    def __init__(self) -> None:
        self.depth = 0  # open [ / { of a value spanning lines
        self.in_ml: str | None = None  # the quote of an open multi-line string
        self.prefix: list[str] = []
        self.counters: dict[str, int] = {}
        self.owner = ""  # the key a multi-line value belongs to

    def _scan_value(self, s: str, start: int) -> int:
        """Scan s[start:] for brackets and strings; return the index of a trailing '#' or -1."""
        i, n = start, len(s)
        while i < n:
            if self.in_ml:
                end = s.find(self.in_ml, i)
                if end < 0:
                    return -1
                # A run of quotes longer than three closes on its last three.
                j = end + 3
                while j < n and s[j] == self.in_ml[0] and j - end < 5:
                    j += 1
                self.in_ml = None
                i = j
                continue
            c = s[i]
            if c == "#":
                return i
            if c in "\"'":
                if s.startswith(c * 3, i):
                    self.in_ml = c * 3
                    i += 3
                    continue
                j = i + 1
                while j < n and s[j] != c:
                    if c == '"' and s[j] == "\\":
                        j += 1
                    j += 1
                i = j + 1
                continue
            if c in "[{":
                self.depth += 1
            elif c in "]}":
                self.depth = max(0, self.depth - 1)
            i += 1
        return -1

    def line(self, raw: str) -> _Line:
        s = raw.rstrip("\r")
        if self.in_ml or self.depth > 0:
            hash_at = self._scan_value(s, 0)
            comment = s[hash_at:].rstrip() if hash_at >= 0 else ""
            return _Line("cont", self.owner, comment, s)
        st = s.strip()
        if not st:
            return _Line("blank", text=s)
        if st.startswith("#"):
            return _Line("comment", comment=st, text=s)
        if st.startswith("["):
            array = st.startswith("[[")
            close = st.find("]]" if array else "]")
            inner = st[2 if array else 1:close] if close > 0 else st.strip("[]")
            parts = _split_key(inner)
            rest = st[close + (2 if array else 1):] if close > 0 else ""
            hash_at = rest.find("#")
            comment = rest[hash_at:].rstrip() if hash_at >= 0 else ""
            base = ".".join(parts)
            if array:
                idx = self.counters.get(base, 0)
                self.counters[base] = idx + 1
                self.prefix = parts + [str(idx)]
                # Sub-arrays of this element restart their numbering.
                for k in list(self.counters):
                    if k.startswith(base + ".") and k != base:
                        del self.counters[k]
            else:
                prefix = parts
                for b, count in self.counters.items():
                    bparts = b.split(".")
                    if prefix[:len(bparts)] == bparts and len(prefix) > len(bparts):
                        prefix = bparts + [str(count - 1)] + prefix[len(bparts):]
                        break
                self.prefix = prefix
            return _Line("table", ".".join(self.prefix), comment, s)
        eq = _key_end(s)
        if eq < 0:
            return _Line("cont", self.owner, "", s)
        path = ".".join(self.prefix + _split_key(s[:eq]))
        self.owner = path
        hash_at = self._scan_value(s, eq + 1)
        comment = s[hash_at:].rstrip() if hash_at >= 0 else ""
        return _Line("key", path, comment, s)


def _key_end(s: str) -> int:
    """Index of the '=' ending the key of a key/value line (quotes respected), or -1."""
    i, n = 0, len(s)
    while i < n:
        c = s[i]
        if c in "\"'":
            j = s.find(c, i + 1)
            if j < 0:
                return -1
            i = j + 1
            continue
        if c == "=":
            return i
        if c == "#":
            return -1
        i += 1
    return -1


def _scan(text: str) -> list[_Line]:
    sc = _Scanner()
    return [sc.line(raw) for raw in text.split("\n")]


@dataclass
class Comments:
    """The comments of a TOML text, keyed by the dotted path they belong to."""

    header: list[str] = field(default_factory=list)
    before: dict[str, list[str]] = field(default_factory=dict)
    inline: dict[str, str] = field(default_factory=dict)
    trailer: list[str] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.header or self.before or self.inline or self.trailer)


def toml_comments(text: str) -> Comments:
    """Collect the comments of a TOML text (see the module docstring for where they go)."""
    out = Comments()
    lines = _scan(text)
    pending: list[str] = []
    seen_content = False
    for i, ln in enumerate(lines):
        if ln.kind == "comment":
            pending.append(ln.comment)
            continue
        if ln.kind == "blank":
            if not seen_content and pending and not out.header:
                out.header = pending
                pending = []
            continue
        seen_content = True
        if ln.kind == "cont":
            if ln.comment and ln.path:
                out.before.setdefault(ln.path, []).append(ln.comment)
            continue
        if pending:
            out.before.setdefault(ln.path, []).extend(pending)
            pending = []
        if ln.comment:
            out.inline[ln.path] = ln.comment
    if pending:
        if not seen_content and not out.header:
            out.header = pending
        else:
            out.trailer = pending
    return out


def _attach(body: str, comments: Comments) -> str:
    """Put collected comments back into a comment-free TOML text."""
    lines = body.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    scanned = _scan("\n".join(lines))
    present = {ln.path for ln in scanned if ln.kind in ("key", "table")}
    # Comments whose path is gone go above the nearest surviving ancestor, else the trailer.
    before: dict[str, list[str]] = {}
    trailer: list[str] = []
    for path, cs in comments.before.items():
        target = _surviving(path, present)
        if target is None:
            trailer.extend(cs)
        else:
            before.setdefault(target, []).extend(cs)
    inline: dict[str, str] = {}
    for path, c in comments.inline.items():
        target = _surviving(path, present)
        if target == path:
            inline[path] = c
        elif target is None:
            trailer.append(c)
        else:
            before.setdefault(target, []).append(c)
    out: list[str] = []
    if comments.header:
        out.extend(comments.header)
        out.append("")
    used: set[str] = set()
    for raw, ln in zip(lines, scanned):
        if ln.kind in ("key", "table") and ln.path not in used:
            used.add(ln.path)
            out.extend(before.get(ln.path, ()))
            c = inline.get(ln.path)
            if c:
                raw = f"{raw}  {c}"
        out.append(raw)
    trailer = trailer + comments.trailer
    if trailer:
        if out and out[-1] != "":
            out.append("")
        out.extend(trailer)
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n" if out else ""


def _surviving(path: str, present: set[str]) -> str | None:
    parts = path.split(".")
    while parts:
        p = ".".join(parts)
        if p in present:
            return p
        parts.pop()
    return None


#: Widest line an array is folded onto.
INLINE_ARRAY_WIDTH = 100


def _plain_item(line: str) -> str | None:
    """The value of an array item line if it is a plain value (or a folded array), else None."""
    item = line.strip()
    if item.endswith(","):
        item = item[:-1]
    if not item or item[0] in "{#" or item.endswith("["):
        return None
    if item[0] == "[" and not item.endswith("]"):
        return None
    return item


def fold_short_arrays(body: str, width: int = INLINE_ARRAY_WIDTH) -> str:
    """Fold each multi-line array of plain values onto one line when it fits in ``width``.

    Works innermost first, so an array of short pairs folds too. Deterministic and idempotent.
    """
    lines = body.split("\n")
    changed = True
    while changed:
        changed = False
        out: list[str] = []
        i = 0
        while i < len(lines):
            line = lines[i]
            if line.endswith("["):
                items: list[str] = []
                j = i + 1
                while j < len(lines):
                    nxt = lines[j].strip()
                    if nxt in ("]", "],"):
                        break
                    item = _plain_item(lines[j])
                    if item is None:
                        break
                    items.append(item)
                    j += 1
                if j < len(lines) and lines[j].strip() in ("]", "],"):
                    tail = "," if lines[j].strip() == "]," else ""
                    folded = line + ", ".join(items) + "]" + tail
                    if len(folded) <= width:
                        out.append(folded)
                        i = j + 1
                        changed = True
                        continue
            out.append(line)
            i += 1
        lines = out
    return "\n".join(lines)


def dumps_toml(data: dict[str, Any], comments: Comments | None = None) -> str:
    """Canonical TOML for ``data``, with ``comments`` (from :func:`toml_comments`) put back."""
    body = fold_short_arrays(tomli_w.dumps(data))
    if comments:
        return _attach(body, comments)
    return body


def canonical_toml(text: str, path: str = "<text>") -> str:
    """The canonical spelling of a TOML text (FileError when it does not parse)."""
    data = parse_toml(path, text).data
    return dumps_toml(data, toml_comments(text))


# -- files -------------------------------------------------------------------------------------

def file_kind(path: str | Path, text: str = "") -> str:
    """"json" or "toml" by the file's ending (content sniffed for other endings)."""
    p = str(path)
    if p.endswith(".toml"):
        return "toml"
    if p.endswith((".json", ".rsave")):
        return "json"
    return "json" if text.lstrip().startswith(("{", "[")) else "toml"


def canonical_text(path: str | Path, text: str) -> str:
    """The canonical spelling of ``text`` as the kind of file ``path`` names."""
    if file_kind(path, text) == "json":
        return canonical_json(text, str(path))
    return canonical_toml(text, str(path))


def _expand(files: Iterable[str]) -> list[str]:
    out: list[str] = []
    for f in files:
        p = Path(f)
        if p.is_dir():
            out.extend(str(x) for x in sorted(p.rglob("*")) if x.suffix in (".json", ".toml") and x.is_file())
        else:
            out.append(f)
    return out


def format_files(files: Iterable[str], check: bool = False) -> int:
    """``ridgeline fmt``: rewrite files in canonical form, or with ``check`` only name the ones
    that are not. Folders are walked for ``*.json`` and ``*.toml``.

    Exit code: 2 if any file cannot be read or parsed (each problem printed as
    ``FILE:LINE: field: message``), else 1 if ``check`` found a file not in canonical form
    (each named on stdout), else 0.
    """
    from app.engine.files import atomic_write
    invalid = False
    different: list[str] = []
    for f in _expand(files):
        if f.endswith(".jsonl"):
            print(str(FileProblem(f, 1, "", "journals are not formatted (append-only JSON lines)")))
            invalid = True
            continue
        try:
            text = read_text(f)
            canon = canonical_text(f, text)
        except FileError as e:
            for p in e.problems:
                print(str(p))
            invalid = True
            continue
        if canon == text:
            continue
        if check:
            different.append(f)
            print(f"{f}: not in canonical form (run: ridgeline fmt {f})")
        else:
            atomic_write(f, canon)
            print(f"{f}: reformatted", file=sys.stderr)
    if invalid:
        return EXIT_INVALID
    if different:
        return EXIT_NOT_CANONICAL
    return EXIT_OK
