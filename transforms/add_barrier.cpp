// add_barrier (loopy's transform/add_barrier.py): inserts a barrier between instructions.
//
//   b[i] = 2*a[i] {id=double}      c[ii] = b[n-1-ii] + 1 {id=reverse, dep=double}
// add_barrier("id:double", "id:reverse", {.synchronization_kind = "local"}) →
//   b[i] = 2*a[i] {id=double}
//   ... lbarrier {id=l_barrier, dep=double}
//   c[ii] = b[n-1-ii] + 1 {id=reverse, dep=double:l_barrier}
//
// The barrier depends on every instruction matched by `insn_before`, and every instruction
// matched by `insn_after` depends on it. Its id is `id_based_on` (default "g_barrier" or
// "l_barrier"), uniquified with _0, _1, ... as loopy does; it carries `tags` and runs within
// `within_inames` (default: outside every loop). `synchronization_kind` says who waits: "local"
// (a work-group; a no-op on the C target) or "global" (the whole launch: code generation splits
// the kernel there). `mem_kind` says which memory it makes visible (default: the same as
// synchronization_kind). It goes into the instruction list just before the first `insn_after`
// instruction. Only dependencies are added, so the meaning stays; the new order is checked.
//
// Refuses: a side matching no instruction, an unknown kind, a global barrier fencing only local
// memory (the kernel syntax cannot say it either), an id_based_on or tag that is not an
// identifier, unknown within_inames, hardware-parallel ones (g, l, vec, ilp: a barrier must be
// reached by every work-item alike, DESIGN.md §5), and an instruction both before and after the
// barrier (a dependency cycle).
#include <algorithm>

#include "loom/error.hpp"
#include "transforms/instruction_support.hpp"
#include "transforms/registry.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

constexpr const char* kTransform = "add_barrier";

SyncScope barrier_kind(const std::string& kind, const std::string& parameter) {
  if (kind == "global") return SyncScope::Global;
  if (kind == "local") return SyncScope::Local;
  throw Error(std::string(kTransform) + ": " + parameter + " '" + kind +
              "' is not a barrier kind: expected \"global\" or \"local\"");
}

bool runs_in_parallel(const InameTag& tag) {
  using Kind = InameTag::Kind;
  return tag.kind == Kind::Group || tag.kind == Kind::Local || tag.kind == Kind::LocalAuto ||
         tag.kind == Kind::Vec || tag.kind == Kind::Ilp;
}

void check_within_inames(const LoopKernel& kernel, const std::vector<std::string>& within_inames) {
  for (const std::string& iname : within_inames) {
    require_iname(kernel, iname, kTransform);
    InameTag tag = kernel.tag_of(iname);
    if (!runs_in_parallel(tag)) continue;
    throw Error(std::string(kTransform) + ": within_inames names '" + iname +
                "', which is tagged " + to_string(tag) +
                "; a barrier must be reached alike by every work-item, so it may run only within "
                "sequential loops");
  }
}

Instruction make_barrier(const LoopKernel& kernel, const std::vector<std::string>& before,
                         const BarrierOptions& options, SyncScope scope, SyncScope mem_kind) {
  Instruction barrier;
  barrier.kind = InstructionKind::Barrier;
  std::string base =
      options.id_based_on.value_or(options.synchronization_kind.substr(0, 1) + "_barrier");
  barrier.id = unused_name(kernel, base);
  barrier.depends_on.insert(before.begin(), before.end());
  barrier.within_inames.insert(options.within_inames.begin(), options.within_inames.end());
  barrier.tags.insert(options.tags.begin(), options.tags.end());
  barrier.barrier_scope = scope;
  barrier.barrier_mem_kind = mem_kind;
  barrier.source = std::string("... ") + (scope == SyncScope::Global ? "gbarrier" : "lbarrier");
  return barrier;
}

}  // namespace

LoopKernel add_barrier(const LoopKernel& kernel, const std::string& insn_before,
                       const std::string& insn_after, const BarrierOptions& options) {
  TransformCall call{kTransform, {{"insn_before", insn_before}, {"insn_after", insn_after}}};
  if (options.id_based_on) call.arguments["id_based_on"] = *options.id_based_on;
  if (!options.tags.empty()) call.arguments["tags"] = options.tags;
  if (options.synchronization_kind != "global")
    call.arguments["synchronization_kind"] = options.synchronization_kind;
  if (options.mem_kind) call.arguments["mem_kind"] = *options.mem_kind;
  if (!options.within_inames.empty()) call.arguments["within_inames"] = options.within_inames;
  if (options.unchecked) call.arguments["unchecked"] = true;
  // Step 1: checks.
  SyncScope scope = barrier_kind(options.synchronization_kind, "synchronization_kind");
  SyncScope mem_kind = options.mem_kind ? barrier_kind(*options.mem_kind, "mem_kind") : scope;
  if (scope == SyncScope::Global && mem_kind == SyncScope::Local) {
    throw Error(std::string(kTransform) +
                ": a global barrier synchronizes the whole launch and fences global memory; "
                "mem_kind=\"local\" needs synchronization_kind=\"local\"");
  }
  if (options.id_based_on) require_name(*options.id_based_on, kTransform, "id_based_on");
  for (const std::string& tag : options.tags) require_name(tag, kTransform, "tag");
  check_within_inames(kernel, options.within_inames);
  std::vector<std::string> before =
      require_instructions(kernel, insn_before, kTransform, "insn_before");
  std::vector<std::string> after =
      require_instructions(kernel, insn_after, kTransform, "insn_after");
  // Step 2: the barrier, placed before the first instruction that waits for it.
  LoopKernel result = kernel;
  Instruction barrier = make_barrier(kernel, before, options, scope, mem_kind);
  for (const std::string& id : after) instruction_named(result, id).depends_on.insert(barrier.id);
  std::string barrier_id = barrier.id;
  auto first_after = std::find_if(
      result.instructions.begin(), result.instructions.end(), [&](const Instruction& i) {
        return std::find(after.begin(), after.end(), i.id) != after.end();
      });
  result.instructions.insert(first_after, std::move(barrier));
  require_acyclic(result, kTransform,
                  "instructions both before and after barrier '" + barrier_id + "' (insn_before '" +
                      insn_before + "', insn_after '" + insn_after + "') would close a cycle");
  // Step 3: instances are unchanged (the barrier accesses nothing); the order may not be.
  return finish_transform(kernel, std::move(result), call, std::nullopt, options.unchecked,
                          CheckScope::Order);
}

LOOM_REGISTER_TRANSFORM(add_barrier) {
  registry.add(
      {"add_barrier",
       "insert a barrier after the insn_before instructions and before the insn_after ones",
       {{"insn_before", ParameterType::Match, true},
        {"insn_after", ParameterType::Match, true},
        {"id_based_on", ParameterType::String, false, true},
        {"tags", ParameterType::InameList, false, true},
        {"synchronization_kind",
         ParameterType::Enum,
         false,
         false,
         std::string("global"),
         {"global", "local"}},
        {"mem_kind", ParameterType::Enum, false, true, std::monostate{}, {"global", "local"}},
        {"within_inames", ParameterType::InameList, false, true}},
       [](const LoopKernel& kernel, const TransformArguments& args) {
         return add_barrier(kernel, args.string("insn_before"), args.string("insn_after"),
                            {.id_based_on = args.optional_string("id_based_on"),
                             .tags = args.names("tags"),
                             .synchronization_kind = args.string("synchronization_kind"),
                             .mem_kind = args.optional_string("mem_kind"),
                             .within_inames = args.names("within_inames"),
                             .unchecked = args.unchecked()});
       }});
}

}  // namespace loom
