"""What the parts of the perceptron family's run player share: the notes' pseudocode,
with and without an offset, and the numbers of its lines the scene lights."""

from __future__ import annotations

PSEUDOCODE_OFFSET = [
    "Perceptron$(cal(D)_n; tau)$",
    "  $theta = 0, quad theta_0 = 0$",
    "  *for* $t = 1$ *to* $tau$:",
    "    *for* $i = 1$ *to* $n$:",
    "      *if* $y^((i))(theta^T x^((i)) + theta_0) <= 0$:",
    "        $theta = theta + y^((i)) x^((i))$",
    "        $theta_0 = theta_0 + y^((i))$",
    "    *if* no update in this pass: *break*",
]
PSEUDOCODE_ORIGIN = [
    "Perceptron$(cal(D)_n; tau)$",
    "  $theta = 0$",
    "  *for* $t = 1$ *to* $tau$:",
    "    *for* $i = 1$ *to* $n$:",
    "      *if* $y^((i)) theta^T x^((i)) <= 0$:",
    "        $theta = theta + y^((i)) x^((i))$",
    "    *if* no update in this pass: *break*",
]
LINE_INIT, LINE_EPOCH, LINE_VISIT, LINE_TEST, LINE_UPDATE = 1, 2, 3, 4, 5
