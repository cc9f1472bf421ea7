// Code generation: a LoopKernel becomes source code for a target (DESIGN.md §1, §5).
#pragma once

#include <string>
#include <vector>

#include "loom/kernel.hpp"

namespace loom {

enum class Target { C, OpenCL, CUDA };
std::string_view target_name(Target target);

// One argument of the generated function, in order.
struct GeneratedArgument {
  std::string name;
  DType dtype;
  bool is_array;
  bool is_written;
};

struct GeneratedCode {
  Target target;
  std::string function_name;
  std::string entry_name;  // C target: `void entry(void **args)` taking pointers to each argument
  std::string source;
  std::vector<GeneratedArgument> arguments;
};

// Preprocesses, checks, linearizes and generates code for `kernel`. Throws loom::Error naming
// what prevents it.
GeneratedCode generate_code(const LoopKernel& kernel, Target target);

}  // namespace loom
