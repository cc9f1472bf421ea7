// The CUDA target's launcher: generated CUDA C compiled to CUBIN by NVRTC for the process's device
// (runtime/cuda_driver.cpp) and run through the driver API (DESIGN.md §6).
//
// Loading the module prepares each launch: the functions, their limits, and per argument what a
// launch must check and pass (its dtype, shape and stride expressions, its offset). A launch then
// only checks values and calls cuLaunchKernel; a BoundLaunch (CompiledKernel::bind) checks once
// and only calls cuLaunchKernel.
//
// DeviceArrays are passed as they are and the launch is asynchronous. Host Arrays are copied into
// device allocations of their own (outputs too: elements the kernel does not write keep their
// contents), and the written ones copied back before the call returns. Global temporaries are
// allocated per launch (per binding for a BoundLaunch). In checked mode (loom/device.hpp) every
// kernel is followed by a synchronization, so that a fault names its kernel. A fault poisons the
// process's context and every later launch is refused.
#include <dlfcn.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <utility>

#include "analysis/bulk_copies.hpp"
#include "codegen/bulk_fills.hpp"
#include "codegen/llvm_nvptx.hpp"
#include "ir/layout.hpp"
#include "ir/stage_timer.hpp"
#include "loom/error.hpp"
#include "runtime/cuda_driver.hpp"
#include "runtime/launch_only_kernel.hpp"
#include "runtime/launch_sequence.hpp"
#include "runtime/launcher.hpp"

namespace loom::detail {

namespace {

std::string triple_text(const unsigned (&values)[3]) {
  return "(" + std::to_string(values[0]) + ", " + std::to_string(values[1]) + ", " +
         std::to_string(values[2]) + ")";
}

// Throws only when `result` is an error; the subject (a string built from names) is made then.
template <typename Subject>
void check_result(CUresult result, const char* call, const Subject& subject) {
  if (result != kCudaSuccess) check_cu(result, call, subject());
}

// One device allocation, freed when it goes out of scope (not after a fault: the context is gone).
class DeviceBuffer {
 public:
  DeviceBuffer(const CudaRuntime& runtime, std::size_t bytes, const std::string& subject)
      : runtime_(&runtime) {
    check_cu(runtime.api.cuMemAlloc(&pointer_, bytes), "cuMemAlloc", subject);
  }
  DeviceBuffer(DeviceBuffer&& other) noexcept
      : runtime_(other.runtime_), pointer_(std::exchange(other.pointer_, 0)) {}
  DeviceBuffer& operator=(DeviceBuffer&&) = delete;
  ~DeviceBuffer() {
    if (pointer_ != 0 && !cuda_context_poisoned()) runtime_->api.cuMemFree(pointer_);
  }
  CUdeviceptr pointer() const { return pointer_; }

