#include "runtime/launcher.hpp"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <optional>

#include "codegen/llvm_nvptx.hpp"
#include "ir/layout.hpp"
#include "loom/error.hpp"
#include "runtime/host_cuda.hpp"
#include "runtime/host_opencl.hpp"
#include "runtime/kernel_cache.hpp"

namespace loom::detail {

namespace {

std::vector<std::byte> scalar_bytes(const Scalar& value, DType dtype, const std::string& name) {
  Array holder(dtype, {1});
  if (const auto* integer = std::get_if<int64_t>(&value)) {
    holder.set_int(0, *integer);
  } else {
    if (!is_floating(dtype)) {
      throw Error("argument '" + name + "' is " + std::string(dtype_name(dtype)) + "; pass an integer value");
    }
    holder.set_double(0, std::get<double>(value));
  }
  std::vector<std::byte> bytes(dtype_size(dtype));
  std::memcpy(bytes.data(), holder.data(), bytes.size());
  return bytes;
}

std::string shape_text(const std::vector<int64_t>& shape) {
  std::string text;
  for (int64_t extent : shape) text += (text.empty() ? "" : ", ") + std::to_string(extent);
  return "(" + text + ")";
}

}  // namespace

std::vector<int64_t> layout_strides(const KernelArgument& arg, const ParameterMap& parameters) {
  std::vector<int64_t> strides;
  for (const ExprPtr& stride : array_strides(arg)) strides.push_back(evaluate_integer(*stride, parameters));
  return strides;
}

void check_array_argument(const KernelArgument& arg, DType expected, const std::vector<ExprPtr>& strides, DType dtype,
                          const std::vector<int64_t>& shape, const std::vector<int64_t>& actual_strides,
                          const ParameterMap& parameters) {
  if (dtype != expected) {
    throw Error("argument '" + arg.name + "' must be " + std::string(dtype_name(expected)) + ", got " +
                std::string(dtype_name(dtype)));
  }
  if (arg.shape_is_auto) return;
  std::vector<int64_t> expected_shape;
  expected_shape.reserve(arg.shape.size());
  for (const ExprPtr& extent : arg.shape) expected_shape.push_back(evaluate_integer(*extent, parameters));
  if (shape != expected_shape) {
    throw Error("argument '" + arg.name + "' must have shape " + shape_text(expected_shape) + ", got " +
                shape_text(shape));
  }
  for (std::size_t axis = 0; axis < strides.size(); ++axis) {
    if (expected_shape[axis] > 1 && actual_strides[axis] != evaluate_integer(*strides[axis], parameters)) {
      std::vector<int64_t> values;
      for (const ExprPtr& stride : strides) values.push_back(evaluate_integer(*stride, parameters));
      throw Error("argument '" + arg.name + "' must have strides " + shape_text(values) + " (its layout), got " +
                  shape_text(actual_strides));
    }
  }
}

void refuse_device_array(const std::string& argument, Target target) {
  throw Error("argument '" + argument + "' is a DeviceArray (CUDA device memory); a kernel compiled for target '" +
              std::string(target_name(target)) + "' reads host memory: pass an Array (DeviceArray::to_host)");
}

namespace {

class RepeatedLaunch : public BoundLauncher {
 public:
  RepeatedLaunch(std::shared_ptr<const KernelLauncher> launcher, ArgumentMap arguments, Stream stream)
      : launcher_(std::move(launcher)), arguments_(std::move(arguments)), stream_(std::move(stream)) {}
  void launch() const override { launcher_->launch(arguments_, stream_); }

 private:
  std::shared_ptr<const KernelLauncher> launcher_;
  ArgumentMap arguments_;
  Stream stream_;
};

}  // namespace

std::shared_ptr<const BoundLauncher> KernelLauncher::bind(const ArgumentMap& arguments, const Stream& stream) const {
  pack_arguments(arguments);  // refuse bad arguments now, not at the first launch
  // The launcher outlives the binding: CompiledKernel::bind passes its shared owner in.
  return std::make_shared<RepeatedLaunch>(shared_from_this(), arguments, stream);
}

PackedArguments KernelLauncher::pack_arguments(const ArgumentMap& arguments) const {
  for (const auto& [name, value] : arguments) {
    if (kernel_.find_arg(name) == nullptr) {
      throw Error("kernel '" + kernel_.name + "' has no argument '" + name + "'");
    }
  }
  PackedArguments packed;
  packed.parameters = parameter_values(kernel_, arguments);
  packed.scalar_storage.reserve(code_.arguments.size());
  for (const GeneratedArgument& generated : code_.arguments) {
    const KernelArgument& arg = *kernel_.find_arg(generated.name);
    auto found = arguments.find(generated.name);
    if (found == arguments.end()) throw Error("missing argument '" + generated.name + "'");
    if (generated.is_array) {
      if (std::holds_alternative<DeviceArray>(found->second)) refuse_device_array(generated.name, code_.target);
      const Array* array = std::get_if<Array>(&found->second);
      if (array == nullptr) throw Error("argument '" + generated.name + "' is an array; pass an Array");
      check_array_argument(arg, generated.dtype, array_strides(arg), array->dtype(), array->shape(), array->strides(),
                           packed.parameters);
      // The generated code indexes buffer[offset + ...]; the Array's data is element 0.
      int64_t offset = arg.offset ? evaluate_integer(*arg.offset, packed.parameters) : 0;
      packed.offsets.push_back(offset);
      packed.pointers.push_back(static_cast<std::byte*>(array->data()) -
                                offset * static_cast<int64_t>(dtype_size(generated.dtype)));
    } else {
      const Scalar* scalar = std::get_if<Scalar>(&found->second);
      if (scalar == nullptr) throw Error("argument '" + generated.name + "' is a value; pass a scalar");
      packed.offsets.push_back(0);
      packed.scalar_storage.push_back(scalar_bytes(*scalar, generated.dtype, generated.name));
      packed.pointers.push_back(packed.scalar_storage.back().data());
    }
  }
  return packed;
}

}  // namespace loom::detail

