"""Self-play on a Dask cluster returns exactly what the local runner returns for the same seed."""

from __future__ import annotations

import tomli_w
import pytest

distributed = pytest.importorskip("distributed")

from app.ai.cluster import run_on_cluster  # noqa: E402
from app.ai.selfplay import run_many  # noqa: E402

from tests.korea38.fixtures.mini import campaign  # noqa: E402


@pytest.fixture
def mini_scenario(tmp_path):
    """The miniature Korea as a scenario file (its data set is registered in this process, so
    the cluster runs in-process: processes=False)."""
    sc = campaign(options={"armistice": False})
    path = tmp_path / "mini.toml"
    path.write_bytes(tomli_w.dumps(sc).encode())
    return path


@pytest.mark.parametrize("players", [["random", "random"], ["ai", "greedy"]])
def test_cluster_matches_local_run(mini_scenario, players):
    local = run_many(mini_scenario, 3, 40, players, jobs=1)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        remote = run_on_cluster(cluster.scheduler_address, mini_scenario, 3, 40, players)
    assert [r["state_hash"] for r in remote] == [r["state_hash"] for r in local]
    assert remote == local
    assert [r["seed"] for r in remote] == [40, 41, 42]
