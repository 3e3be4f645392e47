"""The look of every scene: palette, themes, sizes, buffers and timings.

Colours are the Okabe-Ito palette (distinguishable with the common colour
vision deficiencies); the two classes also differ by marker shape (+ and −),
so colour is never the only cue. Each theme picks the palette members that
keep a contrast of at least 3:1 against its background (checked by the tests).
No scene hard-codes a colour, size or run time: they all come from here.
"""

from __future__ import annotations

from dataclasses import dataclass

# a trace's play: defined once, in the engine's plan of beats
from linviz.pacing import (  # noqa: F401
    MAX_SHOWN_UPDATES, MAX_SHOWN_VISITS, RUN_FAST_FORWARD, RUN_FAST_UPDATE,
    RUN_NOISE_FAST_FORWARD, RUN_SLOW_UPDATE, RUN_VISIT, SLOW_UPDATES,
)

# Okabe & Ito (2008), "Color Universal Design".
OKABE_ITO = {
    "orange": "#E69F00",
    "sky_blue": "#56B4E9",
    "bluish_green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish_purple": "#CC79A7",
    "black": "#000000",
}


@dataclass(frozen=True)
class Theme:
    """The colours of one theme (hex strings), and the notation its text is written in.

    ``notation`` ("theta" or "w", see :mod:`linviz.notation`) rides with the
    colours because both are how a scene's drawing looks, and every text on
    screen is made with the theme (:mod:`scenes.toolkit.screen_text`).
    """

    name: str
    background: str
    text: str
    muted: str
    grid: str
    positive: str
    negative: str
    boundary: str
    normal: str
    highlight: str
    mistake: str
    correct: str
    bound: str
    step: str
    shade_opacity: float
    notation: str = "theta"

    def foreground_colours(self) -> dict[str, str]:
        """Every colour drawn on the background (for the contrast check)."""
        return {k: getattr(self, k) for k in ("text", "muted", "positive", "negative",
                                              "boundary", "normal", "highlight", "mistake",
                                              "correct", "bound", "step")}


DARK = Theme(
    name="dark",
    background="#15171C",
    text="#F2F2F2",
    muted="#A0A4AB",
    grid="#3A3F47",
    positive=OKABE_ITO["orange"],
    negative=OKABE_ITO["sky_blue"],
    boundary="#F2F2F2",
    normal=OKABE_ITO["yellow"],
    highlight=OKABE_ITO["yellow"],
    mistake=OKABE_ITO["vermillion"],
    correct=OKABE_ITO["bluish_green"],
    bound=OKABE_ITO["reddish_purple"],
    step=OKABE_ITO["reddish_purple"],
    shade_opacity=0.10,
)

LIGHT = Theme(
    name="light",
    background="#FFFFFF",
    text="#1A1A1A",
    muted="#5F6368",
    grid="#D9DCE1",
    positive=OKABE_ITO["vermillion"],
    negative=OKABE_ITO["blue"],
    boundary="#1A1A1A",
    normal="#8A6D00",  # Okabe-Ito yellow darkened: pure yellow is unreadable on white
    highlight=OKABE_ITO["reddish_purple"],
    mistake=OKABE_ITO["vermillion"],
    correct="#00795A",  # Okabe-Ito bluish green, darkened to 3:1 on white
    bound=OKABE_ITO["blue"],
    step=OKABE_ITO["reddish_purple"],
    shade_opacity=0.10,
)

THEMES = {theme.name: theme for theme in (DARK, LIGHT)}


