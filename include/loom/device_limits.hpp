// The resource limits of a GPU that code generation checks a kernel against before anything is
// compiled (issue 12): a kernel that would only fail at launch (too many work-items, too much
// local memory) is refused with a message naming the inames and temporaries that cause it.
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace loom {

struct DeviceLimits {
  // Named in messages: "sm_90 (offline default)", "NVIDIA H200", "pocl-cpu".
  std::string device;
  int64_t max_threads_per_block = 0;        // work-items per work-group
  std::array<int64_t, 3> max_block_size{};  // work-items along l.0, l.1, l.2
  // Local (CUDA: shared) memory per work-group, in bytes. CUDA: with the opt-in to dynamic shared
  // memory, which loom uses above the 48 KB of static __shared__ arrays.
  int64_t max_local_memory_bytes = 0;
  // Work-groups along g.0, g.1, g.2. Grid sizes depend on parameter values, so the runtime checks
  // them at launch; code generation does not.
  std::array<int64_t, 3> max_grid_size{};
};

// sm_90's limits (H100, H200): 1024 threads per block, blocks of at most (1024, 1024, 64),
// 227 KB (232448 bytes) of shared memory per block with the dynamic opt-in, grids of at most
// (2^31 - 1, 65535, 65535). What CUDA code is checked against when no GPU is known.
DeviceLimits sm90_device_limits();

// What OpenCL code is checked against when no device is known: sm_90's work-group shape and
// 64 KB of local memory (AMD's and most GPUs' figure; NVIDIA's OpenCL offers 48 KB, a real
// device's own limits replace these when loom runs the kernel).
DeviceLimits generic_opencl_device_limits();

}  // namespace loom
