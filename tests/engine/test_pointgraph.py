"""PointGraph: topology queries, JSON round trip and document validation."""

from __future__ import annotations

import copy
import json

import pytest

from app.engine.pointgraph import (
    PointGraph,
    PointGraphError,
    Space,
    is_colour,
    validate_pointgraph,
)


def doc() -> dict:
    """A small Chosin-like map:

        A-1 --red--> C <--red-- B
         |  \\_______ / |
         |   (links)   |
        LD ----------- C ----- D        E (isolated)
    """
    return {
        "kind": "pointgraph",
        "version": 1,
        "spaces": [
            {"id": "LD", "name": "Line of Departure", "colour": "white", "x": 0, "y": 0,
             "tags": ["line-of-departure"], "attrs": {}},
            {"id": "A-1", "name": "Hill 1282", "colour": "red", "x": 100, "y": 50, "tags": [], "attrs": {"vp": 1},
             "note": "per-space extra"},
            {"id": "C", "name": "Hagaru-ri", "colour": "red", "x": 400, "y": 300, "tags": ["start"],
             "kind": "town", "attrs": {}},
            {"id": "B", "name": "Fox Hill", "colour": "#a0b", "x": 500, "y": 100, "tags": [], "attrs": {}},
            {"id": "D", "name": "Koto-ri", "colour": None, "x": 600, "y": 500, "tags": ["exit"], "attrs": {}},
            {"id": "E", "name": "Nowhere", "colour": "black", "x": 900, "y": 900, "tags": [], "attrs": {}},
        ],
        "arrows": [
            {"from": "A-1", "to": "C", "colour": "red"},
            {"from": "B", "to": "C", "colour": "red"},
            {"from": "C", "to": "D", "colour": "blue", "attrs": {"kind": "withdrawal"}},
            {"from": "A-1", "to": "B", "colour": "purple"},
            {"from": "D", "to": "E", "colour": "black"},
        ],
        "links": [
            {"a": "LD", "b": "A-1", "style": "dashed"},
            {"a": "LD", "b": "C", "style": "dashed"},
            {"a": "C", "b": "B", "style": "dashed"},
            {"a": "C", "b": "D", "style": "solid"},
        ],
        "labels": [{"text": "CHOSIN RESERVOIR", "x": 300, "y": 20}],
        "scenario": "Hagaru-ri perimeter",
    }


@pytest.fixture()
def g() -> PointGraph:
    return PointGraph.from_json(doc())


def test_spaces_and_lookup(g: PointGraph) -> None:
    assert [s.id for s in g.spaces()] == ["LD", "A-1", "C", "B", "D", "E"]
    c = g.space("C")
    assert (c.name, c.colour, c.x, c.y, c.tags, c.kind) == ("Hagaru-ri", "red", 400, 300, ("start",), "town")
    assert [s.id for s in g.spaces("line-of-departure")] == ["LD"]
    assert [s.id for s in g.spaces("town")] == ["C"]  # kind counts as a tag
    assert g.find("hagaru-ri") is c and g.find("nope") is None
    assert "C" in g and "Z" not in g and len(g) == 6
    with pytest.raises(KeyError):
        g.space("Z")


def test_arrows(g: PointGraph) -> None:
    assert [(a.src, a.dst) for a in g.arrows_from("A-1")] == [("A-1", "C"), ("A-1", "B")]
    assert [(a.dst) for a in g.arrows_from("A-1", colour="red")] == ["C"]
    assert g.arrows_from("A-1", colour="blue") == []
    assert [a.src for a in g.arrows_into("C")] == ["A-1", "B"]
    assert [a.src for a in g.arrows_into("B", colour="purple")] == ["A-1"]
    assert g.arrows_from("C")[0].attrs == {"kind": "withdrawal"}
    assert len(g.arrows("red")) == 2 and len(g.arrows()) == 5


