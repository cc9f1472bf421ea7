// The OpenCL device loom runs on, its context and queue, and the programs built for it, cached on
// disk as device binaries (see host_opencl.cpp for the launcher).
#include "runtime/opencl_device.hpp"

#include <pthread.h>
#include <unistd.h>
#include <xxhash.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

#include "loom/error.hpp"
#include "runtime/compiler_diagnostics.hpp"
#include "loom/runtime.hpp"
#include "runtime/binary_cache.hpp"

namespace loom::detail {

namespace {

namespace fs = std::filesystem;

const char* cl_error_name(cl_int status) {
  switch (status) {
#define LOOM_CL_ERROR(name) \
  case name:                \
    return #name;
    LOOM_CL_ERROR(CL_DEVICE_NOT_FOUND)
    LOOM_CL_ERROR(CL_DEVICE_NOT_AVAILABLE)
    LOOM_CL_ERROR(CL_COMPILER_NOT_AVAILABLE)
    LOOM_CL_ERROR(CL_MEM_OBJECT_ALLOCATION_FAILURE)
    LOOM_CL_ERROR(CL_OUT_OF_RESOURCES)
    LOOM_CL_ERROR(CL_OUT_OF_HOST_MEMORY)
    LOOM_CL_ERROR(CL_PROFILING_INFO_NOT_AVAILABLE)
    LOOM_CL_ERROR(CL_MEM_COPY_OVERLAP)
    LOOM_CL_ERROR(CL_IMAGE_FORMAT_MISMATCH)
    LOOM_CL_ERROR(CL_IMAGE_FORMAT_NOT_SUPPORTED)
    LOOM_CL_ERROR(CL_BUILD_PROGRAM_FAILURE)
    LOOM_CL_ERROR(CL_MAP_FAILURE)
    LOOM_CL_ERROR(CL_MISALIGNED_SUB_BUFFER_OFFSET)
    LOOM_CL_ERROR(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
    LOOM_CL_ERROR(CL_COMPILE_PROGRAM_FAILURE)
    LOOM_CL_ERROR(CL_LINKER_NOT_AVAILABLE)
    LOOM_CL_ERROR(CL_LINK_PROGRAM_FAILURE)
    LOOM_CL_ERROR(CL_DEVICE_PARTITION_FAILED)
    LOOM_CL_ERROR(CL_KERNEL_ARG_INFO_NOT_AVAILABLE)
    LOOM_CL_ERROR(CL_INVALID_VALUE)
    LOOM_CL_ERROR(CL_INVALID_DEVICE_TYPE)
    LOOM_CL_ERROR(CL_INVALID_PLATFORM)
    LOOM_CL_ERROR(CL_INVALID_DEVICE)
    LOOM_CL_ERROR(CL_INVALID_CONTEXT)
    LOOM_CL_ERROR(CL_INVALID_QUEUE_PROPERTIES)
    LOOM_CL_ERROR(CL_INVALID_COMMAND_QUEUE)
    LOOM_CL_ERROR(CL_INVALID_HOST_PTR)
    LOOM_CL_ERROR(CL_INVALID_MEM_OBJECT)
    LOOM_CL_ERROR(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR)
    LOOM_CL_ERROR(CL_INVALID_IMAGE_SIZE)
    LOOM_CL_ERROR(CL_INVALID_SAMPLER)
    LOOM_CL_ERROR(CL_INVALID_BINARY)
    LOOM_CL_ERROR(CL_INVALID_BUILD_OPTIONS)
    LOOM_CL_ERROR(CL_INVALID_PROGRAM)
    LOOM_CL_ERROR(CL_INVALID_PROGRAM_EXECUTABLE)
    LOOM_CL_ERROR(CL_INVALID_KERNEL_NAME)
    LOOM_CL_ERROR(CL_INVALID_KERNEL_DEFINITION)
    LOOM_CL_ERROR(CL_INVALID_KERNEL)
    LOOM_CL_ERROR(CL_INVALID_ARG_INDEX)
    LOOM_CL_ERROR(CL_INVALID_ARG_VALUE)
    LOOM_CL_ERROR(CL_INVALID_ARG_SIZE)
    LOOM_CL_ERROR(CL_INVALID_KERNEL_ARGS)
    LOOM_CL_ERROR(CL_INVALID_WORK_DIMENSION)
    LOOM_CL_ERROR(CL_INVALID_WORK_GROUP_SIZE)
    LOOM_CL_ERROR(CL_INVALID_WORK_ITEM_SIZE)
    LOOM_CL_ERROR(CL_INVALID_GLOBAL_OFFSET)
    LOOM_CL_ERROR(CL_INVALID_EVENT_WAIT_LIST)
    LOOM_CL_ERROR(CL_INVALID_EVENT)
    LOOM_CL_ERROR(CL_INVALID_OPERATION)
    LOOM_CL_ERROR(CL_INVALID_GL_OBJECT)
    LOOM_CL_ERROR(CL_INVALID_BUFFER_SIZE)
    LOOM_CL_ERROR(CL_INVALID_MIP_LEVEL)
    LOOM_CL_ERROR(CL_INVALID_GLOBAL_WORK_SIZE)
    LOOM_CL_ERROR(CL_INVALID_PROPERTY)
    LOOM_CL_ERROR(CL_INVALID_IMAGE_DESCRIPTOR)
    LOOM_CL_ERROR(CL_INVALID_COMPILER_OPTIONS)
    LOOM_CL_ERROR(CL_INVALID_LINKER_OPTIONS)
    LOOM_CL_ERROR(CL_INVALID_DEVICE_PARTITION_COUNT)
#undef LOOM_CL_ERROR
    case -1001:
      return "CL_PLATFORM_NOT_FOUND_KHR";
    default:
      return "an unknown OpenCL error";
  }
}

}  // namespace

[[noreturn]] void throw_cl_error(cl_int status, const std::string& call,
                                 const std::string& subject) {
  std::string message = call + " failed with " + cl_error_name(status) + " (" +
                        std::to_string(status) + ")" + (subject.empty() ? "" : " for " + subject);
  switch (status) {
    case CL_DEVICE_NOT_AVAILABLE:
    case CL_COMPILER_NOT_AVAILABLE:
    case CL_MEM_OBJECT_ALLOCATION_FAILURE:
    case CL_OUT_OF_RESOURCES:
    case CL_OUT_OF_HOST_MEMORY:
      throw EnvironmentError(message);
    case CL_INVALID_WORK_GROUP_SIZE:
    case CL_INVALID_WORK_ITEM_SIZE:
    case CL_INVALID_GLOBAL_WORK_SIZE:
    case CL_INVALID_BUFFER_SIZE:
      throw Error(message + ": the launch exceeds what the device supports");
    default:
      throw InternalError(message + " (a bug in loom)");
  }
}

namespace {

// ---- the device ---------------------------------------------------------------------------------

std::string platform_string(cl_platform_id platform, cl_platform_info what) {
  std::size_t size = 0;
  if (clGetPlatformInfo(platform, what, 0, nullptr, &size) != CL_SUCCESS || size == 0) return "";
  std::string text(size, '\0');
  if (clGetPlatformInfo(platform, what, size, text.data(), nullptr) != CL_SUCCESS) return "";
  return text.substr(0, text.find('\0'));
}

std::string device_string(cl_device_id device, cl_device_info what) {
  std::size_t size = 0;
  if (clGetDeviceInfo(device, what, 0, nullptr, &size) != CL_SUCCESS || size == 0) return "";
  std::string text(size, '\0');
  if (clGetDeviceInfo(device, what, size, text.data(), nullptr) != CL_SUCCESS) return "";
  return text.substr(0, text.find('\0'));
}

struct Candidate {
  cl_platform_id platform;
  cl_device_id device;
  bool is_gpu;
  OpenCLDeviceInfo info;
};

// PoCL's CPU driver runs a work-group on one of its worker threads, with every work-item's private
// arrays on that thread's stack: a wgmma tile's 64 x 256 float accumulator is 64 KB a work-item,
// 16 MB for a group of 256, twice glibc's default 8 MB stack, and the kernel crashed the process
// with SIGSEGV. PoCL creates its workers with the default thread attributes when the platform is
// first queried, so the default stack is raised before that: 256 MiB of address space a thread
// (pages are only committed when touched), room for the largest group PoCL allows (4096 work-items)
// at 64 KB each, or 256 work-items at 1 MB.
void give_pocl_workers_room_for_private_arrays() {
  constexpr size_t kStackBytes = size_t{256} << 20;
  pthread_attr_t defaults;
  if (pthread_getattr_default_np(&defaults) != 0) return;
  size_t current = 0;
  pthread_attr_getstacksize(&defaults, &current);
  if (current < kStackBytes && pthread_attr_setstacksize(&defaults, kStackBytes) == 0)
    pthread_setattr_default_np(&defaults);
  pthread_attr_destroy(&defaults);
}

std::vector<Candidate> all_devices() {
  give_pocl_workers_room_for_private_arrays();
  cl_uint platform_count = 0;
  cl_int status = clGetPlatformIDs(0, nullptr, &platform_count);
  if (status == -1001 /* CL_PLATFORM_NOT_FOUND_KHR */ ||
      (status == CL_SUCCESS && platform_count == 0)) {
    throw EnvironmentError(
        "no OpenCL platform is installed (install an ICD such as pocl-opencl-icd; `clinfo -l` "
        "lists what the ICD loader finds)");
  }
  check_cl(status, "clGetPlatformIDs", "");
  std::vector<cl_platform_id> platforms(platform_count);
  check_cl(clGetPlatformIDs(platform_count, platforms.data(), nullptr), "clGetPlatformIDs", "");
  std::vector<Candidate> candidates;
  for (cl_platform_id platform : platforms) {
    cl_uint device_count = 0;
    if (clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, nullptr, &device_count) != CL_SUCCESS)
      continue;
    std::vector<cl_device_id> devices(device_count);
    if (clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, device_count, devices.data(), nullptr) !=
        CL_SUCCESS)
      continue;
    for (cl_device_id device : devices) {
      cl_device_type type = 0;
      clGetDeviceInfo(device, CL_DEVICE_TYPE, sizeof type, &type, nullptr);
      candidates.push_back(
          {platform,
           device,
           (type & CL_DEVICE_TYPE_GPU) != 0,
           {platform_string(platform, CL_PLATFORM_NAME), device_string(device, CL_DEVICE_NAME),
            device_string(device, CL_DEVICE_VERSION), device_string(device, CL_DRIVER_VERSION)}});
    }
  }
  if (candidates.empty())
    throw EnvironmentError("no OpenCL platform offers a device (`clinfo -l` lists them)");
  return candidates;
}

std::string lowercase(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

Candidate choose_device(const std::vector<Candidate>& candidates) {
  const char* wanted = std::getenv("LOOM_OPENCL_DEVICE");
  if (wanted != nullptr && *wanted != '\0') {
    for (const Candidate& candidate : candidates) {
      if (lowercase(candidate.info.platform_name + ": " + candidate.info.device_name)
              .find(lowercase(wanted)) != std::string::npos) {
        return candidate;
      }
    }
    std::string names;
    for (const Candidate& candidate : candidates) {
      names += "\n  " + candidate.info.platform_name + ": " + candidate.info.device_name;
    }
    throw EnvironmentError("no OpenCL device matches LOOM_OPENCL_DEVICE='" + std::string(wanted) +
                           "'; the devices are:" + names);
  }
  auto gpu = std::find_if(candidates.begin(), candidates.end(),
                          [](const Candidate& c) { return c.is_gpu; });
  return gpu != candidates.end() ? *gpu : candidates.front();
}

template <typename T>
T device_value(cl_device_id device, cl_device_info what, const char* name) {
  T value{};
  check_cl(clGetDeviceInfo(device, what, sizeof value, &value, nullptr), "clGetDeviceInfo", name);
  return value;
}

// Grid sizes are limited only by size_t in OpenCL; loom's own index type (int32 by default)
// is the practical bound, which the launch checks.
DeviceLimits device_limits(cl_device_id device, const std::string& name) {
  DeviceLimits limits;
  limits.device = "'" + name + "'";
  limits.max_threads_per_block = static_cast<int64_t>(
      device_value<size_t>(device, CL_DEVICE_MAX_WORK_GROUP_SIZE, "CL_DEVICE_MAX_WORK_GROUP_SIZE"));
  cl_uint dimensions = device_value<cl_uint>(device, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS,
                                             "CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS");
  std::vector<size_t> sizes(std::max<cl_uint>(dimensions, 3), 1);
  check_cl(clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof(size_t) * dimensions, sizes.data(),
                           nullptr),
           "clGetDeviceInfo", "CL_DEVICE_MAX_WORK_ITEM_SIZES");
  for (std::size_t axis = 0; axis < 3; ++axis) limits.max_block_size[axis] = static_cast<int64_t>(sizes[axis]);
  limits.max_local_memory_bytes = static_cast<int64_t>(
      device_value<cl_ulong>(device, CL_DEVICE_LOCAL_MEM_SIZE, "CL_DEVICE_LOCAL_MEM_SIZE"));
  limits.max_grid_size = {INT64_MAX, INT64_MAX, INT64_MAX};
  return limits;
}

OpenCLRuntime create_runtime() {
  Candidate chosen = choose_device(all_devices());
  OpenCLRuntime runtime;
  runtime.info = chosen.info;
  runtime.device = chosen.device;
  runtime.limits = device_limits(chosen.device, chosen.info.device_name);
  std::string subject = "device '" + chosen.info.device_name + "'";
  cl_context_properties properties[] = {
      CL_CONTEXT_PLATFORM, reinterpret_cast<cl_context_properties>(chosen.platform), 0};
  cl_int status = CL_SUCCESS;
  runtime.context = clCreateContext(properties, 1, &chosen.device, nullptr, nullptr, &status);
  check_cl(status, "clCreateContext", subject);
  runtime.queue = clCreateCommandQueue(runtime.context, chosen.device, 0, &status);
  check_cl(status, "clCreateCommandQueue", subject);
  return runtime;
}

}  // namespace

