// Static resource checks of a device kernel against a GPU's limits (issue 12), run by code
// generation before any source is printed, so a kernel that could never launch is refused with
// the inames and temporaries that make it too large instead of a driver error at launch.
#pragma once

#include <string>
#include <vector>

#include "codegen/hardware_axes.hpp"
#include "loom/device_limits.hpp"
#include "loom/kernel.hpp"

namespace loom::codegen {

// Local (shared) memory of one device kernel: the local temporaries it declares, and the bytes
// it allocates for them (CUDA's dynamic buffer pads each piece to 16 bytes).
struct LocalMemoryUse {
  std::vector<const Temporary*> temporaries;
  int64_t bytes = 0;
};

// Refuses, naming `device_kernel`, the numbers, the l.N inames or the temporaries at fault and a
// fix: work-items along one l axis above limits.max_block_size, work-items per work-group above
// limits.max_threads_per_block, local memory above limits.max_local_memory_bytes.
void check_resources(const LoopKernel& kernel, const std::string& device_kernel,
                     const LaunchShape& launch, const LocalMemoryUse& local_memory,
                     const DeviceLimits& limits);

// Bytes of one temporary with a constant shape (its element size times its extents).
int64_t temporary_bytes(const Temporary& temporary);

}  // namespace loom::codegen
