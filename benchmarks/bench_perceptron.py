"""How fast the perceptron recorder runs, beside a plain loop and scikit-learn.

Run ``python benchmarks/bench_perceptron.py`` (well under a minute; needs the
``bench`` extra for scikit-learn: ``pip install -e '.[bench]'``). It prints
figures and ratios and asserts nothing about time.

Two data sets of n = 100,000 points in 2-D, made with seeded numpy:

(a) ``separable``: linviz's generator with a margin γ = 0.05; the perceptron
    makes a few dozen mistakes and converges within a few epochs.
(b) ``dense-band``: points spread over a band around a line, labelled by their
    side after Gaussian noise is added to their distance from it. Not
    separable; the perceptron makes about one mistake in twenty visits, and
    runs a fixed τ = 10 epochs.

For each, three ways of running the same rule (update when y(θᵀx + θ₀) ≤ 0,
points in index order):

- the linviz recorder, ``Perceptron(epochs=τ).fit(data)``, full trace included;
- a plain Python loop that records nothing, timed on the first epoch's visits
  (the textbook loop over numpy rows, and the same over Python floats);
- ``sklearn.linear_model.Perceptron(fit_intercept=True, shuffle=False,
  eta0=1.0, alpha=0.0, penalty=None, max_iter=τ, tol=None)``. With tol=None it
  cannot stop at a clean epoch, so on (a) it gets max_iter = the epochs linviz
  ran (the same visits); a second row gives it the full τ for reference.

Speed is visits per second, visits = n × epochs run, the median of several
runs of each in this one process, so the ratios compare like with like. Each
run's result is freed after the next run, outside the timer, so memory is
recycled as in a long-running process. A first fit in a fresh process also
pays the kernel for every new page (the trace's columns and the Trace's copy
of them: about 80 bytes a visit for linviz); a child process times that
"cold" fit of linviz and of scikit-learn, after warming their code up on a
small data set.

Memory is linviz's during ``fit``: the tracemalloc peak of an untimed fit, and
the rise of the peak RSS (VmHWM) over the RSS before the fit in that child.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import resource
import statistics
import subprocess
import sys
import time
import tracemalloc
import warnings
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's linviz

from linviz.dataset import Dataset  # noqa: E402
from linviz.generators import separable  # noqa: E402
from linviz.perceptron import Perceptron  # noqa: E402

N_POINTS = 100_000
SEED = 0
TAU_SEPARABLE = 100   # (a) stops long before: it converges
TAU_DENSE = 10        # (b) never converges: always τ epochs
REPEATS = 7
PLAIN_LOOP_VISITS = N_POINTS  # the plain loops are timed on the first epoch
TARGET_DENSE_VISITS_PER_S = 2e6
TARGET_PEAK_MB = 200.0


# -- data ---------------------------------------------------------------------

def separable_data(n: int = N_POINTS, seed: int = SEED) -> Dataset:
    """(a) n points in the disk of radius 2, separable with margin ≥ 0.05."""
    return separable(n=n, margin=0.05, seed=seed)


def dense_band(n: int = N_POINTS, half_width: float = 0.5, noise: float = 0.045,
               angle_degrees: float = 30.0, seed: int = SEED) -> Dataset:
    """(b) n points uniform in a band |uᵀx − 0.2| ≤ ``half_width`` around a line.

    u = (cos a, sin a); the band is 2 long. A point at signed distance r from
    the line is labelled sign(r + ε), ε ~ N(0, ``noise``²): labels near the line
    are a coin toss, so the data is not separable and the perceptron keeps
    making about one mistake in twenty visits.
    """
    rng = np.random.default_rng(seed)
    along = rng.uniform(-1.0, 1.0, n)
    across = rng.uniform(-half_width, half_width, n)
    angle = np.deg2rad(angle_degrees)
    normal = np.array([np.cos(angle), np.sin(angle)])
    direction = np.array([-normal[1], normal[0]])
    X = (across + 0.2)[:, None] * normal + along[:, None] * direction
    y = np.where(across + rng.normal(0.0, noise, n) > 0, 1.0, -1.0)
    return Dataset("dense-band", X, y)


CASES = {"a": ("(a) separable", separable_data, TAU_SEPARABLE),
         "b": ("(b) dense band", dense_band, TAU_DENSE)}


# -- the plain loops ------------------------------------------------------------

def plain_loop_numpy_rows(X: np.ndarray, y: np.ndarray, tau: int, max_visits: int):
    """The textbook loop: one numpy row and one dot product per visit."""
    n, d = X.shape
    theta, theta0 = np.zeros(d), 0.0
    visits = 0
    for _ in range(tau):
        changed = False
        for i in range(n):
            if y[i] * (theta @ X[i] + theta0) <= 0:
                theta = theta + y[i] * X[i]
                theta0 = theta0 + y[i]
                changed = True
            visits += 1
            if visits == max_visits:
                return theta, theta0
        if not changed:
            break
    return theta, theta0


def plain_loop_floats(columns: list[list[float]], labels: list[float], tau: int,
                      max_visits: int):
    """The same loop over Python floats (2-D), with linviz's order of operations."""
    t1 = t2 = theta0 = 0.0
    visits = 0
    for _ in range(tau):
        changed = False
        for x1, x2, label in zip(columns[0], columns[1], labels):
            if label * ((x1 * t1 + x2 * t2) + theta0) <= 0:
                t1 = t1 + label * x1
                t2 = t2 + label * x2
                theta0 = theta0 + label
                changed = True
            visits += 1
            if visits == max_visits:
                return [t1, t2], theta0
        if not changed:
            break
    return [t1, t2], theta0


