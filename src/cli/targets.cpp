#include "cli/targets.hpp"

#include "loom/error.hpp"
#include "runtime/host_cuda.hpp"
#include "runtime/host_opencl.hpp"

namespace loom::cli {

namespace {

Target parse_target_name(const std::string& name) {
  if (name == "c") return Target::C;
  if (name == "opencl") return Target::OpenCL;
  if (name == "cuda") return Target::CUDA;
  // CLI11 restricts --target to the names above; reaching here is a bug in the option table.
  throw InternalError("unknown target name '" + name + "' passed the option check");
}

// Whether the runtime of `target` can run here; `why` says what is missing otherwise.
bool can_run(Target target, std::string& why) {
  try {
    if (target == Target::CUDA) detail::cuda_device_info();
    if (target == Target::OpenCL) detail::opencl_device_info();
    return true;
  } catch (const EnvironmentError& error) {
    why = error.what();
    return false;
  }
}

// SPEC.md: `compile` defaults to cuda (emitting source needs no device); `run` defaults to cuda
// when a CUDA GPU is present, else opencl when an OpenCL device is present, else c, probing
// lazily so that a command which needs no device never loads one.
Target default_target(TargetUse use) {
  if (use == TargetUse::Compile) return Target::CUDA;
  std::string ignored;
  if (can_run(Target::CUDA, ignored)) return Target::CUDA;
  if (can_run(Target::OpenCL, ignored)) return Target::OpenCL;
  return Target::C;
}

}  // namespace

Target choose_target(const std::optional<std::string>& requested, TargetUse use) {
  Target target = requested ? parse_target_name(*requested) : default_target(use);
  // Emitting source works for every target; running needs its runtime (C: always).
  std::string why;
  if (use == TargetUse::Run && target == Target::CUDA && !can_run(target, why)) {
    throw EnvironmentError(
        "target 'cuda' is not available in this build of loom on this machine: " + why +
        " (use --target opencl or c)");
  }
  return target;
}

}  // namespace loom::cli
