// Execution order as isl relations: each instruction instance gets a timestamp (loopy's loop nest
// as a 2d+1 vector: sibling position, loop iname, sibling position, ...) so that "a runs before b"
// is lexicographic order of timestamps.
#pragma once

#include <isl/cpp.h>

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "analysis/reduction_terms.hpp"
#include "loom/kernel.hpp"

namespace loom {

// The untransformed meaning: every iname a sequential loop (DESIGN.md §3a). `terms`: reads inside
// reductions that get timestamps of their own, where the realized update runs
// (reduction_terms.hpp).
isl::union_map reference_timestamps(const LoopKernel& kernel, const std::vector<ReductionTerm>& terms = {});

// The kernel's sequential order: parallel inames (g, l, vec, ilp) are not loops, so instances
// that differ only in them get equal timestamps (they are unordered).
// What sequential_timestamps refuses (loop priorities that close a cycle, a nesting no order
// satisfies), without building the timestamps: for a kernel with no dependence to order.
void check_sequential_order(const LoopKernel& kernel);
isl::union_map sequential_timestamps(const LoopKernel& kernel, const std::vector<ReductionTerm>& terms = {});

// The pairs of `relation` (source → sink instances) whose source runs strictly first.
isl::map ordered_pairs(const isl::union_map& timestamps, const isl::map& relation);

// The timestamps as built, before isl: each statement's coordinates, a loop position (a
// constant) or one of its instance dimensions (its loop iname), zeros after its last. A question
// "does every pair of a relation run in order" is then a walk down the coordinates with one
// constraint at a time (every_pair_ordered), instead of isl's lexicographic order of the two
// timestamp maps (2d+1 disjuncts composed with both maps) subtracted from the relation: most of
// the dependence check's time (issue 26, deps19).
struct TimestampCoordinate {
  bool is_dimension = false;
  long value = 0;  // the constant, or the position of the instance dimension
};

struct StatementTime {
  isl::set instances;
  std::vector<TimestampCoordinate> coordinates;  // `length` of them, zeros included
};

struct TimestampOrder {
  isl::union_map timestamps;                    // the maps reference_/sequential_timestamps return
  std::map<std::string, StatementTime> statements;  // by tuple name
  // every_pair_ordered's product of a source's and a sink's instances, built once per statement
  // pair: isl keeps a non-empty set's sample point, so the subset tests of later dependences
  // between the same statements skip the product's emptiness test (flow21).
  mutable std::map<std::pair<std::string, std::string>, isl::map> instance_pairs;
};

TimestampOrder reference_timestamp_order(const LoopKernel& kernel, const std::vector<ReductionTerm>& terms = {});
TimestampOrder sequential_timestamp_order(const LoopKernel& kernel, const std::vector<ReductionTerm>& terms = {});

// Whether every pair of `relation` runs in order: ordered_pairs(order.timestamps, relation) is
// all of it. nullopt where the order has no timestamps of one side's statement (ordered_pairs
// says so with an internal error). Exact: a level's pairs whose source coordinate is larger must
// be none, those equal go on to the next level, those left equal at the end are not ordered.
std::optional<bool> every_pair_ordered(const TimestampOrder& order, const isl::map& relation);

}  // namespace loom
