// Memory accesses of instructions and their isl access relations: the raw material of
// dependences, race checks and bounds checks.
#pragma once

#include <isl/cpp.h>

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "loom/kernel.hpp"

namespace loom {

struct Access {
  const Instruction* instruction;
  std::string variable;  // an array argument or a temporary
  bool is_write;
  const Expr* subscript;  // null for a scalar temporary
  std::set<std::string> reduction_inames;  // reductions around the access
  std::vector<ExprPtr> guards;             // if(c, ...) branches it sits in (c, or not c)
  // Keeps the expression `subscript` points into alive when it is the instruction's expression
  // with its substitution-rule invocations inlined (the rules' reads are accesses too).
  std::shared_ptr<const Instruction> expanded;
};

// Accesses to arrays and temporaries (not inames or values), writes first.
std::vector<Access> instruction_accesses(const LoopKernel& kernel, const Instruction& instruction);

// The instances of `instruction` as an isl set named by its id, over its inames in kernel order.
isl::set instance_set(const LoopKernel& kernel, const Instruction& instruction);

struct AccessRelation {
  isl::map map;  // { id[inames] -> variable[indices] }
  bool exact;    // false: an over-approximation (a non-affine index touches any element)
};

// The access relation under the instruction's domain, its predicates and the access's guards
// (affine ones; others are ignored, which over-approximates), reductions existentially quantified.
AccessRelation access_relation(const LoopKernel& kernel, const Access& access);

// Whether no two instances of `write`'s instruction write the same element, read off the syntax
// (no isl): its subscript is the instruction's inames, each once, as plain indices (out[j, i]
// within exactly i and j). Two different instances differ in some iname and so in that index;
// predicates and guards only remove instances. Such a write has no output dependence and races
// along no iname (issue 26: the small specs' checks asked isl both questions of every such write).
bool writes_each_element_once(const Access& write);

// The access relation of a read inside a reduction on its reduction term's instances (the
// instruction's inames and the reduction's, reduction_terms.hpp): one read per reduction step.
AccessRelation reduction_term_access_relation(const LoopKernel& kernel, const Access& access);

class IslMemoKey;
// What access_relation's result depends on, as a memo key (ir/isl_memo.hpp), for the checks that
// memoize their verdict on one access relation.
IslMemoKey access_relation_key(const LoopKernel& kernel, const Access& access);

// An affine condition (comparisons combined with and/or/not, or an integer of literals and
// inames, true where nonzero) as a subset of `domain`; nullopt when it is not affine.
std::optional<isl::set> condition_set(const Expr& condition, const isl::set& domain);

}  // namespace loom
