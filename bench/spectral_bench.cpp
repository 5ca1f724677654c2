// The spectral engine (metrics::spectral_gap: thick-restart Lanczos, λ2 and λ_min of
// N = D^{-1/2} A D^{-1/2} in one run, D^{1/2}1 deflated) against ARPACK's dsaupd/dseupd
// (implicitly restarted Lanczos, R. Lehoucq, D. Sorensen, C. Yang, ARPACK Users' Guide,
// SIAM 1998) called directly on the same operator, with the same deflation (the operator
// is P N P, P = I − u uᵀ, and the start vector is projected), the same run (both ends:
// which = "BE", nev = 2) and a tolerance that gives every residual <= 1e-9 (ARPACK's test
// is ‖r‖ <= tol·|θ| and |θ| <= 1, so tol = 1e-9 suffices; it is stricter than the library's
// 1e-9 when |θ| < 1). ARPACK runs single-threaded; the library runs with 1 and 2 threads.
// Counters: eigenvalues, residuals measured from the returned vectors, restarts (ARPACK:
// its iteration count), operator products. The same run by Spectra's SymEigsSolver (the
// kernel the library used before) is timed too; so are the benchmark-only alternatives of
// spectral_alternatives.hpp (LOBPCG, Chebyshev-filtered subspace iteration, thick-restart
// Lanczos on a Chebyshev filter), on the same operator and deflation, single-threaded, with
// the library's tolerance (each residual <= 1e-9 · max(1, |θ|), measured). Built only when ARPACK is found (benchmark only;
// Debian libarpack2-dev).
//
//   build/bench/bench_spectral --benchmark_counters_tabular=true
#include <Spectra/SymEigsSolver.h>
#include <benchmark/benchmark.h>

#include <Eigen/Core>
#include <cmath>
#include <cstddef>
#include <map>
#include <malloc.h>
#include <utility>
#include <stdexcept>
#include <string>
#include <vector>

#include "shiftfly/core/python_random.hpp"
#include "spectral_alternatives.hpp"
#include "shiftfly/metrics/spectral/detail/graph_operator.hpp"
#include "shiftfly/metrics/spectral/spectral.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/polarfly.hpp"
#include "shiftfly/topology/shiftfly.hpp"

extern "C" {
void dsaupd_(int* ido, const char* bmat, const int* n, const char* which, const int* nev, const double* tol,
             double* resid, const int* ncv, double* v, const int* ldv, int* iparam, int* ipntr, double* workd,
             double* workl, const int* lworkl, int* info, std::size_t bmat_len, std::size_t which_len);
void dseupd_(const int* rvec, const char* howmny, int* select, double* d, double* z, const int* ldz,
             const double* sigma, const char* bmat, const int* n, const char* which, const int* nev,
             const double* tol, double* resid, const int* ncv, double* v, const int* ldv, int* iparam, int* ipntr,
             double* workd, double* workl, const int* lworkl, int* info, std::size_t howmny_len,
             std::size_t bmat_len, std::size_t which_len);
}

