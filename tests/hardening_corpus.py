"""The hardening corpus: bad inputs and faults, grouped by the classes of issue 13.

Each case makes its own input files in an empty folder (nothing large is
committed), runs one command (or the trace loader), and expects exit status
2 with one line on stderr matching ``pattern``, no traceback, and every file
in the folder unchanged. ``tests/engine/test_hardening.py`` runs them.

Special files are always ones the case makes itself (``os.mkfifo``,
``os.mknod`` of a character device in the test's folder), never the real
``/dev/null`` or ``/dev/zero``.
"""

from __future__ import annotations

import json
import os
import socket
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

CLASSES = {
    1: "data loss: an output that is an input",
    2: "inputs that never end or are endless",
    3: "valid but absurd numbers",
    4: "messages that echo the input or name the wrong thing",
    5: "output folders that cannot be made",
    6: "--manim-arg options that send files outside --out",
    7: "trace files that are not valid traces",
    8: "data the scene cannot show",
    9: "memory that grows with the run",
    10: "signals and interrupted commands",
    11: "special files as output",
}

POINTS = "x1,x2,label\n1,2,a\n2,1,b\n0,1,a\n3,3,b\n"
REGRESSION_POINTS = "x,y\n0,1\n1,2\n2,2.5\n"


@dataclass(frozen=True)
class Case:
    """One bad input: ``args`` for the CLI (``kind="cli"``) or the trace loader (``"loader"``).

    ``make(folder)`` creates the inputs; ``patch(monkeypatch)`` injects a fault
    (an interrupt) where one is needed.
    """

    klass: int
    name: str
    args: tuple[str, ...]
    pattern: str
    make: Callable[[Path], None] = lambda folder: None
    kind: str = "cli"
    patch: Callable | None = None
    needs_root: bool = False

    @property
    def id(self) -> str:
        return f"class{self.klass:02d}-{self.name}"


# -- file makers -------------------------------------------------------------------------


def files(**contents: str) -> Callable[[Path], None]:
    """Write text files: files(out__points_csv=...) writes out/points.csv.

    In a key, "__" stands for "/" and the last "_" for ".".
    """
    def make(folder: Path) -> None:
        for key, text in contents.items():
            name = key.replace("__", "/")
            name = ".".join(name.rsplit("_", 1)) if "_" in name else name
            path = folder / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
    return make


def both(*makers) -> Callable[[Path], None]:
    def make(folder: Path) -> None:
        for maker in makers:
            maker(folder)
    return make


def hard_link(name: str, target: str):
    return lambda folder: os.link(folder / target, folder / name)


def symlink(name: str, target: str):
    return lambda folder: os.symlink(target, folder / name)


def fifo(name: str):
    return lambda folder: os.mkfifo(folder / name)


def char_device(name: str, major: int, minor: int):
    """A character device made in the test's folder (1,3 null; 1,5 zero; 1,7 full)."""
    return lambda folder: os.mknod(folder / name, stat.S_IFCHR | 0o666,
                                   os.makedev(major, minor))


def folder_named(name: str):
    return lambda folder: (folder / name).mkdir(parents=True)


def unix_socket(name: str):
    def make(folder: Path) -> None:
        server = socket.socket(socket.AF_UNIX)
        server.bind(str(folder / name))
        server.close()
    return make


def sparse(name: str, size: int):
    """A file of ``size`` zero bytes that takes no disk space."""
    def make(folder: Path) -> None:
        with open(folder / name, "wb") as handle:
            handle.truncate(size)
    return make


def text_file(name: str, build: Callable[[], str]):
    """The file ``name`` (its folders made) with the text ``build()`` returns."""
    def make(folder: Path) -> None:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(build())
    return make


def random_points(n: int, d: int = 2) -> str:
    """n points with random labels: not separable, so the perceptron runs every epoch."""
    import numpy as np

    rng = np.random.default_rng(0)
    X = rng.normal(size=(n, d))
    labels = np.where(rng.random(n) < 0.5, "a", "b")
    header = ",".join(f"x{j}" for j in range(d)) + ",label\n"
    return header + "\n".join(",".join(f"{v:.3f}" for v in row) + f",{label}"
                              for row, label in zip(X, labels)) + "\n"


def trace_document() -> dict:
    """A valid perceptron trace as a JSON document, to be damaged by a case."""
    from linviz.generators import make_builtin
    from linviz.perceptron import Perceptron

    return json.loads(Perceptron(epochs=5).fit(make_builtin("separable")).trace_.to_json())


def damaged_trace(name: str, damage: Callable[[dict], object]):
    """A trace file ``name`` whose document ``damage`` changed (or replaced, if it returns text)."""
    def make(folder: Path) -> None:
        document = trace_document()
        replaced = damage(document)
        text = replaced if isinstance(replaced, str) else json.dumps(document)
        (folder / name).write_text(text)
    return make


def set_field(path: tuple, value):
    def damage(document):
        place = document
        for key in path[:-1]:
            place = place[key]
        place[path[-1]] = value
    return damage