 private:
  const CudaRuntime* runtime_;
  CUdeviceptr pointer_ = 0;
};

// What a launch checks and passes for one argument of the generated function, prepared at load.
struct ArgumentPlan {
  const KernelArgument* arg = nullptr;
  DType dtype;
  std::size_t element_bytes = 0;
  bool is_array = false;
  bool is_written = false;
  std::vector<ExprPtr> strides;  // the layout's stride expressions (arrays)
};

// The values of one launch: one slot per parameter of the device kernels (arguments, then
// global temporaries), and the device buffers it owns (host Arrays' copies, temporaries).
struct LaunchValues {
  ParameterMap parameters;
  std::vector<std::array<std::byte, 8>> slots;  // a CUdeviceptr or a scalar of the argument's dtype
  std::vector<void*> pointers;                  // cuLaunchKernel's parameter list: &slots[i], then &maps[i]
  // CUDA's CUtensorMap: 128 opaque bytes on 64, one per tensor map (codegen/bulk_fills.hpp).
  struct alignas(64) TensorMap {
    std::array<std::byte, 128> bytes;
  };
  std::vector<TensorMap> maps;
  std::vector<DeviceBuffer> owned;
  struct HostCopy {
    std::size_t argument;
    const Array* array;
    CUdeviceptr device;
  };
  std::vector<HostCopy> host_copies;  // host Arrays and where their device copies are
};

struct Grid {
  unsigned blocks[3];
  bool empty = false;
};

template <typename T>
void store(std::array<std::byte, 8>& slot, T value) {
  static_assert(sizeof(T) <= 8);
  std::memcpy(slot.data(), &value, sizeof(T));
}

void store_scalar(std::array<std::byte, 8>& slot, const Scalar& value, DType dtype,
                  const std::string& name) {
  if (const auto* integer = std::get_if<int64_t>(&value)) {
    switch (dtype) {
      case DType::Bool: store<uint8_t>(slot, *integer != 0); return;
      case DType::Int8: store<int8_t>(slot, static_cast<int8_t>(*integer)); return;
      case DType::Int16: store<int16_t>(slot, static_cast<int16_t>(*integer)); return;
      case DType::Int32: store<int32_t>(slot, static_cast<int32_t>(*integer)); return;
      case DType::Int64: store<int64_t>(slot, *integer); return;
      case DType::UInt8: store<uint8_t>(slot, static_cast<uint8_t>(*integer)); return;
      case DType::UInt16: store<uint16_t>(slot, static_cast<uint16_t>(*integer)); return;
      case DType::UInt32: store<uint32_t>(slot, static_cast<uint32_t>(*integer)); return;
      case DType::UInt64: store<uint64_t>(slot, static_cast<uint64_t>(*integer)); return;
      case DType::Float32: store<float>(slot, static_cast<float>(*integer)); return;
      case DType::Float64: store<double>(slot, static_cast<double>(*integer)); return;
      default: break;
    }
  } else {
    double real = std::get<double>(value);
    if (dtype == DType::Float32) return store<float>(slot, static_cast<float>(real));
    if (dtype == DType::Float64) return store<double>(slot, real);
    throw Error("argument '" + name + "' is " + std::string(dtype_name(dtype)) +
                "; pass an integer value");
  }
  throw Error("argument '" + name + "' has dtype " + std::string(dtype_name(dtype)) +
              ", which CUDA launches do not pass yet");
}

class CudaLauncher : public KernelLauncher {
 public:
  CudaLauncher(LoopKernel kernel, GeneratedCode generated)
      : KernelLauncher(std::move(kernel), std::move(generated)), runtime_(cuda_runtime()) {
    StageTimer timer("cuda(" + code().function_name + ")");
    std::string subject = "'" + code().function_name + "'";
    refuse_if_poisoned(subject);
    check_cu(runtime_.api.cuCtxSetCurrent(runtime_.context), "cuCtxSetCurrent", subject);
    load_module(subject, timer);
    for (const DeviceKernel& device_kernel : code().device_kernels) load_function(device_kernel);
    plan_arguments();
    tensor_maps_ = codegen::tensor_maps_of_source(code().source, this->kernel());
    timer.mark("get functions");
  }

  ~CudaLauncher() override {
    if (module_ != nullptr && !cuda_context_poisoned()) runtime_.api.cuModuleUnload(module_);
  }

  void launch(const ArgumentMap& arguments, const Stream& stream) const override {
    LaunchValues values = prepare(arguments, /*allow_host_arrays=*/true);
    if (!encode_tensor_maps(values)) return fallback().launch(arguments, stream);
    CUstream native = static_cast<CUstream>(stream.native_handle());
    std::string last = launch_kernels(values, grids(values.parameters), native);
    if (values.host_copies.empty() && values.owned.empty()) return;
    // Host results are read after the kernels; buffers are freed only when nothing uses them.
    for (const LaunchValues::HostCopy& copy : values.host_copies) {
      const GeneratedArgument& argument = code().arguments[copy.argument];
      if (!argument.is_written || copy.array->nbytes_spanned() == 0) continue;
      check_result(runtime_.api.cuMemcpyDtoH(copy.array->data(), copy.device, copy.array->nbytes_spanned()),
                   "cuMemcpyDtoH", [&] {
                     return "argument '" + argument.name + "' of '" + code().function_name + "'" +
                            (last.empty() ? "" : " (after kernel '" + last + "')");
                   });
    }
    check_result(runtime_.api.cuStreamSynchronize(native), "cuStreamSynchronize",
                 [&] { return "'" + code().function_name + "'" + (last.empty() ? "" : " (after kernel '" + last + "')"); });
  }

