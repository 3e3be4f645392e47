"""``--cluster``: the executor of a Dask client, and the wrapper tasks run in on a worker.

Dask (``pip install 'linviz[cluster]'``) is imported only here, and only when
``--cluster`` is given. ``local:N`` starts a LocalCluster of N worker
processes (one thread each: a task is one Manim process) that lives as long
as the command; an address connects to a running scheduler, whose workers
must have linviz installed and see the ``--out`` folder at the same path.

A worker that dies (killed, out of memory, its node lost) takes its Manim
process with it (the child's parent-death signal) and leaves only a private
temporary folder; the scheduler gives its task to another worker (Dask's
``distributed.scheduler.allowed-failures`` retries, 3 by default), and the
command removes the temporary folders when it ends.
"""

from __future__ import annotations

import contextlib
import logging
import time
from typing import Callable

from linviz.errors import LinvizError

from .fanout import ClusterSpec, Done

#: seconds to wait for a scheduler that does not answer
CONNECT_SECONDS = 4


def on_worker(function: Callable, *args) -> Done:
    """Run a task on a Dask worker; the result says which worker it was."""
    from distributed import get_worker

    started = time.monotonic()
    result = function(*args)
    return Done(result, get_worker().address, time.monotonic() - started)


def _import_distributed():
    try:
        import dask
        import distributed
    except ImportError as error:
        raise LinvizError(f"--cluster needs Dask ({error}): install it with "
                          f"pip install 'linviz[cluster]'") from None
    dask.config.set({"distributed.comm.timeouts.connect": f"{CONNECT_SECONDS}s",
                     "distributed.scheduler.allowed-failures": 3})
    for name in ("distributed", "tornado"):  # a lost worker is reported by our own lines
        logging.getLogger(name).setLevel(logging.CRITICAL)
    return distributed


@contextlib.contextmanager
def cluster_executor(spec: ClusterSpec, say: Callable[[str], None]):
    """A ``concurrent.futures`` executor whose tasks run on the cluster ``spec``.

    Yields (executor, runner): submit ``runner(function, *args)`` to get a
    :class:`~linviz_render.fanout.Done` back. The client (and a local cluster)
    is closed on the way out, whatever happened.
    """
    distributed = _import_distributed()
    cluster = None
    if spec.local:
        cluster = distributed.LocalCluster(
            n_workers=spec.workers, threads_per_worker=1, processes=True,
            dashboard_address=None, silence_logs=logging.CRITICAL, memory_limit=0)
        client = distributed.Client(cluster)
        say(f"local Dask cluster: {spec.workers} worker process(es)")
    else:
        try:
            client = distributed.Client(spec.address, timeout=CONNECT_SECONDS)
        except (OSError, TimeoutError) as error:
            reason = " ".join(str(error).split()) or type(error).__name__
            raise LinvizError(f"--cluster {spec.text}: no Dask scheduler answers at "
                              f"{spec.address} ({reason}); start one with 'dask scheduler' "
                              f"or use --cluster local:N") from None
        workers = len(client.scheduler_info().get("workers", {}))
        say(f"Dask scheduler {spec.address}: {workers} worker(s)"
            + ("; the tasks wait until workers join" if not workers else ""))
    try:
        yield client.get_executor(pure=False), on_worker
    finally:
        with contextlib.suppress(Exception):
            client.close(timeout=10)
        if cluster is not None:
            with contextlib.suppress(Exception):
                cluster.close(timeout=10)
