"""The Manim internals linviz relies on are all there, and behave as the adapter assumes.

When an upgrade of Manim breaks one, the failure names scenes/toolkit/speed/manim_adapter.py,
the only module that touches them.
"""

from __future__ import annotations

import string

import numpy as np
import pytest
from manim import Circle, Scene, Square, VMobject, tempconfig

from scenes.toolkit.speed import manim_adapter

ADAPTER = "Manim changed under scenes/toolkit/speed/manim_adapter.py"


def test_the_typst_template_takes_the_fields_the_adapter_fills():
    fields = {name for _, name, _, _ in string.Formatter().parse(manim_adapter.TYPST_TEMPLATE)
              if name}
    assert fields == {"text_size", "preamble", "body"}, f"{ADAPTER}: TYPST_TEMPLATE {fields}"
    assert "hello" in manim_adapter.typst_page("hello")


def test_vmobjects_have_the_colour_arrays_and_gradient_hook():
    square = Square().set_fill(opacity=0.5)
    for name in ("fill_rgbas", "stroke_rgbas", "background_stroke_rgbas"):
        assert getattr(square, name, None) is not None, f"{ADAPTER}: VMobject.{name}"
    assert callable(getattr(VMobject, "get_gradient_start_and_end_points", None)), \
        f"{ADAPTER}: VMobject.get_gradient_start_and_end_points"
    fill, stroke, background = manim_adapter.colour_alphas(square)
    manim_adapter.set_colour_alphas(square, fill * 0, stroke, background)
    assert square.get_fill_opacity() == 0, f"{ADAPTER}: fill_rgbas alpha no longer drawn"
    rgbas = np.array([[1.0, 0, 0, 1], [0, 0, 1, 1]])
    manim_adapter.set_fill_colours(square, rgbas)
    assert np.allclose(square.fill_rgbas, rgbas)


def test_painting_the_background_draws_what_the_scene_would(tmp_path):
    """A circle painted into the background and a circle in the scene: the same frame."""
    with tempconfig({"dry_run": True, "pixel_width": 96, "pixel_height": 54,
                     "media_dir": str(tmp_path), "verbosity": "ERROR"}):
        drawn, painted = Scene(), Scene()
        circle = Circle(radius=2).set_fill("#E69F00", opacity=1)
        drawn.add(circle)
        for scene in (drawn, painted):
            assert hasattr(scene.renderer, "static_image"), f"{ADAPTER}: static_image"
        expected = manim_adapter.current_frame(drawn)
        manim_adapter.paint_background(painted, [circle.copy()])
        got = manim_adapter.current_frame(painted)
    assert expected.shape == got.shape
    assert np.abs(expected.astype(int) - got.astype(int)).max() <= 1, \
        f"{ADAPTER}: painting into the camera background"
    assert (got[27, 48, :3] != got[2, 2, :3]).any()  # the circle is really there


@pytest.mark.parametrize("name", ["init_background", "capture_mobjects", "reset"])
def test_the_camera_has_what_painting_needs(name, tmp_path):
    with tempconfig({"dry_run": True, "media_dir": str(tmp_path), "verbosity": "ERROR"}):
        camera = Scene().camera
    assert callable(getattr(camera, name, None)), f"{ADAPTER}: Camera.{name}"


def test_svg_imports_keep_their_parsed_paths_until_forgotten():
    """Manim's Typst import keeps a parsed path per glyph (what makes copies slow);
    forget_svg_paths drops them, and the toolkit's typeset never hands them out."""
    from manim.mobject.text.typst_mobject import MathTypst

    from scenes.toolkit.speed.typeset import typeset

    imported = MathTypst("{{ x : a }} + {{ y : b }}", use_svg_cache=False)
    assert any("path_obj" in vars(part) for part in imported.get_family()), \
        f"{ADAPTER}: VMobjectFromSVGPath.path_obj is gone (forget_svg_paths is then not needed)"
    manim_adapter.forget_svg_paths(imported)
    assert not any("path_obj" in vars(part) for part in imported.get_family())
    grouped = typeset("{{ x : a }} + {{ y : b }}", is_math=True, font_size=24, colour="#FFFFFF",
                      parts=True)
    assert not any("path_obj" in vars(part) for part in grouped.get_family())
    assert len(grouped.select("a")) > 0  # the groups still work without the paths


def test_a_skipping_linviz_renderer_draws_only_the_frames_asked_for(tmp_path, monkeypatch):
    """Skipping animations (the handout's key frames), plays and waits draw nothing;
    the frame asked for is drawn, the same as a renderer that draws every play gives."""
    from manim import FadeIn
    from manim.camera.camera import Camera
    from manim.renderer.cairo_renderer import CairoRenderer

    drawn = []
    original = Camera.capture_mobjects
    monkeypatch.setattr(Camera, "capture_mobjects",
                        lambda self, mobjects, **kw: (drawn.append(1),
                                                      original(self, mobjects, **kw))[1])

    def last_frame(renderer):
        with tempconfig({"dry_run": True, "pixel_width": 96, "pixel_height": 54,
                         "media_dir": str(tmp_path), "verbosity": "ERROR"}):
            scene = Scene(renderer=renderer())
            circle = Circle().set_fill("#E69F00", opacity=1)
            scene.add(Square())
            drawn.clear()
            scene.play(FadeIn(circle))
            scene.wait(1)
            scene.play(circle.animate.shift([1, 0, 0]))
            during = len(drawn)
            return during, manim_adapter.current_frame(scene)

    during, frame = last_frame(lambda: manim_adapter.holding_renderer(skip_animations=True))
    assert during == 0
    _, expected = last_frame(lambda: CairoRenderer(skip_animations=False))
    assert np.array_equal(frame, expected)
