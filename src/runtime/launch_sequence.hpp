// The order in which a program's device kernels run: once each, and those inside host loops
// (GeneratedCode::host_loops) once per iteration of each loop around them.
#pragma once

#include <cstddef>
#include <functional>

#include "loom/codegen.hpp"
#include "loom/runtime.hpp"

namespace loom::detail {

// Calls `launch(kernel_index, values)` for every launch of `code`'s device kernels, in order.
// `values` are `parameters` plus every host loop's iname: its current value inside the loop, its
// first value elsewhere (a kernel outside a loop ignores it). Throws loom::Error where a loop's
// bounds cannot be evaluated.
void for_each_launch(const GeneratedCode& code, const ParameterMap& parameters,
                     const std::function<void(std::size_t, const ParameterMap&)>& launch);

// The values passed for the host loops' inames (host_loops' order) in `values`.
std::vector<int64_t> host_loop_values(const GeneratedCode& code, const ParameterMap& values);

}  // namespace loom::detail
