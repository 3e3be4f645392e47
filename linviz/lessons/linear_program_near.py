"""The points that look on a line of `linear-program` whose mistakes a sentence counts (data
no line separates): each magnified in an inset between the two planes, so that its side of
the line, and so the count, can be checked by eye.

A point *looks on* a drawn line when the line crosses its marker: its distance to it is at
most the marker's half-width (:func:`marker_share`, a share of the data plane's width: the
scene draws its markers that size) and half the line's stroke (:data:`LINE_HALF_SHARE`).
Its inset is centred on it and magnifies it the most whole times that keep the line
within :data:`NEAR_REACH` of the inset's half-side from the middle: the point stands in
every inset's middle, clearly on one side of the line. A farther point of the same line
within NEAR_REACH of an inset's middle shares it (:func:`near_groups`). The insets are few and large (:data:`NEAR_GRIDS`): a column of them between the
planes, or a grid right of the data plane where nothing else stands there; the nearest
places are magnified while the grid has room, and the sentence says how many are not. A
point on a line (within :data:`ON_LINE` of the view's width) is not magnified.
Each inset draws only the line it is about, and only that line's mistakes marked
(:func:`inset_marks`): a × in an inset is a mistake of the line drawn in it.
"""

from __future__ import annotations

import numpy as np

from .. import formatting
from ..geometry import Box, typical_spacing
from ..ties import least_index
from ..view_box import MARKER_SPACING_FRACTION, magnified_box
from .linear_program import TIE, LinearProgramLesson

#: the insets' grids, by where they stand: (rows, columns, an inset's side as a share of the
#: data plane's): one column between the planes (the weight plane stands right of them),
#: or a 2 × 2 grid right of the data plane, where nothing else stands there ("wide":
#: review 298, an inset a fifth of the plane was too small to read); at most three or four
#: close-ups a beat (reviews 245, 248: six at once were not read)
NEAR_GRIDS = {"between": (3, 1, 0.21), "wide": (2, 2, 0.4)}
#: a marker's half-width on the data plane, a share of its width: the planes' rule
#: (:data:`~linviz.view_box.MARKER_SPACING_FRACTION` of the points' typical spacing), within
#: MARKER_SHARES (dense data keeps a readable marker, sparse data no blot)
MARKER_SHARES = (0.013, 0.035)
#: half a drawn line's stroke, a share of the data plane's width
LINE_HALF_SHARE = 0.004
#: a point this near a line (a share of the view's width) is on it: no zoom would part them
ON_LINE = 1e-9
#: how far from an inset's middle (a share of its half-side) its points stand at most (a
#: marker, its half-width a fifth of the half-side, then stays inside); at least 2 × the farthest a
#: point can look on a line (the largest marker's share and LINE_HALF_SHARE) over the
#: smallest inset's half-side, so every inset magnifies at least twice
NEAR_REACH = 0.75

#: the most points a sentence names one by one (more are counted)
NEAR_INSETS_NAMED = 4
#: two close-ups' points whose distances to their lines differ by at most this share are
#: near-equals: a grid that holds one of them but not the other holds neither (the "4
#: nearest" would leave out a point as near, 0.116 beside 0.115, by a rounding's chance)
NEAR_TIE = 0.05

#: each counted line as a sentence names it (the close-ups draw it alone)
LINE_WORDS = {"best": "the dashed line", "fewest": "the white line"}
#: the kind of mark (the beat's ``wrong_marks`` key) of each counted line's mistakes: the
#: dashed lines' a ×, the white line's a square
LINE_MARKS = {"best": "dashed", "last": "solid", "fewest": "white"}


def inset_marks(wrong_marks: dict | None, name: str) -> dict[str, list[int]]:
    """The marks an inset about the line ``name`` shows of a beat's ``wrong_marks``: that
    line's only ({} when its mistakes are not marked)."""
    kind = LINE_MARKS.get(name)
    return {kind: list(wrong_marks[kind])} if wrong_marks and kind in wrong_marks else {}


def _view(lesson: LinearProgramLesson) -> Box:
    """The data view the counted lines are drawn in (the runs' part's,
    :attr:`~linviz.lessons.linear_program.LinearProgramLesson.run_view`): markers keep their
    size on screen, so a share of its width is a share of the plane's."""
    return lesson.run_view


