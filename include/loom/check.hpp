// Checking a kernel against a reference (SPEC.md `run --check`, exactly; DESIGN.md §7).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "loom/array.hpp"
#include "loom/codegen.hpp"
#include "loom/kernel.hpp"

namespace loom {

// How `test.inputs` fills one array instead of the default random values (SPEC.md).
struct InputGenerator {
  enum class Kind { Uniform, Values, Arange };
  Kind kind = Kind::Uniform;
  double low = -1, high = 1;   // Uniform
  std::vector<double> values;  // Values: flat, C order
  double start = 0, step = 1;  // Arange
};

struct CheckOptions {
  uint64_t seed = 12345;
  std::optional<double> rtol;  // default by the output's dtype
  std::optional<double> atol;  // default rtol * RMS(reference)
  Target target = Target::C;
  std::map<std::string, InputGenerator> inputs;
  // Values of floating-point value arguments (alpha=1.5); one given in neither this nor the
  // ParameterMap gets a random value in [-1, 1).
  std::map<std::string, double> values;
};

struct OutputComparison {
  std::string name;
  bool passed = true;
  int64_t mismatches = 0;
  int64_t worst_index = -1;  // flat logical (C-order) index of the largest violation
  std::vector<int64_t> worst_position;
  double worst_value = 0, worst_reference = 0;
  double max_abs_error = 0;
  double normwise_error = 0;  // ||out - ref|| / ||ref||
  double rtol = 0, atol = 0;
};

struct CheckResult {
  bool passed = true;
  uint64_t seed = 0;
  std::vector<OutputComparison> outputs;
  // What may make the comparison meaningless: an integer array read as an index with random
  // contents (1 to 63 whatever the shape), so both kernels may read outside what it indexes.
  std::vector<std::string> warnings;
  std::string report() const;  // one line per output; the worst element of failing ones; warnings
};

// Runs `kernel` on `options.target` and `reference` on the C target with every floating-point
// type promoted to float64, both from the same random contents in every array (outputs
// included), and compares every output elementwise by logical index:
// |out − ref| ≤ rtol·|ref| + atol (rtol: float16 1e-2, bfloat16 2e-2, float32 1e-3, float64 1e-9,
// widened to 2·u·sqrt(K) where the kernel rounds computed values to TF32 or a 16-bit type, SPEC.md;
// atol = rtol · RMS(ref)); integers and bools exactly; NaN only where the reference has NaN.
CheckResult check_against_reference(const LoopKernel& kernel, const LoopKernel& reference,
                                    const ParameterMap& parameters, const CheckOptions& options = {});

// Arguments for running `kernel` as the checker does: every array allocated by its shape and
// filled from `options` (seed, `inputs`), values from `parameters`.
ArgumentMap make_test_arguments(const LoopKernel& kernel, const ParameterMap& parameters,
                                const CheckOptions& options = {});

// The reference form of a kernel: floating-point arguments, temporaries and explicitly typed
// literals promoted to float64.
LoopKernel promote_to_float64(const LoopKernel& kernel);

}  // namespace loom
