// Whether a write's subscript determines an iname, read off the syntax (issue 26): the write-race
// check's cheaper sufficient condition before isl. A fetch's copy into its tile indexes by digits
// of a mixed-radix number (`a_fetch[8*(2*a_row_outer + a_row_inner) + a_lane % 8, 8*(a_lane // 8)
// + a_col_inner]` after splits and a join): each iname, or its quotient and remainder by one
// divisor, is one digit of an index, so two instances writing one element agree on it.
#pragma once

#include <string>

#include "analysis/accesses.hpp"
#include "loom/kernel.hpp"

namespace loom {

// Whether any two instances of `write` that write one element have the same value of `iname`,
// shown from the subscript alone: some index is an affine sum of inames, of `iname % n` and of
// `iname // n` (n a positive literal) plus terms that are the same for every instance (literals,
// value arguments), in which `iname` (or both `iname % n` and `iname // n`, or `iname % n` where
// all values of `iname` have one quotient by n) is a digit: the terms
// of smaller coefficient span less than its coefficient c, the others are multiples of c times its
// number of values. The ranges are the inames' constant ranges (constant_iname_range). false
// when it cannot tell (isl decides then).
bool subscript_determines(const LoopKernel& kernel, const Access& write, const std::string& iname);

}  // namespace loom
