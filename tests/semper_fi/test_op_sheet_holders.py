"""C12.8: op sheets held per company or per platoon (4.1's Op Sheets variant and its By Platoon
variant), the companies of counters.toml, and how each holder waits, rolls and is named."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path

from app.games.semper_fi import holders, orders
from app.games.semper_fi.data import validate_counters
from app.games.semper_fi.game import GAME
from app.games.semper_fi.presentation import pieces, view
from app.games.semper_fi.sequence import opsheet_commitment
from app.games.semper_fi.setup import setup_state

from tests.semper_fi.conftest import Dice, scenario
from tests.semper_fi.test_scenario_rules import in_action_phase

COUNTERS = Path(__file__).resolve().parents[2] / "resources" / "semper-fi" / "counters.toml"


def test_c12_8_4_1_op_sheets_are_held_per_company() -> None:
    st = setup_state(scenario("4-1-ambush"), {"opsheets": True}, 1)
    assert orders.formations(st, "us") == ["1-5", "1-5/able", "1-5/baker", "3-a-armor", "recon-brigade"]
    assert [holders.holder_of(st, f"1-5-plt-{n}") for n in range(1, 7)] == ["1-5/able"] * 3 + ["1-5/baker"] * 3
    assert holders.holder_of(st, "1-5-81mm-1") == "1-5"                      # heavy weapons stay
    assert holders.members(st, "1-5/able") == sorted(
        ["1-5-plt-1", "1-5-plt-2", "1-5-plt-3", "1-5-mg-1", "1-5-60mm-1"])
    assert all(st.opsheets[h] == "reserve" and not st.committed[h] for h in orders.formations(st, "us"))
    assert orders.formation_name(st, "1-5/able") == "A/1/5"
    assert orders.formation_name(st, "1-5") == "1/5 Marines (battalion units)"
    assert orders.formations(st, "nk") == ["2-15", "83-mot"]                  # the NK stay by formation


def test_c12_8_without_the_variant_1_5_holds_one_sheet() -> None:
    st = setup_state(scenario("5-1-morning-assault"), {"opsheets": True}, 1)
    assert "2-5" in orders.formations(st, "us") and not any("/" in h for h in orders.formations(st, "us"))
    assert orders.formation_name(st, "2-5") == "2/5 Marines"


def test_c12_8_each_company_rolls_for_its_own_commitment() -> None:
    st = in_action_phase("4-1-ambush", "us", {"opsheets": True})
    st.contact = True
    st.units["1-5-plt-1"].at = "11.01"                                       # Able
    st.units["1-5-plt-4"].at = "11.02"                                       # Baker
    assert not [a for a in GAME.legal_actions(st) if a.get("unit") in ("1-5-plt-1", "1-5-plt-4")]
    ctx = Dice(st.rng, [1, 6, 1, 1, 1])      # rolls in holder order: 1-5, able, baker, armour, recon
    opsheet_commitment(st, ctx)
    assert st.committed["1-5/able"] and not st.committed["1-5/baker"] and not st.committed["1-5"]
    assert st.opsheets["1-5/able"] == "attack" and st.opsheets["1-5/baker"] == "reserve"
    moves = {a.get("unit") for a in GAME.legal_actions(st) if a["type"] == "move"}
    assert "1-5-plt-1" in moves and "1-5-plt-4" not in moves
    words = [e.text for e in ctx.events]
    assert "A/1/5 is committed and may now move and fire freely" in words
    assert not any("1-5/" in w for w in words)                               # no internal ids


def test_c12_8_by_platoon_every_rifle_platoon_holds_its_own_sheet() -> None:
    st = setup_state(scenario("4-1-ambush"), {"opsheets-platoons": True}, 1)
    assert orders.active(st)
    hs = orders.formations(st, "us")
    assert {f"1-5-plt-{n}" for n in range(1, 7)} <= set(hs)
    assert holders.holder_of(st, "1-5-60mm-1") == "1-5/able"                 # the company's weapons
    assert orders.formation_name(st, "1-5-plt-5") == "Plt 5 1/5 (B/1/5)"
    assert orders.formation_name(st, "1-5/able") == "A/1/5 company weapons"
    st.phase, st.first, st.setup_order = "action-1", "us", []
    st.active = st.turn_side = "us"
    st.contact = True
    before = {h for h in hs if st.committed[h]}
    opsheet_commitment(st, Dice(st.rng, [6] + [1] * 20))                      # only the first holder
    assert {h for h in hs if st.committed[h]} - before == {hs[0]}


def test_c12_8_implementation_counts_the_holders_own_units() -> None:
    company = setup_state(scenario("4-1-ambush"), {"opsheets": True}, 1)
    battalion = setup_state(scenario("4-1-ambush"), {"opsheets": True}, 1)
    battalion.scen["rules"].pop("opsheet_holders")
    # attack 9 + Marine prep 3; a battalion of 19 counters is large (+1), a company of 5 is not
    assert orders.implementation_target(company, "1-5/able", "attack") == 12
    assert orders.implementation_target(battalion, "1-5", "attack") == 13


def test_c12_8_the_enemy_reads_neither_company_sheets_nor_their_names_in_the_log() -> None:
    st = setup_state(scenario("4-1-ambush"), {"opsheets": True}, 1)
    nk = view(st, "nk")
    assert not any("1-5" in h for h in nk.get("opsheets", {}))
    assert "1-5/able" in view(st, "us")["opsheets"]
    info = {p["id"]: p["info"] for p in pieces(st, "us") if p.get("kind") == "counter"}
    assert "Orders: A/1/5's Reserve sheet, waiting to be committed" in info["1-5-plt-2"]
    assert info["1-5-plt-2"][0] == "1/5 Marines, A/1/5"
    theirs = {p["id"]: p["info"] for p in pieces(st, "nk") if p.get("kind") == "counter"}
    assert not any(line.startswith("Orders:") for u, lines in theirs.items() if u.startswith("1-5") for line in lines)


def _counters() -> dict:
    return tomllib.loads(COUNTERS.read_text(encoding="utf-8"))


def test_c12_8_companies_that_take_more_than_the_formation_has_are_refused() -> None:
    data = _counters()
    data["formation"]["1-5"]["companies"][1]["take"]["marine-rifle"] = 4       # 3 + 4 > 6
    _, probs = validate_counters(data)
    assert ("formation.1-5.companies.1.take.marine-rifle",
            "takes 4, but only 3 are left after the companies before it") in probs


def test_c12_8_a_company_taking_a_type_its_formation_lacks_or_listed_twice_is_refused() -> None:
    data = _counters()
    cs = data["formation"]["1-5"]["companies"]
    cs.append(copy.deepcopy(cs[0]))
    cs[2]["take"] = {"m26": 1}
    _, probs = validate_counters(data)
    fields = [f for f, _ in probs]
    assert "formation.1-5.companies.2.id" in fields and "formation.1-5.companies.2.take.m26" in fields


def test_c12_8_a_company_without_a_name_is_refused_by_the_schema() -> None:
    data = _counters()
    del data["formation"]["1-5"]["companies"][0]["name"]
    _, probs = validate_counters(data)
    assert ("formation.1-5.companies.0.name", "required field is missing") in probs


def test_c12_8_a_variant_asking_for_an_unknown_grain_is_refused_by_validate(tmp_path, capsys) -> None:
    from app.cli import main
    src = (COUNTERS.parent / "scenarios" / "4-1-ambush.toml").read_text(encoding="utf-8")
    bad = src.replace('"rules.opsheet_holders.us" = "platoon"', '"rules.opsheet_holders.us" = "squad"')
    assert bad != src
    f = tmp_path / "ambush.toml"
    f.write_text(bad, encoding="utf-8")
    assert main(["validate", str(f)]) == 2
    out = capsys.readouterr().out
    assert "rules.opsheet_holders.us: 'squad' is not formation, company or platoon" in out


def test_1_6e_the_set_up_prompt_asks_for_sheets_before_units() -> None:
    st = setup_state(scenario("4-1-ambush"), {"opsheets": True}, 1)
    assert st.active == "nk"
    assert "draw up your op sheets first" in GAME.prompt(st)
    place = next(a for a in GAME.legal_actions(st) if a["type"] == "place")
    from tests.semper_fi.conftest import act
    act(st, place)
    assert "op sheets" not in GAME.prompt(st)                       # too late once units stand
    plain = setup_state(scenario("4-1-ambush"), {}, 1)
    assert "op sheets" not in GAME.prompt(plain)
