// finish_transform for transforms that know which checks their rewrite cannot affect (issue 26).
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>

#include "transforms/transform_support.hpp"

namespace loom {

// finish_transform for a transform whose rewrite keeps every instance's place in the order and
// every instruction's loops: a renaming of an iname everywhere onto a fresh name, an unrolling tag
// on a sequential loop, a layout, a priority the nesting already follows. `reason` says why
// (issue 26: checks a transform cannot affect are skipped for it). Where `before` passed its
// checks, the dependence check and the temporaries'-loops check are not run (their verdict is
// `before`'s: the order and the loops they read are `before`'s); with CheckScope::Order the
// write-race and bounds checks neither (the accesses touch the elements they touched, run by the
// same work-items). LOOM_VERIFY_SKIPPED_CHECKS=1 runs every skipped check on `after` and raises an
// internal error naming `reason` where one refuses.
LoopKernel finish_transform_keeping_order(const LoopKernel& before, LoopKernel after, const TransformCall& call,
                                          const std::optional<isl::union_map>& instance_rewrite, bool unchecked,
                                          CheckScope scope, const std::string& reason);

// finish_transform_with_races_derived (CheckScope::All, no instance rewrite) that also knows which
// accesses are in bounds by construction: `in_bounds_copies` are instructions each instance of
// which reads and writes what one instance of an access that passed the bounds check read and
// wrote (pipeline_fetch's copies of a fetch, limited to the fetch's iterations), and
// `in_bounds_by_construction` variables whose every access is one that passed with an index in
// [0, extent) prepended (pipeline_fetch's ring: the slot, a value mod stages). The bounds check
// skips both; LOOM_VERIFY_SKIPPED_CHECKS=1 runs the full check too and compares the verdicts.
LoopKernel finish_transform_with_copies_derived(const LoopKernel& before, LoopKernel after, const TransformCall& call,
                                                bool unchecked,
                                                const std::map<std::string, std::set<std::string>>& race_free_along,
                                                const std::set<std::string>& in_bounds_copies,
                                                const std::set<std::string>& in_bounds_by_construction);

}  // namespace loom
