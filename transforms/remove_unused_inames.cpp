// remove_unused_inames (loopy's transform/iname.py): drops inames no instruction runs in or
// reduces over.
//
//   {[i, i_0]: 0<=i<n and 0<=i_0<n}   c[i_0] = b[i_0] + 1
// remove_unused_inames() →
//   {[i_0]: 0<=i_0<n}                 c[i_0] = b[i_0] + 1
//
// The inames are projected out of their domains, so constraints they imposed on the remaining
// inames survive (existentially quantified); a domain left without inames is dropped. Their tags
// and their places in loop priorities go too. An iname that bounds the domain of a remaining
// iname ({[j]: 0<=j<=i}) counts as used. With no `inames`, every unused iname is removed.
// Instances do not change (an instruction's instances never depended on inames it does not use).
//
// Refuses: an unknown iname, and a listed iname that is used (naming the instruction or the
// domain that uses it).
#include <algorithm>
#include <set>

#include "ir/isl_extra.hpp"
#include "loom/error.hpp"
#include "transforms/iname_copies.hpp"
#include "transforms/registry.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

// Why `iname` must stay: "instruction 'x' uses it", "it bounds the domain of 'j'", or "" when
// it may go. `removed` holds the inames that go with it (a bound of removed inames only is free).
std::string reason_to_keep(const LoopKernel& kernel, const std::string& iname,
                           const std::set<std::string>& removed) {
  for (const Instruction& instruction : kernel.instructions) {
    if (uses_iname(instruction, iname)) return "instruction '" + instruction.id + "' uses it";
  }
  for (const Domain& domain : kernel.domains) {
    if (std::find(domain.parameters.begin(), domain.parameters.end(), iname) ==
        domain.parameters.end())
      continue;
    for (const std::string& bounded : domain.inames) {
      if (removed.count(bounded) == 0)
        return "it bounds the domain of '" + bounded + "' (" + domain.text + ")";
    }
  }
  return "";
}

// The inames to remove: the candidates no instruction uses, minus those bounding a kept domain
// (repeated until stable, since keeping one iname may keep the inames bounding it).
std::set<std::string> removable(const LoopKernel& kernel,
                                const std::vector<std::string>& candidates) {
  std::set<std::string> removed(candidates.begin(), candidates.end());
  for (bool changed = true; changed;) {
    changed = false;
    for (auto it = removed.begin(); it != removed.end();) {
      if (reason_to_keep(kernel, *it, removed).empty()) {
        ++it;
      } else {
        it = removed.erase(it);
        changed = true;
      }
    }
  }
  return removed;
}

void remove_from_domains(LoopKernel& kernel, const std::set<std::string>& removed) {
  std::vector<Domain> domains;
  for (Domain& domain : kernel.domains) {
    std::vector<std::string> inames;
    for (const std::string& iname : domain.inames) {
      if (removed.count(iname) == 0) inames.push_back(iname);
    }
    if (inames.empty()) continue;
    if (inames.size() != domain.inames.size()) {
      isl::set projected = param_form(domain);
      for (const std::string& iname : domain.inames) {
        if (removed.count(iname) != 0) projected = isl_extra::project_out_param(projected, iname);
      }
      domain = domain_from_param_form(isl_context_of(domain.set), projected, inames);
    }
    domains.push_back(std::move(domain));
  }
  kernel.domains = std::move(domains);
}

void remove_from_priorities(LoopKernel& kernel, const std::set<std::string>& removed) {
  std::vector<std::vector<std::string>> priorities;
  for (std::vector<std::string> chain : kernel.loop_priorities) {
    chain.erase(std::remove_if(chain.begin(), chain.end(),
                               [&](const std::string& iname) { return removed.count(iname) != 0; }),
                chain.end());
    if (chain.size() >= 2) priorities.push_back(std::move(chain));
  }
  kernel.loop_priorities = std::move(priorities);
}

}  // namespace

LoopKernel remove_unused_inames(const LoopKernel& kernel, const std::vector<std::string>& inames) {
  TransformCall call{"remove_unused_inames", {}};
  if (!inames.empty()) call.arguments["inames"] = inames;
  // Step 1: checks.
  for (const std::string& iname : inames) require_iname(kernel, iname, "remove_unused_inames");
  std::vector<std::string> candidates = inames.empty() ? kernel.all_inames() : inames;
  std::set<std::string> removed = removable(kernel, candidates);
  for (const std::string& iname : inames) {
    if (removed.count(iname) != 0) continue;
    throw Error("remove_unused_inames: iname '" + iname +
                "' is not unused: " + reason_to_keep(kernel, iname, removed));
  }
  // Step 2: project the inames out.
  LoopKernel result = kernel;
  with_isl_errors("remove_unused_inames", [&] { remove_from_domains(result, removed); });
  for (const std::string& iname : removed) result.iname_tags.erase(iname);
  remove_from_priorities(result, removed);
  return finish_transform(kernel, std::move(result), call, std::nullopt, /*unchecked=*/false);
}

LOOM_REGISTER_TRANSFORM(remove_unused_inames) {
  registry.add({"remove_unused_inames",
                "remove inames no instruction uses from the domains",
                {{"inames", ParameterType::InameList, false, true}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  return remove_unused_inames(kernel, args.names("inames"));
                }});
}

}  // namespace loom
