// privatize_temporaries_with_inames (loopy's transform/privatize.py): a temporary written inside
// the loops of `privatizing_inames` gets one copy per iteration of those loops, an axis appended
// per iname (its constant length), indexed `iname - lower bound` in every access. loopy does the
// same implicitly for ilp and vec inames (src/analysis/privatize_ilp.cpp, which this shares).
//
//   for i: <> t = 2*a[i];  out[i] = t + 1
//   privatize_temporaries_with_inames({"i"})  →  t[i] = 2*a[i];  out[i] = t[i] + 1   (t: [n])
//
// The inames a writer's assignee already indexes by are not added again (loopy's rule). Refuses:
// an unknown iname or temporary, a global temporary, two writers of one temporary that run in
// different privatizing inames (which copies would the other fill?), an access outside a
// privatizing iname, and a non-constant range.
#include <algorithm>
#include <map>

#include "analysis/privatize_ilp.hpp"
#include "loom/buffer_transforms.hpp"
#include "loom/error.hpp"
#include "transforms/instruction_support.hpp"
#include "transforms/registry.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

constexpr const char* kTransform = "privatize_temporaries_with_inames";

// The privatizing inames a writer runs in that its assignee does not index by yet.
std::vector<std::string> new_axes_of(const Instruction& writer, const std::string& name,
                                     const std::vector<std::string>& privatizing) {
  std::vector<std::string> inames;
  for (const std::string& iname : privatizing) {
    if (writer.within_inames.count(iname) == 0) continue;
    if (!assignee_indexes_by(writer, name, iname)) inames.push_back(iname);
  }
  return inames;
}

// Every writer must need the same axes; the first writer that needs any decides.
std::vector<std::string> axes_for(const LoopKernel& kernel, const Temporary& temporary,
                                  const std::vector<std::string>& privatizing) {
  std::optional<std::vector<std::string>> axes;
  std::string decided_by;
  for (const Instruction& instruction : kernel.instructions) {
    if (names_written(instruction).count(temporary.name) == 0) continue;
    std::vector<std::string> needed = new_axes_of(instruction, temporary.name, privatizing);
    if (!axes) {
      axes = needed;
      decided_by = instruction.id;
      continue;
    }
    if (needed != *axes) {
      throw Error(std::string(kTransform) + ": instruction '" + instruction.id +
                  "' needs private axes for inames [" + joined(needed) + "] on temporary '" +
                  temporary.name + "', but instruction '" + decided_by + "' needs [" +
                  joined(*axes) +
                  "]; privatize them apart (only_var_names) or give the writers the same loops");
    }
  }
  return axes.value_or(std::vector<std::string>{});
}

std::vector<const Temporary*> selected_temporaries(
    const LoopKernel& kernel, const std::optional<std::vector<std::string>>& only) {
  std::vector<const Temporary*> selected;
  if (!only) {
    for (const Temporary& temporary : kernel.temporaries)
      if (temporary.address_space != AddressSpace::Global) selected.push_back(&temporary);
    return selected;
  }
  std::vector<std::string> names;
  for (const Temporary& temporary : kernel.temporaries) names.push_back(temporary.name);
  for (const std::string& name : *only) {
    const Temporary* temporary = kernel.find_temporary(name);
    if (temporary == nullptr) {
      throw Error(std::string(kTransform) + ": unknown temporary '" + name +
                  "' in only_var_names (the kernel's temporaries: " +
                  (names.empty() ? std::string("none") : joined(names)) + ")" +
                  did_you_mean(name, names));
    }
    if (temporary->address_space == AddressSpace::Global) {
      throw Error(std::string(kTransform) + ": temporary '" + name +
                  "' is global; only private, local or auto temporaries are privatized");
    }
    selected.push_back(temporary);
  }
  return selected;
}

}  // namespace

LoopKernel privatize_temporaries_with_inames(
    const LoopKernel& kernel, const std::vector<std::string>& privatizing_inames,
    const std::optional<std::vector<std::string>>& only_var_names, bool unchecked) {
  TransformCall call{kTransform, {{"privatizing_inames", privatizing_inames}}};
  if (only_var_names) call.arguments["only_var_names"] = *only_var_names;
  if (unchecked) call.arguments["unchecked"] = true;
  // Step 1: checks, and the axes every temporary needs (decided on the input, before any rewrite).
  for (const std::string& iname : privatizing_inames) require_iname(kernel, iname, kTransform);
  std::vector<std::pair<std::string, std::vector<std::string>>> plan;
  for (const Temporary* temporary : selected_temporaries(kernel, only_var_names)) {
    std::vector<std::string> axes = axes_for(kernel, *temporary, privatizing_inames);
    if (!axes.empty()) plan.push_back({temporary->name, axes});
  }
  // Step 2: the axes and the accesses.
  LoopKernel result = kernel;
  for (const auto& [name, axes] : plan)
    add_private_axes(result, name, axes, PrivateAxisPlacement::Trailing,
                     std::string(kTransform) + ": ");
  return finish_transform(kernel, std::move(result), call, std::nullopt, unchecked,
                          CheckScope::All);
}

LOOM_REGISTER_TRANSFORM(privatize_temporaries_with_inames) {
  registry.add({kTransform,
                "give temporaries one copy per iteration of inames",
                {{"privatizing_inames", ParameterType::InameList, true},
                 {"only_var_names", ParameterType::InameList, false, true}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  return privatize_temporaries_with_inames(kernel, args.names("privatizing_inames"),
                                                           args.optional_names("only_var_names"), args.unchecked());
                }});
}

}  // namespace loom
