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


def test_a_local_ray_run_requires_a_token() -> None:
    """Issue 17 point 13: a local Ray instance started by simulate listens on the network,
    so it runs with token authentication (RAY_AUTH_MODE=token); a fresh process, because Ray
    reads the mode when it is imported."""
    import os
    import subprocess
    import sys

    code = (
        "import os\n"
        "from phase10.api import find_variant\n"
        "from phase10.sim import SimConfig, simulate\n"
        "config = SimConfig(rules=find_variant('standard+n_phases=1'), bots=('greedy', 'random'),"
        " games=2, seed=2)\n"
        "print(simulate(config, workers=1, backend='ray').games, os.environ['RAY_AUTH_MODE'])\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "RAY_AUTH_MODE"}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[-2:] == ["2", "token"]
