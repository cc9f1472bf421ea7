#include "transforms/instruction_support.hpp"

#include <algorithm>
#include <cctype>

#include "analysis/checks.hpp"
#include "analysis/dependences.hpp"
#include "ir/match.hpp"
#include "loom/error.hpp"
#include "transforms/registry.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

std::vector<std::string> instruction_ids(const LoopKernel& kernel) {
  std::vector<std::string> ids;
  for (const Instruction& instruction : kernel.instructions) ids.push_back(instruction.id);
  return ids;
}

// Free names of `expr`: a reduction's own inames are bound inside it. Invoked substitution rules
// contribute their bodies' free names (minus their parameters); `expanding` stops recursion.
void collect_reads(const LoopKernel& kernel, const Expr& expr, std::set<std::string>& names,
                   std::set<std::string>& expanding) {
  if (expr.kind == ExprKind::Reduction) {
    std::set<std::string> body;
    for (const ExprPtr& operand : expr.operands) collect_reads(kernel, *operand, body, expanding);
    for (const std::string& iname : expr.reduction_inames) body.erase(iname);
    names.insert(body.begin(), body.end());
    return;
  }
  if (expr.kind == ExprKind::Variable || expr.kind == ExprKind::Subscript) names.insert(expr.name);
  if (expr.kind == ExprKind::Call || expr.kind == ExprKind::Variable) {
    auto rule = kernel.substitutions.find(expr.name);
    if (rule != kernel.substitutions.end() && rule->second.expression &&
        expanding.insert(expr.name).second) {
      std::set<std::string> body;
      collect_reads(kernel, *rule->second.expression, body, expanding);
      for (const std::string& parameter : rule->second.parameters) body.erase(parameter);
      names.insert(body.begin(), body.end());
      expanding.erase(expr.name);
    }
  }
  for (const ExprPtr& operand : expr.operands) collect_reads(kernel, *operand, names, expanding);
}

}  // namespace

std::vector<std::string> matching_instructions(const LoopKernel& kernel, const std::string& match) {
  if (kernel.find_instruction(match) != nullptr) return {match};
  InstructionMatch parsed = InstructionMatch::parse(match);
  std::vector<std::string> ids;
  for (const Instruction& instruction : kernel.instructions) {
    if (parsed.matches(kernel, instruction)) ids.push_back(instruction.id);
  }
  return ids;
}

std::vector<std::string> require_instructions(const LoopKernel& kernel, const std::string& match,
                                              const std::string& transform,
                                              const std::string& parameter) {
  std::vector<std::string> ids = matching_instructions(kernel, match);
  if (!ids.empty()) return ids;
  std::vector<std::string> known = instruction_ids(kernel);
  std::string bare = match.rfind("id:", 0) == 0 ? match.substr(3) : match;
  throw Error(transform + ": " + parameter + " '" + match + "' matches no instruction" +
              did_you_mean(bare, known) + " (the kernel's instructions: " + joined(known) + ")");
}

Instruction& instruction_named(LoopKernel& kernel, const std::string& id) {
  auto found = std::find_if(kernel.instructions.begin(), kernel.instructions.end(),
                            [&](const Instruction& instruction) { return instruction.id == id; });
  LOOM_ASSERT(found != kernel.instructions.end(), "no instruction '" + id + "'");
  return *found;
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& name : names) out += (out.empty() ? "" : ", ") + name;
  return out;
}

std::string joined(const std::set<std::string>& names) {
  return joined(std::vector<std::string>(names.begin(), names.end()));
}

void require_name(const std::string& name, const std::string& transform, const std::string& what) {
  bool valid = !name.empty() &&
               (std::isalpha(static_cast<unsigned char>(name[0])) != 0 || name[0] == '_') &&
               std::all_of(name.begin(), name.end(), [](char c) {
                 return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
               });
  if (!valid) {
    throw Error(transform + ": " + what + " '" + name +
                "' is not an identifier (letters, digits and '_', not first "
                "a digit)");
  }
}

void require_acyclic(const LoopKernel& kernel, const std::string& transform,
                     const std::string& why) {
  try {
    check_dependency_cycles(kernel);
  } catch (const Error& error) {
    throw Error(transform + ": " + why + ": " + error.what());
  }
}

std::set<std::string> names_read(const LoopKernel& kernel, const Instruction& instruction) {
  std::set<std::string> names;
  std::set<std::string> expanding;
  if (instruction.expression) collect_reads(kernel, *instruction.expression, names, expanding);
  for (const ExprPtr& predicate : instruction.predicates)
    collect_reads(kernel, *predicate, names, expanding);
  for (const ExprPtr& assignee : instruction.assignees) {
    for (const ExprPtr& index : assignee->operands) collect_reads(kernel, *index, names, expanding);
  }
  return names;
}

std::set<std::string> names_written(const Instruction& instruction) {
  std::set<std::string> names;
  for (const ExprPtr& assignee : instruction.assignees) names.insert(assignee->name);
  return names;
}

LoopKernel finish_meaning_change(const LoopKernel& before, LoopKernel after,
                                 const TransformCall& call, bool unchecked) {
  // finish_transform takes the dependences from `before`; handing it the new kernel's own
  // dependences (no instance rewrite) makes `after` the reference from here on.
  LoopKernel rebased = before;
  rebased.dependences = with_isl_errors(call.name + ": computing the dependences of the new kernel",
                                        [&] { return compute_dependences(after); });
  return finish_transform(rebased, std::move(after), call, std::nullopt, unchecked,
                          CheckScope::All);
}

}  // namespace loom
