// `loom compile SPEC`: prints the generated code.
#include <cstdlib>
#include <iostream>

#include "analysis/preprocess.hpp"
#include "analysis/type_inference.hpp"
#include "cli/commands.hpp"
#include "cli/cuda_report_text.hpp"
#include "cli/parameters.hpp"
#include "cli/spec_kernel.hpp"
#include "cli/progress.hpp"
#include "cli/targets.hpp"
#include "codegen/llvm_nvptx.hpp"
#include "loom/codegen.hpp"
#include "loom/error.hpp"
#include "loom/runtime.hpp"
#include "loom/spec.hpp"

namespace loom::cli {

namespace {

// ptx and cubin-info are CUDA's: NVRTC compiles the code (no GPU needed); llvm-ir is the LLVM
// compiler path's.
void check_emit(const std::string& emit, Target target, CudaCompiler compiler) {
  if (emit != "source" && target != Target::CUDA) {
    throw Error("--emit " + emit + " shows what a CUDA compiler makes of CUDA code; target '" +
                std::string(target_name(target)) + "' has none (use --target cuda)");
  }
  if (emit == "llvm-ir" && compiler != CudaCompiler::Llvm) {
    throw Error("--emit llvm-ir shows the LLVM compiler path's IR: add --compiler llvm");
  }
  if (emit == "cubin-info" && compiler == CudaCompiler::Llvm) {
    throw Error("--emit cubin-info shows NVRTC's ptxas report; with --compiler llvm use --emit ptx or llvm-ir");
  }
}

// `loom compile --target cuda --compiler llvm`: the PTX (or IR) of LLVM's NVPTX back end, with no
// toolkit; --emit source still prints the CUDA C the AST also prints as.
int compile_with_llvm(const CompileOptions& options, const LoopKernel& kernel, ProgressLine& progress) {
  std::string arch = options.arch.value_or(default_cuda_arch());
  progress.stage("compiling " + kernel.name + " with LLVM NVPTX for " + arch);
  std::string ir;
  GeneratedCode code = codegen::generate_llvm_ptx(kernel, offline_device_limits(Target::CUDA), arch,
                                                  options.emit == "llvm-ir" ? &ir : nullptr);
  progress.finish();
  std::cout << (options.emit == "llvm-ir" ? ir : code.source);
  return kSuccess;
}

}  // namespace

void use_cuda_compiler(const std::optional<std::string>& compiler) {
  if (compiler) setenv("LOOM_CUDA_COMPILER", compiler->c_str(), 1);
}

namespace {

void check_arch(const std::optional<std::string>& arch, Target target) {
  if (!arch || target == Target::CUDA) return;
  throw Error("--arch " + *arch + " selects a CUDA GPU architecture; target '" +
              std::string(target_name(target)) + "' has none (drop --arch or use --target cuda)");
}

}  // namespace

int compile_command(const CompileOptions& options) {
  ProgressLine progress;
  Target target = choose_target(options.target, TargetUse::Compile);
  CudaCompiler compiler = options.compiler ? parse_cuda_compiler(*options.compiler) : default_cuda_compiler();
  check_emit(options.emit, target, compiler);
  check_arch(options.arch, target);
  ParameterMap defines = parse_defines(options.defines);

  progress.stage("reading " + options.spec_path);
  std::string spec_text = read_spec_text(options.spec_path);
  if (target == Target::CUDA && compiler == CudaCompiler::Llvm && options.emit != "source") {
    return compile_with_llvm(options, specialize(read_spec(spec_text).kernel, defines), progress);
  }
  progress.stage("generating " + std::string(target_name(target)) + " code");
  detail::CachedKernel generated = spec_source(spec_text, target, defines);
  const GeneratedCode& code = generated.code;
  const std::vector<std::string>& warnings = generated.warnings;
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
