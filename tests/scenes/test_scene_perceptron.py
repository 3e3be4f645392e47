"""The perceptron scene draws exactly the engine's trace, step by step."""

from __future__ import annotations

import numpy as np
import pytest

from linviz import Perceptron, make_builtin
from linviz.errors import DataError
from scenes.perceptron import PerceptronOriginScene, PerceptronScene

from scene_helpers import built_scene, tiny_dry_run, variant


def independent_state(data, k, offset):
    """θ, θ₀ after k visits, by a plain loop over the notes' algorithm."""
    theta, theta0, visits = np.zeros(data.n_features), 0.0, 0
    while True:
        for x, y in zip(data.X, data.y):
            if visits == k:
                return theta, theta0
            if y * (theta @ x + theta0) <= 0:
                theta = theta + y * x
                theta0 = theta0 + (y if offset else 0.0)
            visits += 1


@pytest.mark.parametrize("scene_class", [PerceptronScene, PerceptronOriginScene])
def test_drawings_follow_the_trace_at_every_shown_step(scene_class, tmp_path):
    scene = built_scene(scene_class, tmp_path)
    trace = scene.trace
    mistakes = np.flatnonzero(trace.steps["mistake"])
    steps = sorted({0, 1, int(mistakes[1]) + 1, int(mistakes[-1]) + 1, trace.n_steps})
    for k in steps:
        scene.tracker.set_value(k)
        for mobject in (scene.hyperplane, scene.theta_arrow, scene.live):
            mobject.update(0)
        theta, theta0 = independent_state(scene.data, k, scene.offset)
        ends = scene.hyperplane.endpoints_in_data()
        if not np.any(theta):
            assert ends is None
            continue
        for point in ends:
            assert point @ theta + theta0 == pytest.approx(0, abs=1e-6 * np.linalg.norm(theta))
        tip = scene.plane.p2c(scene.theta_arrow.arrow.get_end())
        np.testing.assert_allclose(tip, scene.vector_scale * theta, atol=1e-6)
        M = int(np.sum(trace.steps["mistake"][:k]))
        assert scene.counters["M"].number.shown == str(M)
        shown_error = float(scene.counters["error"].number.shown)
        error = np.mean(scene.data.y * (scene.data.X @ theta + theta0) <= 0)
        assert shown_error == pytest.approx(error, abs=0.005)
        if k > 0:
            assert scene.counters["i"].number.shown == str(int(trace.steps["i"][k - 1]) + 1)
            assert scene.counters["epoch"].number.shown == str(1 + (k - 1) // scene.data.n_samples)


def test_the_boundary_turns_smoothly_between_states(tmp_path):
    scene = built_scene(PerceptronScene, tmp_path)
    k = int(np.flatnonzero(scene.trace.steps["mistake"])[2])
    (a, a0, _), (b, b0, _) = scene.parameters(k), scene.parameters(k + 1)
    theta, theta0, presence = scene.parameters(k + 0.5)
    assert presence == 1.0  # not the first update: θ ≠ 0 before it
    np.testing.assert_allclose(theta, (a + b) / 2)
    assert theta0 == pytest.approx((a0 + b0) / 2)


def test_whole_scene_plays_to_the_engines_result(tmp_path):
    with tiny_dry_run(tmp_path):
        scene = PerceptronOriginScene()
        scene.render()
    result = Perceptron(offset=False).fit(make_builtin("separable-origin")).trace_.result
    assert scene.tracker.get_value() == scene.trace.n_steps
    assert scene.counters["M"].number.shown == str(result["updates"])
    assert scene.counters["epoch"].number.shown == str(result["epochs"])
    assert scene.sections[0] == "setup" and scene.sections[-1] == "result"
    assert len([s for s in scene.sections if s.startswith("epoch-")]) == result["epochs"]
    assert any(str(result["updates"]) in sentence for sentence in scene.narration)
    assert not list(tmp_path.rglob("*.tex"))


def test_scene_refuses_data_it_cannot_show():
    with pytest.raises(DataError, match="not separable"):
        variant(PerceptronScene, data_spec="xor").load_data()
    with pytest.raises(DataError, match="2-D"):
        variant(PerceptronScene, data_spec="offset1d").load_data()


def frame_at(scene_class, media_dir, k):
    scene = built_scene(scene_class, media_dir)
    with tiny_dry_run(media_dir):
        scene.add(scene.plane, scene.code, scene.labels, scene.live, scene.hyperplane,
                  scene.theta_arrow)
        scene.tracker.set_value(k)
        scene.update_mobjects(0)
        scene.renderer.update_frame(scene)
        return scene.renderer.get_frame().copy()


def test_same_arguments_give_the_same_frame(tmp_path):
    first = frame_at(PerceptronScene, tmp_path / "a", 7)
    second = frame_at(PerceptronScene, tmp_path / "b", 7)
    assert first.shape == (90, 160, 4)
    assert np.array_equal(first, second)
    assert not np.array_equal(first, frame_at(PerceptronScene, tmp_path / "c", 0))


@pytest.mark.parametrize("scene_class", [PerceptronScene, PerceptronOriginScene])
def test_no_boundary_is_drawn_before_the_first_update(scene_class, tmp_path):
    """While θ = 0 (the mistake is being explained) there is no line and no shading; the
    line fades in as the update plays and stands at full strength once it is made."""
    scene = built_scene(scene_class, tmp_path)
    k = int(np.flatnonzero(scene.trace.steps["mistake"])[0])
    assert not np.any(scene.thetas[scene.states_after[k]])  # θ = 0 before it
    for s, expected in ((k + 1e-6, 0.0), (k + 0.25, 0.25), (k + 1, 1.0)):
        scene.tracker.set_value(s)
        scene.hyperplane.update(0)
        line_opacity = float(scene.hyperplane.line.get_stroke_opacity())
        shade_opacity = float(scene.hyperplane.shade.get_fill_opacity())
        assert line_opacity == pytest.approx(expected, abs=1e-4)
        assert shade_opacity == pytest.approx(scene.theme.shade_opacity * expected, abs=1e-4)
        if expected == 0.0:
            assert scene.hyperplane.endpoints_in_data() is None


def test_tip_to_tail_slides_y_x_to_the_tip_of_the_old_theta(tmp_path):
    """Before it fades, each explained y⁽ⁱ⁾x⁽ⁱ⁾ runs from the old θ's tip to the new θ's
    (at the drawing scale), the states recomputed by the notes' loop."""
    from manim import FadeOut

    seen = []

    class Watched(PerceptronScene):
        def play(self, *animations, **kwargs):
            for animation in animations:
                if isinstance(animation, FadeOut) and hasattr(animation.mobject, "start_data"):
                    arrow = animation.mobject.arrow
                    seen.append((self.plane.p2c(arrow.get_start()),
                                 self.plane.p2c(arrow.get_end())))
            super().play(*animations, **kwargs)

    with tiny_dry_run(tmp_path):
        scene = Watched()
        scene.render()
    # from θ = 0 there is no tip to slide to: the sums explained are those from θ ≠ 0
    mistakes = [k for k in np.flatnonzero(scene.trace.steps["mistake"])
                if any(np.any(v) for v in independent_state(scene.data, int(k), True))]
    assert len(seen) >= 1  # two updates explained: the second, from θ ≠ 0, slides
    for (start, end), k in zip(seen, mistakes):
        before, _ = independent_state(scene.data, int(k), True)
        after, _ = independent_state(scene.data, int(k) + 1, True)
        np.testing.assert_allclose(start, scene.vector_scale * before, atol=1e-6)
        np.testing.assert_allclose(end, scene.vector_scale * after, atol=1e-6)


@pytest.mark.parametrize("data_spec", [None, "small-margin", "separable-origin"])
def test_the_theta_label_never_sits_on_a_ringed_point(data_spec, tmp_path):
    """The issue: θ's label on a ringed point. At the end of every beat the label's box and
    the box of each ring shown (the visited point's, the closing one's) do not meet."""
    from manim import DL, UR

    from story_runs import story_with

    def box(m):
        return np.array([*m.get_corner(DL)[:2], *m.get_corner(UR)[:2]])

    def meet(a, b):
        return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]

    overlaps = []

    def look(scene):
        label = scene.theta_arrow.label
        if label.width == 0 or label.get_fill_opacity() == 0 or not np.any(scene.parameters()[0]):
            return
        rings = [scene.cursor] if scene.cursor.get_stroke_opacity() > 0 else []
        rings += [scene.ring] if getattr(scene, "ring", None) is not None else []
        overlaps.extend(scene.timeline.current[1] for ring in rings if meet(box(label), box(ring)))

    attributes = {"data_spec": data_spec} if data_spec else {}
    story_with(PerceptronScene, beat_observers=[look], **attributes)
    assert not overlaps, overlaps
