"""The regression scene's lesson: least squares by gradient descent beside the closed
form, for a line and for polynomials, with the step size from the data.

For features φ(x) = [x, …, xᵏ] and X̃ = [φ(x), 1] the empirical risk
L(w) = (1/n)‖X̃w − y‖² has Hessian H = (2/n)X̃ᵀX̃. Gradient descent converges
exactly when η < 2/λ_max(H); the default here is η = 1/λ_max(H). The error
along H's eigenvector of eigenvalue λ then shrinks by 1 − λ/λ_max a step, so
the condition number κ = λ_max/λ_min says how slow the flattest direction is:
about κ steps per factor e. The closed form w* = X̃⁺y (the pseudo-inverse) is
computed independently of the run.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..dataset import REGRESSION, Dataset
from ..errors import DataError
from ..gradient import LossBehaviour, squared_loss_curvature
from ..regression import LinearRegression, polynomial_features
from ..trace import Trace
from ..transforms import is_standardized

#: a loss within this of the closed form's is "reached" (equal to four places)
REACHED = 5e-5
#: a curve "fits clearly better" when its minimum is below (1 − this) × the line's
CURVE_GAIN = 0.25
#: κ = λ_max/λ_min of H beyond which what the scene shows cannot be computed to its digits:
#: refused. Up to it, H's eigenvalues (from X̃'s singular values) and each closed form's
#: least loss (least squares on X̃) are right to 1e-6 relative, every digit printed:
#: measured against exact rational arithmetic on data far from 0 and degrees to 5
#: (tests/lessons/test_regression_accuracy.py), where the least loss is already off by 1e-4 at
#: κ ≈ 3e29 and by 8 % at 3e34
MAX_CONDITION = 1e24
#: contour levels as fractions of the way from the minimum to the loss at w = 0
CONTOUR_FRACTIONS = (0.02, 0.08, 0.2, 0.4, 0.7, 1.0)
#: (degree, step size η or None for 1/λ_max(H), steps) of each polynomial fit shown
POLYNOMIAL_RUNS = ((1, None, 300), (2, None, 300), (3, None, 300), (5, None, 300))
#: κ from which a bowl is "narrow" (its contours at least √10 ≈ 3 times longer than wide)
NARROW = 10.0
#: κ up to which a bowl is "round": its contours are circles to within √ROUND − 1 ≈ 1 %
#: of their radius, it has no flat or steep axis, and η = 1/λ_max shrinks the error along
#: every direction by |1 − ηλ_min| ≤ 1 − 1/ROUND ≈ 2 % a step
ROUND = 1.02
#: the first steps of the line's descent shown one by one
SLOW_STEPS = 3
#: the data the scene tells when none is given
DEFAULT_DATA = {"regression": "regression1d"}


@dataclass(frozen=True)
class DescentRun(LossBehaviour):
    """One least-squares fit of degree k: gradient descent and the closed form.

    Attributes
    ----------
    degree : k.
    trace : the run (full batch, from w = 0).
    step_size : η.
    step_from_data : η = 1/λ_max(H) (the default), not a step set by hand.
    curvature : (λ_min, λ_max) of H = (2/n)X̃ᵀX̃.
    closed_theta, closed_theta0, closed_loss : w* = X̃⁺y and L(w*).
    """

    degree: int
    trace: Trace
    step_size: float
    step_from_data: bool
    curvature: tuple[float, float]
    closed_theta: np.ndarray
    closed_theta0: float
    closed_loss: float

    @property
    def gap(self) -> float:
        """L(w_T) − L(w*) (≥ 0 up to rounding)."""
        return self.final_loss - self.closed_loss

    @property
    def reached(self) -> bool:
        """L(w_T) equals L(w*) to four places."""
        return abs(self.gap) < REACHED

    @property
    def condition(self) -> float:
        """κ = λ_max/λ_min of H (inf when H is singular)."""
        low, high = self.curvature
        return high / low if low > 0 else np.inf

    @property
    def narrow(self) -> bool:
        """κ ≥ NARROW: the bowl is much more curved across than along (slow descent)."""
        return self.condition >= NARROW

    @property
    def round(self) -> bool:
        """κ ≤ ROUND: H's eigenvalues are equal within 2 %, so H ≈ λI and the bowl's contours
        are circles (to within 1 %): no axis is flatter or steeper than another."""
        return self.condition <= ROUND

    @property
    def first_step_reaches(self) -> bool:
        """L(w₁) equals L(w*) to four places: one step of η = 1/λ reaches the minimum
        (exactly when H = λI and η = 1/λ: w₁ = 0 − (1/λ)(H·0 − Hw*) = w*)."""
        return self.steps >= 1 and abs(float(self.losses[1]) - self.closed_loss) < REACHED

    @property
    def flat_factor(self) -> float:
        """|1 − ηλ_min|: what one step multiplies the error along H's flattest axis by."""
        return abs(1.0 - self.step_size * self.curvature[0])

    @property
    def steep_factor(self) -> float:
        """|1 − ηλ_max|: what one step multiplies the error along H's steepest axis by."""
        return abs(1.0 - self.step_size * self.curvature[1])

    @property
    def stable_limit(self) -> float:
        """2/λ_max(H): gradient descent converges for every start exactly below it."""
        return 2.0 / self.curvature[1]

    @property
    def unstable_step(self) -> bool:
        """η ≥ 2/λ_max(H): the error along H's steepest direction does not shrink."""
        return self.step_size >= self.stable_limit


