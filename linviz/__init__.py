"""linviz: the engine behind the lecture videos (numpy and scipy only, never manim).

Data flows one way: data set → learner → trace → (scenes) → file.
"""

from .best_of_k import BestOfK
from .csv_loader import load_csv
from .dataset import CLASSIFICATION, REGRESSION, Dataset
from .errors import DataError, LinvizError, NotSeparableError, TraceFormatError
from .generators import BUILTIN, make_builtin
from .learners import DEFAULT_DATA, LEARNERS
from .logistic import LogisticRegression
from .perceptron import Perceptron
from .regression import LinearRegression
from .trace import SCHEMA_VERSION, Trace

__all__ = [
    "BUILTIN", "BestOfK", "CLASSIFICATION", "DEFAULT_DATA", "DataError", "Dataset",
    "LEARNERS", "LinearRegression", "LinvizError", "LogisticRegression", "NotSeparableError",
    "Perceptron", "REGRESSION", "SCHEMA_VERSION", "Trace", "TraceFormatError", "load_csv",
    "make_builtin", "render",
]


def __getattr__(name: str):
    """``linviz.render(scene, data | X, y, …)``: render a scene from a notebook
    (:func:`linviz_cli.notebook.render`). Imported on first use only: the engine itself
    never reaches the drawing layers."""
    if name == "render":
        from linviz_cli.notebook import render

        return render
    raise AttributeError(f"module 'linviz' has no attribute {name!r}")
