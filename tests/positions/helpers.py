"""Shared helpers for the position tests: random play, writing and reading a position."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app import RESOURCES
from app.engine.match import Match
from app.engine.position import position_scenario, position_toml
from app.engine.rng import Rng
from app.engine.scenario import load_scenario
from app.engine.state import canonical_json

SCENARIOS = {
    "korea38": RESOURCES / "korea38" / "scenarios" / "campaign.toml",
    "chosin-few": RESOURCES / "chosin-few" / "scenarios" / "standard.toml",
    "guts": RESOURCES / "guts" / "scenarios" / "army.toml",
}


def start(gid: str, seed: int = 1, dice: list[int] | None = None) -> Match:
    game, loaded = load_scenario(SCENARIOS[gid])
    opts = {"dice": dice} if dice else {}
    return Match.start(game, loaded.data, seed=seed, options=opts, scenario_text=loaded.text,
                       scenario_path=str(SCENARIOS[gid]), keep_snapshots=False)


def random_step(m: Match, rng: Rng) -> bool:
    """One random legal action (never an armistice: it would end a Korea game at once)."""
    legal = m.legal_actions()
    calm = [a for a in legal if "armistice" not in str(a.get("type"))]
    if not (calm or legal):
        return False
    m.apply(rng.choice(calm or legal), checked=True)
    return True


def save_and_load(m: Match, tmp: Path, name: str = "pos.toml") -> Match:
    """Write the match's moment as a scenario file and start a fresh match from that file."""
    doc = position_scenario(m.game, m.state, m.scenario, m.options)
    path = tmp / name
    path.write_text(position_toml(doc), encoding="utf-8")
    game, loaded = load_scenario(path)
    return Match.start(game, loaded.data, seed=12345, keep_snapshots=False)


def legal_keys(m: Match) -> list[str]:
    return sorted(canonical_json(a) for a in m.legal_actions())


def check_round_trip(m: Match, tmp: Path) -> None:
    back = save_and_load(m, tmp)
    assert back.digest() == m.digest()
    assert legal_keys(back) == legal_keys(m)


def play_and_check(gid: str, seed: int, steps: int, every: int, tmp: Path) -> int:
    m = start(gid, seed=seed)
    rng = Rng.from_seed(seed * 7919 + 1)
    checked = 0
    check_round_trip(m, tmp)
    for i in range(1, steps + 1):
        if not random_step(m, rng):
            break
        if i % every == 0:
            check_round_trip(m, tmp)
            checked += 1
    check_round_trip(m, tmp)
    return checked + 2


def any_doc(m: Match) -> dict[str, Any]:
    return position_scenario(m.game, m.state, m.scenario, m.options)


def refused(tmp_path: Path, capsys: Any, text: str) -> str:
    """Write ``text`` as a scenario file; both ``validate`` and ``run`` must refuse it with exit
    code 2 and no traceback. What ``validate`` printed (its problem lines)."""
    from app.cli import main
    p = tmp_path / "bad.toml"
    p.write_text(text, encoding="utf-8")
    assert main(["validate", str(p)]) == 2
    out = capsys.readouterr().out
    assert main(["run", str(p)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.strip()
    return out


def play_on_together(m: Match, back: Match, seed: int, steps: int, checked: bool) -> None:
    """Random legal actions applied to both matches (``checked=False``: each checked again by
    ``apply``); after every one both must have the same digest."""
    pick = Rng.from_seed(seed)
    for _ in range(steps):
        legal = m.legal_actions()
        if not legal:
            break
        a = pick.choice(legal)
        m.apply(a, checked=checked)
        back.apply(a, checked=checked)
        assert back.digest() == m.digest()
