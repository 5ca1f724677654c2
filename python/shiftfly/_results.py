"""Frozen result objects: one dataclass per C++ result struct, plus to_dict(). Each holds exactly
the fields its C++ description shows in Python (core/record.hpp; python/src/results.cpp lists
them, python/tests/test_results.py holds every class here to them): the extension returns a
result as the dict of its description and _of builds the class from it."""
import dataclasses
from typing import Any, Optional, Tuple


class _Result:
    def to_dict(self):
        """The fields as a plain dict (nested results as dicts)."""
        return dataclasses.asdict(self)

    @classmethod
    def _of(cls, fields):
        names = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in fields.items() if k in names})


@dataclasses.dataclass(frozen=True)
class DistanceStats(_Result):
    """Distance statistics over ordered pairs (metrics::distance_stats). `method` is "exact"
    (every vertex a source) or "sampled"; `diameter_kind` "exact" or "lower bound".
    histogram[d] counts (source, vertex) pairs at distance d (histogram[0] = sources);
    mean = total_distance / pairs; unreachable pairs are skipped and flagged."""
    n: int
    directed: bool
    exact: bool
    sources: int
    diameter: int
    mean: float
    disconnected: bool
    total_distance: int
    pairs: int
    unreachable_pairs: int
    histogram: Tuple[int, ...]
    method: str
    diameter_kind: str

    def __str__(self):
        how = "along the arcs" if self.directed else "undirected"
        text = (f"{self.method} ({how}): diameter {self.diameter} ({self.diameter_kind}), mean {self.mean:.6g} "
                f"over {self.pairs} ordered pairs, n = {self.n}, {self.sources} sources")
        return text + (f", {self.unreachable_pairs} unreachable pairs" if self.disconnected else "")


@dataclasses.dataclass(frozen=True)
class DiameterResult(_Result):
    """An exact diameter (metrics::diameter_result): `method` "iFUB" (undirected), "DiFUB"
    (strongly connected digraph) or "all-pairs"; bfs_sources is the work it took."""
    diameter: int
    exact: bool
    directed: bool
    disconnected: bool
    bfs_sources: int
    method: str


@dataclasses.dataclass(frozen=True)
class SpectralGap(_Result):
    """The spectrum of P = D^-1 A (metrics::spectral_gap_result): lambda2, lambda_min,
    gap = 1 - lambda2, two_sided_gap = 1 - max(|lambda2|, |lambda_min|); `method` "lanczos",
    "dense eigendecomposition", "exact: disconnected (...)" or "power-iteration estimate"."""
    lambda2: float
    lambda_min: float
    gap: float
    two_sided_gap: float
    residual: float
    method: str
    iterations: int


@dataclasses.dataclass(frozen=True)
class Connectivity(_Result):
    """Vertex (kappa) and edge (lambda) connectivity, exact by maximum flows (Menger);
    `flows` counts them (metrics::connectivity_result)."""
    vertex: int
    edge: int
    directed: bool
    flows: int


@dataclasses.dataclass(frozen=True)
class ShiftRoute(_Result):
    """A shift route (Theorem 5.2): vertex ids source first, their labels, the overlap l and
    hops k = D - l, the directed distance."""
    path: Tuple[int, ...]
    labels: Tuple[str, ...]
    overlap: int
    hops: int


@dataclasses.dataclass(frozen=True)
class MergeCriterion(_Result):
    """Theorem 5.3: the shift routes of u and u2 to a common destination first meet at step
    merge_step = D - lcs(u, u2)."""
    merge_step: int
    lcs: int


@dataclasses.dataclass(frozen=True)
class ExpectedLcs(_Result):
    """Proposition 5.4 exactly: E[lcs(u, u')] over uniform labels as a reduced fraction, its
    D -> infinity limit, the paper's 1/(d-1), E[j*] = D - E[lcs], and the same over distinct pairs."""
    numerator: int
    denominator: int
    value: float
    limit_large_D: float
    paper_limit: float
    expected_merge_step: float
    distinct_numerator: int
    distinct_denominator: int
    distinct_value: float


