// Random transform calls for the differential fuzzer, made generically from the transform
// registry's parameter schemas (transforms/registry.hpp): each parameter's value is drawn by its
// type and its name (an `iname` takes one of the kernel's inames, `var_name` one of its
// variables, `*_tag` a tag, `within` a match expression...), so a newly registered transform is
// fuzzed without changes here. Transforms that change the kernel's meaning on purpose are left out
// (they define a new reference and so cannot be checked against the old one).
#pragma once

#include <random>
#include <string>
#include <vector>

#include "loom/kernel.hpp"
#include "loom/transforms.hpp"

namespace loom::fuzz {

// The transforms the fuzzer may propose, with the weights it draws them by.
struct TransformChoice {
  std::string name;
  int weight;
};
std::vector<TransformChoice> fuzzable_transforms();

// One call of a transform drawn from `choices`, with parameters for `kernel`.
TransformCall propose_transform(const LoopKernel& kernel,
                                const std::vector<TransformChoice>& choices,
                                std::mt19937_64& random);

}  // namespace loom::fuzz