def sklearn_perceptron(max_iter: int):
    from sklearn.linear_model import Perceptron as SklearnPerceptron

    return SklearnPerceptron(fit_intercept=True, shuffle=False, eta0=1.0, alpha=0.0,
                             penalty=None, max_iter=max_iter, tol=None)


# -- measuring ----------------------------------------------------------------

def timed(run, repeats: int) -> tuple[float, float, object]:
    """Median wall and CPU seconds of ``run()`` over ``repeats`` runs, after a warm-up.

    Each result is freed after the next run, so freeing is never timed and
    the memory it held is recycled as in a long-running process.
    """
    result = run()
    walls, cpus = [], []
    for _ in range(repeats):
        gc.collect()
        wall, cpu = time.perf_counter(), time.process_time()
        latest = run()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        result = latest
        del latest
    return statistics.median(walls), statistics.median(cpus), result


def tracemalloc_peak_mb(run) -> float:
    gc.collect()
    tracemalloc.start()
    try:
        result = run()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    del result
    return peak / 2**20


def _proc_status_mb(field: str) -> float | None:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024  # kB
    except OSError:
        pass
    return None


def _reset_peak_rss() -> bool:
    """Restart the peak-RSS count (VmHWM) from the current RSS (Linux ≥ 4.0)."""
    try:
        Path("/proc/self/clear_refs").write_text("5")
        return True
    except OSError:
        return False


def cold_child(case: str, learner: str, epochs: str) -> None:
    """In a fresh process: time one fit of the full data, print JSON figures.

    linviz runs with τ as in the benchmark, scikit-learn with max_iter =
    ``epochs``. The code is warmed up on the first 1,000 points first, so the
    figure is the cost of the data's size (new memory included), not imports.
    """
    _, make, tau = CASES[case]
    data = make()
    small = Dataset("warm-up", data.X[:1000], data.y[:1000])
    if learner == "linviz":
        Perceptron(epochs=tau).fit(small)
        fit = lambda: Perceptron(epochs=tau).fit(data)  # noqa: E731
    else:
        warnings.simplefilter("ignore")
        sklearn_perceptron(int(epochs)).fit(small.X, small.y)
        fit = lambda: sklearn_perceptron(int(epochs)).fit(data.X, data.y)  # noqa: E731
    gc.collect()
    rss_before = _proc_status_mb("VmRSS")
    reset = _reset_peak_rss()
    wall = time.perf_counter()
    fit()
    wall = time.perf_counter() - wall
    peak = _proc_status_mb("VmHWM") if reset else None
    if peak is None:  # ru_maxrss also counts the parent's pages at fork
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"seconds": wall, "rss_before": rss_before, "peak": peak}))


