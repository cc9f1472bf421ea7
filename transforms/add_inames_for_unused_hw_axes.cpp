// add_inames_for_unused_hw_axes (loopy's transform/iname.py): gives instructions the hardware
// axes they lack, so every instruction of a device kernel runs on all of them.
//
//   {[i]: 0<=i<n}, {[j]: 0<=j<1}   out[i] = a[i] (i_outer:g.0, i_inner:l.0);  flag[j] = 1
//   add_inames_for_unused_hw_axes  →  flag[j] = 1 runs within i_outer and i_inner, only where
//                                     i_outer == 0 and i_inner == 0
//
// Refuses: an axis several inames use where an instruction lacks it, an unknown match, an instruction whose inames the axis's
// domain bounds (each work-group would run it over its own range). Checked like every transform.
#include <climits>
#include <map>

#include "analysis/checks.hpp"
#include "analysis/address_spaces.hpp"
#include "analysis/dependences.hpp"
#include "analysis/per_work_item_dependences.hpp"

#include "ir/instance_sets.hpp"
#include "ir/instruction_names.hpp"
#include "transforms/instruction_support.hpp"
#include "ir/match.hpp"
#include "loom/error.hpp"
#include "loom/gpu_transforms.hpp"
#include "transforms/registry.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

constexpr int64_t kAllReplicas = INT64_MIN;  // an added iname whose every value runs the instruction

bool is_hardware(const InameTag& tag) {
  return tag.kind == InameTag::Kind::Group || tag.kind == InameTag::Kind::Local;
}

// "g.0" / "l.1" → the inames on that axis, in the kernel's order.
std::map<std::string, std::vector<std::string>> inames_per_axis(const LoopKernel& kernel) {
  std::map<std::string, std::vector<std::string>> axes;
  for (const auto& [iname, tag] : kernel.iname_tags) {
    if (is_hardware(tag)) axes[to_string(tag)].push_back(iname);
  }
  return axes;
}

// The one iname to add for `axis`; refuses an axis several inames share, as loopy does, only
// where an instruction lacks that axis (it was refused for any kernel with two inames on one
// axis: a prefetch whose fetch dimension went onto l.1 beside the reader's own l.1 iname).
const std::string& iname_to_add(const std::string& axis, const std::vector<std::string>& inames,
                                const Instruction& instruction) {
  if (inames.size() != 1) {
    throw Error("add_inames_for_unused_hw_axes: instruction '" + instruction.id + "' does not use " + axis +
                ", and inames '" + inames[0] + "' and '" + inames[1] + "' are both tagged " + axis +
                "; the transform needs one iname per hardware axis to know which to add (restrict it with "
                "within, or give the instruction the iname with add_inames_to_insn)");
  }
  return inames.front();
}

// Who else sees what the instruction writes: nobody (private), the work-items of its work-group
// (local memory: each group has its own copy) or every work-item (global memory).
enum class WriteScope { Private, Group, Global };

WriteScope write_scope(const LoopKernel& kernel, const Instruction& instruction) {
  WriteScope scope = WriteScope::Private;
  for (const ExprPtr& assignee : instruction.assignees) {
    const Temporary* temporary = kernel.find_temporary(assignee->name);
    if (temporary == nullptr || temporary->address_space == AddressSpace::Global) return WriteScope::Global;
    if (temporary->address_space == AddressSpace::Local) scope = WriteScope::Group;
  }
  return scope;
}

// Whether only the first value of the added `iname` runs the instruction: one writer of memory
// the other values see. A local array is per work-group, so every group writes its own copy (a
// table filled by one instruction and read by every lane: the lanes of group 3 read group 3's).
bool one_writer_along(WriteScope scope, const InameTag& tag) {
  return scope == WriteScope::Global || (scope == WriteScope::Group && tag.kind == InameTag::Kind::Local);
}

