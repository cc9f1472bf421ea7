// The CUDA driver API and NVRTC, loaded with dlopen at first use (DESIGN.md §6). loom never links
// libcuda or libnvrtc, so it builds and runs without CUDA; the few types and entry points it uses
// are declared here, with the driver's ABI (cuda.h, nvrtc.h are not needed at build time).
//
// - The driver is libcuda.so.1; NVRTC is libnvrtc.so.13, libnvrtc.so or
//   /usr/local/cuda/lib64/libnvrtc.so*. The device is $LOOM_CUDA_DEVICE (an ordinal), else 0;
//   its primary context is retained once per process and never released.
// - Generated CUDA C is compiled by NVRTC to CUBIN for the device's own compute capability (NVRTC
//   13's PTX loads only on CUDA 13 drivers) and cached on disk under cache_directory()/cuda.
// - A fault in a kernel (an illegal address, say) poisons the process's context: loom remembers
//   it and refuses every later launch; recovery is a new process.
//
// Only the CUDA runtime's sources include this header; tests use runtime/host_cuda.hpp.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "ir/stage_timer.hpp"
#include "loom/runtime.hpp"
#include "runtime/host_cuda.hpp"

namespace loom::detail {

// ---- the driver's ABI (cuda.h, CUDA 13) ---------------------------------------------------------

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st*;
using CUmodule = struct CUmod_st*;
using CUfunction = struct CUfunc_st*;
using CUstream = struct CUstream_st*;
using CUevent = struct CUevent_st*;
using CUlinkState = struct CUlinkState_st*;

constexpr CUresult kCudaSuccess = 0;

struct CudaDriverApi {
  CUresult (*cuInit)(unsigned int flags);
  CUresult (*cuDriverGetVersion)(int* version);
  CUresult (*cuDeviceGetCount)(int* count);
  CUresult (*cuDeviceGet)(CUdevice* device, int ordinal);
  CUresult (*cuDeviceGetName)(char* name, int length, CUdevice device);
  CUresult (*cuDeviceGetAttribute)(int* value, int attribute, CUdevice device);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext* context, CUdevice device);
  CUresult (*cuCtxSetCurrent)(CUcontext context);
  CUresult (*cuCtxSynchronize)();
  CUresult (*cuModuleLoadData)(CUmodule* module, const void* image);
  CUresult (*cuModuleUnload)(CUmodule module);
  CUresult (*cuModuleGetFunction)(CUfunction* function, CUmodule module, const char* name);
  CUresult (*cuFuncGetAttribute)(int* value, int attribute, CUfunction function);
  CUresult (*cuFuncSetAttribute)(CUfunction function, int attribute, int value);
  CUresult (*cuMemAlloc)(CUdeviceptr* pointer, std::size_t bytes);                // _v2
  CUresult (*cuMemFree)(CUdeviceptr pointer);                                     // _v2
  CUresult (*cuMemcpyHtoD)(CUdeviceptr to, const void* from, std::size_t bytes);  // _v2
  CUresult (*cuMemcpyDtoH)(void* to, CUdeviceptr from, std::size_t bytes);        // _v2
  CUresult (*cuLaunchKernel)(CUfunction function, unsigned grid_x, unsigned grid_y, unsigned grid_z,
                             unsigned block_x, unsigned block_y, unsigned block_z,
                             unsigned shared_bytes, CUstream stream, void** parameters,
                             void** extra);
  CUresult (*cuGetErrorName)(CUresult error, const char** name);
  CUresult (*cuMemsetD8)(CUdeviceptr to, unsigned char value, std::size_t count);  // _v2
  CUresult (*cuStreamCreate)(CUstream* stream, unsigned int flags);
  CUresult (*cuStreamDestroy)(CUstream stream);  // _v2
  CUresult (*cuStreamSynchronize)(CUstream stream);
  CUresult (*cuEventCreate)(CUevent* event, unsigned int flags);
  CUresult (*cuEventDestroy)(CUevent event);  // _v2
  CUresult (*cuEventRecord)(CUevent event, CUstream stream);
  CUresult (*cuEventSynchronize)(CUevent event);
  CUresult (*cuEventElapsedTime)(float* milliseconds, CUevent start, CUevent end);
  CUresult (*cuOccupancyMaxActiveBlocksPerMultiprocessor)(int* blocks, CUfunction function, int block_size,
                                                         std::size_t dynamic_shared_bytes);
  CUresult (*cuMemGetInfo)(std::size_t* free, std::size_t* total);  // _v2
  // The driver's linker: PTX (the LLVM compiler path's) JIT-compiled to a CUBIN loom caches.
  CUresult (*cuLinkCreate)(unsigned options, int* option_keys, void** option_values, CUlinkState* state);  // _v2
  CUresult (*cuLinkAddData)(CUlinkState state, int input_type, void* data, std::size_t size, const char* name,
                            unsigned options, int* option_keys, void** option_values);  // _v2
  CUresult (*cuLinkComplete)(CUlinkState state, void** cubin, std::size_t* size);
  CUresult (*cuLinkDestroy)(CUlinkState state);
};

