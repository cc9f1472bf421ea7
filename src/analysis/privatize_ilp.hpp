// ILP privatization of temporaries (see the .cpp).
#pragma once

#include "loom/kernel.hpp"

namespace loom {

LoopKernel privatize_ilp_temporaries(const LoopKernel& kernel);

}  // namespace loom
