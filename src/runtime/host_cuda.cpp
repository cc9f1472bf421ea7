// The CUDA target's launcher: generated CUDA C compiled to CUBIN by NVRTC for the process's device
// (runtime/cuda_driver.cpp) and run through the driver API.
//
// A launch copies every array into a device allocation of its own (outputs too: elements the
// kernel does not write keep their contents), allocates the global temporaries, runs the device
// kernels in order on the default stream and copies the written arrays back. Each kernel is
// followed by cuCtxSynchronize (checked mode), so that a fault names its kernel; LOOM_SYNC=0
// turns that off. A fault poisons the process's context and every later launch is refused.
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <utility>

#include "ir/stage_timer.hpp"
#include "loom/error.hpp"
#include "runtime/cuda_driver.hpp"
#include "runtime/launcher.hpp"

namespace loom::detail {

namespace {

std::string block_text(const std::vector<int64_t>& block) {
  return "(" + std::to_string(block[0]) + ", " + std::to_string(block[1]) + ", " +
         std::to_string(block[2]) + ")";
}

// One device allocation, freed when it goes out of scope (not after a fault: the context is gone).
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
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
  CUdeviceptr& pointer() { return pointer_; }

 private:
  const CudaRuntime* runtime_ = nullptr;
  CUdeviceptr pointer_ = 0;
};

class CudaLauncher : public KernelLauncher {
 public:
  CudaLauncher(LoopKernel kernel, GeneratedCode generated)
      : KernelLauncher(std::move(kernel), std::move(generated)), runtime_(cuda_runtime()) {
    StageTimer timer("cuda(" + code().function_name + ")");
    std::string subject = "'" + code().function_name + "'";
    refuse_if_poisoned(subject);
    check_cu(runtime_.api.cuCtxSetCurrent(runtime_.context), "cuCtxSetCurrent", subject);
    load_module(subject, timer);
    for (const DeviceKernel& device_kernel : code().device_kernels) {
      LOOM_ASSERT(
          device_kernel.grid_size.size() == 3 && device_kernel.block_size.size() == 3,
          "device kernel '" + device_kernel.name + "' needs three grid and three block sizes");
      for (int64_t extent : device_kernel.block_size) {
        LOOM_ASSERT(extent >= 1,
                    "device kernel '" + device_kernel.name + "' has a block size below 1");
      }
      CUfunction function = nullptr;
      CUresult result =
          runtime_.api.cuModuleGetFunction(&function, module_, device_kernel.name.c_str());
      if (result == 500 /* CUDA_ERROR_NOT_FOUND */) {
        throw InternalError("loom's generated CUDA code for '" + code().function_name +
                            "' has no __global__ '" + device_kernel.name + "' (a bug in loom)");
      }
      check_cu(result, "cuModuleGetFunction", this->subject(device_kernel));
      functions_.push_back(function);
      check_block_size(device_kernel, function);
      if (device_kernel.dynamic_shared_bytes > 0) {
        check_cu(runtime_.api.cuFuncSetAttribute(function, kFuncMaxDynamicSharedSizeBytes,
                                                 static_cast<int>(device_kernel.dynamic_shared_bytes)),
                 "cuFuncSetAttribute", this->subject(device_kernel) + " asking for " +
                                           std::to_string(device_kernel.dynamic_shared_bytes) +
                                           " bytes of shared memory");
      }
    }
    timer.mark("get functions");
  }

  ~CudaLauncher() override {
    if (module_ != nullptr && !cuda_context_poisoned()) runtime_.api.cuModuleUnload(module_);
  }

