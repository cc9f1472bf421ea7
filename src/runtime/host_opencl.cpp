// The OpenCL target's launcher: generated OpenCL C built for the process's OpenCL device
// (runtime/opencl_device.cpp) and run through the ICD loader.
//
// A launch copies every array into a buffer of its own (outputs too: elements the kernel does not
// write keep their contents), allocates the global temporaries, runs the device kernels in order
// and copies the written arrays back. Launches are synchronous; LOOM_SYNC=1 also waits after each
// device kernel, so that a failure names its kernel.
#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <mutex>

#include "ir/stage_timer.hpp"
#include "loom/error.hpp"
#include "runtime/fault_guard.hpp"
#include "runtime/launch_sequence.hpp"
#include "runtime/launcher.hpp"
#include "runtime/opencl_device.hpp"

namespace loom::detail {

namespace {

std::string block_text(const std::vector<int64_t>& block) {
  return "(" + std::to_string(block[0]) + ", " + std::to_string(block[1]) + ", " +
         std::to_string(block[2]) + ")";
}

class OpenCLLauncher : public KernelLauncher {
 public:
  OpenCLLauncher(LoopKernel kernel, GeneratedCode generated)
      : KernelLauncher(std::move(kernel), std::move(generated)), runtime_(opencl_runtime()) {
    StageTimer timer("opencl(" + code().function_name + ")");
    cache_path_ = opencl_binary_cache_path(code().source);
    BuiltProgram built = build_program(runtime_, code(), cache_path_, timer);
    program_ = std::move(built.program);
    binary_to_cache_ = built.from_source;
    for (const DeviceKernel& device_kernel : code().device_kernels) {
      LOOM_ASSERT(
          device_kernel.grid_size.size() == 3 && device_kernel.block_size.size() == 3,
          "device kernel '" + device_kernel.name + "' needs three grid and three block sizes");
      for (int64_t extent : device_kernel.block_size) {
        LOOM_ASSERT(extent >= 1,
                    "device kernel '" + device_kernel.name + "' has a block size below 1");
      }
      cl_int status = CL_SUCCESS;
      kernels_.emplace_back(clCreateKernel(program_.get(), device_kernel.name.c_str(), &status));
      if (status == CL_INVALID_KERNEL_NAME) {
        throw InternalError("loom's generated OpenCL code for '" + code().function_name +
                            "' has no __kernel '" + device_kernel.name + "' (a bug in loom)");
      }
      check_cl(status, "clCreateKernel", subject(device_kernel));
      check_work_group_size(device_kernel, kernels_.back().get());
    }
    timer.mark("create kernels");
  }

  void launch(const ArgumentMap& arguments, const Stream& /*stream: host targets run synchronously*/) const override {
    // A CPU device (PoCL) runs the kernel on this process's threads: a fault there exits 5.
    detail::ExitOnKernelFault fault_exit(code().function_name, "OpenCL device (run in this process)");
    PackedArguments packed = pack_arguments(arguments);
    std::vector<BufferHandle> buffers = argument_buffers(arguments, packed);
    for (const GlobalTemporary& temporary : code().global_temporaries) {
      buffers.push_back(temporary_buffer(temporary, packed.parameters));
    }
    bool launched = enqueue_kernels(packed, buffers);
    bool any_read = false;
    for (std::size_t index = 0; index < code().arguments.size(); ++index) {
      const GeneratedArgument& argument = code().arguments[index];
      if (!argument.is_array || !argument.is_written) continue;
      const Array& array = std::get<Array>(arguments.at(argument.name));
      if (array.nbytes_spanned() == 0) continue;
      check_cl(clEnqueueReadBuffer(runtime_.queue, buffers[index].get(), CL_TRUE,
                                   offset_bytes(packed, index), array.nbytes_spanned(),
                                   array.data(), 0, nullptr, nullptr),
               "clEnqueueReadBuffer",
               "argument '" + argument.name + "' of '" + code().function_name + "'");
      any_read = true;
    }
    if (!any_read) check_cl(clFinish(runtime_.queue), "clFinish", "'" + code().function_name + "'");
    if (launched) cache_binary();
  }

