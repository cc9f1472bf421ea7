// Compiling generated code and running it (DESIGN.md §6, §7).
#pragma once

#include <memory>
#include <string>

#include "loom/array.hpp"
#include "loom/codegen.hpp"
#include "loom/kernel.hpp"

namespace loom {

namespace detail {
class KernelLauncher;
}

// A kernel compiled for a target, callable with arguments by name. Cheap to copy.
class CompiledKernel {
 public:
  CompiledKernel() = default;
  explicit CompiledKernel(std::shared_ptr<const detail::KernelLauncher> launcher)
      : launcher_(std::move(launcher)) {}

  // Runs the kernel. `arguments` maps every argument name to an Array (arrays) or a Scalar
  // (values). Throws loom::Error for a missing or unknown argument, a wrong dtype, or an array
  // smaller than its declared shape for the given parameter values.
  void operator()(const ArgumentMap& arguments) const;
  const GeneratedCode& code() const;

 private:
  std::shared_ptr<const detail::KernelLauncher> launcher_;
};

// Generates code and compiles it (C: the system C compiler into a cached shared object).
CompiledKernel compile(const LoopKernel& kernel, Target target = Target::C);

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
