"""The errors the engine raises for bad input, and how input is quoted in them.

Every message is one line that says what is wrong and where, so the CLI can
print it as it is and exit with status 2.
"""

#: the longest piece of the user's input a message quotes whole
QUOTE_LIMIT = 60
#: the same for a path (real paths are long, but not this long)
PATH_QUOTE_LIMIT = 300


class LinvizError(Exception):
    """Base class: bad input the user can fix (never a bug in linviz)."""


class DataError(LinvizError):
    """A data set that cannot be used: malformed CSV, bad labels, NaN, ..."""


class TraceFormatError(LinvizError):
    """A trace file that is malformed, foreign, or of another schema version."""


class NotSeparableError(LinvizError):
    """The data has no separator with a positive margin."""


class OutputError(LinvizError):
    """An output that cannot be written safely: an input, a folder, a pipe nobody reads, ..."""


class LimitError(LinvizError):
    """A count or size beyond the documented upper bounds (see :mod:`linviz.safety.limits`)."""


def shorten(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` cut to about ``limit`` characters for a message: "abc…(+1234 characters)".

    A message quotes the user's input to say where the problem is; a 100 KB
    cell or a header of 785 names would bury the message itself.
    """
    text = str(text)
    if len(text) <= limit:
        return text
    return f"{text[:limit]}…(+{len(text) - limit} characters)"


def quoted(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``repr`` of ``text`` cut to about ``limit`` characters (see :func:`shorten`)."""
    text = str(text)
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}…(+{len(text) - limit} characters)"


#: what a message calls a file made for an input that had no file (standard input, a pipe)
_PATH_NAMES: dict[str, str] = {}


def name_path(path, name: str) -> None:
    """Messages call ``path`` ``name`` from now on (a saved copy of standard input, ...)."""
    _PATH_NAMES[str(path)] = name


def input_name(path) -> str:
    """What the user called the input ``path`` was made from (the path itself, usually)."""
    return _PATH_NAMES.get(str(path), str(path))


def shown_path(path) -> str:
    """A path as a message shows it: whole, unless absurdly long (see :func:`shorten`).

    A file made for an input with no file of its own shows as that input
    (see :func:`name_path`).
    """
    text = str(path)
    return _PATH_NAMES.get(text) or shorten(text, PATH_QUOTE_LIMIT)
