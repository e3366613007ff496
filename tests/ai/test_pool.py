"""``app.ai.pool.ordered_map``: results in task order however many processes play them, progress
counted, and a cancelled run keeping what it finished."""

from __future__ import annotations

from app.ai.pool import ordered_map


def _square(x: int) -> int:
    return x * x


def test_results_in_task_order_in_one_process_and_in_two() -> None:
    seen: list[tuple[int, int]] = []
    one = ordered_map(_square, range(6), jobs=1)
    two = ordered_map(_square, range(6), jobs=2, progress=lambda d, n: seen.append((d, n)))
    assert one == two == [0, 1, 4, 9, 16, 25]
    assert seen == [(i, 6) for i in range(1, 7)]


def test_a_cancelled_run_keeps_the_results_so_far() -> None:
    got: list[int] = []
    out = ordered_map(_square, range(10), jobs=1, each=got.append, cancelled=lambda: len(got) >= 3)
    assert out == got == [0, 1, 4]
