"""Every use of Manim's internals in one place, so that an upgrade breaks one module.

linviz is tested against Manim Community 0.22 (pyproject pins ``>=0.22,<0.23``).
Each function here touches something Manim does not document as public: the
Cairo renderer's static image, the camera's background, the Typst page
template, the SVG path reader, the colour arrays of a VMobject and the hook
the Cairo camera asks for a gradient's end points.
``tests/test_manim_adapter.py`` checks each of them on the installed Manim
and names this module when one is gone.
"""

from __future__ import annotations

import numpy as np
from manim import VMobject
from manim.animation.animation import prepare_animation
from manim.mobject.svg.svg_mobject import VMobjectFromSVGPath  # noqa: F401 (re-exported)
from manim.utils.typst_file_writing import TYPST_COMPILATION_FONT_SIZE, TYPST_TEMPLATE

#: the names this module relies on, for the upgrade test
INTERNALS = {
    "CairoRenderer.static_image": "the still image a wait or play reuses",
    "Camera.background / init_background / capture_mobjects / pixel_array":
        "painting still drawings into the background",
    "manim.utils.typst_file_writing.TYPST_TEMPLATE": "the page every Typst string is set on",
    "manim.mobject.svg.svg_mobject.VMobjectFromSVGPath": "reading a glyph outline",
    "VMobject.fill_rgbas / stroke_rgbas / background_stroke_rgbas": "fading without copies",
    "VMobject.get_gradient_start_and_end_points": "where the Cairo camera puts a gradient",
    "VMobjectFromSVGPath.path_obj": "the parsed SVG path each imported glyph keeps",
    "VMobject.stroke_width / background_stroke_width / sheen_factor":
        "what a still drawing's fingerprint covers",
    "manim.animation.animation.prepare_animation": "an `.animate` builder as an animation",
}


def typst_page(body: str) -> str:
    """``body`` on Manim's own Typst page (same font size and template as its Typst mobjects)."""
    return TYPST_TEMPLATE.format(text_size=TYPST_COMPILATION_FONT_SIZE, preamble="", body=body)


def forget_still_image(renderer) -> None:
    """Make the renderer draw the next frame from scratch (it keeps one after a still wait)."""
    renderer.static_image = None


def current_frame(scene) -> np.ndarray:
    """The scene's frame as it stands now, drawn afresh: an (h, w, 4) uint8 array."""
    forget_still_image(scene.renderer)
    scene.renderer.update_frame(scene)
    return scene.renderer.get_frame()


def paint_background(scene, mobjects) -> None:
    """The camera's background becomes the theme's colour with ``mobjects`` painted on it."""
    camera = scene.camera
    camera.init_background()
    if mobjects:
        camera.reset()
        camera.capture_mobjects(mobjects)
        camera.background = camera.pixel_array.copy()
    forget_still_image(scene.renderer)


def drawn_arrays(mobject) -> list[np.ndarray]:
    """The arrays the Cairo camera draws ``mobject`` (one part, not its family) from:
    its points, and for a VMobject its colours, stroke widths and sheen."""
    arrays = [mobject.points]
    if isinstance(mobject, VMobject):
        arrays += [mobject.fill_rgbas, mobject.stroke_rgbas, mobject.background_stroke_rgbas,
                   np.array([mobject.stroke_width, mobject.background_stroke_width,
                             mobject.sheen_factor, *np.ravel(mobject.sheen_direction)],
                            dtype=float)]
    return [np.ascontiguousarray(array) for array in arrays]


def as_animation(animation):
    """A Manim animation for what ``Scene.play`` accepts (an ``.animate`` builder too)."""
    return prepare_animation(animation)


def colour_alphas(mobject) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Copies of the fill, stroke and background-stroke opacities of a VMobject's colours."""
    return (mobject.fill_rgbas[:, 3].copy(), mobject.stroke_rgbas[:, 3].copy(),
            mobject.background_stroke_rgbas[:, 3].copy())


def set_colour_alphas(mobject, fill, stroke, background) -> None:
    """Set the opacities of a VMobject's colours in place (skipping arrays that changed size)."""
    for rgbas, alphas in ((mobject.fill_rgbas, fill), (mobject.stroke_rgbas, stroke),
                          (mobject.background_stroke_rgbas, background)):
        if len(rgbas) == len(alphas):
            rgbas[:, 3] = alphas


def set_fill_colours(mobject, rgbas: np.ndarray) -> None:
    """Give a VMobject several fill colours at once (Cairo fills them as a linear gradient)."""
    mobject.fill_rgbas = rgbas


def forget_svg_paths(mobject) -> None:
    """Let every part of an SVG-imported mobject forget the svgelements path it was read from.

    Manim's SVG import keeps each glyph's parsed path (``path_obj``), which is
    only read while importing; Manim deep-copies a mobject at the start of most
    animations (fades, ``.animate``), and copying those paths makes the copy
    several times slower.
    """
    for part in mobject.get_family():
        part.__dict__.pop("path_obj", None)