def marker_share(lesson: LinearProgramLesson) -> float:
    """A marker's half-width on the data plane, a share of the plane's width:
    :data:`~linviz.view_box.MARKER_SPACING_FRACTION` × the points' typical spacing (the median distance to the
    nearest other point) over the full view's width (the view the plane opens on, which
    sets its markers' size), clipped to :data:`MARKER_SHARES`."""
    view = lesson.full_view
    spacing = typical_spacing(np.asarray(lesson.data.X, dtype=float))
    share = MARKER_SPACING_FRACTION * spacing / float(view.x_max - view.x_min)
    return float(np.clip(share, *MARKER_SHARES))


def near_line_share(lesson: LinearProgramLesson) -> float:
    """The farthest a point looks on a line, a share of the view's width: the line's
    stroke reaches its marker (:func:`marker_share` + :data:`LINE_HALF_SHARE`)."""
    return marker_share(lesson) + LINE_HALF_SHARE


def line_distance(x, theta, theta0: float) -> float:
    """|θᵀx + θ₀| / ‖θ‖: how far x is from the line."""
    theta = np.asarray(theta, dtype=float)
    return abs(float(theta[0] * x[0] + theta[1] * x[1]) + theta0) / float(np.hypot(*theta))


def near_points(lesson: LinearProgramLesson, names) -> list[tuple[int, str]]:
    """[(point, line name)]: every point that looks on one of the lines ``names`` (of
    the lesson's ``counted_lines``), with the nearest of them (the first named of equals, within
    :data:`~linviz.lessons.linear_program.TIE`); nearest first, equal distances (within
    TIE) by index; of points at one place only the first. A line of θ = 0 (none is drawn)
    is left out."""
    lines = lesson.counted_lines
    names = [name for name in names if np.any(lines[name][0])]  # θ = 0: no line is drawn
    view, found, looks = _view(lesson), [], near_line_share(lesson)
    for i, x in enumerate(np.asarray(lesson.data.X, dtype=float)):
        if not (view.x_min <= x[0] <= view.x_max and view.y_min <= x[1] <= view.y_max):
            continue  # out of the view: not drawn
        distances = [line_distance(x, *lines[name]) for name in names]
        low = min(distances)
        k = least_index(np.where(np.array(distances) <= low + TIE * max(1.0, low), 0.0, 1.0))
        if magnified(view, x, *lines[names[k]], looks=looks) is not None:
            found.append((distances[k], i, names[k]))
    found.sort(key=lambda f: f[0])
    ordered, start = [], 0
    while start < len(found):  # a run of equal distances, by index
        end = start
        while end < len(found) and found[end][0] <= found[start][0] + TIE * max(
                1.0, found[start][0]):
            end += 1
        ordered += sorted(found[start:end], key=lambda f: f[1])
        start = end
    X, places = np.asarray(lesson.data.X, dtype=float), []
    for _, i, name in ordered:  # one inset for a place (its first point names it)
        if not any(np.array_equal(X[i], X[j]) for j, _ in places):
            places.append((i, name))
    return places


def near_inset(lesson: LinearProgramLesson, i: int, name: str, share: float,
               lines=None) -> tuple[Box, int] | None:
    """(box, zoom) of point i magnified round itself by the line ``name`` of ``lines``
    (the lesson's ``counted_lines`` unless given: they take a search to find) in an inset
    ``share`` of the data plane's side when it looks on it (:func:`magnified`), else
    None."""
    return magnified(_view(lesson), np.asarray(lesson.data.X[i], dtype=float),
                     *(lines or lesson.counted_lines)[name], looks=near_line_share(lesson),
                     share=share)


def magnified(view: Box, x, theta, theta0: float, looks: float,
              share: float = NEAR_GRIDS["between"][2]) -> tuple[Box, int] | None:
    """(box, zoom) of the point x magnified round itself when it looks on the line
    θᵀx + θ₀ = 0 (within ``looks`` of ``view``'s width) in a plane showing ``view``:
    ``view``'s width × ``share`` / zoom a side, for the largest whole zoom that keeps the
    line within :data:`NEAR_REACH` of the half-side from the middle (x, the point the
    inset is about, in the middle: a neighbour nearer the line stands off it); None when
    it does not look on it, or lies on it (within :data:`ON_LINE`)."""
    distance = line_distance(x, theta, theta0)
    width = float(view.x_max - view.x_min)
    if distance <= ON_LINE * width or distance > looks * width:
        return None
    zoom = int(np.floor(NEAR_REACH * share * width / (2 * distance) + 1e-9))
    half = share * width / (2 * zoom)
    return Box(x[0] - half, x[0] + half, x[1] - half, x[1] + half), zoom


