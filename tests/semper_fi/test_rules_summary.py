"""Issue 15 point 12 for Semper Fi!: every rule number the game cites (in its code, in the log of
real play, in its refusals) opens a summary in our own words in the Rules panel."""

from __future__ import annotations

import ast
import re
import tomllib

from app import RESOURCES, ROOT
from app.engine.match import Match
from app.engine.rng import Rng
from app.engine.scenario import load_scenario
from app.ui.rules_panel import find_rule, first_rule, load_summaries

CODE = ROOT / "app" / "games" / "semper_fi"
# our core's numbers (C7.1, C12) and the module's (1.3c, 2.4b); hexes (11.01, 5.22) have two-digit rows
RULE = re.compile(r"^(C\d{1,2}(?:\.\d)?|\d\.\d[a-h]?)$")
CITED_IN_TEXT = re.compile(r"\((C\d{1,2}(?:\.\d)?|\d\.\d[a-h]?)\)")


def cited_in_code() -> set[str]:
    """Rule numbers written in the game's code: a string that is a rule number (the rule of a log
    entry, a roll or a refusal), or one cited in brackets inside a message."""
    out: set[str] = set()
    for f in sorted(CODE.glob("*.py")):
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if RULE.match(node.value):
                    out.add(node.value)
                out.update(CITED_IN_TEXT.findall(node.value))
    return out


def test_the_summary_file_is_well_formed_and_every_entry_has_words():
    data = tomllib.loads((RESOURCES / "semper-fi" / "rules_summary.toml").read_text(encoding="utf-8"))
    assert data["format"] == "ridgeline-rules-summary" and data["game"] == "semper-fi"
    rules = load_summaries("semper-fi")
    assert len(rules) == len(data["rule"]) >= 60
    ids = [a for r in rules for a in r.aliases()]
    assert len(ids) == len(set(ids)), "a rule number has two entries"
    assert all(len(r.summary.split()) >= 6 for r in rules)


def test_every_rule_the_code_cites_has_a_summary():
    cited = cited_in_code()
    assert {"C6.1", "C7.1", "C7.3", "1.3c", "1.7g", "2.2b", "3.4"} <= cited     # the scan finds them
    rules = load_summaries("semper-fi")
    missing = sorted(c for c in cited if find_rule(rules, c) is None)
    assert not missing, f"no summary for {missing}"


def test_every_rule_in_the_log_of_real_play_has_a_summary():
    rules = load_summaries("semper-fi")
    path = RESOURCES / "semper-fi" / "scenarios" / "4-1-ambush.toml"
    game, loaded = load_scenario(path)
    m = Match.start(game, loaded.data, seed=3, keep_snapshots=False)
    rng = Rng.from_seed(3)
    for _ in range(300):
        legal = m.legal_actions()
        if not legal:
            break
        m.apply(rng.choice(legal), checked=True)
    seen = {e.rule for e in m.events() if e.rule}
    assert len(seen) >= 8
    assert not sorted(r for r in seen if find_rule(rules, r) is None)


def test_a_refusal_names_a_rule_the_panel_can_open():
    """The status bar links the rule of a refusal: C-numbers and lettered numbers included."""
    rules = load_summaries("semper-fi")
    for text, want in (("Not allowed: a paralysed unit may not fire (C7.2)", "C7.2"),
                       ("Not allowed: the hex holds no revealed enemy (1.3b)", "1.3b")):
        assert first_rule(text) == want and find_rule(rules, want) is not None


def test_hint_reasons_give_a_why_and_a_rule_for_every_action_of_a_position():
    from app.games.semper_fi.hint_words import hint_reason
    rules = load_summaries("semper-fi")
    path = RESOURCES / "semper-fi" / "tutorial" / "tutorial.toml"
    game, loaded = load_scenario(path)
    m = Match.start(game, loaded.data, seed=1)
    for a in m.legal_actions():
        text = hint_reason(m.state, a)
        assert "Why: " in text and "{" not in text, text
        r = first_rule(text)
        assert r and find_rule(rules, r) is not None, text
    fire = hint_reason(m.state, {"type": "fire", "from": "12.03", "at": "14.04"})
    assert "% chance" in fire