// Whether running `instruction` within `iname` as well would change the range of its other
// inames for some value of `iname`: a domain that ties them together ({[i, j]: j <= i}, `iname`
// being i's outer part) would give each work-group its own range, so the instruction would no
// longer compute what it computed once (found by the transform fuzzer: a private `t = y[j]`
// took a different last value in every group).
// `only_value`: the one value of `iname` that runs the instruction (a writer of shared memory,
// predicated to it): only its range must be the instruction's whole range. A local fetch whose
// own loop is split onto l.1 gained i_inner (l.0), whose last work-items lie past n in the last
// group; i_inner == 0, which writes, is never past it (a false refusal before).
bool ties_ranges(const LoopKernel& kernel, const Instruction& instruction, const std::string& iname,
                 std::optional<int64_t> only_value) {
  std::vector<std::string> dims;
  // Its own loops only where every value runs it: the hardware inames added before this one are
  // tied to it by design (i_outer and i_inner of one split). Where one value writes for all, its
  // hardware inames too: that value must run it for each work-group and lane that ran it before
  // (a fetch of y[j] in group j within i_inner over `j <= 8 i_outer + i_inner < n`: i_inner == 0
  // has no i_outer for 1 <= j < 8 when n < 9, so groups 1-7 read a fetch nobody wrote; transform
  // fuzzer, seed 137).
  for (const std::string& name : kernel.all_inames()) {
    if (instruction.within_inames.count(name) == 0) continue;
    if (!is_hardware(kernel.tag_of(name)) || only_value) dims.push_back(name);
  }
  if (dims.empty()) return false;  // no range to tie
  Instruction with_iname = instruction;
  with_iname.within_inames.insert(iname);
  Instruction only_iname;
  only_iname.within_inames = {iname};
  return with_isl_errors("add_inames_for_unused_hw_axes", [&] {
    isl::set before = instruction_domain(kernel, instruction, dims, "S");
    isl::set after = instruction_domain(kernel, with_iname, dims, "S");  // `iname` stays a parameter
    isl::set range = instruction_domain(kernel, only_iname, {}, "S").params();
    if (!only_value) return !before.intersect_params(range).is_subset(after);
    // The one value must exist wherever some value does, and run the whole range there.
    isl::set value(before.ctx(), "[" + iname + "] -> { : " + iname + " = " + std::to_string(*only_value) + " }");
    isl::set at_value = range.intersect(value);
    auto without_iname = [&](const isl::set& set) {
      int position = isl_set_find_dim_by_name(set.get(), isl_dim_param, iname.c_str());
      if (position < 0) return set;
      return isl::manage(isl_set_project_out(set.copy(), isl_dim_param, static_cast<unsigned>(position), 1));
    };
    if (!without_iname(range).is_subset(without_iname(at_value))) return true;
    return !before.intersect_params(at_value).is_subset(after);
  });
}

// The new instances of each instruction that run it: every value of an added iname, or only
// its first where the instruction writes memory other work-items see (the predicate added
// below). Written as instance_rewrite's constraints on the new dimensions.
std::string running_replicas(const std::map<std::string, std::vector<std::pair<std::string, int64_t>>>& added,
                             const Instruction& old) {
  auto found = added.find(old.id);
  if (found == added.end()) return "";
  std::string constraints;
  for (const auto& [iname, only] : found->second) {
    if (only == kAllReplicas) continue;
    constraints += (constraints.empty() ? "" : " and ") + iname + " = " + std::to_string(only);
  }
  return constraints;
}

// The dependences of `before`, traced to the replicas: the transform adds no computation (each
// replica computes what the instruction computed, and only one writes shared memory), so the old
// meaning stays the reference. Through a private temporary, an instruction that gained an iname
// writes one copy per value of it, all equal, and a reader in that work-item reads its own: pairs
// whose source gained an iname keep it equal (through a local one, the same along g inames). (A
// reader that gained one reads its own copy too, which holds its own work-item's value, not the
// one the reference read: those pairs stay whole, and check_dependences refuses the ones that
// cross copies.) Making `after` its own reference instead, in its own order with every iname a
// loop, let one loop over an added l.0 iname enclose an earlier instruction's loop and the
// instruction, so the new reference read values before they were written and a legal recipe was
// refused (gramschmidt's column norm after the column scaling on l.0). The C target, which runs
// that order, refuses such kernels itself (dependence_broken_by_work_items_in_turn).
std::shared_ptr<const detail::DependenceData> traced_to_replicas(
    const LoopKernel& before, const LoopKernel& after,
    const std::map<std::string, std::vector<std::pair<std::string, int64_t>>>& added) {
  std::shared_ptr<const detail::DependenceData> lineage_dependences = dependences_of(before);
  // The traced lineage has no dependences through temporaries that transforms added (a
  // prefetch's a_fetch): those are computed on `before`, with one copy per work-item of a private
  // temporary and per work-group of a local one (as the hardware has them), and traced with the
  // rest. Not computed at all, a local fetch split onto g.1 and read by instructions that gained
  // g.1 was accepted and ran wrong (transform fuzzer, seed 91). Computed on `after` in its own
  // order, the loops over the added inames nested a fetch apart from its reader: a prefetch whose
  // fetch iname was tagged l.1 afterwards was refused for a flow across work-groups the kernel
  // does not have. Computed on `before` with one copy, a private fetch within i_inner (l.0) nested
  // apart from its reader in j_inner (l.1) read the last lane's value: a false refusal too.
  auto old = std::make_shared<detail::DependenceData>(*lineage_dependences);
  std::set<std::string> lineage, added_temporaries;
  for (const Dependence& dependence : lineage_dependences->dependences) lineage.insert(dependence.variable);
  for (const Temporary& temporary : before.temporaries) {
    if (lineage.count(temporary.name) == 0) added_temporaries.insert(temporary.name);
  }
  if (!added_temporaries.empty()) {
    std::shared_ptr<const detail::DependenceData> fresh = compute_dependences_per_work_item(before, added_temporaries);
    old->dependences.insert(old->dependences.end(), fresh->dependences.begin(), fresh->dependences.end());
  }
  isl::union_map rewrite = instance_rewrite(before, after, [&](const Instruction& instruction) {
    return running_replicas(added, instruction);
  });
  auto traced = std::make_shared<detail::DependenceData>(*trace_dependences(*old, rewrite));
  for (Dependence& dependence : traced->dependences) {
    const Temporary* temporary = after.find_temporary(dependence.variable);
    if (temporary == nullptr) continue;
    AddressSpace space = effective_address_space(after, *temporary);
    if (space != AddressSpace::Private && space != AddressSpace::Local) continue;
    auto source = added.find(dependence.source);
    if (source == added.end()) continue;
    std::vector<std::string> gained;  // the inames along which the variable has a copy per value
    for (const auto& [iname, only] : source->second) {
      if (space == AddressSpace::Private || after.tag_of(iname).kind == InameTag::Kind::Group) gained.push_back(iname);
    }
    dependence.relation = pairs_equal_on(dependence.relation, gained);
  }
  return traced;
}

}  // namespace

