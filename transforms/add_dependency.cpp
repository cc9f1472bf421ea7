// add_dependency (loopy's transform/instruction.py): adds dependency edges.
//
//   b[i] = 2*a[i] {id=double}      c[j] = 3*d[j] {id=triple}
// add_dependency("id:triple", "id:double") →
//   b[i] = 2*a[i] {id=double}      c[j] = 3*d[j] {id=triple, dep=double}
//
// Every instruction matched by `insn_match` depends on every instruction matched by `depends_on`
// (as loopy, `depends_on` may be an id or a match expression). Dependencies act within the inames
// the two share (DESIGN.md §3a), so a new one can reorder instructions and split a loop apart; the
// result is checked against the kernel's dependences: splitting the loop between the writer and
// the reader of a scalar temporary is refused.
//
// Refuses: either side matching no instruction (loopy's "no instructions found matching"), and a
// dependency cycle (an instruction depending on itself included).
#include "loom/error.hpp"
#include "transforms/instruction_support.hpp"
#include "transforms/registry.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

LoopKernel add_dependency(const LoopKernel& kernel, const std::string& insn_match,
                          const std::string& depends_on, bool unchecked) {
  TransformCall call{"add_dependency", {{"insn_match", insn_match}, {"depends_on", depends_on}}};
  if (unchecked) call.arguments["unchecked"] = true;
  // Step 1: both sides must select something.
  std::vector<std::string> added =
      require_instructions(kernel, depends_on, call.name, "depends_on");
  std::vector<std::string> targets =
      require_instructions(kernel, insn_match, call.name, "insn_match");
  // Step 2: add the edges; they must not close a cycle.
  LoopKernel result = kernel;
  for (const std::string& id : targets)
    instruction_named(result, id).depends_on.insert(added.begin(), added.end());
  require_acyclic(
      result, call.name,
      "making " + joined(targets) + " depend on " + joined(added) + " would close a cycle");
  // Step 3: instances are unchanged; the order may not be.
  return finish_transform(kernel, std::move(result), call, std::nullopt, unchecked,
                          CheckScope::Order);
}

LOOM_REGISTER_TRANSFORM(add_dependency) {
  registry.add(
      {"add_dependency",
       "make the matched instructions depend on other instructions",
       {{"insn_match", ParameterType::Match, true}, {"depends_on", ParameterType::Match, true}},
       [](const LoopKernel& kernel, const TransformArguments& args) {
         return add_dependency(kernel, args.string("insn_match"), args.string("depends_on"),
                               args.unchecked());
       }});
}

}  // namespace loom
