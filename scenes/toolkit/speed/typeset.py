"""Typst text and mathematics, imported from Typst's SVG with each glyph outline read once.

Manim's ``Typst`` and ``MathTypst`` compile the source with the ``typst``
package (a few milliseconds) and then import the SVG through svgelements,
which parses the outline of a glyph again at every place it is used: with
Manim's conversion to mobjects, 50–150 ms per string, the largest fixed
cost of a scene. Typst's SVG is simple: glyph outlines are ``<symbol>``
paths in ``<defs>``, each use of a glyph is a ``<use>`` moved by the
affine transforms of the ``<g>`` around it, and rules (fraction bars,
radicals) are stroked ``<path>`` elements. This module reads that
vocabulary directly. A glyph outline becomes Bézier points once per process
(with Manim's own path conversion), and each use is the affine map

    (x, y) ↦ (a x + c y + e, b x + d y + f)

of those points, the matrix being the product of the transforms from the
root to the use. Then, as in Manim, the whole is flipped to y-up, centred
and scaled by ``font_size / 960``, black is replaced by the requested
colour, and rule widths are converted from points to pixels.

The result is a :class:`Typeset`: by default the leaves that share a style
are merged into one path (one draw call per colour instead of one per
glyph); with ``parts=True`` every glyph and rule stays its own submobject,
in the order Manim would give. A source with Manim's ``{{ part : label }}``
groups, or an SVG element outside this vocabulary, is handed to Manim's own
classes, so ``.select(label)`` keeps working.

``tests/scenes/test_typeset.py`` checks the points, colours and stroke widths
against Manim's ``Typst``/``MathTypst`` for every string the scenes set.
"""

from __future__ import annotations

import hashlib
import re
from xml.etree import ElementTree as ET

import numpy as np
import svgelements as se
from manim import RIGHT, ManimColor, VGroup, VMobject, config
from manim.constants import SCALE_FACTOR_PER_FONT_POINT
from manim.mobject.text.typst_mobject import MathTypst, Typst

from .manim_adapter import VMobjectFromSVGPath, forget_svg_paths, typst_page
from .merging import merge_glyphs

#: Manim draws Typst's rules at half their nominal width (its empirical match to TeX)
RULE_WIDTH_SCALE = 0.5
BLACK = "#000000"
_XLINK = "{http://www.w3.org/1999/xlink}href"
_TRANSFORM = re.compile(r"(matrix|translate|scale)\(([^)]*)\)")

#: glyph outline points (in the symbol's own coordinates) by symbol id, for the process
_outlines: dict[str, np.ndarray] = {}


class OutsideVocabulary(Exception):
    """The SVG holds something this importer does not read; Manim's importer will."""


def typeset(source: str, *, is_math: bool, font_size: float, colour: str,
            parts: bool = False) -> VMobject:
    """Typst ``source`` as a mobject: prose, or display mathematics when ``is_math``.

    Returns a :class:`Typeset`, or Manim's ``MathTypst``/``Typst`` for a
    source with ``{{ }}`` groups (merged unless ``parts``) or an SVG this
    module does not read.
    """
    if "{{" not in source:
        body = f"$ {source} $" if is_math else source
        try:
            return Typeset(body, font_size=font_size, colour=colour, parts=parts)
        except OutsideVocabulary:
            pass
    manim_class = MathTypst if is_math else Typst
    result = manim_class(source, font_size=font_size, color=colour, use_svg_cache=False)
    # the parsed paths are never read again, and would make every copy slow (animations copy)
    forget_svg_paths(result)
    if not parts:

        merge_glyphs(result)
    return result


def compile_svg(body: str) -> bytes:
    """The SVG Typst makes of ``body`` in Manim's page template (10 pt text).

    Compiled from the fonts Typst embeds, never the system's, so the same
    source gives the same glyphs on every machine; the SVG is kept under
    Manim's ``tex_dir`` by content hash, as Manim keeps its own.
    """
    import typst

    document = typst_page(body)
    name = hashlib.sha256(document.encode()).hexdigest()[:16]
    folder = config.get_dir("tex_dir")
    folder.mkdir(parents=True, exist_ok=True)
    svg_file = folder / f"{name}.svg"
    if svg_file.exists():
        return svg_file.read_bytes()
    typ_file = folder / f"{name}.typ"
    typ_file.write_text(document, encoding="utf-8")
    svg = typst.compile(str(typ_file), format="svg", ignore_system_fonts=True)
    svg_file.write_bytes(svg)
    return svg