def near_groups(lesson: LinearProgramLesson, names,
                share: float) -> list[tuple[int, str, list[int]]]:
    """[(point, line name, [other points])]: the insets (``share`` of the data plane's
    side) of the places :func:`near_points` finds, nearest first: each place, in that order, joins the first inset of its line
    whose middle it stands within :data:`NEAR_REACH` of the half-side of (its marker then
    inside, itself at least as magnified as alone), or opens its own."""
    X, groups = np.asarray(lesson.data.X, dtype=float), []
    lines = lesson.counted_lines
    for i, name in near_points(lesson, names):
        for first, line, others in groups:
            box, _ = near_inset(lesson, first, line, share, lines)
            half = (box.x_max - box.x_min) / 2
            middle = np.array([box.x_min + half, box.y_min + half])
            if line == name and np.hypot(*(X[i] - middle)) <= NEAR_REACH * half * (1 + 1e-9):
                others.append(i)
                break
        else:
            groups.append((i, name, []))
    return groups


def held_groups(lesson: LinearProgramLesson, groups, room: int) -> list:
    """The first of ``groups`` (nearest first, :func:`near_groups`) that ``room`` close-ups
    hold, cut short of a near-tie: while the first left out is as near as the last held
    (within :data:`NEAR_TIE`), that one is left out too (at least one is held)."""
    X, lines = np.asarray(lesson.data.X, dtype=float), lesson.counted_lines
    distances = [line_distance(X[i], *lines[name]) for i, name, _ in groups]
    held = min(room, len(groups))
    while 1 < held < len(groups) and distances[held] <= distances[held - 1] * (1 + NEAR_TIE):
        held -= 1
    return groups[:held]


def near_state(lesson: LinearProgramLesson, names,
               wide: bool = False) -> tuple[str, dict | None, list[int]]:
    """What a beat that draws the lines ``names`` adds for the points that look on them:
    (words, its ``near`` state {"lines": names, "points": [[i, name]…], "with": [[j…]…]
    (the other points each inset holds), "grid": its key in :data:`NEAR_GRIDS`}, the
    points magnified) — the nearest rows × columns insets of :func:`near_groups` that
    grid holds: "between" the planes, or "wide" right of the data plane (nothing else
    standing there); ("", None, []) when none does."""
    names = [name for name in names if np.any(lesson.counted_lines[name][0])]
    places = len(near_points(lesson, names))
    if not places:
        return "", None, []
    grid = "wide" if wide else "between"
    rows, columns, share = NEAR_GRIDS[grid]
    shown = held_groups(lesson, near_groups(lesson, names, share), rows * columns)
    # those on their correct side first, then the rest (each nearest first, a stable sort):
    # the close-ups come in the order the sentence names them (review 302: 38, 35, 34, 6
    # shown as "38, 35 and 6 … 34 is not" was said)
    shown = sorted(shown, key=lambda group: not on_correct_side(lesson, group[0], group[1]))
    points = [p for i, _, others in shown for p in (i, *others)]
    where = "on the right" if wide else "between the panels"
    line = LINE_WORDS[names[0]] if len(names) == 1 else "a line"
    # places sharing a close-up: how many close-ups hold them, said (else "all 9" under 7
    # close-ups reads as a miscount)
    boxes = f", in {len(shown)} close-ups" if len(shown) < len(points) else ""
    if len(points) < places:
        # (not "of the 4": reviews 281-283 looked for a fourth never shown)
        which = (f", the {len(points)} nearest places where a point seems "
                 f"on {line}{boxes}")
    elif places > NEAR_INSETS_NAMED:
        which = f", all {places} places where a point seems on {line}{boxes}"
    else:
        which = (f", {'a point' if len(points) == 1 else 'points'} that "
                 f"{'seems' if len(points) == 1 else 'seem'} on {line}")
    line_of = {j: name for i, name, others in shown for j in (i, *others)}
    sides = side_words(lesson, points, line_of)
    return (f"Magnified {where}{which}: {sides}.",
            {"lines": list(names), "points": [[int(i), name] for i, name, _ in shown],
             "with": [[int(j) for j in others] for _, _, others in shown],
             "grid": grid}, points)