  void launch(const ArgumentMap& arguments) const override {
    PackedArguments packed = pack_arguments(arguments);
    std::string program = "'" + code().function_name + "'";
    refuse_if_poisoned(program);
    check_cu(runtime_.api.cuCtxSetCurrent(runtime_.context), "cuCtxSetCurrent", program);
    std::vector<DeviceBuffer> buffers = argument_buffers(arguments, packed);
    for (const GlobalTemporary& temporary : code().global_temporaries) {
      buffers.push_back(temporary_buffer(temporary, packed.parameters));
    }
    std::string last = launch_kernels(packed, buffers);
    for (std::size_t index = 0; index < code().arguments.size(); ++index) {
      const GeneratedArgument& argument = code().arguments[index];
      if (!argument.is_array || !argument.is_written) continue;
      const Array& array = std::get<Array>(arguments.at(argument.name));
      if (array.nbytes_spanned() == 0) continue;
      check_cu(runtime_.api.cuMemcpyDtoH(array.data(),
                                         buffers[index].pointer() + offset_bytes(packed, index),
                                         array.nbytes_spanned()),
               "cuMemcpyDtoH",
               "argument '" + argument.name + "' of " + program +
                   (last.empty() ? "" : " (after kernel '" + last + "')"));
    }
  }

 private:
  // Loads the CUBIN (cached or compiled); a cached CUBIN the driver refuses is compiled again.
  void load_module(const std::string& subject, StageTimer& timer) {
    std::string cache_path = cuda_cubin_cache_path(code().source);
    bool from_cache = true;
    std::vector<char> cubin =
        cuda_cubin(runtime_, code().source, subject, cache_path, timer, from_cache);
    CUresult result = runtime_.api.cuModuleLoadData(&module_, cubin.data());
    if (result != kCudaSuccess && from_cache) {
      module_ = nullptr;
      from_cache = false;
      cubin = cuda_cubin(runtime_, code().source, subject, cache_path, timer, from_cache);
      result = runtime_.api.cuModuleLoadData(&module_, cubin.data());
    }
    check_cu(result, "cuModuleLoadData", subject);
    timer.mark("load module");
  }

  std::string subject(const DeviceKernel& device_kernel) const {
    return "kernel '" + device_kernel.name + "' of '" + code().function_name + "'";
  }

  std::size_t offset_bytes(const PackedArguments& packed, std::size_t index) const {
    return static_cast<std::size_t>(packed.offsets[index]) *
           dtype_size(code().arguments[index].dtype);
  }

  // The limit on threads per block for this kernel (registers) is known only once it is loaded;
  // refusing here names the kernel instead of failing at every launch.
  void check_block_size(const DeviceKernel& device_kernel, CUfunction function) const {
    int limit = 0;
    check_cu(runtime_.api.cuFuncGetAttribute(&limit, kFuncMaxThreadsPerBlock, function),
             "cuFuncGetAttribute", subject(device_kernel));
    const std::vector<int64_t>& block = device_kernel.block_size;
    int64_t threads = block[0] * block[1] * block[2];
    if (threads > limit) {
      throw Error(subject(device_kernel) + " needs blocks of " + std::to_string(threads) +
                  " threads " + block_text(block) + "; '" + runtime_.info.name + "' runs at most " +
                  std::to_string(limit) +
                  " for it: split the inames tagged l.N into smaller pieces");
    }
  }

  std::vector<DeviceBuffer> argument_buffers(const ArgumentMap& arguments,
                                             const PackedArguments& packed) const {
    std::vector<DeviceBuffer> buffers;
    buffers.reserve(code().arguments.size() + code().global_temporaries.size());
    for (std::size_t index = 0; index < code().arguments.size(); ++index) {
      const GeneratedArgument& argument = code().arguments[index];
      if (!argument.is_array) {
        buffers.emplace_back();
        continue;
      }
      const Array& array = std::get<Array>(arguments.at(argument.name));
      std::string subject = "argument '" + argument.name + "' of '" + code().function_name + "'";
      if (packed.offsets[index] < 0) throw Error(subject + " has a negative offset");
      // The generated code indexes buffer[offset + ...]: the Array's data starts `offset` elements
      // in.
      std::size_t size = std::max(offset_bytes(packed, index) + array.nbytes_spanned(),
                                  dtype_size(argument.dtype));
      buffers.emplace_back(runtime_, size, subject);
      if (array.nbytes_spanned() == 0) continue;
      check_cu(runtime_.api.cuMemcpyHtoD(buffers.back().pointer() + offset_bytes(packed, index),
                                         array.data(), array.nbytes_spanned()),
               "cuMemcpyHtoD", subject);
    }
    return buffers;
  }

