// Random transform calls for the differential fuzzer. A call is proposed the way a user writing a
// schedule would: its parameters come from what the kernel has at that point (kernel_facts.hpp):
// an iname that exists and is free to take the tag, a split factor below a constant extent, a
// hardware axis no other iname uses, an array the instructions read, a rule that is there. The
// transforms a schedule uses most have such a proposer; every other registered transform that
// does not change the kernel's meaning on purpose is still drawn (with a small weight), its
// parameters made from the registry's schema by type and name, so a newly registered transform
// is fuzzed without changes here. Transforms that change the meaning on purpose are left out: they
// define a new reference and so cannot be checked against the old one.
//
// A proposal is final: the fuzzer never retries a refused call with other parameters, so the share
// of accepted sequences it reports is the share of plausible schedules loom accepts.
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
