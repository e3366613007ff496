"""An open data file in the editor: its data, its undo stack, its canonical text.

The editor edits the parsed data itself (plain dicts and lists), never a lossy model of it,
so a file round-trips: loading and saving without changes writes the canonical text of the
same data (byte-identical for a file already in canonical form, see
:mod:`app.engine.canonical`), unknown keys included.

Every edit is a list of ``(path, value)`` changes, where ``path`` is a tuple of dict keys and
list indices and ``value`` is the new value or :data:`DELETE`. :meth:`Document.edit` turns
them into one :class:`EditCommand` on the document's ``QUndoStack``, which remembers the old
values, so every kind of edit undoes and redoes the same way.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any, Iterable, Sequence

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from app.engine.canonical import Comments, dumps_toml, file_kind, toml_comments
from app.engine.files import FileError, FileProblem, Loaded, atomic_write, dumps_json, load, parse_json, parse_toml
from app.engine.locate import json_lines, toml_lines


class _Delete:
    def __repr__(self) -> str:
        return "DELETE"

    def __deepcopy__(self, memo: Any) -> "_Delete":
        return self


DELETE: Any = _Delete()
Path_ = tuple
Change = tuple[tuple, Any]


def get_at(data: Any, path: Sequence[Any], default: Any = DELETE) -> Any:
    """The value at ``path`` (``default``, i.e. DELETE, when it is absent)."""
    cur = data
    for k in path:
        if isinstance(cur, dict):
            if k not in cur:
                return default
            cur = cur[k]
        elif isinstance(cur, list) and isinstance(k, int):
            if not -len(cur) <= k < len(cur):
                return default
            cur = cur[k]
        else:
            return default
    return cur


def set_at(data: Any, path: Sequence[Any], value: Any) -> None:
    """Set (or with DELETE remove) the value at ``path``; missing dicts on the way are made."""
    if not path:
        raise ValueError("use Document.replace for the whole document")
    cur = data
    for k in path[:-1]:
        if isinstance(cur, dict):
            if k not in cur or not isinstance(cur[k], (dict, list)):
                if value is DELETE:
                    return
                cur[k] = {}
            cur = cur[k]
        else:
            cur = cur[k]
    last = path[-1]
    if value is DELETE:
        if isinstance(cur, dict):
            cur.pop(last, None)
        elif isinstance(cur, list) and 0 <= last < len(cur):
            del cur[last]
    elif isinstance(cur, list) and last == len(cur):
        cur.append(value)
    else:
        cur[last] = value


def old_value(data: Any, path: Sequence[Any]) -> tuple[tuple, Any]:
    """What undo must restore for an edit at ``path``: the old value, or DELETE at the first
    missing ancestor (so undo removes the containers the edit created, too)."""
    path = tuple(path)
    for i in range(1, len(path) + 1):
        v = get_at(data, path[:i])
        if v is DELETE:
            return path[:i], DELETE
    return path, copy.deepcopy(get_at(data, path))


def detect_kind(data: Any, path: str = "") -> str:
    """hexmap, pointgraph, table, scenario, counters, terrain or data."""
    if not isinstance(data, dict):
        return "data"
    if data.get("kind") in ("hexmap", "pointgraph", "table"):
        return str(data["kind"])
    if data.get("format") == "ridgeline-scenario":
        return "scenario"
    if isinstance(data.get("unit"), list) or Path(path).name.startswith("counters"):
        return "counters"
    if isinstance(data.get("terrain"), dict) and Path(path).name.startswith("terrain"):
        return "terrain"
    return "data"


class EditCommand(QUndoCommand):
    """One edit: new values for some paths, with the old values kept for undo."""

    def __init__(self, doc: "Document", label: str, changes: Sequence[Change],
                 olds: Sequence[Change] | None = None):
        super().__init__(label)
        self.doc = doc
        self.news = [(tuple(p), copy.deepcopy(v)) for p, v in changes]
        if olds is None:
            olds = [old_value(doc.data, p) for p, _ in changes]
        # Undo restores in reverse order so nested/list paths come back consistently.
        self.olds = list(reversed([(tuple(p), copy.deepcopy(v)) for p, v in olds]))

    def redo(self) -> None:
        self.doc._apply(self.news)

    def undo(self) -> None:
        self.doc._apply(self.olds)


class ReplaceCommand(QUndoCommand):
    """Replace the whole document (resizing a map renumbers everything)."""

    def __init__(self, doc: "Document", label: str, new_data: Any):
        super().__init__(label)
        self.doc = doc
        self.old = copy.deepcopy(doc.data)
        self.new = copy.deepcopy(new_data)

    def redo(self) -> None:
        self.doc._replace(copy.deepcopy(self.new))

    def undo(self) -> None:
        self.doc._replace(copy.deepcopy(self.old))


class Stroke:
    """A drag that edits as it goes (a brush stroke) and becomes one undo step at the end."""

    def __init__(self, doc: "Document", label: str):
        self.doc = doc
        self.label = label
        self.olds: dict[tuple, Any] = {}
        self.news: dict[tuple, Any] = {}

    def set(self, path: Sequence[Any], value: Any) -> None:
        p = tuple(path)
        if p not in self.olds:
            self.olds[p] = old_value(self.doc.data, p)
        self.news[p] = copy.deepcopy(value)
        self.doc._apply([(p, value)])

    def finish(self) -> bool:
        """Push the stroke as one command; False when it changed nothing."""
        changed = [(p, v) for p, v in self.news.items()
                   if not (self.olds[p][0] == p and self.olds[p][1] == v)]
        if not changed:
            return False
        olds = [self.olds[p] for p, _ in changed]
        self.doc.undo_stack.push(EditCommand(self.doc, self.label, changed, olds))
        return True


class Document(QObject):
    """A data file open in the editor."""

    #: paths changed (an empty list means "everything")
    changed = Signal(list)

    def __init__(self, data: Any, path: str | None = None, text: str = "", kind: str | None = None,
                 fmt: str | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self.data = data
        self.path = path
        self.text = text
        self.fmt = fmt or (file_kind(path, text) if path else ("toml" if kind in ("scenario", "counters", "terrain") else "json"))
        self.kind = kind or detect_kind(data, path or "")
        self.comments: Comments = toml_comments(text) if self.fmt == "toml" and text else Comments()
        self.undo_stack = QUndoStack(self)
        self.undo_stack.setClean()

    # -- loading and saving ---------------------------------------------------------------------
    @classmethod
    def open(cls, path: str | Path, parent: QObject | None = None) -> "Document":
        """Read a file (FileError with FILE:LINE problems when it does not parse)."""
        loaded = load(path)
        return cls(loaded.data, str(path), loaded.text, parent=parent)

    def serialize(self) -> str:
        """The canonical text of the current data."""
        if self.fmt == "json":
            return dumps_json(self.data)
        return dumps_toml(self.data, self.comments)

    def loaded(self) -> Loaded:
        """The current data as a parsed file (for the validators, with line numbers)."""
        text = self.serialize()
        path = self.path or f"untitled.{self.fmt}"
        lines = json_lines(text) if self.fmt == "json" else toml_lines(text)
        return Loaded(path, text, copy.deepcopy(self.data), lines)

    def save(self, path: str | Path | None = None) -> str:
        """Write the canonical text atomically; returns the path written."""
        target = str(path or self.path or "")
        if not target:
            raise ValueError("no file name")
        text = self.serialize()
        atomic_write(target, text)
        self.path = target
        self.text = text
        self.undo_stack.setClean()
        return target

    @property
    def dirty(self) -> bool:
        return not self.undo_stack.isClean()

    @property
    def title(self) -> str:
        return Path(self.path).name if self.path else f"untitled {self.kind}"

    # -- editing ---------------------------------------------------------------------------------
    def get(self, *path: Any, default: Any = None) -> Any:
        v = get_at(self.data, path)
        return default if v is DELETE else v

    def edit(self, label: str, changes: Iterable[Change]) -> bool:
        """Apply changes as one undoable step; False (and no step) when nothing changes."""
        changes = [(tuple(p), v) for p, v in changes]
        real = [(p, v) for p, v in changes if get_at(self.data, p) != v]
        if not real:
            return False
        self.undo_stack.push(EditCommand(self, label, real))
        return True

    def replace(self, label: str, new_data: Any) -> None:
        self.undo_stack.push(ReplaceCommand(self, label, new_data))

    def stroke(self, label: str) -> Stroke:
        return Stroke(self, label)

    def _apply(self, changes: Sequence[Change]) -> None:
        for p, v in changes:
            set_at(self.data, p, copy.deepcopy(v))
        self.changed.emit([p for p, _ in changes])

    def _replace(self, data: Any) -> None:
        self.data = data
        self.changed.emit([])


def empty_document(kind: str, parent: QObject | None = None, **opts: Any) -> Document:
    """A new, unsaved document of ``kind`` with sensible defaults."""
    from app.editor import hexops
    if kind == "hexmap":
        data = hexops.new_hexmap(**opts)
    elif kind == "pointgraph":
        data = {"kind": "pointgraph", "version": 1, "spaces": [], "arrows": [], "links": [], "labels": []}
    elif kind == "table":
        data = {"kind": "table", "version": 1, "width": float(opts.get("width", 48.0)),
                "height": float(opts.get("height", 36.0)), "units": "in", "features": [], "labels": []}
    elif kind == "counters":
        data = {"unit": []}
    elif kind == "scenario":
        data = {"format": "ridgeline-scenario", "version": 1, "game": opts.get("game", "korea38"),
                "id": opts.get("id", "new-scenario"), "name": opts.get("name", "New scenario"),
                "description": ""}
    else:
        data = {}
    doc = Document(data, None, "", kind=kind, parent=parent)
    return doc
