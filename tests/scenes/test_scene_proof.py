"""The proof scene plots exactly the run's θ·θ*/‖θ*‖ and ‖θ‖², under their bounds."""

from __future__ import annotations

import numpy as np
import pytest

from linviz import Perceptron, make_builtin
from linviz.errors import DataError
from linviz.theory import max_margin_separator
from scenes.toolkit.screen_text import fmt
from scenes.proof import ProofOffsetScene, ProofScene

from scene_helpers import built_scene, tiny_dry_run, variant


@pytest.fixture(scope="module")
def media(tmp_path_factory):
    """One media folder for the module: Typst typesets each formula once."""
    return tmp_path_factory.mktemp("media")


@pytest.fixture(scope="module")
def scenes(media):
    """Each proof scene built once (the tests only move its trackers)."""
    return {cls: built_scene(cls, media) for cls in (ProofScene, ProofOffsetScene)}


def independent(scene):
    """θ_M (augmented with θ₀ when the scene has an offset), θ*, γ and R, in plain numpy.

    θ_M comes from the trace's states; θ* and γ from the theory's maximum-margin
    separator of the theorem's points; R is their largest norm.
    """
    states = scene.trace.states
    X = scene.data.X
    if scene.offset:
        thetas = np.column_stack([states["theta"], states["theta0"]])
        points = np.column_stack([X, np.ones(len(X))])
    else:
        thetas, points = states["theta"], X
    star = max_margin_separator(points, scene.data.y, offset=False)
    R = float(np.max(np.sqrt(np.sum(points * points, axis=1))))
    return thetas, star.theta, star.gamma, R


@pytest.mark.parametrize("scene_class", [ProofScene, ProofOffsetScene])
def test_the_plots_show_the_runs_values_and_their_bounds_at_every_update(scene_class, scenes):
    scene = scenes[scene_class]
    thetas, star, gamma, R = independent(scene)
    M_final = len(thetas) - 1
    assert M_final == scene.trace.result["updates"] >= 1
    for M in range(M_final + 1):
        scene.tracker.set_value(M)
        scene.follow_plots()
        scene.update_run_numbers()
        alignment = float(thetas[M] @ star / np.linalg.norm(star))
        norm_squared = float(thetas[M] @ thetas[M])
        alignment_plot, norm_plot = scene.plots["alignment"], scene.plots["norm"]
        np.testing.assert_allclose(alignment_plot.head_in_data(), (M, alignment), atol=1e-9)
        np.testing.assert_allclose(norm_plot.head_in_data(), (M, norm_squared), atol=1e-9)
        # the bound lines are Mγ and MR²
        np.testing.assert_allclose(alignment_plot.bound_head_in_data(), (M, M * gamma),
                                   atol=1e-7)
        np.testing.assert_allclose(norm_plot.bound_head_in_data(), (M, M * R**2), atol=1e-9)
        # the gap never closes: the curve stays on its side of the bound
        assert alignment >= M * gamma - 1e-9 and norm_squared <= M * R**2 + 1e-9
        # the live numbers beside the plots
        assert scene.alignment_value.number.shown == fmt(alignment)
        assert scene.lower_value.number.shown == fmt(M * gamma)
        assert scene.norm_value.number.shown == fmt(norm_squared)
        assert scene.upper_value.number.shown == fmt(M * R**2)
        assert scene.M_value.number.shown == str(M)
        if M > 0:
            gain = alignment - float(thetas[M - 1] @ star / np.linalg.norm(star))
            # at γ's places (three significant digits), so "≥ γ" reads true as shown
            places = max(2, -int(np.floor(np.log10(gamma))) + 2)
            assert scene.gain_value.number.shown.lstrip("+") == fmt(gain, places)
            assert round(gain, places) >= round(gamma, places)
            assert gain >= gamma - 1e-9  # fact (1), update by update
    # between updates the curve's head moves along the segment
    scene.tracker.set_value(0.5)
    scene.follow_plots()
    half = 0.5 * float(thetas[1] @ star)
    np.testing.assert_allclose(scene.plots["alignment"].head_in_data(), (0.5, half), atol=1e-9)


