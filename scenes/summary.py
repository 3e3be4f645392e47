"""`summary`: the closing table of the notes, each row with a picture of its final state.

Half-space classifiers (realizable, 0-1 loss, perceptron / linear
programming), linear regression (squared loss, pseudo-inverse) and logistic
regression (non-realizable, logistic loss, gradient descent). Each picture
is drawn live from the engine on the data of its scene (the run's final
state), so the table never depends on files rendered earlier.
"""

from __future__ import annotations


import numpy as np
from manim import (UP, LEFT, Create, Dot, FadeIn, FadeOut, Indicate, LaggedStart, Line, Rectangle,
                   Succession, SurroundingRectangle, VGroup, VMobject, Write)

from linviz.lessons.summary import SummaryLesson, summary_lesson
from linviz.lessons.summary_story import (ARC, FEATURE_MAPS_NOTE, HEADER, ROWS, row_results,
                                          summary_storyboard)
from scenes.toolkit import style
from linviz.geometry import Box, nice_step
from scenes.toolkit.table_text import line_of_text, set_baseline
from scenes.base import LinvizScene
from scenes.toolkit.gd_plots import ProbabilityField
from scenes.logistic import LogisticScene
from scenes.toolkit.plane import DataPlane, Hyperplane, MarkerCloud
from scenes.toolkit.screen_text import text
from scenes.perceptron import PerceptronScene
from scenes.regression import RegressionScene

def thumbnail_plane(data, theme, box=None, axis_labels=("x_1", "x_2")) -> DataPlane:
    """A data plane THUMBNAIL_HEIGHT tall, its +/− redrawn at a size that stays readable
    (scaled down with the plane they fuse into dots), without its axis names."""
    plane = DataPlane(data.X if box is None else np.zeros((0, 2)),
                      data.y if box is None else np.zeros(0), theme, box=box,
                      side=style.THUMBNAIL_HEIGHT, axis_labels=axis_labels)
    plane.remove(plane.axis_labels, plane.markers)
    if box is None:
        plane.markers = MarkerCloud(data.y, theme, size=style.THUMBNAIL_POINT_SIZE,
                                    positions=plane.c2p_many(data.X))
        plane.add(plane.markers)
    return plane


def perceptron_thumbnail(theme, lesson: SummaryLesson) -> VGroup:
    """The perceptron scene's data with the boundary after its run."""
    data, trace = lesson.perceptron_data, lesson.perceptron
    plane = thumbnail_plane(data, theme)
    line = Hyperplane(plane, trace.states["theta"][-1], float(trace.states["theta0"][-1]),
                      show_normal=False)
    return VGroup(plane, line)


def extent_box(points: np.ndarray, padding: float = 0.1) -> Box:
    """A box around ``points`` (shape (n, 2)) and the origin, each side on a whole tick step.

    Not square: a regression plot has no angles to keep true. Both spans are
    whole multiples of the same step, so the plane's grid lines meet the edges.
    """
    low = np.minimum(points.min(axis=0), 0.0)
    high = np.maximum(points.max(axis=0), 0.0)
    pad = padding * float(np.max(high - low))
    step = nice_step(float(np.max(high - low)) + 2 * pad)
    low = np.floor((low - pad) / step) * step
    high = np.ceil((high + pad) / step) * step
    return Box(float(low[0]), float(high[0]), float(low[1]), float(high[1]))


def regression_thumbnail(theme, lesson: SummaryLesson) -> VGroup:
    """The regression scene's data with the closed-form least-squares line over the data's
    x range, in a box that holds the data and the line's ends (nothing clipped)."""
    data = lesson.regression_data
    x, y = data.X[:, 0], data.y
    box = extent_box(lesson.regression_extent)
    plane = thumbnail_plane(data, theme, box=box, axis_labels=("x", "y"))
    dots = VGroup(*[Dot(plane.c2p((a, b)), radius=style.THUMBNAIL_POINT_SIZE * 0.7,
                        color=theme.negative) for a, b in zip(x, y)])
    line = VMobject(stroke_color=theme.boundary, stroke_width=style.LINE_STROKE)
    line.set_points_as_corners(list(plane.c2p_many(lesson.line_ends)))
    return VGroup(plane, dots, line)


def logistic_thumbnail(theme, lesson: SummaryLesson) -> VGroup:
    """The logistic scene's noisy data with P(y = +1 | x) after gradient descent."""
    run = lesson.logistic
    plane = thumbnail_plane(run.data, theme)
    field = ProbabilityField(plane, theme).set_parameters(run.final_theta, run.final_theta0)
    line = Hyperplane(plane, run.final_theta, run.final_theta0, show_normal=False,
                      show_shading=False)
    return VGroup(plane.grid, plane.frame, plane.axes, field, plane.markers, line)


THUMBNAILS = (perceptron_thumbnail, regression_thumbnail, logistic_thumbnail)


