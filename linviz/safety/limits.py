"""The documented upper bounds of every count and size, and the trace memory budget.

Each bound is checked before anything is allocated, so an absurd number is
one line naming the option and its bound, never a numpy allocation error or
minutes of swapping. The README ("Limits and errors") and ``--help`` quote
these numbers.

A trace's memory is estimated as steps × bytes per step. Where the number of
steps is known before the run (gradient steps, k hypotheses) a run beyond
:data:`TRACE_MEMORY_BUDGET` is refused before it starts; a perceptron stops
early when it converges, so its run is refused only once it has recorded as
many epochs as the budget holds without converging (or at once, when its
state repeats and it never will): its memory stays within the budget.
"""

from __future__ import annotations

from ..errors import LimitError

MAX_EPOCHS = 1_000_000        #: perceptron τ
MAX_STEPS = 1_000_000         #: gradient steps
MAX_K = 1_000_000             #: best-of-k hypotheses
MAX_SEED = 2**32 - 1          #: --seed
MAX_JOBS = 32                 #: render --jobs

MAX_DATA_BYTES = 64 * 2**20   #: a CSV file, 64 MiB
MAX_DATA_ROWS = 1_000_000     #: points in a data set
MAX_GENERATED_POINTS = 100_000  #: n of a built-in generator (linviz.generators)
MAX_DATA_COLUMNS = 10_000     #: columns of a CSV file
MAX_FIELD_CHARS = 10_000      #: characters in one CSV field

#: seconds a named pipe no process has open for writing gets for one to open it
INPUT_WAIT_SECONDS = 3.0

MAX_TRACE_BYTES = 512 * 2**20  #: a trace file read back, 512 MiB
MAX_JSON_DEPTH = 32            #: nesting of a trace's JSON (a real one has 5)

#: estimated peak memory of recording and writing one trace
TRACE_MEMORY_BUDGET = 2 * 2**30

# Measured peaks, bytes: the engine's columns and lists per recorded step (a
# perceptron visit), the JSON text of one number, the Python objects built per
# byte of JSON while it is written, and the cycle check per perceptron epoch.
ENGINE_BYTES_PER_STEP = 200
JSON_BYTES_PER_NUMBER = 22
JSON_OBJECTS_PER_BYTE = 4
BYTES_PER_EPOCH = 300


def check_count(value: int, bound: int, option: str) -> int:
    """``value`` if it is at most ``bound``, else a LimitError naming ``option``."""
    if value > bound:
        raise LimitError(f"{option} {value} is beyond the upper bound {bound:,}; "
                         f"see 'Limits and errors' in the README")
    return value


def step_bytes(numbers_per_step: int) -> int:
    """Estimated peak bytes of one recorded step holding ``numbers_per_step`` numbers."""
    json_bytes = 60 + JSON_BYTES_PER_NUMBER * numbers_per_step
    return ENGINE_BYTES_PER_STEP + JSON_OBJECTS_PER_BYTE * json_bytes


def data_bytes(data_numbers: int) -> int:
    """Estimated peak bytes of the data set's numbers in the trace (every trace holds X and y)."""
    return JSON_OBJECTS_PER_BYTE * JSON_BYTES_PER_NUMBER * data_numbers


def steps_budget(data_numbers: int) -> int:
    """The bytes of the budget left for the steps, once the data's share is taken."""
    return TRACE_MEMORY_BUDGET - data_bytes(data_numbers)


def trace_bytes(n_steps: int, numbers_per_step: int, n_epochs: int = 0,
                data_numbers: int = 0) -> int:
    """Estimated peak bytes of recording and writing a trace of ``n_steps`` steps."""
    return (n_steps * step_bytes(numbers_per_step) + n_epochs * BYTES_PER_EPOCH
            + data_bytes(data_numbers))


def over_budget(algorithm: str, n_steps: int, numbers_per_step: int, n_epochs: int = 0,
                data_numbers: int = 0, way_out: str = "", why: str = "") -> LimitError:
    """The LimitError of a trace that would pass :data:`TRACE_MEMORY_BUDGET`.

    ``why`` says what is known about the run (it does not converge, ...),
    ``way_out`` what to change; both end up in the one line.
    """
    estimate = trace_bytes(n_steps, numbers_per_step, n_epochs, data_numbers)
    affordable = max(0, steps_budget(data_numbers) // step_bytes(numbers_per_step))
    return LimitError(f"{algorithm}: {why}up to {n_steps:,} steps to record, about "
                      f"{estimate / 2**30:.1f} GiB, beyond the trace memory budget of "
                      f"{TRACE_MEMORY_BUDGET / 2**30:.0f} GiB ({affordable:,} steps of this "
                      f"data); {way_out}")


def check_trace_budget(algorithm: str, n_steps: int, numbers_per_step: int,
                       data_numbers: int, way_out: str) -> None:
    """Refuse, before running, a run whose trace would need more than the budget.

    ``n_steps`` is the number of steps the run records (gradient steps, k
    hypotheses), ``numbers_per_step`` the numbers each step holds in the JSON
    (θ, gradients, ...), ``data_numbers`` those of the data set (n × (d + 1)).
    ``way_out`` ends the message: what to change.
    """
    if trace_bytes(n_steps, numbers_per_step, 0, data_numbers) > TRACE_MEMORY_BUDGET:
        raise over_budget(algorithm, n_steps, numbers_per_step, 0, data_numbers, way_out)


#: seconds a quiz's question stays, still, after it is read (``--quiz-pause``; the
#: storyboards of linviz.lessons.quiz_story), for the class to think, and the longest a
#: lecturer may ask for
QUIZ_PAUSE = 12.0
MAX_QUIZ_PAUSE = 120.0
