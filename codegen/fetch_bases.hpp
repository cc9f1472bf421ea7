// One base pointer an iteration for a loop's global reads (strength reduction of their addresses).
#pragma once

#include <set>
#include <string>

#include "codegen/cast.hpp"

namespace loom::codegen {

// In every loop of `body` that runs at run time (no full `#pragma unroll`): reads of one read-only
// global array `a[V + I_1]`, `a[V + I_2]`, ... whose indices are sums where the summands V name
// the loop's iterator and the summands I_j do not (nor anything the loop body assigns or
// declares) become `a_<loop>[I_j]` through one pointer `a_<loop> = a + V` declared at the top of
// the loop body (a Declare with `offset_of`). Only where the I_j differ by more than constants
// (rows a parameter apart: the tuned SGEMM's a tile) — reads a constant apart already share one
// address and immediate offsets — and where every summand is a sum or product of non-negative
// literals and names in `non_negative` or of loops counting up from zero or more: then V <= V +
// I_j, and whenever a read is in bounds so is the pointer.
//
// Why: NVVM computes each guarded read's address inside its guard from the array's parameter
// (LDC.64 + IMAD + IMAD.WIDE a row, 27 SASS instructions a k tile in the tuned SGEMM); with one
// base an iteration that ptxas may not fold back (the CUDA printer passes it through
// loom_fetch_base, an empty asm), a row costs its offset and one IMAD.WIDE.
cast::StmtPtr add_fetch_bases(const cast::StmtPtr& body, const std::set<std::string>& read_only_arrays,
                              const std::set<std::string>& non_negative);

// Whether add_fetch_bases runs: on unless LOOM_FETCH_BASES=0 (a measurement switch, in the spec
// cache key like the other code switches).
bool fetch_bases_enabled();

}  // namespace loom::codegen
