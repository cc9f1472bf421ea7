#include "cli/spec_kernel.hpp"

#include <optional>

#include "analysis/preprocess.hpp"
#include "analysis/compile_warnings.hpp"
#include "analysis/type_inference.hpp"
#include "cli/parameters.hpp"
#include "loom/error.hpp"
#include "runtime/host_cuda.hpp"
#include "runtime/host_opencl.hpp"

namespace loom::cli {

namespace {

// On OpenCL code generation checks against the device's limits (a kernel too large for one
// device is refused for it); without a device the offline limits apply, as in compile().
std::string opencl_context() {
  DeviceLimits limits;
  try {
    limits = detail::opencl_device_limits();
  } catch (const EnvironmentError&) {
    return "no OpenCL device";
  }
  return limits.device + " " + std::to_string(limits.max_threads_per_block) + " " + std::to_string(limits.max_block_size[0]) + "," +
         std::to_string(limits.max_block_size[1]) + "," + std::to_string(limits.max_block_size[2]) + " " +
         std::to_string(limits.max_local_memory_bytes);
}

// On CUDA code generation checks against the present device's limits, and the compiler (nvrtc or
// llvm, --compiler sets $LOOM_CUDA_COMPILER), the GPU and the versions decide what is made of it.
std::string device_context(Target target) {
  if (target == Target::OpenCL) return opencl_context();
  if (target != Target::CUDA) return "";
  const detail::CudaDeviceInfo& info = detail::cuda_device_info();
  return std::string(cuda_compiler_name(default_cuda_compiler())) + " " + info.name + " " + info.arch + " nvrtc " + std::to_string(info.nvrtc_major) + "." +
         std::to_string(info.nvrtc_minor) + " driver " + std::to_string(info.driver_version);
}

}  // namespace

detail::SpecKernel compile_spec(const std::string& spec_text, Target target) {
  return detail::compile_spec(spec_text, target, device_context(target));
}

detail::CachedKernel spec_source(const std::string& spec_text, Target target, const ParameterMap& defines) {
  std::optional<std::string> path;
  if (detail::disk_cache_enabled()) {
    std::string context = "compile " + std::string(target_name(target));
    for (const auto& [name, value] : defines) context += " " + name + "=" + std::to_string(value);
    path = detail::spec_cache_path(spec_text, context);
  }
  if (path) {
    if (std::optional<detail::CachedKernel> cached = detail::read_cached_kernel(*path)) return std::move(*cached);
  }
  Spec spec = read_spec(spec_text);
  LoopKernel kernel = specialize(spec.kernel, defines);
  GeneratedCode code = generate_code(kernel, target);
  if (std::optional<detail::CachedKernel> entry = detail::cache_entry_of(kernel, spec.reference, code)) {
    if (path) detail::write_cached_kernel(*path, *entry);
    return {std::move(kernel), std::move(spec.reference), std::move(code), std::move(entry->warnings)};
  }
  std::vector<std::string> warnings = compile_warnings(preprocess(kernel));
  return {std::move(kernel), std::move(spec.reference), std::move(code), std::move(warnings)};
}

}  // namespace loom::cli
