"""A course file: what a lecturer puts their name on (title, course, date) and what to show.

``render.py lecture --course course.toml`` reads it (standard ``tomllib``);
every field is also a flag of ``lecture``, and a flag given on the command
line wins over the file. ``render.py course init`` writes :data:`TEMPLATE`,
a commented example. A field that is wrong is one line naming the file, the
field and what it accepts.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from pathlib import Path

from linviz.errors import LinvizError, quoted, shown_path
from linviz.safety.limits import MAX_QUIZ_PAUSE, MAX_SEED, QUIZ_PAUSE
from linviz.notation import NOTATIONS
from linviz_render.scene import QUALITIES

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: the same parser, from PyPI
    import tomli as tomllib

DEFAULT_TITLE = "Linear classifiers: the lecture"
THEMES = ("dark", "light")
QUALITY_KEYS = tuple(QUALITIES)
#: the most characters of a title, course, lecturer or date field (a title card holds them)
MAX_TEXT = 120
#: a course file is small: more than this is not one
MAX_COURSE_BYTES = 1 << 20


class CourseError(LinvizError):
    """A course file that cannot be read, or a field it cannot hold."""


@dataclass(frozen=True)
class Course:
    """A lecture as its lecturer names and orders it.

    ``scenes``: names in the order they are shown (empty: every scene, in
    lecture order); ``data``: the data of every scene that takes data (None:
    each scene's own), read with ``label_column``, ``positive``, ``classes``,
    ``features`` and ``standardize`` (the command line's data options);
    ``scene_data``: a scene's own data, over ``data``: a spec, or a table of a spec
    (``data``) and its own data options. Options belong to the data they are written
    with. Paths in a course file are read relative to the file's folder.
    """

    title: str = DEFAULT_TITLE
    course: str = ""
    lecturer: str = ""
    date: str = ""
    scenes: tuple[str, ...] = ()
    theme: str = "dark"
    #: "theta" (θ, θ₀) or "w" (w, b): see linviz.notation
    notation: str = "theta"
    handout_theme: str = "light"
    quality: str = "l"
    #: every section also played backwards, for manim-slides' reverse key
    slides_reverse: bool = False
    #: seconds a quiz's question stays, still, after it is read (--quiz-pause)
    quiz_pause: float = QUIZ_PAUSE
    seed: int = 0
    data: str | None = None
    label_column: str | None = None
    positive: str | None = None
    classes: tuple[str, ...] | None = None
    features: tuple[str, ...] | None = None
    #: true: standardise; false: keep the units; unset: as each scene needs
    standardize: bool | None = None
    scene_data: dict = field(default_factory=dict)

    def byline(self) -> str:
        """"CS 229 · Ada Lovelace · 1 December 2026": see :func:`byline`."""
        return byline(self.course, self.lecturer, self.date)

    def data_for(self, scene: str) -> str | None:
        """The data spec of ``scene``: its own, else the course's (not for a scene that makes
        its own data, which refuses data given to it alone), else None."""
        return self.options_for(scene).spec

    def options_for(self, scene: str):
        """The data options of ``scene`` (:class:`linviz.sources.DataOptions`): its own
        table in ``scene_data``, else the course's data with its options (none for a scene
        that makes its own data), with the course's seed."""
        from linviz.sources import DataOptions
        from scenes.catalog import SCENES_IN_ORDER

        own = self.scene_data.get(scene)
        if own is not None:
            own = {"data": own} if isinstance(own, str) else dict(own)
            return DataOptions.from_shaping(own.pop("data"), self.seed, own)
        if any(entry.name == scene and entry.own_data for entry in SCENES_IN_ORDER) \
                or self.data is None:
            return DataOptions(seed=self.seed)
        return DataOptions(spec=self.data, seed=self.seed, positive=self.positive,
                           label_column=self.label_column, features=self.features,
                           standardize=self.standardize, classes=self.classes)


def byline(course: str, lecturer: str, date: str) -> str:
    """"CS 229 · Ada Lovelace · 1 December 2026": the fields given, in that order."""
    return " · ".join(part for part in (course, lecturer, date) if part)


