// The CUDA target's second compiler (DESIGN.md §5a, issue 30): loom's C AST (codegen/cast.hpp)
// emitted as LLVM IR and turned into PTX by LLVM's NVPTX back end, with no CUDA toolkit.
//
// LLVM lives in one place: libloom_llvm.so (codegen/llvm_nvptx.cpp, LLVM 19's NVPTX components
// linked statically, only its entry point exported), loaded with dlopen at first use by
// codegen/llvm_nvptx_loader.cpp. loom, loom_tests and the GPU benchmarks do not link LLVM; a build
// without llvm-19-dev has no libloom_llvm.so and the path reports itself unavailable
// (EnvironmentError: exit 3 from the command).
//
// The library is found at $LOOM_LLVM_LIBRARY when set, else beside the running executable, else in
// the build directory it was built in, else by the dynamic loader's search (LD_LIBRARY_PATH).
#pragma once

#include <string>
#include <vector>

#include "codegen/cast.hpp"
#include "loom/codegen.hpp"
#include "loom/device_limits.hpp"
#include "loom/kernel.hpp"

namespace loom::codegen {

// What libloom_llvm.so's entry point receives and returns. Both sides are built by the same
// compiler from this header; kNvptxAbiVersion changes with any change to these structs.
constexpr int kNvptxAbiVersion = 1;

struct NvptxRequest {
  const std::vector<cast::Function>* functions = nullptr;
  std::string arch = "sm_90";           // the NVPTX CPU
  std::string ptx_version = "+ptx80";   // the PTX ISA version (an NVPTX feature), pinned
  bool want_ir = false;                 // also return the optimized IR as text
};

enum class NvptxStatus { Ok, Unsupported, InternalError };

struct NvptxResult {
  NvptxStatus status = NvptxStatus::InternalError;
  std::string message;     // why, when status is not Ok
  std::string llvm_ir;     // the optimized module (want_ir)
  std::string ptx;
  double emit_ms = 0, optimize_ms = 0, codegen_ms = 0;  // IR building, O3, PTX printing
};

// PTX and (optionally) IR for `functions` (device kernels). Throws EnvironmentError when
// libloom_llvm.so cannot be loaded, Error when a kernel uses what the path does not support (a math
// function without an NVVM equivalent), InternalError when LLVM rejects the module (a bug).
NvptxResult emit_nvptx(const std::vector<cast::Function>& functions, const std::string& arch, bool want_ir);

// Whether libloom_llvm.so loads; `why` says why not.
bool llvm_nvptx_available(std::string* why = nullptr);

// CUDA code for `kernel` compiled by the LLVM path: GeneratedCode whose source is the PTX (the
// launcher recognises it by is_llvm_ptx), its device kernels and arguments as generate_code's.
// `llvm_ir`, when not null, receives the optimized IR.
GeneratedCode generate_llvm_ptx(const LoopKernel& kernel, const DeviceLimits& limits, const std::string& arch,
                                std::string* llvm_ir = nullptr);

// Whether `source` (GeneratedCode::source of the CUDA target) is PTX made by the LLVM path
// rather than CUDA C.
bool is_llvm_ptx(const std::string& source);

// generate_code for CUDA that also returns the device functions' AST (codegen/generate.cpp).
GeneratedCode generate_code_with_functions(const LoopKernel& kernel, Target target, const DeviceLimits& limits,
                                           std::vector<cast::Function>& device_functions);

}  // namespace loom::codegen

// libloom_llvm.so's entry points (C linkage, so dlsym finds them by name).
extern "C" int loom_llvm_nvptx_abi_version();
extern "C" void loom_llvm_nvptx_emit(const loom::codegen::NvptxRequest* request, loom::codegen::NvptxResult* result);
