"""No player ever reads an action's internal type: every legal action of every game, at the
start of each shipped scenario and after some random play, is described in words."""

from __future__ import annotations

import random
import tomllib

import pytest

import app.games  # noqa: F401 - installs the game resolver
from app import RESOURCES
from app.engine.match import Match
from app.games import GAME_IDS, get_game

CASES = [(gid, p.name) for gid in GAME_IDS for p in sorted((RESOURCES / gid / "scenarios").glob("*.toml"))]


@pytest.mark.parametrize("gid,name", CASES)
def test_every_legal_action_is_described_in_words(gid: str, name: str) -> None:
    path = RESOURCES / gid / "scenarios" / name
    sc = tomllib.loads(path.read_text(encoding="utf-8"))
    if "sandbox" in sc:
        pytest.skip("a sandbox position has no rules to act on")
    g = get_game(gid)
    m = Match.start(g, sc, seed=2, scenario_path=str(path), scenario_text=path.read_text(encoding="utf-8"),
                    keep_snapshots=False)
    r = random.Random(2)
    raw = set()
    for i in range(25):
        legal = m.legal_actions()
        if not legal or m.outcome() is not None:
            break
        for a in legal[:400]:
            words = g.describe_action(m.state, a)
            if words == a["type"] or words.startswith("{") or not words.strip():
                raw.add((a["type"], words))
        m.apply(r.choice(legal))
    assert not raw, f"{gid} {name}: actions shown by their internal type: {sorted(raw)}"


def test_an_ampersand_in_a_phase_name_is_shown_as_written_on_the_end_button(qtbot) -> None:
    """Korea's "Reinforcements & Replacements" phase: Qt took the "&" for a shortcut mark and
    showed "Reinforcements _Replacements" on the button."""
    from app.ui.panels import TurnBar
    bar = TurnBar()
    qtbot.addWidget(bar)
    bar.show_state(3, "Aug 1950", "", "x", "", True, "", label="End Reinforcements & Replacements")
    assert bar.button.text() == "End Reinforcements && Replacements"      # Qt shows one "&"
    assert bar.button.toolTip().startswith("End Reinforcements & Replacements")


def test_a_solitaire_result_reads_as_the_players_own(qtbot) -> None:
    """The Chosin Few lost: "Defeat: ..." on the turn bar, not "the enemy - defeat: ..."."""
    from window_util import bare_window
    path = RESOURCES / "chosin-few" / "scenarios" / "standard.toml"
    g = get_game("chosin-few")
    m = Match.start(g, tomllib.loads(path.read_text(encoding="utf-8")), seed=4, scenario_path=str(path))
    r = random.Random(2)
    while m.outcome() is None:
        m.apply(r.choice(m.legal_actions()))
    out = m.outcome()
    w = bare_window(qtbot, (1366, 768))
    w.start_match(m, {s: "human" for s in g.sides})
    text = w.turnbar.prompt.text()
    level = str(out.level)
    assert f"{level[:1].upper()}{level[1:]}: {out.reason}" in text, text
    assert "the enemy -" not in text and " - " not in text.split("</b>")[-1][:12]


@pytest.mark.parametrize("winner,level,expect", [
    ("nk", "NK Major", "NK Major: why (5.2)"),                       # the level names its winner
    ("communist", "substantive", "Communist victory (substantive): why (5.2)"),
    (None, "Draw", "Draw: why (5.2)")])
def test_a_two_player_result_names_its_winner_once(qtbot, winner, level, expect) -> None:
    from app.engine.game import Outcome
    from window_util import bare_window
    gid = "semper-fi" if winner in ("nk", None) else "korea38"
    path = sorted((RESOURCES / gid / "scenarios").glob("*.toml"))[0]
    g = get_game(gid)
    w = bare_window(qtbot, (1366, 768))
    w.start_match(Match.start(g, tomllib.loads(path.read_text(encoding="utf-8")), seed=1, scenario_path=str(path)),
                  {s: "human" for s in g.sides})
    assert w._outcome_text(Outcome(winner=winner, level=level, reason="why", rule="5.2")) == expect
