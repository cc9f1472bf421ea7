// save_and_reload_temporaries (loopy's transform/save.py, by a different route): private and
// local memory do not survive the kernel split at a global barrier, so temporaries live across
// one move to global memory, one copy per work-item (private) or per work-group (local).
//
//   <> t = 2*a[i]  (i_outer:g.0, i_inner:l.0);  ... gbarrier;  out[i] = t + b[n-1-i]
//   save_and_reload_temporaries  →  t becomes a global temporary t[i_outer, i_inner]
//
// loopy inserts save and reload instructions around the barrier; loom indexes the temporary by
// the hardware inames instead, which has the same effect with no extra instructions (the
// compiler keeps the value in a register between uses within a kernel).
//
// With nothing live across a global barrier it changes nothing, as in loopy.
//
// Refuses: a named temporary that is not a private or local temporary, and one whose accessing
// instructions do not all run on the same hardware inames.
#include <algorithm>
#include <map>
#include <set>

#include "analysis/checks.hpp"
#include "codegen/hardware_axes.hpp"
#include "ir/instruction_names.hpp"
#include "loom/error.hpp"
#include "loom/gpu_transforms.hpp"
#include "transforms/registry.hpp"
#include "transforms/instruction_support.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

constexpr const char* kTransform = "save_and_reload_temporaries";

// Written before some global barrier and read after it (by the dependency order).
bool live_across_global_barrier(const LoopKernel& kernel, const Temporary& temporary) {
  for (const Instruction& barrier : kernel.instructions) {
    if (barrier.kind != InstructionKind::Barrier || barrier.barrier_scope != SyncScope::Global) continue;
    bool written_before = false, read_after = false;
    for (const Instruction& instruction : kernel.instructions) {
      if (writes_name(instruction, temporary.name) && depends_transitively(kernel, barrier.id, instruction.id)) written_before = true;
      if (mentions_name(instruction, temporary.name) && depends_transitively(kernel, instruction.id, barrier.id)) read_after = true;
    }
    if (written_before && read_after) return true;
  }
  return false;
}

// The hardware inames one copy is per, for each instruction that accesses the temporary: g.N (and
// l.N for private temporaries), in axis order. Different instructions may use different inames
// on an axis (duplicate_inames of an l.0 iname, loopy's test_save_across_inames_with_same_tag)
// when those inames have the same range: a work-item's hardware index then finds its copy again.
std::map<std::string, std::vector<std::string>> copy_inames(const LoopKernel& kernel, const Temporary& temporary) {
  std::map<std::string, std::vector<std::string>> per_instruction;
  std::optional<std::vector<int>> axes;
  std::vector<std::string> first_inames;
  std::string first;
  for (const Instruction& instruction : kernel.instructions) {
    if (!mentions_name(instruction, temporary.name)) continue;
    std::vector<std::pair<int, std::string>> keyed;
    for (const std::string& iname : instruction.within_inames) {
      InameTag tag = kernel.tag_of(iname);
      bool group = tag.kind == InameTag::Kind::Group;
      bool local = tag.kind == InameTag::Kind::Local && temporary.address_space != AddressSpace::Local;
      if (group || local) keyed.push_back({(local ? 10 : 0) + tag.axis, iname});
    }
    std::sort(keyed.begin(), keyed.end());
    std::vector<int> here_axes;
    std::vector<std::string> here;
    for (const auto& entry : keyed) {
      here_axes.push_back(entry.first);
      here.push_back(entry.second);
    }
    bool same = !axes || *axes == here_axes;
    for (std::size_t k = 0; same && axes && k < here.size(); ++k) {
      if (here[k] == first_inames[k]) continue;
      codegen::InameBounds a = codegen::iname_bounds(kernel, here[k]), b = codegen::iname_bounds(kernel, first_inames[k]);
      same = to_string(a.lower) == to_string(b.lower) && to_string(a.extent) == to_string(b.extent);
    }
    if (!same) {
      throw Error(std::string(kTransform) + ": instructions '" + first + "' and '" + instruction.id + "' access temporary '" +
                  temporary.name + "' on different hardware inames, so a work-item's saved copy cannot be found again");
    }
    if (!axes) {
      axes = here_axes;
      first_inames = here;
      first = instruction.id;
    }
    per_instruction[instruction.id] = here;
  }
  return per_instruction;
}

