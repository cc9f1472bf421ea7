// The resource table `loom compile --emit cubin-info` and `loom explain` print for CUDA code.
#pragma once

#include <string>

#include "loom/runtime.hpp"

namespace loom::cli {

// One line per device kernel: registers, spills, stack, shared memory and barriers, as ptxas
// reported them for the report's architecture.
std::string cuda_resources_text(const CudaCompileReport& report);

}  // namespace loom::cli
