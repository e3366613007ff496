"""docs/scenarios.md: every example position in the document loads and plays."""

from __future__ import annotations

import re

import pytest

from app import ROOT
from app.engine.match import Match
from app.engine.scenario import load_scenario

DOC = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
EXAMPLES = re.findall(r"```toml\n(.*?)```", DOC, flags=re.S)


def test_the_document_has_an_example_per_playable_game():
    games = {re.search(r'^game = "([^"]+)"', e, flags=re.M).group(1) for e in EXAMPLES}
    assert {"korea38", "chosin-few", "guts", "frozen-chosin"} <= games


@pytest.mark.parametrize("i", range(len(EXAMPLES)))
def test_example_loads_with_its_fixed_dice(tmp_path, i):
    p = tmp_path / f"example-{i}.toml"
    p.write_text(EXAMPLES[i], encoding="utf-8")
    game, loaded = load_scenario(p)
    m = Match.start(game, loaded.data, seed=1)
    dice = loaded.data.get("position", {}).get("dice", [])
    assert m.state.rng.fixed == dice
    assert m.legal_actions()
