"""Self-play on a Dask distributed cluster, for designers who outgrow one machine.

The games are the same tasks as a local run (scenario path, seed, player names), so a cluster
run returns exactly the results of ``ridgeline selfplay`` with the same seed; only where they
are computed changes. Workers must see the same scenario path (a shared checkout or install).
Needs the optional ``cluster`` extra (``pip install -e '.[cluster]'``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from app.ai.selfplay import _worker, task


class ClusterUnavailable(Exception):
    pass


def run_on_cluster(address: str, scenario: str | Path, games: int, seed: int, players: list[str],
                   progress: Callable[[int, int], None] | None = None,
                   timeout: float = 30.0, dice: list[int] | None = None) -> list[dict[str, Any]]:
    """Submit one task per game to the scheduler at ``address``; results in seed order."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise ClusterUnavailable("--scheduler needs the 'cluster' extra: pip install -e '.[cluster]'") from None
    path = str(Path(scenario).resolve())
    tasks = [task(path, seed + i, players, dice) for i in range(games)]
    with Client(address, timeout=timeout) as client:
        futures = client.map(_worker, tasks, pure=False)
        done = 0
        if progress:
            for _ in as_completed(futures):
                done += 1
                progress(done, games)
        results = client.gather(futures)
    return list(results)