def widen_theta(document):
    document["initial"]["theta"] = [0.0, 0.0, 0.0]
    for step in document["steps"]:
        step["theta"] = step["theta"] + [1.0]


def text_replace(old: str, new: str):
    def damage(document):
        text = json.dumps(document, separators=(",", ":"))
        assert old in text, f"nothing to damage: {old!r} is not in the trace"
        return text.replace(old, new, 1)
    return damage


def interrupt(where: str, fault: type[BaseException] = KeyboardInterrupt):
    """A patch that makes ``"module:attribute.path"`` raise ``fault`` (by default: Ctrl-C there)."""
    def patch(monkeypatch) -> None:
        import importlib

        module, _, path = where.partition(":")
        owner = importlib.import_module(module)
        *parents, attribute = path.split(".")
        for parent in parents:
            owner = getattr(owner, parent)

        def raise_interrupt(*args, **kwargs):
            raise fault
        monkeypatch.setattr(owner, attribute, raise_interrupt)
    return patch


LONG = "x" * 100_000
CELL = "x" * 5_000  # within the CSV field limit, so it reaches the check that quotes it
CSV = files(points_csv=POINTS)
TRACE = ("trace", "perceptron")
RENDER = ("render", "perceptron", "--out", "out")


def manim_arg_cases() -> list[Case]:
    refused = [
        ("media-dir", ["--manim-arg=--media_dir=elsewhere"], r"--media_dir.* not passed on"),
        ("media-dir-split", ["--manim-arg=--media_dir", "--manim-arg=elsewhere"],
         r"--media_dir.* not passed on"),
        ("o", ["--manim-arg=-o", "--manim-arg=x.mp4"], r"'-o'.*output file name"),
        ("o-attached", ["--manim-arg=-ox.mp4"], r"'-ox.mp4'.*output file name"),
        ("output-file", ["--manim-arg=--output_file=x"], r"output file name"),
        ("config-file", ["--manim-arg=--config_file=my.cfg"], r"config file"),
        ("c", ["--manim-arg=-c", "--manim-arg=my.cfg"], r"'-c'.*config file"),
        ("log-dir", ["--manim-arg=--log_dir=/tmp/elsewhere"], r"log folder"),
        ("format", ["--manim-arg=--format=gif"], r"format .*render --format"),
        ("write-all", ["--manim-arg=-a"], r"which scenes"),
        ("save-last-frame", ["--manim-arg=-s"], r"last-frame image"),
        ("quality", ["--manim-arg=-qh"], r"quality"),
        ("transparent", ["--manim-arg=--transparent"], r"\.mov"),
        ("positional", ["--manim-arg=other_scene.py"], r"names the scene file and class"),
        ("unknown", ["--manim-arg=--custom_folders"], r"not an option render passes on"),
        ("missing-value", ["--manim-arg=-v"], r"'-v' needs a value"),
    ]
    return [Case(6, name, (*RENDER, *args), pattern) for name, args, pattern in refused]


