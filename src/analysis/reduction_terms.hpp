// Reads inside reductions as the dependence model sees them: once per reduction step.
//
// `out[i] = max(k, t)` reads t at every k, in the loop over k that realize_reductions gives the
// update (nested with the loops of the instructions around it as the priorities allow). The
// dependences give such a read its own statement, a "reduction term": the instruction's inames
// followed by the reduction's, named `<id>__reduction<count>_<inames>` (a valid isl name), with
// its timestamp where the realized update runs. Without it a read inside a reduction was one read
// per instance of the instruction, after the whole loop over k: loops interchanged around a
// value written and read in the same (i, k) were refused, and a reduction moved away from the
// loop that writes what it reads changed no pair the check saw.
#pragma once

#include <isl/cpp.h>

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "loom/kernel.hpp"

namespace loom {

struct ReductionTerm {
  std::string instruction;                    // id of the instruction holding the reduction
  std::vector<std::string> reduction_inames;  // the reductions around the read, kernel order
  std::string tuple_name() const;
};

// The term's tuple name: `<id>__reduction<count>_<inames joined by _>`.
std::string reduction_term_tuple_name(const std::string& instruction, const std::vector<std::string>& reduction_inames);

// The instruction id and the number of reduction dimensions (the last ones) of a term's tuple
// name; nullopt for an instruction's own tuple.
struct ParsedTermName {
  std::string instruction;
  int reduction_dims;
};
std::optional<ParsedTermName> parse_reduction_term_name(const std::string& tuple_name);

// The instruction id a tuple (an instruction's or a term's) belongs to.
std::string instruction_of_tuple(const std::string& tuple_name);

// The terms of `kernel`'s reads inside reductions of the variables in `variables` (those some
// instruction writes: the others have no dependence), one per instruction and set of reduction
// inames around a read, in instruction order and first appearance.
std::vector<ReductionTerm> reduction_terms(const LoopKernel& kernel, const std::set<std::string>& variables);

// Every such term of `kernel`, whatever the variable read (instance rewrites: a term the
// dependences have must be traced).
std::vector<ReductionTerm> all_reduction_terms(const LoopKernel& kernel);

// The term's dimensions: the instruction's inames (kernel order), then the reduction inames.
std::vector<std::string> reduction_term_dims(const LoopKernel& kernel, const ReductionTerm& term);

// The instances of a term: the instruction's instances times the reduction's loops (the
// instruction widened by its reduction inames), in reduction_term_dims order.
isl::set reduction_term_instances(const LoopKernel& kernel, const ReductionTerm& term);

// `kernel` with one instruction per term (within the instruction's and the reduction's inames,
// after the instruction's dependencies, and the instruction after it) and the priorities code
// generation gives its reductions' loops (yielded priorities, reductions nested inside their
// instruction's loops): linearizing it places each term where the realized update runs.
// `hardware_axes`: g/l inames run as hardware threads (realize_reductions' parameter).
LoopKernel kernel_with_reduction_terms(const LoopKernel& kernel, const std::vector<ReductionTerm>& terms,
                                       bool hardware_axes);

// `relation` with its `side` (isl_dim_in or isl_dim_out) moved from a term's tuple to its
// instruction's (the reduction dimensions projected out): the model without reduction steps, a
// safe over-approximation for a transform that cannot trace the term. Unchanged for an
// instruction's tuple.
isl::map lower_reduction_term(const isl::map& relation, isl_dim_type side);

}  // namespace loom
