"""Numbers in captions (linviz.formatting): what is written reads back as the value."""

from __future__ import annotations

import math

from hypothesis import given, strategies as st

from linviz import formatting
from linviz.spoken import spoken_text

SUPERSCRIPT = str.maketrans("⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "-0123456789")


def read_back(written: str) -> float:
    """The value a caption's number stands for, parsed here (a × 10ᵏ or a decimal)."""
    written = written.replace("−", "-")
    if "×" in written:
        mantissa, power = written.split(" × 10")
        return float(mantissa) * 10 ** int(power.translate(SUPERSCRIPT))
    return float(written)


def test_a_tiny_step_size_is_not_written_as_zero():
    """The issue: "η = 1/λ_max = 0.000000" on data in the thousands (η was 1.63e-7)."""
    assert formatting.significant(1.63e-7) == "1.6 × 10⁻⁷"
    assert spoken_text("η = 1.6 × 10⁻⁷") == "eta equals 1.6 times 10 to the minus 7"


@given(st.floats(min_value=1e-12, max_value=1e6) | st.floats(min_value=-1e6, max_value=-1e-12))
def test_significant_reads_back_within_two_significant_digits(value):
    written = formatting.significant(value)
    assert read_back(written) != 0
    assert math.isclose(read_back(written), value, rel_tol=0.051)


def test_a_grouped_number_in_mathematics_is_quoted_so_its_comma_is_no_separator():
    from linviz.formatting import grouped, in_math

    assert in_math(grouped(2811, 0)) == '"2,811"' and in_math("51") == "51"
    assert in_math("0.052") == "0.052"
