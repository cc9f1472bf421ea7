// Conditions that every instance of an instruction satisfies, dropped before code generation.
#pragma once

#include "loom/kernel.hpp"

namespace loom::codegen {

// On a preprocessed kernel whose padding is resolved (codegen/padding.hpp): each conjunct of an
// affine condition (an `if(c, a, b)` in an instruction's expression, or one of its predicates)
// that holds on the instruction's whole domain under the assumptions is dropped; an `if` whose
// condition is then empty becomes its first branch, and one whose condition holds nowhere its
// second. Only conditions over inames and parameters are touched (a condition on data, even a
// trivially true one such as `x >= x`, stays: NaN makes it false).
//
// Why: round_up tiles and filled fetches carry their bounds into the code as selects and store
// guards, which isl never sees. Where the sizes are known (a kernel specialized to n = 4096) or the
// tile lies inside the bound (`p >= k_local + 1` with k_local < 16 and p >= 16 assumed), the
// group's whole range is inside and the selects are dead weight: the tuned SGEMM at 4096 kept 16
// predicated loads per k tile and 64 guarded stores that the guard split of the same schedule
// folds away.
LoopKernel drop_implied_conditions(const LoopKernel& kernel);

// Whether `condition` names only inames and integer value arguments (no data, no calls), so that
// isl's integer reading of it is exact (also used by codegen/uniform_selects.cpp).
bool over_inames_and_parameters(const LoopKernel& kernel, const Expr& condition);

}  // namespace loom::codegen