def test_links_and_adjacency(g: PointGraph) -> None:
    assert g.linked("C") == ["LD", "B", "D"]
    assert len(g.links("C")) == 3 and len(g.links()) == 4
    assert g.links("C")[2].style == "solid"
    # link either direction
    assert g.adjacent("LD", "A-1") and g.adjacent("A-1", "LD")
    # arrow only (A-1 -> B), either direction counts
    assert g.adjacent("A-1", "B") and g.adjacent("B", "A-1")
    assert not g.adjacent("LD", "B")
    assert not g.adjacent("E", "C")
    assert g.adjacent("D", "E")  # arrow only, no link
    assert g.neighbours("C") == ["LD", "B", "D", "A-1"]
    assert g.neighbours("E") == ["D"]
    assert g.linked("E") == []


def test_shortest_path_by_links(g: PointGraph) -> None:
    assert g.shortest_path("A-1", "D") == ["A-1", "LD", "C", "D"]
    assert g.shortest_path("C", "C") == ["C"]
    assert g.shortest_path("A-1", "E") is None  # E only reachable by arrow, not by link
    assert g.link_distance("A-1", "B") == 3
    assert g.link_distance("A-1", "E") is None
    assert g.within_links("LD", 1) == {"LD": 0, "A-1": 1, "C": 1}
    assert g.within_links("LD", 2) == {"LD": 0, "A-1": 1, "C": 1, "B": 2, "D": 2}


def test_path_by_arrows_is_directed(g: PointGraph) -> None:
    assert g.arrow_path("A-1", "E") == ["A-1", "C", "D", "E"]
    assert g.arrow_path("E", "A-1") is None
    assert g.arrow_path("A-1", "C", colour="red") == ["A-1", "C"]
    assert g.arrow_path("A-1", "D", colour="red") is None
    assert g.arrow_path("A-1", "C", colour="purple") is None


def test_ties_broken_by_document_order() -> None:
    g = PointGraph()
    for sid in "SXYT":
        g.add_space(sid)
    g.add_link("S", "Y")
    g.add_link("S", "X")
    g.add_link("X", "T")
    g.add_link("Y", "T")
    assert g.shortest_path("S", "T") == ["S", "Y", "T"]


def test_editing_is_checked() -> None:
    g = PointGraph()
    g.add_space("A", name="Alpha", colour="red", x=1, y=2)
    g.add_space(Space("B"))
    with pytest.raises(PointGraphError):
        g.add_space("A")
    with pytest.raises(PointGraphError):
        g.add_space("Q", colour="rde")
    with pytest.raises(PointGraphError):
        g.add_arrow("A", "Z", "red")
    with pytest.raises(PointGraphError) as err:
        g.add_arrow("A", "B", "pink")
    assert err.value.problems == [("colour", "unknown colour 'pink'")]
    with pytest.raises(PointGraphError):
        g.add_link("A", "A")
    with pytest.raises(PointGraphError):
        g.add_link("A", "B", style="wavy")
    g.add_arrow("A", "B", "white")
    g.add_link("A", "B")
    assert g.adjacent("A", "B") and g.linked("B") == ["A"]


def test_colours() -> None:
    for ok in ("red", "black", "blue", "purple", "white", "#fff", "#A0B1C2"):
        assert is_colour(ok)
    for bad in ("rde", "", "#12", "#ggg", None, 3):
        assert not is_colour(bad)


def test_json_round_trip_is_exact(g: PointGraph) -> None:
    original = doc()
    out = g.to_json()
    assert out == original
    assert PointGraph.from_json(json.dumps(out)).to_json() == original
    assert json.loads(g.dumps()) == original
    # extras survive at every level
    assert out["scenario"] == "Hagaru-ri perimeter"
    assert out["spaces"][1]["note"] == "per-space extra"


