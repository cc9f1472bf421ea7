// remove_instructions (loopy's transform/instruction.py): deletes instructions, keeping the order
// they imposed.
//
//   <> t = a[i] {id=load}   t = 2*t {id=scale, dep=load}   out[i] = t + 1 {id=store, dep=scale}
// remove_instructions("id:scale") →
//   <> t = a[i] {id=load}   out[i] = t + 1 {id=store, dep=load}
//
// Dependencies are propagated across the removed instructions: an instruction that depended on a
// removed one now depends on what that one depended on, transitively while those are removed too
// (removing b and c from a <- b <- c <- d leaves d depending on a). nosync entries naming a removed
// instruction go. Arguments and temporaries stay declared.
//
// This changes the kernel's meaning on purpose (DESIGN.md §3a): the result is its own new
// reference (finish_meaning_change), and its checks run against that.
//
// Refuses: a match of no instruction, removing every instruction, and removing the last writer of
// a temporary that a remaining instruction still reads (it would read an undefined value).
#include <algorithm>
#include <functional>
#include <map>

#include "loom/error.hpp"
#include "transforms/iname_copies.hpp"
#include "transforms/instruction_support.hpp"
#include "transforms/registry.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

// For each removed instruction, the remaining instructions it depends on through removed ones
// only (loopy's transitive_deps).
std::map<std::string, std::set<std::string>> surviving_dependencies(
    const LoopKernel& kernel, const std::set<std::string>& removed) {
  std::map<std::string, std::set<std::string>> memo;
  std::function<const std::set<std::string>&(const std::string&)> resolve =
      [&](const std::string& id) -> const std::set<std::string>& {
    if (auto found = memo.find(id); found != memo.end()) return found->second;
    std::set<std::string> survivors;
    memo[id] =
        {};  // a cycle (already refused by the checks) ends here instead of recursing forever
    const Instruction* instruction = kernel.find_instruction(id);
    if (instruction == nullptr) return memo[id];
    for (const std::string& dependency : instruction->depends_on) {
      if (removed.count(dependency) == 0) {
        survivors.insert(dependency);
      } else {
        const std::set<std::string>& through = resolve(dependency);
        survivors.insert(through.begin(), through.end());
      }
    }
    return memo[id] = std::move(survivors);
  };
  for (const std::string& id : removed) resolve(id);
  return memo;
}

// What an instruction reads, also through the domains of its loops (CSR's row_len bounds jj).
std::set<std::string> reads_of(const LoopKernel& kernel, const Instruction& instruction) {
  std::set<std::string> names = names_read(kernel, instruction);
  for (const std::string& iname : inames_used_by(instruction)) {
    if (const Domain* domain = kernel.domain_of_iname(iname))
      names.insert(domain->parameters.begin(), domain->parameters.end());
  }
  return names;
}

// A temporary that a remaining instruction reads, that only removed instructions wrote.
void require_writers_remain(const LoopKernel& kernel, const std::set<std::string>& removed) {
  std::map<std::string, std::string>
      removed_writer;  // temporary → a removed instruction writing it
  std::set<std::string> written;
  for (const Instruction& instruction : kernel.instructions) {
    for (const std::string& name : names_written(instruction)) {
      if (kernel.find_temporary(name) == nullptr) continue;
      if (removed.count(instruction.id) != 0) {
        removed_writer.emplace(name, instruction.id);
      } else {
        written.insert(name);
      }
    }
  }
  for (const Instruction& instruction : kernel.instructions) {
    if (removed.count(instruction.id) != 0) continue;
    for (const std::string& name : reads_of(kernel, instruction)) {
      auto writer = removed_writer.find(name);
      if (writer == removed_writer.end() || written.count(name) != 0) continue;
      throw Error("remove_instructions: removing '" + writer->second + "' leaves temporary '" +
                  name + "' without a writer, but instruction '" + instruction.id +
                  "' still reads it; remove that instruction too, or keep a writer");
    }
  }
}

}  // namespace

LoopKernel remove_instructions(const LoopKernel& kernel, const std::string& insn_ids,
                               bool unchecked) {
  TransformCall call{"remove_instructions", {{"insn_ids", insn_ids}}};
  if (unchecked) call.arguments["unchecked"] = true;
  // Step 1: checks.
  std::vector<std::string> matched = require_instructions(kernel, insn_ids, call.name, "insn_ids");
  std::set<std::string> removed(matched.begin(), matched.end());
  if (removed.size() == kernel.instructions.size()) {
    throw Error("remove_instructions: '" + insn_ids + "' matches every instruction (" +
                joined(matched) + "); a kernel needs at least one");
  }
  require_writers_remain(kernel, removed);
  // Step 2: drop the instructions, rerouting dependencies and nosync entries.
  std::map<std::string, std::set<std::string>> through = surviving_dependencies(kernel, removed);
  LoopKernel result = kernel;
  result.instructions.clear();
  for (Instruction instruction : kernel.instructions) {
    if (removed.count(instruction.id) != 0) continue;
    std::set<std::string> depends_on;
    for (const std::string& dependency : instruction.depends_on) {
      if (removed.count(dependency) == 0) {
        depends_on.insert(dependency);
      } else {
        depends_on.insert(through[dependency].begin(), through[dependency].end());
      }
    }
    instruction.depends_on = std::move(depends_on);
    std::erase_if(instruction.no_sync_with, [&](const NoSyncWith& entry) {
      return removed.count(entry.instruction_match) != 0;
    });
    result.instructions.push_back(std::move(instruction));
  }
  // Step 3: the result is the new reference.
  return finish_meaning_change(kernel, std::move(result), call, unchecked);
}

LOOM_REGISTER_TRANSFORM(remove_instructions) {
  registry.add(
      {"remove_instructions",
       "delete instructions, propagating dependencies through them (changes the kernel's meaning)",
       {{"insn_ids", ParameterType::Match, true}},
       [](const LoopKernel& kernel, const TransformArguments& args) {
         return remove_instructions(kernel, args.string("insn_ids"), args.unchecked());
       },
       /*changes_meaning=*/true});
}

}  // namespace loom
