"""Reachability checked against brute-force enumeration of every simple path."""

from __future__ import annotations

from typing import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from app.engine.bench_hex import bench_grid, bench_reach, make_cost_fn
from app.engine.hexgrid import HexGrid, HexLayout
from app.engine.hexreach import reach_costs, reachable

CostFn = Callable[[str, str], "float | None"]
TERRAIN_COSTS = (0.5, 1.0, 1.0, 1.5, 2.0, 3.0, None)


def brute_force(grid: HexGrid, start: str, allowance: float, cost: CostFn,
                stop_in: frozenset[str], blocked: frozenset[str],
                always_one_hex: bool) -> dict[str, tuple[float, tuple[str, ...]]]:
    """Enumerate all simple paths; keep the best per the documented tie-break."""
    best: dict[str, tuple[tuple, float, tuple[str, ...]]] = {}

    def consider(path: list[str], c: float) -> None:
        key = (c, len(path), tuple(grid.index(h) for h in reversed(path[:-1])))
        h = path[-1]
        if h not in best or key < best[h][0]:
            best[h] = (key, c, tuple(path))

    def dfs(path: list[str], c: float) -> None:
        consider(path, c)
        here = path[-1]
        if here != start and here in stop_in:
            return
        for n in grid.neighbours(here):
            if n in path or n in blocked:
                continue
            k = cost(here, n)
            if k is None or c + k > allowance + 1e-9:
                continue
            dfs(path + [n], c + k)

    dfs([start], 0.0)
    out = {h: (c, p) for h, (_, c, p) in best.items()}
    if always_one_hex:
        for n in grid.neighbours(start):
            if n not in out and n not in blocked:
                k = cost(start, n)
                if k is not None:
                    out[n] = (k, (start, n))
    return out


@st.composite
def scenarios(draw: st.DrawFn) -> tuple:
    layout = HexLayout(
        columns=draw(st.integers(1, 5)),
        rows=draw(st.integers(1, 4)),
        orientation=draw(st.sampled_from(("flat", "pointy"))),
        offset=draw(st.sampled_from(("odd", "even"))),
        first_col=draw(st.sampled_from((0, 1, 6))),
        first_row=draw(st.sampled_from((0, 1))),
        id_format=draw(st.sampled_from(("CCRR", "C.RR"))),
    )
    g = HexGrid(layout)
    ids = g.ids()
    hex_cost = {h: draw(st.sampled_from(TERRAIN_COSTS)) for h in ids}
    for h in ids:
        for n in g.neighbours(h):
            if g.index(n) > g.index(h):
                f = draw(st.sampled_from((None, None, None, None, "river", "road", "cliff")))
                if f:
                    g.add_side_feature(h, n, f)
    one_way = draw(st.booleans())  # make costs direction-dependent via elevation

    if one_way:
        for h in ids:
            g.set_elevation(h, draw(st.integers(0, 2)))

    def cost(frm: str, to: str) -> float | None:
        sf = g.side_features(frm, to)
        if "cliff" in sf:
            return None
        if "road" in sf:
            return 0.5
        base = hex_cost[to]
        if base is None:
            return None
        extra = 1.0 if "river" in sf else 0.0
        if one_way and g.elevation(to) > g.elevation(frm):
            extra += 0.5
        return base + extra

    start = draw(st.sampled_from(ids))
    stop_in = frozenset(draw(st.sets(st.sampled_from(ids), max_size=4)))
    blocked = frozenset(draw(st.sets(st.sampled_from(ids), max_size=3)))
    allowance = draw(st.sampled_from((0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 4.0)))
    always = draw(st.booleans())
    return g, start, allowance, cost, stop_in, blocked, always


@settings(derandomize=True, max_examples=300, deadline=None)
@given(scenarios())
def test_reachable_matches_brute_force(sc: tuple) -> None:
    g, start, allowance, cost, stop_in, blocked, always = sc
    kw = dict(stop_in=stop_in, blocked=blocked, always_one_hex=always)
    got = reachable(g, start, allowance, cost, **kw)
    want = brute_force(g, start, allowance, cost, stop_in, blocked, always)
    assert got == want
    assert reach_costs(g, start, allowance, cost, **kw) == {h: c for h, (c, _) in want.items()}
    # deterministic, including result order
    assert list(reachable(g, start, allowance, cost, **kw).items()) == list(got.items())


def _open_grid() -> HexGrid:
    return HexGrid(HexLayout(columns=7, rows=7, first_col=1, first_row=1))


def _one(frm: str, to: str) -> float:
    return 1.0