def test_built_graph_serialises() -> None:
    g = PointGraph()
    g.add_space("A", name="Alpha", x=1, y=2, tags=("start",))
    g.add_space("B")
    g.add_arrow("A", "B", "red")
    g.add_link("A", "B")
    data = g.to_json()
    assert validate_pointgraph(data) == []
    assert data["spaces"][0] == {"id": "A", "name": "Alpha", "colour": None, "x": 1, "y": 2, "tags": ["start"],
                                 "attrs": {}}
    assert data["arrows"] == [{"from": "A", "to": "B", "colour": "red"}]
    assert data["links"] == [{"a": "A", "b": "B", "style": "dashed"}]
    assert PointGraph.from_json(data).to_json() == data


def test_valid_document_has_no_problems() -> None:
    assert validate_pointgraph(doc()) == []


def _problems(mutate) -> list[tuple[str, str]]:
    d = copy.deepcopy(doc())
    mutate(d)
    return validate_pointgraph(d)


@pytest.mark.parametrize("mutate, path, fragment", [
    (lambda d: d["spaces"].append({"id": "C", "name": "again"}), "spaces[6].id", "duplicate space id 'C'"),
    (lambda d: d["spaces"].append({"name": "no id"}), "spaces[6].id", "missing"),
    (lambda d: d["arrows"].append({"from": "C", "to": "ZZ", "colour": "red"}), "arrows[5].to", "unknown space 'ZZ'"),
    (lambda d: d["arrows"].append({"from": "QQ", "to": "C", "colour": "red"}), "arrows[5].from", "unknown space"),
    (lambda d: d["arrows"].append({"from": "C", "to": "C", "colour": "red"}), "arrows[5].to", "own start"),
    (lambda d: d["arrows"][0].update(colour="pink"), "arrows[0].colour", "unknown colour 'pink'"),
    (lambda d: d["arrows"][0].pop("colour"), "arrows[0].colour", "missing colour"),
    (lambda d: d["spaces"][0].update(colour="rde"), "spaces[0].colour", "unknown colour"),
    (lambda d: d["spaces"][0].update(x="left"), "spaces[0].x", "finite number"),
    (lambda d: d["spaces"][0].update(y=float("nan")), "spaces[0].y", "finite number"),
    (lambda d: d["spaces"][0].update(tags="start"), "spaces[0].tags", "list of strings"),
    (lambda d: d["spaces"][0].update(attrs=[]), "spaces[0].attrs", "object"),
    (lambda d: d["links"].append({"a": "C", "b": "nowhere"}), "links[4].b", "unknown space 'nowhere'"),
    (lambda d: d["links"].append({"a": "C", "b": "C"}), "links[4].b", "itself"),
    (lambda d: d["links"].append({"a": "A-1", "b": "LD"}), "links[4]", "duplicate link"),
    (lambda d: d["links"][0].update(style="wavy"), "links[0].style", "unknown link style"),
    (lambda d: d.update(kind="table"), "kind", "expected 'pointgraph'"),
    (lambda d: d.update(version=2), "version", "unsupported version"),
    (lambda d: d.update(spaces={}), "spaces", "must be a list"),
    (lambda d: d["arrows"].append("C->D"), "arrows[5]", "must be an object"),
    (lambda d: d.update(labels="x"), "labels", "must be a list"),
])
def test_validation_finds_each_error(mutate, path: str, fragment: str) -> None:
    problems = _problems(mutate)
    assert any(p == path and fragment in m for p, m in problems), problems


def test_validation_collects_all_problems_and_from_json_raises() -> None:
    def break_it(d: dict) -> None:
        d["arrows"][0]["colour"] = "mauve"
        d["links"][0]["b"] = "nowhere"
    problems = _problems(break_it)
    assert [p for p, _ in problems] == ["arrows[0].colour", "links[0].b"]
    d = doc()
    break_it(d)
    with pytest.raises(PointGraphError) as err:
        PointGraph.from_json(d)
    assert err.value.problems == problems
    assert validate_pointgraph([]) == [("", "document must be a JSON object")]