  DeviceBuffer temporary_buffer(const GlobalTemporary& temporary,
                                const ParameterMap& parameters) const {
    int64_t elements = 1;
    for (const ExprPtr& extent : temporary.shape) elements *= evaluate_integer(*extent, parameters);
    std::size_t size =
        static_cast<std::size_t>(std::max<int64_t>(elements, 1)) * dtype_size(temporary.dtype);
    return DeviceBuffer(
        runtime_, size,
        "global temporary '" + temporary.name + "' of '" + code().function_name + "'");
  }

  // Launches every device kernel in order (a grid of zero blocks skips its kernel) and returns
  // the name of the last one launched ("" when none ran).
  std::string launch_kernels(const PackedArguments& packed,
                             std::vector<DeviceBuffer>& buffers) const {
    const char* sync = std::getenv("LOOM_SYNC");
    bool synchronize = sync == nullptr || std::strcmp(sync, "0") != 0;
    std::vector<void*> parameters(buffers.size());
    for (std::size_t index = 0; index < buffers.size(); ++index) {
      bool is_array = index >= code().arguments.size() || code().arguments[index].is_array;
      parameters[index] =
          is_array ? static_cast<void*>(&buffers[index].pointer()) : packed.pointers[index];
    }
    std::string last;
    for (std::size_t k = 0; k < functions_.size(); ++k) {
      const DeviceKernel& device_kernel = code().device_kernels[k];
      unsigned grid[3];
      bool empty = false;
      for (int axis = 0; axis < 3; ++axis) {
        int64_t blocks = evaluate_integer(*device_kernel.grid_size[axis], packed.parameters);
        empty = empty || blocks <= 0;
        if (blocks > int64_t{0x7fffffff}) {
          throw Error(subject(device_kernel) + " needs " + std::to_string(blocks) +
                      " blocks along g." + std::to_string(axis) +
                      "; CUDA launches at most 2^31 - 1");
        }
        grid[axis] = static_cast<unsigned>(std::max<int64_t>(blocks, 0));
      }
      if (empty) continue;
      const std::vector<int64_t>& block = device_kernel.block_size;
      refuse_if_poisoned(subject(device_kernel));
      check_cu(runtime_.api.cuLaunchKernel(
                   functions_[k], grid[0], grid[1], grid[2], static_cast<unsigned>(block[0]),
                   static_cast<unsigned>(block[1]), static_cast<unsigned>(block[2]),
                   static_cast<unsigned>(device_kernel.dynamic_shared_bytes), nullptr,
                   parameters.data(), nullptr),
               "cuLaunchKernel",
               subject(device_kernel) + " with blocks " + block_text(block) + " and grid (" +
                   std::to_string(grid[0]) + ", " + std::to_string(grid[1]) + ", " +
                   std::to_string(grid[2]) + ")");
      if (synchronize) {
        check_cu(runtime_.api.cuCtxSynchronize(), "cuCtxSynchronize", subject(device_kernel));
      }
      last = device_kernel.name;
    }
    return last;
  }

  const CudaRuntime& runtime_;
  CUmodule module_ = nullptr;
  std::vector<CUfunction> functions_;  // one per entry of code().device_kernels
};

}  // namespace

std::shared_ptr<const KernelLauncher> make_cuda_launcher(const LoopKernel& kernel,
                                                         GeneratedCode code) {
  LOOM_ASSERT(code.target == Target::CUDA, "make_cuda_launcher needs CUDA code");
  return std::make_shared<const CudaLauncher>(kernel, std::move(code));
}

}  // namespace loom::detail
