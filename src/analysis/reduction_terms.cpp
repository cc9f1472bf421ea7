// Reads inside reductions as statements of their own (see reduction_terms.hpp).
#include "analysis/reduction_terms.hpp"

#include <isl/map.h>
#include <isl/set.h>

#include <algorithm>
#include <cctype>
#include <functional>

#include "analysis/accesses.hpp"
#include "analysis/realize_reduction.hpp"
#include "codegen/loop_nesting.hpp"
#include "ir/instance_sets.hpp"
#include "ir/isl_extra.hpp"

namespace loom {

namespace {

constexpr std::string_view kTermMarker = "__reduction";

std::vector<std::string> in_kernel_order(const LoopKernel& kernel, const std::set<std::string>& inames) {
  std::vector<std::string> ordered;
  for (const std::string& iname : kernel.all_inames()) {
    if (inames.count(iname) != 0) ordered.push_back(iname);
  }
  return ordered;
}

std::vector<ReductionTerm> terms_where(const LoopKernel& kernel, const std::function<bool(const Access&)>& wanted) {
  std::vector<ReductionTerm> terms;
  std::set<std::string> names;
  for (const Instruction& instruction : kernel.instructions) {
    for (const Access& access : instruction_accesses(kernel, instruction)) {
      if (access.is_write || access.reduction_inames.empty() || !wanted(access)) continue;
      ReductionTerm term{instruction.id, in_kernel_order(kernel, access.reduction_inames)};
      if (names.insert(term.tuple_name()).second) terms.push_back(std::move(term));
    }
  }
  return terms;
}

Instruction widened(const Instruction& instruction, const ReductionTerm& term) {
  Instruction scope = instruction;
  scope.within_inames.insert(term.reduction_inames.begin(), term.reduction_inames.end());
  return scope;
}

}  // namespace

std::string reduction_term_tuple_name(const std::string& instruction, const std::vector<std::string>& reduction_inames) {
  std::string name = instruction + std::string(kTermMarker) + std::to_string(reduction_inames.size());
  for (const std::string& iname : reduction_inames) name += "_" + iname;
  return name;
}

std::string ReductionTerm::tuple_name() const { return reduction_term_tuple_name(instruction, reduction_inames); }

std::optional<ParsedTermName> parse_reduction_term_name(const std::string& tuple_name) {
  std::size_t marker = tuple_name.rfind(kTermMarker);
  while (marker != std::string::npos && marker > 0) {
    std::size_t digits = marker + kTermMarker.size();
    std::size_t end = digits;
    while (end < tuple_name.size() && std::isdigit(static_cast<unsigned char>(tuple_name[end]))) ++end;
    if (end > digits && end < tuple_name.size() && tuple_name[end] == '_') {
      return ParsedTermName{tuple_name.substr(0, marker), std::stoi(tuple_name.substr(digits, end - digits))};
    }
    marker = tuple_name.rfind(kTermMarker, marker - 1);
  }
  return std::nullopt;
}

std::string instruction_of_tuple(const std::string& tuple_name) {
  std::optional<ParsedTermName> term = parse_reduction_term_name(tuple_name);
  return term ? term->instruction : tuple_name;
}

std::vector<ReductionTerm> reduction_terms(const LoopKernel& kernel, const std::set<std::string>& variables) {
  return terms_where(kernel, [&](const Access& access) { return variables.count(access.variable) != 0; });
}

std::vector<ReductionTerm> all_reduction_terms(const LoopKernel& kernel) {
  return terms_where(kernel, [](const Access&) { return true; });
}

std::vector<std::string> reduction_term_dims(const LoopKernel& kernel, const ReductionTerm& term) {
  const Instruction* instruction = kernel.find_instruction(term.instruction);
  std::vector<std::string> dims = in_kernel_order(kernel, instruction->within_inames);
  dims.insert(dims.end(), term.reduction_inames.begin(), term.reduction_inames.end());
  return dims;
}

isl::set reduction_term_instances(const LoopKernel& kernel, const ReductionTerm& term) {
  const Instruction* instruction = kernel.find_instruction(term.instruction);
  return instruction_domain(kernel, widened(*instruction, term), reduction_term_dims(kernel, term), term.tuple_name());
}

LoopKernel kernel_with_reduction_terms(const LoopKernel& kernel, const std::vector<ReductionTerm>& terms,
                                       bool hardware_axes) {
  LoopKernel result = yield_priorities_to_reductions(kernel, hardware_axes);
  std::vector<std::vector<std::string>> nesting = codegen::reduction_nesting_priorities(result);
  result.loop_priorities.insert(result.loop_priorities.end(), nesting.begin(), nesting.end());
  for (const ReductionTerm& term : terms) {
    auto instruction = std::find_if(result.instructions.begin(), result.instructions.end(),
                                    [&](const Instruction& candidate) { return candidate.id == term.instruction; });
    Instruction step;
    step.id = term.tuple_name();
    step.within_inames = widened(*instruction, term).within_inames;
    step.depends_on = kernel.find_instruction(term.instruction)->depends_on;  // not an earlier term's
    step.predicates = instruction->predicates;
    instruction->depends_on.insert(step.id);
    result.instructions.push_back(std::move(step));  // after `instruction` is used: may reallocate
  }
  return result;
}

isl::map lower_reduction_term(const isl::map& relation, isl_dim_type side) {
  const char* name = isl_map_get_tuple_name(relation.get(), side);
  std::optional<ParsedTermName> term = name ? parse_reduction_term_name(name) : std::nullopt;
  if (!term) return relation;
  unsigned dims = isl_map_dim(relation.get(), side);
  isl_map* lowered = isl_map_project_out(relation.copy(), side, dims - static_cast<unsigned>(term->reduction_dims),
                                         static_cast<unsigned>(term->reduction_dims));
  lowered = isl_map_set_tuple_name(lowered, side, term->instruction.c_str());
  return isl::manage(lowered);
}

}  // namespace loom
