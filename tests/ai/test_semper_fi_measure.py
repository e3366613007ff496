"""The Semper Fi! measurement (``app.ai.semper_fi.measure``): the games it plays do not depend on
how many processes play them, and each game's record names the seed, the result and the final
state digest, so a lost game can be found and replayed."""

from __future__ import annotations

import json
import sys

from app.ai.semper_fi import measure

SCEN = measure.SCEN / "4-2-night-attack.toml"      # the quickest scenario: a tenth of a second a game
SEEDS = [1000, 1001, 1002]


def test_games_in_two_processes_are_the_games_in_one() -> None:
    one = measure.games(SCEN, SEEDS, ["greedy", "ai"], "nk", jobs=1)
    two = measure.games(SCEN, SEEDS, ["greedy", "ai"], "nk", jobs=2)
    assert [s for s, _r, _t in one] == SEEDS
    assert [(s, r) for s, r, _t in one] == [(s, r) for s, r, _t in two]
    # not one game repeated: three seeds, three different final positions
    assert len({r["digest"] for _s, r, _t in one}) == 3


def test_a_games_record_is_its_result_and_digest_and_replays(tmp_path, monkeypatch, capsys) -> None:
    out = tmp_path / "games.jsonl"
    monkeypatch.setattr(sys, "argv", ["measure", "--games", "2", "--seed", "1000", "--scenarios", "4-2",
                                      "--pairs", "greedy,ai", "--jsonl", str(out)])
    measure.main()
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["seed"] for r in rows] == [1000, 1001]
    assert {r["scenario"] for r in rows} == {"4-2-night-attack"} and {r["players"] for r in rows} == {"greedy,ai"}
    assert summary["ai_wins"] == sum(1 for r in rows if r["winner"] == "nk")
    for r in rows:
        assert r["reason"] and len(r["digest"]) == 16
        again, _t = measure.play(SCEN, r["seed"], ["greedy", "ai"])
        assert again["digest"] == r["digest"] and again["level"] == r["level"]
