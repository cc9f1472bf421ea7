// Warnings loom prints beside generated code (`loom compile`, `run`, `explain`): things that are
// legal but rarely what the author meant. Each names what it is about and how to silence it.
#pragma once

#include <string>
#include <vector>

#include "loom/kernel.hpp"

namespace loom {

// Every warning of a kernel whose types are inferred (preprocess): float64_in_float32_kernel and
// unused_inames.
std::vector<std::string> compile_warnings(const LoopKernel& typed);

// Inames of the domains inside whose loop no instruction runs (loopy's "unused inames" warning).
// An instruction runs inside an iname's loop only where it uses the iname, names it in a `for`
// block or {inames=...}, or its domain is bounded by it: `{[t]: 0<=t<T}` beside `{[i]: ...}` with
// `b[i] = a[i]` is no time loop, and users who expect one get a kernel that runs the body once.
// Empty where the kernel silences "unused_inames" (options.silenced_warnings).
std::vector<std::string> unused_inames(const LoopKernel& typed);

}  // namespace loom
