#pragma once
/// \file tables.hpp
/// The tables component: the table sets of the Shiftfly paper, its reference
/// artefact, the TPU explainer and the Halley paper, with the tables, figures,
/// number formatting and rendering (report) they are made of.

#include "shiftfly/halley.hpp"
#include "shiftfly/studies.hpp"

// report
#include "shiftfly/report/check.hpp"
#include "shiftfly/report/figure.hpp"
#include "shiftfly/report/format.hpp"
#include "shiftfly/report/record_json.hpp"
#include "shiftfly/report/progress.hpp"
#include "shiftfly/report/render.hpp"
#include "shiftfly/report/table.hpp"
#include "shiftfly/report/table_set.hpp"

// tables
#include "shiftfly/tables/allreduce_table.hpp"
#include "shiftfly/tables/chip_validation.hpp"
#include "shiftfly/tables/differences.hpp"
#include "shiftfly/tables/equal_cost.hpp"
#include "shiftfly/tables/failure_throughput_table.hpp"
#include "shiftfly/tables/failures_table.hpp"
#include "shiftfly/tables/field_equal_radix.hpp"
#include "shiftfly/tables/halley/ceiling_tables.hpp"
#include "shiftfly/tables/halley/composition_tables.hpp"
#include "shiftfly/tables/halley/controller_tables.hpp"
#include "shiftfly/tables/halley/cost_tables.hpp"
#include "shiftfly/tables/halley/fold_fit_tables.hpp"
#include "shiftfly/tables/halley/hierarchy_tables.hpp"
#include "shiftfly/tables/halley/light_reserve_tables.hpp"
#include "shiftfly/tables/halley/operating_point.hpp"
#include "shiftfly/tables/halley/paper_table.hpp"
#include "shiftfly/tables/halley/rate_tables.hpp"
#include "shiftfly/tables/halley/sections.hpp"
#include "shiftfly/tables/halley/spares_grid_table.hpp"
#include "shiftfly/tables/halley/variance_table.hpp"
#include "shiftfly/tables/moore_audit.hpp"
#include "shiftfly/tables/moore_efficiency.hpp"
#include "shiftfly/tables/nonminimal_table.hpp"
#include "shiftfly/tables/operations_tables.hpp"
#include "shiftfly/tables/sharing_table.hpp"
#include "shiftfly/tables/shiftfly_tables.hpp"
#include "shiftfly/tables/routing_load.hpp"
#include "shiftfly/tables/throughput_table.hpp"