// Created once; a failure to find a device is remembered and reported again on every use.
const OpenCLRuntime& opencl_runtime() {
  static std::mutex mutex;
  static std::optional<OpenCLRuntime> runtime;
  static std::string failure;
  std::lock_guard lock(mutex);
  if (runtime) return *runtime;
  if (!failure.empty()) throw EnvironmentError(failure);
  try {
    runtime = create_runtime();
  } catch (const EnvironmentError& error) {
    failure = error.what();
    throw;
  }
  return *runtime;
}

const OpenCLDeviceInfo& opencl_device_info() { return opencl_runtime().info; }

const DeviceLimits& opencl_device_limits() { return opencl_runtime().limits; }

// ---- programs and their cache -------------------------------------------------------------------

namespace {

const char* const kBuildOptions = "";
constexpr CacheMagic kCacheMagic = {'L', 'O', 'O', 'M', 'C', 'L', 'B', '1'};

std::string cache_path(const OpenCLDeviceInfo& info, const std::string& source) {
  std::string key =
      hex_hash(info.platform_name + "\n" + info.device_name + "\n" + info.device_version + "\n" +
               info.driver_version + "\n" + kBuildOptions + "\n" + source);
  return (fs::path(cache_directory()) / "opencl" / (key + ".bin")).string();
}

std::optional<std::vector<unsigned char>> read_cached_binary(const std::string& path) {
  std::optional<std::vector<char>> entry = read_cache_entry(path, kCacheMagic);
  if (!entry) return std::nullopt;
  return std::vector<unsigned char>(entry->begin(), entry->end());
}

void write_cached_binary(const std::string& path, const std::vector<unsigned char>& binary) {
  write_cache_entry(path, kCacheMagic, reinterpret_cast<const char*>(binary.data()), binary.size());
}

std::string build_log(cl_program program, cl_device_id device) {
  std::size_t size = 0;
  if (clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size) != CL_SUCCESS)
    return "";
  std::string log(size, '\0');
  if (clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr) !=
      CL_SUCCESS)
    return "";
  return log.substr(0, log.find('\0'));
}

