"""`summary`: the closing table of the notes, each row with a picture of its final state.

Half-space classifiers (realizable, 0-1 loss, perceptron / linear
programming), linear regression (squared loss, pseudo-inverse) and logistic
regression (non-realizable, logistic loss, gradient descent). Each picture
is drawn live from the engine on the data of its scene (the run's final
state), so the table never depends on files rendered earlier.
"""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, Dot, FadeIn, Line, VGroup, VMobject, Write

from linviz.generators import make_builtin
from linviz.logistic import LogisticRegression
from linviz.perceptron import Perceptron
from linviz.regression import LinearRegression
from linviz.theory import training_error
from scenes.toolkit import style
from scenes.base import LinvizScene
from scenes.toolkit.gd_plots import ProbabilityField
from scenes.logistic import LogisticScene
from scenes.toolkit.mobjects import DataPlane, Hyperplane, fmt, text
from scenes.perceptron import PerceptronScene
from scenes.regression import RegressionScene, data_box

#: (model, case, loss, how it is solved), as in the notes' closing table
ROWS = (
    ("Half-space classifiers", "realizable", "0-1 loss", "perceptron / linear programming"),
    ("Linear regression", "non-realizable", "squared loss", "pseudo-inverse $w = A^+ b$"),
    ("Logistic regression", "non-realizable", "logistic loss", "gradient descent"),
)
HEADER = ("model", "case", "loss", "solved by", "its scene's final state")


def perceptron_thumbnail(theme, seed: int) -> tuple[VGroup, str]:
    """The perceptron scene's data with the boundary after its run, and its result."""
    data = make_builtin(PerceptronScene.default_data, seed=seed)
    model = Perceptron(epochs=PerceptronScene.epochs, offset=PerceptronScene.offset).fit(data)
    plane = DataPlane(data.X, data.y, theme)
    line = Hyperplane(plane, model.trace_.states["theta"][-1],
                      float(model.trace_.states["theta0"][-1]), show_normal=False)
    result = model.trace_.result
    error = training_error(data.X, data.y, model.theta_, model.theta0_)
    return VGroup(plane, line), (f"$M = {result['updates']}$ updates, "
                                 f"training error ${fmt(error)}$")


def regression_thumbnail(theme, seed: int) -> tuple[VGroup, str]:
    """The regression scene's data with the closed-form least-squares line, and its loss."""
    data = make_builtin(RegressionScene.default_data, seed=seed)
    model = LinearRegression(degree=1, lr=RegressionScene.lr,
                             steps=RegressionScene.steps).fit(data)
    x, y = data.X[:, 0], data.y
    box = data_box(x, y)
    plane = DataPlane(np.zeros((0, 2)), np.zeros(0), theme, box=box, axis_labels=("x", "y"))
    dots = VGroup(*[Dot(plane.c2p((a, b)), radius=style.DATA_DOT * 2, color=theme.negative)
                    for a, b in zip(x, y)])
    theta, theta0 = model.closed_form_
    ends = np.array([box.x_min, box.x_max])
    values = np.clip(theta[0] * ends + theta0, box.y_min, box.y_max)
    line = VMobject(stroke_color=theme.boundary, stroke_width=style.LINE_STROKE)
    line.set_points_as_corners([plane.c2p((a, b)) for a, b in zip(ends, values)])
    loss = model.trace_.result["closed_form"]["loss"]
    return VGroup(plane, dots, line), f"$L_S = {fmt(loss, 3)}$ at $w = A^+ b$"


def logistic_thumbnail(theme, seed: int) -> tuple[VGroup, str]:
    """The logistic scene's noisy data with P(y = +1 | x) after gradient descent, and its loss."""
    data = make_builtin(LogisticScene.default_data, seed=seed)
    model = LogisticRegression(lr=LogisticScene.lr, steps=LogisticScene.steps).fit(data)
    plane = DataPlane(data.X, data.y, theme)
    field = ProbabilityField(plane, theme).set_parameters(model.theta_, model.theta0_)
    line = Hyperplane(plane, model.theta_, model.theta0_, show_normal=False, show_shading=False)
    steps = model.trace_.n_steps
    return (VGroup(plane.grid, plane.frame, plane.axes, field, plane.markers, line),
            f"$L = {fmt(model.loss_, 3)}$ after {steps} steps")


THUMBNAILS = (perceptron_thumbnail, regression_thumbnail, logistic_thumbnail)


class SummaryScene(LinvizScene):
    """The closing table."""


    story = ("show_table",)

    def show_table(self) -> None:
        self.section("table")
        self.play(Write(self.title), FadeIn(self.header), run_time=style.RUN_INTRO)
        sentences = (
            "When the data is realizable, a half-space classifier with the 0-1 loss is found "
            "by the perceptron, or by linear programming.",
            "Linear regression minimizes the squared loss; the normal equations give the "
            "answer in closed form with the pseudo-inverse.",
            "When no line separates the classes, logistic regression minimizes the convex "
            "logistic loss by gradient descent.",
        )
        for row, sentence, result in zip(self.rows, sentences, self.results):
            self.play(FadeIn(row), run_time=style.RUN_INTRO)
            self.narrate(sentence, 5)
            self.wait(style.PAUSE_READ * 2)
            self.narrate("In its scene: " + caption_text(result) + ".", 3)
            self.wait(style.PAUSE_READ * 2)
        self.narrate("A loss, a hypothesis class, and a way to minimize the empirical risk: "
                     "the same three choices behind every row.", 5)
        self.wait(style.PAUSE_READ * 3)

    def build(self) -> None:
        theme = self.theme
        self.title = self.make_title("Summary")
        self.thumbnails, self.results = [], []
        for make in THUMBNAILS:
            picture, result = make(theme, self.seed)
            self.thumbnails.append(picture.scale_to_fit_height(style.THUMBNAIL_HEIGHT))
            self.results.append(result)
        cells = [[text(f"*{words}*", theme, style.TABLE_FONT, theme.muted) for words in HEADER]]
        for words, picture, result in zip(ROWS, self.thumbnails, self.results):
            caption = text(result, theme, style.FONT_TINY, theme.muted)
            cells.append([text(w, theme, style.TABLE_FONT) for w in words]
                         + [VGroup(picture, caption.next_to(picture, DOWN,
                                                            buff=style.SMALL_BUFF))])
        widths = [max(row[c].width for row in cells) for c in range(len(HEADER))]
        heights = [max(cell.height for cell in row) for row in cells]
        y = 0.0
        rows = []
        for row, height in zip(cells, heights):
            x = 0.0
            for cell, width in zip(row, widths):
                cell.move_to(np.array([x, y - height / 2, 0.0]), aligned_edge=LEFT)
                x += width + style.TABLE_GAP
            rows.append(VGroup(*row))
            y -= height + style.TABLE_GAP
        table = VGroup(*rows)
        table.next_to(self.title, DOWN, buff=2 * style.BUFF).set_x(0)
        left, right = table.get_left()[0], table.get_right()[0]
        rules = VGroup()
        for row in rows[:-1]:
            rule_y = row.get_bottom()[1] - style.TABLE_GAP / 2
            rules.add(Line(np.array([left, rule_y, 0.0]), np.array([right, rule_y, 0.0]),
                           stroke_color=theme.grid, stroke_width=2))
        self.header = VGroup(rows[0], rules)
        self.rows = rows[1:]
        self.table = table


def caption_text(markup: str) -> str:
    """A table cell's Typst markup as caption text: no dollar signs, Unicode for A^+ and L_S."""
    return (markup.replace("$", "").replace("A^+", "A⁺").replace("L_S", "Lₛ")
            .replace("-", "−"))
