// `loom compile SPEC`: prints the generated code.
#include <iostream>

#include "analysis/preprocess.hpp"
#include "analysis/type_inference.hpp"
#include "cli/commands.hpp"
#include "cli/cuda_report_text.hpp"
#include "cli/parameters.hpp"
#include "cli/spec_kernel.hpp"
#include "cli/progress.hpp"
#include "cli/targets.hpp"
#include "loom/codegen.hpp"
#include "loom/error.hpp"
#include "loom/runtime.hpp"
#include "loom/spec.hpp"

namespace loom::cli {

namespace {

// ptx and cubin-info are CUDA's: NVRTC compiles the code (no GPU needed).
void check_emit(const std::string& emit, Target target) {
  if (emit == "source" || target == Target::CUDA) return;
  throw Error("--emit " + emit + " shows what NVRTC makes of CUDA code; target '" + std::string(target_name(target)) +
              "' has none (use --target cuda)");
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
  check_emit(options.emit, target);
  check_arch(options.arch, target);
  ParameterMap defines = parse_defines(options.defines);

  progress.stage("reading " + options.spec_path);
  std::string spec_text = read_spec_text(options.spec_path);
  progress.stage("generating " + std::string(target_name(target)) + " code");
  detail::CachedKernel generated = spec_source(spec_text, target, defines);
  const GeneratedCode& code = generated.code;
  std::vector<std::string> warnings = float64_in_float32_kernel(preprocess(generated.kernel));
  if (options.emit != "source") {
    progress.stage("compiling " + code.function_name + " with NVRTC");
    CudaCompileReport report = cuda_compile_report(code, options.arch.value_or(""));
    progress.finish();
    for (const std::string& warning : warnings) std::cerr << "warning: " << warning << "\n";
    std::cout << (options.emit == "ptx" ? report.ptx : cuda_resources_text(report));
    return kSuccess;
  }
  progress.finish();
  for (const std::string& warning : warnings) std::cerr << "warning: " << warning << "\n";

  std::cout << code.source;
  if (!code.source.empty() && code.source.back() != '\n') std::cout << '\n';
  return kSuccess;
}

}  // namespace loom::cli