def on_correct_side(lesson: LinearProgramLesson, i: int, name: str) -> bool:
    """Whether point i is on its class's side of the counted line ``name``:
    y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀) > 0 (on the line is a mistake, the notes' rule)."""
    theta, theta0 = lesson.counted_lines[name]
    x = np.asarray(lesson.data.X[i], dtype=float)
    return float(lesson.data.y[i]) * (float(np.asarray(theta, dtype=float) @ x) + theta0) > 0


def side_words(lesson: LinearProgramLesson, points, line_of: dict[int, str]) -> str:
    """Which magnified points are on their correct side of their line, as the tinted
    close-ups show: named when at most :data:`NEAR_INSETS_NAMED` ("38 and 35 are on their
    correct side, 34 is not"), else counted ("5 are on their correct side, 2 are not")."""
    labels = np.asarray(lesson.data.y)

    def partners(i):  # the points of the other class at point i's place
        return [int(j) for j in lesson.at_place(i) if labels[j] != labels[i]]

    right = [i for i in points if on_correct_side(lesson, i, line_of[i])]
    wrong = [i for i in points if i not in right]
    if len(points) <= NEAR_INSETS_NAMED:
        # a point where both classes share a place named as such (its marker shows the +
        # over it: review 279 read "21 ... not" against the + it saw)
        tied, y = set(lesson.tied_points), np.asarray(lesson.data.y)

        def name(i):
            if i not in tied:
                return str(i + 1)
            # the points of the other class there named (review 305: "a + point's place"
            # left a third point unnamed)
            others = partners(i)
            return (f"{i + 1} (a {'+' if y[i] > 0 else '−'} where "
                    f"{'−' if y[i] > 0 else '+'} {'point' if len(others) == 1 else 'points'} "
                    f"{formatting.listed(j + 1 for j in others)} "
                    f"{'is' if len(others) == 1 else 'are'})")

        def who(group):
            return formatting.listed([name(i) for i in group])
    else:
        def who(group):
            return str(len(group))

    def verb(group):
        return "is" if len(group) == 1 else "are"

    def their(group):
        return "its" if len(group) == 1 else "their"

    if right and wrong:
        said = (f"{who(right)} {verb(right)} on {their(right)} correct side, {who(wrong)} "
                f"{verb(wrong)} not")
    else:
        group, side = (right, "correct") if right else (wrong, "wrong")
        every = {1: "", 2: " both"}.get(len(group), " all")
        said = f"{who(group)} {verb(group)}{every} on {their(group)} {side} side"
    # a wrong point's place-mates of the other class, on their correct side, said so (review
    # 305: "21 is on its wrong side" over the + glyph there, which is right)
    if len(points) <= NEAR_INSETS_NAMED:
        mates = sorted({j for i in wrong if i in set(lesson.tied_points)
                        for j in partners(i)
                        if j not in points and on_correct_side(lesson, j, line_of[i])})
        if mates:
            said += (f"; {formatting.listed(j + 1 for j in mates)} "
                     f"{verb(mates)} on {their(mates)} correct side")
    return said


def cone_edge_inset(lesson: LinearProgramLesson) -> tuple[int, Box, int] | None:
    """(j, box, zoom): the perceptron's last θ magnified in weight space round its foot on
    the nearest edge of the cone of separators (the line aⱼᵀθ = 0 of the least
    aᵢᵀθ/‖aᵢ‖, the first of equals: θ's distance to the cone's boundary, which is the
    least of its distances to the half-planes' lines) when it would look on the edge in
    the walk's view (:func:`linviz.view_box.magnified_box`, the distance a side); None
    when it reads as it is, or on data no θ separates."""
    if lesson.run is None:
        return None
    theta = np.asarray(lesson.thetas[-1], dtype=float)
    A = np.asarray(lesson.signed, dtype=float)
    norms = np.hypot(A[:, 0], A[:, 1])
    distances = (A[:, 0] * theta[0] + A[:, 1] * theta[1]) / norms
    j = least_index(distances)
    foot = theta - distances[j] * A[j] / norms[j]
    found = magnified_box(lesson.walk_box, foot, float(distances[j]))
    return None if found is None else (j, *found)