@pytest.mark.parametrize("scene_class", [ProofScene, ProofOffsetScene])
def test_the_chain_and_the_bound(scene_class, scenes):
    scene = scenes[scene_class]
    thetas, star, gamma, R = independent(scene)
    M_final = len(thetas) - 1
    for M in range(M_final + 1):
        scene.set_chain_numbers(M)
        chain = [M * gamma, float(thetas[M] @ star), float(np.linalg.norm(thetas[M])),
                 np.sqrt(M) * R]
        assert [n.shown for n in scene.chain_numbers] == [fmt(v) for v in chain]
        assert all(a <= b + 1e-9 for a, b in zip(chain, chain[1:]))
    assert M_final <= (R / gamma) ** 2
    assert scene.quantities.bound == pytest.approx((R / gamma) ** 2)
    # the final M and the bound, side by side
    assert scene.chain_final[0].number.shown == str(M_final)


def test_the_normalized_run_is_the_same_run_divided_by_r(scenes):
    scene = scenes[ProofScene]
    _, _, gamma, R = independent(scene)
    unit = scene.unit_quantities
    assert unit.R == pytest.approx(1.0)
    assert unit.gamma == pytest.approx(gamma / R)
    assert unit.bound == pytest.approx((R / gamma) ** 2)
    assert unit.M[-1] == scene.quantities.M[-1]


def test_the_band_around_theta_star_has_half_width_gamma(scenes):
    scene = scenes[ProofScene]
    _, star, gamma, _ = independent(scene)
    for edge in scene.star_band.edges_in_data():
        for point in edge:
            assert abs(point @ star) / np.linalg.norm(star) == pytest.approx(gamma, abs=1e-6)
    # and the circle is R, in data units
    R = independent(scene)[3]
    assert scene.circle.width / 2 == pytest.approx(R * scene.plane.unit, rel=1e-3)


def test_the_offset_scene_draws_the_lifted_band_in_the_plane(scenes):
    scene = scenes[ProofOffsetScene]
    _, star, gamma, R = independent(scene)
    # a point p of the plane is on an edge when θ*ᵀ[p, 1] = ±γ
    for edge in scene.star_band.edges_in_data():
        for point in edge:
            assert abs(star[:2] @ point + star[2]) == pytest.approx(gamma, abs=1e-6)
    assert scene.circle.width / 2 == pytest.approx(np.sqrt(R**2 - 1) * scene.plane.unit,
                                                   rel=1e-3)


def test_whole_scene_plays_to_the_bound(media):
    with tiny_dry_run(media):
        scene = ProofScene()
        scene.render()
    result = Perceptron(offset=False).fit(make_builtin("separable-origin")).trace_.result
    assert scene.sections == ["theorem", "two-facts", "updates", "chain", "normalized"]
    assert scene.tracker.get_value() == result["updates"]
    assert scene.chain_M.number.shown == str(result["updates"])
    assert any(f"{fmt(scene.quantities.bound)}" in sentence for sentence in scene.narration)
    assert not list(media.rglob("*.tex"))


@pytest.mark.parametrize("scene_class, spec", [(ProofScene, "xor"), (ProofScene, "noisy"),
                                               (ProofOffsetScene, "xor-cloud")])
def test_data_that_is_not_separable_is_refused(scene_class, spec):
    with pytest.raises(DataError, match="not separable"):
        variant(scene_class, data_spec=spec).load_data()


