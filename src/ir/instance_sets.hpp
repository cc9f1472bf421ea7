// Instance sets of instructions: which iterations of its loops an instruction runs.
#pragma once

#include <isl/cpp.h>

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "loom/kernel.hpp"

namespace loom {

// The set of instances of `instruction`: the intersection of the domains that define its inames,
// with `dims` as set dimensions (in that order), the inames it is not within existentially
// quantified, and every other name (parameters, hardware inames not in `dims`) a parameter.
// Code generation leaves the assumptions out (`with_assumptions` false) and gives them to isl's AST
// build as context instead: divisibility constraints inside every statement domain make isl's AST
// generation markedly slower.
isl::set instruction_domain(const LoopKernel& kernel, const Instruction& instruction,
                            const std::vector<std::string>& dims, const std::string& tuple_name,
                            bool with_assumptions = true);

class IslMemoKey;
// What instruction_domain's result depends on, as a memo key (ir/isl_memo.hpp); other memoized
// computations over an instruction's domain start from it.
IslMemoKey instruction_domain_key(const LoopKernel& kernel, const std::set<std::string>& within_inames,
                                  const std::vector<std::string>& dims, const std::string& tuple_name,
                                  bool with_assumptions);

// instruction_domain over all of the instruction's inames, in the kernel's iname order.
isl::set instruction_domain(const LoopKernel& kernel, const Instruction& instruction);

// The constant range [lower, lower + extent) of an iname under the kernel's assumptions; nullopt
// when it depends on parameters or is unbounded.
struct ConstantRange {
  int64_t lower;
  int64_t extent;
};
std::optional<ConstantRange> constant_iname_range(const LoopKernel& kernel, const std::string& iname);

}  // namespace loom
