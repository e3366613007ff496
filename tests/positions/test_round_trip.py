"""Issue 16, item 2: any moment of random play, saved as a scenario, loads to the same digest
and the same legal actions (every playable game, several seeds, many moments)."""

from __future__ import annotations

import pytest

from tests.positions.helpers import play_and_check, random_step, save_and_load, start
from app.engine.rng import Rng


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_korea38_positions_round_trip(tmp_path, seed):
    assert play_and_check("korea38", seed, steps=240, every=30, tmp=tmp_path) >= 5


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_chosin_few_positions_round_trip(tmp_path, seed):
    assert play_and_check("chosin-few", seed, steps=120, every=6, tmp=tmp_path) >= 3


@pytest.mark.parametrize("seed", [1, 2])
def test_guts_positions_round_trip(tmp_path, seed):
    assert play_and_check("guts", seed, steps=24, every=6, tmp=tmp_path) >= 3


@pytest.mark.parametrize("gid", ["korea38", "chosin-few", "guts"])
def test_play_goes_on_identically_after_loading_a_position(tmp_path, gid):
    """The generator state travels with the position: the same actions give the same rolls."""
    m = start(gid, seed=5)
    rng = Rng.from_seed(11)
    for _ in range(25):
        random_step(m, rng)
    back = save_and_load(m, tmp_path)
    pick = Rng.from_seed(3)
    for _ in range(15):
        legal = m.legal_actions()
        if not legal:
            break
        a = pick.choice([x for x in legal if "armistice" not in str(x.get("type"))] or legal)
        m.apply(a)
        back.apply(a)
        assert back.digest() == m.digest()