CASES: list[Case] = [
    # 1 -- data loss ----------------------------------------------------------------------
    Case(1, "out-is-data", (*TRACE, "--data", "points.csv", "--out", "points.csv"),
         r"cannot write points\.csv: it is the input points\.csv \(the same file\)", CSV),
    Case(1, "out-is-hard-link", (*TRACE, "--data", "points.csv", "--out", "link.csv"),
         r"cannot write link\.csv: it is the input points\.csv",
         both(CSV, hard_link("link.csv", "points.csv"))),
    Case(1, "out-is-symlink", (*TRACE, "--data", "points.csv", "--out", "alias.csv"),
         r"it is the input points\.csv", both(CSV, symlink("alias.csv", "points.csv"))),
    Case(1, "data-is-symlink", (*TRACE, "--data", "alias.csv", "--out", "points.csv"),
         r"it is the input alias\.csv", both(CSV, symlink("alias.csv", "points.csv"))),
    Case(1, "out-spelled-otherwise", (*TRACE, "--data", "points.csv", "--out",
                                      "./sub/../points.csv"),
         r"it is the input points\.csv", both(CSV, folder_named("sub"))),
    Case(1, "out-through-symlinked-folder", (*TRACE, "--data", "data/points.csv", "--out",
                                             "view/points.csv"),
         r"it is the input data/points\.csv",
         both(files(data__points_csv=POINTS), symlink("view", "data"))),
    Case(1, "logistic-out-is-data", ("trace", "logistic-regression", "--data", "points.csv",
                                     "--out", "points.csv"), r"it is the input", CSV),
    Case(1, "regression-out-is-data", ("trace", "linear-regression", "--data", "r.csv",
                                       "--out", "r.csv"), r"it is the input r\.csv",
         files(r_csv=REGRESSION_POINTS)),
    Case(1, "best-of-k-out-is-hard-link", ("trace", "best-of-k", "--data", "points.csv",
                                           "--out", "copy.json"), r"it is the input",
         both(CSV, hard_link("copy.json", "points.csv"))),
    Case(1, "render-captions-are-data", ("render", "perceptron", "--out", "out", "--data",
                                         "out/perceptron.srt"),
         r"cannot write out/perceptron\.srt: it is the input",
         files(out__perceptron_srt="x1,x2,label\n-1,-1,a\n1,1,b\n-2,-1,a\n2,2,b\n")),
    Case(1, "render-png-is-data", ("render", "perceptron", "--out", "out", "--format", "png",
                                   "--data", "out/perceptron.png"),
         r"cannot write out/perceptron\.png: it is the input",
         files(out__perceptron_png="x1,x2,label\n-1,-1,a\n1,1,b\n-2,-1,a\n2,2,b\n")),

    # 2 -- inputs that never end ------------------------------------------------------------
    Case(2, "fifo-without-writer", (*TRACE, "--data", "pipe.csv"),
         r"pipe\.csv: a pipe nothing writes to \(no writer opened it within 3 s\)",
         fifo("pipe.csv")),
    Case(2, "zero-device", (*TRACE, "--data", "zero.csv"),
         r"zero\.csv: is a character device, not a CSV file", char_device("zero.csv", 1, 5),
         needs_root=True),
    Case(2, "null-device", (*TRACE, "--data", "null.csv"),
         r"null\.csv: is a character device", char_device("null.csv", 1, 3), needs_root=True),
    Case(2, "socket", (*TRACE, "--data", "sock.csv"), r"sock\.csv: .*socket|sock\.csv: cannot read",
         unix_socket("sock.csv")),
    Case(2, "folder", (*TRACE, "--data", "d.csv"), r"d\.csv: is a folder, not a CSV file",
         folder_named("d.csv")),
    Case(2, "five-mb-line", (*TRACE, "--data", "long.csv"),
         r"long\.csv:1: a field longer than 10,000 characters",
         text_file("long.csv", lambda: "x" * 5_000_000 + "\n")),
    Case(2, "five-mb-line-of-fields", (*TRACE, "--data", "wide.csv"),
         r"wide\.csv:1: 2,500,000 columns, more than the 10,000",
         text_file("wide.csv", lambda: ",".join(["1"] * 2_500_000) + "\n")),
    Case(2, "larger-than-limit", (*TRACE, "--data", "big.csv"),
         r"big\.csv: larger than 64 MiB, the most a CSV file may be",
         sparse("big.csv", 64 * 2**20 + 1)),
    Case(2, "nul-bytes", (*TRACE, "--data", "nul.csv"), r"nul\.csv:\d+: contains a NUL byte",
         text_file("nul.csv", lambda: "x1,label\n1\0,a\n2,b\n")),
    Case(2, "render-fifo", (*RENDER, "--data", "pipe.csv"), r"pipe\.csv: a pipe nothing writes",
         fifo("pipe.csv")),
    Case(2, "render-zero-device", (*RENDER, "--data", "zero.csv"),
         r"zero\.csv: is a character device", char_device("zero.csv", 1, 5), needs_root=True),
    Case(2, "loader-fifo", ("pipe.json",), r"pipe\.json: a pipe nothing writes to",
         fifo("pipe.json"), kind="loader"),
    Case(2, "loader-zero-device", ("zero.json",), r"zero\.json: is a character device",
         char_device("zero.json", 1, 5), kind="loader", needs_root=True),
    Case(2, "loader-folder", ("d.json",), r"d\.json: is a folder", folder_named("d.json"),
         kind="loader"),

    # 3 -- valid but absurd numbers ---------------------------------------------------------
    Case(3, "epochs-1e9", (*TRACE, "--epochs", "1000000000"),
         r"'--epochs': 1000000000 is not in the range 1<=x<=1000000"),
    Case(3, "epochs-1e20", (*TRACE, "--epochs", "100000000000000000000"),
         r"'--epochs': 100000000000000000000 is not in the range"),
    Case(3, "epochs-negative", (*TRACE, "--epochs", "-5"), r"'--epochs': -5 is not in the range"),
    Case(3, "epochs-not-whole", (*TRACE, "--epochs", "1e3"), r"'1e3' is not a valid integer"),
    Case(3, "logistic-steps-1e9", ("trace", "logistic-regression", "--steps", "1000000000"),
         r"'--steps': 1000000000 is not in the range 1<=x<=1000000"),
    Case(3, "regression-steps-1e20", ("trace", "linear-regression", "--steps",
                                      "100000000000000000000"), r"'--steps'.* not in the range"),
    Case(3, "k-1e9", ("trace", "best-of-k", "--k", "1000000000"),
         r"'--k': 1000000000 is not in the range 1<=x<=1000000"),
    Case(3, "k-1e20", ("trace", "best-of-k", "--k", "100000000000000000000"),
         r"'--k'.* not in the range"),
    Case(3, "seed-1e20", (*TRACE, "--seed", "100000000000000000000"),
         r"'--seed': 100000000000000000000 is not in the range 0<=x<=4294967295"),
    Case(3, "degree-13", ("trace", "linear-regression", "--degree", "13"),
         r"'--degree': 13 is not in the range 1<=x<=12"),
    Case(3, "jobs-1e9", ("render", "perceptron", "--jobs", "1000000000", "--out", "out"),
         r"'--jobs': 1000000000 is not in the range 1<=x<=32"),
    Case(3, "lr-infinite", ("trace", "logistic-regression", "--lr", "1e999"),
         r"step size η must be a positive number, got inf"),
    Case(3, "lr-nan", ("trace", "linear-regression", "--lr", "nan"),
         r"step size η must be a positive number, got nan"),
    Case(3, "l2-infinite", ("trace", "logistic-regression", "--l2", "inf"),
         r"L2 weight λ must be a finite number ≥ 0, got inf"),
    Case(3, "scene-number-superscript", ("render", "²", "--out", "out"),
         r"scene number '²': write scene numbers with the digits 0-9"),
    Case(3, "scene-number-arabic-indic", ("render", "٣", "--out", "out"),
         r"scene number '٣': write scene numbers with the digits 0-9"),
    Case(3, "scene-number-1e20", ("render", "100000000000000000000", "--out", "out"),
         r"no scene number 100000000000000000000"),

    # 4 -- messages that echo the input or name the wrong thing -------------------------------
    Case(4, "100kb-cell", (*TRACE, "--data", "cell.csv"),
         r"^Error: cell\.csv:2: a field longer than 10,000 characters, the most a CSV field",
         files(cell_csv=f"x1,label\n{LONG},a\n2,b\n")),
    Case(4, "5kb-cell", (*TRACE, "--data", "cell.csv", "--features", "x1"),
         r"cell\.csv:2: column 'x1': 'x{60}'…\(\+4940 characters\) is not a number",
         files(cell_csv=f"x1,label\n{CELL},a\n2,b\n")),
    Case(4, "5kb-column-name", (*TRACE, "--data", "cell.csv", "--features", "1"),
         r"cell\.csv:2: column 'x{60}'…\(\+4940 characters\): 'a' is not a number",
         files(cell_csv=f"{CELL},label\na,a\n2,b\n")),
    Case(4, "785-column-header", (*TRACE, "--data", "wide.csv", "--label-column", "nope"),
         r"no column named 'nope': name the label column with --label-column, one of: "
         r"pixel0, pixel1, .*…\(\+\d+ characters\)$",
         files(wide_csv=",".join(f"pixel{j}" for j in range(784)) + ",label\n"
               + ",".join(["0"] * 785) + "\n" + ",".join(["1"] * 785) + "\n")),
    Case(4, "5kb-third-label", (*TRACE, "--data", "labels.csv"),
         r"has 3 classes \('a', 'b', 'x+…\(\+\d+ characters\)\): keep two with --classes "
         r"a,'x{60}'…\(\+4940 characters\) \(the second is \+1\)",
         files(labels_csv=f"x1,label\n1,a\n2,b\n3,{CELL}\n")),
    Case(4, "100kb-positive", (*TRACE, "--data", "points.csv", "--positive", LONG),
         r"--positive 'x{60}'…\(\+99940 characters\) is not one of the labels", CSV),
    Case(4, "100kb-label-column", (*TRACE, "--data", "points.csv", "--label-column", LONG),
         r"no column named 'x{60}'…\(\+99940 characters\)", CSV),
    Case(4, "100kb-data-name", (*TRACE, "--data", LONG),
         r"unknown data set 'x{60}'…\(\+99940 characters\): not a built-in name"),
    Case(4, "100kb-scene-name", ("render", LONG, "--out", "out"),
         r"no scene called 'x{60}'…\(\+99940 characters\)"),
    Case(4, "unterminated-quote", (*TRACE, "--data", "quote.csv"),
         r"quote\.csv:3: a quoted field starts here and is never closed",
         files(quote_csv='x1,label\n1,a\n"2,b\n3,a\n4,b\n')),
    Case(4, "out-dot", (*TRACE, "--out", "."), r"cannot write \.: it names a folder"),
    Case(4, "out-empty", (*TRACE, "--out", ""), r"--out is empty: give a file name"),
    Case(4, "out-existing-folder", (*TRACE, "--out", "folder"),
         r"cannot write folder: it is a folder, not a file", folder_named("folder")),
    Case(4, "out-trailing-slash", (*TRACE, "--out", "new/"),
         r"cannot write new/: it names a folder"),
    Case(4, "unforeseen-os-error", (*TRACE, "--out", "run.json"),
         r"^Error: /some/file: Input/output error$", files(run_json="the old trace"),
         patch=interrupt("linviz.perceptron:Perceptron.fit",
                         OSError(5, "Input/output error", "/some/file"))),
    Case(4, "render-out-empty", ("render", "perceptron", "--out", ""),
         r"--out is empty: give a folder"),
    Case(4, "manim-fails-with-a-usage-error", (*RENDER, "--manim-arg=--fps",
                                                "--manim-arg=fast", "--format", "png"),
         r"scene 'perceptron' failed to render: Error: Invalid value for '--fps'.*; Manim's "
         r"full output is in \S+\.log$", folder_named("out")),

    # 5 -- output folders that cannot be made --------------------------------------------------
    Case(5, "render-out-in-proc", ("render", "perceptron", "--out", "/proc/linviz-x"),
         r"--out /proc/linviz-x: cannot make the folder \(No such file or directory\)"),
    Case(5, "render-out-deep-in-proc", ("render", "perceptron", "--out", "/proc/linviz-x/y"),
         r"--out /proc/linviz-x/y: cannot make the folder"),
    Case(5, "render-out-is-a-file", ("render", "perceptron", "--out", "blocker"),
         r"--out blocker: blocker is a file, not a folder", files(blocker="keep me")),
    Case(5, "render-out-under-a-file", ("render", "perceptron", "--out", "blocker/sub"),
         r"--out blocker/sub: blocker is a file, not a folder", files(blocker="keep me")),
    Case(5, "render-out-is-a-fifo", ("render", "perceptron", "--out", "pipe"),
         r"--out pipe: pipe is a named pipe, not a folder", fifo("pipe")),
    Case(5, "trace-out-in-proc", (*TRACE, "--out", "/proc/linviz-x/run.json"),
         r"cannot write /proc/linviz-x/run\.json: No such file or directory"),
    Case(5, "trace-out-under-a-file", (*TRACE, "--out", "blocker/run.json"),
         r"cannot write blocker/run\.json: blocker is a file, not a folder",
         files(blocker="keep me")),
    Case(5, "trace-out-under-a-device", (*TRACE, "--out", "null/run.json"),
         r"null is a character device, not a folder", char_device("null", 1, 3),
         needs_root=True),

    # 6 -- --manim-arg ---------------------------------------------------------------------------
    *manim_arg_cases(),

    # 7 -- trace files that are not valid traces --------------------------------------------------
    Case(7, "schema-version-true", ("t.json",),
         r"t\.json: schema version True; this linviz reads version 1",
         damaged_trace("t.json", set_field(("schema_version",), True)), kind="loader"),
    Case(7, "schema-version-float", ("t.json",), r"schema version 1\.0; this linviz reads",
         damaged_trace("t.json", set_field(("schema_version",), 1.0)), kind="loader"),
    Case(7, "point-index-negative", ("t.json",),
         r"a step visits point -5, but the data has points 0 to 19",
         damaged_trace("t.json", lambda d: d["steps"][3].update(i=-5)), kind="loader"),
    Case(7, "point-index-beyond", ("t.json",),
         r"a step visits point 20, but the data has points 0 to 19",
         damaged_trace("t.json", lambda d: d["steps"][3].update(i=20)), kind="loader"),
    Case(7, "theta-wider-than-data", ("t.json",),
         r"θ has 3 components, but the data has 2 feature",
         damaged_trace("t.json", widen_theta), kind="loader"),
    Case(7, "infinity-1e999", ("t.json",), r"the number '1e999' is too large for a float",
         damaged_trace("t.json", text_replace('"score":', '"score":1e999,"was":')), kind="loader"),
    Case(7, "negative-infinity", ("t.json",), r"the number '-1e999' is too large",
         damaged_trace("t.json", text_replace('"theta0":0.0', '"theta0":-1e999')), kind="loader"),
    Case(7, "nan-constant", ("t.json",), r"not valid JSON \(NaN is not allowed\)",
         damaged_trace("t.json", text_replace('"theta0":0.0', '"theta0":NaN')), kind="loader"),
    Case(7, "nested-100000-arrays", ("t.json",), r"JSON nested 100000 deep, more than the 32",
         text_file("t.json", lambda: "[" * 100_000 + "]" * 100_000), kind="loader"),
    Case(7, "nested-100000-objects", ("t.json",), r"JSON nested 100000 deep",
         text_file("t.json", lambda: '{"a":' * 100_000 + "1" + "}" * 100_000), kind="loader"),
    Case(7, "nested-in-params", ("t.json",), r"JSON nested \d+ deep",
         damaged_trace("t.json", set_field(("params", "deep"), json.loads("[" * 50 + "]" * 50))),
         kind="loader"),
    Case(7, "feature-is-bool", ("t.json",), r'"data" X holds bool values; expected numbers',
         damaged_trace("t.json", lambda d: d["data"]["X"][0].__setitem__(0, True)), kind="loader"),
    Case(7, "feature-is-text", ("t.json",), r'"data" X holds str values',
         damaged_trace("t.json", lambda d: d["data"]["X"][0].__setitem__(0, "1.5")), kind="loader"),
    Case(7, "feature-huge-int", ("t.json",),
         r'malformed "data" \(int too large to convert to float\)',
         damaged_trace("t.json", lambda d: d["data"]["X"][0].__setitem__(0, 10**400)),
         kind="loader"),
    Case(7, "step-t-is-bool", ("t.json",), r"step field 't' must hold whole numbers, found bool",
         damaged_trace("t.json", lambda d: d["steps"][0].update(t=True)), kind="loader"),
    Case(7, "mistake-is-number", ("t.json",),
         r"step field 'mistake' must hold true or false, found int",
         damaged_trace("t.json", lambda d: d["steps"][0].update(mistake=1)), kind="loader"),
    Case(7, "score-is-text", ("t.json",), r"step field 'score' holds str values",
         damaged_trace("t.json", lambda d: d["steps"][0].update(score="0")), kind="loader"),
    Case(7, "state-huge", ("t.json",), r"field 'state' has mixed, ragged or out-of-range values",
         damaged_trace("t.json", lambda d: d["steps"][0].update(state=10**30)), kind="loader"),
    Case(7, "algorithm-not-text", ("t.json",), r'"algorithm" must be a name',
         damaged_trace("t.json", set_field(("algorithm",), 7)), kind="loader"),
    Case(7, "label-names-one", ("t.json",), r'malformed "data" \(.*label_names two texts',
         damaged_trace("t.json", set_field(("data", "label_names"), ["a"])), kind="loader"),
    Case(7, "t-zero", ("t.json",), r"step field 't' must be ≥ 1",
         damaged_trace("t.json", lambda d: d["steps"][0].update(t=0)), kind="loader"),
    Case(7, "not-json", ("t.json",), r"t\.json: not valid JSON",
         files(t_json="{this is not json"), kind="loader"),
    Case(7, "not-utf8", ("t.json",), r"t\.json: cannot read",
         lambda folder: (folder / "t.json").write_bytes(b"\xff\xfe{"), kind="loader"),

    # 8 -- data the scene cannot show ------------------------------------------------------------
    Case(8, "regression-constant-x", ("render", "regression", "--data", "c.csv", "--out", "out"),
         r"scene 'regression': data 'c\.csv': all x are equal \(x = 3\.0\)",
         files(c_csv="x,y\n3,1\n3,2\n3,5\n")),
    Case(8, "regression-too-few-points", ("render", "regression", "--data", "w.csv", "--out",
                                          "out"),
         r"data 'w\.csv' has 3 points: a polynomial of degree 2 passes through every one of "
         r"them, so the scene's fits need at least 4 points",
         files(w_csv="x,y\n10,1\n20,2\n40,5\n")),
    Case(8, "perceptron-1e15", ("render", "perceptron", "--data", "h.csv", "--out", "out"),
         r"has values up to 2e\+15: rescale the data to within ±1e\+06",
         files(h_csv="a,b,label\n1e15,1e15,1\n2e15,2e15,1\n-1e15,-1e15,-1\n-2e15,-1e15,-1\n")),
    Case(8, "classifier-1e15", ("render", "classifier", "--data", "h.csv", "--out", "out"),
         r"has values up to 2e\+15: rescale",
         files(h_csv="a,b,label\n1e15,1e15,1\n2e15,2e15,1\n-1e15,-1e15,-1\n-2e15,-1e15,-1\n")),
    Case(8, "logistic-1e15", ("render", "logistic", "--data", "h.csv", "--out", "out"),
         r"has values up to 2e\+15: rescale",
         files(h_csv="a,b,label\n1e15,1e15,1\n2e15,2e15,1\n-1e15,-1e15,-1\n-2e15,1e15,-1\n")),
    Case(8, "perceptron-tiny", ("render", "perceptron", "--data", "t.csv", "--out", "out"),
         r"has values of at most 2e-09: rescale the data to about ±1",
         files(t_csv="a,b,label\n1e-9,1e-9,1\n2e-9,2e-9,1\n-1e-9,-1e-9,-1\n-2e-9,-1e-9,-1\n")),
    Case(8, "regression-huge-y", ("render", "regression", "--data", "y.csv", "--out", "out"),
         r"has values up to 3e\+07: rescale", files(y_csv="x,y\n0,1e7\n0.5,2e7\n1,3e7\n")),
    Case(8, "regression-x-far-from-0", ("render", "regression", "--data", "p.csv",
                                        "--out", "out"),
         r"data 'p\.csv': x is 103 ± 2, so the degree-5 features \[1, x, …, x\^5\] are nearly "
         r"dependent .* centre x \(--standardize\)",
         files(p_csv="x,y\n100,1\n101,2\n102,0\n103,1\n104,3\n105,2\n106,1\n")),

    # 9 -- memory that grows with the run ---------------------------------------------------------
    Case(9, "100000-random-points", (*TRACE, "--data", "r.csv"),
         r"perceptron: not converged after 14 epochs, up to 10,000,000 steps to record, about "
         r"\d+\.\d GiB, beyond the trace memory budget of 2 GiB .*; lower τ \(--epochs\) to "
         r"at most 14 or use fewer points",
         text_file("r.csv", lambda: random_points(100_000))),
    Case(9, "200000-row-csv", (*TRACE, "--data", "r.csv", "--mistakes-only"),
         r"not converged after 7 epochs, up to 20,000,000 steps to record.* lower τ "
         r"\(--epochs\) to at most 7\b",
         text_file("r.csv", lambda: random_points(200_000))),
    Case(9, "xor-tau-1e6", (*TRACE, "--data", "xor", "--epochs", "1000000"),
         r"the state repeats every 1 epoch\(s\), so it never converges: up to 4,000,000 steps "
         r"to record.*lower τ \(--epochs\) to at most 341,738"),
    Case(9, "memory-error-while-learning", (*TRACE, "--out", "run.json"),
         r"^Error: out of memory; see 'Limits and errors' in the README",
         files(run_json="the old trace"), patch=interrupt("linviz.perceptron:Perceptron.fit",
                                                         MemoryError)),
    Case(9, "xor-tau-1e7", (*TRACE, "--data", "xor", "--epochs", "10000000"),
         r"'--epochs': 10000000 is not in the range 1<=x<=1000000"),
    Case(9, "regression-1e6-steps", ("trace", "linear-regression", "--degree", "5", "--steps",
                                     "1000000"),
         r"linear-regression: up to 1,000,000 steps.*use fewer --steps"),
    Case(9, "polynomial-overflow-1e26", ("trace", "linear-regression", "--degree", "12",
                                         "--data", "big.csv"),
         r"degree 12 features overflow: x up to 3e\+26 gives x\^12 ≈ 1e318.*rescale x or "
         r"lower --degree",
         files(big_csv="x,y\n1e26,1\n2e26,2\n3e26,3\n")),
    Case(9, "polynomial-overflow-1e9", ("trace", "linear-regression", "--degree", "12",
                                        "--data", "big.csv"),
         r"degree 12 features overflow", files(big_csv="x,y\n1e9,1\n2e9,2\n3e9,3\n")),
    Case(9, "more-rows-than-limit", (*TRACE, "--data", "rows.csv"),
         r"rows\.csv: more than 1,000,000 data rows",
         text_file("rows.csv", lambda: "x,label\n" + "1,a\n2,b\n" * 500_001)),

    # 10 -- signals and interrupted commands (real signals: tests/render/test_render_signals.py) ---------
    Case(10, "trace-interrupted-while-learning", (*TRACE, "--out", "run.json"),
         r"^Error: interrupted; nothing was written$", files(run_json="the old trace"),
         patch=interrupt("linviz.perceptron:_Scan")),
    Case(10, "trace-interrupted-while-writing", (*TRACE, "--out", "run.json"),
         r"^Error: interrupted; nothing was written$", files(run_json="the old trace"),
         patch=interrupt("os:fsync")),
    Case(10, "trace-interrupted-while-encoding", (*TRACE, "--out", "run.json"),
         r"^Error: interrupted; nothing was written$", files(run_json="the old trace"),
         patch=interrupt("json:dumps")),
    Case(10, "render-interrupted-while-manim-runs", (*RENDER, "--format", "png"),
         r"^Error: interrupted: the scenes in flight were stopped and none of their files moved",
         files(out__perceptron_png="the old picture"),
         patch=interrupt("linviz_render.process:Children.run")),
    Case(10, "render-interrupted-while-checking-data", RENDER,
         r"^Error: interrupted; nothing was written$",
         patch=interrupt("linviz.scene_checks:check_scene_data")),
    Case(10, "render-interrupted-while-making-its-folder", RENDER,
         r"^Error: interrupted: the scenes in flight", folder_named("out"),
         patch=interrupt("linviz.safety.atomic:make_work_dir")),

    Case(5, "disk-error-while-writing", (*TRACE, "--out", "run.json"),
         r"^Error: cannot write run\.json: Input/output error; choose another --out",
         files(run_json="the old trace"),
         patch=interrupt("os:fsync", OSError(5, "Input/output error"))),

    # 11 -- special files as output -----------------------------------------------------------
    Case(11, "fifo-without-reader", (*TRACE, "--out", "pipe"),
         r"cannot write pipe: it is a named pipe that nothing reads", fifo("pipe")),
    Case(11, "socket", (*TRACE, "--out", "sock"), r"cannot write sock: it is a socket, not a file",
         unix_socket("sock")),
    Case(11, "full-device", (*TRACE, "--out", "full"),
         r"cannot write full: No space left on device", char_device("full", 1, 7),
         needs_root=True),
    Case(11, "symlink-to-a-folder", (*TRACE, "--out", "link"),
         r"cannot write link: it is a folder, not a file",
         both(folder_named("place"), symlink("link", "place"))),
    Case(11, "render-target-is-a-fifo", (*RENDER, "--format", "png"),
         r"out/perceptron\.png is a named pipe; render writes files only",
         both(folder_named("out"), fifo("out/perceptron.png"))),
    Case(11, "render-target-is-a-device", RENDER,
         r"out/perceptron\.srt is a character device; render writes files only",
         both(folder_named("out"), char_device("out/perceptron.srt", 1, 3)), needs_root=True),
    Case(11, "render-target-is-a-folder", RENDER,
         r"cannot write out/perceptron\.mp4: it is a folder, not a file",
         folder_named("out/perceptron.mp4")),
    Case(11, "render-sections-target-is-a-file", (*RENDER, "--manim-arg=--save_sections"),
         r"out/perceptron-sections is a file, where render puts the sections folder",
         text_file("out/perceptron-sections", lambda: "not a folder")),
    Case(11, "render-target-is-a-socket", RENDER,
         r"cannot write out/perceptron\.mp4: it is a socket",
         both(folder_named("out"), unix_socket("out/perceptron.mp4"))),
]


