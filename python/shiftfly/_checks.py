"""Argument checks shared by the package: the library validates values, these check
Python types first (TypeError), and the signs and widths the C++ types cannot hold
(ValueError, one line in the library's form)."""
import numbers
import operator

_U64 = (1 << 64) - 1


def uint(function, name, value, largest=_U64):
    """`value` as a non-negative int no larger than `largest`; TypeError for a non-integer."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        try:  # NumPy integer scalars and other objects with __index__
            value = operator.index(value)
        except TypeError:
            raise TypeError(f"{function}: {name} must be an int, not {type(value).__name__}") from None
    value = int(value)
    if value < 0 or value > largest:
        raise ValueError(f"{function}: {name} = {value} is out of range (accepted: 0 to {largest})")
    return value


def threads(function, value):
    return uint(function, "threads", value, (1 << 32) - 1)


def uint_list(function, name, values):
    """A list of non-negative ints from any iterable of them (a str is refused)."""
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise TypeError(f"{function}: {name} must be a sequence of ints, not {type(values).__name__}")
    return [uint(function, name, v) for v in values]


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
