"""The README's Dask-on-SLURM recipe runs as written: no scheduler kept alive on the login
node, the address dask-jobqueue picks passed to --cluster, and SLURMCluster accepts its
arguments and writes the worker jobs the README promises (account, partition, set-up).

The recipe is run with a recording stand-in for SLURMCluster and subprocess (nothing
is submitted); then the real SLURMCluster is made with the recorded arguments (the
interface "ib0" swapped for this machine's loopback) and its worker job script read.
"""

from __future__ import annotations

import re
import sys
import types
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


def recipe() -> str:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), flags=re.S)
    found = [block for block in blocks if "SLURMCluster(" in block]
    assert len(found) == 1, "one Dask-on-SLURM recipe in the README"
    return found[0]


class Recorder:
    """SLURMCluster's stand-in: records its arguments and what the recipe does with it."""

    made: list = []

    def __init__(self, **kwargs):
        self.kwargs, self.adapted = kwargs, None
        self.scheduler_address = "tcp://10.9.8.7:40123"  # a port the cluster picked
        Recorder.made.append(self)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.closed = True

    def adapt(self, **kwargs):
        self.adapted = kwargs

    def scale(self, *args, **kwargs):
        raise AssertionError("the recipe adapts; it does not scale by hand")


def test_the_recipe_runs_batch_against_the_address_the_cluster_picked(monkeypatch):
    text = recipe()
    assert "input(" not in text, "no process waits on the login node"
    runs = []
    fake_jobqueue = types.ModuleType("dask_jobqueue")
    fake_jobqueue.SLURMCluster = Recorder
    fake_subprocess = types.ModuleType("subprocess")
    fake_subprocess.run = lambda args, **kwargs: runs.append((args, kwargs))
    monkeypatch.setitem(sys.modules, "dask_jobqueue", fake_jobqueue)
    monkeypatch.setitem(sys.modules, "subprocess", fake_subprocess)
    Recorder.made.clear()
    exec(compile(text, "README recipe", "exec"), {"__name__": "recipe"})
    (cluster,) = Recorder.made
    assert cluster.adapted and cluster.adapted.get("maximum_jobs", 0) > 0
    (args, kwargs), = runs
    assert args[args.index("--cluster") + 1] == cluster.scheduler_address
    assert args[1].endswith("render.py") and args[2] == "batch" and kwargs.get("check")
    assert getattr(cluster, "closed", False), "the cluster (its worker jobs) ends with batch"
    for key in ("queue", "account", "interface", "python", "walltime", "memory"):
        assert cluster.kwargs.get(key), key
    assert cluster.kwargs["scheduler_options"]["interface"] == cluster.kwargs["interface"]


def test_slurm_cluster_takes_the_recipes_arguments_and_writes_its_worker_jobs(monkeypatch,
                                                                            tmp_path):
    monkeypatch.chdir(tmp_path)  # the cluster makes its log_directory
    jobqueue = pytest.importorskip("dask_jobqueue")
    fake_subprocess = types.ModuleType("subprocess")
    fake_subprocess.run = lambda *a, **k: None
    fake_jobqueue = types.ModuleType("dask_jobqueue")
    fake_jobqueue.SLURMCluster = Recorder
    Recorder.made.clear()
    with monkeypatch.context() as patch:
        patch.setitem(sys.modules, "dask_jobqueue", fake_jobqueue)
        patch.setitem(sys.modules, "subprocess", fake_subprocess)
        exec(compile(recipe(), "README recipe", "exec"), {"__name__": "recipe"})
    kwargs = dict(Recorder.made[0].kwargs, interface="lo",
                  scheduler_options={"interface": "lo"})
    with jobqueue.SLURMCluster(**kwargs) as cluster:
        script = cluster.job_script()
    assert re.search(r"#SBATCH -p short\b", script)
    assert re.search(r"#SBATCH -A cs101\b", script)
    assert "module load ffmpeg" in script
    assert kwargs["python"] in script and "--interface lo" in script
