"""The engine stands alone: importing all of linviz loads neither manim nor click."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import importlib, json, pkgutil, sys
import linviz
names = sorted(m.name for m in pkgutil.walk_packages(linviz.__path__, "linviz."))
for name in names:
    importlib.import_module(name)
loaded = sorted({m.split(".")[0] for m in sys.modules})
print(json.dumps({"modules": names, "loaded": loaded}))
"""


def probe():
    completed = subprocess.run([sys.executable, "-c", PROBE], cwd=REPO_ROOT, capture_output=True,
                               text=True, timeout=120, check=True)
    return json.loads(completed.stdout)


def test_importing_every_engine_module_loads_neither_manim_nor_click():
    report = probe()
    # the probe really imported the engine, module by module
    for name in ("linviz.perceptron", "linviz.theory", "linviz.trace", "linviz.csv_loader",
                 "linviz.logistic", "linviz.regression", "linviz.best_of_k"):
        assert name in report["modules"]
    assert "numpy" in report["loaded"] and "linviz" in report["loaded"]
    assert "manim" not in report["loaded"]
    assert "manimlib" not in report["loaded"]
    assert "click" not in report["loaded"]