  std::shared_ptr<const BoundLauncher> bind(const ArgumentMap& arguments, const Stream& stream) const override;

  std::vector<DeviceKernelResources> resources() const override {
    std::vector<DeviceKernelResources> all;
    for (std::size_t k = 0; k < functions_.size(); ++k) {
      const DeviceKernel& device_kernel = code().device_kernels[k];
      DeviceKernelResources resources;
      resources.name = device_kernel.name;
      int value = 0;
      auto attribute = [&](int which) {
        check_cu(runtime_.api.cuFuncGetAttribute(&value, which, functions_[k]), "cuFuncGetAttribute",
                 subject(device_kernel));
        return value;
      };
      resources.registers = attribute(kFuncNumRegs);
      resources.local_bytes = attribute(kFuncLocalSizeBytes);
      resources.static_shared_bytes = attribute(kFuncSharedSizeBytes);
      resources.max_threads_per_block = attribute(kFuncMaxThreadsPerBlock);
      resources.dynamic_shared_bytes = device_kernel.dynamic_shared_bytes;
      resources.occupancy = occupancy(device_kernel, functions_[k]);
      all.push_back(resources);
    }
    return all;
  }

  double occupancy(const DeviceKernel& device_kernel, CUfunction function) const {
    const std::vector<int64_t>& block = device_kernel.block_size;
    int threads = static_cast<int>(block[0] * block[1] * block[2]);
    int blocks = 0;
    check_cu(runtime_.api.cuOccupancyMaxActiveBlocksPerMultiprocessor(
                 &blocks, function, threads, static_cast<std::size_t>(device_kernel.dynamic_shared_bytes)),
             "cuOccupancyMaxActiveBlocksPerMultiprocessor", subject(device_kernel));
    return static_cast<double>(blocks * threads) / runtime_.info.max_threads_per_multiprocessor;
  }

  // Launches every device kernel in order on `stream` (a grid of zero blocks skips its kernel),
  // those inside host loops once per iteration with the loops' inames in the last parameter
  // slots, and returns the name of the last one launched ("" when none ran).
  std::string launch_kernels(LaunchValues& values, const std::vector<Grid>& grids, CUstream stream) const {
    bool synchronize = synchronous_launches();
    std::string last;
    std::size_t first_loop_slot = plans_.size() + code().global_temporaries.size();
    for_each_launch(code(), values.parameters, [&](std::size_t k, const ParameterMap& loop_values) {
      Grid grid = code().host_loops.empty() ? grids[k] : grid_of(k, loop_values);
      if (grid.empty) return;
      std::vector<int64_t> loop_inames = host_loop_values(code(), loop_values);
      for (std::size_t loop = 0; loop < loop_inames.size(); ++loop) {
        std::array<std::byte, 8>& slot = values.slots[first_loop_slot + loop];
        if (code().host_loops[loop].dtype == DType::Int64) store<int64_t>(slot, loop_inames[loop]);
        else store<int32_t>(slot, static_cast<int32_t>(loop_inames[loop]));
      }
      const DeviceKernel& device_kernel = code().device_kernels[k];
      launch_one(k, grid, values.pointers.data(), stream);
      if (synchronize) {
        check_result(runtime_.api.cuStreamSynchronize(stream), "cuStreamSynchronize",
                     [&] { return subject(device_kernel); });
      }
      last = device_kernel.name;
    });
    return last;
  }

  void launch_one(std::size_t k, const Grid& grid, void** parameters, CUstream stream) const {
    const DeviceKernel& device_kernel = code().device_kernels[k];
    if (cuda_context_poisoned()) refuse_if_poisoned(subject(device_kernel));
    const std::vector<int64_t>& block = device_kernel.block_size;
    check_result(runtime_.api.cuLaunchKernel(functions_[k], grid.blocks[0], grid.blocks[1], grid.blocks[2],
                                             static_cast<unsigned>(block[0]), static_cast<unsigned>(block[1]),
                                             static_cast<unsigned>(block[2]),
                                             static_cast<unsigned>(device_kernel.dynamic_shared_bytes), stream,
                                             parameters, nullptr),
                 "cuLaunchKernel", [&] {
                   unsigned block_values[3] = {static_cast<unsigned>(block[0]), static_cast<unsigned>(block[1]),
                                               static_cast<unsigned>(block[2])};
                   return subject(device_kernel) + " with blocks " + triple_text(block_values) + " and grid " +
                          triple_text(grid.blocks);
                 });
  }

