"""An empty scene as long as LINVIZ_EMPTY_SECONDS: the renderer's own cost per frame."""

import os

from manim import Scene


class EmptyScene(Scene):
    def construct(self):
        self.wait(float(os.environ.get("LINVIZ_EMPTY_SECONDS", "10")))