  ~OpenCLLauncher() override {
    try {
      cache_binary();  // built but never launched: still worth caching
    } catch (...) {
      // The cache is best effort, and a destructor must not throw.
    }
  }

 private:
  // Writes the program's binary to the cache once, after the first launch that ran a kernel:
  // PoCL compiles the work-group functions for the actual local size at that launch and
  // serializes its binary only once, at the first query, so a binary taken at build time would
  // leave ~50 ms of compiling to every later process's first launch.
  void cache_binary() const {
    if (!binary_to_cache_.exchange(false)) return;
    cache_program_binary(program_.get(), cache_path_, "'" + code().function_name + "'");
  }

  std::string subject(const DeviceKernel& device_kernel) const {
    return "kernel '" + device_kernel.name + "' of '" + code().function_name + "'";
  }

  std::size_t offset_bytes(const PackedArguments& packed, std::size_t index) const {
    return static_cast<std::size_t>(packed.offsets[index]) *
           dtype_size(code().arguments[index].dtype);
  }

  // The device's limit on work-group size for this kernel (registers, local memory) is known only
  // once it is built; refusing here names the kernel instead of failing at every launch.
  void check_work_group_size(const DeviceKernel& device_kernel, cl_kernel kernel) const {
    std::size_t limit = 0;
    check_cl(clGetKernelWorkGroupInfo(kernel, runtime_.device, CL_KERNEL_WORK_GROUP_SIZE,
                                      sizeof limit, &limit, nullptr),
             "clGetKernelWorkGroupInfo", subject(device_kernel));
    const std::vector<int64_t>& block = device_kernel.block_size;
    int64_t work_items = block[0] * block[1] * block[2];
    if (static_cast<uint64_t>(work_items) > limit) {
      throw Error(subject(device_kernel) + " needs work-groups of " + std::to_string(work_items) +
                  " work-items " + block_text(block) + "; '" + runtime_.info.device_name +
                  "' runs at most " + std::to_string(limit) +
                  " for it: split the inames tagged l.N into smaller pieces");
    }
  }

  std::vector<BufferHandle> argument_buffers(const ArgumentMap& arguments,
                                             const PackedArguments& packed) const {
    std::vector<BufferHandle> buffers;
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
      cl_int status = CL_SUCCESS;
      buffers.emplace_back(
          clCreateBuffer(runtime_.context, CL_MEM_READ_WRITE, size, nullptr, &status));
      check_cl(status, "clCreateBuffer", subject);
      if (array.nbytes_spanned() == 0) continue;
      check_cl(clEnqueueWriteBuffer(runtime_.queue, buffers.back().get(), CL_TRUE,
                                    offset_bytes(packed, index), array.nbytes_spanned(),
                                    array.data(), 0, nullptr, nullptr),
               "clEnqueueWriteBuffer", subject);
    }
    return buffers;
  }

  BufferHandle temporary_buffer(const GlobalTemporary& temporary,
                                const ParameterMap& parameters) const {
    int64_t elements = 1;
    for (const ExprPtr& extent : temporary.shape) elements *= evaluate_integer(*extent, parameters);
    std::size_t size =
        static_cast<std::size_t>(std::max<int64_t>(elements, 1)) * dtype_size(temporary.dtype);
    cl_int status = CL_SUCCESS;
    BufferHandle buffer(
        clCreateBuffer(runtime_.context, CL_MEM_READ_WRITE, size, nullptr, &status));
    check_cl(status, "clCreateBuffer",
             "global temporary '" + temporary.name + "' of '" + code().function_name + "'");
    return buffer;
  }

