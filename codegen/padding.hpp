// Code generation's half of round_up (transforms/tail_support.hpp): where the padding runs.
#pragma once

#include "loom/kernel.hpp"

namespace loom::codegen {

// On a preprocessed kernel (reductions realized, address spaces resolved): every padding marker
// becomes its condition on instructions that write global memory (stores stay guarded) and is
// dropped elsewhere, those instructions' global reads then giving the marker's fill on the
// padding (`if(condition, a[...], fill)`). Markers on inames an instruction does not run in (a
// padded reduction's init and store) are dropped: split_iname checked that the padded terms are
// neutral.
LoopKernel resolve_padding(const LoopKernel& kernel);

}  // namespace loom::codegen
