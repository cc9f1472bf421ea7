#include "cli/targets.hpp"

#include "loom/error.hpp"

namespace loom::cli {

namespace {

Target parse_target_name(const std::string& name) {
  if (name == "c") return Target::C;
  if (name == "opencl") return Target::OpenCL;
  if (name == "cuda") return Target::CUDA;
  // CLI11 restricts --target to the names above; reaching here is a bug in the option table.
  throw InternalError("unknown target name '" + name + "' passed the option check");
}

// Emitting source works for every target; running needs a runtime (C always; OpenCL through the
// ICD; CUDA once the CUDA runtime exists).
bool is_available(Target target, TargetUse use) {
  return use == TargetUse::Compile || target != Target::CUDA;
}

// SPEC.md: `compile` defaults to cuda (emitting source needs no device); `run` defaults to cuda
// when a GPU is present, else opencl when an OpenCL device is present, else c, probing lazily so
// that a command which needs no device never loads one. Running on cuda and probing devices come
// with the runtimes; until then `run` defaults to c.
Target default_target(TargetUse use) {
  switch (use) {
    case TargetUse::Compile:
      return Target::CUDA;
    case TargetUse::Run:
      return Target::C;
  }
  return Target::C;
}

}  // namespace

Target choose_target(const std::optional<std::string>& requested, TargetUse use) {
  Target target = requested ? parse_target_name(*requested) : default_target(use);
  if (!is_available(target, use)) {
    throw EnvironmentError("target '" + std::string(target_name(target)) +
                           "' is not available in this build of loom (use --target c)");
  }
  return target;
}

}  // namespace loom::cli
