// Substitution-rule and reduction-structure transforms (loopy's transform/subst.py,
// split_reduction_* and make_reduction_inames_unique of transform/iname.py,
// reduction_arg_to_subst_rule of transform/data.py, simplify_indices of transform/instruction.py).
//
// `within` is loopy's stack match for the rule-aware ones: a match expression selects
// instructions (and everything inside the rules they invoke); `id:s1 > id:f` selects what lies
// inside rule f where instruction s1 invokes it. A rule that ends up rewritten differently at
// different invocations is split into variants f, f_0, ...; rules nothing invokes are dropped.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "loom/kernel.hpp"

namespace loom {

struct SubstitutionOptions {
  std::optional<std::string> within;  // default: every instruction
  bool unchecked = false;
};

// Finds every subexpression that unifies with `template_expression` (its `parameters` bind to
// any subexpression; `*` wildcards must stand for the same expression in every match) and
// replaces it by an invocation of a new rule `subst_name(parameters) := template`:
//   a[i] = 23*b[i]**2 + 25*b[i]**2   --extract_subst("bsquare", "alpha*b[i]**2", {"alpha"})-->
//   bsquare(alpha) := alpha*b[i]**2;  a[i] = bsquare(23) + bsquare(25)
// Looks in the instructions `within` selects (a plain match) and in every rule. Refuses: no
// match, an ambiguous match (x*y against 2*3), a parameter missing from the template, a taken
// name, and a parameter that would stand for an expression over an iname the template's own
// reduction binds.
LoopKernel extract_subst(const LoopKernel& kernel, const std::string& subst_name,
                         const std::string& template_expression,
                         const std::vector<std::string>& parameters = {},
                         const SubstitutionOptions& options = {});

// Expands (inlines) the rule invocations `within` selects; rules still invoked elsewhere stay.
// A `within` that selects no invocation is refused, as is a rule level naming an unknown rule.
LoopKernel expand_subst(const LoopKernel& kernel, const SubstitutionOptions& options = {});

struct AssignmentToSubstOptions {
  std::vector<std::string> extra_arguments;  // names passed through as further rule arguments
  std::optional<std::string> within;         // which reads to replace (a stack match)
  bool force_retain_argument = false;        // for an argument: keep it and its assignment
  bool unchecked = false;
};
// Turns the single assignment `t[i] = expr` of temporary `lhs_name` into the rule
// `t_subst(i) := expr` and replaces the reads `t[e]` by `t_subst(e)`: recomputation instead of
// storage. When every read was replaced, the assignment and the temporary go. Refuses: a variable
// written by several instructions or by none, an assignment that reads what it writes, is
// predicated or has an index that is not a plain iname, a read that no write reaches or that sees
// a value from another iteration of the assignment's loops, and (through the dependences) a read
// of the expression's inputs after they were overwritten. An argument is kept with its assignment
// only with force_retain_argument (its caller reads it); otherwise it is refused.
LoopKernel assignment_to_subst(const LoopKernel& kernel, const std::string& lhs_name,
                               const AssignmentToSubstOptions& options = {});

// Simplifies every affine index expression on what the domain and assumptions guarantee
// (isl's gist): after split_iname("i", 16), a[(16*i_outer + i_inner) // 16] becomes
// a[i_outer]. Indices that are not affine are left as they are.
LoopKernel simplify_indices(const LoopKernel& kernel, bool unchecked = false);

// Splits multi-iname reductions containing all of `inames`: sum((i, j, k), e) with inames {i}
// becomes sum((j, k), sum(i, e)) (inward: `inames` reduce inside) or sum(i, sum((j, k), e))
// (outward). Refuses unknown inames, argmax/argmin (two operands) and finding nothing to split.
LoopKernel split_reduction_inward(const LoopKernel& kernel, const std::vector<std::string>& inames,
                                  const SubstitutionOptions& options = {});
LoopKernel split_reduction_outward(const LoopKernel& kernel, const std::vector<std::string>& inames,
                                   const SubstitutionOptions& options = {});

// Gives every reduction over an iname that an earlier reduction already uses its own copy of the
// iname (k_0, k_1, ...; same domain and tag), so each can be transformed apart. `inames` limits it
// to those (empty: all). Reductions written simul_reduce share their inames on purpose and keep
// them. Reductions whose inames are already unique stay as they are.
LoopKernel make_reduction_inames_unique(const LoopKernel& kernel,
                                        const std::vector<std::string>& inames = {},
                                        const SubstitutionOptions& options = {});

struct ReductionArgOptions {
  std::optional<std::string> subst_rule_name;  // default red_<inames>_arg, uniquified
  std::optional<std::string> within;
  bool unchecked = false;
};
// Moves the argument of each reduction over exactly `inames` into a rule of those inames:
// sum(k, a[i, k]*b[k, j]) → red_k_arg(k) := a[i, k]*b[k, j]; sum(k, red_k_arg(k)). Refuses
// finding no such reduction and one subst_rule_name for two different arguments.
LoopKernel reduction_arg_to_subst_rule(const LoopKernel& kernel,
                                       const std::vector<std::string>& inames,
                                       const ReductionArgOptions& options = {});

}  // namespace loom
