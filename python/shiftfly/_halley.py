"""The Halley paper's closed-form reliability models (halley/): laser-pool coverage, pool
sizing, the correlation ceiling, hierarchical pools, spares against separation and FoldFit.
Element-wise functions broadcast their arguments as NumPy does and return a float for
scalar arguments, an ndarray otherwise."""

import numpy as np

from . import _checks
from . import _shiftfly
from ._results import CorrelationTarget, CostSplit, FoldFitResult, HierarchicalCoverage, Plan, Sizing

__all__ = ["coverage", "size", "ceiling", "critical_availability", "hierarchy", "cost", "foldfit"]


def _integers(function, name, values, accepted):
    # Non-negative integers as an array; `accepted` is the library's range, stated for a value the
    # uint64 array cannot hold (a negative, or 2^64 and above; Python ints make an object array).
    a = np.asarray(values)
    if a.dtype == object:
        return np.array([_checks.uint(function, name, x, accepted=accepted) for x in a.flat],
                        dtype=np.uint64).reshape(a.shape)
    if a.dtype == bool or not np.issubdtype(a.dtype, np.integer):
        raise TypeError(f"{function}: {name} must be integers, not dtype {a.dtype}")
    if a.size and a.min() < 0:
        raise ValueError(f"{function}: {name} = {int(a.min())} is out of range (accepted: {accepted})")
    return a


def _reals(function, name, values):
    a = np.asarray(values)
    if a.dtype == bool or not (np.issubdtype(a.dtype, np.integer) or np.issubdtype(a.dtype, np.floating)):
        raise TypeError(f"{function}: {name} must be numbers, not dtype {a.dtype}")
    return a


def coverage(channels, spares, lam, rho, shortfall=False):
    """A(s) = Pr[F <= s], the probability that a pool of `channels` active lasers with `spares`
    spares covers a window (Halley, Section III-A): F ~ Beta-Binomial(n + s) with failure
    probability lam and pairwise correlation rho (Binomial at rho = 0). shortfall=True gives
    1 - A computed directly. Vectorised: any argument may be an array (broadcast)."""
    args = [_integers("coverage", "channels", channels, "1 to 50000000"),
            _integers("coverage", "spares", spares, "0 to 50000000 - channels"),
            _reals("coverage", "lam", lam), _reals("coverage", "rho", rho)]
    b = np.broadcast_arrays(*args)
    out = _shiftfly.coverage(*(np.ascontiguousarray(x.ravel(), dtype=t) for x, t in
                               zip(b, (np.uint64, np.uint64, np.float64, np.float64))),
                             _checks.flag("coverage", "shortfall", shortfall))
    return float(out[0]) if b[0].ndim == 0 else out.reshape(b[0].shape)


def size(channels, lam, rho, target, cap=0.5):
    """Algorithm 1 (LightReserve, Halley Section IV-A): the least spares s* with A(s*) >= target,
    by exponential then binary search. cap is the largest spare ratio s/(n+s) allowed (None:
    no cap); past it the result is UNREACHABLE (reachable False) with the correlation
    rho_target that would bring the target within the cap."""
    cap = None if cap is None else _checks.real("size", "cap", cap)
    r = _shiftfly.size(_checks.uint("size", "channels", channels, accepted="1 to 25000000"), _checks.real("size", "lam", lam),
                       _checks.real("size", "rho", rho), _checks.real("size", "target", target), cap)
    r["rho_search"] = CorrelationTarget._of(r["rho_search"])
    return Sizing._of(r)


