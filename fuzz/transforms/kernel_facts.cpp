#include "kernel_facts.hpp"

#include <algorithm>

#include "ir/instance_sets.hpp"
#include "ir/instruction_names.hpp"

namespace loom::fuzz {

namespace {

void add_unique(std::vector<std::string>& names, const std::string& name) {
  if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
}

std::string axis_name(const InameTag& tag) {
  if (tag.kind == InameTag::Kind::Group) return "g." + std::to_string(tag.axis);
  if (tag.kind == InameTag::Kind::Local) return "l." + std::to_string(tag.axis);
  return "";
}

}  // namespace

const InameFacts* KernelFacts::find(const std::string& iname) const {
  for (const InameFacts& facts : inames)
    if (facts.name == iname) return &facts;
  return nullptr;
}

std::vector<std::string> KernelFacts::inames_reading(const std::string& array) const {
  auto found = readers.find(array);
  if (found == readers.end()) return {};
  return inames_where([&](const InameFacts& iname) {
    return std::any_of(found->second.begin(), found->second.end(),
                       [&](const std::string& id) { return iname.instructions.count(id) != 0; });
  });
}

KernelFacts kernel_facts(const LoopKernel& kernel) {
  KernelFacts facts;
  std::map<std::string, std::size_t> position;
  for (const std::string& iname : kernel.all_inames()) {
    InameFacts entry;
    entry.name = iname;
    if (std::optional<ConstantRange> range = constant_iname_range(kernel, iname))
      entry.extent = range->extent;
    entry.tag = kernel.tag_of(iname);
    std::string axis = axis_name(entry.tag);
    if (!axis.empty()) facts.used_axes.insert(axis);
    position[iname] = facts.inames.size();
    facts.inames.push_back(entry);
  }
  for (const Domain& domain : kernel.domains) {
    for (const std::string& iname : domain.inames) {
      auto found = position.find(iname);
      if (found != position.end() && domain.text.find("mod") != std::string::npos)
        facts.inames[found->second].strided = true;
    }
    for (const std::string& parameter : domain.parameters) {
      auto found = position.find(parameter);
      if (found != position.end()) facts.inames[found->second].bounds_another = true;
    }
  }
  for (const Instruction& instruction : kernel.instructions) {
    facts.instruction_ids.push_back(instruction.id);
    for (const std::string& iname : instruction.within_inames) {
      auto found = position.find(iname);
      if (found != position.end()) facts.inames[found->second].instructions.insert(instruction.id);
    }
    if (instruction.expression) {
      visit_expr(*instruction.expression, [&](const Expr& e) {
        if (e.kind != ExprKind::Reduction) return;
        if (e.reduction_inames.size() >= 2) add_unique(facts.multi_iname_reductions, e.reduction_inames.back());
        for (const std::string& iname : e.reduction_inames) {
          auto found = position.find(iname);
          if (found == position.end()) continue;
          facts.inames[found->second].reduction = true;
          facts.inames[found->second].instructions.insert(instruction.id);
        }
      });
    }
    for (const std::string& name : variables_read(instruction)) {
      const KernelArgument* arg = kernel.find_arg(name);
      if (arg == nullptr || !arg->is_array()) continue;
      add_unique(facts.arrays_read, name);
      facts.readers[name].insert(instruction.id);
    }
    for (const ExprPtr& assignee : instruction.assignees) {
      const KernelArgument* arg = kernel.find_arg(assignee->name);
      if (arg != nullptr && arg->is_array()) add_unique(facts.outputs, assignee->name);
    }
  }
  for (const Temporary& temporary : kernel.temporaries) {
    facts.temporaries.push_back(temporary.name);
    if (temporary.address_space == AddressSpace::Private) facts.private_temporaries.push_back(temporary.name);
  }
  for (const auto& [name, rule] : kernel.substitutions) facts.rules.push_back(name);
  return facts;
}

}  // namespace loom::fuzz
