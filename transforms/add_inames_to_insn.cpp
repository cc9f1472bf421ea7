// add_inames_to_insn (loopy's transform/iname.py): puts instructions inside more loops.
//
//   {[i, j]: 0<=i<n and 0<=j<m}   out[i] = out[i] + 1 {id=bump, inames=i}
// add_inames_to_insn(["j"], "id:bump") →
//   {[i, j]: 0<=i<n and 0<=j<m}   out[i] = out[i] + 1 {id=bump, inames=i:j}     (adds m, not 1)
//
// The matched instructions run once per value of each added iname as well. For an idempotent
// instruction (out[i] = a[i]) that repeats the same work; in general it changes the kernel's
// meaning, on purpose (DESIGN.md §3a): the result is its own new reference
// (finish_meaning_change). A parallel added iname goes through the write-race check, so making
// every work-item of l.0 write out[i] is refused.
//
// Refuses: no inames, an unknown iname, an `insn_match` that matches no instruction, an iname a
// matched instruction reduces over, an added iname whose domain is bounded by an iname the
// instruction is not within ({[j]: 0<=j<=i} needs i too), and a call that adds nothing.
#include "loom/error.hpp"
#include "transforms/iname_copies.hpp"
#include "transforms/instruction_support.hpp"
#include "transforms/registry.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

constexpr const char* kTransform = "add_inames_to_insn";

void check_addable(const LoopKernel& kernel, const Instruction& instruction,
                   const std::set<std::string>& inames) {
  std::set<std::string> within = instruction.within_inames;
  within.insert(inames.begin(), inames.end());
  for (const std::string& iname : inames) {
    if (instruction.within_inames.count(iname) == 0 && uses_iname(instruction, iname)) {
      throw Error(std::string(kTransform) + ": instruction '" + instruction.id +
                  "' reduces over iname '" + iname + "'; it cannot also run within it");
    }
    const Domain* domain = kernel.domain_of_iname(iname);
    for (const std::string& bound : domain->parameters) {
      if (kernel.domain_of_iname(bound) == nullptr || within.count(bound) != 0) continue;
      throw Error(std::string(kTransform) + ": iname '" + iname + "' is bounded by iname '" +
                  bound + "' (" + domain->text + "), which instruction '" + instruction.id +
                  "' is not within; add '" + bound + "' too");
    }
  }
}

}  // namespace

LoopKernel add_inames_to_insn(const LoopKernel& kernel, const std::vector<std::string>& inames,
                              const std::string& insn_match, bool unchecked) {
  TransformCall call{kTransform, {{"inames", inames}, {"insn_match", insn_match}}};
  if (unchecked) call.arguments["unchecked"] = true;
  // Step 1: checks.
  if (inames.empty()) throw Error(std::string(kTransform) + ": give at least one iname to add");
  for (const std::string& iname : inames) require_iname(kernel, iname, kTransform);
  std::set<std::string> added(inames.begin(), inames.end());
  std::vector<std::string> matched =
      require_instructions(kernel, insn_match, kTransform, "insn_match");
  bool changes = false;
  for (const std::string& id : matched) {
    const Instruction& instruction = *kernel.find_instruction(id);
    check_addable(kernel, instruction, added);
    for (const std::string& iname : added)
      changes = changes || instruction.within_inames.count(iname) == 0;
  }
  if (!changes) {
    throw Error(std::string(kTransform) + ": the instructions matched by '" + insn_match + "' (" +
                joined(matched) + ") are already within " + joined(added) + "; nothing to add");
  }
  // Step 2: the inames.
  LoopKernel result = kernel;
  for (const std::string& id : matched)
    instruction_named(result, id).within_inames.insert(added.begin(), added.end());
  // Step 3: the result is the new reference.
  return finish_meaning_change(kernel, std::move(result), call, unchecked);
}

LOOM_REGISTER_TRANSFORM(add_inames_to_insn) {
  registry.add(
      {"add_inames_to_insn",
       "run the matched instructions within more loops (changes the kernel's meaning)",
       {{"inames", ParameterType::InameList, true}, {"insn_match", ParameterType::Match, true}},
       [](const LoopKernel& kernel, const TransformArguments& args) {
         return add_inames_to_insn(kernel, args.names("inames"), args.string("insn_match"),
                                   args.unchecked());
       },
       /*changes_meaning=*/true});
}

}  // namespace loom
