"""What the scenes paint: the frame ending each section against stored control frames.

Each scene is run once (``captured``) and compared section by section with
``tests/control_frames/<scene>.npz`` (see ``control_frames.py`` for the rule).
The mutation tests then prove the comparison sees what a lecture must not get
wrong: each breaks one drawing of the toolkit while a scene runs and checks
that the frames no longer match the same scene run intact.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from PIL import Image

import control_frames as cf
from scenes.toolkit import style
from scenes.catalog import SCENES_IN_ORDER
from scenes.toolkit.panels import Pseudocode
from scenes.toolkit.plane import DataVector, Hyperplane, MarkerCloud

SCENE_NAMES = [entry.name for entry in SCENES_IN_ORDER]
#: the most control data all scenes may take: frames stay small
CONTROL_BUDGET_BYTES = 3 * 1024 * 1024


@pytest.fixture(scope="module")
def captured(tmp_path_factory):
    """``captured(name)``: the frames of scene ``name``, run once for the whole module."""
    frames: dict[str, dict] = {}

    def run(name: str) -> dict:
        if name not in frames:
            frames[name] = cf.capture_scene(name, tmp_path_factory.mktemp(name))
        return frames[name]

    return run


def assert_matches(name, actual, control, folder) -> None:
    """Fail with the report of ``control_frames`` and its pictures when frames differ."""
    mismatches = cf.compare(actual, control)
    if mismatches:
        pictures = cf.write_mismatch_pictures(folder, name, actual, control, mismatches)
        pytest.fail(cf.failure_report(name, mismatches, pictures), pytrace=False)


# -- every scene against its control frames ------------------------------------
@pytest.mark.parametrize("name", SCENE_NAMES)
def test_frames_match_the_control_frames(name, captured, tmp_path):
    control = cf.load_control(name)  # FileNotFoundError says how to write it
    assert_matches(name, captured(name), control, tmp_path)


def test_control_data_is_for_catalogue_scenes_and_small():
    files = sorted(cf.CONTROL_DIR.glob("*.npz"))
    assert {path.stem for path in files} <= set(SCENE_NAMES)
    assert sum(path.stat().st_size for path in files) <= CONTROL_BUDGET_BYTES
    for path in files:
        with np.load(path) as data:
            for key in data.files:
                assert data[key].dtype == np.uint8
                assert data[key].shape == (cf.FRAME_SIZE[1], cf.FRAME_SIZE[0], 3), key


def test_a_scene_run_twice_paints_the_same_frames(captured, tmp_path):
    again = cf.capture_scene("perceptron", tmp_path)
    first = captured("perceptron")
    assert list(again) == list(first)
    for key in first:
        np.testing.assert_array_equal(again[key], first[key], err_msg=key)


def test_skipping_animations_paints_what_playing_them_does(captured, tmp_path):
    from scenes.catalog import find

    played = cf.capture(find("perceptron-origin").load(), tmp_path, played=True)
    assert not cf.compare(played, captured("perceptron-origin"))


# -- the comparison itself, on frames made up here -----------------------------
def frame_pair(changed_pixels: int, by: int):
    """A random frame and a copy with ``changed_pixels`` pixels moved ``by`` levels."""
    width, height = cf.FRAME_SIZE
    rng = np.random.default_rng(0)
    control = rng.integers(20, 230, size=(height, width, 3), dtype=np.uint8)
    actual = control.copy()
    rows, cols = np.unravel_index(rng.choice(width * height, changed_pixels, replace=False),
                                  (height, width))
    actual[rows, cols, 1] += np.uint8(by)
    return actual, control


def test_allowed_and_disallowed_differences():
    width, height = cf.FRAME_SIZE
    allowed = int(cf.MISMATCH_FRACTION * width * height)
    assert allowed >= 1
    actual, control = frame_pair(width * height, cf.PIXEL_TOLERANCE)
    assert cf.compare_frame("k", actual, control) is None  # every pixel, within tolerance
    actual, control = frame_pair(allowed, 200)
    assert cf.compare_frame("k", actual, control) is None  # a few pixels, far off
    actual, control = frame_pair(allowed + 1, cf.PIXEL_TOLERANCE + 1)
    mismatch = cf.compare_frame("k", actual, control)
    assert mismatch.differing == allowed + 1 and mismatch.largest == cf.PIXEL_TOLERANCE + 1


def test_missing_extra_and_resized_frames_are_mismatches():
    actual, control = frame_pair(0, 0)
    found = cf.compare({"01-a": actual, "03-c": actual},
                       {"01-a": control[:-1], "02-b": control})
    assert [(m.key, m.kind) for m in found] == [("01-a", cf.RESIZED), ("02-b", cf.GONE),
                                                ("03-c", cf.NEW)]


def test_a_failure_names_its_pictures(tmp_path):
    actual, control = frame_pair(500, 50)
    mismatches = cf.compare({"01-setup": actual}, {"01-setup": control})
    pictures = cf.write_mismatch_pictures(tmp_path, "perceptron", {"01-setup": actual},
                                          {"01-setup": control}, mismatches)
    assert [path.name for path in pictures] == ["perceptron-01-setup-actual.png",
                                                "perceptron-01-setup-control.png",
                                                "perceptron-01-setup-diff.png"]
    report = cf.failure_report("perceptron", mismatches, pictures)
    for path in pictures:
        assert path.is_file() and path.name in report
    assert str(tmp_path) in report and cf.REGENERATE in report
    diff = np.asarray(Image.open(pictures[2]))
    assert (diff == (255, 0, 255)).all(axis=-1).sum() == 500


# -- mutations the comparison must catch ---------------------------------------
def swap_marker_signs(monkeypatch):
    """Every +1 point drawn as −, every −1 point as +, colours left alone."""
    original = MarkerCloud.__init__

    def init(self, *args, **kwargs):
        original(self, *args, **kwargs)
        self.plus_shape, self.minus_shape = self.minus_shape, self.plus_shape
        self.set_positions(self.positions())

    monkeypatch.setattr(MarkerCloud, "__init__", init)


def swap_class_colours(monkeypatch):
    """The default theme with the colours of the two classes exchanged."""
    theme = style.THEMES["dark"]
    monkeypatch.setitem(style.THEMES, "dark", dataclasses.replace(
        theme, positive=theme.negative, negative=theme.positive))


def drop_shading(monkeypatch):
    """Boundaries without their shaded positive half-plane."""
    original = Hyperplane.__init__

    def init(self, *args, **kwargs):
        original(self, *args, **{**kwargs, "show_shading": False})

    monkeypatch.setattr(Hyperplane, "__init__", init)


def reverse_arrow(arrow) -> None:
    """Point a shown FastArrow the other way from the same start."""
    if getattr(arrow, "shown", False):
        start = arrow.get_start()
        arrow.set_ends(start, 2 * start - arrow.get_end())


def reverse_normal(monkeypatch):
    """The boundary's normal arrow drawn along −θ."""
    original = Hyperplane.set_parameters

    def set_parameters(self, *args, **kwargs):
        original(self, *args, **kwargs)
        reverse_arrow(self.normal)
        return self

    monkeypatch.setattr(Hyperplane, "set_parameters", set_parameters)


