// What every target's compiled kernel implements, and the argument checks they share.
#pragma once

#include <vector>

#include "loom/runtime.hpp"

namespace loom::detail {

// Arguments in the generated function's order: pointers to array data and to scalar values
// converted to each value argument's dtype.
struct PackedArguments {
  std::vector<void*> pointers;
  std::vector<std::vector<std::byte>> scalar_storage;
};

class KernelLauncher {
 public:
  KernelLauncher(LoopKernel kernel, GeneratedCode code) : kernel_(std::move(kernel)), code_(std::move(code)) {}
  virtual ~KernelLauncher() = default;
  virtual void launch(const ArgumentMap& arguments) const = 0;
  const GeneratedCode& code() const { return code_; }
  const LoopKernel& kernel() const { return kernel_; }

 protected:
  // Checks names, dtypes, layouts and sizes; throws loom::Error naming the argument at fault.
  PackedArguments pack_arguments(const ArgumentMap& arguments) const;

 private:
  LoopKernel kernel_;
  GeneratedCode code_;
};

// The strides (in elements) `arg`'s layout gives for these parameter values.
std::vector<int64_t> layout_strides(const KernelArgument& arg, const ParameterMap& parameters);

std::shared_ptr<const KernelLauncher> make_host_c_launcher(const LoopKernel& kernel, GeneratedCode code);

}  // namespace loom::detail