def run_cold_child(case: str, learner: str, epochs: int) -> dict | None:
    done = subprocess.run([sys.executable, __file__, "--cold-child", case, learner, str(epochs)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        return None
    return json.loads(done.stdout.splitlines()[-1])


# -- one data set ---------------------------------------------------------------

def bench_case(case: str, repeats: int, have_sklearn: bool) -> dict:
    label, make, tau = CASES[case]
    data = make()
    n = data.n_samples
    X, y = data.X, data.y

    wall, cpu, learner = timed(lambda: Perceptron(epochs=tau).fit(data), repeats)
    epochs = learner.n_epochs_
    rows = [("linviz recorder (full trace)", epochs, n * epochs, wall, cpu)]
    trace = learner.trace_
    mistake_rate = learner.n_updates_ / (n * epochs)

    prefix = min(PLAIN_LOOP_VISITS, n * epochs)
    wall, cpu, _ = timed(lambda: plain_loop_numpy_rows(X, y, tau, prefix), repeats)
    rows.append(("plain loop, numpy rows", prefix / n, prefix, wall, cpu))
    columns, labels = [X[:, 0].tolist(), X[:, 1].tolist()], y.tolist()
    wall, cpu, (theta, theta0) = timed(
        lambda: plain_loop_floats(columns, labels, tau, prefix), repeats)
    rows.append(("plain loop, Python floats", prefix / n, prefix, wall, cpu))
    # The float loop does linviz's arithmetic, so it must reach the same state.
    linviz_theta, linviz_theta0 = trace.theta_after(prefix)
    plain_agrees = (np.array_equal(theta, linviz_theta) and theta0 == linviz_theta0)

    sklearn_agrees = None
    if have_sklearn:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "max_iter reached before convergence"
            wall, cpu, model = timed(lambda: sklearn_perceptron(epochs).fit(X, y), repeats)
            rows.append((f"scikit-learn, max_iter={epochs}", epochs, n * epochs, wall, cpu))
            sklearn_agrees = (np.array_equal(model.coef_[0], learner.theta_)
                              and model.intercept_[0] == learner.theta0_)
            if epochs != tau:
                wall, cpu, _ = timed(lambda: sklearn_perceptron(tau).fit(X, y), repeats)
                rows.append((f"scikit-learn, max_iter=τ={tau}", tau, n * tau, wall, cpu))

    peak_traced = tracemalloc_peak_mb(lambda: Perceptron(epochs=tau).fit(data))
    cold = {"linviz": run_cold_child(case, "linviz", epochs)}
    if have_sklearn:
        cold["scikit-learn"] = run_cold_child(case, "sklearn", epochs)
    return {"label": label, "n": n, "tau": tau, "epochs": epochs, "rows": rows,
            "updates": learner.n_updates_, "mistake_rate": mistake_rate,
            "plain_agrees": plain_agrees, "sklearn_agrees": sklearn_agrees,
            "peak_traced": peak_traced, "cold": cold}


# -- report ---------------------------------------------------------------------

def print_case(result: dict) -> None:
    rate = result["mistake_rate"]
    print(f"\n{result['label']}: n = {result['n']:,}, τ = {result['tau']}, "
          f"{result['epochs']} epochs run, {result['updates']:,} updates, "
          f"mistake rate {rate:.4f} (1 in {1 / rate:.1f} visits)")
    print(f"  {'method':<32}{'epochs':>7}{'visits':>11}{'median ms':>11}"
          f"{'M visits/s':>12}{'(CPU time)':>12}")
    for name, epochs, visits, wall, cpu in result["rows"]:
        print(f"  {name:<32}{epochs:>7.3g}{visits:>11,}{wall * 1e3:>11.1f}"
              f"{visits / wall / 1e6:>12.2f}{visits / cpu / 1e6:>12.2f}")
    linviz = result["rows"][0]
    for row in result["rows"][1:]:
        print(f"  linviz / {row[0]:<30} {_speed(linviz) / _speed(row):8.2f}× visits/s"
              f"  ({_speed(linviz, cpu=True) / _speed(row, cpu=True):.2f}× in CPU time)")
    print(f"  plain float loop reaches linviz's state after {PLAIN_LOOP_VISITS:,} visits: "
          f"{'yes' if result['plain_agrees'] else 'NO'}")
    if result["sklearn_agrees"] is not None:
        print("  scikit-learn ends with linviz's (θ, θ₀): "
              f"{'yes' if result['sklearn_agrees'] else 'no'}")
    cold = {name: figures for name, figures in result["cold"].items() if figures}
    if cold:
        print("  cold: one fit in a fresh process, new memory pages included: " + ", ".join(
            f"{name} {figures['seconds'] * 1e3:.1f} ms" for name, figures in cold.items()))
    linviz_cold = cold.get("linviz")
    rss_text = (f"peak RSS {linviz_cold['peak']:.0f} MB, +{_fit_rss_mb(linviz_cold):.0f} MB "
                "over the RSS before the fit" if linviz_cold else "peak RSS unavailable")
    print(f"  linviz memory: tracemalloc peak {result['peak_traced']:.1f} MB; {rss_text}")


def _fit_rss_mb(figures: dict) -> float:
    return figures["peak"] - (figures["rss_before"] or 0.0)


def _speed(row, cpu: bool = False) -> float:
    _, _, visits, wall, cpu_seconds = row
    return visits / (cpu_seconds if cpu else wall)


def print_targets(results: dict) -> None:
    print("\ntargets")
    a, b = results["a"], results["b"]
    sklearn_rows = [r for r in a["rows"] if r[0].startswith("scikit-learn")]
    if sklearn_rows:
        ratio = _speed(a["rows"][0]) / _speed(sklearn_rows[0])
        cpu_ratio = _speed(a["rows"][0], cpu=True) / _speed(sklearn_rows[0], cpu=True)
        print(f"  (a) linviz full trace faster than scikit-learn (same visits): "
              f"{ratio:.2f}× ({cpu_ratio:.2f}× in CPU time)  {'met' if ratio > 1 else 'MISSED'}")
    else:
        print("  (a) scikit-learn not installed: pip install -e '.[bench]'")
    speed = _speed(b["rows"][0])
    print(f"  (b) at least {TARGET_DENSE_VISITS_PER_S / 1e6:.0f} M visits/s: "
          f"{speed / 1e6:.2f} M ({_speed(b['rows'][0], cpu=True) / 1e6:.2f} M in CPU time)  "
          f"{'met' if speed >= TARGET_DENSE_VISITS_PER_S else 'MISSED'}")
    peaks = [r["peak_traced"] for r in results.values()]
    peaks += [_fit_rss_mb(r["cold"]["linviz"]) for r in results.values() if r["cold"]["linviz"]]
    print(f"  peak memory of fit under {TARGET_PEAK_MB:.0f} MB: largest {max(peaks):.0f} MB  "
          f"{'met' if max(peaks) < TARGET_PEAK_MB else 'MISSED'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=REPEATS,
                        help=f"timed runs of each, median reported (default {REPEATS})")
    parser.add_argument("--cold-child", nargs=3, metavar=("CASE", "LEARNER", "EPOCHS"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.cold_child:
        cold_child(*args.cold_child)
        return
    try:
        import sklearn
        have_sklearn = True
    except ImportError:
        have_sklearn = False
    started = time.perf_counter()
    print("perceptron benchmark: linviz recorder vs plain loop vs scikit-learn")
    print(f"python {sys.version.split()[0]}, numpy {np.__version__}, scikit-learn "
          f"{sklearn.__version__ if have_sklearn else 'not installed'}; "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}")
    print(f"wall-clock medians of {args.repeats} runs (CPU-time figures beside them); "
          "other work on a shared machine slows the wall-clock ones")
    results = {case: bench_case(case, args.repeats, have_sklearn) for case in CASES}
    for result in results.values():
        print_case(result)
    print_targets(results)
    print(f"\nload average at the end {os.getloadavg()[0]:.2f}; "
          f"benchmark took {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