// cuFuncGetAttribute's attributes.
constexpr int kFuncMaxThreadsPerBlock = 0;
constexpr int kFuncSharedSizeBytes = 1;  // static __shared__ memory
constexpr int kFuncLocalSizeBytes = 3;   // local memory per thread (stack and spills)
constexpr int kFuncNumRegs = 4;
// cuFuncSetAttribute's CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES.
constexpr int kFuncMaxDynamicSharedSizeBytes = 8;

// ---- the process's device ----------------------------------------------------------------------

struct CudaRuntime {
  CudaDriverApi api{};
  CudaDeviceInfo info;
  CUdevice device = 0;
  CUcontext context = nullptr;  // the device's primary context
};

// Loads the driver and NVRTC and retains the device's primary context on the first call;
// thread-safe. Throws EnvironmentError ("no CUDA driver/GPU: ...") when either library, the
// driver's initialisation or the device is missing, on every call.
const CudaRuntime& cuda_runtime();

// Throws CudaError naming `call`, the driver's error name and `subject` (the kernel, argument or
// module) when `result` is not CUDA_SUCCESS. Errors that leave the context unusable (illegal
// address, illegal instruction, a failed launch...) poison it first.
void check_cu(CUresult result, const char* call, const std::string& subject);

// Throws CudaError when an earlier fault poisoned the context; `subject` is what was refused.
void refuse_if_poisoned(const std::string& subject);

// The CUBIN of `source` for the device: from the cache entry at `cache_path` when it is intact
// (LOOM_NO_CACHE=1 skips the cache), else compiled by NVRTC and written to the cache.
// `from_cache`: in, whether to read the cache at all (false to replace an entry the driver
// refused); out, whether the CUBIN came from it. A source NVRTC rejects is an InternalError
// carrying its log.
std::vector<char> cuda_cubin(const CudaRuntime& runtime, const std::string& source,
                             const std::string& subject, const std::string& cache_path,
                             StageTimer& timer, bool& from_cache);

// The CUBIN of `ptx` (the LLVM compiler path's output) for the device: from the cache entry at
// `cache_path` when it is intact (LOOM_NO_CACHE=1 skips the cache), else JIT-compiled by the
// driver's linker (cuLinkCreate/cuLinkAddData/cuLinkComplete) and written to the cache, so a second
// load skips the JIT. `from_cache` as for cuda_cubin. PTX the driver rejects is an InternalError
// carrying the JIT's log. Needs no NVRTC.
std::vector<char> cuda_cubin_from_ptx(const CudaRuntime& runtime, const std::string& ptx, const std::string& subject,
                                      const std::string& cache_path, StageTimer& timer, bool& from_cache);

// The driver's JIT of the LLVM path's `ptx` for the present device, with ptxas's verbose report
// of each kernel in `info_log` (the lines ptxas -v prints). Throws
// EnvironmentError without a GPU, InternalError where the JIT rejects the PTX.
struct PtxJitOutput {
  std::vector<char> cubin;
  std::string info_log;
};
PtxJitOutput jit_ptx_with_report(const std::string& ptx, const std::string& subject);

// The architecture NVRTC compiles `source` for on a device of `arch`: sm_90a where the code uses
// wgmma (arch-specific: sm_90's portable code has none, and ptxas refuses it there), else
// `arch`; throws loom::Error naming the device where it is not Hopper.
std::string architecture_for_source(const std::string& source, const std::string& arch);

// NVRTC's output for `source` compiled for `arch` ("sm_90"; sm_90a where it uses wgmma); `report` adds ptxas's verbose
// report (registers, spills and shared memory of each kernel) in `log`.
struct NvrtcOutput {
  std::vector<char> cubin;
  std::string log;
};
NvrtcOutput nvrtc_compile(const std::string& source, const std::string& arch, const std::string& subject,
                          bool report);
// The PTX of `source` for the virtual architecture of `arch` (compute_90 for sm_90).
std::string nvrtc_ptx(const std::string& source, const std::string& arch, const std::string& subject);

// Compiles `source` with NVRTC for `arch` ("sm_90") without needing a driver: tools and tests
// use it to check generated code on machines without a GPU. Throws EnvironmentError when NVRTC
// cannot be loaded, InternalError with NVRTC's log when it rejects the source.
std::vector<char> nvrtc_compile_to_cubin(const std::string& source, const std::string& arch,
                                         const std::string& subject);

// Compiles `source` for the present device into the CUBIN cache entry compile() reads, unless it
// is there (CUDA C through NVRTC; the LLVM path's PTX through the driver's JIT, which needs a
// context); returns ptxas's verbose log ("" when the entry was there). loom tune compiles
// candidates this way in parallel threads while a worker process measures others.
std::string precompile_cubin(const std::string& source, const std::string& subject);

// ptxas's verbose report, per entry function (registers, spills, shared memory, barriers).
std::vector<DeviceKernelResources> parse_ptxas_report(const std::string& log);

}  // namespace loom::detail