TEMPLATE = '''\
# A linviz course file: render.py lecture --course course.toml
# Every field may be left out (its default is shown), and every one is also a flag of
# `lecture` (--title, --course-name, --lecturer, --date, --theme, ...); a flag wins.

title = "Linear classifiers: the lecture"   # on the title card, the page, the handout, the mp4
course = ""                                 # e.g. "CS 229: Machine learning"
lecturer = ""                               # e.g. "Ada Lovelace"
date = ""                                   # as you want it written, e.g. "1 December 2026"

# The scenes, in the order you show them (names from `render.py list`); all when left out.
# Leave out "history" to open on the classifier, and the "quiz-…" scenes for no quizzes.
# scenes = ["history", "classifier", "perceptron", "linear-program", "update",
#           "quiz-one-point", "margin", "proof", "quiz-margin", "noise", "logistic"]

theme = "dark"            # dark for screens, light for projectors
notation = "theta"        # theta: θ and θ₀; w: w and b (written the same everywhere)
handout_theme = "light"   # the handout's frames (light prints well)
quality = "l"             # l 480p15, m 720p30, h 1080p60, hall 1080p30 (a lecture hall), p, k
slides_reverse = false    # true: the slides' sections also backwards (manim-slides' reverse key)
quiz_pause = 12           # seconds a quiz's question stays on screen after it is read
seed = 0                  # the built-in data sets' seed

# Data for every scene that takes data: a built-in name or a CSV file (relative to this file),
# and how to read it (the command line's --label-column, --classes, --positive, --features,
# --standardize; they belong to this data):
# data = "penguins.csv"
# label_column = "species"
# classes = ["Adelie", "Gentoo"]      # of more classes, these two (the second is +1)
# features = ["bill depth", "body mass"]
# standardize = true                 # false keeps the units (the command line's --raw); unset,
#                                     the scenes drawn at one scale standardise features whose
#                                     spreads differ more than 10-fold

# A scene's own data, over the lines above: a name or file, or a table with its own options:
# [scene_data]
# perceptron = "iris-sepal.csv"
# regression = { data = "diabetes.csv", label_column = "progression", features = ["bmi"] }
'''


def read_course(path: str | Path) -> dict:
    """The fields set in the course file ``path``, checked, as keyword arguments of Course.

    Raises CourseError with one line: the file, where, and what is wrong.
    """
    from linviz.safety.inputs import read_input_bytes

    where = shown_path(path)
    raw = read_input_bytes(path, MAX_COURSE_BYTES, CourseError, "course file")
    try:
        values = tomllib.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise CourseError(f"{where}: not a text file (not UTF-8)") from None
    except tomllib.TOMLDecodeError as error:
        raise CourseError(f"{where}: not a TOML file: {error}") from None
    return checked_fields(values, where, Path(path).resolve().parent)


