"""Movement reachability on a :class:`~app.engine.hexgrid.HexGrid`.

Kept separate from the geometry so rules code can swap in its own cost model:
everything game-specific comes in through ``cost_fn(frm, to)``.  The search is
Dijkstra over the grid's precomputed integer neighbour table with a ``heapq``
priority queue; no objects are created per neighbour visit beyond heap tuples.

Rules implemented (shared by :func:`reachable` and :func:`reach_costs`):

* ``cost_fn(frm, to)`` returns the MP cost of stepping ``frm -> to`` or None if
  the step is impossible.  Costs must be >= 0; fractional costs are fine (use
  binary fractions such as 0.5 / 0.25 if you need exact ties).
* A hex is reachable if some path's summed cost is <= ``allowance`` (with a
  1e-9 tolerance for float sums).
* ``blocked`` hexes can never be entered.
* ``stop_in`` hexes (e.g. enemy zones of control) can be entered but movement
  ends there; the start hex is exempt, so a unit beginning in one may leave.
* ``always_one_hex``: the unit may instead spend its whole move stepping into
  any adjacent enterable hex whatever the cost.  Such hexes are reported with
  their true (over-allowance) cost and are never expanded further.  Only pass
  True when the unit is starting a fresh move.
* The start hex is always in the result with cost 0 (even if it is blocked).

Path tie-break (deterministic): least cost, then fewest steps, then the
smallest reading-order index (``grid.index``) of the hex before last, applied
recursively -- i.e. the smallest path reversed, compared by hex index.
"""

from __future__ import annotations

from heapq import heappop, heappush
from typing import TYPE_CHECKING, Callable, Collection, Iterator

if TYPE_CHECKING:
    from app.engine.hexgrid import HexGrid

__all__ = ["CostFn", "reachable", "reach_costs"]

CostFn = Callable[[str, str], "float | None"]

_EPS = 1e-9
_NO_HEXES: frozenset[str] = frozenset()


def reachable(grid: HexGrid, start: str, allowance: float, cost_fn: CostFn, *,
              stop_in: Collection[str] = _NO_HEXES, blocked: Collection[str] = _NO_HEXES,
              always_one_hex: bool = False) -> dict[str, tuple[float, tuple[str, ...]]]:
    """Every hex the unit can end in -> (cost, cheapest path start..hex as a tuple).

    Result order is the order hexes were settled (cost, steps, index), so it is
    deterministic.  See the module docstring for the movement rules.
    """
    ids = grid.id_list
    nbrs = grid.neighbour_table
    s = grid.index(start)
    limit = allowance + _EPS
    dist: dict[int, float] = {s: 0.0}
    steps: dict[int, int] = {s: 0}
    pred: dict[int, int] = {s: -1}
    done: set[int] = set()
    order: list[int] = []
    heap: list[tuple[float, int, int]] = [(0.0, 0, s)]
    while heap:
        d, k, u = heappop(heap)
        if u in done:
            continue
        done.add(u)
        order.append(u)
        uid = ids[u]
        if u != s and uid in stop_in:
            continue
        k1 = k + 1
        for v, nd in _steps(ids, nbrs[u], uid, d, limit, cost_fn, blocked, done):
            old = dist.get(v)
            if old is None or nd < old:
                dist[v] = nd
                steps[v] = k1
                pred[v] = u
                heappush(heap, (nd, k1, v))
            elif nd == old:
                ok = steps[v]
                if k1 < ok:
                    steps[v] = k1
                    pred[v] = u
                    heappush(heap, (nd, k1, v))
                elif k1 == ok and u < pred[v]:
                    pred[v] = u  # same heap key; no re-push needed
    paths: dict[int, tuple[str, ...]] = {s: (start,)}
    result: dict[str, tuple[float, tuple[str, ...]]] = {start: (0.0, (start,))}
    for v in order[1:]:
        p = paths[pred[v]] + (ids[v],)
        paths[v] = p
        result[ids[v]] = (dist[v], p)
    if always_one_hex:
        for vid, c in _one_hex_moves(grid, start, cost_fn, blocked, result):
            result[vid] = (c, (start, vid))
    return result


def _steps(ids: list[str], neighbours: Collection[int], uid: str, d: float, limit: float,
           cost_fn: CostFn, blocked: Collection[str], done: Collection[int]) -> Iterator[tuple[int, float]]:
    """The one-step moves out of a settled hex ``uid`` (cost ``d`` so far) that both searches
    relax: (neighbour index, cost on arrival) for each neighbour not settled, not blocked, that
    ``cost_fn`` lets the unit enter within the allowance ``limit``."""
    for v in neighbours:
        if v in done:
            continue
        vid = ids[v]
        if vid in blocked:
            continue
        c = cost_fn(uid, vid)
        if c is not None and d + c <= limit:
            yield v, d + c


def _one_hex_moves(grid: HexGrid, start: str, cost_fn: CostFn, blocked: Collection[str],
                   reached: Collection[str]) -> list[tuple[str, float]]:
    """The hexes next to ``start`` not yet reached that a unit may still enter with its whole
    allowance (a rule's "always one hex"), with what each costs."""
    out = []
    for vid in grid.neighbours(start):
        if vid not in reached and vid not in blocked:
            c = cost_fn(start, vid)
            if c is not None:
                out.append((vid, c))
    return out


def reach_costs(grid: HexGrid, start: str, allowance: float, cost_fn: CostFn, *,
                stop_in: Collection[str] = _NO_HEXES, blocked: Collection[str] = _NO_HEXES,
                always_one_hex: bool = False) -> dict[str, float]:
    """Like :func:`reachable` but only the cheapest cost per hex (no path bookkeeping)."""
    ids = grid.id_list
    nbrs = grid.neighbour_table
    s = grid.index(start)
    limit = allowance + _EPS
    dist: dict[int, float] = {s: 0.0}
    result: dict[str, float] = {}
    done: set[int] = set()
    heap: list[tuple[float, int]] = [(0.0, s)]
    while heap:
        d, u = heappop(heap)
        if u in done:
            continue
        done.add(u)
        uid = ids[u]
        result[uid] = d
        if u != s and uid in stop_in:
            continue
        for v, nd in _steps(ids, nbrs[u], uid, d, limit, cost_fn, blocked, done):
            old = dist.get(v)
            if old is None or nd < old:
                dist[v] = nd
                heappush(heap, (nd, v))
    if always_one_hex:
        result.update(_one_hex_moves(grid, start, cost_fn, blocked, result))
    return result
