// Preprocessing (loopy's preprocess_kernel, research/loopy-notes.md §4.2): what code generation
// needs done first, in order: substitution rules expanded, types inferred.
#pragma once

#include "loom/kernel.hpp"

namespace loom {

// Inlines every substitution-rule invocation (rules may use other rules; recursion is refused).
LoopKernel expand_substitutions(const LoopKernel& kernel);
// The same for one expression (its rule invocations inlined, recursively).
ExprPtr expand_substitutions(const ExprPtr& expr, const LoopKernel& kernel);

// `hardware_axes`: for GPU targets, where g/l inames are hardware threads rather than loops.
LoopKernel preprocess(const LoopKernel& kernel, bool hardware_axes = false);

}  // namespace loom