@dataclasses.dataclass(frozen=True)
class ImaseItohRoute(_Result):
    """A route on II(n, d) (Theorem 5.5): vertices source first, the digits r_1..r_k, hops k."""
    path: Tuple[int, ...]
    digits: Tuple[int, ...]
    hops: int


@dataclasses.dataclass(frozen=True)
class CorrelationTarget(_Result):
    """The correlation rho' at which a target is reached (halley::correlation_target)."""
    reachable: bool
    rho: float
    outcome: str
    smallest_rho: float
    shortfall_at_smallest: float


@dataclasses.dataclass(frozen=True)
class Sizing(_Result):
    """Algorithm 1 (LightReserve) of the Halley paper (halley::sizing): the least spares
    meeting the target, the pool, its coverage, and when UNREACHABLE under the cap the
    correlation rho_target that would bring the target in."""
    spares: int
    pool: int
    coverage: float
    spare_ratio: float
    pool_multiple: float
    reachable: bool
    capped: bool
    cap_spares: int
    cap_coverage: float
    cap_coverage_exact: bool
    rho_target_exists: bool
    rho_target: float
    rho_search: CorrelationTarget
    evaluations: int


@dataclasses.dataclass(frozen=True)
class HierarchicalCoverage(_Result):
    """Theorem 2 of the Halley paper (halley::hierarchical_coverage): the pool-average
    correlation, the flat shortcut at it and the exact nested model."""
    rho_bar: float
    flat: float
    flat_shortfall: float
    nested: float
    nested_shortfall: float
    quadrature_error: float


@dataclasses.dataclass(frozen=True)
class Plan(_Result):
    """Spares plus a separation target (halley::plan)."""
    spares: int
    rho: float
    spare_cost: float
    separation_cost: float
    cost: float
    coverage: float


@dataclasses.dataclass(frozen=True)
class CostSplit(_Result):
    """Observation 1 of the Halley paper (halley::split): spares alone against the cheapest plan."""
    spares_only: Plan
    cheapest: Plan
    saving_ratio: float


@dataclasses.dataclass(frozen=True)
class FoldFitResult(_Result):
    """Algorithm 2 (FoldFit = MULTIFIT, Coffman, Garey and Johnson 1978) on a demand matrix:
    the jobs (nonzero demands, row-major) and their cells, the channel of each job, the
    channel loads and makespan, the lower bounds (largest job, average load, busiest port,
    lower_bound = T_lb), the search (upper, deadline T*, steps q, guarantee 13/11 + 2^-q),
    and LPT's and list scheduling's makespans for comparison."""
    jobs: Tuple[int, ...]
    cells: Tuple[Tuple[int, int], ...]
    channel: Tuple[int, ...]
    loads: Tuple[int, ...]
    makespan: int
    max_job: int
    total: int
    average_load: float
    busiest_port: int
    lower_bound: float
    upper: float
    deadline: float
    steps: int
    guarantee: float
    lpt_makespan: int
    list_makespan: int




@dataclasses.dataclass(frozen=True)
class BisectionBound(_Result):
    """One bound bisection() computed (metrics::bisection_bound_entry): its value, whether it
    is an upper bound, and its method."""
    value: int
    upper: bool
    method: str