// Null when the driver refuses the binary (another driver build, a damaged file).
ProgramHandle program_from_binary(const OpenCLRuntime& runtime,
                                  const std::vector<unsigned char>& binary) {
  const unsigned char* data = binary.data();
  std::size_t size = binary.size();
  cl_int binary_status = CL_SUCCESS, status = CL_SUCCESS;
  ProgramHandle program(clCreateProgramWithBinary(runtime.context, 1, &runtime.device, &size, &data,
                                                  &binary_status, &status));
  if (status != CL_SUCCESS || binary_status != CL_SUCCESS) return nullptr;
  if (clBuildProgram(program.get(), 1, &runtime.device, kBuildOptions, nullptr, nullptr) !=
      CL_SUCCESS)
    return nullptr;
  return program;
}

ProgramHandle program_from_source(const OpenCLRuntime& runtime, const GeneratedCode& code) {
  std::string subject = "'" + code.function_name + "'";
  const char* text = code.source.c_str();
  std::size_t length = code.source.size();
  cl_int status = CL_SUCCESS;
  ProgramHandle program(clCreateProgramWithSource(runtime.context, 1, &text, &length, &status));
  check_cl(status, "clCreateProgramWithSource", subject);
  status = clBuildProgram(program.get(), 1, &runtime.device, kBuildOptions, nullptr, nullptr);
  if (status == CL_BUILD_PROGRAM_FAILURE) {
    throw InternalError("the OpenCL compiler of '" + runtime.info.device_name +
                        "' rejected loom's generated code for " + subject + " (a bug in loom):\n" +
                        build_log(program.get(), runtime.device));
  }
  check_cl(status, "clBuildProgram", subject);
  if (std::optional<std::string> wrong = wrong_code_diagnostic(build_log(program.get(), runtime.device))) {
    throw InternalError("loom generated wrong OpenCL code for " + subject + " (a bug in loom): " + *wrong);
  }
  return program;
}

}  // namespace

