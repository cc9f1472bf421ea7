// The CUDA driver and NVRTC loaded with dlopen, the process's device and primary context, the
// poisoned-context flag, and CUBINs compiled by NVRTC and cached on disk (see host_cuda.cpp for
// the launcher).
#include "runtime/cuda_driver.hpp"

#include <dlfcn.h>
#include <unistd.h>
#include <xxhash.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

#include "codegen/llvm_nvptx.hpp"
#include "loom/error.hpp"
#include "loom/runtime.hpp"
#include "runtime/binary_cache.hpp"

namespace loom::detail {

namespace {

namespace fs = std::filesystem;

const char* const kNoCuda = "no CUDA driver/GPU: ";

// ---- loading the libraries ----------------------------------------------------------------------

template <typename Function>
void resolve(void* library, const char* symbol, Function& function,
             const std::string& library_name) {
  void* address = dlsym(library, symbol);
  if (address == nullptr) {
    throw EnvironmentError(std::string(kNoCuda) + library_name + " lacks '" + symbol +
                           "' (a driver or NVRTC older than loom supports)");
  }
  function = reinterpret_cast<Function>(address);
}

CudaDriverApi load_driver() {
  void* library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (library == nullptr) {
    const char* why = dlerror();
    throw EnvironmentError(std::string(kNoCuda) +
                           "dlopen(libcuda.so.1): " + (why ? why : "failed"));
  }
  CudaDriverApi api{};
  const std::string name = "libcuda.so.1";
  // The plain names are the driver's oldest ABI of each call; _v2 where cuda.h maps to it.
  resolve(library, "cuInit", api.cuInit, name);
  resolve(library, "cuDriverGetVersion", api.cuDriverGetVersion, name);
  resolve(library, "cuDeviceGetCount", api.cuDeviceGetCount, name);
  resolve(library, "cuDeviceGet", api.cuDeviceGet, name);
  resolve(library, "cuDeviceGetName", api.cuDeviceGetName, name);
  resolve(library, "cuDeviceGetAttribute", api.cuDeviceGetAttribute, name);
  resolve(library, "cuDevicePrimaryCtxRetain", api.cuDevicePrimaryCtxRetain, name);
  resolve(library, "cuCtxSetCurrent", api.cuCtxSetCurrent, name);
  resolve(library, "cuCtxSynchronize", api.cuCtxSynchronize, name);
  resolve(library, "cuModuleLoadData", api.cuModuleLoadData, name);
  resolve(library, "cuModuleUnload", api.cuModuleUnload, name);
  resolve(library, "cuModuleGetFunction", api.cuModuleGetFunction, name);
  resolve(library, "cuFuncGetAttribute", api.cuFuncGetAttribute, name);
  resolve(library, "cuFuncSetAttribute", api.cuFuncSetAttribute, name);
  resolve(library, "cuMemAlloc_v2", api.cuMemAlloc, name);
  resolve(library, "cuMemFree_v2", api.cuMemFree, name);
  resolve(library, "cuMemcpyHtoD_v2", api.cuMemcpyHtoD, name);
  resolve(library, "cuMemcpyDtoH_v2", api.cuMemcpyDtoH, name);
  resolve(library, "cuLaunchKernel", api.cuLaunchKernel, name);
  resolve(library, "cuGetErrorName", api.cuGetErrorName, name);
  resolve(library, "cuMemsetD8_v2", api.cuMemsetD8, name);
  resolve(library, "cuMemGetInfo_v2", api.cuMemGetInfo, name);
  resolve(library, "cuStreamCreate", api.cuStreamCreate, name);
  resolve(library, "cuStreamDestroy_v2", api.cuStreamDestroy, name);
  resolve(library, "cuStreamSynchronize", api.cuStreamSynchronize, name);
  resolve(library, "cuEventCreate", api.cuEventCreate, name);
  resolve(library, "cuEventDestroy_v2", api.cuEventDestroy, name);
  resolve(library, "cuEventRecord", api.cuEventRecord, name);
  resolve(library, "cuEventSynchronize", api.cuEventSynchronize, name);
  resolve(library, "cuEventElapsedTime_v2", api.cuEventElapsedTime, name);
  resolve(library, "cuOccupancyMaxActiveBlocksPerMultiprocessor", api.cuOccupancyMaxActiveBlocksPerMultiprocessor,
          name);
  resolve(library, "cuLinkCreate_v2", api.cuLinkCreate, name);
  resolve(library, "cuLinkAddData_v2", api.cuLinkAddData, name);
  resolve(library, "cuLinkComplete", api.cuLinkComplete, name);
  resolve(library, "cuLinkDestroy", api.cuLinkDestroy, name);
  return api;
}

// nvrtc.h's ABI.
using nvrtcResult = int;
using nvrtcProgram = struct _nvrtcProgram*;
constexpr nvrtcResult kNvrtcSuccess = 0;
constexpr nvrtcResult kNvrtcCompilationError = 6;

struct NvrtcApi {
  nvrtcResult (*nvrtcVersion)(int* major, int* minor);
  const char* (*nvrtcGetErrorString)(nvrtcResult result);
  nvrtcResult (*nvrtcCreateProgram)(nvrtcProgram* program, const char* source, const char* name,
                                    int header_count, const char* const* headers,
                                    const char* const* include_names);
  nvrtcResult (*nvrtcDestroyProgram)(nvrtcProgram* program);
  nvrtcResult (*nvrtcCompileProgram)(nvrtcProgram program, int option_count,
                                     const char* const* options);
  nvrtcResult (*nvrtcGetProgramLogSize)(nvrtcProgram program, std::size_t* size);
  nvrtcResult (*nvrtcGetProgramLog)(nvrtcProgram program, char* log);
  nvrtcResult (*nvrtcGetCUBINSize)(nvrtcProgram program, std::size_t* size);
  nvrtcResult (*nvrtcGetCUBIN)(nvrtcProgram program, char* cubin);
  nvrtcResult (*nvrtcGetPTXSize)(nvrtcProgram program, std::size_t* size);
  nvrtcResult (*nvrtcGetPTX)(nvrtcProgram program, char* ptx);
  int major = 0, minor = 0;
};

std::vector<std::string> nvrtc_candidates() {
  std::vector<std::string> names = {"libnvrtc.so.13", "libnvrtc.so"};
  std::vector<std::string> installed;
  std::error_code error;
  for (const fs::directory_entry& entry : fs::directory_iterator("/usr/local/cuda/lib64", error)) {
    std::string file = entry.path().filename().string();
    if (file.rfind("libnvrtc.so", 0) == 0) installed.push_back(entry.path().string());
  }
  std::sort(installed.begin(), installed.end());  // libnvrtc.so before libnvrtc.so.13...
  names.insert(names.end(), installed.begin(), installed.end());
  return names;
}

NvrtcApi load_nvrtc() {
  void* library = nullptr;
  std::string tried, name;
  for (const std::string& candidate : nvrtc_candidates()) {
    library = dlopen(candidate.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (library != nullptr) {
      name = candidate;
      break;
    }
    tried += (tried.empty() ? "" : ", ") + candidate;
  }
  if (library == nullptr) {
    throw EnvironmentError("NVRTC is not installed (tried " + tried +
                           "); install the CUDA toolkit's NVRTC or put it on LD_LIBRARY_PATH");
  }
  NvrtcApi api{};
  resolve(library, "nvrtcVersion", api.nvrtcVersion, name);
  resolve(library, "nvrtcGetErrorString", api.nvrtcGetErrorString, name);
  resolve(library, "nvrtcCreateProgram", api.nvrtcCreateProgram, name);
  resolve(library, "nvrtcDestroyProgram", api.nvrtcDestroyProgram, name);
  resolve(library, "nvrtcCompileProgram", api.nvrtcCompileProgram, name);
  resolve(library, "nvrtcGetProgramLogSize", api.nvrtcGetProgramLogSize, name);
  resolve(library, "nvrtcGetProgramLog", api.nvrtcGetProgramLog, name);
  resolve(library, "nvrtcGetCUBINSize", api.nvrtcGetCUBINSize, name);
  resolve(library, "nvrtcGetCUBIN", api.nvrtcGetCUBIN, name);
  resolve(library, "nvrtcGetPTXSize", api.nvrtcGetPTXSize, name);
  resolve(library, "nvrtcGetPTX", api.nvrtcGetPTX, name);
  if (api.nvrtcVersion(&api.major, &api.minor) != kNvrtcSuccess) {
    throw EnvironmentError("nvrtcVersion failed in " + name);
  }
  return api;
}

// Loaded once; a failure is remembered and reported again on every use.
const NvrtcApi& nvrtc_api() {
  static std::mutex mutex;
  static std::optional<NvrtcApi> api;
  static std::string failure;
  std::lock_guard lock(mutex);
  if (api) return *api;
  if (!failure.empty()) throw EnvironmentError(failure);
  try {
    api = load_nvrtc();
  } catch (const EnvironmentError& error) {
    failure = error.what();
    throw;
  }
  return *api;
}

// ---- the poisoned context ----------------------------------------------------------------------

std::mutex poison_mutex;
std::atomic<bool> poisoned{false};
std::string poison_cause;

// Errors after which the context is unusable (cuda.h: "the context cannot be used ... the
// process must be terminated"): illegal address, launch timeout, device assert, hardware stack
// error, illegal instruction, misaligned address, invalid address space, invalid PC, launch
// failure.
bool poisons_context(CUresult result) {
  return result == 700 || result == 702 || result == 710 || (result >= 714 && result <= 719);
}

std::string error_name(const CudaDriverApi& api, CUresult result) {
  const char* name = nullptr;
  if (api.cuGetErrorName != nullptr && api.cuGetErrorName(result, &name) == kCudaSuccess &&
      name != nullptr) {
    return name;
  }
  return "CUDA error";
}

// ---- the device -------------------------------------------------------------------------------

void check_setup(const CudaDriverApi& api, CUresult result, const char* call) {
  if (result != kCudaSuccess) {
    throw EnvironmentError(std::string(kNoCuda) + call + " failed with " + error_name(api, result) +
                           " (" + std::to_string(result) + ")");
  }
}

int device_ordinal(int count) {
  const char* wanted = std::getenv("LOOM_CUDA_DEVICE");
  if (wanted == nullptr || *wanted == '\0') return 0;
  char* end = nullptr;
  long ordinal = std::strtol(wanted, &end, 10);
  if (*end != '\0' || ordinal < 0 || ordinal >= count) {
    throw EnvironmentError("LOOM_CUDA_DEVICE='" + std::string(wanted) +
                           "' is not a device ordinal; the driver sees " + std::to_string(count) +
                           " device(s), 0 to " + std::to_string(count - 1));
  }
  return static_cast<int>(ordinal);
}

// The device's launch limits (CUdevice_attribute values of cuda.h).
DeviceLimits device_limits(const CudaDriverApi& api, CUdevice device, const CudaDeviceInfo& info) {
  constexpr int kMaxThreadsPerBlock = 1, kMaxBlockDimX = 2, kMaxGridDimX = 5;
  constexpr int kMaxSharedMemoryPerBlockOptin = 97;
  auto attribute = [&](int which) {
    int value = 0;
    check_setup(api, api.cuDeviceGetAttribute(&value, which, device), "cuDeviceGetAttribute");
    return static_cast<int64_t>(value);
  };
  DeviceLimits limits;
  limits.device = "'" + info.name + "' (" + info.arch + ")";
  limits.max_threads_per_block = attribute(kMaxThreadsPerBlock);
  for (int axis = 0; axis < 3; ++axis) {
    limits.max_block_size[static_cast<std::size_t>(axis)] = attribute(kMaxBlockDimX + axis);
    limits.max_grid_size[static_cast<std::size_t>(axis)] = attribute(kMaxGridDimX + axis);
  }
  limits.max_local_memory_bytes = attribute(kMaxSharedMemoryPerBlockOptin);
  return limits;
}

CudaRuntime create_runtime() {
  CudaRuntime runtime;
  runtime.api = load_driver();
  const CudaDriverApi& api = runtime.api;
  check_setup(api, api.cuInit(0), "cuInit");
  int count = 0;
  check_setup(api, api.cuDeviceGetCount(&count), "cuDeviceGetCount");
  if (count == 0) throw EnvironmentError(std::string(kNoCuda) + "the driver sees no device");
  CudaDeviceInfo& info = runtime.info;
  info.ordinal = device_ordinal(count);
  check_setup(api, api.cuDeviceGet(&runtime.device, info.ordinal), "cuDeviceGet");
  char name[256] = {};
  check_setup(api, api.cuDeviceGetName(name, sizeof name - 1, runtime.device), "cuDeviceGetName");
  info.name = name;
  constexpr int kComputeCapabilityMajor = 75, kComputeCapabilityMinor = 76;
  check_setup(
      api, api.cuDeviceGetAttribute(&info.compute_major, kComputeCapabilityMajor, runtime.device),
      "cuDeviceGetAttribute");
  check_setup(
      api, api.cuDeviceGetAttribute(&info.compute_minor, kComputeCapabilityMinor, runtime.device),
      "cuDeviceGetAttribute");
  info.arch = "sm_" + std::to_string(info.compute_major) + std::to_string(info.compute_minor);
  info.limits = device_limits(api, runtime.device, info);
  constexpr int kMultiprocessorCount = 16, kMaxThreadsPerMultiprocessor = 39, kL2CacheSize = 38;
  check_setup(api, api.cuDeviceGetAttribute(&info.multiprocessors, kMultiprocessorCount, runtime.device),
              "cuDeviceGetAttribute");
  check_setup(api,
              api.cuDeviceGetAttribute(&info.max_threads_per_multiprocessor, kMaxThreadsPerMultiprocessor,
                                       runtime.device),
              "cuDeviceGetAttribute");
  check_setup(api, api.cuDeviceGetAttribute(&info.l2_cache_bytes, kL2CacheSize, runtime.device),
              "cuDeviceGetAttribute");
  check_setup(api, api.cuDriverGetVersion(&info.driver_version), "cuDriverGetVersion");
  // NVRTC is optional: the LLVM compiler path needs only the driver (a compile through NVRTC then
  // reports NVRTC missing). nvrtc_major stays 0.
  try {
    const NvrtcApi& nvrtc = nvrtc_api();
    info.nvrtc_major = nvrtc.major;
    info.nvrtc_minor = nvrtc.minor;
  } catch (const EnvironmentError&) {
  }
  check_setup(api, api.cuDevicePrimaryCtxRetain(&runtime.context, runtime.device),
              "cuDevicePrimaryCtxRetain");
  check_setup(api, api.cuCtxSetCurrent(runtime.context), "cuCtxSetCurrent");
  return runtime;
}

}  // namespace

const CudaRuntime& cuda_runtime() {
  static std::mutex mutex;
  static std::optional<CudaRuntime> runtime;
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

const CudaDeviceInfo& cuda_device_info() { return cuda_runtime().info; }

bool cuda_context_poisoned() { return poisoned.load(); }

int64_t cuda_free_memory_bytes() {
  const CudaRuntime& runtime = cuda_runtime();
  std::size_t free = 0, total = 0;
  check_cu(runtime.api.cuCtxSetCurrent(runtime.context), "cuCtxSetCurrent", "the memory preflight");
  check_cu(runtime.api.cuMemGetInfo(&free, &total), "cuMemGetInfo", "the memory preflight");
  return static_cast<int64_t>(free);
}

void refuse_if_poisoned(const std::string& subject) {
  if (!poisoned.load()) return;
  std::lock_guard lock(poison_mutex);
  throw CudaError("refusing to run " + subject + ": an earlier fault (" + poison_cause +
                  ") left this process's CUDA context unusable; run it in a new process");
}

void check_cu(CUresult result, const char* call, const std::string& subject) {
  if (result == kCudaSuccess) return;
  std::string message = std::string(call) + " failed with " +
                        error_name(cuda_runtime().api, result) + " (" + std::to_string(result) +
                        ")" + (subject.empty() ? "" : " for " + subject);
  if (poisons_context(result)) {
    std::lock_guard lock(poison_mutex);
    if (!poisoned.exchange(true)) poison_cause = message;
    message +=
        "; the fault leaves this process's CUDA context unusable: later launches are refused";
  }
  throw CudaError(message);
}

// ---- CUBINs and their cache --------------------------------------------------------------------

namespace {

const char* const kNvrtcOptionsText = "-std=c++17 -lineinfo";
constexpr CacheMagic kCacheMagic = {'L', 'O', 'O', 'M', 'C', 'U', 'B', '1'};

std::optional<std::vector<char>> read_cached_cubin(const std::string& path) {
  return read_cache_entry(path, kCacheMagic);
}

void write_cached_cubin(const std::string& path, const std::vector<char>& cubin) {
  write_cache_entry(path, kCacheMagic, cubin.data(), cubin.size());
}

void check_nvrtc(const NvrtcApi& api, nvrtcResult result, const char* call,
                 const std::string& subject) {
  if (result != kNvrtcSuccess) {
    throw InternalError(std::string(call) + " failed with " + api.nvrtcGetErrorString(result) +
                        " for " + subject);
  }
}

}  // namespace

namespace {

std::string program_log(const NvrtcApi& api, nvrtcProgram program) {
  std::size_t size = 0;
  std::string log;
  if (api.nvrtcGetProgramLogSize(program, &size) == kNvrtcSuccess && size > 0) {
    log.resize(size);
    if (api.nvrtcGetProgramLog(program, log.data()) != kNvrtcSuccess) log.clear();
    log = log.substr(0, log.find('\0'));
  }
  return log;
}

}  // namespace

namespace {

// An NVRTC program compiled with `options`, destroyed with this object. A source NVRTC rejects is
// an InternalError carrying its log (loom's generated code must always compile).
class CompiledProgram {
 public:
  CompiledProgram(const std::string& source, const std::vector<const char*>& options, const std::string& subject)
      : api_(nvrtc_api()), subject_(subject) {
    check_nvrtc(api_, api_.nvrtcCreateProgram(&program_, source.c_str(), "loom.cu", 0, nullptr, nullptr),
                "nvrtcCreateProgram", subject);
    nvrtcResult result = api_.nvrtcCompileProgram(program_, static_cast<int>(options.size()), options.data());
    if (result == kNvrtcCompilationError) {
      throw InternalError("NVRTC rejected loom's generated CUDA code for " + subject + " (a bug in loom):\n" +
                          program_log(api_, program_));
    }
    check_nvrtc(api_, result, "nvrtcCompileProgram", subject);
  }
  CompiledProgram(const CompiledProgram&) = delete;
  CompiledProgram& operator=(const CompiledProgram&) = delete;
  ~CompiledProgram() { api_.nvrtcDestroyProgram(&program_); }

  std::vector<char> cubin() const {
    std::size_t size = 0;
    check_nvrtc(api_, api_.nvrtcGetCUBINSize(program_, &size), "nvrtcGetCUBINSize", subject_);
    std::vector<char> cubin(size);
    check_nvrtc(api_, api_.nvrtcGetCUBIN(program_, cubin.data()), "nvrtcGetCUBIN", subject_);
    return cubin;
  }
  std::string ptx() const {
    std::size_t size = 0;
    check_nvrtc(api_, api_.nvrtcGetPTXSize(program_, &size), "nvrtcGetPTXSize", subject_);
    std::string ptx(size, '\0');
    check_nvrtc(api_, api_.nvrtcGetPTX(program_, ptx.data()), "nvrtcGetPTX", subject_);
    return ptx.substr(0, ptx.find('\0'));
  }
  std::string log() const { return program_log(api_, program_); }

 private:
  const NvrtcApi& api_;
  std::string subject_;
  nvrtcProgram program_ = nullptr;
};

}  // namespace

std::string architecture_for_source(const std::string& source, const std::string& arch) {
  if (source.find("cp.async.bulk.tensor") != std::string::npos && source.find("wgmma.mma_async") == std::string::npos) {
    // Bulk tensor copies (pipeline_fetch with bulk) need sm_90 or later.
    int number = 0;
    try {
      number = std::stoi(arch.substr(arch.find('_') + 1));
    } catch (const std::exception&) {
    }
    if (number < 90) {
      throw Error("the kernel fills rings by bulk tensor copies (pipeline_fetch with bulk), which need sm_90 or later "
                  "(Hopper); this device is " + arch + " (pipeline the fetch without bulk)");
    }
    return arch;
  }
  if (source.find("wgmma.mma_async") == std::string::npos) return arch;
  if (arch == "sm_90" || arch == "sm_90a") return "sm_90a";
  throw Error("the kernel uses wgmma (a tensorize shape m64n<N>k16 or m64n<N>k8), which only sm_90a runs (Hopper: "
              "H100, H200); this device is " + arch + " (tensorize with m16n8k16 or m16n8k8 for mma.sync instead)");
}

NvrtcOutput nvrtc_compile(const std::string& source, const std::string& arch, const std::string& subject,
                          bool report) {
  std::string arch_option = "-arch=" + architecture_for_source(source, arch);
  std::vector<const char*> options = {arch_option.c_str(), "-std=c++17", "-lineinfo"};
  // ptxas's verbose report (registers, spills, shared memory per kernel) lands in the log.
  if (report) options.push_back("--ptxas-options=-v");
  CompiledProgram program(source, options, subject);
  return {program.cubin(), report ? program.log() : std::string()};
}

std::string nvrtc_ptx(const std::string& source, const std::string& arch, const std::string& subject) {
  // With -arch=sm_XX NVRTC makes no PTX: compile for the virtual architecture compute_XX.
  std::string target = architecture_for_source(source, arch);
  std::string virtual_arch = "-arch=compute_" + target.substr(target.find('_') + 1);
  return CompiledProgram(source, {virtual_arch.c_str(), "-std=c++17", "-lineinfo"}, subject).ptx();
}

std::vector<char> nvrtc_compile_to_cubin(const std::string& source, const std::string& arch,
                                         const std::string& subject) {
  return nvrtc_compile(source, arch, subject, /*report=*/false).cubin;
}

std::string cuda_cubin_cache_path(const std::string& source) {
  const CudaDeviceInfo& info = cuda_device_info();
  // The compiler is part of the key: NVRTC's version and options for CUDA C, the driver's JIT (its
  // version is in the key anyway) for the LLVM path's PTX.
  std::string compiler = codegen::is_llvm_ptx(source)
                             ? std::string("llvm-ptx")
                             : "nvrtc " + std::to_string(info.nvrtc_major) + "." + std::to_string(info.nvrtc_minor) +
                                   "\n" + kNvrtcOptionsText;
  std::string key = hex_hash(info.arch + "\n" + compiler + "\n" + std::to_string(info.driver_version) + "\n" + source);
  return (fs::path(cache_directory()) / "cuda" / (key + ".cubin")).string();
}

std::string precompile_cubin(const std::string& source, const std::string& subject) {
  std::string path = cuda_cubin_cache_path(source);
  if (read_cached_cubin(path)) return "";
  if (codegen::is_llvm_ptx(source)) {
    PtxJitOutput output = jit_ptx_with_report(source, subject);
    write_cached_cubin(path, output.cubin);
    return output.info_log;
  }
  NvrtcOutput output = nvrtc_compile(source, cuda_device_info().arch, subject, /*report=*/true);
  write_cached_cubin(path, output.cubin);
  return output.log;
}

std::vector<char> cuda_cubin(const CudaRuntime& runtime, const std::string& source,
                             const std::string& subject, const std::string& cache_path,
                             StageTimer& timer, bool& from_cache) {
  bool use_cache = std::getenv("LOOM_NO_CACHE") == nullptr;
  if (use_cache && from_cache) {
    if (std::optional<std::vector<char>> cubin = read_cached_cubin(cache_path)) {
      timer.mark("read cached CUBIN");
      from_cache = true;
      return std::move(*cubin);
    }
  }
  std::vector<char> cubin = nvrtc_compile_to_cubin(source, runtime.info.arch, subject);
  timer.mark("NVRTC to CUBIN");
  from_cache = false;
  if (use_cache) write_cached_cubin(cache_path, cubin);
  return cubin;
}

namespace {

// cuda.h's CUjit_option and CUjitInputType values.
constexpr int kJitInfoLogBuffer = 3, kJitInfoLogBufferSize = 4, kJitErrorLogBuffer = 5,
              kJitErrorLogBufferSize = 6, kJitLogVerbose = 12;
constexpr int kJitInputPtx = 1;

// The driver's JIT of `ptx` to a CUBIN for the current context's device; `verbose` asks for
// ptxas's report of each kernel (registers, spills) in `info_log`.
PtxJitOutput link_ptx(const CudaRuntime& runtime, const std::string& ptx, const std::string& subject, bool verbose) {
  const CudaDriverApi& api = runtime.api;
  std::vector<char> info_log(64 * 1024, '\0'), error_log(8192, '\0');
  std::vector<int> keys = {kJitInfoLogBuffer, kJitInfoLogBufferSize, kJitErrorLogBuffer, kJitErrorLogBufferSize};
  std::vector<void*> values = {info_log.data(), reinterpret_cast<void*>(info_log.size()), error_log.data(),
                               reinterpret_cast<void*>(error_log.size())};
  if (verbose) {
    keys.push_back(kJitLogVerbose);
    values.push_back(reinterpret_cast<void*>(1));
  }
  CUlinkState state = nullptr;
  check_cu(api.cuLinkCreate(static_cast<unsigned>(keys.size()), keys.data(), values.data(), &state), "cuLinkCreate", subject);
  PtxJitOutput output;
  std::string text = ptx;  // cuLinkAddData wants a mutable, NUL-terminated image
  CUresult added = api.cuLinkAddData(state, kJitInputPtx, text.data(), text.size() + 1, "loom.ptx", 0, nullptr, nullptr);
  void* image = nullptr;
  std::size_t size = 0;
  CUresult completed = added == kCudaSuccess ? api.cuLinkComplete(state, &image, &size) : added;
  if (completed == kCudaSuccess) output.cubin.assign(static_cast<char*>(image), static_cast<char*>(image) + size);
  api.cuLinkDestroy(state);  // owns `image`
  if (completed != kCudaSuccess) {
    throw InternalError("the CUDA driver's JIT rejected the LLVM path's PTX for " + subject + " (error " +
                        std::to_string(completed) + ", a bug in loom):\n" + std::string(error_log.data()));
  }
  output.info_log = std::string(info_log.data());
  return output;
}

}  // namespace

PtxJitOutput jit_ptx_with_report(const std::string& ptx, const std::string& subject) {
  const CudaRuntime& runtime = cuda_runtime();
  check_cu(runtime.api.cuCtxSetCurrent(runtime.context), "cuCtxSetCurrent", subject);
  return link_ptx(runtime, ptx, subject, /*verbose=*/true);
}

std::vector<char> cuda_cubin_from_ptx(const CudaRuntime& runtime, const std::string& ptx, const std::string& subject,
                                      const std::string& cache_path, StageTimer& timer, bool& from_cache) {
  bool use_cache = std::getenv("LOOM_NO_CACHE") == nullptr;
  if (use_cache && from_cache) {
    if (std::optional<std::vector<char>> cubin = read_cached_cubin(cache_path)) {
      timer.mark("read cached CUBIN");
      from_cache = true;
      return std::move(*cubin);
    }
  }
  std::vector<char> cubin = link_ptx(runtime, ptx, subject, /*verbose=*/false).cubin;
  timer.mark("driver JIT of PTX to CUBIN");
  from_cache = false;
  if (use_cache) write_cached_cubin(cache_path, cubin);
  return cubin;
}

}  // namespace loom::detail