def parse_transform(text: str | None) -> np.ndarray:
    """The 3×3 affine matrix of an SVG ``transform`` attribute (matrix, translate, scale)."""
    result = np.eye(3)
    if not text:
        return result
    consumed = 0
    for match in _TRANSFORM.finditer(text):
        if text[consumed:match.start()].strip(" ,"):
            raise OutsideVocabulary(f"transform {text!r}")
        consumed = match.end()
        kind = match.group(1)
        values = [float(v) for v in re.split(r"[\s,]+", match.group(2).strip()) if v]
        step = np.eye(3)
        if kind == "matrix" and len(values) == 6:
            a, b, c, d, e, f = values
            step[:2] = [[a, c, e], [b, d, f]]
        elif kind == "translate" and len(values) in (1, 2):
            step[0, 2], step[1, 2] = values[0], (values[1] if len(values) == 2 else 0.0)
        elif kind == "scale" and len(values) in (1, 2):
            step[0, 0], step[1, 1] = values[0], (values[1] if len(values) == 2 else values[0])
        else:
            raise OutsideVocabulary(f"transform {text!r}")
        result = result @ step
    if text[consumed:].strip(" ,"):
        raise OutsideVocabulary(f"transform {text!r}")
    return result


def outline_points(d: str) -> np.ndarray:
    """Bézier points (n × 3, z = 0) of SVG path data, by Manim's own conversion."""
    return VMobjectFromSVGPath(se.Path(d)).points


def _tag(element: ET.Element) -> str:
    return element.tag.rsplit("}", 1)[-1] if isinstance(element.tag, str) else ""


class Leaf:
    """One drawn element: its points in SVG coordinates and its SVG style."""

    __slots__ = ("points", "fill", "fill_opacity", "stroke", "stroke_width", "stroke_opacity")

    def __init__(self, points, style: dict):
        self.points = points
        self.fill = style["fill"]
        self.fill_opacity = float(style["fill-opacity"])
        self.stroke = style["stroke"]
        self.stroke_width = float(style["stroke-width"])
        self.stroke_opacity = float(style["stroke-opacity"])


def read_leaves(svg: bytes) -> list[Leaf]:
    """Every glyph use and rule of a Typst SVG, in drawing order, in SVG coordinates."""
    root = ET.fromstring(svg)
    symbols = {}
    for element in root.iter():
        if _tag(element) == "symbol":
            paths = [child for child in element if _tag(child) == "path"]
            if len(paths) != len(element) or element.get("id") is None:
                raise OutsideVocabulary("symbol that is not a list of paths")
            symbols[element.get("id")] = paths
    leaves: list[Leaf] = []
    style = {"fill": BLACK, "fill-opacity": "1", "stroke": "none", "stroke-width": "0",
             "stroke-opacity": "1"}
    _walk(root, np.eye(3), style, symbols, leaves)
    return leaves


_STYLE_KEYS = ("fill", "fill-opacity", "stroke", "stroke-width", "stroke-opacity")
_IGNORED = {"fill-rule", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit", "class",
            "overflow", "id", "d", "transform", "x", "y", _XLINK, "href", "viewBox", "width",
            "height"}


def _style_of(element: ET.Element, inherited: dict) -> dict:
    unknown = set(element.attrib) - _IGNORED - set(_STYLE_KEYS)
    if unknown:
        raise OutsideVocabulary(f"attributes {sorted(unknown)}")
    style = dict(inherited)
    for key in _STYLE_KEYS:
        if key in element.attrib:
            style[key] = element.attrib[key]
    return style