  // Checks `arguments` and fills one slot per device-kernel parameter. Host Arrays (when
  // allowed) are copied into buffers the returned values own.
  LaunchValues prepare(const ArgumentMap& arguments, bool allow_host_arrays) const {
    if (cuda_context_poisoned()) refuse_if_poisoned("'" + code().function_name + "'");
    refuse_unknown_arguments(arguments);
    LaunchValues values;
    values.parameters = integer_argument_values(kernel(), arguments);
    check_parameters_once(values.parameters);
    std::size_t count = plans_.size() + code().global_temporaries.size() + code().host_loops.size();
    values.slots.resize(count);
    values.pointers.resize(count);
    for (std::size_t index = 0; index < count; ++index) values.pointers[index] = values.slots[index].data();
    for (std::size_t index = 0; index < plans_.size(); ++index) {
      fill_argument(index, arguments, allow_host_arrays, values);
    }
    for (std::size_t t = 0; t < code().global_temporaries.size(); ++t) {
      values.owned.push_back(temporary_buffer(code().global_temporaries[t], values.parameters));
      store<CUdeviceptr>(values.slots[plans_.size() + t], values.owned.back().pointer());
    }
    return values;
  }

  // Every kernel's grid; none for a program with host loops, whose grids may depend on the loops'
  // inames and are evaluated at each launch (grid_of).
  std::vector<Grid> grids(const ParameterMap& parameters) const {
    std::vector<Grid> all;
    if (!code().host_loops.empty()) return all;
    for (std::size_t k = 0; k < functions_.size(); ++k) all.push_back(grid_of(k, parameters));
    return all;
  }

  Grid grid_of(std::size_t k, const ParameterMap& parameters) const {
    Grid grid;
    const DeviceKernel& device_kernel = code().device_kernels[k];
    for (int axis = 0; axis < 3; ++axis) {
      int64_t blocks = evaluate_integer(*device_kernel.grid_size[axis], parameters);
      grid.empty = grid.empty || blocks <= 0;
      refuse_grid_size(device_kernel, axis, blocks);
      grid.blocks[axis] = static_cast<unsigned>(std::max<int64_t>(blocks, 0));
    }
    return grid;
  }

  // Grid sizes depend on the parameter values, so only a launch can check them.
  void refuse_grid_size(const DeviceKernel& device_kernel, int axis, int64_t blocks) const {
    int64_t allowed = runtime_.info.limits.max_grid_size[static_cast<std::size_t>(axis)];
    if (blocks <= allowed) return;
    std::string inames;
    for (const auto& [iname, tag] : kernel().iname_tags) {
      if (tag.kind == InameTag::Kind::Group && tag.axis == axis) inames += (inames.empty() ? "'" : ", '") + iname + "'";
    }
    constexpr const char* kLetters[3] = {"x", "y", "z"};
    throw Error(subject(device_kernel) + " needs " + std::to_string(blocks) + " blocks along g." + std::to_string(axis) +
                " (grid dimension " + kLetters[axis] + ": " + to_string(device_kernel.grid_size[static_cast<std::size_t>(axis)]) +
                " for these parameter values), more than the " + std::to_string(allowed) + " that " +
                runtime_.info.limits.device + " launches; g." + std::to_string(axis) + " iname(s) " + inames +
                ": tag the widest with g.0 (up to " + std::to_string(runtime_.info.limits.max_grid_size[0]) +
                ") or split it and make part of it a loop");
  }

  const CudaRuntime& runtime() const { return runtime_; }
  std::string subject(const DeviceKernel& device_kernel) const {
    return "kernel '" + device_kernel.name + "' of '" + code().function_name + "'";
  }