def test_zoc_start_can_be_left_but_entered_zoc_stops() -> None:
    g = _open_grid()
    zoc = frozenset({"0404", "0403"})
    r = reachable(g, "0404", 3, _one, stop_in=zoc)
    assert r["0404"] == (0.0, ("0404",))
    # 0402 is two hexes north, but the direct route stops in 0403: go round at cost 3
    assert reachable(g, "0404", 2, _one, stop_in=zoc).get("0402") is None
    assert r["0402"][0] == 3.0
    assert "0403" in r and r["0403"][1] == ("0404", "0403")
    # nothing is reached *through* 0403: every path avoids it as an interior hex
    assert all("0403" not in p[1:-1] for _, p in r.values())


def test_blocked_and_impassable() -> None:
    g = _open_grid()
    r = reachable(g, "0404", 3, _one, blocked=frozenset(g.neighbours("0404")))
    assert r == {"0404": (0.0, ("0404",))}
    r = reachable(g, "0404", 3, lambda a, b: None)
    assert list(r) == ["0404"]
    r = reachable(g, "0404", 3, _one, blocked=frozenset({"0404"}))  # start always present
    assert r["0404"][0] == 0.0 and len(r) == 37


def test_always_one_hex() -> None:
    g = _open_grid()

    def heavy(frm: str, to: str) -> float | None:
        return None if to == "0403" else 5.0

    assert reachable(g, "0404", 2, heavy) == {"0404": (0.0, ("0404",))}
    r = reachable(g, "0404", 2, heavy, always_one_hex=True)
    assert set(r) == {"0404"} | (set(g.neighbours("0404")) - {"0403"})
    assert all(c == 5.0 and len(p) == 2 for h, (c, p) in r.items() if h != "0404")
    r = reachable(g, "0404", 2, heavy, always_one_hex=True, blocked=frozenset({"0405"}))
    assert "0405" not in r


def test_fractional_roads_and_tie_break() -> None:
    g = _open_grid()
    for a, b in (("0404", "0504"), ("0504", "0604")):
        g.add_side_feature(a, b, "road")

    def cost(frm: str, to: str) -> float:
        return 0.5 if "road" in g.side_features(frm, to) else 2.0

    r = reachable(g, "0404", 1, cost)
    assert r["0604"] == (1.0, ("0404", "0504", "0604"))
    assert set(r) == {"0404", "0504", "0604"}
    # two equal two-step routes 0404 -> {0403 or 0503} -> 0502? choose lower index predecessor
    r = reachable(g, "0404", 2, _one)
    preds = [h for h in g.neighbours("0404") if g.distance(h, "0502") == 1]
    assert r["0502"] == (2.0, ("0404", min(preds, key=g.index), "0502"))


def test_bench_reach_returns_times() -> None:
    times = bench_reach(runs=5)
    assert len(times) == 5 and all(t > 0 for t in times)
    g = bench_grid()
    r = reachable(g, "2020", 6, make_cost_fn(g))
    assert 50 < len(r) < 127


def _edge_cost(table: dict[tuple[str, str], float]) -> CostFn:
    return lambda frm, to: table.get((frm, to))


def test_equal_cost_prefers_fewer_steps_even_when_found_later() -> None:
    g = _open_grid()
    s = "0404"
    v = next(h for h in g.ids() if g.distance(s, h) == 2
             and len(set(g.neighbours(s)) & set(g.neighbours(h))) == 1)
    (z,) = set(g.neighbours(s)) & set(g.neighbours(v))
    # a three-step detour s -> x -> y -> v avoiding z
    x, y = next((x, y) for x in g.neighbours(s) if x != z for y in g.neighbours(x)
                if y not in (s, z) and v in g.neighbours(y))
    cost = _edge_cost({(s, x): 0.5, (x, y): 0.5, (y, v): 1.0, (s, z): 1.5, (z, v): 0.5})
    r = reachable(g, s, 2, cost)
    assert r[v] == (2.0, (s, z, v))  # detour settles first (cheaper prefix) but has 3 steps


def test_equal_cost_same_steps_prefers_lower_index_predecessor_found_later() -> None:
    g = _open_grid()
    s = "0404"
    v = next(h for h in g.ids() if g.distance(s, h) == 2
             and len(set(g.neighbours(s)) & set(g.neighbours(h))) == 2)
    lo, hi = sorted(set(g.neighbours(s)) & set(g.neighbours(v)), key=g.index)
    cost = _edge_cost({(s, hi): 1.0, (hi, v): 1.0, (s, lo): 1.5, (lo, v): 0.5})
    assert reachable(g, s, 2, cost)[v] == (2.0, (s, lo, v))