@dataclass(frozen=True)
class RegressionLesson:
    """Everything the regression scene shows, computed from the data.

    Attributes
    ----------
    data : 1-D inputs, real targets.
    line : the degree-1 run drawn on the loss contours (``steps`` steps).
    polynomials : the fits of ``polynomial_runs``, in order.
    contour_levels : L values of the contours drawn, from just above L(w*) to L(0).
    """

    data: Dataset
    line: DescentRun
    polynomials: tuple[DescentRun, ...]
    contour_levels: tuple[float, ...]

    # -- the normal equations of the line -------------------------------------------
    @property
    def x(self) -> np.ndarray:
        return self.data.X[:, 0]

    @property
    def normal_matrix_eigenvalues(self) -> tuple[float, float]:
        """Eigenvalues of A = Σ x̃x̃ᵀ, x̃ = [1, x] (= n/2 times H's), ascending."""
        design = np.column_stack([np.ones_like(self.x), self.x])
        low, high = np.linalg.eigvalsh(design.T @ design)
        return float(low), float(high)

    def bowl_axes(self, level: float) -> tuple[np.ndarray, np.ndarray]:
        """The bowl's axes as segments through w* in (w₀, w₁): (flat, steep), each of shape
        (2, 2), its ends on the contour L = ``level``.

        H = (2/n) Σ x̃x̃ᵀ (x̃ = [1, x]) has unit eigenvectors v_min, v_max; along them
        L(w* + t v) = L* + ½λt², so the contour L = c meets the axis at t = ±√(2(c − L*)/λ).
        """
        design = np.column_stack([np.ones_like(self.x), self.x])
        eigenvalues, vectors = np.linalg.eigh(2.0 * design.T @ design / len(self.x))
        room = max(float(level) - self.line.closed_loss, 0.0)
        segments = []
        for k in (0, -1):
            reach = np.sqrt(2.0 * room / eigenvalues[k]) if eigenvalues[k] > 0 else 0.0
            segments.append(np.array([self.closed_w - reach * vectors[:, k],
                                      self.closed_w + reach * vectors[:, k]]))
        return segments[0], segments[1]

    @property
    def x_axis_name(self) -> str:
        """The x axis's name: the column's ("bmi"), with ", standardised" when the data was
        standardised (its values are (x − mean)/std, not the column's own units); "" for
        raw unnamed data, "standardised" for standardised unnamed data."""
        names = self.data.feature_names
        name = str(names[0]) if names else ""
        if not is_standardized(self.data):
            return name
        return f"{name}, standardised" if name else "standardised"

    @property
    def closed_w(self) -> np.ndarray:
        """w* = (w₀, w₁) of the line."""
        return np.array([self.line.closed_theta0, float(self.line.closed_theta[0])])

    @property
    def x_mean(self) -> float:
        return float(np.mean(self.x))

    @property
    def y_mean(self) -> float:
        return float(np.mean(self.data.y))

    @property
    def y_variance(self) -> float:
        """(1/n) Σ (y − ȳ)²: the least loss when every x is x̄."""
        return float(np.var(self.data.y))

    @property
    def singular_w(self) -> np.ndarray:
        """A⁺b for the data with every x moved to x̄: the point of the valley
        w₀ + x̄w₁ = ȳ nearest 0, ȳ/(1 + x̄²) · (1, x̄)."""
        flat = np.column_stack([np.ones_like(self.x), np.full_like(self.x, self.x_mean)])
        return np.linalg.pinv(flat.T @ flat) @ (flat.T @ self.data.y)

    def singular_contour_offsets(self) -> list[float]:
        """For each contour level c ≥ var(y), the c of the flat loss
        L̄(w) = (w₀ + x̄w₁ − ȳ)² + var(y) is the pair of lines w₀ + x̄w₁ = ȳ ± √(c − var y):
        the offsets √(c − var y), one per level (levels below var(y) have none)."""
        return [float(np.sqrt(level - self.y_variance)) for level in self.contour_levels
                if level > self.y_variance]

    # -- predicates -------------------------------------------------------------
    @property
    def closed_minima(self) -> list[float]:
        """L(w*) of each polynomial fit, in order (never rising: the models are nested)."""
        return [run.closed_loss for run in self.polynomials]

    @property
    def curve_helps(self) -> bool:
        """The best polynomial's minimum is at least CURVE_GAIN below the line's:
        min_k L(w*_k) ≤ (1 − CURVE_GAIN) L(w*_1)."""
        line = self.polynomials[0].closed_loss if self.polynomials else self.line.closed_loss
        return min(self.closed_minima, default=line) <= (1 - CURVE_GAIN) * line

    @property
    def curve_gain(self) -> float:
        """1 − min_k L(w*_k)/L(w*_1): how much lower the best curve's minimum is."""
        line = self.polynomials[0].closed_loss
        return 1.0 - min(self.closed_minima) / line if line > 0 else 0.0

    @property
    def descent_ends_out_of_order(self) -> list[tuple[int, int]]:
        """(k, k') with k < k' where degree k' ends its descent above degree k,
        L(w_T; k') > L(w_T; k) by more than REACHED, though its closed form is no higher."""
        runs = self.polynomials
        return [(a.degree, b.degree) for i, a in enumerate(runs) for b in runs[i + 1:]
                if b.final_loss > a.final_loss + REACHED]

    @property
    def unreached(self) -> list[DescentRun]:
        """The polynomial runs that ended above their closed form (to four places)."""
        return [run for run in self.polynomials if not run.reached]


