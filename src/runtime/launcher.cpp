#include "runtime/launcher.hpp"

#include <cstring>

#include "ir/layout.hpp"
#include "loom/error.hpp"

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

void check_array(const KernelArgument& arg, DType dtype, const Array& array, const ParameterMap& parameters) {
  if (array.dtype() != dtype) {
    throw Error("argument '" + arg.name + "' must be " + std::string(dtype_name(dtype)) + ", got " +
                std::string(dtype_name(array.dtype())));
  }
  if (arg.shape_is_auto) return;
  std::vector<int64_t> expected;
  for (const ExprPtr& extent : arg.shape) expected.push_back(evaluate_integer(*extent, parameters));
  if (array.shape() != expected) {
    throw Error("argument '" + arg.name + "' must have shape " + shape_text(expected) + ", got " +
                shape_text(array.shape()));
  }
  std::vector<int64_t> strides = layout_strides(arg, parameters);
  for (std::size_t axis = 0; axis < strides.size(); ++axis) {
    if (expected[axis] > 1 && array.strides()[axis] != strides[axis]) {
      throw Error("argument '" + arg.name + "' must have strides " + shape_text(strides) + " (its layout), got " +
                  shape_text(array.strides()));
    }
  }
}

}  // namespace

std::vector<int64_t> layout_strides(const KernelArgument& arg, const ParameterMap& parameters) {
  std::vector<int64_t> strides;
  for (const ExprPtr& stride : array_strides(arg)) strides.push_back(evaluate_integer(*stride, parameters));
  return strides;
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
      const Array* array = std::get_if<Array>(&found->second);
      if (array == nullptr) throw Error("argument '" + generated.name + "' is an array; pass an Array");
      check_array(arg, generated.dtype, *array, packed.parameters);
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

void CompiledKernel::operator()(const ArgumentMap& arguments) const {
  if (!launcher_) throw Error("this CompiledKernel holds no kernel");
  launcher_->launch(arguments);
}

const GeneratedCode& CompiledKernel::code() const {
  if (!launcher_) throw Error("this CompiledKernel holds no kernel");
  return launcher_->code();
}

CompiledKernel compile(const LoopKernel& kernel, Target target) {
  GeneratedCode code = generate_code(kernel, target);
  switch (target) {
    case Target::C: return CompiledKernel(detail::make_host_c_launcher(kernel, std::move(code)));
    case Target::OpenCL: return CompiledKernel(detail::make_opencl_launcher(kernel, std::move(code)));
    case Target::CUDA: return CompiledKernel(detail::make_cuda_launcher(kernel, std::move(code)));
    default: break;
  }
  throw Error("running kernels on target '" + std::string(target_name(target)) + "' is not available yet");
}

}  // namespace loom
