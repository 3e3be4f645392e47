"""The look of every scene: palette, themes, sizes, buffers and timings.

Colours are the Okabe-Ito palette (distinguishable with the common colour
vision deficiencies); the two classes also differ by marker shape (+ and −),
so colour is never the only cue. Each theme picks the palette members that
keep a contrast of at least 3:1 against its background (checked by the tests).
No scene hard-codes a colour, size or run time: they all come from here.
"""

from __future__ import annotations

from dataclasses import dataclass

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
    """The colours of one theme (hex strings)."""

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
POINT_SIZE = 0.16          # half-width of a + or − marker
POINT_STROKE = 5
LINE_STROKE = 4
PLANE_SIDE = 6.6           # side of the square data plane
PLANE_CENTER = (-3.3, -0.35, 0.0)
PANEL_LEFT = 0.45          # x where the right-hand panels start
BUFF = 0.25
SMALL_BUFF = 0.12
TITLE_BUFF = 0.3

# Timings, in seconds.
RUN_INTRO = 1.0
RUN_SLOW_UPDATE = 1.2      # each animation of an explained update
RUN_FAST_UPDATE = 0.5
RUN_VISIT = 0.12           # a correct visit, when shown at all
RUN_FAST_FORWARD = 2.0
PAUSE_READ = 1.5           # time to read a new statement
PAUSE_SHORT = 0.5
SLOW_UPDATES = 3           # the first updates are explained step by step
MAX_SHOWN_UPDATES = 24     # beyond this, a long run is fast-forwarded
MAX_SHOWN_VISITS = 60      # correct visits shown individually, at most
