// Realizes reduction expressions as accumulator temporaries and init/update instructions.
#pragma once

#include "loom/kernel.hpp"

namespace loom {

// Sequential realization of every `sum/product/max/min/argmax/argmin` (see the .cpp for the
// rewrite). Types must be inferred first.
LoopKernel realize_reductions(const LoopKernel& kernel);

}  // namespace loom