@dataclasses.dataclass(frozen=True, eq=False)
class Bisection(_Result):
    """The bisection width as a certified interval [lower, upper] (metrics::bisection_interval;
    the keys of `shiftfly metrics --bisection --format json`): each end with its method
    ("lower bound (lambda2(L) * floor(n/2) * ceil(n/2) / n, Fiedler)", "exact (branch and bound)", "upper bound
    (METIS, best of k seeded runs)", "upper bound (greedy local search)", or a trivial bound);
    method "exact" when lower == upper, else "interval". certificate is a bisection (uint8 side
    of each vertex, 0 or 1) cutting exactly `upper` edges when the upper end is exact or METIS,
    else None; bounds lists every bound computed, notes what was skipped and why."""
    method: str
    lower: int
    upper: int
    lower_method: str
    upper_method: str
    laplacian_lambda2: float
    notes: Tuple[str, ...]
    certificate: Optional[Any]
    bounds: Tuple[BisectionBound, ...]
    exact_nodes: int

    @property
    def exact(self):
        """True when the width is known exactly (lower == upper)."""
        return self.lower == self.upper

    @classmethod
    def _of(cls, fields):
        fields = dict(fields)
        fields["bounds"] = tuple(BisectionBound._of(b) for b in fields["bounds"])
        if fields["certificate"] is not None:  # described as a list of sides; held as a read-only uint8 array
            import numpy as np
            side = np.array(fields["certificate"], dtype=np.uint8)
            side.flags.writeable = False
            fields["certificate"] = side
        return super()._of(fields)

    def to_dict(self):
        """The fields as a plain dict: certificate a list of 0/1 (or None), bounds dicts."""
        d = dataclasses.asdict(self)
        d["certificate"] = None if self.certificate is None else self.certificate.tolist()
        return d

    def __str__(self):
        return (f"bisection width ({self.method}): [{self.lower}, {self.upper}] "
                f"(lower: {self.lower_method}; upper: {self.upper_method})")


@dataclasses.dataclass(frozen=True)
class Throughput(_Result):
    """theta(T), the largest factor by which the traffic T can be routed within unit link
    capacities (maximum concurrent flow), as [lower, upper] (metrics::throughput_measure; the
    keys of `shiftfly metrics --throughput --format json`). method "exact" (the
    source-aggregated LP, COIN-OR CLP; lower == upper) or "interval" (the (1+epsilon)
    Garg-Koenemann/Fleischer interval, `rounds` rounds, its upper end tightened by the
    distance bound when smaller). distance_bound = capacity / total_distance, the bound
    C / sum T(s,t) d(s,t) of any routing; for traffic "worst" it is the TUB bound of Namyar et
    al. (SIGCOMM 2021) over the permutation `permutation`, certified when that permutation is
    proven the worst (a linear assignment). epsilon and rounds are 0 when exact. converged is
    False when the interval stopped at its round limit (round_limit) wider than (1 + epsilon):
    width = upper / lower - 1 is the width it reached (both ends are still certified).
    total_demand is None when the sum exceeds the largest float; total_demand_log10 is always
    its log10. estimated_seconds is the interval's cost estimate (metrics/flow/throughput_mwu.hpp)."""
    traffic: str
    pairs: int
    total_demand: Optional[float]
    total_demand_log10: float
    lower: float
    upper: float
    method: str
    lower_method: str
    upper_method: str
    algorithm: str
    epsilon: float
    rounds: int
    converged: bool
    width: float
    round_limit: int
    estimated_seconds: float
    lp_variables: int
    distance_bound: float
    distance_bound_certified: bool
    distance_bound_algorithm: str
    capacity: float
    total_distance: float
    permutation: Optional[Tuple[int, ...]]

    def __str__(self):
        state = "" if self.method == "exact" else (
            f", {'converged' if self.converged else 'NOT converged'}: width {self.width:.3g} after {self.rounds} rounds")
        return (f"throughput, {self.traffic} traffic ({self.method}{state}): [{self.lower:.6g}, {self.upper:.6g}] "
                f"(lower: {self.lower_method}; upper: {self.upper_method})")