 private:
  // Loads the CUBIN (cached or compiled); a cached CUBIN the driver refuses is compiled again.
  void load_module(const std::string& subject, StageTimer& timer) {
    std::string cache_path = cuda_cubin_cache_path(code().source);
    bool from_cache = true;
    // CUDA C goes through NVRTC; the LLVM compiler path's PTX through the driver's JIT.
    auto cubin_of = [&] {
      if (codegen::is_llvm_ptx(code().source)) return cuda_cubin_from_ptx(runtime_, code().source, subject, cache_path, timer, from_cache);
      return cuda_cubin(runtime_, code().source, subject, cache_path, timer, from_cache);
    };
    std::vector<char> cubin = cubin_of();
    CUresult result = runtime_.api.cuModuleLoadData(&module_, cubin.data());
    if (result != kCudaSuccess && from_cache) {
      module_ = nullptr;
      from_cache = false;
      cubin = cubin_of();
      result = runtime_.api.cuModuleLoadData(&module_, cubin.data());
    }
    check_cu(result, "cuModuleLoadData", subject);
    timer.mark("load module");
  }

  void load_function(const DeviceKernel& device_kernel) {
    LOOM_ASSERT(device_kernel.grid_size.size() == 3 && device_kernel.block_size.size() == 3,
                "device kernel '" + device_kernel.name + "' needs three grid and three block sizes");
    for (int64_t extent : device_kernel.block_size) {
      LOOM_ASSERT(extent >= 1, "device kernel '" + device_kernel.name + "' has a block size below 1");
    }
    CUfunction function = nullptr;
    CUresult result = runtime_.api.cuModuleGetFunction(&function, module_, device_kernel.name.c_str());
    if (result == 500 /* CUDA_ERROR_NOT_FOUND */) {
      throw InternalError("loom's generated CUDA code for '" + code().function_name + "' has no __global__ '" +
                          device_kernel.name + "' (a bug in loom)");
    }
    check_cu(result, "cuModuleGetFunction", subject(device_kernel));
    functions_.push_back(function);
    check_block_size(device_kernel, function);
    if (device_kernel.dynamic_shared_bytes > 0) {
      check_cu(runtime_.api.cuFuncSetAttribute(function, kFuncMaxDynamicSharedSizeBytes,
                                               static_cast<int>(device_kernel.dynamic_shared_bytes)),
               "cuFuncSetAttribute",
               subject(device_kernel) + " asking for " + std::to_string(device_kernel.dynamic_shared_bytes) +
                   " bytes of shared memory");
    }
  }

  void plan_arguments() {
    for (const GeneratedArgument& generated : code().arguments) {
      ArgumentPlan plan;
      plan.arg = kernel().find_arg(generated.name);
      LOOM_ASSERT(plan.arg != nullptr, "generated argument '" + generated.name + "' is not a kernel argument");
      plan.dtype = generated.dtype;
      plan.element_bytes = dtype_size(generated.dtype);
      plan.is_array = generated.is_array;
      plan.is_written = generated.is_written;
      if (plan.is_array) plan.strides = array_strides(*plan.arg);
      plans_.push_back(std::move(plan));
    }
  }

  // The limit on threads per block for this kernel (registers) is known only once it is loaded;
  // refusing here names the kernel instead of failing at every launch.
  void check_block_size(const DeviceKernel& device_kernel, CUfunction function) const {
    int limit = 0;
    check_cu(runtime_.api.cuFuncGetAttribute(&limit, kFuncMaxThreadsPerBlock, function), "cuFuncGetAttribute",
             subject(device_kernel));
    const std::vector<int64_t>& block = device_kernel.block_size;
    int64_t threads = block[0] * block[1] * block[2];
    if (threads > limit) {
      throw Error(subject(device_kernel) + " needs blocks of " + std::to_string(threads) + " threads (" +
                  std::to_string(block[0]) + ", " + std::to_string(block[1]) + ", " + std::to_string(block[2]) +
                  "); '" + runtime_.info.name + "' runs at most " + std::to_string(limit) +
                  " for it: split the inames tagged l.N into smaller pieces");
    }
  }

  void refuse_unknown_arguments(const ArgumentMap& arguments) const {
    if (arguments.size() == plans_.size()) return;  // every name is then one of the arguments
    for (const auto& [name, value] : arguments) {
      if (kernel().find_arg(name) == nullptr) {
        throw Error("kernel '" + kernel().name + "' has no argument '" + name + "'");
      }
    }
  }

