// loopy's realize_reduction as a transform (issue 23, class 11). Kept in its own header so that
// adding it did not touch transforms.hpp, which every file includes.
#pragma once

#include <optional>
#include <string>

#include "loom/kernel.hpp"

namespace loom {

// loopy's realize_reduction: every reduction of the instructions `insn_id_filter` selects (a
// match expression; default all) becomes an accumulator temporary with init and update
// instructions, as code generation would realize it (on l.N inames, a local-memory tree):
//   out[i] = sum(j, a[i, j])  →  acc_j = 0; acc_j = acc_j + a[i, j] (within j); out[i] = acc_j
// Types are inferred first. Refuses a filter that selects no instruction with a reduction.
LoopKernel realize_reduction(const LoopKernel& kernel, const std::optional<std::string>& insn_id_filter = std::nullopt,
                             bool unchecked = false);

}  // namespace loom