def test_data_separable_only_with_an_offset_is_refused_through_the_origin(tmp_path):
    # offset1d is 1-D; a 2-D set separable only with an offset: the lifted offset1d idea
    X = np.array([[2.0, 2.0], [2.5, 2.5], [3.0, 3.0], [3.5, 3.5]])
    y = np.array([-1.0, -1.0, 1.0, 1.0])
    path = tmp_path / "offset.csv"
    path.write_text("x1,x2,label\n" + "".join(f"{a},{b},{int(c)}\n" for (a, b), c in zip(X, y)))
    with pytest.raises(DataError, match="through the origin"):
        variant(ProofScene, data_spec=str(path)).load_data()
    variant(ProofOffsetScene, data_spec=str(path)).load_data()  # fine with an offset


@pytest.mark.parametrize("spec, seed", [("separable", 0), ("small-margin", 4)])
def test_theta_star_stays_in_sight_when_the_run_ends_along_it(spec, seed):
    """On these data the final θ lies within 0.3° of θ* (checked here): θ* is drawn over θ
    and thinner, so that both arrows show where they overlap."""
    from story_runs import story_with

    scene = story_with(ProofScene, data_spec=spec, seed=seed)
    theta, star = scene.thetas[-1], scene.star_normal
    angle = np.degrees(np.arccos(theta @ star / np.linalg.norm(theta) / np.linalg.norm(star)))
    assert angle < 0.5
    drawn = scene.get_mobject_family_members()
    assert drawn.index(scene.star_vector.arrow.shaft) > drawn.index(scene.theta_arrow.arrow.shaft)
    assert scene.star_vector.arrow.shaft.get_stroke_width() < \
        scene.theta_arrow.arrow.shaft.get_stroke_width()
    assert scene.star_vector not in scene.still_drawings


def _overlap(a: np.ndarray, b: np.ndarray) -> float:
    """Area shared by two boxes [x_min, y_min, x_max, y_max]."""
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    return max(width, 0.0) * max(height, 0.0)


@pytest.mark.parametrize("scene_class, spec, seed", [
    (ProofOffsetScene, "small-margin", 3), (ProofScene, "separable", 0),
    (ProofScene, "small-margin", 1), (ProofOffsetScene, "separable-origin", 0)])
def test_theta_stars_label_keeps_off_the_rings_of_the_run(scene_class, spec, seed, media):
    """θ*'s label stands from the theorem to the end: it must not sit on the ring the run
    draws round an update point (the ring of the last update stands through the chain)."""
    from manim import DL, UR

    scene = built_scene(scene_class, media, data_spec=spec, seed=seed)
    label = scene.star_vector.label
    box = np.array([*label.get_corner(DL)[:2], *label.get_corner(UR)[:2]])
    radius = scene.ring.width / 2
    for i in {int(i) for i in scene.update_points}:
        centre = scene.plane.c2p(scene.data.X[i])
        ring = np.array([centre[0] - radius, centre[1] - radius,
                         centre[0] + radius, centre[1] + radius])
        assert _overlap(box, ring) < 1e-9, f"θ*'s label sits on the ring round point {i + 1}"


PROOF_STORIES = [("proof", None), ("proof", "small-margin"), ("proof-offset", None),
                 ("proof-offset", "separable-origin")]


@pytest.mark.parametrize("name, spec", PROOF_STORIES)
def test_no_slide_stands_still_long_with_nothing_new_said(name, spec):
    """A beat is a sentence and what moves under it: no stretch over 8 s in which nothing
    moves and no caption begins (the two facts stood ~17 s as one still board before)."""
    from pacing_check import MAX_STILL_WITHOUT_NEWS, still_without_news
    from story_runs import story

    stills = still_without_news(story(name, spec, 0).timeline)
    assert not stills, (f"still over {MAX_STILL_WITHOUT_NEWS} s with nothing new said: "
                        f"{[(round(a, 1), round(b, 1)) for a, b in stills]}")


def test_the_still_check_finds_a_still_slide():
    from types import SimpleNamespace

    from pacing_check import still_without_news

    caption = SimpleNamespace(start=1.0)
    timeline = SimpleNamespace(captions=[caption], motions=[(0.0, 1.0), (12.0, 13.0)])
    assert still_without_news(timeline) == [(1.0, 12.0)]


