"""Issue 15, point 12 for Frozen Chosin: every rule tag the game cites has a plain-language
summary of our own in resources/frozen-chosin/rules_summary.toml, and the Rules panel opens on
any rule a Frozen Chosin log shows."""

from __future__ import annotations

import re

import pytest

from app import RESOURCES, ROOT
from app.engine.match import Match
from app.engine.rng import Rng
from app.engine.scenario import load_scenario
from app.ui.rules_panel import find_rule, first_rule, load_summaries

TAG = re.compile(r"\bFC-(?:D-[A-Z]+|\d{1,2}(?:\.\d{1,2})?)\b")
SOURCES = [*(ROOT / "app" / "games" / "frozen_chosin").glob("*.py"), *(ROOT / "app" / "ai").rglob("*chosin*.py"),
           *(RESOURCES / "frozen-chosin").glob("*.toml"), RESOURCES / "frozen-chosin" / "COVERAGE.md"]


def cited_tags() -> set[str]:
    out: set[str] = set()
    for p in SOURCES:
        if p.name != "rules_summary.toml":
            out |= set(TAG.findall(p.read_text(encoding="utf-8")))
    return out


def test_every_rule_the_game_cites_has_a_summary_of_its_own():
    rules = load_summaries("frozen-chosin")
    ids = {r.id for r in rules}
    tags = cited_tags()
    assert len(tags) > 60
    missing = sorted(t for t in tags if t not in ids)
    assert not missing, f"rules cited by the Frozen Chosin code without a summary: {missing}"
    assert all(len(r.summary) > 20 and r.title and r.section for r in rules)
    assert len(ids) == len(rules)                      # one entry per tag


def test_refusals_and_log_lines_link_to_frozen_chosin_rules():
    assert first_rule("no such base on the table (FC-4.1)") == "FC-4.1"
    assert first_rule("the path is blocked: FC-D-PATH") == "FC-D-PATH"
    assert first_rule("moves 3.5 inches") == ""
    rules = load_summaries("frozen-chosin")
    assert find_rule(rules, "FC-12.10").title == "Infiltrate"


@pytest.mark.gui
def test_the_rules_panel_opens_on_every_rule_of_a_played_log(qtbot):
    from app.games import get_game
    from app.ui.rules_panel import RulesPanel
    path = RESOURCES / "frozen-chosin" / "scenarios" / "first-days.toml"
    game, loaded = load_scenario(path)
    m = Match.start(game, loaded.data, seed=4, keep_snapshots=False)
    pick = Rng.from_seed(9)
    seen: set[str] = set()
    for _ in range(150):
        legal = m.legal_actions()
        if not legal:
            break
        seen |= {e.rule for e in m.apply(pick.choice(legal), checked=True) if e.rule}
    assert len(seen) >= 10
    panel = RulesPanel()
    qtbot.addWidget(panel)
    panel.set_game(get_game("frozen-chosin"), m.state)
    for rule in sorted(seen):
        assert panel.show_rule(rule), rule
        assert rule in panel.shown_text()
    # the charts drawn from the data sit with their rules
    assert {c["title"] for c in panel.charts} >= {"Bases: firepower and range", "Allied HQ sheet",
                                                   "Chinese HQ sheet", "Event cards", "Turn track"}
    assert panel.show_rule("FC-12.1") and "Close Air Support" in panel.shown_text() and "Infiltrate" in panel.shown_text()
    assert panel.show_rule("FC-13") and "Blizzard" in panel.shown_text()
