"""The command line drives korea38 (run / legal / selfplay / validate) on the miniature data files."""

from __future__ import annotations

import json
from pathlib import Path

from app.cli import main

SCEN = str(Path(__file__).parent / "fixtures" / "mini_files" / "scenarios" / "campaign.toml")


def test_cli_run_legal_selfplay(capsys, tmp_path):
    assert main(["run", SCEN, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "korea38" and out["phase"] == "communist-reinforcement"
    actions = tmp_path / "a.jsonl"
    actions.write_text('{"type": "end-phase"}\n{"type": "move", "unit": "kpa-1", "to": "1207"}\n')
    assert main(["legal", SCEN, "--actions", str(actions), "--json"]) == 0
    legal = json.loads(capsys.readouterr().out)
    assert legal["phase"] == "communist-precombat" and legal["actions"]
    bad = tmp_path / "b.jsonl"
    bad.write_text('{"type": "move", "unit": "kpa-1", "to": "1207"}\n')
    assert main(["run", SCEN, "--actions", str(bad), "--json"]) == 3
    err = json.loads(capsys.readouterr().out)["error"]
    assert err["rule"]
    assert main(["selfplay", SCEN, "--games", "2", "--players", "random,random", "--json"]) == 0
    res = json.loads(capsys.readouterr().out)
    assert res["games"] == 2 and all(r["outcome"] for r in res["results"])
    assert main(["validate", SCEN]) == 0