LoopKernel add_inames_for_unused_hw_axes(const LoopKernel& kernel, const std::optional<std::string>& within,
                                         bool unchecked) {
  TransformCall call{"add_inames_for_unused_hw_axes", {}};
  if (within) call.arguments["within"] = *within;
  if (unchecked) call.arguments["unchecked"] = true;
  InstructionMatch match = within ? InstructionMatch::parse(*within) : InstructionMatch::all();
  std::map<std::string, std::vector<std::string>> axes = inames_per_axis(kernel);
  LoopKernel result = kernel;
  std::map<std::string, std::vector<std::pair<std::string, int64_t>>> added;  // id -> (iname, the one value or all)
  for (Instruction& instruction : result.instructions) {
    if (instruction.kind != InstructionKind::Assignment || !match.matches(kernel, instruction)) continue;
    std::set<std::string> used;
    for (const std::string& iname : instruction.within_inames) {
      if (is_hardware(kernel.tag_of(iname))) used.insert(to_string(kernel.tag_of(iname)));
    }
    // A reduction over a hardware iname runs on its axis already (realized across the lanes):
    // giving the instruction that iname as well ran it once per lane over one lane's terms
    // (row_abs_max with j_inner on l.0 computed the max of column 0 on C; OpenCL refused it).
    for (const std::string& iname : reduction_inames_of(instruction)) {
      if (is_hardware(kernel.tag_of(iname))) used.insert(to_string(kernel.tag_of(iname)));
    }
    WriteScope scope = write_scope(kernel, instruction);
    for (const auto& [axis, inames] : axes) {
      if (used.count(axis) != 0) continue;
      const std::string& iname = iname_to_add(axis, inames, instruction);
      bool one_writer = one_writer_along(scope, kernel.tag_of(iname));
      std::optional<ConstantRange> range = constant_iname_range(kernel, iname);
      int64_t first = range ? range->lower : 0;
      if (!unchecked && ties_ranges(kernel, *kernel.find_instruction(instruction.id), iname,
                                    one_writer ? std::optional<int64_t>(first) : std::nullopt)) {
        std::string what = one_writer ? "so '" + iname + " == " + std::to_string(first) +
                                            "', the one work-item that would write it, would not run it wherever it ran"
                                      : "so each value of '" + iname + "' would run it over a different range";
        throw Error("add_inames_for_unused_hw_axes: instruction '" + instruction.id + "' would run within '" +
                    iname + "' (" + axis + "), whose domain bounds the instruction's own inames, " + what +
                    "; give it the iname explicitly where that is meant (add_inames_to_insn), or keep '" + iname +
                    "' out of hardware axes");
      }
      instruction.within_inames.insert(iname);
      if (!one_writer) {
        added[instruction.id].emplace_back(iname, kAllReplicas);
        continue;
      }
      instruction.predicates.push_back(binary(BinaryOp::Equal, variable(iname), int_literal(first)));
      added[instruction.id].emplace_back(iname, first);
    }
  }
  LoopKernel rebased = kernel;
  rebased.dependences = with_isl_errors("add_inames_for_unused_hw_axes: tracing dependences",
                                        [&] { return traced_to_replicas(kernel, result, added); });
  return finish_transform(rebased, std::move(result), call, std::nullopt, unchecked, CheckScope::All);
}

LOOM_REGISTER_TRANSFORM(add_inames_for_unused_hw_axes) {
  registry.add({"add_inames_for_unused_hw_axes",
                "give instructions the hardware axes (g.N, l.N) they lack, one work-item writing",
                {{"within", ParameterType::Match, false, true}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  return add_inames_for_unused_hw_axes(kernel, args.optional_string("within"), args.unchecked());
                }});
}

}  // namespace loom
