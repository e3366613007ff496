"""Issue 16, item 2 for Frozen Chosin in the window: File > Save position as scenario from a
game in play (same digest) and from the sandbox (every base and supply marker where it was,
markers with their kind and side)."""

from __future__ import annotations

import pytest

from app import RESOURCES
from app.engine.match import Match
from app.engine.scenario import load_scenario
from app.ui import position_save

pytestmark = pytest.mark.gui
FIRST = RESOURCES / "frozen-chosin" / "scenarios" / "first-days.toml"


def test_save_a_frozen_chosin_game_in_play(window, tmp_path):
    w = window
    assert w.open_path(FIRST)
    w.apply_action({"type": "smith-choice", "choice": "stockpile"})
    w.apply_action({"type": "done-planning"})
    out = position_save.save_position_dialog(w, tmp_path / "moment.toml")
    assert out is not None
    game, loaded = load_scenario(out)
    assert Match.start(game, loaded.data, seed=77).digest() == w.match.digest()
    assert loaded.data["general_smith"]["choice"] == "stockpile" and loaded.data["command"]


def test_save_a_frozen_chosin_sandbox(window, tmp_path):
    w = window
    assert w.open_path(FIRST)
    w.toggle_sandbox(True)
    assert w.mode == "sandbox"
    w.match.apply({"type": "move", "unit": "1-5a", "to": [20.0, 2.0]})
    placed = {p["id"]: p["at"] for p in w.match.state.pieces}
    out = position_save.save_position_dialog(w, tmp_path / "sandbox.toml")
    assert out is not None
    game, loaded = load_scenario(out)                 # a Frozen Chosin position: the rules come back on
    st = Match.start(game, loaded.data, seed=1).state
    assert (st.bases["1-5a"].x, st.bases["1-5a"].y) == (20.0, 2.0)
    on = {b.id: [b.x, b.y] for b in st.bases.values() if b.status == "on"}
    assert on == {k: v for k, v in placed.items() if k in st.bases}
    assert {m.id: (m.kind, m.side) for m in st.markers.values()} == {
        "sup-start-1": ("depot", "un"), "sup-start-2": ("depot", "un"), "sup-start-3": ("depot", "un"),
        "sup-start-4": ("truck", "un"), "sup-start-5": ("truck", "un")}
