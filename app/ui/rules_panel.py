"""Rules at hand: a panel with each rule in our own plain words, the game's charts drawn from its
data, and a search box. Rule numbers elsewhere in the window (the log, the combat panel, the
status bar after a refusal) open it on that rule.

Summaries are data: ``resources/<game>/rules_summary.toml`` (``[[rule]]`` with ``id``, optional
``title`` and ``section``, ``summary``), written in our words, never the rule book's; read and
checked by :mod:`app.engine.rules_summary` (a broken file is shown by line and field). Charts come
from the game's optional ``rule_charts(state)`` hook: ``[{"title", "rule", "header", "rows"}]``.
A game without either still gets the panel (it says what it lacks).
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QSplitter, QTextBrowser, QWidget

from app.engine.rules_summary import RuleSummary, read as read_summaries
from app.ui.hooks import call_hook
from app.ui.layouts import boxed, search_field

# a rule number as games cite it: 8.2.2, 9.2.4.1, C7.1 and 1.8f (Semper Fi!), GUTS-MOVE, CF-Actions-2,
# FC-7.5, FC-D-PATH
RULE_RE = re.compile(r"\b(C?\d{1,2}\.\d{1,2}[a-h]?(?:\.\d{1,2}){0,2}|GUTS-[A-Z]+(?:-[A-Z]+)*|CF-[A-Za-z]+-?[0-9A-Z]*"
                     r"|FC-(?:D-[A-Z]+|\d{1,2}(?:\.\d{1,2})?))\b")


def load_summaries(game_id: str, root: Path | None = None) -> list[RuleSummary]:
    """The game's rule summaries (empty when it has none or the file is broken: see
    :func:`summary_problems`)."""
    return read_summaries(_summary_path(game_id, root))[0]


def summary_problems(game_id: str, root: Path | None = None) -> list[str]:
    """``FILE:LINE: field: message`` lines of a rule summary file that exists but is broken."""
    path = _summary_path(game_id, root)
    if not path.is_file():
        return []
    return [str(p) for p in read_summaries(path)[1]]


def _summary_path(game_id: str, root: Path | None) -> Path:
    if root is None:
        from app import RESOURCES
        root = RESOURCES
    return Path(root) / game_id / "rules_summary.toml"


def find_rule(rules: list[RuleSummary], number: str) -> RuleSummary | None:
    """The entry for ``number``: exact, then the nearest parent (9.2.4.1 -> 9.2.4 -> 9.2)."""
    n = number.strip()
    while n:
        for r in rules:
            if n in r.aliases():
                return r
        if "." in n:
            n = n.rsplit(".", 1)[0]
            if n.count(".") == 0:
                n += ".0"
                for r in rules:
                    if n in r.aliases():
                        return r
                return None
        elif "-" in n and n.count("-") > 1:
            n = n.rsplit("-", 1)[0]
        else:
            return None
    return None


# where a number is a rule citation, not a distance or a date: "(8.2.2)", "(rule 9.1)", "rule 7.1",
# a whole text that is just a rule number, or a named rule tag anywhere
CITED_RE = re.compile(r"(?:\((?:rule |rules )?|\brules? |^)(" + RULE_RE.pattern[2:-2] + r")(?=[),;:/]|$|\s)"
                      r"|\b(GUTS-[A-Z]+(?:-[A-Z]+)*|CF-[A-Za-z]+-[0-9A-Z]+|FC-(?:D-[A-Z]+|\d{1,2}(?:\.\d{1,2})?))\b")


def _cited(m: re.Match) -> str:
    # the first alternative nests RULE_RE's own group, so the named tag is the last group
    return next((g for g in m.groups() if g), "")


def rule_links(text: str) -> str:
    """HTML of ``text`` with each cited rule number a link (``rule:<number>``)."""
    esc = html.escape(text)
    return CITED_RE.sub(lambda m: m.group(0).replace(_cited(m), f"<a href='rule:{_cited(m)}'>{_cited(m)}</a>"), esc)


def first_rule(text: str) -> str:
    """The last rule a message cites ("" when none): "... forbid it (8.3)" -> 8.3; "advance
    3.3 inches" cites nothing."""
    found = [_cited(m) for m in CITED_RE.finditer(text or "")]
    return found[-1] if found else ""


def chart_html(chart: dict[str, Any]) -> str:
    e = html.escape
    out = [f"<h3>{e(str(chart.get('title') or ''))}"
           + (f" <small>({e(str(chart['rule']))})</small>" if chart.get("rule") else "") + "</h3>",
           "<table cellspacing='0' cellpadding='3' style='border-collapse:collapse'>"]
    if chart.get("header"):
        out.append("<tr>" + "".join(f"<th style='background:#E4DDC8;border:1px solid #B9B09A'>{e(str(h))}</th>"
                                    for h in chart["header"]) + "</tr>")
    for row in chart.get("rows") or []:
        out.append("<tr>" + "".join(f"<td style='border:1px solid #D0C8B4'>{e(str(c))}</td>" for c in row) + "</tr>")
    out.append("</table>")
    return "".join(out)