namespace {
using graph = shiftfly::core::graph<std::uint32_t>;
using shiftfly::metrics::detail::graph_matrix;
using shiftfly::metrics::detail::graph_operator;

const graph& bench_graph(const std::string& name) {
  static std::map<std::string, graph> cache;
  auto it = cache.find(name);
  if (it != cache.end()) return it->second;
  namespace t = shiftfly::topology;
  graph g;
  if (name == "boardfly_pod_chips") g = t::boardfly_chip_level();
  else if (name == "polarfly_q37") g = t::polarfly(37);
  else if (name.rfind("boardfly/", 0) == 0) g = t::boardfly_group_level(std::stoull(name.substr(9)));
  else g = t::shiftfly_group_level(std::stoull(name.substr(9)), t::group_optical_ports);
  return cache.emplace(name, std::move(g)).first->second;
}

struct arpack_result {
  double lambda2 = 0, lambda_min = 0, residual2 = 0, residual_min = 0;
  int iterations = 0, products = 0;
};

// λ_min and λ2 of P N P by dsaupd/dseupd, mode 1, both ends.
arpack_result arpack_both_ends(const graph& g, int ncv) {
  graph_operator<graph> op(g, graph_matrix::normalized_adjacency, 1);
  const Eigen::MatrixXd u = op.known_eigenvector();
  const int n = static_cast<int>(g.num_vertices()), nev = 2, ldv = n;
  const double tol = 1e-9;
  int ido = 0, info = 1, lworkl = ncv * (ncv + 8);
  std::vector<double> resid(static_cast<std::size_t>(n)), v(static_cast<std::size_t>(n) * ncv),
      workd(3 * static_cast<std::size_t>(n)), workl(static_cast<std::size_t>(lworkl));
  int iparam[11] = {1, 0, 100000, 1, 0, 0, 1, 0, 0, 0, 0}, ipntr[11] = {};
  Eigen::Map<Eigen::VectorXd> r0(resid.data(), n);
  shiftfly::core::python_random rng(1);
  for (auto& x : resid) x = rng.uniform(-1.0, 1.0);
  r0 -= u.col(0) * u.col(0).dot(r0);
  Eigen::VectorXd tmp(n);
  auto apply = [&](const double* x, double* y) {  // y = P N P x
    Eigen::Map<const Eigen::VectorXd> xm(x, n);
    Eigen::Map<Eigen::VectorXd> ym(y, n);
    tmp = xm - u.col(0) * u.col(0).dot(xm);
    op(tmp.data(), y);
    ym -= u.col(0) * u.col(0).dot(ym);
  };
  arpack_result out;
  for (;;) {
    dsaupd_(&ido, "I", &n, "BE", &nev, &tol, resid.data(), &ncv, v.data(), &ldv, iparam, ipntr, workd.data(),
            workl.data(), &lworkl, &info, 1, 2);
    if (ido != 1 && ido != -1) break;
    apply(workd.data() + ipntr[0] - 1, workd.data() + ipntr[1] - 1);
  }
  if (info < 0 || info == 1) throw std::runtime_error("dsaupd info " + std::to_string(info));
  const int rvec = 1;
  std::vector<int> select(static_cast<std::size_t>(ncv));
  std::vector<double> d(nev), z(static_cast<std::size_t>(n) * nev);
  const double sigma = 0;
  int info2 = 0;
  dseupd_(&rvec, "A", select.data(), d.data(), z.data(), &ldv, &sigma, "I", &n, "BE", &nev, &tol, resid.data(), &ncv,
          v.data(), &ldv, iparam, ipntr, workd.data(), workl.data(), &lworkl, &info2, 1, 1, 2);
  if (info2 != 0) throw std::runtime_error("dseupd info " + std::to_string(info2));
  out.iterations = iparam[2];
  out.products = iparam[8];
  // d ascending: d[0] = λ_min, d[1] = λ2.
  Eigen::VectorXd y(n);
  auto residual = [&](int k) {
    Eigen::Map<const Eigen::VectorXd> x(z.data() + static_cast<std::size_t>(k) * n, n);
    apply(x.data(), y.data());
    return (y - d[static_cast<std::size_t>(k)] * x).norm() / x.norm();
  };
  out.lambda_min = d[0], out.lambda2 = d[1];
  out.residual_min = residual(0), out.residual2 = residual(1);
  return out;
}

// The same run by Spectra's implicitly restarted Lanczos (SymEigsSolver, both ends, nev = 2),
// the kernel the library used before: the operator is P N P as for ARPACK.
struct projected_op {
  using Scalar = double;
  const graph_operator<graph>& op;
  const Eigen::MatrixXd& u;
  mutable Eigen::VectorXd tmp;
  [[nodiscard]] Eigen::Index rows() const { return u.rows(); }
  [[nodiscard]] Eigen::Index cols() const { return u.rows(); }
  void perform_op(const double* x, double* y) const {
    const Eigen::Index n = u.rows();
    Eigen::Map<const Eigen::VectorXd> xm(x, n);
    Eigen::Map<Eigen::VectorXd> ym(y, n);
    tmp = xm - u.col(0) * u.col(0).dot(xm);
    op(tmp.data(), y);
    ym -= u.col(0) * u.col(0).dot(ym);
  }
};

arpack_result spectra_both_ends(const graph& g, int ncv) {
  graph_operator<graph> op(g, graph_matrix::normalized_adjacency, 1);
  const Eigen::MatrixXd u = op.known_eigenvector();
  projected_op p{op, u, Eigen::VectorXd(u.rows())};
  Spectra::SymEigsSolver<projected_op> eigs(p, 2, ncv);
  Eigen::VectorXd start(u.rows());
  shiftfly::core::python_random rng(1);
  for (Eigen::Index i = 0; i < start.size(); ++i) start(i) = rng.uniform(-1.0, 1.0);
  start -= u.col(0) * u.col(0).dot(start);
  eigs.init(start.data());
  eigs.compute(Spectra::SortRule::BothEnds, 100000, 1e-9, Spectra::SortRule::SmallestAlge);
  if (eigs.info() != Spectra::CompInfo::Successful) throw std::runtime_error("Spectra did not converge");
  arpack_result out;
  const Eigen::VectorXd d = eigs.eigenvalues();
  const Eigen::MatrixXd z = eigs.eigenvectors();
  out.lambda_min = d(0), out.lambda2 = d(1);
  Eigen::VectorXd y(u.rows());
  auto residual = [&](Eigen::Index k) {
    p.perform_op(z.col(k).data(), y.data());
    return (y - d(k) * z.col(k)).norm() / z.col(k).norm();
  };
  out.residual_min = residual(0), out.residual2 = residual(1);
  out.iterations = static_cast<int>(eigs.num_iterations());
  out.products = static_cast<int>(eigs.num_operations());
  return out;
}

// One benchmark-only alternative (spectral_alternatives.hpp) on N, D^{1/2}1 deflated, 1 thread.
template <class Solve>
void register_alternative(const std::string& label, const std::string& name, Solve solve) {
  benchmark::RegisterBenchmark((label + "/" + name).c_str(), [name, solve](benchmark::State& st) {
    const auto& g = bench_graph(name);
    graph_operator<graph> op(g, graph_matrix::normalized_adjacency, 1);
    const Eigen::MatrixXd u = op.known_eigenvector();
    for (auto _ : st) {
      const bench_alt::eig_result r = solve(g.num_vertices(), op, u);
      st.counters["lambda2"] = r.top;
      st.counters["lambda_min"] = r.bottom;
      st.counters["res2"] = r.top_residual;
      st.counters["res_min"] = r.bottom_residual;
      st.counters["restarts"] = static_cast<double>(r.iterations);
      st.counters["products"] = static_cast<double>(r.products);
    }
  })->Unit(benchmark::kMillisecond)->UseRealTime();
}

int register_all() {
  // Large blocks are reused, not mapped and unmapped on every allocation (the alternatives'
  // Eigen temporaries of n x block doubles would otherwise spend most of their time in page
  // faults); the same for every solver.
  mallopt(M_MMAP_THRESHOLD, 1 << 30);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  const std::vector<std::string> names = {"boardfly/2304",  "shiftfly/2304",  "boardfly/12500", "shiftfly/12500",
                                          "boardfly/36000", "shiftfly/36000", "boardfly_pod_chips", "polarfly_q37"};
  for (const auto& name : names) {
    for (const unsigned threads : {1U, 2U}) {
      benchmark::RegisterBenchmark(("library/" + name + "/threads:" + std::to_string(threads)).c_str(),
                                   [name, threads](benchmark::State& st) {
                                     const auto& g = bench_graph(name);
                                     for (auto _ : st) {
                                       const auto r = shiftfly::metrics::spectral_gap(g, {threads});
                                       st.counters["lambda2"] = r.lambda2;
                                       st.counters["lambda_min"] = r.lambda_min;
                                       st.counters["res2"] = r.residual;
                                       st.counters["res_min"] = r.residual_min;
                                       st.counters["restarts"] = static_cast<double>(r.iterations);
                                       st.counters["products"] = static_cast<double>(r.products);
                                     }
                                   })
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
    }
    for (const int block : {4, 8, 16})
      register_alternative("lobpcg/block:" + std::to_string(block), name,
                           [block](std::size_t n, const graph_operator<graph>& op, const Eigen::MatrixXd& u) {
                             return bench_alt::lobpcg_both_ends(n, op, u, block, 1e-9);
                           });
    for (const auto& bd : std::vector<std::pair<int, int>>{{4, 4}, {4, 8}, {8, 8}}) {
      const int block = bd.first, degree = bd.second;
      register_alternative("chebyshev_subspace/block:" + std::to_string(block) + "/degree:" + std::to_string(degree),
                             name,
                             [block, degree](std::size_t n, const graph_operator<graph>& op, const Eigen::MatrixXd& u) {
                               return bench_alt::chebyshev_subspace_both_ends(n, op, u, block, degree, 1e-9);
                             });
    }
    for (const int degree : {2, 4, 8})
      register_alternative("chebyshev_lanczos/degree:" + std::to_string(degree), name,
                           [degree](std::size_t n, const graph_operator<graph>& op, const Eigen::MatrixXd& u) {
                             return bench_alt::chebyshev_lanczos(n, op, u, degree, 1e-9);
                           });
    benchmark::RegisterBenchmark(("spectra/" + name + "/ncv:24").c_str(), [name](benchmark::State& st) {
      const auto& g = bench_graph(name);
      for (auto _ : st) {
        const auto r = spectra_both_ends(g, 24);
        st.counters["lambda2"] = r.lambda2;
        st.counters["lambda_min"] = r.lambda_min;
        st.counters["res2"] = r.residual2;
        st.counters["res_min"] = r.residual_min;
        st.counters["restarts"] = r.iterations;
        st.counters["products"] = r.products;
      }
    })->Unit(benchmark::kMillisecond)->UseRealTime();
    for (const int ncv : {20, 32}) {
      benchmark::RegisterBenchmark(("arpack/" + name + "/ncv:" + std::to_string(ncv)).c_str(),
                                   [name, ncv](benchmark::State& st) {
                                     const auto& g = bench_graph(name);
                                     for (auto _ : st) {
                                       const auto r = arpack_both_ends(g, ncv);
                                       st.counters["lambda2"] = r.lambda2;
                                       st.counters["lambda_min"] = r.lambda_min;
                                       st.counters["res2"] = r.residual2;
                                       st.counters["res_min"] = r.residual_min;
                                       st.counters["restarts"] = r.iterations;
                                       st.counters["products"] = r.products;
                                     }
                                   })
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
    }
  }
  return 0;
}
const int registered = register_all();
}  // namespace
