"""Issue 16: bad positions are refused with FILE:LINE: field: message, never a traceback."""

from __future__ import annotations

import pytest

from tests.positions.helpers import refused

HEAD = 'format = "ridgeline-scenario"\nversion = 1\ngame = "{game}"\nid = "bad"\nname = "Bad"\n'


def _run(tmp_path, capsys, game: str, body: str) -> str:
    return refused(tmp_path, capsys, HEAD.format(game=game) + body)


def test_korea_a_unit_listed_twice(tmp_path, capsys):
    out = _run(tmp_path, capsys, "korea38",
               '[[piece]]\nid = "kpa-1"\nat = "2114"\n\n[[piece]]\nid = "kpa-1"\nat = "2115"\n')
    assert "bad.toml:11: piece[1].id: unit kpa-1 is listed twice" in out


def test_korea_a_battle_naming_a_unit_out_of_play(tmp_path, capsys):
    body = ('[start]\nturn = 2\nphase = "communist-combat"\n\n[[piece]]\nid = "kpa-1"\nat = "2114"\n\n'
            '[[piece]]\nid = "rok-7"\nat = "2115"\n\n[[battle]]\ndefender = "rok-7"\nattackers = ["kpa-1", "kpa-2"]\n\n'
            '[position]\nunlisted = "remove"\n')
    out = _run(tmp_path, capsys, "korea38", body)
    assert "battle[0].attackers[1]: kpa-2 is not in play (it is at removed)" in out
    assert out.split(":")[1].isdigit()


def test_korea_a_pending_retreat_of_a_unit_out_of_play(tmp_path, capsys):
    body = ('[start]\nturn = 2\nphase = "communist-combat"\n\n[[piece]]\nid = "kpa-1"\nat = "2114"\n\n'
            '[[piece]]\nid = "rok-7"\nat = "2115"\n\n[[battle]]\ndefender = "rok-7"\nattackers = ["kpa-1"]\n\n'
            '[[pending]]\nkind = "retreat"\nside = "communist"\nbattle = 0\nunits = ["rok-3"]\n\n'
            '[position]\nunlisted = "remove"\n')
    out = _run(tmp_path, capsys, "korea38", body)
    assert "pending[0].units[0]: rok-3 is not in play" in out


@pytest.mark.parametrize("game, body, expected", [
    # a cube both on the board and in the cup
    ("chosin-few", '[[piece]]\nid = "red-1"\nat = "E-1"\n\n[cup]\ncubes = ["red-1", "red-2"]\n',
     ["cup.cubes[0]: red-1 is also on the board (piece[0])"]),
    # a piece listed twice, and a space the board does not have
    ("chosin-few", ('[[piece]]\nid = "marine"\nat = "C"\n\n[[piece]]\nid = "marine"\nat = "E-1"\n\n'
                    '[[piece]]\nid = "army"\nat = "Z-99"\n'),
     ["piece[1].id: marine is already placed by piece[0]", "piece[2].at: no space 'Z-99' on the board"]),
    # a team off the table, then listed twice
    ("guts", ('platoon = "army"\n\n[[piece]]\nid = "rifle-1a"\nat = [500.0, 5.0]\n\n'
              '[[piece]]\nid = "rifle-1a"\nat = [5.0, 5.0]\n'),
     ["piece[0].at: (500.0, 5.0) is off the", "piece[1].id: rifle-1a is already placed by piece[0]"]),
])
def test_pieces_in_two_places_or_nowhere(tmp_path, capsys, game, body, expected):
    out = _run(tmp_path, capsys, game, body)
    for line in expected:
        assert line in out


def test_guts_a_bad_die(tmp_path, capsys):
    out = _run(tmp_path, capsys, "guts", 'platoon = "army"\n\n[position]\ndice = [4, 12]\n')
    assert "position.dice[1]: 12 is not a face" in out


@pytest.mark.parametrize("body, where", [
    ('[position]\nenter = "yes"\n', "position.enter: must be true or false"),
    ('[position]\nunlisted = "hide"\n', 'position.unlisted: must be "keep" or "remove"'),
    ('[position]\nshuffle = 1\n', "position.shuffle: unknown key"),
    ('[position.fields]\nno_such_field = 1\n', "position.fields.no_such_field: the state of chosin-few has no field"),
])
def test_generic_position_keys_are_checked(tmp_path, capsys, body, where):
    out = _run(tmp_path, capsys, "chosin-few", body)
    assert where in out


def test_korea_a_battle_being_fought_that_is_not_declared(tmp_path, capsys):
    body = ('[start]\nturn = 2\nphase = "communist-combat"\n\n[state]\ncombat_step = "resolve"\ncurrent = 1\n')
    out = _run(tmp_path, capsys, "korea38", body)
    assert "state.current: names battle 1, but the file declares 0" in out
