"""Argument checks shared by the package: the library validates values, these check
Python types first (TypeError), and the signs and widths the C++ types cannot hold
(ValueError, one line in the library's form)."""
import numbers
import operator

_U64 = (1 << 64) - 1


def uint(function, name, value, largest=_U64, accepted=None):
    """`value` as an int the C++ parameter holds (0 to `largest`), which the library then checks
    against the keyword's range with its own message; TypeError for a non-integer. A value the
    parameter cannot hold (negative, or above `largest`) never reaches the library: it is a
    ValueError here that states `accepted`, the library's range for the keyword as the library's
    own message states it. The default, 0 to `largest`, is only for keywords that take every value
    the parameter holds (seeds); python/tests/test_ranges.py checks every keyword against the library."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        try:  # NumPy integer scalars and other objects with __index__
            value = operator.index(value)
        except TypeError:
            raise TypeError(f"{function}: {name} must be an int, not {type(value).__name__}") from None
    value = int(value)
    if value < 0 or value > largest:
        raise ValueError(f"{function}: {name} = {value} is out of range "
                         f"(accepted: {accepted if accepted is not None else f'0 to {largest}'})")
    return value


# The library's thread counts (core::require_range(..., "threads", ..., 0, 1024) in every parallel kernel).
THREADS = "0 to 1024"


def threads(function, value):
    return uint(function, "threads", value, (1 << 32) - 1, THREADS)


def uint_list(function, name, values, accepted=None):
    """A list of non-negative ints from any iterable of them (a str is refused); `accepted` as in uint."""
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise TypeError(f"{function}: {name} must be a sequence of ints, not {type(values).__name__}")
    return [uint(function, name, v, accepted=accepted) for v in values]


def vertex(function, name, value, n):
    """A vertex id of a graph of n vertices (0 to n - 1), as the library states the range."""
    return uint(function, name, value, accepted=f"0 to {n - 1}" if n > 0 else "none: the graph has no vertices")


def real(function, name, value):
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{function}: {name} must be a number, not {type(value).__name__}")
    return float(value)


def flag(function, name, value):
    if not isinstance(value, bool):
        raise TypeError(f"{function}: {name} must be True or False, not {type(value).__name__}")
    return value


def text(function, name, value, accepted):
    if not isinstance(value, str):
        raise TypeError(f"{function}: {name} must be a str, not {type(value).__name__}")
    if accepted is not None and value not in accepted:
        raise ValueError(f"{function}: {name} = '{value}' is out of range (accepted: {', '.join(accepted)})")
    return value