def relative_luminance(hex_colour: str) -> float:
    """WCAG 2 relative luminance of an sRGB colour such as ``"#E69F00"``."""
    channels = [int(hex_colour[k:k + 2], 16) / 255 for k in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast_ratio(a: str, b: str) -> float:
    """WCAG contrast ratio (L_light + 0.05) / (L_dark + 0.05), from 1 to 21."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


# Sizes, in Manim units and font sizes (the frame is 14.2 × 8 units).
FONT_TITLE = 40
FONT_BODY = 28
FONT_SMALL = 22
FONT_MATH = 30
FONT_PANEL = 26
FONT_LABEL = 30          # a label on the data plane (θ, y·x): readable at 480p
POINT_SIZE = 0.16          # half-width of a + or − marker
POINT_STROKE = 5
LINE_STROKE = 4
PLANE_SIDE = 5.9           # side of the square data plane (tick values below and left of it)
PLANE_CENTER = (-3.3, -0.1, 0.0)
PANEL_LEFT = 0.45          # x where the right-hand panels start
CARD_MIN_SCALE = 0.7       # a card in the right-hand column is drawn at least this size
CARD_TOP = 2.3             # the top of a card in an empty right-hand column (under the status)
FONT_CARD = 24             # the data card's words (wrapped to the column, never scaled down)
POINT_SIZE_MIN = 0.06      # the smallest half-width of a marker (dense data)
POINT_STROKE_MIN_FRACTION = 0.6  # a smaller marker's stroke shrinks with it, down to this
# the view's box and its markers' spacing rule: defined once, in the engine (a lesson speaks
# of "this view", and linear-program's of its markers' size)
from linviz.view_box import (  # noqa: E402,F401
    MARKER_SPACING_FRACTION, MAX_TICK_INTERVALS, ORIGIN_ROOM, ORIGIN_ZOOM_LIMIT, VIEW_PADDING,
)
#: rings of places a long label beside a dot tries before it settles on covering text
LABEL_RINGS = 4
TICK_FONT = 21             # the tick values of a data plane (readable in a hall at 1080p)
TICK_BUFF = 0.08           # between a plane's edge and its tick values
TICK_GAP = 0.12            # tick values closer than this are thinned out
TICKS_MIN_SIDE = 3.0       # a smaller plane (a thumbnail) has no tick values
SHORT_NAME = 0.6           # a y name at most this wide is set upright, longer ones turned
COUNT_FONT = 16            # "×3" beside a marker standing for three points
MIXED_COUNT_FONT = 21      # "+2 −1" beside a place both classes share (counted alone)
COUNT_COVER = 0.5          # ...covering at most this fraction of a marker (it has no room else)
COUNT_FAR_RINGS = 4        # in a dense cluster, a count may stand this many label heights out,
                           # joined to its marker by a thin leader
LEADER_STROKE = 1.2        # the stroke of a count's leader
MARKER_OBSTACLE_WEIGHT = 10  # a vector's label over a marker costs this much more than over
                           # a shaft (a covered marker is misread)
VECTOR_LABEL_RINGS = 5     # rings of places tried for a vector's label (see placement)
VECTOR_LABEL_RING_COST = 0.002  # ...each ring out costing as much as this area covered
                           # (screen units²: a seventh of a marker): it stays near its tip
LEGEND_ROW_GAP = 0.04      # between the rows of a plane's legend
LEGEND_MARKER = 0.1        # half-width of the + and − in a legend
ORIGIN_ARROW = 0.4         # the arrow pointing to an origin out of view
LEGEND_LIFT = 0.46         # the legend stands this far above the plane (a note's row between)
BUFF = 0.25
SMALL_BUFF = 0.12
TITLE_BUFF = 0.3
CAPTION_BAND = 0.6         # the bottom of the frame, where a player draws captions: no text there
BOTTOM_BUFF = CAPTION_BAND + SMALL_BUFF  # the lowest text stands this far above the frame's edge

# Timings, in seconds.
RUN_INTRO = 1.0
PAUSE_READ = 1.5           # time to read a new statement
PAUSE_SHORT = 0.5

# The update scene: the score y(θᵀx + θ₀) on a number line.
FONT_EQUATION = 34         # a derivation shown on its own
SCORE_LINE_WIDTH = 11.0    # a number line across the frame
SCORE_BAND_HEIGHT = 0.3    # the tinted ≤ 0 / > 0 sides of a number line
SCORE_TICK = 0.08          # half-height of a tick (0 gets twice that)
SCORE_MARKER = 0.14        # half-width of the triangle that marks a score
SCORE_LINE_PADDING = 0.12  # room around the shown scores, a fraction of their span
JUMP_LIFT = 0.75           # height above the line of the arrow of one update
HISTORY_ROW_HEIGHT = 0.34  # one update per row under the line, at most this tall
MAX_HISTORY_ROWS = 14      # more updates than this are merged into fewer rows
HISTORY_LINE_WIDTH = 8.2   # leaves room for the columns of numbers beside it
HISTORY_POINT_COLUMN = 1.2  # the column that says which point each update was made on
HISTORY_COLUMN = 1.5       # width of a column of numbers beside a history
RUN_JUMP = 2.0             # the explained jump of one score
RUN_HISTORY_JUMP = 0.7     # each jump of a score history
RUN_CROSSFADE = 0.4        # each half of a dip to the background between sections
DATA_LINE_WIDTH = 5.0      # a 1-D data set drawn beside a score history
DATA_LINE_DISC = 0.075     # radius of a point's disc on it
DATA_LINE_GAP = 0.03       # between stacked discs
DATA_LINE_KEY_BUFF = 0.5   # the key of class colours stands this far above the line
DATA_LINE_ZOOM = 2.0       # how much larger it is first shown, on its own
DATA_LINE_ZOOM_Y = 0.4     # …and the height of its centre then
READING_SPEED = 20.0       # characters a second a caption is left on screen for

# The classifier scene: the geometry of one hypothesis, then the best of k.
FONT_TINY = 18             # values over the bars of a small chart
DASH_LENGTH = 0.08         # a dashed segment (distances)
#: a line the − markers sit on (x₂ = 1): dotted and thin, so a − reads as a marker, not a dash
DOTTED_LENGTH = 0.035
DOTTED_STROKE = 1.5

DASH_STROKE = 3
RING_RADIUS = 0.3          # a ring around a marked data point
RING_SPACING_FRACTION = 0.5  # ...at most this much of the points' typical spacing (rings of
                           # neighbours then do not merge into one blob)
RING_MARKER_FRACTION = 1.3  # ...and at least this many marker half-widths (round its marker)
RING_STROKE = 4
NORMAL_ALONG = 0.9         # θ is drawn this far (screen) along the line from its foot
SCALE_MIN = 1e-3           # a scale c of θ swept through 0 is drawn at least this far from it
VIEW_MARGIN = 0.9          # a vector may use this fraction of its room to the plane's border
READABLE_ARROW_SCALE = 0.25  # arrows shrunk below this fraction of their length are unreadable:
                           # θ is then drawn as its direction, at a fixed length
CHART_WIDTH = 5.6          # a bar chart of one value per hypothesis
CHART_HEIGHT = 1.5         # height of a bar of value 1
CHART_BAR_FILL = 0.6       # bar width over bar spacing
CHART_MIN_BAR = 0.03       # a bar of value 0 is drawn this tall
RUN_PARAMETER = 1.0        # a parameter swept from one value to another
RUN_SWEEP = 2.0            # a pass over every data point
RUN_COUNT_POINT = 0.3      # each point checked in turn when the mistakes are counted
RUN_COUNT_MAX = 9.0        # …but a count takes at most this long
RUN_HYPOTHESIS = 0.4       # one hypothesis of a list, shown in turn
RUN_HYPOTHESIS_LISTED = 1.2  # …one of those shown without a sentence of its own, long enough to see
RUN_FADE = 0.4             # a few small mobjects fading in or out
RUN_REVEAL = 0.6           # a curtain lifted from (part of) the frame
PRESENCE_MIN = 1e-3        # a boundary fading in is drawn (and θ = 0's note taken away) from here
GHOST_OPACITY = 0.4        # a hypothesis already shown, left as a faint line
DOT_RADIUS = 0.065         # a marked point such as the origin
VALUE_GAP = 0.5            # between live values on one row
VALUE_ROWS_GAP = 0.15      # between live values stacked, one a row (widths that change)

# The margin, proof and margin-speed scenes: bands, plots against M, the proof's chain.
BAND_OPACITY = 0.14        # the fill of a margin band
PLOT_WIDTH = 3.6           # a value plotted against the update count M
PLOT_HEIGHT = 1.6
PLOT_TICK = 0.06           # half-length of an axis tick
PLOT_LABEL_BUFF = 0.08
PLOT_STROKE = 4            # a plotted curve or bound line
PLOT_DOT = 0.06            # the dot at the head of a curve
PLOT_GAP_OPACITY = 0.15    # the gap between a value and its bound
PLOT_MAX_UNIT_TICKS = 12   # up to this many updates, every M gets a tick
LOG_PLOT_SIDE = 4.6        # a square log-log plot
LOG_LABEL_ALONG = 0.72     # where along the diagonal its label sits
SWEEP_DOT = 0.07           # one run of a sweep on a plot
SWEEP_DOT_STROKE = 1.5     # the background-coloured rim that keeps touching dots apart
#: a sweep's groups on a plot, one colour each (the class colours are not used there)
SWEEP_GROUP_COLOURS = (OKABE_ITO["sky_blue"], OKABE_ITO["bluish_green"], OKABE_ITO["orange"],
                       OKABE_ITO["vermillion"], OKABE_ITO["reddish_purple"], OKABE_ITO["blue"])
RUN_GHOST = 0.06           # one update of a fast replay that leaves ghosts
RUN_GHOSTS_MAX = 9.0       # at most this long, however many updates
GHOST_OPACITY = 0.22       # a boundary left behind by a fast replay
RUN_PROOF_UPDATE = 1.0     # one update of the proof's run, both plots growing
RUN_REPLAY = 3.0           # a whole run replayed at once (the chain, a sweep's run)
RUN_RESCALE = 2.0          # the data divided by R
RUN_ZOOM = 2.5             # a data plane zooming to another box
RUN_WIDEN = 3.0            # a separator turning to the maximum margin, its band widening
FONT_CHAIN = 34            # the chain of inequalities that ends the proof
CHAIN_GAP = 0.28           # between the terms of the chain
PLOT_INDENT = 0.5          # room left of a plot for its tick labels

# The gradient-descent scenes: logistic regression, linear and polynomial regression, summary.
FIELD_RESOLUTION = 110     # cells per side of a probability field over the data plane
FIELD_LEVELS = 8           # colour bands of a field on each side of p = 1/2
FIELD_OPACITY = 0.5        # opacity of a certain (p = 0 or 1) field cell
FIELD_STOPS = 241          # gradient stops across a field: band edges sharp to 1/240 of it
LOSS_RING_SCALE = 0.22     # screen radius of a point's loss ring per unit of loss
LOSS_RING_STROKE = 2.5
CURVE_PLOT_WIDTH = 4.6     # a loss curve against the step t
CURVE_PLOT_HEIGHT = 1.7
SIGMOID_PLOT_WIDTH = 4.6   # the step function and the sigmoid
SIGMOID_PLOT_HEIGHT = 1.9
SIGMOID_Z_RANGE = 6.0      # z from −this to +this
GD_SLOW_STEPS = 3          # the first gradient steps are played one by one
RUN_GD_STEP = 1.0          # one explained gradient step
RUN_GD_FAST = 6.0          # the remaining steps, fast-forwarded
CONTOUR_STROKE = 2
CONTOUR_SIDE = 3.0         # the square (w₀, w₁) plot of loss contours
CONTOUR_CENTER = (2.6, -1.4, 0.0)
CONTOUR_PADDING = 0.04     # room around the bowl and the path, a fraction of each span
#: the (w₀, w₁) plot fits each axis to the bowl, but one axis's unit is at most this many
#: times longer on screen than the other's: a narrow bowl still looks narrow, not a sliver
CONTOUR_MAX_STRETCH = 4.0
CURVE_SAMPLES = 320        # points of a drawn fitted curve (a degree-5 fit shows no kinks)
REGRESSION_PLOT_HEIGHT = 5.1  # side of the square (x, y) plot of regression data
REGRESSION_PLOT_CENTER = (-3.75, -0.25, 0.0)
REGRESSION_AXES_SIDE = 4.3    # width and height of its axes (tick values and names around)
REGRESSION_PADDING = 0.08     # room around the data, a fraction of each axis's span
REGRESSION_PANEL_LEFT = -0.2  # x where the regression scene's right-hand column starts
DATA_DOT = 0.08            # a data point (x, y) of a regression
SPARSE_POINT_COUNT = 50    # up to this many regression points are drawn at full size
DENSE_DOT_SCALE = 0.35     # the smallest a dot gets (radius × this) among many points
CURVE_OVERHANG = 0.08      # a fitted curve extends this fraction of the data's span beyond it
CURVE_DASHES = 40          # dashes of a dashed fitted curve
RUN_POLY_FIT = 3.0         # one polynomial fit, fast-forwarded
RESIDUAL_STROKE = 2.5
THUMBNAIL_HEIGHT = 1.6     # a scene's final picture in the summary table (about 100 px at 480p)
THUMBNAIL_POINT_SIZE = 0.075  # half-width of its + and − (readable, not fused)
TABLE_FONT = 22
TABLE_GAP = 0.3           # between the cells of a table
TABLE_LINE = 0.42          # from one baseline to the next in a table cell

# The lifting scenes (xor, noise, offset-lift): a 3-D view drawn by projection, curves.
SPACE_SCALE = 1.25         # screen units per data unit in a projected 3-D view
SPACE_FIT = 1.75           # at most this many screen units per half-side of the data's box
SPACE_CENTER = (3.8, -0.45, 0.0)
SPACE_AZIMUTH = -0.95      # radians: the camera's direction around the vertical axis
SPACE_ELEVATION = 0.38     # radians above the horizontal
SPACE_TURN = 0.8           # radians the camera turns round to show depth
SPACE_PLANE_OPACITY = 0.3  # the fill of a separating plane in a 3-D view
SPACE_EDGE_OPACITY = 0.5   # the faint edges of the box around a 3-D view
DROP_OPACITY = 0.6         # the dashed drop from a lifted point to its place below
SIDE_DROP_OPACITY = 0.9    # a drop to the plane, in the colour of the side the point lies on
XOR_SPACE_ELEVATION = 0.62  # the XOR lift seen from higher up: above and below the plane apart
ZERO_SET_CELLS = 49        # marching squares per side for a curve (odd: see zero_set_segments)
STAR_VECTOR_STROKE = 2.5   # θ*'s shaft, thinner than θ's (5) that it may lie over
STAR_MIN_SHARE = 0.15       # θ* drawn shorter than this share of the plane's half-side is lengthened (direction only)
GHOST_STROKE = 3           # the boundaries of a cycle drawn together, faintly
GHOST_FADE_STEP = 0.2      # …each older one this much fainter than the next (the newest at full strength)
GHOST_OLDEST_OPACITY = 0.12  # …down to this
RUN_LIFT = 2.5             # points rising into the lifted dimension
RUN_TURN = 3.0             # the camera turning round a 3-D view
AXIS_SPLIT = 0.13          # two arrows along one axis are drawn this far to either side of it
MARGIN_LINE_WIDTH = 6.3    # a number line of margins under the right-hand board
LINE_MARKER_SCALE = 0.8    # a point's + or − on a number line of margins
LINE_MARKER_LIFT = 0.3     # rows of + (one lift) and − (two) above a number line
STATUS_WIDTH = 6.4         # a status line in the right-hand column, at most this wide
LOG_PLOT_INDENT = 0.7      # room left of a log-log plot for its labels
NOISE_EPOCHS = 30          # passes the noise scene plays: long enough to see it never settle
NOISE_PLOT_WIDTH = 4.6     # training error against the epoch
NOISE_PLOT_HEIGHT = 2.2
STAR_LABEL_ALONG = (0.12, 0.88, 0.3, 0.7)  # where along θ*'s line its label may stand
SWEEP_POINT_SIZE = 0.11    # the + and − of a sweep's data sets (a hundred points each)
LOG_ABOVE_OPACITY = 0.07   # the region above a bound line no run can reach
OFFSET_SPACE_CENTER = (-3.0, -0.5, 0.0)  # the offset-lift scene's 3-D view, left of its panel
OFFSET_SPACE_SCALE = 0.95
OFFSET_SPACE_FIT = 2.6   # at most this many screen units per half-side of that view's box
OFFSET_SPACE_ELEVATION = 0.62  # higher than usual: the plane x₃ = 1 seen from above
LIFTED_PLANE_OPACITY = 0.12  # the plane x₃ = 1 that the augmented points lie on
OFFSET_SPACE_HEIGHT = 1.5  # the box of that view runs from x₃ = −OFFSET_SPACE_HEIGHT to +
LINE_POINT_SIZE = 0.12     # the + and − of points on a line (offset-lift's 1-D data)
LINE_POINT_MIN = 0.05      # …but no smaller, however close the points
LINE_POINT_GAP_FRACTION = 0.45  # …and at most this fraction of the least gap between them
OFFSET_TABLE_UPDATES = 4   # the first updates of both runs shown side by side
RUN_OFFSET_REPLAY = 5.0    # a whole perceptron run on the augmented points
#: where a 3-D axis label may stand, in label reaches beyond its axis' positive end and aside
SPACE_AXIS_LABEL_AHEAD = (1.0, 2.0, 3.0, 4.0)
SPACE_AXIS_LABEL_ASIDE = (0.0, 1.0, -1.0, 2.0, -2.0)
THRESHOLD_POINTER = 0.2   # the width of the ▼ over a threshold on x₂ = 1
THRESHOLD_DOT = 0.1        # the threshold marked on x₂ = 1 and on the line below
SPACE_PANEL_LEFT = 1.45    # the panel beside a 3-D view on the left starts here
LABEL_BACKDROP_OPACITY = 0.75  # the background behind a label drawn over the data plane
LABEL_BACKDROP_BUFF = 0.04
LABEL_SLANT = 0.4          # a label set diagonally beside a point leans this much sideways
AXIS_LABEL_SIDE = 0.7      # an axis's name sits this many label widths to its side
CHAIN_ROW_GAP = 0.4        # between the rows of the proof's last board
RUN_SWAP = 0.6             # one board of text fading into another (every glyph is redrawn)
RUN_HIGHLIGHT = 0.6        # a frame moving to the rows of a board the caption is about
HIGHLIGHT_STROKE = 3
TRACE_ROWS_SHOWN = 10      # updates of two runs compared row by row (beyond: the first, "…", the last)
RUN_TRACE_ROW = 0.8        # one row of that comparison appearing
OFFSET_DOT_RADIUS = 0.07  # the end of a short −θ₀/‖θ‖, where the line crosses the axis along θ
THETA_GHOSTS_MAX = 120     # arrows of θ a label keeps clear of, sampled along a long run
PLOT_MAX_VERTICES = 2000   # a curve of more values is drawn through this many of them (evenly spread)
SEGMENT_OBSTACLE_WEIGHT = 10  # a label on a line or an arrow: worse than on a marker, better than on text


# The title card that opens a lecture (scenes/title_card.py)
TITLE_CARD_SECONDS = 4.0   # how long it stays on screen before the first scene
TITLE_CARD_FONT = 52       # the lecture's title
TITLE_CARD_LINE_CHARS = 34 # a title line at most this long (a longer title wraps)
TITLE_CARD_RULE = 6.0      # the rule between title and byline: its width (units)
TITLE_CARD_RULE_STROKE = 2 # and its stroke
TITLE_CARD_GAP = 0.45      # between the title, the rule and the byline (units)
TITLE_CARD_BYLINE_CHARS = 60  # a byline line at most this long
TITLE_CARD_MARGIN = 0.8    # the least room left round the card in the frame (units)