def checked_fields(values: dict, where: str, folder: Path | None = None) -> dict:
    """``values`` (from a course file, or flags) checked field by field; paths relative to
    ``folder`` made absolute."""
    known = [f.name for f in fields(Course)]
    for key in values:
        if key not in known:
            raise CourseError(f"{where}: unknown field {quoted(key)}; a course file has: "
                              f"{', '.join(known)}")
    checked = {}
    for key in ("title", "course", "lecturer", "date"):
        if key in values:
            checked[key] = _text(values[key], key, where)
    if "scenes" in values:
        scenes = values["scenes"]
        if not (isinstance(scenes, list) and scenes and all(isinstance(s, str) for s in scenes)):
            raise CourseError(f"{where}: scenes must be a list of scene names, e.g. "
                              f'["classifier", "perceptron"]')
        checked["scenes"] = tuple(_scene_name(name, where) for name in scenes)
    for key, choices in (("theme", THEMES), ("handout_theme", THEMES), ("notation", NOTATIONS),
                         ("quality", QUALITY_KEYS)):
        if key in values:
            if values[key] not in choices:
                raise CourseError(f"{where}: {key} must be one of {', '.join(choices)}, got "
                                  f"{values[key]!r}")
            checked[key] = values[key]
    if "slides_reverse" in values:
        if not isinstance(values["slides_reverse"], bool):
            raise CourseError(f"{where}: slides_reverse must be true or false, got "
                              f"{values['slides_reverse']!r}")
        checked["slides_reverse"] = values["slides_reverse"]
    if "quiz_pause" in values:
        pause = values["quiz_pause"]
        if not (isinstance(pause, (int, float)) and not isinstance(pause, bool)
                and 0 <= pause <= MAX_QUIZ_PAUSE):
            raise CourseError(f"{where}: quiz_pause must be a number of seconds from 0 to "
                              f"{MAX_QUIZ_PAUSE:g}, got {pause!r}")
        checked["quiz_pause"] = float(pause)
    if "seed" in values:
        seed = values["seed"]
        if not (isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed <= MAX_SEED):
            raise CourseError(f"{where}: seed must be a whole number from 0 to {MAX_SEED:,}, "
                              f"got {seed!r}")
        checked["seed"] = seed
    if "data" in values:
        checked["data"] = _data(values["data"], "data", where, folder)
    checked.update(_data_options(values, "", where))
    if "scene_data" in values:
        table = values["scene_data"]
        if not isinstance(table, dict):
            raise CourseError(f"{where}: scene_data must be a table of scene = data lines")
        scene_data = {}
        for name, spec in table.items():
            key = f"scene_data.{name}"
            if isinstance(spec, dict):  # a spec with its own data options
                unknown = set(spec) - {"data", *DATA_OPTIONS}
                if unknown or "data" not in spec:
                    raise CourseError(f"{where}: {key} must name its data (data = ...) and may "
                                      f"have {', '.join(DATA_OPTIONS)}"
                                      + (f"; not {', '.join(sorted(unknown))}" if unknown
                                         else ""))
                spec = {"data": _data(spec["data"], f"{key}.data", where, folder),
                        **{option: list(value) if isinstance(value, tuple) else value
                           for option, value in _data_options(spec, f"{key}.",
                                                              where).items()}}
            else:
                spec = _data(spec, key, where, folder)
            scene_data[_scene_name(name, where)] = spec
        checked["scene_data"] = scene_data
    return checked


#: the command line's data options a course file may give (with ``data``, or a scene's own)
DATA_OPTIONS = ("label_column", "positive", "classes", "features", "standardize")


def _data_options(values: dict, prefix: str, where: str) -> dict:
    """The data options among ``values``, checked (``prefix``: where they are, for the
    message)."""
    checked = {}
    for key in ("label_column", "positive"):
        if key in values:
            checked[key] = _text(values[key], prefix + key, where)
    for key, count in (("classes", 2), ("features", None)):
        if key in values:
            names = values[key]
            if not (isinstance(names, list) and names and all(isinstance(n, str) and n.strip()
                                                              for n in names)
                    and (count is None or len(names) == count)):
                what = "two class labels" if count == 2 else "column names"
                raise CourseError(f"{where}: {prefix}{key} must be a list of {what}, e.g. "
                                  + ('["Adelie", "Gentoo"]' if count == 2
                                     else '["bill depth", "body mass"]'))
            checked[key] = tuple(name.strip() for name in names)
    if "standardize" in values:
        if not isinstance(values["standardize"], bool):
            raise CourseError(f"{where}: {prefix}standardize must be true or false, got "
                              f"{values['standardize']!r}")
        checked["standardize"] = values["standardize"]
    return checked


def _text(value, key: str, where: str) -> str:
    if not isinstance(value, str):
        raise CourseError(f"{where}: {key} must be text in quotes, got {value!r}")
    text = " ".join(value.split())
    if len(text) > MAX_TEXT:
        raise CourseError(f"{where}: {key} is {len(text)} characters; at most {MAX_TEXT} fit "
                          f"on a title card")
    return text


def _scene_name(name: str, where: str) -> str:
    from scenes.catalog import SCENES_IN_ORDER

    names = [entry.name for entry in SCENES_IN_ORDER]
    if name not in names:
        raise CourseError(f"{where}: no scene called {quoted(name)}; scenes: {', '.join(names)}")
    return name


def _data(value, key: str, where: str, folder: Path | None) -> str:
    from linviz.generators import BUILTIN
    from linviz.sources import looks_like_file

    if not isinstance(value, str) or not value:
        raise CourseError(f"{where}: {key} must be a built-in data set's name or a CSV file, "
                          f"in quotes")
    if value in BUILTIN or folder is None or not looks_like_file(value):
        return value
    path = Path(value)
    return str(path if path.is_absolute() else folder / path)
