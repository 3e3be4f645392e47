"""The classifier scene, constructed at a tiny size without writing a video.

Every check recomputes what the scene should show without the engine's
theory module: training errors by counting points one at a time, distances
from the formulas of the notes, lines from θᵀp + θ₀ = 0. The scene is
recorded after every play, so the geometry is checked in every section, not
only in the last frame.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

pytest.importorskip("manim")

from manim import tempconfig  # noqa: E402

from linviz.request import RenderRequest
from scenes.classifier import ClassifierScene  # noqa: E402
from linviz.geometry import Box, most_room, normal_anchor, room_along  # noqa: E402
from scenes.toolkit.speed.glyph_numbers import GlyphNumber  # noqa: E402
from scenes.toolkit.speed.fast_shapes import FastDashedLine
from scenes.toolkit.screen_text import fmt, fmt_vector

TINY = {"dry_run": True, "disable_caching": True, "quality": "low_quality",
        "pixel_width": 160, "pixel_height": 90, "verbosity": "WARNING", "progress_bar": "none"}
SECTIONS = ["classifier", "scale", "offset", "signed-distance", "training-error", "best-of-k"]


# -- independent references, written from the notes ----------------------------
def count_mistakes(X, y, theta, theta0) -> int:
    """Σᵢ 1{y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀) ≤ 0}, one point at a time."""
    mistakes = 0
    for point, label in zip(X, y):
        score = sum(t * x for t, x in zip(theta, point)) + theta0
        if label * score <= 0:
            mistakes += 1
    return mistakes


def distance_to_line(point, theta, theta0) -> float:
    """(θᵀx + θ₀)/‖θ‖."""
    return (sum(t * x for t, x in zip(theta, point)) + theta0) / math.hypot(*theta)


def on_line(point, theta, theta0, tolerance=1e-6) -> bool:
    return abs(distance_to_line(point, theta, theta0)) < tolerance


def recorded(scene_class):
    """A subclass that records what is on screen after every play."""

    class Recorded(scene_class):
        def setup(self):
            super().setup()
            self.records = []

        def play(self, *args, **kwargs):
            super().play(*args, **kwargs)
            if not hasattr(self, "hyperplane"):
                return
            arrow = self.theta_arrow
            self.records.append({
                "section": self.sections[-1],
                "theta": np.array(self.hyperplane.theta),
                "theta0": float(self.hyperplane.theta0),
                "ends": self.hyperplane.endpoints_in_data(),
                "arrow": (self.plane.p2c(arrow.arrow.shaft.points[0]),
                          self.plane.p2c(arrow.arrow.tip.points[0])),
                "shown": {key: value.number.shown for key, value in self.values.items()},
                "c": self.c_tracker.get_value(),
                "probe": self.plane.p2c(self.probe_ring.get_center()),
                "probe_foot": self.plane.p2c(self.probe_dash.get_end()),
                "origin_foot": self.plane.p2c(self.origin_dash.get_end()),
                # a mean of its corners lies inside the (convex) shade; its bounding box's
                # centre need not (a thin triangle in a corner of the view)
                "shade": self.plane.p2c(np.mean(self.hyperplane.shade.get_anchors(), axis=0)),
            })

    Recorded.__name__ = scene_class.__name__
    return Recorded


def render(scene_class, tmp_path):
    with tempconfig({**TINY, "media_dir": str(tmp_path)}):
        scene = recorded(scene_class)()
        scene.render()
    return scene


@pytest.fixture(scope="module")
def scene(tmp_path_factory):
    return render(ClassifierScene, tmp_path_factory.mktemp("classifier-media"))


def records_of(scene, section):
    found = [r for r in scene.records if r["section"] == section]
    assert found, f"nothing recorded in section {section!r}"
    return found


# -- the story -------------------------------------------------------------------
def test_sections_and_narration(scene):
    assert scene.sections == SECTIONS
    assert len(scene.narration) >= len(SECTIONS)
    assert all(sentence.strip() for sentence in scene.narration)


def test_no_tex_is_written(scene, tmp_path_factory):
    media = tmp_path_factory.getbasetemp()
    assert not list(media.rglob("*.tex"))
    assert list(media.rglob("*.typ")), "the scene should typeset with Typst"


def test_the_learner_is_the_engine_run(scene):
    """The scene replays BestOfK(k, seed) on its data; it learns nothing itself."""
    from linviz import BestOfK

    again = BestOfK(k=scene.k, seed=scene.seed).fit(scene.data).trace_
    np.testing.assert_array_equal(again.states["theta"], scene.trace.states["theta"])
    np.testing.assert_array_equal(again.states["theta0"], scene.trace.states["theta0"])


# -- sections 1-4: one hypothesis --------------------------------------------------
def test_the_drawn_line_is_the_shown_hypothesis_in_every_section(scene):
    for record in scene.records:
        assert record["ends"] is not None
        for end in record["ends"]:
            assert on_line(end, record["theta"], record["theta0"]), record["section"]


def test_theta_is_drawn_from_the_line_along_theta(scene):
    for record in scene.records:
        start, end = record["arrow"]
        assert on_line(start, record["theta"], record["theta0"], tolerance=1e-4)
        direction = (end - start) / np.linalg.norm(end - start)
        unit = record["theta"] / np.linalg.norm(record["theta"])
        np.testing.assert_allclose(direction, unit, atol=1e-6)
        box = scene.plane.box
        assert box.contains(end, tolerance=1e-6)[0], "θ leaves the plane"


def test_scaling_moves_the_arrow_but_not_the_line(scene):
    records = records_of(scene, "scale")
    theta, theta0 = scene.theta_base, scene.theta0_base
    lengths = set()
    for record in records:
        c = record["c"]
        np.testing.assert_allclose(record["theta"], c * theta)
        assert record["theta0"] == pytest.approx(c * theta0)
        for end in record["ends"]:
            assert on_line(end, theta, theta0), "the boundary moved when θ was scaled"
        start, tip = record["arrow"]
        lengths.add(round(float(np.linalg.norm(tip - start)), 6))
        assert record["shown"]["c"] == fmt(c)
        assert record["shown"]["norm"] == fmt(abs(c) * math.hypot(*theta))
        assert record["shown"]["theta"] == fmt_vector(c * theta)
    assert {round(c, 6) for c in scene.scale_factors} <= {round(r["c"], 6) for r in records}
    assert len(lengths) == len(set(scene.scale_factors) | {1.0}), "θ's length did not change"


def test_turning_theta_around_keeps_the_line_and_flips_every_side(scene):
    """c = −1: the same line, θ drawn the other way, the +1 half-plane on the other side,
    and the rings on the points (−θ, −θ₀) misclassifies, counted here."""
    (turned,) = [r for r in records_of(scene, "scale") if r["c"] == pytest.approx(-1.0)][:1]
    theta, theta0 = scene.theta_base, scene.theta0_base
    for end in turned["ends"]:
        assert on_line(end, theta, theta0)
    start, tip = turned["arrow"]
    assert np.dot(tip - start, theta) < 0, "θ was not turned around"
    # the shaded (convex) half-plane, around its centre, is the one where −θᵀx − θ₀ > 0
    assert -np.dot(theta, turned["shade"]) - theta0 > 0
    X, y = scene.data.X, scene.data.y
    wrong = [i for i in range(len(y)) if y[i] * (-np.dot(theta, X[i]) - theta0) <= 0]
    centres = np.array([scene.plane.p2c(ring.get_center()) for ring in scene.flip_rings])
    np.testing.assert_allclose(np.sort(centres, axis=0), np.sort(X[wrong], axis=0), atol=1e-6)
    assert any(f"now {len(wrong)} of the {len(y)} points are on the wrong side" in sentence
               and f"where θ had {count_mistakes(X, y, theta, theta0)}." in sentence
               for sentence in scene.narration)


def test_offset_distance_is_minus_theta0_over_the_norm(scene):
    records = records_of(scene, "offset")
    shown_offsets = set()
    for record in records:
        theta, theta0 = record["theta"], record["theta0"]
        distance = -theta0 / math.hypot(*theta)
        assert record["shown"]["offset"] == fmt(distance)
        # the dashed perpendicular ends on the line, at that signed distance along θ
        foot = record["origin_foot"]
        assert on_line(foot, theta, theta0, tolerance=1e-4)
        unit = theta / math.hypot(*theta)
        assert float(foot @ unit) == pytest.approx(distance, abs=1e-4)
        shown_offsets.add(record["shown"]["offset"])
    assert fmt(0.0) in shown_offsets, "the line should pass through the origin once"
    assert len(shown_offsets) >= 3


def test_signed_distance_of_the_probe(scene):
    records = records_of(scene, "signed-distance")
    signs = set()
    for record in records:
        theta, theta0, point = record["theta"], record["theta0"], record["probe"]
        distance = distance_to_line(point, theta, theta0)
        assert record["shown"]["distance"] == fmt(distance)
        assert on_line(record["probe_foot"], theta, theta0, tolerance=1e-4)
        assert np.linalg.norm(record["probe_foot"] - point) == pytest.approx(abs(distance),
                                                                            abs=1e-4)
        signs.add(np.sign(distance))
    assert signs == {-1.0, 1.0}, "a probe point on each side"


def test_training_error_is_an_independent_count(scene):
    X, y = scene.data.X, scene.data.y
    mistakes = count_mistakes(X, y, scene.theta_base, scene.theta0_base)
    assert 0 < mistakes < len(y)
    final = records_of(scene, "training-error")[-1]
    assert final["shown"]["error"] == fmt(mistakes / len(y))
    ringed = [i for i, ring in enumerate(scene.rings) if ring.get_stroke_opacity() > 0]
    # after the scene the rings mark the mistakes of the returned hypothesis
    best = scene.best_index
    theta, theta0 = scene.trace.states["theta"][best + 1], scene.trace.states["theta0"][best + 1]
    expected = [i for i, (p, label) in enumerate(zip(X, y))
                if label * (float(np.dot(theta, p)) + theta0) <= 0]
    assert ringed == expected


# -- section 6: the best of k -------------------------------------------------------
def test_best_of_k_highlights_the_argmin_of_independent_errors(scene):
    X, y = scene.data.X, scene.data.y
    states = scene.trace.states
    errors = [count_mistakes(X, y, states["theta"][j + 1], states["theta0"][j + 1]) / len(y)
              for j in range(scene.k)]
    best = int(np.argmin(errors))
    assert scene.best_index == best
    # the bars and their numbers, one per hypothesis, say the same
    assert [value.shown for value in scene.bar_values] == [fmt(e) for e in errors]
    heights = np.array([bar.height for bar in scene.bars])
    assert int(np.argmin(heights)) == best
    assert scene.bars[best].get_fill_color().to_hex().lower() == scene.theme.correct.lower()
    # the last frame shows h^(j*): its line, its index, its error
    theta, theta0 = states["theta"][best + 1], states["theta0"][best + 1]
    ends = scene.hyperplane.endpoints_in_data()
    assert ends is not None
    for end in ends:
        assert on_line(end, theta, theta0)
    assert scene.current["j"].number.shown == str(best + 1)
    assert scene.current["error"].number.shown == fmt(errors[best])


class FewHypothesesLight(ClassifierScene):
    """A variant: another theme and seed (the render request), another k (a parameter)."""

    request_override = RenderRequest(theme="light", seed=3)
    k = 4


def test_a_variant_renders_and_finds_its_own_best(tmp_path):
    scene = render(FewHypothesesLight, tmp_path)
    X, y = scene.data.X, scene.data.y
    states = scene.trace.states
    errors = [count_mistakes(X, y, states["theta"][j + 1], states["theta0"][j + 1])
              for j in range(4)]
    assert scene.best_index == int(np.argmin(errors))
    assert scene.sections == SECTIONS
    for end in scene.hyperplane.endpoints_in_data():
        assert on_line(end, states["theta"][scene.best_index + 1],
                       states["theta0"][scene.best_index + 1])


# -- the helpers ---------------------------------------------------------------------
BOX = Box(-3.0, 3.0, -3.0, 3.0)


@pytest.mark.parametrize("angle", np.linspace(0, 2 * np.pi, 13)[:-1])
@pytest.mark.parametrize("theta0", [-1.5, 0.0, 0.7])
def test_normal_anchor_is_on_the_line_with_room(angle, theta0):
    theta = 2.0 * np.array([np.cos(angle), np.sin(angle)])
    length = 1.0
    anchor = normal_anchor(theta, theta0, BOX, along=0.5, length=length)
    assert on_line(anchor, theta, theta0)
    assert BOX.contains(anchor, tolerance=1e-9)[0]
    tip = anchor + length * theta / np.linalg.norm(theta)
    assert BOX.contains(tip, tolerance=1e-9)[0]
    assert most_room(theta, theta0, BOX) >= length


def test_room_along_reaches_the_border():
    point = np.array([1.0, -2.0])
    for direction in ([1.0, 0.0], [0.0, -1.0], [np.sqrt(0.5), np.sqrt(0.5)]):
        direction = np.array(direction)
        room = room_along(point, direction, BOX)
        end = point + room * direction
        assert BOX.contains(end, tolerance=1e-9)[0]
        assert min(abs(end[0]) - 3, abs(end[1]) - 3) == pytest.approx(0.0, abs=1e-9) or \
            max(abs(end[0]), abs(end[1])) == pytest.approx(3.0)


def test_normal_anchor_without_a_visible_line():
    assert normal_anchor(np.array([1.0, 0.0]), -10.0, BOX, along=0.5, length=1.0) is None


def test_fast_dashed_line_keeps_its_ends_and_dash_length():
    dashes = FastDashedLine("#FFFFFF")
    start, end = np.array([-1.0, 0.5, 0.0]), np.array([2.0, 1.5, 0.0])
    dashes.set_ends(start, end)
    points = dashes.points
    np.testing.assert_allclose(points[0], start)
    np.testing.assert_allclose(points[-1], end)
    # every dash is a straight cubic along the segment
    direction = (end - start) / np.linalg.norm(end - start)
    offsets = points - start
    np.testing.assert_allclose(offsets - np.outer(offsets @ direction, direction), 0, atol=1e-12)
    lengths = np.linalg.norm(points[3::4] - points[0::4], axis=1)
    assert np.allclose(lengths, lengths[0])
    assert lengths[0] == pytest.approx(dashes.dash_length, rel=0.5)
    dashes.set_ends(start, start)
    assert np.allclose(dashes.points, start)


def test_glyph_number_changes_in_place():
    """One mobject holds every glyph and is rewritten in place: nothing stale is left to draw.

    (Cairo draws, during an animation, the family listed when it began: glyphs
    made as new mobjects used to stay on screen beside the new ones.)
    """
    number = GlyphNumber("-12.34", 20, "#FFFFFF")
    family = list(number.get_family())
    wide = number.body.width
    number.set_text("5")
    assert list(number.get_family()) == family
    assert number.body.width < wide / 3
    number.set_text("")
    curves = number.body.points.reshape(-1, 4, 3)  # nothing to see: every curve is a point
    np.testing.assert_array_equal(curves, np.repeat(curves[:, :1], 4, axis=1))
    number.set_text("6.78")
    assert list(number.get_family()) == family
    assert number.body.width > 0