def reverse_theta_vector(monkeypatch):
    """Vectors of the data space (θ among them) drawn pointing backwards."""
    original = DataVector.set_ends

    def set_ends(self, start, end):
        original(self, start, end)
        reverse_arrow(self.arrow)
        return self

    monkeypatch.setattr(DataVector, "set_ends", set_ends)


def highlight_line_below(monkeypatch):
    """The pseudocode bar on the line after the current one (where there is one)."""
    original = Pseudocode.highlight

    def highlight(self, index):
        if index is not None and index + 1 < len(self.lines):
            index += 1
        return original(self, index)

    monkeypatch.setattr(Pseudocode, "highlight", highlight)


@pytest.mark.parametrize("mutate, name", [
    (swap_marker_signs, "perceptron"),
    (swap_class_colours, "perceptron"),
    (drop_shading, "perceptron"),
    (highlight_line_below, "perceptron"),
    (reverse_theta_vector, "classifier"),
    (reverse_normal, "offset-lift"),  # perceptron and classifier hide the boundary's normal
], ids=lambda value: getattr(value, "__name__", value))
def test_the_comparison_catches(mutate, name, captured, monkeypatch, tmp_path):
    intact = captured(name)
    mutate(monkeypatch)
    broken = cf.capture_scene(name, tmp_path)
    monkeypatch.undo()
    mismatches = cf.compare(broken, intact)
    assert mismatches, f"{mutate.__name__} left every frame of {name!r} within tolerance"
    # the same sections were reached: it is the pictures that differ
    assert all(mismatch.kind == cf.DIFFERS for mismatch in mismatches)


