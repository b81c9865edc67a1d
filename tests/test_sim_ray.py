"""The Ray backend on a real local Ray instance (two CPUs, no dashboard): same results."""

from __future__ import annotations

import ray

from phase10.api import find_variant
from phase10.sim import SimConfig, simulate

# Ray comes with the sim extra, which `make test` installs: a missing Ray must fail, not skip.


def test_ray_backend_gives_the_same_results_as_this_process() -> None:
    config = SimConfig(
        rules=find_variant("standard+n_phases=1"), bots=("greedy", "random"), games=6, seed=2
    )
    here = simulate(config).to_dict()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        there = simulate(config, workers=2, backend="ray").to_dict()
    finally:
        ray.shutdown()
    assert there == here
