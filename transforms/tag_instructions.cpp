// tag_instructions (loopy's transform/instruction.py): adds a tag to instructions.
//
//   out[i] = 2*a[i] {id=scale}
// tag_instructions("hot", within="id:scale") →
//   out[i] = 2*a[i] {id=scale, tags=hot}
//
// Tags only name instructions for later matches (`tag:hot`); they change nothing else. With no
// `within`, every instruction gets the tag; an instruction that has it already keeps it once.
// Code generation reads one tag, store_whole_lines (codegen/rotate_stores.hpp: how a row store's
// lanes meet 128-byte lines, not what it computes).
//
// Refuses: a tag that is not an identifier (the kernel syntax could not spell it) and a `within`
// that matches no instruction.
#include <algorithm>

#include "loom/error.hpp"
#include "transforms/instruction_support.hpp"
#include "transforms/registry.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

LoopKernel tag_instructions(const LoopKernel& kernel, const std::string& new_tag,
                            const std::optional<std::string>& within, bool unchecked) {
  TransformCall call{"tag_instructions", {{"new_tag", new_tag}}};
  if (within) call.arguments["within"] = *within;
  if (unchecked) call.arguments["unchecked"] = true;
  // Step 1: checks.
  require_name(new_tag, call.name, "tag");
  std::vector<std::string> tagged;
  if (within) tagged = require_instructions(kernel, *within, call.name, "within");
  // Step 2: the tags.
  LoopKernel result = kernel;
  for (Instruction& instruction : result.instructions) {
    if (!within || std::find(tagged.begin(), tagged.end(), instruction.id) != tagged.end()) {
      instruction.tags.insert(new_tag);
    }
  }
  return finish_transform(kernel, std::move(result), call, std::nullopt, unchecked,
                          CheckScope::Order);
}

LOOM_REGISTER_TRANSFORM(tag_instructions) {
  registry.add(
      {"tag_instructions",
       "add a tag to the matched instructions",
       {{"new_tag", ParameterType::String, true}, {"within", ParameterType::Match, false, true}},
       [](const LoopKernel& kernel, const TransformArguments& args) {
         return tag_instructions(kernel, args.string("new_tag"), args.optional_string("within"),
                                 args.unchecked());
       }});
}

}  // namespace loom
