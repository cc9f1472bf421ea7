// finish_transform with the new kernel's dependences given, not traced (issue 26).
#pragma once

#include <memory>

#include "transforms/transform_support.hpp"

namespace loom {

// finish_transform (CheckScope::All) with `after`'s dependences given instead of `before`'s
// traced through a rewrite: for a transform that keeps every instance in its order and only
// drops instances (fix_parameters on a kernel whose dependences were never computed: they are
// computed once, on `after`), or one that tries several kernels with the same instances
// (map_domain's nestings: traced once for all of them).
LoopKernel finish_transform_with_dependences(const LoopKernel& before, LoopKernel after, const TransformCall& call,
                                             std::shared_ptr<const detail::DependenceData> dependences,
                                             bool unchecked);

// finish_transform (CheckScope::All) of a kernel whose dependences were never computed (no
// transform has run its checks) and whose every iname runs in turn (no g, l, vec or ilp tag):
// its reference order, in which the dependences are computed, is then its sequential order, in
// which check_dependences checks them, so they hold by construction (isl's flow analysis pairs a
// source only with later sinks), as code generation takes them to hold for a kernel no transform
// touched. Neither is computed: `after` keeps no dependences, and the first transform that needs
// them computes them on the kernel as it then is (dependences_of). The write-race, bounds and
// kernel checks run; the order check runs as far as building the order (check_sequential_order).
// fix_parameters as a recipe's first transform (issue 26, deps23). LOOM_VERIFY_SKIPPED_CHECKS
// computes the dependences and runs the dependence and temporaries'-loops checks, an internal
// error where the verdict differs.
LoopKernel finish_transform_deferring_dependences(const LoopKernel& before, LoopKernel after, const TransformCall& call);

// Whether every iname of `kernel` is a plain loop (untagged, ord, unr, unr_hint; not g, l, l.auto,
// vec, ilp or ilp.seq): its sequential order is its reference order and no private copy is per value.
bool runs_every_iname_in_turn(const LoopKernel& kernel);

}  // namespace loom