  // Kernel objects hold their arguments until enqueued, so setting and enqueueing is one critical
  // section per launcher; the launches themselves overlap freely. Host loops
  // (GeneratedCode::host_loops) enqueue their kernels once per iteration, with the loops' inames
  // as the last arguments.
  // Returns whether any device kernel ran (a grid of zero groups skips its kernel).
  bool enqueue_kernels(const PackedArguments& packed,
                       const std::vector<BufferHandle>& buffers) const {
    bool synchronize = std::getenv("LOOM_SYNC") != nullptr;
    bool launched = false;
    std::lock_guard lock(launch_mutex_);
    for_each_launch(code(), packed.parameters, [&](std::size_t k, const ParameterMap& values) {
      const DeviceKernel& device_kernel = code().device_kernels[k];
      std::size_t global[3], local[3];
      bool empty = false;
      for (int axis = 0; axis < 3; ++axis) {
        int64_t groups = evaluate_integer(*device_kernel.grid_size[axis], values);
        empty = empty || groups <= 0;
        local[axis] = static_cast<std::size_t>(device_kernel.block_size[axis]);
        global[axis] = static_cast<std::size_t>(std::max<int64_t>(groups, 0)) * local[axis];
      }
      if (empty) return;
      cl_kernel kernel = kernels_[k].get();
      set_arguments(kernel, device_kernel, packed, buffers, values);
      check_cl(
          clEnqueueNDRangeKernel(runtime_.queue, kernel, 3, nullptr, global, local, 0, nullptr,
                                 nullptr),
          "clEnqueueNDRangeKernel",
          subject(device_kernel) + " with work-groups " + block_text(device_kernel.block_size));
      if (synchronize) check_cl(clFinish(runtime_.queue), "clFinish", subject(device_kernel));
      launched = true;
    });
    return launched;
  }

  void set_arguments(cl_kernel kernel, const DeviceKernel& device_kernel,
                     const PackedArguments& packed, const std::vector<BufferHandle>& buffers,
                     const ParameterMap& values) const {
    for (std::size_t index = 0; index < buffers.size(); ++index) {
      cl_int status;
      if (index >= code().arguments.size() || code().arguments[index].is_array) {
        cl_mem buffer = buffers[index].get();
        status = clSetKernelArg(kernel, static_cast<cl_uint>(index), sizeof buffer, &buffer);
      } else {
        status =
            clSetKernelArg(kernel, static_cast<cl_uint>(index),
                           dtype_size(code().arguments[index].dtype), packed.pointers[index]);
      }
      check_cl(status, "clSetKernelArg",
               subject(device_kernel) + ", argument " + std::to_string(index));
    }
    std::vector<int64_t> loop_values = host_loop_values(code(), values);
    for (std::size_t loop = 0; loop < loop_values.size(); ++loop) {
      std::size_t index = buffers.size() + loop;
      int32_t narrow = static_cast<int32_t>(loop_values[loop]);
      bool wide = code().host_loops[loop].dtype == DType::Int64;
      cl_int status = wide ? clSetKernelArg(kernel, static_cast<cl_uint>(index), sizeof(int64_t), &loop_values[loop])
                           : clSetKernelArg(kernel, static_cast<cl_uint>(index), sizeof narrow, &narrow);
      check_cl(status, "clSetKernelArg",
               subject(device_kernel) + ", host loop '" + code().host_loops[loop].iname + "'");
    }
  }

  const OpenCLRuntime& runtime_;
  std::string cache_path_;
  ProgramHandle program_;
  mutable std::atomic<bool> binary_to_cache_{false};
  std::vector<KernelHandle> kernels_;  // one per entry of code().device_kernels
  mutable std::mutex launch_mutex_;
};

}  // namespace

std::shared_ptr<const KernelLauncher> make_opencl_launcher(const LoopKernel& kernel,
                                                           GeneratedCode code) {
  LOOM_ASSERT(code.target == Target::OpenCL, "make_opencl_launcher needs OpenCL code");
  return std::make_shared<const OpenCLLauncher>(kernel, std::move(code));
}

}  // namespace loom::detail
