// A condition as a set of instances, knowing the kernel's types.
#pragma once

#include <isl/cpp.h>

#include <optional>

#include "loom/expr.hpp"
#include "loom/kernel.hpp"

namespace loom {

// accesses.hpp's condition_set, where a name that is neither an iname nor a parameter of `domain`
// may also be an integer value argument of `kernel` (constant over the kernel, so a parameter);
// without the kernel only the domain's own names are (a float temporary is never a parameter).
std::optional<isl::set> condition_set(const LoopKernel& kernel, const Expr& condition, const isl::set& domain);

}  // namespace loom
