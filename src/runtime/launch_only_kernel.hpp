// A launch-only kernel: what the runtime needs to check parameters, make and check arguments and
// launch generated code, without domains, instructions or isl (the spec level of the compile
// cache serves these, spec/spec_cache.hpp). Such a kernel has no isl context: its assumptions
// handle is empty, and `assumptions_text` holds them as an integer expression of the parameters
// (`n - 1 >= 0 and -n + 16*((n) // 16) == 0`) that check_parameters evaluates with loom's evaluator;
// its domains carry only their parameter names (empty sets), so that `parameters()` works.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "loom/array.hpp"
#include "loom/kernel.hpp"

namespace loom::detail {

// Whether `kernel` is launch-only (kernels made by make_kernel always hold an isl set of
// assumptions; launch-only ones never do).
inline bool is_launch_only(const LoopKernel& kernel) { return kernel.assumptions.empty_handle(); }

// The kernel's assumptions as an expression in loom's integer expression language, exactly the
// same set of parameter values (existentially quantified variables become floor divisions).
// Throws loom::Error when isl cannot make every division explicit or a coefficient does not fit
// 64 bits; the caller then does not cache the kernel.
std::string assumptions_expression(const LoopKernel& kernel);

// `kernel` reduced to what launching needs: name, args, temporaries, options, the parameter
// names and the assumptions as an expression (above).
LoopKernel launch_only_kernel(const LoopKernel& kernel);

// Whether the launch-only kernel's assumptions hold for `parameters` (every parameter given).
bool launch_only_assumptions_hold(const LoopKernel& kernel, const ParameterMap& parameters);
// The parameters its assumptions mention (what a refusal lists, as isl's check does).
std::set<std::string> launch_only_assumption_parameters(const LoopKernel& kernel);

}  // namespace loom::detail
