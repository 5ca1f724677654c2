#pragma once
/// \file channel_share.hpp
/// Routing's names for the channels of core/channel.hpp, where a channel (one direction of a
/// physical link, indexed by its CSR position), its load array and a routing's share of one
/// pair's traffic on it are defined once, below routing and metrics both.
///
///   using core::channel_share; using core::channel_count; using core::channel_of;
///   using core::channel_at; using core::channel_ends; using core::reverse_channels;

#include "shiftfly/core/channel.hpp"

namespace shiftfly::routing {

using core::channel_at;
using core::channel_count;
using core::channel_ends;
using core::channel_of;
using core::channel_share;
using core::reverse_channels;

}  // namespace shiftfly::routing
