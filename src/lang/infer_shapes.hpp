// Shapes from access footprints (loopy's shape=auto and `<> t[i]` temporaries).
#pragma once

#include "loom/kernel.hpp"

namespace loom::lang {

// Fills the shape of every `shape: auto` argument (parametric, gisted against the assumptions)
// and of every array temporary declared without one (constant). The extent of an axis is one
// more than the largest index used on it; a negative smallest index is refused. Throws
// loom::Error naming the variable when a footprint is unbounded, not affine, or (for temporaries)
// not constant, with a suggestion.
void infer_shapes(LoopKernel& kernel);

}  // namespace loom::lang
