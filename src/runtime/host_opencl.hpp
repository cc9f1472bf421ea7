// The OpenCL target's runtime (DESIGN.md §6): one device, context and in-order queue per process,
// programs built by the device's OpenCL compiler and cached on disk as device binaries. The
// launcher itself is make_opencl_launcher (runtime/launcher.hpp); this header exposes what tests
// and tools need to see of the device and the cache.
#pragma once

#include <string>

#include "loom/device_limits.hpp"

namespace loom::detail {

struct OpenCLDeviceInfo {
  std::string platform_name;
  std::string device_name;
  std::string device_version;  // "OpenCL 1.2 pocl ..."
  std::string driver_version;
};

// The device loom runs OpenCL kernels on, chosen once per process: the device whose platform or
// device name contains $LOOM_OPENCL_DEVICE (case-insensitive) when that is set, else the first
// GPU of any platform, else the first device of any type. Throws loom::EnvironmentError when
// there is no OpenCL platform or device, or none matches $LOOM_OPENCL_DEVICE; tests skip then.
const OpenCLDeviceInfo& opencl_device_info();

// The chosen device's limits (CL_DEVICE_MAX_WORK_GROUP_SIZE, CL_DEVICE_MAX_WORK_ITEM_SIZES,
// CL_DEVICE_LOCAL_MEM_SIZE), which code generation checks OpenCL kernels against before they are
// built for it. Throws loom::EnvironmentError as opencl_device_info does.
const DeviceLimits& opencl_device_limits();

// The file caching the device binary of `source` on the current device:
// cache_directory()/opencl/<xxh3 of device, driver, build options and source>.bin.
std::string opencl_binary_cache_path(const std::string& source);

}  // namespace loom::detail