  // The assumptions are checked with isl; a launch with the values of the previous one skips it.
  // The bulk fills' tensor maps (codegen/bulk_fills.hpp), after every other parameter. False when
  // an array breaks the copy engine's rules (its start or a stride not a multiple of 16 bytes):
  // the launch then runs the cp.async ring instead (fallback()), which computes the same.
  bool encode_tensor_maps(LaunchValues& values) const {
    const std::vector<codegen::TensorMapArgument>& maps = tensor_maps_;
    if (maps.empty()) return true;
    EncodeTiled encode = encode_tiled();
    if (encode == nullptr) {
      throw EnvironmentError("the kernel fills rings by bulk tensor copies, and this CUDA driver lacks "
                             "cuTensorMapEncodeTiled (CUDA 12.0 or later)");
    }
    values.maps.assign(maps.size(), {});
    for (std::size_t m = 0; m < maps.size(); ++m) {
      const codegen::TensorMapArgument& map = maps[m];
      auto argument = std::find_if(code().arguments.begin(), code().arguments.end(),
                                   [&](const GeneratedArgument& a) { return a.name == map.array; });
      LOOM_ASSERT(argument != code().arguments.end(), "tensor map of an unknown argument");
      CUdeviceptr base = 0;
      std::memcpy(&base, values.slots[static_cast<std::size_t>(argument - code().arguments.begin())].data(), sizeof base);
      auto element = static_cast<unsigned long long>(dtype_size(map.dtype));
      std::size_t rank = map.shape.size();
      std::vector<unsigned long long> dims(rank), strides(rank > 1 ? rank - 1 : 1);
      std::vector<unsigned> box(rank), element_strides(rank, 1);
      if (base % 16 != 0) return false;
      for (std::size_t d = 0; d < rank; ++d) {
        std::size_t axis = rank - 1 - d;  // innermost first
        int64_t extent = evaluate_integer(*map.shape[axis], values.parameters);
        if (extent <= 0) return false;
        dims[d] = static_cast<unsigned long long>(extent);
        box[d] = static_cast<unsigned>(map.box[axis]);
        if (d > 0) {
          int64_t stride = evaluate_integer(*map.strides[axis], values.parameters);
          unsigned long long bytes = static_cast<unsigned long long>(stride) * element;
          if (stride <= 0 || bytes % 16 != 0 || bytes >= (1ull << 40)) return false;
          strides[d - 1] = bytes;
        }
      }
      int data_type = tensor_map_data_type(map.dtype);
      CUresult result = encode(
          values.maps[m].bytes.data(), data_type, static_cast<unsigned>(rank), reinterpret_cast<void*>(base), dims.data(),
          strides.data(), box.data(), element_strides.data(), /*interleave none*/ 0, map.swizzle128 ? 3 : 0,
          /*L2 promotion 128B*/ 2, /*out-of-bounds: zeros*/ 0);
      check_cu(result, "cuTensorMapEncodeTiled", "tensor map '" + map.name + "' of '" + code().function_name + "'");
    }
    for (LaunchValues::TensorMap& map : values.maps) values.pointers.push_back(map.bytes.data());
    return true;
  }

  // cuTensorMapEncodeTiled (cuda.h's signature, enums as int), resolved from the driver loom
  // already loaded; null where the driver lacks it (before CUDA 12.0).
  using EncodeTiled = CUresult (*)(void* map, int data_type, unsigned rank, void* address, const unsigned long long* dims,
                                   const unsigned long long* strides, const unsigned* box,
                                   const unsigned* element_strides, int interleave, int swizzle, int l2_promotion,
                                   int oob_fill);
  static EncodeTiled encode_tiled() {
    static EncodeTiled function = [] {
      void* library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
      return library == nullptr ? nullptr : reinterpret_cast<EncodeTiled>(dlsym(library, "cuTensorMapEncodeTiled"));
    }();
    return function;
  }

