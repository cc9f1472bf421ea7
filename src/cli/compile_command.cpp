// `loom compile SPEC`: prints the generated code.
#include <iostream>

#include "cli/commands.hpp"
#include "cli/parameters.hpp"
#include "cli/progress.hpp"
#include "cli/targets.hpp"
#include "loom/codegen.hpp"
#include "loom/error.hpp"
#include "loom/spec.hpp"

namespace loom::cli {

namespace {

// ptx and cubin-info come from NVRTC through the CUDA runtime, which this build lacks.
void check_emit(const std::string& emit) {
  if (emit == "source") return;
  throw EnvironmentError("--emit " + emit + " needs the CUDA runtime (NVRTC), which this build of loom lacks");
}

void check_arch(const std::optional<std::string>& arch, Target target) {
  if (!arch || target == Target::CUDA) return;
  throw Error("--arch " + *arch + " selects a CUDA GPU architecture; target '" +
              std::string(target_name(target)) + "' has none (drop --arch or use --target cuda)");
}

}  // namespace

int compile_command(const CompileOptions& options) {
  ProgressLine progress;
  Target target = choose_target(options.target, TargetUse::Compile);
  check_emit(options.emit);
  check_arch(options.arch, target);
  ParameterMap defines = parse_defines(options.defines);

  progress.stage("reading " + options.spec_path);
  Spec spec = read_spec_file(options.spec_path);
  progress.stage("generating " + std::string(target_name(target)) + " code for " + spec.name);
  GeneratedCode code = generate_code(specialize(spec.kernel, defines), target);
  progress.finish();

  std::cout << code.source;
  if (!code.source.empty() && code.source.back() != '\n') std::cout << '\n';
  return kSuccess;
}

}  // namespace loom::cli
