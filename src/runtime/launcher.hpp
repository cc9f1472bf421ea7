// What every target's compiled kernel implements, and the argument checks they share.
#pragma once

#include <vector>

#include "loom/runtime.hpp"

namespace loom::detail {

// Arguments in the generated function's order: pointers to array data (moved back by the
// argument's offset, so that pointer[offset + ...] is the Array's storage) and to scalar values
// converted to each value argument's dtype.
struct PackedArguments {
  std::vector<void*> pointers;
  std::vector<int64_t> offsets;  // per argument: its offset in elements (arrays), 0 (values)
  std::vector<std::vector<std::byte>> scalar_storage;
  ParameterMap parameters;       // the values of every kernel parameter
};

class KernelLauncher {
 public:
  KernelLauncher(LoopKernel kernel, GeneratedCode code) : kernel_(std::move(kernel)), code_(std::move(code)) {}
  virtual ~KernelLauncher() = default;
  virtual void launch(const ArgumentMap& arguments) const = 0;
  const GeneratedCode& code() const { return code_; }
  const LoopKernel& kernel() const { return kernel_; }

 protected:
  // Checks names, dtypes, layouts and sizes; throws loom::Error naming the argument at fault.
  PackedArguments pack_arguments(const ArgumentMap& arguments) const;

 private:
  LoopKernel kernel_;
  GeneratedCode code_;
};

// The strides (in elements) `arg`'s layout gives for these parameter values.
std::vector<int64_t> layout_strides(const KernelArgument& arg, const ParameterMap& parameters);

std::shared_ptr<const KernelLauncher> make_host_c_launcher(const LoopKernel& kernel, GeneratedCode code);
// `code.source` is OpenCL C with one __kernel per entry of `code.device_kernels`
// (runtime/host_opencl.cpp). Throws EnvironmentError when there is no OpenCL device, and
// InternalError with the build log when the device's compiler rejects the source.
std::shared_ptr<const KernelLauncher> make_opencl_launcher(const LoopKernel& kernel, GeneratedCode code);
// `code.source` is CUDA C with one __global__ per entry of `code.device_kernels`
// (runtime/host_cuda.cpp). Throws EnvironmentError when there is no CUDA driver or GPU,
// InternalError with NVRTC's log when it rejects the source, CudaError for a failed CUDA call.
std::shared_ptr<const KernelLauncher> make_cuda_launcher(const LoopKernel& kernel, GeneratedCode code);

}  // namespace loom::detail
