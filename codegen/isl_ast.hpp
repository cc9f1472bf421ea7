// isl AST generation for one schedule and its lowering to loom's C AST (DESIGN.md §5).
#pragma once

#include <functional>

#include "codegen/cast.hpp"
#include "codegen/lower_expr.hpp"
#include "codegen/schedule_tree.hpp"

namespace loom::codegen {

// Lowers one statement instance given the values of its loop inames.
using StatementLowering = std::function<cast::StmtPtr(const Statement&, const InameValues&)>;

// Generates the isl AST of `schedule` under `context` (the kernel's assumptions: constraints that
// let isl drop guards) and lowers it: for loops named by their inames, isl's integer operations
// as loom helpers, each statement through `lower_statement`.
cast::StmtPtr generate_loop_nest(const KernelSchedule& schedule, const isl::set& context,
                                 DType index_dtype, const StatementLowering& lower_statement);

}  // namespace loom::codegen