class RulesPanel(QWidget):
    """Search box, the list of rules, and the chosen rule with the charts that go with it."""

    rule_shown = Signal(str)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        lay = boxed(self, 4)
        self.search = search_field("Search the rules (a number or a word)", self._filter)
        lay.addWidget(self.search)
        split = QSplitter(Qt.Orientation.Vertical)
        self.list = QListWidget()
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.list.setUniformItemSizes(True)
        self.list.currentItemChanged.connect(lambda cur, _prev: self._show(cur))
        self.text = QTextBrowser()
        self.text.setOpenLinks(False)
        self.text.anchorClicked.connect(lambda url: self.show_rule(url.toString().split(":", 1)[-1]))
        split.addWidget(self.list)
        split.addWidget(self.text)
        split.setSizes([160, 300])
        lay.addWidget(split)
        self.rules: list[RuleSummary] = []
        self.charts: list[dict[str, Any]] = []
        self.game_name = ""
        self.current: RuleSummary | None = None

    def set_game(self, game: Any, state: Any) -> None:
        self.game_name = str(getattr(game, "name", ""))
        self.rules = load_summaries(str(getattr(game, "id", "")))
        got = call_hook(game, "rule_charts", state, default=[])
        self.charts = [c for c in got if isinstance(c, dict)] if isinstance(got, list) else []
        self.list.clear()
        for r in self.rules:
            it = QListWidgetItem(f"{r.id}  {r.title}" if r.title else f"{r.id}  {r.summary[:60]}")
            it.setData(Qt.ItemDataRole.UserRole, r.id)
            it.setToolTip(r.summary)
            self.list.addItem(it)
        for c in self.charts:
            it = QListWidgetItem(f"Chart: {c.get('title')}")
            it.setData(Qt.ItemDataRole.UserRole, f"chart:{c.get('title')}")
            self.list.addItem(it)
        self._filter()
        if not self.rules:
            broken = summary_problems(str(getattr(game, "id", "")))
            if broken:
                lines = "<br>".join(html.escape(b) for b in broken[:8])
                self.text.setHtml(f"<p><b>The rule summaries of {html.escape(self.game_name)} could not "
                                  f"be read:</b></p><p><tt>{lines}</tt></p>")
            else:
                self.text.setHtml(f"<p><i>{html.escape(self.game_name)} has no rule summaries yet.</i></p>")

    def _filter(self) -> None:
        q = self.search.text().strip().lower()
        for i in range(self.list.count()):
            it = self.list.item(i)
            key = str(it.data(Qt.ItemDataRole.UserRole))
            r = next((x for x in self.rules if x.id == key), None)
            hay = (it.text() + " " + (r.summary if r else "") + " " + (r.section if r else "")).lower()
            it.setHidden(bool(q) and q not in hay)

    def visible_ids(self) -> list[str]:
        return [str(self.list.item(i).data(Qt.ItemDataRole.UserRole)) for i in range(self.list.count())
                if not self.list.item(i).isHidden()]

    def _show(self, item: QListWidgetItem | None) -> None:
        if item is None:
            return
        key = str(item.data(Qt.ItemDataRole.UserRole))
        if key.startswith("chart:"):
            chart = next((c for c in self.charts if f"chart:{c.get('title')}" == key), None)
            if chart is not None:
                self.current = None
                self.text.setHtml(chart_html(chart))
            return
        r = next((x for x in self.rules if x.id == key), None)
        if r is not None:
            self._render(r)

    def _render(self, r: RuleSummary) -> None:
        self.current = r
        parts = [f"<h2>{html.escape(r.id)}{(' ' + html.escape(r.title)) if r.title else ''}</h2>"]
        if r.section:
            parts.append(f"<p style='color:#6A645A'>{html.escape(r.section)}</p>")
        parts.append(f"<p>{rule_links(r.summary)}</p>")
        parts.append("<p style='color:#6A645A'><small>In our own words; the rule book has the full text.</small></p>")
        for c in self.charts:
            if str(c.get("rule") or "") in r.aliases():
                parts.append(chart_html(c))
        self.text.setHtml("".join(parts))
        self.rule_shown.emit(r.id)

    def show_rule(self, number: str) -> bool:
        """Open the panel's view on ``number`` (or the nearest rule it belongs to)."""
        r = find_rule(self.rules, number)
        if r is None:
            self.text.setHtml(f"<p>No summary for rule {html.escape(number)} yet.</p>")
            return False
        self.search.clear()
        for i in range(self.list.count()):
            if self.list.item(i).data(Qt.ItemDataRole.UserRole) == r.id:
                self.list.blockSignals(True)
                self.list.setCurrentRow(i)
                self.list.blockSignals(False)
                break
        self._render(r)
        return True

    def shown_text(self) -> str:
        return self.text.toPlainText()
