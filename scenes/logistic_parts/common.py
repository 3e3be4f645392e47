"""What the parts of `logistic` share: the colour of the flipped labels' squares."""

from __future__ import annotations


def flip_colour(theme) -> str:
    """The flipped labels' squares: the theme's yellow (its normal-vector colour, unused
    here), not its highlight, which in the light theme is the loss rings' purple."""
    return theme.normal