@dataclasses.dataclass(frozen=True)
class ThroughputProfile(_Result):
    """Bisection width, uniform and worst-permutation throughput of one graph as certified
    intervals by the cheap bounds (metrics::throughput_profile; the exact profile's
    `throughput` and `field_throughput` tables): bisection by Fiedler's spectral bound and
    METIS; uniform theta by the shortest-path split routing (lower, up to
    routing_max_vertices), the distance bound 2m / sum d and the METIS cut (upper); the worst
    permutation's theta by Valiant's n/2 x the uniform lower bound, the cut and TUB. A lower
    end of 0 with method "not computed" was not run. diameter and mean_distance are exact."""
    n: int
    links: int
    diameter: int
    mean_distance: float
    bisection_lower: int
    bisection_upper: int
    bisection_lower_method: str
    bisection_upper_method: str
    uniform_lower: float
    uniform_upper: float
    uniform_lower_method: str
    uniform_upper_method: str
    worst_lower: float
    worst_upper: float
    worst_lower_method: str
    worst_upper_method: str

    def __str__(self):
        return (f"bisection [{self.bisection_lower}, {self.bisection_upper}], uniform theta "
                f"[{self.uniform_lower:.6g}, {self.uniform_upper:.6g}], worst permutation theta "
                f"[{self.worst_lower:.6g}, {self.worst_upper:.6g}]")


@dataclasses.dataclass(frozen=True)
class ShortestPathCounts(_Result):
    """sigma(s, t), the number of shortest s-t paths, over the ordered pairs s != t
    (metrics::path_count_stats, exact; Brandes' counting pass): histogram ((sigma, pairs), ...)
    ascending, sigma = 0 for unreachable pairs; min, max and mean over the reachable pairs."""
    method: str
    algorithm: str
    pairs: int
    reachable: int
    min: int
    max: int
    mean: float
    directed: bool
    histogram: Tuple[Tuple[int, int], ...]


@dataclasses.dataclass(frozen=True)
class DisjointPaths(_Result):
    """lambda(s, t) (edge-disjoint) and kappa(s, t) (internally vertex-disjoint; an edge s-t
    is one path) s-t paths, by unit-capacity maximum flows (Menger's theorem), over every
    ordered pair (method "exact over all pairs") or sampled pairs ("sampled: k pairs, seed s")
    (metrics::disjoint_paths_stats): histograms ((value, pairs), ...), min and mean of each."""
    method: str
    algorithm: str
    pairs: int
    flows: int
    edge_min: int
    edge_mean: float
    vertex_min: int
    vertex_mean: float
    edge_histogram: Tuple[Tuple[int, int], ...]
    vertex_histogram: Tuple[Tuple[int, int], ...]
    directed: bool
    work_estimate: int


@dataclasses.dataclass(frozen=True)
class ReadReport(_Result):
    """What the file reader said (io::graph_file): the format read ("edgelist", "graphml",
    "json"), the file as messages name it, whether the pairs were read as arcs, the vertices
    and edges of the graph built, and the repeated edges and loops left out of it (directed:
    repeated arcs and loops, kept in the arcs)."""
    format: str
    file: str
    directed: bool
    vertices: int
    edges: int
    arcs: int
    duplicate_edges_dropped: int
    self_loops_dropped: int


@dataclasses.dataclass(frozen=True)
class Collective(_Result):
    """A collective on a fabric (collectives::collective_result, docs/collectives.md): the
    certified lower bound (lower_bound_seconds; lower_bound_exact as a fraction of M/b; `bound`
    its source), every schedule tried (`schedules`: dicts of name, seconds, constructed, note,
    steps, simulated), the best of them (best_seconds, best_schedule; None when none applies),
    gap = best / lower bound, method "exact" where the bound is reached, and the cut that attains
    the bound; root for broadcast and reduce, routed_seconds and routing for all-to-all (None
    otherwise)."""
    op: str
    bytes: float
    link_bandwidth: float
    latency: float
    compute_nodes: int
    vertices: int
    model: str
    endpoint_bandwidth: Optional[float]
    lower_bound_seconds: float
    lower_bound_exact: str
    lower_bound_steps: int
    bound: str
    best_seconds: Optional[float]
    best_schedule: Optional[str]
    gap: Optional[float]
    method: str
    cut: Tuple[int, ...]
    cut_units: int
    cut_compute_nodes: int
    schedules: Tuple[Any, ...]
    max_flows: int
    root: Optional[int] = None  # broadcast and reduce: an index among the compute nodes
    routed_seconds: Optional[float] = None  # all-to-all: the time under `routing`
    routing: Optional[str] = None  # all-to-all: the routing of routed_seconds (the family's own unless given)
