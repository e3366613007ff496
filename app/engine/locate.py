"""Find the line of a field in a TOML or JSON text, so every error names ``FILE:LINE``.

``tomllib`` and ``json`` parse without positions. These scanners walk the text once and record
the line where each dotted field path (``piece.3.at``, ``start.turn``) is written; the
validators ask them for the line of the path they complain about, falling back to the nearest
enclosing path that was found.
"""

from __future__ import annotations

import re
from typing import Iterable

_TABLE = re.compile(r"^\s*\[\s*([^\[\]]+?)\s*\]\s*(#.*)?$")
_ARRAY_TABLE = re.compile(r"^\s*\[\[\s*([^\[\]]+?)\s*\]\]\s*(#.*)?$")
_KEY = re.compile(r"""^\s*((?:"[^"]*"|'[^']*'|[A-Za-z0-9_\-]+)(?:\s*\.\s*(?:"[^"]*"|'[^']*'|[A-Za-z0-9_\-]+))*)\s*=""")


def _split_key(key: str) -> list[str]:
    parts = re.findall(r'"([^"]*)"|\'([^\']*)\'|([A-Za-z0-9_\-]+)', key)
    return [a or b or c for a, b, c in parts]


def toml_lines(text: str) -> dict[str, int]:
    """Map dotted paths to 1-based line numbers for a TOML text (array tables get indices)."""
    out: dict[str, int] = {}
    counters: dict[str, int] = {}
    prefix: list[str] = []
    in_multiline: str | None = None
    for no, line in enumerate(text.splitlines(), start=1):
        if in_multiline:
            if line.count(in_multiline) % 2 == 1:
                in_multiline = None
            continue
        m = _ARRAY_TABLE.match(line)
        if m:
            parts = _split_key(m.group(1))
            base = ".".join(parts)
            idx = counters.get(base, 0)
            counters[base] = idx + 1
            prefix = parts + [str(idx)]
            out.setdefault(base, no)
            out[".".join(prefix)] = no
            continue
        m = _TABLE.match(line)
        if m:
            prefix = _split_key(m.group(1))
            # A sub-table of the latest array-table element: [piece.stats] after [[piece]].
            for base, count in counters.items():
                bparts = base.split(".")
                if prefix[: len(bparts)] == bparts and len(prefix) > len(bparts):
                    prefix = bparts + [str(count - 1)] + prefix[len(bparts):]
                    break
            out.setdefault(".".join(prefix), no)
            continue
        m = _KEY.match(line)
        if m:
            path = ".".join(prefix + _split_key(m.group(1)))
            out.setdefault(path, no)
            rest = line[m.end():]
            for q in ('"""', "'''"):
                if rest.count(q) == 1:
                    in_multiline = q
    return out


def json_lines(text: str) -> dict[str, int]:
    """Map dotted paths to line numbers for a JSON text (a light scanner, not a validator)."""
    out: dict[str, int] = {}
    stack: list[list] = []  # each: [kind, key or index, pending key]
    line = 1
    i, n = 0, len(text)
    path: list[str] = []
    pending_key: str | None = None
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
        elif c == '"':
            j = i + 1
            buf = []
            while j < n and text[j] != '"':
                if text[j] == "\\":
                    j += 1
                buf.append(text[j] if j < n else "")
                j += 1
            s = "".join(buf)
            k = j + 1
            while k < n and text[k] in " \t\r\n":
                k += 1
            if stack and stack[-1][0] == "obj" and k < n and text[k] == ":":
                pending_key = s
                out.setdefault(".".join(path + [s]), line)
            i = j
        elif c in "{[":
            if stack and stack[-1][0] == "arr":
                seg = str(stack[-1][1])
                path.append(seg)
                out.setdefault(".".join(path), line)
                stack.append(["obj" if c == "{" else "arr", 0, True])
            elif pending_key is not None:
                path.append(pending_key)
                pending_key = None
                stack.append(["obj" if c == "{" else "arr", 0, True])
            else:
                stack.append(["obj" if c == "{" else "arr", 0, False])
        elif c in "}]":
            if stack:
                frame = stack.pop()
                if frame[2] and path:
                    path.pop()
                if stack and stack[-1][0] == "arr":
                    pass
        elif c == ",":
            if stack and stack[-1][0] == "arr":
                stack[-1][1] += 1
            pending_key = None
        elif c not in " \t\r:" and stack and stack[-1][0] == "arr" and pending_key is None:
            out.setdefault(".".join(path + [str(stack[-1][1])]), line)
        i += 1
    return out


def line_of(lines: dict[str, int], path: str | Iterable[str]) -> int:
    """The line of ``path`` or of its nearest recorded ancestor; 1 if nothing matches."""
    parts = path.split(".") if isinstance(path, str) else [str(p) for p in path]
    while parts:
        key = ".".join(parts)
        if key in lines:
            return lines[key]
        parts = parts[:-1]
    return 1