def _walk(element, matrix, style, symbols, leaves) -> None:
    """Append the leaves below ``element``: ``matrix`` and ``style`` are what it inherits."""
    for child in element:
        tag = _tag(child)
        if tag == "defs":
            continue
        child_style = _style_of(child, style)
        child_matrix = matrix @ parse_transform(child.get("transform"))
        if tag == "g":
            _walk(child, child_matrix, child_style, symbols, leaves)
        elif tag == "use":
            reference = (child.get(_XLINK) or child.get("href") or "").lstrip("#")
            if reference not in symbols:
                raise OutsideVocabulary(f"use of {reference!r}")
            at = np.eye(3)
            at[0, 2], at[1, 2] = float(child.get("x", 0)), float(child.get("y", 0))
            placed = child_matrix @ at
            for path in symbols[reference]:
                path_style = _style_of(path, child_style)
                path_matrix = placed @ parse_transform(path.get("transform"))
                points = _glyph(reference, path)
                leaves.append(Leaf(_apply(path_matrix, points), path_style))
        elif tag == "path":
            points = outline_points(child.get("d", ""))
            leaves.append(Leaf(_apply(child_matrix, points), child_style))
        else:
            raise OutsideVocabulary(f"<{tag}>")


def _glyph(symbol_id: str, path: ET.Element) -> np.ndarray:
    """The outline points of a glyph's path, converted once per process."""
    key = f"{symbol_id}/{path.get('d')}"
    if key not in _outlines:
        _outlines[key] = outline_points(path.get("d", ""))
    return _outlines[key]


def _apply(matrix: np.ndarray, points: np.ndarray) -> np.ndarray:
    moved = np.zeros_like(points)
    moved[:, 0] = matrix[0, 0] * points[:, 0] + matrix[0, 1] * points[:, 1] + matrix[0, 2]
    moved[:, 1] = matrix[1, 0] * points[:, 0] + matrix[1, 1] * points[:, 1] + matrix[1, 2]
    return moved


class Typeset(VGroup):
    """Typst output, one submobject per style (or per glyph and rule with ``parts``).

    Drawn like Manim's Typst mobject of the same source: filled glyphs in
    ``colour`` where Typst drew black (other colours are kept), rules as
    strokes ``RULE_WIDTH_SCALE`` × their width in points, in pixels, and
    scaling the whole scales the rules with it.
    """

    def __init__(self, body: str, *, font_size: float, colour: str, parts: bool = False):
        super().__init__()
        self.source = body
        colour = ManimColor(colour).to_hex()
        leaves = [leaf for leaf in read_leaves(compile_svg(body)) if len(leaf.points)]
        pieces = []
        for leaf in leaves:
            piece = VMobject()
            piece.points = leaf.points
            pieces.append((piece, leaf))
        if not pieces:
            return
        self.add(*[piece for piece, _ in pieces])
        self.flip(RIGHT)
        self.center()
        factor = font_size / (1.0 / SCALE_FACTOR_PER_FONT_POINT)
        VGroup.scale(self, factor)
        pixels_per_unit = config.pixel_width / config.frame_width
        styles = []
        for piece, leaf in pieces:
            fill = colour if leaf.fill.lower() == BLACK else leaf.fill
            stroke = colour if leaf.stroke.lower() == BLACK else leaf.stroke
            filled = leaf.fill != "none"
            stroked = leaf.stroke != "none" and leaf.stroke_width > 0
            style = (fill if filled else colour, leaf.fill_opacity if filled else 0.0,
                     stroke if stroked else colour,
                     leaf.stroke_width * factor * pixels_per_unit * RULE_WIDTH_SCALE
                     if stroked else 0.0,
                     leaf.stroke_opacity if stroked else 1.0)
            piece.set_style(fill_color=style[0], fill_opacity=style[1], stroke_color=style[2],
                            stroke_width=style[3], stroke_opacity=style[4])
            styles.append(style)
        if not parts:
            merged: dict[tuple, VMobject] = {}
            for (piece, _), style in zip(pieces, styles):
                if style not in merged:
                    merged[style] = piece
                else:
                    merged[style].append_points(piece.points)
            self.submobjects = list(merged.values())

    def scale(self, scale_factor: float, **kwargs):
        """Scale as any mobject; each rule's width scales with it, as in Manim's Typst."""
        super().scale(scale_factor, **kwargs)
        if not kwargs.get("scale_stroke"):
            for part in self.get_family()[1:]:
                width = part.get_stroke_width()
                if width:
                    part.set_stroke(width=width * abs(scale_factor), family=False)
        return self
