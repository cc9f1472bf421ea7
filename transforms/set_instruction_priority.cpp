// set_instruction_priority (loopy's transform/instruction.py): sets instructions' priority.
//
//   out[i] = 2*a[i] {id=scale}
// set_instruction_priority("id:scale", 5) →
//   out[i] = 2*a[i] {id=scale, priority=5}
//
// In loopy a higher priority schedules an instruction sooner among those ready. loom's
// linearization orders instructions by their dependencies and keeps loops fused (DESIGN.md §3a), so
// the priority changes neither order nor meaning; it is kept, printed and round-tripped.
//
// Refuses: an `insn_match` that matches no instruction and a priority outside the 32-bit range.
#include <limits>

#include "loom/error.hpp"
#include "transforms/instruction_support.hpp"
#include "transforms/registry.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

LoopKernel set_instruction_priority(const LoopKernel& kernel, const std::string& insn_match,
                                    int64_t priority, bool unchecked) {
  TransformCall call{"set_instruction_priority",
                     {{"insn_match", insn_match}, {"priority", priority}}};
  if (unchecked) call.arguments["unchecked"] = true;
  // Step 1: checks.
  if (priority < std::numeric_limits<int>::min() || priority > std::numeric_limits<int>::max()) {
    throw Error("set_instruction_priority: priority " + std::to_string(priority) +
                " is outside the range of a 32-bit integer");
  }
  std::vector<std::string> matched =
      require_instructions(kernel, insn_match, call.name, "insn_match");
  // Step 2: the priorities.
  LoopKernel result = kernel;
  for (const std::string& id : matched)
    instruction_named(result, id).priority = static_cast<int>(priority);
  return finish_transform(kernel, std::move(result), call, std::nullopt, unchecked,
                          CheckScope::Order);
}

LOOM_REGISTER_TRANSFORM(set_instruction_priority) {
  registry.add(
      {"set_instruction_priority",
       "set the priority of the matched instructions",
       {{"insn_match", ParameterType::Match, true}, {"priority", ParameterType::Integer, true}},
       [](const LoopKernel& kernel, const TransformArguments& args) {
         return set_instruction_priority(kernel, args.string("insn_match"),
                                         args.integer("priority"), args.unchecked());
       }});
}

}  // namespace loom