# -- batch rosters and --cluster (issue 15): refused before anything is written or imported
BATCH = ("batch", "r.csv", "--out", "out", "--no-video")
NOT_THROUGH_ORIGIN = "x1,x2,label\n1,0.1,a\n2,-0.1,a\n3,0.1,b\n4,-0.1,b\n"

CASES += [
    Case(4, "roster-bad-seed-names-its-line", BATCH,
         r"^Error: roster r\.csv line 3: seed 'x' is not a whole number from 0 to 4294967295; "
         r"nothing was rendered$", files(r_csv="id,seed\nana,1\nben,x\n")),
    Case(4, "roster-several-bad-rows-first-and-lines", BATCH,
         r"roster r\.csv line 2: seed '-1' is not a whole number .*\(and 2 more bad row\(s\): "
         r"line\(s\) 4, 6\); nothing was rendered$",
         files(r_csv="id,seed\nana,-1\nben,1\n,2\ncara,3\ndev,1.5\n")),
    Case(4, "roster-duplicate-id", BATCH, r"roster r\.csv line 4: id 'ana' is already on line 2",
         files(r_csv="id\nana\nben\nana\n")),
    Case(4, "roster-unknown-column", BATCH, r"roster r\.csv line 1: unknown column 'sede'",
         files(r_csv="id,sede\nana,1\n")),
    Case(4, "roster-no-id-column", BATCH, r"roster r\.csv line 1: no 'id' column",
         files(r_csv="seed\n1\n")),
    Case(4, "roster-id-not-a-folder-name", BATCH,
         r"roster r\.csv line 2: id '\.\./up' cannot be a folder name",
         files(r_csv="id\n../up\n")),
    Case(4, "roster-empty", BATCH, r"roster r\.csv is empty", files(r_csv="")),
    Case(4, "roster-header-only", BATCH, r"roster r\.csv has a header but no students",
         files(r_csv="id,seed\n\n")),
    Case(4, "roster-ragged-row", BATCH, r"roster r\.csv line 3: 3 field\(s\), the header has 2",
         files(r_csv="id,seed\nana,1\nben,2,3\n")),
    Case(4, "roster-missing-data-file", BATCH,
         r"roster r\.csv line 2: data file \S*nope\.csv does not exist",
         files(r_csv="id,data\nana,nope.csv\n")),
    Case(4, "roster-unknown-data-name", BATCH,
         r"roster r\.csv line 2: data 'sepparable' is neither a built-in data set",
         files(r_csv="id,data\nana,sepparable\n")),
    Case(3, "roster-seed-beyond-32-bits", BATCH,
         r"roster r\.csv line 2: seed '4294967296' is not a whole number from 0 to 4294967295",
         files(r_csv="id,seed\nana,4294967296\n")),
    Case(8, "roster-data-the-proof-refuses", BATCH,
         r"roster r\.csv line 3: id 'ben': scene 'proof': '[^']*p\.csv' is not separable through "
         r"the origin "
         r".*use proof-offset",
         files(r_csv="id,data\nana,separable\nben,p.csv\n", p_csv=NOT_THROUGH_ORIGIN)),
    Case(8, "roster-row-beyond-the-roster", (*BATCH, "--row", "3"),
         r"--row 3: the roster has 2 student\(s\)", files(r_csv="id\nana\nben\n")),
    Case(8, "batch-scene-without-worksheet", (*BATCH, "--scenes", "xor"),
         r"--scenes: 'xor' is not a scene batch makes worksheets for",
         files(r_csv="id\nana\n")),
    Case(1, "batch-sbatch-script-is-the-roster", ("batch", "r.csv", "--sbatch", "r.csv"),
         r"cannot write r\.csv: it is the input r\.csv", files(r_csv="id\nana\n")),
    Case(4, "sbatch-account-is-not-one-word",
         (*BATCH, "--sbatch", "j.sh", "--slurm-account", "cs 101"),
         r"--slurm-account 'cs 101': SLURM names are single words", files(r_csv="id\nana\n")),
    Case(4, "collect-before-any-task-ran", (*BATCH, "--collect"),
         r"--collect: --out out is not a folder \(did the array tasks run\?\)",
         files(r_csv="id\nana\n")),
    Case(4, "cluster-spelling", (*RENDER, "--cluster", "nowhere"),
         r"--cluster 'nowhere': give a scheduler's address \(tcp://host:8786\) or local:N"),
    Case(3, "cluster-no-workers", (*RENDER, "--cluster", "local:0"),
         r"--cluster local:0: a local cluster has 1 to 32 worker processes"),
    Case(3, "cluster-port-out-of-range", (*RENDER, "--cluster", "tcp://host:70000"),
         r"--cluster 'tcp://host:70000': give a scheduler's address"),
    Case(4, "cluster-and-jobs", (*RENDER, "--cluster", "local:2", "--jobs", "2"),
         r"--jobs applies without --cluster"),
]


def count_by_class() -> dict[int, int]:
    counts = {klass: 0 for klass in CLASSES}
    for case in CASES:
        counts[case.klass] += 1
    return counts
