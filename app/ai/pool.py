"""Play many independent games, in this process or in a pool, results in task order.

Self-play, the Korea and Semper Fi! measurements and the Balance lab all play one game per seed
and report as each finishes; the games do not depend on how many processes play them, so this is
the one place that decides how they are spread out (spawned processes: the same on every
platform, and no Qt state copied into a fork).
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterable
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")


def ordered_map(fn: Callable[[T], R], tasks: Iterable[T], jobs: int = 1,
                each: Callable[[R], None] | None = None,
                progress: Callable[[int, int], None] | None = None,
                cancelled: Callable[[], bool] | None = None, chunksize: int = 1) -> list[R]:
    """``fn`` over ``tasks`` in ``jobs`` processes (``fn`` at module level, so a spawned process
    can import it); results in task order. ``each`` hears of every result as it comes, in that
    order (a long run keeps what it played), ``progress`` of how many are done of how many;
    ``cancelled`` is asked before each game in one process and after each result in a pool, and
    stops the run with the results so far."""
    todo = list(tasks)
    out: list[R] = []

    def done(r: R) -> None:
        out.append(r)
        if each:
            each(r)
        if progress:
            progress(len(out), len(todo))
    if jobs <= 1 or len(todo) <= 1:
        for t in todo:
            if cancelled and cancelled():
                break
            done(fn(t))
        return out
    with multiprocessing.get_context("spawn").Pool(processes=jobs) as pool:
        for r in pool.imap(fn, todo, chunksize=chunksize):
            done(r)
            if cancelled and cancelled():
                pool.terminate()
                break
    return out
