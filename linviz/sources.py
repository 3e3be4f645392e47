"""Resolve a data argument, a built-in name or a CSV path, into a data set."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from .csv_loader import load_csv
from .dataset import CLASSIFICATION, Dataset
from .errors import DataError, quoted
from .generators import BUILTIN, DEFAULT_SEED, make_builtin
from .transforms import column_names, prepare, standardized_for_one_scale


def looks_like_file(spec: str) -> bool:
    """Whether ``spec`` names a file: ends in .csv, has a "/", or is an existing file."""
    if spec.lower().endswith(".csv") or "/" in spec:
        return True
    try:
        return Path(spec).is_file()
    except (OSError, ValueError):  # a name too long for a file, a NUL byte, ...
        return False


def resolve_data(spec: str, seed: int = DEFAULT_SEED, task: str = CLASSIFICATION,
                 positive: str | None = None, label_column: str | None = None,
                 features: Sequence[str] | None = None, standardized: bool = False,
                 classes: Sequence[str] | None = None) -> Dataset:
    """The data set named by ``spec``: a built-in name, or a path to a CSV file.

    ``seed`` makes built-in data; ``positive``, ``label_column`` and ``classes``
    apply to CSV files only (:func:`linviz.csv_loader.load_csv`, which reads only
    the columns ``features`` of a file). The task of the data must be the one the
    caller needs. Then the columns ``features`` are kept (all when None) and, with
    ``standardized``, every feature is centred and scaled
    (:func:`linviz.transforms.prepare`).
    """
    if spec in BUILTIN:
        if positive is not None or label_column is not None or classes is not None:
            raise DataError("--positive, --label-column and --classes apply to CSV files, "
                            f"not to the built-in data set {quoted(spec)}")
        data = make_builtin(spec, seed)
    elif looks_like_file(spec):
        data = load_csv(spec, label_column=label_column, positive=positive, task=task,
                        features=features, classes=classes)
        features = None  # the file's columns were chosen as it was read
    else:
        raise DataError(f"unknown data set {quoted(spec)}: not a built-in name "
                        f"({', '.join(BUILTIN)}) nor a CSV file")
    if data.task != task:
        raise DataError(f"data set {quoted(spec)} is for {data.task}, but this needs {task} data")
    return prepare(data, features, standardized)


@dataclass(frozen=True)
class DataOptions:
    """The data options every command takes, parsed once (``linviz_cli.options``) and
    carried as they are to where the data is read (:meth:`resolve`)."""

    #: a built-in name or a CSV path (None: the scene's or the command's default)
    spec: str | None = None
    seed: int = DEFAULT_SEED
    positive: str | None = None
    label_column: str | None = None
    features: tuple[str, ...] | None = None
    #: True: standardise (``--standardize``); False: keep the data's units (``--raw``);
    #: None: as the scene needs (:meth:`resolve`)
    standardize: bool | None = None
    #: two classes of a label column that has more (the second is +1)
    classes: tuple[str, ...] | None = None

    def resolve(self, task: str = CLASSIFICATION, default: str | None = None,
                one_scale: bool = False, origin_view: bool = False) -> Dataset:
        """The data set these options name (``default`` when they name none). For a scene
        that needs ``one_scale`` (:func:`linviz.lessons.needs_one_scale`), unless told
        either way, features whose spreads differ too much are standardised, and for one
        that keeps the origin in view (``origin_view``,
        :func:`linviz.lessons.keeps_origin_in_view`) so are data far from it
        (:func:`linviz.transforms.standardized_for_one_scale`)."""
        data = resolve_data(self.spec or default, seed=self.seed, task=task,
                            positive=self.positive, label_column=self.label_column,
                            features=self.features, standardized=bool(self.standardize),
                            classes=self.classes)
        if self.standardize is None and one_scale:
            data = standardized_for_one_scale(data, origin_view=origin_view)
        elif self.standardize is False and one_scale:
            # kept in its units as asked (--raw): why the default would not, said in the scene
            would = standardized_for_one_scale(data, origin_view=origin_view)
            if would is not data:
                reason = {key: value for key, value in would.params["standardized"].items()
                          if key in ("spread_ratio", "origin_widening")}
                data = replace(data, params=dict(data.params, kept_raw=reason))
        return data

    def resolve_for(self, scene: str, default: str | None = None) -> Dataset:
        """The data set these options name, read as scene ``scene`` tells it: its task's
        data, standardised when the scene draws one scale and the spreads differ
        (:func:`linviz.lessons.task_for`, :func:`linviz.lessons.needs_one_scale`)."""
        from .lessons import keeps_origin_in_view, needs_one_scale, task_for

        return self.resolve(task_for(scene), default=default, one_scale=needs_one_scale(scene),
                            origin_view=keeps_origin_in_view(scene))

    def shaping(self) -> dict:
        """The options that shape the data beyond naming it (spec and seed), those given
        only, as plain values (a pack's manifest records them)."""
        given = {"positive": self.positive, "label_column": self.label_column,
                 "features": list(self.features) if self.features else None,
                 "standardize": self.standardize,
                 "classes": list(self.classes) if self.classes else None}
        return {key: value for key, value in given.items() if value is not None}

    @classmethod
    def from_shaping(cls, spec: str | None, seed: int, shaping: dict) -> "DataOptions":
        """The options of ``spec`` and ``seed`` shaped by ``shaping`` (as :meth:`shaping`
        gives them, or as a course file or JSON writes them: lists for tuples)."""
        return cls(spec=spec, seed=seed,
                   **{key: tuple(value) if isinstance(value, list) else value
                      for key, value in shaping.items()})

    def request_fields(self) -> dict:
        """These options as a render request names them."""
        return {"data": self.spec, "seed": self.seed, "positive": self.positive,
                "label_column": self.label_column, "features": self.features,
                "standardize": self.standardize, "classes": self.classes}


def _rows(count: int) -> str:
    return f"{count} {'row' if count == 1 else 'rows'}"


def data_notes(data: Dataset) -> list[str]:
    """What reading the file left out, a line each for the command line: rows with a
    missing value (and their lines), rows of other classes, text columns not used ([]
    when nothing was). :func:`data_note_sentences` says them in the scene."""
    params, notes = data.params, []
    if params.get("missing_rows"):
        count = params["missing_rows"]
        lines = ", ".join(map(str, params.get("missing_lines", [])[:5]))
        more = ", …" if count > 5 else ""
        notes.append(f"{_rows(count)} with a missing value left out "
                     f"(line{'s' if count > 1 else ''} {lines}{more})")
    if params.get("other_class_rows"):
        negative, positive = data.label_names
        notes.append(f"{_rows(params['other_class_rows'])} of other classes left out "
                     f"(kept: {negative} as -1, {positive} as +1)")
    if params.get("text_columns"):
        notes.append(f"text columns not used: {', '.join(params['text_columns'])}")
    ratio = params.get("standardized", {}).get("spread_ratio")
    if ratio:
        scales = params["standardized"]["scale"]
        spreads = ", ".join(f"{name} {_spread(scale)}" for name, scale in
                            zip(column_names(data), scales))
        notes.append(f"features standardised: their spreads (standard deviations: {spreads}) "
                     f"differ {_fold(ratio)}-fold, too much for one scale; --raw keeps them "
                     f"as they are")
    kept = params.get("kept_raw", {})
    if kept.get("spread_ratio"):
        notes.append(f"kept in the file's units (--raw): the spreads differ "
                     f"{_fold(kept['spread_ratio'])}-fold, so at one scale the narrow feature "
                     f"is a sliver; by default the scene would standardise them")
    if kept.get("origin_widening"):
        notes.append("kept as it is (--raw): the data lies far from the origin, so the plot "
                     "that holds the origin shows it in a corner; by default the scene would "
                     "standardise it")
    widening = params.get("standardized", {}).get("origin_widening")
    if widening:
        notes.append(f"features standardised: the data lies far from the origin, which this "
                     f"scene keeps in view to draw θ from it (that would widen the plot "
                     f"{widening:.1f}-fold); --raw keeps them as they are")
    return notes


def _spread(value: float) -> str:
    """A standard deviation as written in a note: 301, 1,760, 0.571."""
    return f"{value:,.0f}" if value >= 100 else f"{value:.3g}"


def _fold(ratio: float) -> str:
    """A spread ratio as said: 14, 3,200."""
    return f"{ratio:,.0f}" if ratio >= 10 else f"{ratio:.1f}"


def data_card_lines(data: Dataset | None) -> list[str]:
    """What the data's sentences (:func:`data_note_sentences`) say, a short line each, for
    the card shown while it is said ([] when it says nothing)."""
    if data is None:
        return []
    params, lines = data.params, []
    if params.get("missing_rows"):
        lines.append(f"{_rows(params['missing_rows'])} with a missing value: left out")
    if params.get("other_class_rows"):
        negative, positive = data.label_names
        lines.append(f"kept: {negative} (−1) and {positive} (+1); "
                     f"{_rows(params['other_class_rows'])} of other classes left out")
    ratio = params.get("standardized", {}).get("spread_ratio")
    if ratio:
        lines.append(f"spreads differ {_fold(ratio)}-fold: each feature standardised, "
                     f"(x − mean)/s.d.")
    if params.get("standardized", {}).get("origin_widening"):
        lines.append("far from the origin, where θ is drawn from: each feature standardised, "
                     "(x − mean)/s.d.")
    if ratio or params.get("standardized", {}).get("origin_widening"):
        lines.append("ticks in the data's units; the axes cross at the means; "
                     "lengths in standard deviations")
    kept = params.get("kept_raw", {})
    if kept.get("spread_ratio"):
        lines.append(f"--raw: spreads differ {_fold(kept['spread_ratio'])}-fold, kept at one "
                     f"scale: the narrow feature is a sliver")
    if kept.get("origin_widening"):
        lines.append("--raw: far from the origin, kept: the data is a corner of the plot")
    return lines


def data_note_sentences(data: Dataset | None) -> list[str]:
    """What reading the file did, said in the scene, a sentence each ([] when nothing):
    the rows left out (with a missing value, of the classes not kept: the same counts as
    :func:`data_notes`), then the features' scale (standardised by the scene, or kept in
    their units by --raw where the scene would have standardised them)."""
    if data is None:
        return []
    params, parts, said = data.params, [], []
    if params.get("missing_rows"):
        count = params["missing_rows"]
        parts.append(f"{_rows(count)} with a missing value {'was' if count == 1 else 'were'} "
                     f"left out")
    if params.get("other_class_rows"):
        negative, positive = data.label_names
        parts.append(f"only the classes {negative} and {positive} are kept, "
                     f"{_rows(params['other_class_rows'])} of others left out")
    if parts:
        said.append(f"From the file, {' and '.join(parts)}.")
    scaled, kept = params.get("standardized", {}), params.get("kept_raw", {})
    if scaled.get("spread_ratio"):
        said.append(f"The features' spreads differ {_fold(scaled['spread_ratio'])}-fold, too "
                     f"much for one scale: each is standardised, (x − mean)/standard "
                     f"deviation.")
    if scaled.get("origin_widening"):
        said.append("The data lies far from the origin, where θ is drawn from: each feature "
                    "is standardised, (x − mean)/standard deviation, so the origin moves to the "
                    "means.")
    if kept.get("spread_ratio"):
        said.append(f"Kept in the file's units, as asked: the spreads differ "
                    f"{_fold(kept['spread_ratio'])}-fold, so at one scale the narrow feature "
                    f"is a sliver; standardised, both would span the plot.")
    elif kept.get("origin_widening"):
        said.append("Kept as it is, as asked: the data lies far from the origin, so the plot "
                    "that holds the origin shows it in a corner; standardised, it would fill "
                    "the plot.")
    return said
