// Array layouts: per-axis strides from loopy's dim_tags (or the C/F order).
#pragma once

#include <vector>

#include "loom/kernel.hpp"

namespace loom {

// The stride (in elements) of every axis of `arg`, as expressions of the parameters.
//   c,c,c (or order C) → (s1*s2, s2, 1); f,f,f (or order F) → (1, s0, s0*s1)
//   N1,N0,N2 → axis 1 fastest, then axis 0, then axis 2; stride:EXPR → that stride.
// Throws loom::Error naming the argument for malformed or mixed tags (c with f, N with stride,
// repeated or missing levels).
std::vector<ExprPtr> array_strides(const KernelArgument& arg);

// Checks the tags without computing anything (for the spec reader and make_kernel).
void validate_dim_tags(const KernelArgument& arg);

}  // namespace loom
