// add_nosync (loopy's transform/instruction.py): declares that pairs of instructions need no
// barrier between them.
//
//   b[i] = 2*a[i] {id=double}      c[i] = b[i] + 1 {id=inc, dep=double}
// add_nosync("local", "id:double", "id:inc") →
//   b[i] = 2*a[i] {id=double}      c[i] = b[i] + 1 {id=inc, dep=double, nosync=double@local}
//
// For each source and sink matched, the sink gets a no_sync_with entry (source, scope) when it
// depends on the source, directly or through other instructions (loopy also counts conflicting
// instruction groups, which loom does not have); `force` adds the entry without a dependency,
// `bidirectional` adds (sink, scope) to the source too. An entry that is already there is not
// repeated. Barrier insertion reads these entries; the order of instructions does not change.
//
// Refuses: an unknown scope (local, global, any), a side matching no instruction, and a call
// that adds nothing (loopy: "No nosync annotations were added"); `empty_ok` accepts the last two.
#include <algorithm>
#include <functional>
#include <map>

#include "loom/error.hpp"
#include "transforms/instruction_support.hpp"
#include "transforms/registry.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

SyncScope parse_scope(const std::string& scope) {
  if (scope == "local") return SyncScope::Local;
  if (scope == "global") return SyncScope::Global;
  if (scope == "any") return SyncScope::Any;
  throw Error("add_nosync: unknown scope '" + scope + "': expected local, global or any");
}

// Every instruction `id` depends on, directly or through others (loopy's recursive_insn_dep_map).
std::set<std::string> transitive_dependencies(const LoopKernel& kernel, const std::string& id) {
  std::set<std::string> reached;
  std::function<void(const std::string&)> visit = [&](const std::string& from) {
    const Instruction* instruction = kernel.find_instruction(from);
    if (instruction == nullptr) return;
    for (const std::string& dependency : instruction->depends_on) {
      if (reached.insert(dependency).second) visit(dependency);
    }
  };
  visit(id);
  return reached;
}

std::vector<std::string> side(const LoopKernel& kernel, const std::string& match,
                              const std::string& parameter, bool empty_ok) {
  return empty_ok ? matching_instructions(kernel, match)
                  : require_instructions(kernel, match, "add_nosync", parameter);
}

void add_entry(Instruction& instruction, const std::string& other, SyncScope scope) {
  bool present = std::any_of(instruction.no_sync_with.begin(), instruction.no_sync_with.end(),
                             [&](const NoSyncWith& entry) {
                               return entry.instruction_match == other && entry.scope == scope;
                             });
  if (!present) instruction.no_sync_with.push_back({other, scope});
}

}  // namespace

LoopKernel add_nosync(const LoopKernel& kernel, const std::string& scope, const std::string& source,
                      const std::string& sink, const NoSyncOptions& options) {
  TransformCall call{"add_nosync", {{"scope", scope}, {"source", source}, {"sink", sink}}};
  if (options.bidirectional) call.arguments["bidirectional"] = true;
  if (options.force) call.arguments["force"] = true;
  if (options.empty_ok) call.arguments["empty_ok"] = true;
  if (options.unchecked) call.arguments["unchecked"] = true;
  // Step 1: checks.
  SyncScope sync_scope = parse_scope(scope);
  std::vector<std::string> sources = side(kernel, source, "source", options.empty_ok);
  std::vector<std::string> sinks = side(kernel, sink, "sink", options.empty_ok);
  // Step 2: the pairs joined by a dependency path (every pair with `force`).
  std::map<std::string, std::set<std::string>> to_add;  // instruction → the ids it gets entries for
  for (const std::string& sink_id : sinks) {
    std::set<std::string> reached = transitive_dependencies(kernel, sink_id);
    for (const std::string& source_id : sources) {
      if (!options.force && reached.count(source_id) == 0) continue;
      to_add[sink_id].insert(source_id);
      if (options.bidirectional) to_add[source_id].insert(sink_id);
    }
  }
  if (to_add.empty() && !options.empty_ok) {
    throw Error("add_nosync: no nosync entries were added: no sink (" + joined(sinks) +
                ") depends on a source (" + joined(sources) +
                "). add_nosync only accompanies existing dependencies; pass force=true to add "
                "them anyway");
  }
  // Step 3: the entries.
  LoopKernel result = kernel;
  for (const auto& [id, others] : to_add) {
    for (const std::string& other : others)
      add_entry(instruction_named(result, id), other, sync_scope);
  }
  return finish_transform(kernel, std::move(result), call, std::nullopt, options.unchecked,
                          CheckScope::Order);
}

LOOM_REGISTER_TRANSFORM(add_nosync) {
  registry.add(
      {"add_nosync",
       "declare that sink instructions need no barrier against the sources they depend on",
       {{"scope", ParameterType::Enum, true, false, std::monostate{}, {"local", "global", "any"}},
        {"source", ParameterType::Match, true},
        {"sink", ParameterType::Match, true},
        {"bidirectional", ParameterType::Bool, false, false, false},
        {"force", ParameterType::Bool, false, false, false},
        {"empty_ok", ParameterType::Bool, false, false, false}},
       [](const LoopKernel& kernel, const TransformArguments& args) {
         return add_nosync(kernel, args.string("scope"), args.string("source"), args.string("sink"),
                           {.bidirectional = args.boolean("bidirectional"),
                            .force = args.boolean("force"),
                            .empty_ok = args.boolean("empty_ok"),
                            .unchecked = args.unchecked()});
       }});
}

}  // namespace loom
