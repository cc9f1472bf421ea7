// Resource preflight (issue 24): before the checker or the test-argument builder allocates
// anything, the bytes every array argument and global temporary needs are computed from the
// shapes and the parameter values and compared with the memory the host (and the GPU, for CUDA)
// has. Too much is an EnvironmentError (the CLI's exit 3) giving both numbers, instead of an
// allocation that swaps for minutes and fails, or is killed.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "loom/codegen.hpp"
#include "loom/kernel.hpp"
#include "loom/runtime.hpp"

namespace loom::detail {

// Bytes of host memory this process may still allocate: the smaller of MemAvailable in
// /proc/meminfo and the cgroup's memory.max less memory.current (-1: unknown).
int64_t available_host_memory_bytes();

// What one set of arrays needs: each kernel's array arguments and global temporaries, at the
// element size of `dtype_of` (the reference's float64 copies differ from the kernel's dtypes).
struct MemoryDemand {
  int64_t bytes = 0;
  std::vector<std::pair<std::string, int64_t>> largest;  // (what, bytes), largest first
};

// Adds the arrays of `kernel` (arguments and global temporaries, with `promote_floats` counting
// floating-point elements as 8 bytes) to `demand`; throws EnvironmentError when a size overflows.
void add_array_demand(MemoryDemand& demand, const LoopKernel& kernel,
                      const ParameterMap& parameters, bool promote_floats,
                      const std::string& label);

// Throws EnvironmentError when `host` exceeds the available host memory or, for CUDA, `device`
// exceeds the GPU's free memory; `what` names the run ("kernel 'k' at n=4000000000").
void preflight_memory(const MemoryDemand& host, const MemoryDemand& device, Target target,
                      const std::string& what);

}  // namespace loom::detail
