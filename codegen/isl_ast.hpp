// isl AST generation for one schedule and its lowering to loom's C AST (DESIGN.md §5).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "codegen/cast.hpp"
#include "codegen/lower_expr.hpp"
#include "codegen/schedule_tree.hpp"

namespace loom::codegen {

// Lowers one statement instance given the values of its loop inames.
using StatementLowering = std::function<cast::StmtPtr(const Statement&, const InameValues&)>;

// Lowers the one statement of a vec loop as whole-vector operations, given the inames' values in
// each lane (copy) of the loop and whether some lane has a guard; `statement` null where its
// accesses do not allow that. With a `condition` (or guarded lanes) the vector code runs only
// where the condition and every lane's guard hold, the unrolled lanes elsewhere.
struct VectorCode {
  cast::StmtPtr statement;
  cast::ExprPtr condition;
  // Conditions around both the vector code and the lanes, outermost first (lower_wide_copy's
  // predicates that name no lane).
  std::vector<cast::ExprPtr> guards;
};
using VectorLowering =
    std::function<VectorCode(const Statement&, const std::vector<InameValues>& lanes, bool guarded)>;

// How the loop over an iname is emitted: a loop, fully unrolled over its constant range
// [lower, lower + extent) (unr, ilp, vec), or a loop with an unroll pragma (unr_hint[.N]).
struct LoopStyle {
  enum class Kind { Loop, Unrolled, UnrollHint };
  Kind kind = Kind::Loop;
  int64_t lower = 0;
  int64_t extent = 0;
  int factor = 0;  // UnrollHint: 0 for a plain `#pragma unroll`
  // Unrolled vec loops on vector targets: tried first when the loop holds one statement that
  // every lane runs; the loop is unrolled where it gives null, and kept unrolled beside the
  // vector code where that has a condition or a lane has a guard.
  VectorLowering vectorize;
};
using LoopStyles = std::function<LoopStyle(const std::string& iname)>;

// The hardware indices the AST sees as parameters (GPU targets): work-group indices, the same
// for every work-item of a group, and work-item indices.
struct HardwareParameters {
  std::vector<std::string> group;
  std::vector<std::string> local;
  bool split_full_groups = true;  // see generate_loop_nest
  bool empty() const { return group.empty() && local.empty(); }
};

// Generates the isl AST of `schedule` under `context` (the kernel's assumptions: constraints that
// let isl drop guards) and lowers it: for loops named by their inames, isl's integer operations
// as loom helpers, each statement through `lower_statement`. With hardware parameters:
// - full work-groups run unguarded: where some work-groups (typically the last along an axis)
//   cover only part of the box the others cover, the nest is generated twice, as
//   `if (the whole group is in range) {no guards} else {guards}` (docs/decisions.md, "Full
//   work-groups");
// - a condition on the hardware indices that every statement shares is taken out first and
//   printed as one `if` around the nest: isl spends most of its time hoisting such a condition;
// - the partial-group nest reuses the full-group nest where, under that condition, isl would be
//   asked for the same AST again.
cast::StmtPtr generate_loop_nest(const KernelSchedule& schedule, const isl::set& context,
                                 DType index_dtype, const StatementLowering& lower_statement,
                                 const LoopStyles& loop_styles, const HardwareParameters& hardware = {});

// `condition`, a set of parameter values, as a C expression that holds where it does (under
// `context`): for code that isl's AST does not generate (tensor-core tiles' edge guards).
cast::ExprPtr parameter_condition(const isl::set& condition, const isl::set& context, DType index_dtype);

// Partial-group nests that reused the full-group nest (generate_loop_nest) since the process
// started, for tests that assert which path a kernel took. Only ever incremented.
int nests_reused();

}  // namespace loom::codegen