@pytest.mark.parametrize("spec", ["iris-sepal", "iris-petal"])
def test_theta_star_is_drawn_readable_and_the_note_says_how(spec, tmp_path):
    """On Iris data θ reaches ‖θ‖ = 160 (sepal), so arrows are drawn at 0.07×: θ* at that
    scale was a dot. It is drawn at a readable length, and the note says it is for its
    direction only; the gain beside γ is shown at γ's places (+0.05 beside 0.0522 before)."""
    from scene_helpers import gallery_csv
    from scenes.toolkit import style
    from story_runs import story_with

    scene = story_with(ProofOffsetScene, data_spec=gallery_csv(tmp_path, spec))
    box = scene.plane.box
    half_side = (box.x_max - box.x_min) / 2
    drawn = scene.star_scale * float(np.linalg.norm(scene.star_normal))
    assert drawn >= style.STAR_MIN_SHARE * half_side - 1e-9
    note = scene.scale_note()
    assert note is not None and "direction only" in note.source
    gains = np.diff(scene.quantities.alignment)
    places = scene.gamma_places
    assert np.all(np.round(gains, places) >= np.round(scene.quantities.gamma, places))
    # after the points are divided by R, the axes say so (not "sepal length (cm)" at 0.7)
    assert all(name.source.endswith("\\/ R$") for name in scene.plane.axis_labels[:2])


def exact_offset_perceptron_updates(csv_path: str) -> int:
    """The updates of the perceptron with offset on a two-class CSV file (in file order,
    ≤ 0 a mistake), in exact rational arithmetic on the file's decimals: an independent
    count of the run's updates."""
    from fractions import Fraction

    lines = open(csv_path, encoding="utf-8").read().split("\n")
    rows = [line.split(",") for line in lines[1:] if line.strip()]
    names = sorted({row[-1] for row in rows})
    assert len(names) == 2
    points = [[Fraction(v) for v in row[:-1]] + [Fraction(1)] for row in rows]
    # which class is +1 does not change the count (θ → −θ is the mirrored run)
    labels = [1 if row[-1] == names[0] else -1 for row in rows]
    theta = [Fraction(0)] * len(points[0])
    updates = 0
    while True:
        changed = False
        for x, y in zip(points, labels):
            if y * sum(t * v for t, v in zip(theta, x)) <= 0:
                theta = [t + y * v for t, v in zip(theta, x)]
                updates += 1
                changed = True
        if not changed:
            return updates


def _updates_story(tmp_path, spec: str):
    """The offset proof's story on the gallery case ``spec``, with (sentence, M, x of the
    plot's head) at the end of every beat."""
    from scene_helpers import gallery_csv
    from story_runs import story_with

    path = gallery_csv(tmp_path, spec)

    class Recorded(ProofOffsetScene):
        def finish_beat(self):
            if self.timeline.current is not None and hasattr(self, "plots"):
                head = self.plots["alignment"].head.get_center()[0]
                self.beat_ends.append((self.timeline.current[1], self.whole_M(), head))
            super().finish_beat()

    Recorded.beat_ends = []
    scene = story_with(Recorded, data_spec=path)
    return scene, path, Recorded.beat_ends


def test_each_update_sentence_names_the_update_its_beat_ends_on(tmp_path):
    """Review of iris-sepal: "Fast forward to update 1,516" stood over M = 1,518 (the
    last two updates played under it). Every sentence naming updates ends its beat at the
    last update it names, and the run's last is its count, recounted here exactly."""
    import re

    scene, path, beat_ends = _updates_story(tmp_path, "iris-sepal")
    named = []
    for sentence, M, _ in beat_ends:
        found = re.match(r"(?:Fast forward to update|Updates? (?:\d+ to )?)([\d,]+)", sentence)
        if found:
            named.append((sentence, int(found.group(1).replace(",", "")), M))
    assert named
    for sentence, said, shown in named:
        assert said == shown, f"{sentence!r} said over M = {shown}"
    count = exact_offset_perceptron_updates(path)
    assert named[-1][1] == count == scene.trace.result["updates"]


