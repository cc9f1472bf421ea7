// remove_inames_from_insn (loopy's transform/iname.py): takes instructions out of loops.
//
//   {[i, j]: 0<=i<n and 0<=j<m}   out[i] = 2*a[i] {id=copy, inames=i:j}
// remove_inames_from_insn(["j"], "id:copy") →
//   {[i, j]: 0<=i<n and 0<=j<m}   out[i] = 2*a[i] {id=copy, inames=i}
//
// loopy's use: an instruction that got an iname it does not need (by inlining, or
// add_inames_to_insn) runs once instead of once per value of it. For an idempotent instruction
// the results stay; an update (out[i] = out[i] + 1) then runs fewer times, so in general this
// changes the kernel's meaning, on purpose (DESIGN.md §3a): the result is its own new reference
// (finish_meaning_change).
//
// Refuses: no inames, an unknown iname, an `insn_match` that matches no instruction, a matched
// instruction within none of the inames (loopy: "inames not found in instruction"), one that still
// uses a removed iname in its expression, assignees or predicates (the name would have no value),
// and one that keeps an iname whose domain a removed iname bounds ({[j]: 0<=j<=i}).
#include "loom/error.hpp"
#include "transforms/iname_copies.hpp"
#include "transforms/instruction_support.hpp"
#include "transforms/registry.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

constexpr const char* kTransform = "remove_inames_from_insn";

// The inames `instruction` leaves; refuses when it cannot leave them.
std::set<std::string> removable_inames(const LoopKernel& kernel, const Instruction& instruction,
                                       const std::vector<std::string>& inames) {
  std::set<std::string> leaving;
  for (const std::string& iname : inames) {
    if (instruction.within_inames.count(iname) != 0) leaving.insert(iname);
  }
  if (leaving.empty()) {
    throw Error(std::string(kTransform) + ": instruction '" + instruction.id + "' is not within " +
                joined(inames) + " (its inames: " + joined(instruction.within_inames) + ")");
  }
  std::set<std::string> read = names_read(kernel, instruction);
  for (const std::string& iname : leaving) {
    if (read.count(iname) == 0) continue;
    throw Error(std::string(kTransform) + ": instruction '" + instruction.id +
                "' still uses iname '" + iname + "' in its expression, assignees or predicates (" +
                instruction.source + "); it can leave only loops it does not use");
  }
  for (const std::string& kept : inames_used_by(instruction)) {
    if (leaving.count(kept) != 0) continue;
    const Domain* domain = kernel.domain_of_iname(kept);
    if (domain == nullptr) continue;
    for (const std::string& bound : domain->parameters) {
      if (leaving.count(bound) == 0) continue;
      throw Error(std::string(kTransform) + ": instruction '" + instruction.id + "' keeps iname '" +
                  kept + "', whose domain is bounded by '" + bound + "' (" + domain->text +
                  "); remove '" + kept + "' too or keep '" + bound + "'");
    }
  }
  return leaving;
}

}  // namespace

LoopKernel remove_inames_from_insn(const LoopKernel& kernel, const std::vector<std::string>& inames,
                                   const std::string& insn_match, bool unchecked) {
  TransformCall call{kTransform, {{"inames", inames}, {"insn_match", insn_match}}};
  if (unchecked) call.arguments["unchecked"] = true;
  // Step 1: checks.
  if (inames.empty()) throw Error(std::string(kTransform) + ": give at least one iname to remove");
  for (const std::string& iname : inames) require_iname(kernel, iname, kTransform);
  std::vector<std::string> matched =
      require_instructions(kernel, insn_match, kTransform, "insn_match");
  // Step 2: the inames.
  LoopKernel result = kernel;
  for (const std::string& id : matched) {
    for (const std::string& iname :
         removable_inames(kernel, *kernel.find_instruction(id), inames)) {
      instruction_named(result, id).within_inames.erase(iname);
    }
  }
  // Step 3: the result is the new reference.
  return finish_meaning_change(kernel, std::move(result), call, unchecked);
}

LOOM_REGISTER_TRANSFORM(remove_inames_from_insn) {
  registry.add(
      {"remove_inames_from_insn",
       "take the matched instructions out of loops they do not use (changes the kernel's meaning)",
       {{"inames", ParameterType::InameList, true}, {"insn_match", ParameterType::Match, true}},
       [](const LoopKernel& kernel, const TransformArguments& args) {
         return remove_inames_from_insn(kernel, args.names("inames"), args.string("insn_match"),
                                        args.unchecked());
       },
       /*changes_meaning=*/true});
}

}  // namespace loom
