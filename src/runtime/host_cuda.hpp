// The CUDA target's runtime (DESIGN.md §6): the driver API and NVRTC loaded with dlopen, one
// device and its primary context per process, generated CUDA C compiled to CUBIN and cached on
// disk. The launcher itself is make_cuda_launcher (runtime/launcher.hpp); this header exposes
// what tests and tools need to see of the device, the cache and the context's state.
#pragma once

#include <cstdint>
#include <string>

#include "loom/device_limits.hpp"

namespace loom::detail {

struct CudaDeviceInfo {
  int ordinal = 0;
  std::string name;       // "NVIDIA H200"
  int compute_major = 0;  // compute capability, e.g. 9.0
  int compute_minor = 0;
  std::string arch;        // "sm_90": what NVRTC compiles for
  int driver_version = 0;  // cuDriverGetVersion: 13000 for CUDA 13.0
  int nvrtc_major = 0, nvrtc_minor = 0;
  // From cuDeviceGetAttribute: what code generation checks CUDA kernels for this device against,
  // and the launch checks grids against.
  DeviceLimits limits;
  int multiprocessors = 0;                 // SMs
  int max_threads_per_multiprocessor = 0;  // resident threads per SM (occupancy's denominator)
  int l2_cache_bytes = 0;
};

// The device loom runs CUDA kernels on: $LOOM_CUDA_DEVICE (an ordinal) when set, else device 0,
// chosen once per process. Throws loom::EnvironmentError ("no CUDA driver/GPU: ...") when the
// driver, NVRTC or the device is missing; tests skip then.
const CudaDeviceInfo& cuda_device_info();

// The file caching the CUBIN of `source` on the current device:
// cache_directory()/cuda/<xxh3 of arch, NVRTC and driver versions, options and source>.cubin.
std::string cuda_cubin_cache_path(const std::string& source);

// How many compile(kernel, Target::CUDA) calls in this process took their code from the kernel
// level of the cache (runtime/kernel_cache.hpp), skipping code generation.
int cuda_kernel_cache_hits();

// Whether a kernel fault has poisoned this process's CUDA context (every launch is refused then).
bool cuda_context_poisoned();

// Free memory of the device, from the driver (cuMemGetInfo); throws EnvironmentError without one.
int64_t cuda_free_memory_bytes();

}  // namespace loom::detail
