#pragma once
/// \file paper_inputs.hpp
/// The numbers the Halley paper (M. Mishra and K. M. Sivalingam, *Halley: A
/// Predictive Control Plane for Optical AI Data Center Networks*,
/// arXiv:2611.04408) states as inputs: pool sizes, failure rates, windows,
/// targets, the cost model, the composition's loss shares and the simulation
/// outputs it consumes. Each names the table, figure or section it comes from;
/// docs/halley.md lists what the code derives from them. Nothing here is
/// computed: the model functions take these as arguments, and the tables pass
/// them.

#include <array>
#include <cstdint>
#include <string_view>

namespace shiftfly::halley::paper {

// --- The operating point (Sections III-B and IV-A) ---

/// n, the calibration pool: 32 active channels (Section IV-A; Table II's "32-channel pool").
inline constexpr std::uint64_t channels = 32;
/// The static four-laser reserve the paper's baseline keeps (Section IV-A, Fig. 5 right).
inline constexpr std::uint64_t static_reserve = 4;
/// λ at the stress point: failure probability per window (Section III-B; Table II's last row).
inline constexpr double stress_lambda = 0.05;
/// ρ at the stress point: pairwise failure correlation (Section III-B).
inline constexpr double stress_rho = 0.15;
/// σmax = 1/2, the budget cap of a 2x pool (Corollary 1, Section III-A).
inline constexpr double spare_ratio_cap = 0.5;
/// "Five nines", the target of Corollary 1 and of Table II's s5 columns.
inline constexpr double five_nines = 0.99999;
/// 99.9%, the target the full stack sizes its pool to (Fig. 5 right, Section V-D).
inline constexpr double three_nines = 0.999;
/// 99%, the target of Algorithm 1's worked cases and of Fig. 14 (left).
inline constexpr double two_nines = 0.99;

// --- Table II: where the ceiling binds (Section III-B) ---

/// One row of Table II: a FIT rate and a restock window, or (the stress row) λ
/// itself, whose FIT rate is then derived from λ and the window.
struct table2_row {
  double fit = 0;               ///< φ in FIT; 0 when the row is given by λ
  std::string_view window;      ///< the restock window as Table II writes it (`window.hpp` reads it)
  double lambda = 0;            ///< λ when the row is given by it, else 0
};

/// Table II's five rows: 50 FIT over 90 days and one year, 250 and 500 FIT over
/// one year, and the stress point λ = 0.05 over six years (printed as 976 FIT).
inline constexpr std::array<table2_row, 5> table2_rows{{
    {50, "90d", 0}, {50, "1y", 0}, {250, "1y", 0}, {500, "1y", 0}, {0, "6y", stress_lambda}}};
/// The two FIT rates at which Table II's threshold is read as a window ("about
/// 200 days at 50 FIT, about 40 at 250"; Section III-B).
inline constexpr double threshold_low_fit = 50;
inline constexpr double threshold_high_fit = 250;
/// The short restock window of Table II's first row, 90 days (also Section V-D's restock case).
inline constexpr std::string_view short_window = "90d";
/// The one-year window of Table II's second to fourth rows.
inline constexpr std::string_view year_window = "1y";
/// The light failure rate λ = 0.005 at which Section IV-A sizes five nines inside the cap.
inline constexpr double light_lambda = 0.005;

// --- Theorem 2: the module structure (Section V-A, Fig. 8) ---

/// M, the modules of the Quantum-X switch the paper takes as its hierarchy (Section V-A).
inline constexpr std::uint64_t quantum_x_modules = 18;
/// L, lasers per Quantum-X module (Section V-A).
inline constexpr std::uint64_t quantum_x_lasers = 8;
/// ρ_within, the correlation of two lasers in one module (Section V-A).
inline constexpr double rho_within = 0.30;
/// ρ_across, the correlation of two lasers in different modules (Section V-A).
inline constexpr double rho_across = 0.05;
/// The 32-channel pool at the cap laid out as 8 modules of 8 lasers (Section V-A, Fig. 8).
inline constexpr std::uint64_t fig8_modules = 8;
inline constexpr std::uint64_t fig8_lasers = 8;

// --- Observation 1: the cost model (Section V-B) ---

/// Dollars per spare laser (Section V-B).
inline constexpr double spare_price = 1500;
/// The separation premium: 20% of the active-laser capital (Section V-B).
inline constexpr double separation_premium = 0.20;
/// The priced separation runs from ρ = 0.15 ... (Section V-B)
inline constexpr double separation_from_rho = 0.15;
/// ... down to the best separation the premium buys, ρ = 0.03 (Section V-B).
inline constexpr double separation_floor_rho = 0.03;

// --- Section V-D: the goodput composition ---

/// The baseline goodput the composition is pinned to, 65.2% (Section V-D calibration anchor).
inline constexpr double goodput_anchor = 0.652;
/// The baseline's share lost to lock-loss stalls, 3% (Section V-D).
inline constexpr double thermal_loss_share = 0.03;
/// The baseline's share lost to reconfigurations, 3% (Section V-D).
inline constexpr double reconfig_loss_share = 0.03;
/// Lock-loss events of the full stack and of the baseline in the paper's simulation
/// (472 against 462; Section V-D, Figs. 11-12): simulation outputs, inputs here.
inline constexpr double stack_lock_loss_events = 472;
inline constexpr double baseline_lock_loss_events = 462;
/// Reconfigurations of the full stack and of the baseline in the paper's simulation
/// (8.8 against 16; Section V-D, Figs. 11-12): simulation outputs, inputs here.
inline constexpr double stack_reconfigurations = 8.8;
inline constexpr double baseline_reconfigurations = 16;
/// The full stack's pool: LightReserve at 99.9% for 32 channels, 49 spares (Section V-D).
inline constexpr std::uint64_t stack_spares = 49;
/// How much rarer failures are under inference than under training, 13.6x (Section VII-A).
inline constexpr double inference_failure_rarity = 13.6;
/// The decorrelated pool of Fig. 15, ρ = 0.03 (the separation floor; Proposition 1, Fig. 15).
inline constexpr double decorrelated_rho = separation_floor_rho;

// --- ThermaLead and TriageGuard (Sections IV-C, IV-D) ---

/// t_sw, the recovery time of a pre-spared switch-over, 5 ms (Section IV-D).
inline constexpr double switch_over_ms = 5.0;
/// t_miss, the recovery time when the failed module was not pre-spared, 150 ms (Section IV-D).
inline constexpr double miss_recovery_ms = 150.0;
/// B, modules TriageGuard may pre-spare, and M, the modules it ranks: 4 of 18 (Section IV-D).
inline constexpr std::uint64_t triage_budget = 4;
inline constexpr std::uint64_t triage_modules = quantum_x_modules;
/// The intercepted masses the paper's simulation reports for stale telemetry, fresh
/// telemetry and the oracle ranking (Fig. 7 right): simulation outputs, inputs here.
inline constexpr double stale_intercepted_mass = 0.264;
inline constexpr double fresh_intercepted_mass = 0.307;
inline constexpr double oracle_intercepted_mass = 0.311;
/// The measured lag-1 drift autocorrelation, R = 0.075 ("less than 1%" removed; Section IV-C).
inline constexpr double measured_drift_autocorrelation = 0.075;

// --- FoldFit (Section IV-B, Algorithm 2, Fig. 6) ---

/// q, the bisection steps FoldFit runs (Algorithm 2).
inline constexpr unsigned foldfit_steps = 7;
/// The worst-case ratio the paper states for FoldFit, 11/9 (Section IV-B).
inline constexpr double foldfit_ratio = 11.0 / 9.0;
/// The share of iteration time spent in communication, 30% to 40% (Section IV-B).
inline constexpr double low_communication_share = 0.3;
inline constexpr double high_communication_share = 0.4;
/// Fig. 6's expert-parallel demand matrix (slots), rows by lines, on m = 4 channels
/// in expert-parallel blocks of 2.
inline constexpr std::string_view fig6_demand_csv = "9,1,0,1\n1,8,1,0\n0,1,7,2\n0,0,2,6\n";
inline constexpr std::uint64_t fig6_channels = 4;
inline constexpr std::uint64_t fig6_block = 2;

}  // namespace shiftfly::halley::paper
