#include "cli/spec_kernel.hpp"

#include <optional>

#include "cli/parameters.hpp"
#include "runtime/host_cuda.hpp"

namespace loom::cli {

namespace {

// On CUDA code generation checks against the present device's limits, and the compiler (nvrtc or
// llvm, --compiler sets $LOOM_CUDA_COMPILER), the GPU and the versions decide what is made of it.
std::string device_context(Target target) {
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
  LoopKernel kernel = specialize(read_spec(spec_text).kernel, defines);
  GeneratedCode code = generate_code(kernel, target);
  if (path) detail::write_cached_kernel(*path, kernel, code);
  return {std::move(kernel), std::move(code)};
}

}  // namespace loom::cli
