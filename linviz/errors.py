"""The errors the engine raises for bad input.

Every message is one line that says what is wrong and where, so the CLI can
print it as it is and exit with status 2.
"""


class LinvizError(Exception):
    """Base class: bad input the user can fix (never a bug in linviz)."""


class DataError(LinvizError):
    """A data set that cannot be used: malformed CSV, bad labels, NaN, ..."""


class TraceFormatError(LinvizError):
    """A trace file that is malformed, foreign, or of another schema version."""


class NotSeparableError(LinvizError):
    """The data has no separator with a positive margin."""
