#include "transforms/iname_copies.hpp"

#include <algorithm>
#include <cctype>

#include "ir/isl_extra.hpp"
#include "loom/error.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

ExprPtr renamed(const ExprPtr& expr, const std::map<std::string, std::string>& renames) {
  ExprPtr substituted = substitute(expr, [&](const std::string& name) -> ExprPtr {
    auto found = renames.find(name);
    return found == renames.end() ? nullptr : variable(found->second);
  });
  return map_expr(substituted, [&](const ExprPtr& node) -> ExprPtr {
    if (node->kind != ExprKind::Reduction) return node;
    bool touched = std::any_of(node->reduction_inames.begin(), node->reduction_inames.end(),
                               [&](const std::string& iname) { return renames.count(iname) != 0; });
    if (!touched) return node;
    Expr copy = *node;
    for (std::string& iname : copy.reduction_inames) {
      if (auto found = renames.find(iname); found != renames.end()) iname = found->second;
    }
    return std::make_shared<const Expr>(std::move(copy));
  });
}

// A rule body naming `iname` other than through a parameter of the same name.
bool rule_names_iname(const SubstitutionRule& rule, const std::string& iname) {
  if (!rule.expression) return false;
  if (std::find(rule.parameters.begin(), rule.parameters.end(), iname) != rule.parameters.end())
    return false;
  bool names = false;
  visit_expr(*rule.expression, [&](const Expr& e) {
    if (e.kind == ExprKind::Variable && e.name == iname) names = true;
    if (e.kind == ExprKind::Reduction &&
        std::find(e.reduction_inames.begin(), e.reduction_inames.end(), iname) !=
            e.reduction_inames.end()) {
      names = true;
    }
  });
  return names;
}

}  // namespace

std::set<std::string> inames_used_by(const Instruction& instruction) {
  std::set<std::string> inames = instruction.within_inames;
  if (instruction.expression) {
    visit_expr(*instruction.expression, [&](const Expr& e) {
      if (e.kind == ExprKind::Reduction)
        inames.insert(e.reduction_inames.begin(), e.reduction_inames.end());
    });
  }
  return inames;
}

bool uses_iname(const Instruction& instruction, const std::string& iname) {
  return inames_used_by(instruction).count(iname) != 0;
}

void rename_inames_in(Instruction& instruction, const std::map<std::string, std::string>& renames) {
  for (ExprPtr& assignee : instruction.assignees) assignee = renamed(assignee, renames);
  if (instruction.expression) instruction.expression = renamed(instruction.expression, renames);
  for (ExprPtr& predicate : instruction.predicates) predicate = renamed(predicate, renames);
  std::set<std::string> within;
  for (const std::string& iname : instruction.within_inames) {
    auto found = renames.find(iname);
    within.insert(found == renames.end() ? iname : found->second);
  }
  instruction.within_inames = std::move(within);
}

isl::set rename_params(const isl::set& set, const std::map<std::string, std::string>& renames) {
  isl_set* result = set.copy();
  for (const auto& [old_name, new_name] : renames) {
    int position = isl_set_find_dim_by_name(result, isl_dim_param, old_name.c_str());
    if (position >= 0) {
      result = isl_set_set_dim_name(result, isl_dim_param, static_cast<unsigned>(position),
                                    new_name.c_str());
    }
  }
  return isl_extra::checked(isl::manage(result), set.ctx().get());
}

void add_iname_copies(LoopKernel& kernel, const std::map<std::string, std::string>& copies) {
  for (Domain& domain : kernel.domains) {
    std::vector<std::string> inames;
    for (const std::string& iname : domain.inames) {
      inames.push_back(iname);
      if (auto found = copies.find(iname); found != copies.end()) inames.push_back(found->second);
    }
    if (inames.size() == domain.inames.size()) continue;
    isl::set original = param_form(domain);
    isl::set doubled = original.intersect(rename_params(original, copies));
    domain = domain_from_param_form(isl_context_of(domain.set), doubled, inames);
  }
}

void check_copyable(
    const LoopKernel& kernel, const std::map<std::string, std::string>& copies,
    const std::set<std::string>& copied_ids, const std::string& transform,
    const std::function<std::string(const std::string& bounded, const std::string& bound)>& hint) {
  for (const Instruction& instruction : kernel.instructions) {
    if (copied_ids.count(instruction.id) == 0) continue;
    for (const std::string& iname : inames_used_by(instruction)) {
      if (copies.count(iname) != 0) continue;
      const Domain* domain = kernel.domain_of_iname(iname);
      if (domain == nullptr) continue;
      for (const std::string& parameter : domain->parameters) {
        if (copies.count(parameter) == 0) continue;
        throw Error(transform + ": instruction '" + instruction.id + "' also uses iname '" + iname +
                    "', whose domain is bounded by '" + parameter +
                    "', so it cannot use a copy of '" + parameter + "'; " + hint(iname, parameter));
      }
    }
  }
  for (const auto& [name, rule] : kernel.substitutions) {
    for (const auto& [old_iname, new_iname] : copies) {
      if (!rule_names_iname(rule, old_iname)) continue;
      throw Error(transform + ": substitution rule '" + name + "' refers to iname '" + old_iname +
                  "' itself, so its uses cannot switch to '" + new_iname +
                  "'; pass the iname to the rule as an argument instead");
    }
  }
}

void require_identifier(const std::string& name, const std::string& transform) {
  bool valid = !name.empty() &&
               (std::isalpha(static_cast<unsigned char>(name[0])) != 0 || name[0] == '_') &&
               std::all_of(name.begin(), name.end(), [](char c) {
                 return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
               });
  if (!valid)
    throw Error(transform + ": '" + name +
                "' is not a valid iname (letters, digits and '_', not first a digit)");
}

bool name_taken(const LoopKernel& kernel, const std::string& name) {
  std::vector<std::string> parameters = kernel.parameters();
  return unused_name(kernel, name) != name || kernel.substitutions.count(name) != 0 ||
         std::find(parameters.begin(), parameters.end(), name) != parameters.end();
}

}  // namespace loom
