// Compiling generated code and running it (DESIGN.md §6, §7).
#pragma once

#include <memory>
#include <string>

#include "loom/array.hpp"
#include "loom/codegen.hpp"
#include "loom/device.hpp"
#include "loom/kernel.hpp"

namespace loom {

namespace detail {
class KernelLauncher;
class BoundLauncher;
}  // namespace detail

// What one CUDA device kernel uses, as the driver (loaded kernels) or ptxas (offline compiles)
// reports it. -1: not reported by that source.
struct DeviceKernelResources {
  std::string name;
  int registers = -1;                  // per thread
  int64_t local_bytes = -1;            // local memory per thread (stack frame and spills)
  int64_t spill_store_bytes = -1;      // ptxas only
  int64_t spill_load_bytes = -1;       // ptxas only
  int64_t static_shared_bytes = -1;    // __shared__ arrays
  int64_t dynamic_shared_bytes = 0;    // what loom launches with (local temporaries above 48 KB)
  int max_threads_per_block = -1;      // driver only: the limit for these registers
  int barriers = -1;                   // ptxas only: named barriers used
  double occupancy = -1;               // driver only: resident threads per SM / the SM's maximum
};

// A launch with its arguments checked and packed once (CompiledKernel::bind): calling it only
// launches (CUDA: one cuLaunchKernel per device kernel, nothing else). Cheap to copy.
class BoundLaunch {
 public:
  BoundLaunch() = default;
  explicit BoundLaunch(std::shared_ptr<const detail::BoundLauncher> launcher) : launcher_(std::move(launcher)) {}
  void operator()() const;

 private:
  std::shared_ptr<const detail::BoundLauncher> launcher_;
};

// A kernel compiled for a target, callable with arguments by name. Cheap to copy.
class CompiledKernel {
 public:
  CompiledKernel() = default;
  explicit CompiledKernel(std::shared_ptr<const detail::KernelLauncher> launcher)
      : launcher_(std::move(launcher)) {}

  // Runs the kernel. `arguments` maps every argument name to an Array (arrays) or a Scalar
  // (values). Throws loom::Error for a missing or unknown argument, a wrong dtype, or an array
  // smaller than its declared shape for the given parameter values.
  //
  // CUDA: DeviceArrays stay on the device and the launch is asynchronous (it returns before the
  // kernel ends, unless checked mode is on: loom/device.hpp); host Arrays are copied to the device
  // and back, and the call returns when they hold the results. C and OpenCL run synchronously
  // and refuse DeviceArrays.
  void operator()(const ArgumentMap& arguments) const;
  // The same, on `stream` (CUDA; other targets ignore it).
  void launch(const ArgumentMap& arguments, const Stream& stream) const;
  // Checks and packs `arguments` once. CUDA takes only DeviceArrays and scalars here (host Arrays
  // would need copies at every launch); the arrays must outlive the BoundLaunch.
  BoundLaunch bind(const ArgumentMap& arguments, const Stream& stream = Stream()) const;
  // CUDA: registers, local and shared memory of each device kernel, from the driver.
  std::vector<DeviceKernelResources> resources() const;
  const GeneratedCode& code() const;

 private:
  std::shared_ptr<const detail::KernelLauncher> launcher_;
};

// How the CUDA target turns generated code into a module (DESIGN.md §5a): NVRTC compiles the
// CUDA C to a CUBIN (needs the toolkit's NVRTC), or LLVM's NVPTX back end compiles loom's AST to
// PTX that the driver JIT-compiles (needs libloom_llvm.so, no toolkit).
enum class CudaCompiler { Nvrtc, Llvm };
std::string_view cuda_compiler_name(CudaCompiler compiler);  // "nvrtc", "llvm"
// Parses "nvrtc" or "llvm"; loom::Error otherwise.
CudaCompiler parse_cuda_compiler(const std::string& name);
// $LOOM_CUDA_COMPILER ("nvrtc" or "llvm") when set, else NVRTC (docs/decisions.md, issue 30).
CudaCompiler default_cuda_compiler();

struct CompileOptions {
  CudaCompiler cuda_compiler = default_cuda_compiler();
};

// Generates code and compiles it (C: the system C compiler into a cached shared object).
CompiledKernel compile(const LoopKernel& kernel, Target target = Target::C);
CompiledKernel compile(const LoopKernel& kernel, Target target, const CompileOptions& options);

// The CUDA architecture loom compiles for: the present GPU's ("sm_90" on an H100 or H200), else
// sm_90.
std::string default_cuda_arch();
// What NVRTC makes of CUDA code for `arch` ("" = default_cuda_arch()): the PTX, and the resources
// ptxas reports for each device kernel (registers, spills, shared memory). Needs NVRTC, not a GPU.
struct CudaCompileReport {
  std::string arch;
  std::string ptx;
  std::vector<DeviceKernelResources> kernels;
  std::string ptxas_log;
};
CudaCompileReport cuda_compile_report(const GeneratedCode& code, const std::string& arch = "");

// Evaluates an integer expression over parameter values (shapes, bounds). Throws loom::Error
// naming a parameter without a value.
int64_t evaluate_integer(const Expr& expr, const ParameterMap& parameters);

// Values of every parameter the kernel needs (domain parameters and integer value arguments),
// taken from `arguments`; checks them against the kernel's assumptions.
ParameterMap parameter_values(const LoopKernel& kernel, const ArgumentMap& arguments);

// Throws loom::Error when `parameters` lack a kernel parameter or violate its assumptions.
void check_parameters(const LoopKernel& kernel, const ParameterMap& parameters);

// loom's cache folder: $LOOM_CACHE_DIR, else $XDG_CACHE_HOME/loom, else ~/.cache/loom.
std::string cache_directory();

}  // namespace loom
