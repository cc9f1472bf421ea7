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

}  // namespace loom
