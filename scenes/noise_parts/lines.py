"""The lines of `noise` on the data plane, dashed: the line the labels came from before
the flips, and a line with the least training error (the levels of the error plot,
:mod:`scenes.noise_parts.error_plot`, are their errors)."""

from __future__ import annotations

from linviz.geometry import clip_line
from scenes.toolkit.speed.fast_shapes import FastDashedLine


class NoiseLines:
    """The labelling line and the best line on the plane (a part of
    :class:`scenes.noise.NoiseScene`; it reads the scene's lesson as ``self.noise``)."""

    def labelling_line_drawing(self):
        """The line the labels came from before the flips, dashed in the flipped squares'
        colour (the lesson's: None when the data does not record it)."""
        theta, theta0 = self.noise.labelling_line
        return self.dashed_line(theta, theta0, self.theme.highlight)

    def best_line_drawing(self):
        """A line with the least training error, dashed in the best line's colour, over
        the view (the storyboard draws it when it crosses the data, so it is in view)."""
        best = self.noise.best_line
        return self.dashed_line(best.theta, best.theta0, self.theme.correct)

    def dashed_line(self, theta, theta0: float, color):
        """The line θᵀx + θ₀ = 0 across the plane's view, dashed in ``color``."""
        segment = clip_line(theta, theta0, self.plane.box)
        return FastDashedLine(color).set_ends(self.plane.c2p(segment[0]),
                                              self.plane.c2p(segment[1]))
