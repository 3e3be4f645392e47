"""What the parts of `classifier` share: the formulas on its board and the lines of its
pseudocode."""

from __future__ import annotations

import numpy as np

DEFINITION = ('h(x; theta, theta_0) &= op("sign")(theta^T x + theta_0) \\ '
              '&= cases(+1 & "if" theta^T x + theta_0 > 0, -1 & "if" theta^T x + theta_0 <= 0)')
#: the 0-1 loss, as the notes write it (it gives way to the training error, its mean)
ZERO_ONE_LOSS = "L(h(x), y) = bb(1){y(theta^T x + theta_0) <= 0}"
TRAINING_ERROR = ("cal(E)_n (h) = 1/n sum_(i=1)^n bb(1){y^((i))(theta^T x^((i)) + theta_0) <= 0}")
# Ex_learning_alg as the notes write it
PSEUDOCODE_BEST_OF_K = [
    "Ex\\_learning\\_alg$(cal(D)_n; k)$",
    "  Set $j^* = op(\"argmin\")_(j in {1, dots, k}) cal(E)_n (h^((j)))$",
    "  Return $h^((j^*))$",
]
LINE_ARGMIN, LINE_RETURN = 1, 2
ORIGIN_2D = np.zeros((1, 2))
