"""Metrics (metrics/): every call releases the GIL, runs on `threads` threads (0 = every
core; results identical for any count) and stops on Ctrl-C (KeyboardInterrupt)."""
from . import _checks
from . import _shiftfly
from ._results import Connectivity, DiameterResult, DistanceStats, SpectralGap

__all__ = ["all_pairs_stats", "sampled_stats", "exact_diameter", "spectral_gap", "reference_spectral_gap",
           "connectivity"]


def _graph(function, g):
    if not isinstance(g, _shiftfly.Graph):
        raise TypeError(f"{function}: g must be a shiftfly.Graph, not {type(g).__name__}")
    return g


def all_pairs_stats(g, threads=0, directed=False, batch_bits=512):
    """Exact all-pairs distance statistics: a BFS from every vertex, bit-parallel over batches
    of `batch_bits` sources (Then et al., "The More the Merrier", PVLDB 2014). directed=True
    follows the arcs (a digraph family). Returns DistanceStats with method "exact"."""
    _graph("all_pairs_stats", g)
    return DistanceStats._of(_shiftfly.all_pairs_stats(
        g, _checks.threads("all_pairs_stats", threads), _checks.flag("all_pairs_stats", "directed", directed),
        _checks.uint("all_pairs_stats", "batch_bits", batch_bits, (1 << 32) - 1)))


def sampled_stats(g, samples, seed=11, threads=0, directed=False, batch_bits=512):
    """Distance statistics from `samples` sources drawn with CPython's
    random.Random(seed).randrange(n), repeats kept (the reference artefact's sampling).
    method "sampled": the diameter is a lower bound and the mean an estimate."""
    _graph("sampled_stats", g)
    return DistanceStats._of(_shiftfly.sampled_stats(
        g, _checks.uint("sampled_stats", "samples", samples), _checks.uint("sampled_stats", "seed", seed),
        _checks.threads("sampled_stats", threads), _checks.flag("sampled_stats", "directed", directed),
        _checks.uint("sampled_stats", "batch_bits", batch_bits, (1 << 32) - 1)))


def exact_diameter(g, directed=False, threads=0):
    """The exact diameter from eccentricity bounds that meet: iFUB (Crescenzi et al. 2013) on
    the undirected graph, DiFUB along the arcs of a strongly connected digraph, all pairs
    otherwise. Returns DiameterResult (method names which)."""
    _graph("exact_diameter", g)
    return DiameterResult._of(_shiftfly.exact_diameter(
        g, _checks.flag("exact_diameter", "directed", directed), _checks.threads("exact_diameter", threads)))


def spectral_gap(g, threads=1):
    """The converged spectral gap of P = D^-1 A: lambda2 and lambda_min by restarted Lanczos
    (Spectra, tolerance 1e-9), a dense eigendecomposition for small operators where Lanczos
    breaks down, or exactly 1 - 1 = 0 on a disconnected graph (method says which)."""
    _graph("spectral_gap", g)
    return SpectralGap._of(_shiftfly.spectral_gap(g, _checks.threads("spectral_gap", threads)))


def reference_spectral_gap(g, iterations, seed=3):
    """The reference artefact's power-iteration estimate of the gap (method
    "power-iteration estimate"; lambda_min and two_sided_gap are NaN)."""
    _graph("reference_spectral_gap", g)
    return SpectralGap._of(_shiftfly.reference_spectral_gap(
        g, _checks.uint("reference_spectral_gap", "iterations", iterations),
        _checks.uint("reference_spectral_gap", "seed", seed)))


def connectivity(g, directed=False, threads=1):
    """Exact vertex (kappa) and edge (lambda) connectivity by maximum flows (Menger's theorem;
    Boost's push-relabel), along the arcs with directed=True. n up to 100,000."""
    _graph("connectivity", g)
    return Connectivity._of(_shiftfly.connectivity(
        g, _checks.flag("connectivity", "directed", directed), _checks.threads("connectivity", threads)))
