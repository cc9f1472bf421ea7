// Parameter values on the command line (`-D n=4096`) and how they combine with a spec's
// `test.parameters` and its `fix_parameters` transforms.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "loom/array.hpp"
#include "loom/spec.hpp"

namespace loom::cli {

// Parses `-D` values ("n=4096", each once). Throws loom::Error naming the malformed one.
ParameterMap parse_defines(const std::vector<std::string>& defines);

// `-D` values for `run`: integers, and floating-point values for floating-point value
// arguments ("alpha=1.5").
struct RunDefines {
  ParameterMap integers;
  std::map<std::string, double> values;
};
RunDefines parse_run_defines(const std::vector<std::string>& defines);

// The values `run` uses: `defines` over the spec's test.parameters. Refuses a name that is no
// parameter of the untransformed kernel, and a value that differs from the one a fix_parameters
// transform of the spec fixed.
ParameterMap run_parameters(const Spec& spec, const ParameterMap& defines);

// The floating-point value arguments' values `run` uses: `defines` over the spec's test values.
// Integer values given for such arguments (-D alpha=2) move from `defines.integers` into the
// result. Refuses a floating-point value for a name that is no floating-point value argument of
// the untransformed kernel.
std::map<std::string, double> take_run_values(const Spec& spec, RunDefines& defines);

// `compile` and `explain` specialize the code for `defines` (fix_parameters), so the generated
// code carries the values as constants; the kernel is returned unchanged when there are none.
LoopKernel specialize(const LoopKernel& kernel, const ParameterMap& defines);

}  // namespace loom::cli