ExprPtr with_copy_indices(const ExprPtr& expr, const std::string& name, const std::vector<ExprPtr>& leading) {
  return map_expr(expr, [&](const ExprPtr& node) -> ExprPtr {
    if (node->name != name) return node;
    // No hardware inames to index by: the name stays a scalar (a zero-index subscript of it would
    // outlive a later set_temporary_address_space back to private as `t[0]` on a scalar).
    if (node->kind == ExprKind::Variable) return leading.empty() ? node : subscript(name, leading);
    if (node->kind != ExprKind::Subscript) return node;
    std::vector<ExprPtr> indices = leading;
    indices.insert(indices.end(), node->operands.begin(), node->operands.end());
    return subscript(name, indices);
  });
}

void make_global(LoopKernel& kernel, Temporary& temporary) {
  std::map<std::string, std::vector<std::string>> inames = copy_inames(kernel, temporary);
  std::vector<ExprPtr> extents;
  for (Instruction& instruction : kernel.instructions) {
    auto found = inames.find(instruction.id);
    if (found == inames.end()) continue;
    std::vector<ExprPtr> leading;
    extents.clear();
    for (const std::string& iname : found->second) {
      codegen::InameBounds bounds = codegen::iname_bounds(kernel, iname);
      bool zero = bounds.lower->kind == ExprKind::IntLiteral && bounds.lower->int_value == 0;
      leading.push_back(zero ? variable(iname) : binary(BinaryOp::Subtract, variable(iname), bounds.lower));
      extents.push_back(bounds.extent);
    }
    if (instruction.expression) instruction.expression = with_copy_indices(instruction.expression, temporary.name, leading);
    for (ExprPtr& assignee : instruction.assignees) assignee = with_copy_indices(assignee, temporary.name, leading);
    for (ExprPtr& predicate : instruction.predicates) predicate = with_copy_indices(predicate, temporary.name, leading);
  }
  extents.insert(extents.end(), temporary.shape.begin(), temporary.shape.end());
  temporary.shape = extents;
  temporary.address_space = AddressSpace::Global;
  // Its private or local storage area (alias_temporaries) stays with the other members; the saved
  // copy gets global storage of its own (test_save_with_base_storage). Aliasing only shares memory
  // between uses that do not overlap, so giving one member its own changes no result.
  temporary.base_storage.clear();
}

}  // namespace

LoopKernel save_and_reload_temporaries(const LoopKernel& kernel, const std::vector<std::string>& temporaries,
                                       bool unchecked) {
  TransformCall call{kTransform, {}};
  if (!temporaries.empty()) call.arguments["temporaries"] = temporaries;
  if (unchecked) call.arguments["unchecked"] = true;
  LoopKernel result = kernel;
  int changed = 0;
  for (Temporary& temporary : result.temporaries) {
    bool named = std::find(temporaries.begin(), temporaries.end(), temporary.name) != temporaries.end();
    if (!temporaries.empty() && !named) continue;
    if (temporary.address_space == AddressSpace::Global) {
      if (named) throw Error(std::string(kTransform) + ": temporary '" + temporary.name + "' is global already");
      continue;
    }
    if (!named && !live_across_global_barrier(kernel, temporary)) continue;
    make_global(result, temporary);
    ++changed;
  }
  for (const std::string& name : temporaries) {
    if (kernel.find_temporary(name) == nullptr) throw Error(std::string(kTransform) + ": no temporary '" + name + "'");
  }
  // Nothing live across a global barrier: loopy's call is then a no-op (recipes call it
  // unconditionally; test_const_temp_with_initializer_not_saved).
  if (changed == 0) return kernel;
  // The storage changed: the false (output, anti) dependences the old private or local copies
  // made harmless are gone, and what the old dependences would still report across work-groups
  // is exactly what the new copies remove. The result is checked against its own dependences.
  return finish_meaning_change(kernel, std::move(result), call, unchecked);
}

LOOM_REGISTER_TRANSFORM(save_and_reload_temporaries) {
  registry.add({kTransform,
                "keep private and local temporaries live across global barriers in global memory",
                {{"temporaries", ParameterType::InameList, false}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  std::vector<std::string> names;
                  if (args.all().count("temporaries") != 0) names = args.names("temporaries");
                  return save_and_reload_temporaries(kernel, names, args.unchecked());
                }});
}

}  // namespace loom