def ceiling(sigma, lam, rho, shortfall=False):
    """Theorem 1, Part 2 (Halley): the large-pool coverage ceiling A*(sigma; lam, rho) =
    F_Beta(sigma; a, b), a = lam(1-rho)/rho, b = (1-lam)(1-rho)/rho, at spare ratio sigma.
    shortfall=True gives 1 - A* directly. Vectorised over its arguments."""
    b = np.broadcast_arrays(_reals("ceiling", "sigma", sigma), _reals("ceiling", "lam", lam),
                            _reals("ceiling", "rho", rho))
    out = _shiftfly.ceiling(*(np.ascontiguousarray(x.ravel(), dtype=np.float64) for x in b),
                            _checks.flag("ceiling", "shortfall", shortfall))
    return float(out[0]) if b[0].ndim == 0 else out.reshape(b[0].shape)


def critical_availability(lam, rho, sigma_max=0.5):
    """Corollary 1 (Halley): A_crit = F_Beta(sigma_max; a, b), the most any pool can cover at
    spare ratio sigma_max under correlation rho."""
    return _shiftfly.critical_availability(_checks.real("critical_availability", "lam", lam),
                                           _checks.real("critical_availability", "rho", rho),
                                           _checks.real("critical_availability", "sigma_max", sigma_max))


def hierarchy(modules, lasers, rho_within, rho_across, spares, lam):
    """Theorem 2 (Halley Section V-A), the hierarchical pool: `modules` modules of `lasers`
    lasers, correlated at rho_within inside a module and rho_across between modules. Returns
    the pool-average correlation, the flat shortcut at it and the exact nested coverage with
    `spares` spares."""
    f = "hierarchy"
    return HierarchicalCoverage._of(_shiftfly.hierarchy(
        _checks.uint(f, "modules", modules, accepted="1 to 1000000"),
        _checks.uint(f, "lasers", lasers, accepted="1 to 1000000"), _checks.real(f, "rho_within", rho_within),
        _checks.real(f, "rho_across", rho_across), _checks.uint(f, "spares", spares, accepted="0 to modules x lasers - 1"),
        _checks.real(f, "lam", lam)))


def cost(channels, lam, rho0, target, price=None, premium=None, reference_rho=None, floor=None):
    """Observations 1 and 2 (Halley Sections V-B, V-C): spares alone against the cheapest plan
    (s, rho') reaching `target` from correlation rho0, under the stated cost model (price a
    spare, separation premium, reference_rho -> floor; None: the paper's values)."""
    f = "cost"
    model = _shiftfly.cost_model_defaults()
    given = {"price": price, "premium": premium, "reference_rho": reference_rho, "floor": floor}
    for k, v in given.items():
        if v is not None:
            model[k] = _checks.real(f, k, v)
    r = _shiftfly.cost(_checks.uint(f, "channels", channels, accepted="1 to 50000000"), _checks.real(f, "lam", lam), _checks.real(f, "rho0", rho0),
                       _checks.real(f, "target", target), model["price"], model["premium"], model["reference_rho"],
                       model["floor"])
    return CostSplit(spares_only=Plan._of(r["spares_only"]), cheapest=Plan._of(r["cheapest"]),
                     saving_ratio=r["saving_ratio"])


def foldfit(demand, channels, steps=7, block=0):
    """Algorithm 2 (FoldFit, Halley Section IV-B): the OCS schedule of a demand matrix (slots)
    on `channels` channels as a packing, MULTIFIT (Coffman, Garey and Johnson 1978) with
    `steps` bisection steps: makespan at most (13/11 + 2^-steps) OPT (Yue 1990). `block` > 0
    keeps the jobs of expert-parallel blocks of that many engines together."""
    f = "foldfit"
    a = _integers(f, "demand", demand, "0 to 18446744073709551615")
    if a.ndim != 2:
        raise ValueError(f"foldfit: demand has shape {a.shape} (accepted: a 2-D matrix)")
    r = _shiftfly.foldfit(np.ascontiguousarray(a, dtype=np.uint64),
                          _checks.uint(f, "channels", channels, accepted="1 to 1000000"),
                          _checks.uint(f, "steps", steps, (1 << 32) - 1, "0 to 60"), _checks.uint(f, "block", block))
    r["cells"] = tuple(tuple(c) for c in r["cells"])
    return FoldFitResult._of(r)


