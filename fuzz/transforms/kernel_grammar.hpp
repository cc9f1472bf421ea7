// Random kernels for the differential transform fuzzer (issue 24): a small grammar of loopy
// kernels as JSON specs. 1-3 domains (rectangular, triangular, strided with `mod`), 1-4
// instructions among elementwise maps, reductions, private temporaries, substitution rules and
// instructions that read an earlier one's output through an explicit dependency.
#pragma once

#include <nlohmann/json.hpp>
#include <random>

namespace loom::fuzz {

// A spec (without transforms) whose test.parameters hold small random sizes.
nlohmann::json random_kernel_spec(std::mt19937_64& random);

}  // namespace loom::fuzz