  static int tensor_map_data_type(DType dtype) {
    switch (dtype) {
      case DType::Int8: case DType::UInt8: return 0;   // CU_TENSOR_MAP_DATA_TYPE_UINT8 (bits are bits)
      case DType::Int16: case DType::UInt16: return 1;
      case DType::UInt32: return 2;
      case DType::Int32: return 3;
      case DType::UInt64: return 4;
      case DType::Int64: return 5;
      case DType::Float16: return 6;
      case DType::Float32: return 7;
      case DType::Float64: return 8;
      case DType::BFloat16: return 9;
      default: break;
    }
    throw InternalError("no tensor map data type for " + std::string(dtype_name(dtype)));
  }

  // The same kernel with its rings filled by cp.async (without_bulk_fills), made on first use.
  // LOOM_NO_BULK_FALLBACK=1 refuses such a launch instead (tests: the bulk path itself ran).
  const KernelLauncher& fallback() const {
    const char* no_fallback = std::getenv("LOOM_NO_BULK_FALLBACK");
    if (no_fallback != nullptr && std::string(no_fallback) == "1") {
      throw Error("'" + code().function_name + "' fills rings by bulk tensor copies, and this launch's arrays are not "
                  "on 16 bytes (start and row strides); LOOM_NO_BULK_FALLBACK=1 refuses the cp.async fallback");
    }
    std::lock_guard lock(fallback_mutex_);
    if (!fallback_ && is_launch_only(kernel())) {
      // The spec level of the compile cache keeps no instructions to generate the cp.async ring from.
      throw Error("'" + code().function_name + "' fills rings by bulk tensor copies, and this launch's arrays are "
                  "not on 16 bytes (start and row strides); its cp.async fallback is generated from the kernel, "
                  "which the spec cache does not keep: run with LOOM_NO_CACHE=1, or pipeline without bulk");
    }
    if (!fallback_) {
      LoopKernel plain = without_bulk_fills(kernel());
      fallback_ = make_cuda_launcher(plain, generate_code(plain, Target::CUDA, runtime_.info.limits));
    }
    return *fallback_;
  }

  void check_parameters_once(const ParameterMap& parameters) const {
    std::lock_guard lock(checked_mutex_);
    if (checked_parameters_ && *checked_parameters_ == parameters) return;
    check_parameters(kernel(), parameters);
    checked_parameters_ = parameters;
  }

  void fill_argument(std::size_t index, const ArgumentMap& arguments, bool allow_host_arrays,
                     LaunchValues& values) const {
    const ArgumentPlan& plan = plans_[index];
    auto found = arguments.find(plan.arg->name);
    if (found == arguments.end()) throw Error("missing argument '" + plan.arg->name + "'");
    if (!plan.is_array) {
      const Scalar* scalar = std::get_if<Scalar>(&found->second);
      if (scalar == nullptr) throw Error("argument '" + plan.arg->name + "' is a value; pass a scalar");
      store_scalar(values.slots[index], *scalar, plan.dtype, plan.arg->name);
      return;
    }
    int64_t offset = plan.arg->offset ? evaluate_integer(*plan.arg->offset, values.parameters) : 0;
    if (offset < 0) throw Error("argument '" + plan.arg->name + "' has a negative offset");
    // The generated code indexes buffer[offset + ...]; the array's data is element 0.
    CUdeviceptr moved_back = static_cast<CUdeviceptr>(offset) * plan.element_bytes;
    if (const auto* device = std::get_if<DeviceArray>(&found->second)) {
      check_array_argument(*plan.arg, plan.dtype, plan.strides, device->dtype(), device->shape(), device->strides(),
                           values.parameters);
      store<CUdeviceptr>(values.slots[index], device->device_pointer() - moved_back);
      return;
    }
    const Array* host = std::get_if<Array>(&found->second);
    if (host == nullptr) {
      throw Error("argument '" + plan.arg->name + "' is an array; pass a DeviceArray or an Array");
    }
    if (!allow_host_arrays) {
      throw Error("argument '" + plan.arg->name +
                  "' is a host Array; a bound CUDA launch takes DeviceArrays (copies at every launch would "
                  "defeat binding): pass DeviceArray::from_host(array)");
    }
    check_array_argument(*plan.arg, plan.dtype, plan.strides, host->dtype(), host->shape(), host->strides(),
                         values.parameters);
    std::string subject = "argument '" + plan.arg->name + "' of '" + code().function_name + "'";
    std::size_t bytes = std::max<std::size_t>(moved_back + host->nbytes_spanned(), plan.element_bytes);
    values.owned.emplace_back(runtime_, bytes, subject);
    CUdeviceptr element0 = values.owned.back().pointer() + moved_back;
    if (host->nbytes_spanned() > 0) {
      check_cu(runtime_.api.cuMemcpyHtoD(element0, host->data(), host->nbytes_spanned()), "cuMemcpyHtoD", subject);
    }
    store<CUdeviceptr>(values.slots[index], values.owned.back().pointer());
    values.host_copies.push_back({index, host, element0});
  }