def descent_run(data: Dataset, degree: int, lr: float | None, steps: int) -> DescentRun:
    """Gradient descent of degree ``degree`` with η = ``lr`` (None: 1/λ_max(H))."""
    features = polynomial_features(data.X, degree)
    curvature = squared_loss_curvature(features)
    step_size = 1.0 / curvature[1] if lr is None else float(lr)
    model = LinearRegression(degree=degree, lr=step_size, steps=steps).fit(data)
    closed = model.trace_.result["closed_form"]
    return DescentRun(degree, model.trace_, step_size, lr is None, curvature,
                      np.asarray(closed["theta"], dtype=float), float(closed["theta0"]),
                      float(closed["loss"]))


def check_conditioning(data: Dataset, degrees, where: str | None = None) -> None:
    """Refuse what the fits cannot show truthfully: at most k + 1 points for degree k
    (the polynomial passes through them all), or features so nearly dependent that the
    numbers shown (λ_min, κ, the closed form's loss) cannot be computed to their digits,
    κ(H) > MAX_CONDITION (x far from 0, high powers).
    ``where`` starts the message (default: the data set's name)."""
    where = where or repr(data.name)
    for degree in degrees:
        if data.n_samples <= degree + 1:
            raise DataError(f"{where} has {data.n_samples} points: a polynomial of degree "
                            f"{degree} passes through every one of them, so the scene's fits "
                            f"need at least {degree + 2} points")
        low, high = squared_loss_curvature(polynomial_features(data.X, degree))
        if low <= 0 or high / low > MAX_CONDITION:
            x = data.X[:, 0]
            raise DataError(f"{where}: x is {float(np.mean(x)):.3g} ± "
                            f"{float(np.std(x)):.2g}, so the degree-{degree} features "
                            f"[1, x, …, x^{degree}] are nearly dependent (κ(H) > "
                            f"{MAX_CONDITION:.0e}), too far for its λ_min, κ and least loss "
                            f"to be computed to the digits shown: centre x (--standardize)")


def regression_lesson(data: Dataset, lr: float | None = None, steps: int = 60,
                      polynomial_runs=POLYNOMIAL_RUNS) -> RegressionLesson:
    """The regression scene's lesson on ``data``.

    Parameters
    ----------
    lr : η of the line's descent; None for 1/λ_max(H).
    steps : steps of the line's descent.
    polynomial_runs : (degree, η or None, steps) of each polynomial fit.

    Raises DataError (one line) for data the scene cannot be truthful about.
    """
    if data.task != REGRESSION:
        raise DataError(f"the regression scene needs real targets; {data.name!r} is a "
                        f"classification data set: use the logistic or perceptron scene")
    if data.n_features != 1:
        raise DataError(f"the regression scene draws 1-D inputs, but {data.name!r} has "
                        f"{data.n_features} features: pick one with --features")
    check_conditioning(data, sorted({1, *[degree for degree, _, _ in polynomial_runs]}))
    line = descent_run(data, 1, lr, steps)
    start = float(line.losses[0])
    levels = tuple(line.closed_loss + f * (start - line.closed_loss) for f in CONTOUR_FRACTIONS)
    polynomials = tuple(descent_run(data, degree, step, count)
                        for degree, step, count in polynomial_runs)
    return RegressionLesson(data, line, polynomials, levels)


def signed_term(coefficient: float, name: str, places: int = 2, minus: str = "−") -> str:
    """" + 0.35w₁" or " − 0.01w₁": a term after another, its sign as the operator."""
    rounded = round(float(coefficient), places)
    sign = minus if rounded < 0 else "+"
    return f" {sign} {abs(rounded):.{places}f}{name}"
