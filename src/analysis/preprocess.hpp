// Preprocessing (loopy's preprocess_kernel, research/loopy-notes.md §4.2): what code generation
// needs done first, in order: substitution rules expanded, types inferred.
#pragma once

#include "loom/codegen.hpp"
#include "loom/kernel.hpp"

namespace loom {

// Inlines every substitution-rule invocation (rules may use other rules; recursion is refused).
LoopKernel expand_substitutions(const LoopKernel& kernel);
// The same for one expression (its rule invocations inlined, recursively).
ExprPtr expand_substitutions(const ExprPtr& expr, const LoopKernel& kernel);

// `hardware_axes`: for GPU targets, where g/l inames are hardware threads rather than loops.
// `warp_shuffles`: for CUDA, local reductions end in warp shuffles (warp_shuffles_enabled).
LoopKernel preprocess(const LoopKernel& kernel, bool hardware_axes = false, bool warp_shuffles = false);

// Whether code for `target` reduces the last 32 positions of local reductions with warp shuffles:
// CUDA, unless the environment sets LOOM_WARP_SHUFFLES=0 (the shared-memory tree, for comparisons).
bool warp_shuffles_enabled(Target target);

}  // namespace loom