def test_every_update_beat_moves_the_plots_visibly(tmp_path):
    """Review of iris-sepal: "Updates 2 to 9" played over plots spanning M = 0..1,518, so
    their heads moved 0.01 units in 12 s. Every beat under which the run makes more than
    one update moves the plots' heads visibly (a single update is read in the numbers
    beside the plots, which its sentence quotes)."""
    _, _, beat_ends = _updates_story(tmp_path, "iris-sepal")
    visible = 0.25  # scene units: about 15 pixels at 854 wide
    for (_, M_before, x_before), (sentence, M, x) in zip(beat_ends, beat_ends[1:]):
        if M > M_before + 1:
            assert x - x_before >= visible, f"{sentence!r}: the plots moved {x - x_before:.3f}"


def _evaluate_typst(expression: str, **values) -> float:
    """A plain Typst math expression (names, numbers, +, *, /, \\/, ^, parentheses)
    evaluated with ``values`` for its names."""
    import re

    python = expression.replace("\\/", "/").replace("^", "**")
    python = re.sub(r"\)\s*\(", ")*(", python)
    python = re.sub(r"(\w)\s+(\w)", r"\1*\2", python)  # juxtaposition multiplies
    return float(eval(python, {"__builtins__": {}}, dict(values)))


@pytest.mark.parametrize("scene_class", [ProofScene, ProofOffsetScene])
def test_the_normalized_bound_is_written_with_the_scaled_margin(scene_class, scenes):
    """Review: "M ≤ 1/γ²" stood under "the margin becomes γ/R = 0.139": read literally
    1/0.256² ≈ 15, not the 51 the scaled points allow. After scaling, every bound on M and
    every fact's margin is written with the margin of the scaled points, γ/R: evaluated
    with the theory's γ and R it is (R/γ)², and the first fact's gain is γ/R."""
    import re

    scene = scenes[scene_class]
    _, _, gamma, R = independent(scene)
    sources = [part.source for part in scene.normalized.get_family()
               if isinstance(getattr(part, "source", None), str)]
    bounds = [found.group(1) for source in sources
              for found in re.finditer(r"M <= ([^,$]+?)\s*(?:$|,|\$)", source)]
    assert bounds, sources
    for bound in bounds:
        assert _evaluate_typst(bound, gamma=gamma, R=R) == pytest.approx((R / gamma) ** 2), bound
    gains = [found.group(1) for source in sources
             for found in re.finditer(r"theta\^\* >= M (.+?),", source)]
    assert gains
    for gain in gains:
        assert _evaluate_typst(gain, gamma=gamma, R=R) == pytest.approx(gamma / R), gain


@pytest.mark.parametrize("scene_class", [ProofScene, ProofOffsetScene])
def test_no_delta_stands_without_its_value(scene_class):
    """Review of the default data, beats 11-12: at M = 0 the notes read "this update:
    Δ =" with no value (there is no update yet). Whenever a "Δ =" label is on screen at a
    beat's end, its value is there too."""
    from story_runs import story_with

    class Recorded(scene_class):
        def finish_beat(self):
            if self.timeline.current is not None and hasattr(self, "gain_value"):
                on_screen = {id(m) for m in self.get_mobject_family_members()}
                for still in getattr(self, "still_drawings", []):
                    on_screen.update(id(m) for m in still.get_family())
                for value in (self.gain_value, self.growth_value):
                    if any(id(leaf) in on_screen for leaf in value.label.get_family()):
                        self.deltas.append((self.timeline.current[1], value.number.shown))
            super().finish_beat()

    Recorded.deltas = []
    story_with(Recorded)
    assert Recorded.deltas
    for sentence, shown in Recorded.deltas:
        assert shown.strip(), f"Δ without a value at {sentence[:50]!r}"
