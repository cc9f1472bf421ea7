// One base pointer an iteration for a loop's global reads (strength reduction of their addresses).
#pragma once

#include <set>
#include <string>

#include "codegen/cast.hpp"

namespace loom::codegen {

// In every loop of `body` that runs at run time (no full `#pragma unroll`): reads of one read-only
// global array `a[V + I_1]`, `a[V + I_2]`, ... whose indices are sums where the summands V name
// the loop's iterator and the summands I_j do not (nor anything the loop body assigns or
// declares) become `a_<loop>[I_j - C]` through one pointer `a_<loop> = a + V + C` declared at the
// top of the loop body (a Declare with `alias_of` and `init`; C: the summands every I_j has).
// Only where the I_j differ by more than literals (rows a parameter apart: the tuned SGEMM's a
// tile; reads a literal apart already share one address and immediate offsets), and where every
// summand is a sum or product of non-negative literals, hardware indices, names in
// `non_negative` and loops counting up from zero or more: then V + C <= V + I_j, and whenever a
// read is in bounds so is the pointer.
//
// Why: NVVM computes each guarded read's address inside its guard from the array's parameter
// (LDC.64 + IMAD + IMAD.WIDE a row, 27 SASS instructions a k tile in the tuned SGEMM); with one
// base an iteration that NVVM may not fold back (the CUDA printer passes it through
// loom_fetch_base, an empty asm), a row costs its offset and one IMAD.WIDE. The k loop gets
// shorter; on the H100 the kernels got slower (fetch_bases_enabled).
cast::StmtPtr add_fetch_bases(const cast::StmtPtr& body, const std::set<std::string>& read_only_arrays,
                              const std::set<std::string>& non_negative);

// Whether add_fetch_bases runs: only with LOOM_FETCH_BASES=1 (in the spec cache key like the other
// code switches). Off by default because it made the SGEMMs slower on the H100 although their k
// loops got shorter: sgemm_tuned 1198 -> 1192 SASS a k tile but -2..-3.4% at (4096, 1000, 4096),
// (4096, 4000, 4096), 4096^3 and 5000^3, split-k -1% (results/2026-11-27-tails-14.md; the reads
// through the base are LDG.E instead of LDG.E.CONSTANT, and the schedule changes).
bool fetch_bases_enabled();

}  // namespace loom::codegen
