"""`no-separator`: why no line through the origin separates data whose linear programme is
infeasible (the scene `linear-program` ends at the solver's "infeasible").

The same two planes as `linear-program` (data space on the left, the plane of θ on the
right), drawn by its parts: weight space shaded by how many points each θ gets wrong;
Gordan's alternative; its weights' y⁽ⁱ⁾x⁽ⁱ⁾, tip to tail, adding up to 0; their half-planes
sharing no θ; a θ circling 0 with their weighted y·scores adding up to 0; then, with an
offset, the programme on [1, x] feasible, or two hulls that overlap.

Every number and word comes from the lesson (:mod:`linviz.lessons.linear_program`) and
its storyboard (:mod:`linviz.lessons.no_separator_story`).
"""

from __future__ import annotations

from linviz.lessons.no_separator_story import DEFAULT_DATA, SCENE, no_separator_storyboard
from scenes.linear_program import LinearProgramScene
from scenes.toolkit import style
from scenes.toolkit.layout import appear


class NoSeparatorScene(LinearProgramScene):
    """Why no θ exists, where the programme is infeasible: Gordan's certificate."""

    default_data = DEFAULT_DATA[SCENE]

    def make_storyboard(self, lesson):
        return no_separator_storyboard(lesson, self.scene_name())

    scene_title = "Why no line through 0 separates"

    def first_box(self):
        """The view of every constraint (this scene starts where `linear-program` ended)."""
        return self.lesson.weight_box

    def draw_recap_data(self, beat) -> None:
        """Title and the data plane from the first frame, as the data are named again
        (reviews 334: a black second under the voice)."""
        self.add(self.title, self.plane)

    def draw_recap(self, beat) -> None:
        """The weight plane as it is named; every point's line through 0 in it, then the
        shading of how many points each θ gets wrong, with its key (as `linear-program`
        drew them), as the shading is said."""
        self.wait_for_words("weight space")
        self.play(appear(self.weights), run_time=style.RUN_INTRO)
        self.draw_all_constraints(beat)
        self.draw_infeasible(beat)  # the fewest wedges lit, one θ of them and its line
        self.draw_no_line(beat)
