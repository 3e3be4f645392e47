"""How a trace is played: which steps are shown, in what order, for how long.

A scene's animated state is the step index k (after k recorded steps). A
*beat* moves it from ``start`` to ``end``; the plan of beats covers every step
of the trace in order, so the last frame always shows the final state. Early
updates are slow and explained, later ones faster, runs of correct visits are
swept over quickly, and a long run is fast-forwarded through its middle, so
the length of a scene stays bounded whatever the size of the data.

The plan is the engine's (a lesson writes its storyboard from it); the seconds below
are the scenes' timings of a trace's play, defined here once (``scenes.toolkit.style``
names them too).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: seconds of each animation of an explained update
RUN_SLOW_UPDATE = 1.2
#: seconds of an update played without explanation
RUN_FAST_UPDATE = 0.5
#: seconds of a correct visit, when shown at all
RUN_VISIT = 0.12
#: seconds of a fast-forward over many steps
RUN_FAST_FORWARD = 2.0
#: at most this many seconds for a pass played under one sentence in a run told briefly
#: (linviz.lessons.heard): its steps swept through at once, as a fast-forward is
RUN_BRIEF_PASS = 4.0
#: a stretch of a pass played under one short sentence longer than this (a long pass of
#: real data: 130 visits, 16 updates, 24 s) is swept through in RUN_BRIEF_PASS instead
MAX_PLAYED_UNDER_A_SENTENCE = 8.0
#: seconds of the noise scene's fast-forward over many passes (the boundary jittering)
RUN_NOISE_FAST_FORWARD = 9.0
#: the first updates are explained step by step
SLOW_UPDATES = 3
#: beyond this many updates, a long run is fast-forwarded
MAX_SHOWN_UPDATES = 24
#: correct visits shown one by one, at most
MAX_SHOWN_VISITS = 60

VISIT, UPDATE, SWEEP, FAST_FORWARD = "visit", "update", "sweep", "fast-forward"


@dataclass(frozen=True)
class Beat:
    """Move the step index from ``start`` to ``end`` (steps start+1..end are played).

    ``kind``: "visit" (correct visits shown one after another), "update" (one mistake and its
    update; ``slow`` ones are explained), "sweep" (several correct visits in
    one go), "fast-forward" (many steps, updates included, compressed).
    ``update_number`` is M after an update beat.
    """

    kind: str
    start: int
    end: int
    run_time: float
    slow: bool = False
    update_number: int = 0


def plan_perceptron(mistake: np.ndarray, epoch: np.ndarray | None = None,
                    slow_updates: int = SLOW_UPDATES,
                    max_shown_updates: int = MAX_SHOWN_UPDATES,
                    max_shown_visits: int = MAX_SHOWN_VISITS,
                    tail_updates: int = 3,
                    skip: tuple[int, int] | None | str = "count") -> list[Beat]:
    """Beats for a perceptron trace given its per-step ``mistake`` flags.

    Updates 1..``slow_updates`` are slow; all updates are shown one by one when
    there are at most ``max_shown_updates``; otherwise the first
    ``max_shown_updates - tail_updates`` and the last ``tail_updates`` are, and
    the steps between them are one fast-forward beat. Correct visits are shown
    one by one until ``max_shown_visits`` have been, then swept. Given the
    per-step ``epoch``, no run of visits crosses from one epoch into the next.
    ``skip``: "count" chooses the fast-forward as above; a (from, to) pair of step
    indices makes it exactly those steps (a lesson's whole passes), None none.
    """
    mistake = np.asarray(mistake, dtype=bool)
    n_steps = len(mistake)
    epoch_starts = (np.flatnonzero(np.diff(np.asarray(epoch)) != 0) + 1 if epoch is not None
                    else np.array([], dtype=int))
    update_steps = np.flatnonzero(mistake)  # 0-based index of each mistake step
    n_updates = len(update_steps)
    if skip != "count":
        skip_from, skip_to = skip if skip is not None else (None, None)
    elif n_updates > max_shown_updates:
        head = max_shown_updates - tail_updates
        skip_from = int(update_steps[head])          # first step not shown singly
        skip_to = int(update_steps[n_updates - tail_updates])  # resume before this mistake
    else:
        skip_from = skip_to = None

    beats: list[Beat] = []
    shown_visits = 0
    k = 0
    m = 0
    while k < n_steps:
        if skip_from is not None and k == skip_from:
            m += int(np.count_nonzero(mistake[skip_from:skip_to]))
            beats.append(Beat(FAST_FORWARD, k, skip_to, RUN_FAST_FORWARD))
            k = skip_to
            continue
        if mistake[k]:
            m += 1
            slow = m <= slow_updates
            run = RUN_SLOW_UPDATE if slow else RUN_FAST_UPDATE
            beats.append(Beat(UPDATE, k, k + 1, run, slow=slow, update_number=m))
            k += 1
            continue
        # a run of correct visits up to the next mistake (or the skip point)
        stop = n_steps
        following = update_steps[update_steps > k]
        if following.size:
            stop = int(following[0])
        if skip_from is not None and k < skip_from:
            stop = min(stop, skip_from)
        later_epochs = epoch_starts[epoch_starts > k]
        if later_epochs.size:
            stop = min(stop, int(later_epochs[0]))
        shown = min(stop - k, max_shown_visits - shown_visits)
        if shown > 0:
            beats.append(Beat(VISIT, k, k + shown, RUN_VISIT * shown))
            shown_visits += shown
            k += shown
        if k < stop:
            count = stop - k
            beats.append(Beat(SWEEP, k, stop, min(RUN_VISIT * count, 1.2)))
            k = stop
    return beats


#: how many times longer each update of a walk's first pass plays than a later one's
#: (a never-ending walk: the first pass is watched, the later ones show it goes on)
FIRST_PASS_WEIGHT = 3.0


def first_pass_slower(step_passes, weight: float = FIRST_PASS_WEIGHT, lead: int = 0,
                      lead_share: float = 0.0):
    """A rate function for a walk through updates played in one run time, the first
    pass's each ``weight`` times as long as a later one's, after the first ``lead``
    updates, which take ``lead_share`` of the run time alike.

    ``step_passes``: the pass (0-based) of each update, shape (M,). Update k ≥ ``lead`` is
    given time wₖ (``weight`` in pass 0, else 1), scaled to share 1 − ``lead_share`` of
    the run time; the returned function maps the share t ∈ [0, 1] of the run time to the
    share of the walk's M updates done, piecewise linear: at t = L·k/ℓ (k ≤ ℓ = ``lead``,
    L = ``lead_share``) it is k / M, and at t = L + (1 − L)(w_ℓ + … + w_(k−1)) / Σw it is
    k / M. Monotone, 0 at 0 and 1 at 1; with one pass (or weight 1) and no lead it is the
    identity.
    """
    passes = np.asarray(step_passes)
    if passes.size == 0:
        return lambda t: t
    lead = min(max(int(lead), 0), passes.size)
    share = float(lead_share) if lead else 0.0
    if lead == passes.size:
        share = 1.0
    cost = np.where(passes[lead:] == passes.min(), float(weight), 1.0)
    later = np.cumsum(cost) / cost.sum() if cost.size else np.zeros(0)
    times = np.concatenate([np.linspace(0.0, share, lead + 1), share + (1.0 - share) * later])
    times[-1] = 1.0  # the walk's end exactly at the run's end (a sum's last bits aside)
    done = np.linspace(0.0, 1.0, passes.size + 1)
    return lambda t: float(np.interp(t, times, done))
