"""What the parts of `update` share: the y·score before and after an update, the gain
‖x⁽ⁱ⁾‖² + 1, and coloured Typst markup."""

from __future__ import annotations

SCORE = "y^((i))(theta^T x^((i)) + theta_0)"
NEW_SCORE = "y^((i))(theta'^T x^((i)) + theta'_0)"
GAIN = "norm(x^((i)))^2 + 1"


def coloured(markup: str, colour: str) -> str:
    """Typst markup drawn in ``colour`` (it keeps its colour when the whole is recoloured)."""
    return f'#text(fill: rgb("{colour}"))[{markup}]'
