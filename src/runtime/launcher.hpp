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

// A launch whose arguments were checked and packed once (CompiledKernel::bind).
class BoundLauncher {
 public:
  virtual ~BoundLauncher() = default;
  virtual void launch() const = 0;
};

class KernelLauncher : public std::enable_shared_from_this<KernelLauncher> {
 public:
  KernelLauncher(LoopKernel kernel, GeneratedCode code) : kernel_(std::move(kernel)), code_(std::move(code)) {}
  virtual ~KernelLauncher() = default;
  // Host targets run synchronously and ignore `stream`.
  virtual void launch(const ArgumentMap& arguments, const Stream& stream) const = 0;
  // Default: keeps the arguments and launches through launch() each time.
  virtual std::shared_ptr<const BoundLauncher> bind(const ArgumentMap& arguments, const Stream& stream) const;
  // CUDA: what the driver reports for each loaded device kernel; other targets: none.
  virtual std::vector<DeviceKernelResources> resources() const { return {}; }
  const GeneratedCode& code() const { return code_; }
  const LoopKernel& kernel() const { return kernel_; }

 protected:
  // Checks names, dtypes, layouts and sizes; throws loom::Error naming the argument at fault.
  PackedArguments pack_arguments(const ArgumentMap& arguments) const;

 private:
  LoopKernel kernel_;
  GeneratedCode code_;
};

// The values of the kernel's integer value arguments in `arguments`, unchecked
// (parameter_values checks them against the assumptions too).
ParameterMap integer_argument_values(const LoopKernel& kernel, const ArgumentMap& arguments);

// Checks an array argument's dtype, shape and strides (`strides`: the layout's stride
// expressions, array_strides(arg)) against the values given; throws loom::Error naming it.
void check_array_argument(const KernelArgument& arg, DType expected, const std::vector<ExprPtr>& strides, DType dtype,
                          const std::vector<int64_t>& shape, const std::vector<int64_t>& actual_strides,
                          const ParameterMap& parameters);

// The error for a DeviceArray passed to a kernel of a host target (C, OpenCL).
[[noreturn]] void refuse_device_array(const std::string& argument, Target target);

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

// A kernel whose code was generated before (the spec level of the cache): compiled and loaded for
// `target` without code generation.
CompiledKernel compile_generated(const LoopKernel& kernel, GeneratedCode code, Target target);

}  // namespace loom::detail
