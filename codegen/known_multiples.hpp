// Whether a lowered integer expression is a multiple of a constant, read off its form: what a
// 16-byte copy's alignment test needs to know about the flat offset it adds to its array's base
// (lower_vector.cpp, wide_copy_address). A multiple of the lanes at every instance needs no test
// per copy; one that is a multiple only where some kernel parameters are (a row of a global
// array, `row * n + 8 * lane`: where n is a multiple of 8) needs a test of those parameters,
// the same at every instance, instead of a test of each copy's address.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>

#include "codegen/cast.hpp"

namespace loom::codegen {

// Parameters (by name) and the factor each must be a multiple of.
using ParameterMultiples = std::map<std::string, int64_t>;

// The parameters of which `expr` is a multiple of `factor` wherever each named parameter is a
// multiple of its factor (empty: always), or nullopt where its form does not show that. `factor`
// is a power of two (others give nullopt): then wrapping arithmetic and narrowing casts keep the
// low zero bits. Integer constants, + - ^ (a multiple of 2^k has k low zero bits, so has an XOR
// of two), * (either side; a constant side c leaves factor / gcd(c, factor) to the other), % and
// loom_mod by a constant multiple of `factor`, integer casts and selects of two multiples are
// read; a variable is a multiple only where `is_parameter` says it names a kernel parameter, and
// then under the condition that it is one. Division, loads and anything else: nullopt.
std::optional<ParameterMultiples> multiple_of(
    const cast::ExprPtr& expr, int64_t factor,
    const std::function<bool(const std::string&)>& is_parameter);

}  // namespace loom::codegen
