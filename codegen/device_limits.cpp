// The offline defaults of loom/device_limits.hpp; a present device's own limits come from the
// runtimes (cuDeviceGetAttribute, clGetDeviceInfo).
#include "loom/device_limits.hpp"

#include "loom/codegen.hpp"

namespace loom {

DeviceLimits offline_device_limits(Target target) {
  return target == Target::CUDA ? sm90_device_limits() : generic_opencl_device_limits();
}

DeviceLimits sm90_device_limits() {
  DeviceLimits limits;
  limits.device = "sm_90 (offline default)";
  limits.max_threads_per_block = 1024;
  limits.max_block_size = {1024, 1024, 64};
  limits.max_local_memory_bytes = 232448;  // 227 KB: the opt-in maximum of dynamic shared memory
  limits.max_grid_size = {2147483647, 65535, 65535};
  return limits;
}

DeviceLimits generic_opencl_device_limits() {
  DeviceLimits limits = sm90_device_limits();
  limits.device = "a generic OpenCL GPU (offline default)";
  limits.max_local_memory_bytes = 64 * 1024;
  return limits;
}

}  // namespace loom
