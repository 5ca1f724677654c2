#pragma once
/// \file halley.hpp
/// The Halley component: the reliability models of the Halley paper (beta-binomial
/// pools, ceilings, light reserves, hierarchy, cost, composition, FoldFit,
/// controllers). They need no graph: only core.

// halley
#include "shiftfly/halley/beta_binomial.hpp"
#include "shiftfly/halley/ceiling.hpp"
#include "shiftfly/halley/composition.hpp"
#include "shiftfly/halley/cost.hpp"
#include "shiftfly/halley/demand_file.hpp"
#include "shiftfly/halley/describe.hpp"
#include "shiftfly/halley/fold_fit.hpp"
#include "shiftfly/halley/hierarchy.hpp"
#include "shiftfly/halley/latent_level.hpp"
#include "shiftfly/halley/light_reserve.hpp"
#include "shiftfly/halley/paper_inputs.hpp"
#include "shiftfly/halley/reports.hpp"
#include "shiftfly/halley/thermal.hpp"
#include "shiftfly/halley/triage.hpp"
#include "shiftfly/halley/window.hpp"
#include "shiftfly/halley/work_bound.hpp"