namespace loom {

void CompiledKernel::operator()(const ArgumentMap& arguments) const { launch(arguments, Stream()); }

void CompiledKernel::launch(const ArgumentMap& arguments, const Stream& stream) const {
  if (!launcher_) throw Error("this CompiledKernel holds no kernel");
  launcher_->launch(arguments, stream);
}

BoundLaunch CompiledKernel::bind(const ArgumentMap& arguments, const Stream& stream) const {
  if (!launcher_) throw Error("this CompiledKernel holds no kernel");
  return BoundLaunch(launcher_->bind(arguments, stream));
}

std::vector<DeviceKernelResources> CompiledKernel::resources() const {
  if (!launcher_) throw Error("this CompiledKernel holds no kernel");
  return launcher_->resources();
}

void BoundLaunch::operator()() const {
  if (!launcher_) throw Error("this BoundLaunch holds no launch");
  launcher_->launch();
}

const GeneratedCode& CompiledKernel::code() const {
  if (!launcher_) throw Error("this CompiledKernel holds no kernel");
  return launcher_->code();
}

namespace {

std::atomic<int> kernel_cache_hits{0};

// The present device's limits, so code generation refuses what it could not launch; without a
// device the offline defaults (the launcher then reports the missing device itself).
DeviceLimits present_device_limits(Target target) {
  try {
    if (target == Target::CUDA) return detail::cuda_device_info().limits;
    if (target == Target::OpenCL) return detail::opencl_device_limits();
  } catch (const EnvironmentError&) {
  }
  return offline_device_limits(target);
}

// The kernel level of the compile cache: a hit skips code generation (isl) and, through the
// CUBIN level, NVRTC.
// The LLVM path's GeneratedCode holds PTX as its source; the launcher tells the two apart.
std::shared_ptr<const detail::KernelLauncher> compile_cuda(const LoopKernel& kernel, CudaCompiler compiler) {
  bool use_cache = std::getenv("LOOM_NO_CACHE") == nullptr;
  std::string path;
  if (use_cache) {
    path = detail::cuda_kernel_cache_path(kernel, std::string(cuda_compiler_name(compiler)));
    if (std::optional<GeneratedCode> cached = detail::read_generated_code(path)) {
      ++kernel_cache_hits;
      return detail::make_cuda_launcher(kernel, std::move(*cached));
    }
  }
  GeneratedCode code = compiler == CudaCompiler::Llvm
                           ? codegen::generate_llvm_ptx(kernel, present_device_limits(Target::CUDA), default_cuda_arch())
                           : generate_code(kernel, Target::CUDA, present_device_limits(Target::CUDA));
  std::shared_ptr<const detail::KernelLauncher> launcher = detail::make_cuda_launcher(kernel, code);
  if (use_cache) detail::write_generated_code(path, code);  // only code that loaded
  return launcher;
}

}  // namespace

namespace detail {
int cuda_kernel_cache_hits() { return kernel_cache_hits.load(); }
}  // namespace detail

namespace detail {
CompiledKernel compile_generated(const LoopKernel& kernel, GeneratedCode code, Target target) {
  switch (target) {
    case Target::C: return CompiledKernel(make_host_c_launcher(kernel, std::move(code)));
    case Target::OpenCL: return CompiledKernel(make_opencl_launcher(kernel, std::move(code)));
    case Target::CUDA: return CompiledKernel(make_cuda_launcher(kernel, std::move(code)));
    default: break;
  }
  throw Error("running kernels on target '" + std::string(target_name(target)) + "' is not available yet");
}
}  // namespace detail


std::string_view cuda_compiler_name(CudaCompiler compiler) { return compiler == CudaCompiler::Llvm ? "llvm" : "nvrtc"; }

CudaCompiler parse_cuda_compiler(const std::string& name) {
  if (name == "nvrtc") return CudaCompiler::Nvrtc;
  if (name == "llvm") return CudaCompiler::Llvm;
  throw Error("unknown CUDA compiler '" + name + "' (expected nvrtc or llvm)");
}

CudaCompiler default_cuda_compiler() {
  const char* chosen = std::getenv("LOOM_CUDA_COMPILER");
  if (chosen == nullptr || *chosen == '\0') return CudaCompiler::Nvrtc;
  try {
    return parse_cuda_compiler(chosen);
  } catch (const Error&) {
    throw Error("LOOM_CUDA_COMPILER='" + std::string(chosen) + "' names no CUDA compiler (expected nvrtc or llvm)");
  }
}

CompiledKernel compile(const LoopKernel& kernel, Target target) { return compile(kernel, target, CompileOptions{}); }

CompiledKernel compile(const LoopKernel& kernel, Target target, const CompileOptions& options) {
  if (target == Target::CUDA) return CompiledKernel(compile_cuda(kernel, options.cuda_compiler));
  GeneratedCode code = generate_code(kernel, target, present_device_limits(target));
  switch (target) {
    case Target::C: return CompiledKernel(detail::make_host_c_launcher(kernel, std::move(code)));
    case Target::OpenCL: return CompiledKernel(detail::make_opencl_launcher(kernel, std::move(code)));
    default: break;
  }
  throw Error("running kernels on target '" + std::string(target_name(target)) + "' is not available yet");
}

}  // namespace loom