class SummaryScene(LinvizScene):
    """The closing table, and the lecture's arc through it."""


    def make_lesson(self) -> SummaryLesson:
        """The summary's lesson (:func:`linviz.lessons.summary.summary_lesson`): each row's
        run on its scene's default data (no trace)."""
        return summary_lesson(self.seed, PerceptronScene.default_data,
                              PerceptronScene.epochs, PerceptronScene.offset,
                              RegressionScene.default_data, LogisticScene.default_data,
                              LogisticScene.steps)

    def make_storyboard(self, lesson):
        return summary_storyboard(lesson, self.scene_name())

    # -- the storyboard drawn: one method a motion (see LinvizScene.tell) ----------
    def draw_row(self, beat) -> None:
        """A row's cells come one by one (the title and header first, with the first)."""
        if not self.on_screen(self.header):
            self.play(Write(self.title), FadeIn(self.header), run_time=style.RUN_INTRO)
        cells = self.row_cells[beat.state["rows"] - 1]
        self.play(LaggedStart(*(FadeIn(cell) for cell in cells), lag_ratio=1.0),
                  run_time=self.reading_time(beat.sentence) / 2)

    def draw_row_result(self, beat) -> None:
        """The row's run: its result, then its picture, the picture's line drawn last."""
        result, picture = self.row_results[beat.state["results"] - 1]
        self.play(LaggedStart(FadeIn(VGroup(result, *picture[:-1])), Create(picture[-1]),
                              lag_ratio=1.0), run_time=self.reading_time(beat.sentence))

    def draw_arc(self, beat) -> None:
        """The row is framed while its sentence is read, its note comes, and the frame goes
        as the sentence ends."""
        row = beat.state["notes"] - 1
        marker, note = self.row_marks[row], self.arc_notes[row]
        self.play(Create(marker), FadeIn(note), run_time=self.reading_time(beat.sentence) / 2)
        self.play(FadeOut(marker), run_time=self.reading_time(beat.sentence) / 2)

    def draw_indicate_feature_maps(self, beat) -> None:
        """The feature maps' note, which the sentence on XOR points back to, while it is
        read."""
        note = self.arc_notes[FEATURE_MAPS_NOTE]
        frame = SurroundingRectangle(note, color=self.theme.highlight, buff=style.SMALL_BUFF,
                                     stroke_width=style.HIGHLIGHT_STROKE)
        # framed until the sentence has been said (the note lit while it is read)
        self.play(Indicate(note, color=self.theme.highlight),
                  Create(frame, rate_func=lambda t: min(1.0, 8.0 * t)),  # drawn at once
                  run_time=self.reading_time(beat.sentence))
        self.mark_for_beat(frame)

    def draw_indicate_header(self, beat) -> None:
        """The three choices, each column's header in turn: the loss, the model (its
        hypothesis class), the way it is solved; then the table stays a moment."""
        loss, model, solved = (self.header[HEADER.index(name)]
                               for name in ("loss", "model", "solved by"))
        self.play(Succession(*(Indicate(cell, color=self.theme.highlight) for cell in
                               (loss, model, solved))), run_time=self.reading_time(beat.sentence))
        # a play of its cells split the header into its parts on the scene: one header again
        self.remove(self.header)
        self.add(self.header)
        self.finish_beat()
        self.wait(style.PAUSE_READ * 2)  # the table stays a moment at the end

    def build(self) -> None:
        theme = self.theme
        self.title = self.make_title("Summary")
        self.thumbnails = [make(theme, self.lesson) for make in THUMBNAILS]
        self.results = list(row_results(self.lesson))
        size = style.TABLE_FONT
        header = [line_of_text(f"*{words}*", theme, size, theme.muted) for words in HEADER]
        rows = [[line_of_text(w, theme, size) for w in words] for words in ROWS]
        results = [line_of_text(r, theme, style.FONT_SMALL, theme.muted) for r in self.results]
        notes = [line_of_text(note, theme, style.FONT_SMALL, theme.highlight)
                 for note, _ in ARC]
        widths = [max([header[c].width] + [row[c].width for row in rows]
                      + ([r.width for r in results] if c == 3 else []))
                  for c in range(len(ROWS[0]))]
        widths.append(max(style.THUMBNAIL_HEIGHT, header[-1].width))
        lefts = np.concatenate([[0.0], np.cumsum(np.array(widths[:-1]) + style.TABLE_GAP)])
        line = style.TABLE_LINE
        top = self.title.get_bottom()[1] - 2 * style.BUFF
        first = top - line  # the header's baseline
        for cell, left in zip(header, lefts):
            set_baseline(cell, first, left)
        rules, self.rows, self.arc_notes, self.row_marks = VGroup(), [], [], []
        self.row_cells, self.row_results = [], []
        row_top = first - style.TABLE_GAP
        table_width = lefts[-1] + widths[-1]
        rules.add(self.rule(row_top + style.TABLE_GAP / 2 - 0.05, 0.0, table_width))
        for cells, result, note, picture in zip(rows, results, notes, self.thumbnails):
            base = row_top - line
            for cell, left in zip(cells, lefts):
                set_baseline(cell, base, left)
            set_baseline(result, base - line, lefts[3])
            set_baseline(note, base - 2.6 * line, 0.0)
            picture.move_to(np.array([lefts[-1], row_top, 0.0]), aligned_edge=UP + LEFT)
            self.rows.append(VGroup(*cells, result, picture))
            self.row_cells.append(cells)
            self.row_results.append((result, picture))
            self.arc_notes.append(note)
            bottom = row_top - style.THUMBNAIL_HEIGHT
            self.row_marks.append(Rectangle(width=table_width + 2 * style.SMALL_BUFF,
                                            height=style.THUMBNAIL_HEIGHT + style.SMALL_BUFF,
                                            stroke_color=theme.highlight, stroke_width=2,
                                            fill_opacity=0).move_to(
                np.array([table_width / 2, (row_top + bottom) / 2, 0.0])))
            row_top = bottom - style.TABLE_GAP
            rules.add(self.rule(bottom - style.TABLE_GAP / 2, 0.0, table_width))
        rules.remove(rules[-1])
        everything = VGroup(*header, rules, *self.rows, *self.arc_notes, *self.row_marks)
        everything.shift(LEFT * table_width / 2)  # centred on the frame
        self.header = VGroup(*header, rules)
        self.table = VGroup(self.header, *self.rows)

    def rule(self, y: float, left: float, right: float) -> Line:
        return Line(np.array([left, y, 0.0]), np.array([right, y, 0.0]),
                    stroke_color=self.theme.grid, stroke_width=2)
