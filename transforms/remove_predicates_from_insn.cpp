// remove_predicates_from_insn (loopy's transform/instruction.py): drops conditions from
// instructions.
//
//   <> cond = i > 5 {id=cond}     a[i] = 1 {if=cond, id=a, dep=cond}
// remove_predicates_from_insn(["cond"], "id:a") →
//   <> cond = i > 5 {id=cond}     a[i] = 1 {id=a, dep=cond}
//
// A predicate is removed from a matched instruction when it is structurally equal to one of the
// given expressions (parsed from the kernel language, e.g. "cond" or "i > 5"). The instruction then
// runs where it used to be skipped, so this changes the kernel's meaning on purpose (DESIGN.md §3a):
// the result is its own new reference and must pass every check (a now-unguarded access must stay
// inside its array, for instance).
//
// Refuses: no predicates, an expression that does not parse, an `insn_match` that matches no
// instruction, and a predicate that none of the matched instructions has (loopy ignores it
// silently; here it is most likely a misspelling).
#include <algorithm>

#include "lang/instruction_parser.hpp"
#include "loom/error.hpp"
#include "loom/instruction_transforms.hpp"
#include "transforms/instruction_support.hpp"
#include "transforms/registry.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

constexpr const char* kTransform = "remove_predicates_from_insn";

std::vector<ExprPtr> parsed_predicates(const std::vector<std::string>& predicates) {
  if (predicates.empty()) throw Error(std::string(kTransform) + ": give at least one predicate to remove");
  std::vector<ExprPtr> parsed;
  for (const std::string& text : predicates) {
    try {
      parsed.push_back(lang::parse_expression(text));
    } catch (const Error& error) {
      throw Error(std::string(kTransform) + ": predicate '" + text + "': " + error.what());
    }
  }
  return parsed;
}

// Removes from `instruction` the predicates equal to one of `removed`; marks which were found.
void drop_predicates(Instruction& instruction, const std::vector<ExprPtr>& removed, std::vector<bool>& found) {
  std::vector<ExprPtr> kept;
  for (const ExprPtr& predicate : instruction.predicates) {
    bool drop = false;
    for (std::size_t k = 0; k < removed.size(); ++k) {
      if (!structurally_equal(*predicate, *removed[k])) continue;
      found[k] = true;
      drop = true;
    }
    if (!drop) kept.push_back(predicate);
  }
  instruction.predicates = std::move(kept);
}

}  // namespace

LoopKernel remove_predicates_from_insn(const LoopKernel& kernel, const std::vector<std::string>& predicates,
                                       const std::string& insn_match, bool unchecked) {
  TransformCall call{kTransform, {{"predicates", predicates}, {"insn_match", insn_match}}};
  if (unchecked) call.arguments["unchecked"] = true;
  // Step 1: checks.
  std::vector<ExprPtr> removed = parsed_predicates(predicates);
  std::vector<std::string> matched = require_instructions(kernel, insn_match, kTransform, "insn_match");
  // Step 2: the predicates.
  LoopKernel result = kernel;
  std::vector<bool> found(removed.size(), false);
  for (const std::string& id : matched) drop_predicates(instruction_named(result, id), removed, found);
  for (std::size_t k = 0; k < removed.size(); ++k) {
    if (found[k]) continue;
    throw Error(std::string(kTransform) + ": no instruction matched by '" + insn_match + "' has the predicate '" +
                predicates[k] + "'");
  }
  // Step 3: the result is the new reference.
  return finish_meaning_change(kernel, std::move(result), call, unchecked);
}

LOOM_REGISTER_TRANSFORM(remove_predicates_from_insn) {
  registry.add({kTransform,
                "drop the given conditions from the matched instructions (changes the kernel's meaning)",
                {{"predicates", ParameterType::InameList, true}, {"insn_match", ParameterType::Match, true}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  return remove_predicates_from_insn(kernel, args.names("predicates"), args.string("insn_match"),
                                                     args.unchecked());
                },
                /*changes_meaning=*/true});
}

}  // namespace loom