  DeviceBuffer temporary_buffer(const GlobalTemporary& temporary, const ParameterMap& parameters) const {
    int64_t elements = 1;
    for (const ExprPtr& extent : temporary.shape) elements *= evaluate_integer(*extent, parameters);
    std::size_t size = static_cast<std::size_t>(std::max<int64_t>(elements, 1)) * dtype_size(temporary.dtype);
    return DeviceBuffer(runtime_, size,
                        "global temporary '" + temporary.name + "' of '" + code().function_name + "'");
  }

  const CudaRuntime& runtime_;
  CUmodule module_ = nullptr;
  std::vector<CUfunction> functions_;  // one per entry of code().device_kernels
  std::vector<ArgumentPlan> plans_;    // one per entry of code().arguments
  mutable std::mutex checked_mutex_;
  mutable std::optional<ParameterMap> checked_parameters_;
  std::vector<codegen::TensorMapArgument> tensor_maps_;  // bulk fills' (codegen/bulk_fills.hpp)
  mutable std::mutex fallback_mutex_;
  mutable std::shared_ptr<const KernelLauncher> fallback_;
};

// A launch checked and packed once: calling it only launches.
class BoundCudaLaunch : public BoundLauncher {
 public:
  BoundCudaLaunch(std::shared_ptr<const CudaLauncher> launcher, LaunchValues values, std::vector<Grid> grids,
                  Stream stream)
      : launcher_(std::move(launcher)),
        values_(std::move(values)),
        grids_(std::move(grids)),
        stream_(std::move(stream)),
        native_(static_cast<CUstream>(stream_.native_handle())) {
    // The slots moved with the vector's buffer, but re-point in case of a copy.
    for (std::size_t index = 0; index < values_.slots.size(); ++index) values_.pointers[index] = values_.slots[index].data();
    for (std::size_t m = 0; m < values_.maps.size(); ++m) {
      values_.pointers[values_.slots.size() + m] = values_.maps[m].bytes.data();
    }
  }

  ~BoundCudaLaunch() override {
    // Global temporaries are freed with the binding; launches still running may use them.
    if (!values_.owned.empty() && !cuda_context_poisoned()) launcher_->runtime().api.cuStreamSynchronize(native_);
  }

  void launch() const override { launcher_->launch_kernels(values_, grids_, native_); }

 private:
  std::shared_ptr<const CudaLauncher> launcher_;
  mutable LaunchValues values_;
  std::vector<Grid> grids_;
  Stream stream_;
  CUstream native_;
};

std::shared_ptr<const BoundLauncher> CudaLauncher::bind(const ArgumentMap& arguments, const Stream& stream) const {
  LaunchValues values = prepare(arguments, /*allow_host_arrays=*/false);
  if (!encode_tensor_maps(values)) return fallback().bind(arguments, stream);
  std::vector<Grid> launch_grids = grids(values.parameters);
  auto self = std::static_pointer_cast<const CudaLauncher>(shared_from_this());
  return std::make_shared<BoundCudaLaunch>(std::move(self), std::move(values), std::move(launch_grids), stream);
}

}  // namespace

std::shared_ptr<const KernelLauncher> make_cuda_launcher(const LoopKernel& kernel, GeneratedCode code) {
  LOOM_ASSERT(code.target == Target::CUDA, "make_cuda_launcher needs CUDA code");
  return std::make_shared<const CudaLauncher>(kernel, std::move(code));
}

}  // namespace loom::detail