# -- regeneration ----------------------------------------------------------------
@pytest.fixture
def regenerator(captured, monkeypatch, tmp_path):
    """The regeneration script, writing into tmp_path and reusing the frames captured here."""
    import importlib.util

    path = cf.REPO / "scripts" / "regenerate_control_frames.py"
    spec = importlib.util.spec_from_file_location("regenerate_control_frames", path)
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    monkeypatch.setattr(script, "capture", captured)
    monkeypatch.setattr(cf, "CONTROL_DIR", tmp_path / "control")
    return script


def test_regenerating_writes_control_data_and_review_pictures(regenerator, captured, capsys,
                                                              tmp_path):
    name, review = "perceptron-origin", tmp_path / "review"
    frames = captured(name)

    def regenerate() -> str:
        assert regenerator.main([name, "--review-dir", str(review)]) == 0
        return capsys.readouterr().out

    assert f"{name}: new, {len(frames)} frames" in regenerate()
    stored = cf.load_control(name)
    assert list(stored) == list(frames)
    assert sorted(p.name for p in (review / name).glob("*.png")) == [f"{k}.png" for k in frames]
    # a control frame that no longer matches is replaced, and shown changed
    key = list(frames)[-1]
    stored[key] = 255 - stored[key]
    cf.save_control(name, stored)
    assert f"{name}: {len(frames)} frames, 1 differs" in regenerate()
    assert sorted(p.name for p in (review / name / "changed").glob("*.png")) == [
        f"{name}-{key}-{kind}.png" for kind in ("actual", "control", "diff")]
    assert not cf.compare(cf.load_control(name), frames)
    assert f"{name}: unchanged" in regenerate()
    assert not (review / name / "changed").exists()


def test_regenerating_an_unknown_scene_is_a_usage_error(regenerator, capsys):
    with pytest.raises(SystemExit) as stop:
        regenerator.main(["no-such-scene"])
    assert stop.value.code == 2
    assert "unknown scene(s) no-such-scene" in capsys.readouterr().err


# -- the same frames on any machine ---------------------------------------------
@pytest.mark.parametrize("name, seed", [("margin", 1), ("margin", 2), ("classifier", 1),
                                        ("proof", 1)])
def test_data_perturbed_by_1e_12_paints_the_same_frames(name, seed, captured, tmp_path):
    """Another CPU rounds the last bits differently; so does data perturbed by 1e-12
    relative. Every choice among equals (the ring on the closest of three tied
    support vectors, label places, probe points) must come out the same: the frames
    match the unperturbed run's (margin failed this before linviz/ties.py: its ring
    moved to another support vector, 116 or 210 pixels, as on an AMD EPYC)."""
    from dataclasses import replace

    from scenes.catalog import find

    scene_class = find(name).load()
    data, _ = scene_class.load_inputs()
    wobble = 1 + 1e-12 * np.random.default_rng(seed).standard_normal(data.X.shape)
    perturbed = replace(data, X=data.X * wobble)
    assert not np.array_equal(perturbed.X, data.X)
    variant = type(scene_class.__name__, (scene_class,),
                   {"load_inputs": classmethod(lambda cls: (perturbed, None))})
    assert_matches(name, cf.capture(variant, tmp_path), captured(name), tmp_path)
