#pragma once
/// \file field_instances.hpp
/// The field tables' instances, under the names the tables use: the rule and the driver are
/// studies/field_instances.hpp, the families and their closed forms their descriptors
/// (topology/descriptor.hpp).

#include "shiftfly/studies/field_instances.hpp"

namespace shiftfly::tables {

using studies::choose_instance;
using studies::field_candidates;
using studies::field_families;
using studies::field_family;
using studies::field_family_name;
using studies::field_family_of;
using studies::field_instance;
using studies::field_max_radix;
using studies::field_max_routers;
using studies::hyperx_max_field_dims;
using studies::measure_instance;
using studies::measured_instance;
using studies::size_is_free;

}  // namespace shiftfly::tables
