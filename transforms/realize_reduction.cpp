// realize_reduction (loopy's preprocess.realize_reduction, a public loopy function): reductions
// become accumulator temporaries with init and update instructions, in the kernel itself rather
// than at code generation, so later transforms can address them (tag the update, privatize the
// accumulator, add dependencies on the init).
//
//   out[i] = sum(j, a[i, j])
// realize_reduction() →
//   <float32> acc_j = 0 {id=..._init};  acc_j = acc_j + a[i, j] {within j};  out[i] = acc_j
//
// The realization is code generation's own (src/analysis/realize_reduction.cpp): types are
// inferred first; a reduction over l.N inames becomes a local-memory tree when the kernel has
// hardware axes. `insn_id_filter` (a match expression) limits it to the instructions it selects.
// Refuses: a filter that selects no instruction holding a reduction. The result computes what
// the kernel computed, instance for instance; its dependences are those of the realized kernel.
#include <map>

#include "analysis/realize_reduction.hpp"
#include "analysis/type_inference.hpp"
#include "ir/match.hpp"
#include "loom/error.hpp"
#include "loom/reduction_transforms.hpp"
#include "transforms/registry.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

bool has_reduction(const Instruction& instruction) {
  bool found = false;
  auto look = [&](const Expr& node) { found = found || node.kind == ExprKind::Reduction; };
  if (instruction.expression) visit_expr(*instruction.expression, look);
  for (const ExprPtr& predicate : instruction.predicates) visit_expr(*predicate, look);
  return found;
}

bool has_hardware_axes(const LoopKernel& kernel) {
  for (const auto& [iname, tag] : kernel.iname_tags) {
    if (tag.kind == InameTag::Kind::Group || tag.kind == InameTag::Kind::Local) return true;
  }
  return false;
}

}  // namespace

LoopKernel realize_reduction(const LoopKernel& kernel, const std::optional<std::string>& insn_id_filter,
                             bool unchecked) {
  TransformCall call{"realize_reduction", {}};
  if (insn_id_filter) call.arguments["insn_id_filter"] = *insn_id_filter;
  if (unchecked) call.arguments["unchecked"] = true;
  std::string call_text = to_string(call);
  InstructionMatch filter = insn_id_filter ? InstructionMatch::parse(*insn_id_filter) : InstructionMatch::all();
  // Step 1: types, and the reductions left alone hidden behind a placeholder while the others
  // are realized.
  LoopKernel typed = infer_types(kernel);
  std::map<std::string, Instruction> hidden;
  bool selected = false;
  for (Instruction& instruction : typed.instructions) {
    if (!has_reduction(instruction)) continue;
    if (filter.matches(kernel, instruction)) {
      selected = true;
      continue;
    }
    hidden.emplace(instruction.id, instruction);
    instruction.expression = int_literal(0);
    instruction.predicates.clear();
  }
  if (!selected) {
    throw Error(call_text + ": " + (insn_id_filter ? "insn_id_filter '" + *insn_id_filter + "' selects" : "the kernel has") +
                " no instruction with a reduction");
  }
  // Step 2: realize, then put the hidden instructions back.
  LoopKernel result = realize_reductions(typed, has_hardware_axes(typed));
  for (Instruction& instruction : result.instructions) {
    auto original = hidden.find(instruction.id);
    if (original != hidden.end()) instruction = original->second;
  }
  // Step 3: check. The realized kernel is its own reference from here on: its new instructions
  // have no instances in the old one to trace dependences through.
  result.dependences = nullptr;
  result.verified = false;
  return finish_transform(result, result, call, std::nullopt, unchecked);
}

LOOM_REGISTER_TRANSFORM(realize_reduction) {
  registry.add({"realize_reduction",
                "realize reductions as accumulator temporaries with init and update instructions",
                {{"insn_id_filter", ParameterType::Match, false, true}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  return realize_reduction(kernel, args.optional_string("insn_id_filter"), args.unchecked());
                }});
}

}  // namespace loom
