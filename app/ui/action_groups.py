"""The Actions list with the game's groups folded: one clear way to do each thing.

A game may offer the hook ``action_groups(state, actions)`` (app.ui.hooks): a list of
``{"title", "actions", "panel"?, "note"?}``. The actions of a group leave the plain list and
appear under one header button that names how many there are and, with ``panel``, the panel
that already offers them (the fire panel shows every fire with its odds, so the list does not
repeat them as long buttons); pressing the header lists them here too. Without the hook the list
is the plain one.
"""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from app.ui.hooks import call_hook
from app.ui.panels import ActionButton, ActionsPanel


def _key(a: dict[str, Any]) -> str:
    return json.dumps(a, sort_keys=True, default=str)


def groups(game: Any, state: Any, items: list[tuple[str, dict]]) -> list[dict[str, Any]]:
    """The game's groups of the listed actions, each with the (label, action) items it holds;
    groups of fewer than two actions are left in the plain list."""
    if game is None or not items:
        return []
    got = call_hook(game, "action_groups", state, [a for _l, a in items], default=[]) or []
    by_key = {_key(a): (label, a) for label, a in items}
    out: list[dict[str, Any]] = []
    for g in got:
        if not isinstance(g, dict):
            continue
        members = [by_key[k] for k in (_key(a) for a in g.get("actions") or []) if k in by_key]
        if len(members) >= 2:
            out.append({"title": str(g.get("title") or "Actions"), "panel": str(g.get("panel") or ""),
                        "note": str(g.get("note") or ""), "items": members})
    return out


def header_text(g: dict[str, Any], open_: bool) -> str:
    n = len(g["items"])
    where = f": on the {g['panel']}" if g.get("panel") else (f": {g['note']}" if g.get("note") else "")
    return f"{'▾' if open_ else '▸'} {g['title']} ({n}){where}"


class GroupedActionsPanel(ActionsPanel):
    """ActionsPanel that folds the game's groups under one header each."""

    def __init__(self, parent: QWidget | None = None):
        self._groups: list[dict[str, Any]] = []
        self._open: set[str] = set()
        self.headers: list[ActionButton] = []
        self.group_buttons: list[ActionButton] = []
        super().__init__(parent)

    def set_actions(self, items: list[tuple[str, dict]], empty_text: str = "",
                    groups: list[dict[str, Any]] | None = None) -> None:
        self._groups = list(groups or [])
        folded = {_key(a) for g in self._groups for _l, a in g["items"]}
        plain = [(label, a) for label, a in items if _key(a) not in folded]
        if self._groups and not plain:
            empty_text = "Everything to do now is grouped below."
        key = json.dumps([[g["title"], [label for label, _a in g["items"]]] for g in self._groups], default=str)
        self._key = None if key != getattr(self, "_group_key", None) else self._key
        self._group_key = key
        super().set_actions(plain, empty_text)

    def _rebuild(self) -> None:
        super()._rebuild()
        self.headers = []
        self.group_buttons = []
        q = self.search.text().strip().lower()
        at = self.box.count() - 1                        # before the closing stretch
        for g in self._groups:
            items = [(label, a) for label, a in g["items"]
                     if not q or q in label.lower() or q in json.dumps(a).lower()]
            if not items:
                continue
            open_ = g["title"] in self._open or bool(q)
            h = ActionButton(header_text(dict(g, items=items), open_))
            h.setFlat(True)
            h.setStyleSheet("QPushButton { border: none; } QLabel { font-weight: bold; }")
            h.setToolTip("Show or hide these actions here" + (f" (the {g['panel']} offers them with their "
                                                                 "details)" if g.get("panel") else ""))
            h.clicked.connect(lambda _=False, t=g["title"]: self._toggle(t))
            self.box.insertWidget(at, h)
            at += 1
            self.headers.append(h)
            if open_:
                for label, action in items:
                    b = ActionButton(label)
                    b.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
                    b.setToolTip(label)
                    b.action = action
                    b.clicked.connect(lambda _=False, a=action: self.chosen.emit(a))
                    self.box.insertWidget(at, b)
                    at += 1
                    self.group_buttons.append(b)

    def _toggle(self, title: str) -> None:
        if title in self._open:
            self._open.discard(title)
        else:
            self._open.add(title)
        self._rebuild()

    def mark(self, action: dict | None) -> None:
        super().mark(action)
        for b in self.group_buttons:
            on = action is not None and getattr(b, "action", None) == action
            b.setStyleSheet("QPushButton { border: 2px solid #C8A000; background: #FFF6C8; }" if on else "")