std::string opencl_binary_cache_path(const std::string& source) {
  return cache_path(opencl_runtime().info, source);
}

BuiltProgram build_program(const OpenCLRuntime& runtime, const GeneratedCode& code,
                           const std::string& path, StageTimer& timer) {
  if (!std::getenv("LOOM_NO_CACHE")) {
    if (std::optional<std::vector<unsigned char>> binary = read_cached_binary(path)) {
      if (ProgramHandle program = program_from_binary(runtime, *binary)) {
        timer.mark("build from cached binary");
        return {std::move(program), false};
      }
    }
  }
  ProgramHandle program = program_from_source(runtime, code);
  timer.mark("build from source");
  return {std::move(program), true};
}

void cache_program_binary(cl_program program, const std::string& path, const std::string& subject) {
  std::size_t size = 0;
  check_cl(clGetProgramInfo(program, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, nullptr),
           "clGetProgramInfo", subject);
  std::vector<unsigned char> binary(size);
  unsigned char* data = binary.data();
  if (size > 0) {
    check_cl(clGetProgramInfo(program, CL_PROGRAM_BINARIES, sizeof data, &data, nullptr),
             "clGetProgramInfo", subject);
  }
  if (!binary.empty()) write_cached_binary(path, binary);
}

}  // namespace loom::detail
