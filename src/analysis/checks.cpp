// Kernel checks (loopy's pre-schedule checks, made exact with isl where loopy guesses).
#include "analysis/checks.hpp"

#include <isl/aff.h>
#include <isl/constraint.h>
#include <isl/map.h>
#include <isl/set.h>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <map>
#include <optional>
#include <set>

#include "analysis/accesses.hpp"
#include "analysis/index_digits.hpp"
#include "ir/work_counters.hpp"
#include "analysis/address_spaces.hpp"
#include "analysis/instance_printer.hpp"
#include "codegen/schedule_tree.hpp"
#include "ir/isl_expr.hpp"
#include "ir/isl_extra.hpp"
#include "ir/instruction_names.hpp"
#include "ir/isl_kernel.hpp"
#include "ir/isl_memo.hpp"
#include "loom/error.hpp"

namespace loom {

namespace {

using Kind = InameTag::Kind;

bool concurrent_for(AddressSpace space, const InameTag& tag) {
  switch (space) {
    case AddressSpace::Global: return tag.kind == Kind::Group || tag.kind == Kind::Local || tag.kind == Kind::Vec || tag.kind == Kind::Ilp;
    case AddressSpace::Local: return tag.kind == Kind::Local || tag.kind == Kind::Vec || tag.kind == Kind::Ilp;
    // Private temporaries get a copy per work-item and, by ILP privatization, per ilp/vec value:
    // no tag makes two instances share one (the dependence check still guards real data flow).
    default: return false;
  }
}

// ILP privatization (privatize_ilp.cpp) gives a local temporary a copy per ilp/vec value where
// every access to it lies inside that iname (loopy's test_ilp_write_race_avoidance_local).
bool privatized_along(const LoopKernel& kernel, const std::string& variable, AddressSpace space, const InameTag& tag,
                      const std::string& iname) {
  bool ilp = tag.kind == Kind::Ilp || tag.kind == Kind::IlpSeq || tag.kind == Kind::Vec;
  if (space != AddressSpace::Local || !ilp || kernel.find_temporary(variable) == nullptr) return false;
  return std::all_of(kernel.instructions.begin(), kernel.instructions.end(), [&](const Instruction& instruction) {
    return !mentions_name(instruction, variable) || instruction.within_inames.count(iname) != 0;
  });
}

AddressSpace space_of(const LoopKernel& kernel, const std::string& variable) {
  const Temporary* temporary = kernel.find_temporary(variable);
  if (temporary == nullptr) return AddressSpace::Global;
  return effective_address_space(kernel, *temporary);
}

// Pairs of instances that write the same element: { x -> y : writes(x) meets writes(y) }. It is
// symmetric (x -> y is in it exactly when y -> x is), which conflicts_exist relies on.
isl::map same_element_writes(const isl::map& writes) { return writes.apply_range(writes.reverse()); }

// Two instances writing the same element while differing in `iname`.
isl::map conflicting_writes(const isl::map& same_element, const std::string& iname) {
  int in = isl_map_find_dim_by_name(same_element.get(), isl_dim_in, iname.c_str());
  int out = isl_map_find_dim_by_name(same_element.get(), isl_dim_out, iname.c_str());
  isl_map* universe = isl_map_universe(isl_map_get_space(same_element.get()));
  isl::map below = isl::manage(isl_map_order_lt(isl_map_copy(universe), isl_dim_in, in, isl_dim_out, out));
  isl::map above = isl::manage(isl_map_order_gt(universe, isl_dim_in, in, isl_dim_out, out));
  isl::map differ = below.unite(above);
  return same_element.intersect(differ);
}

// Whether conflicting_writes(same_element, iname) is non-empty, at a fraction of its cost: by the
// symmetry of `same_element`, a pair with iname_in > iname_out exists exactly when one with
// iname_in < iname_out does, so one ordered half answers, and the order constraint is added to
// each basic map directly instead of intersecting with a union of universes.
bool ordered_conflicts_exist(const isl::map& same_element, const std::string& iname) {
  detail::count_race_question();
  int in = isl_map_find_dim_by_name(same_element.get(), isl_dim_in, iname.c_str());
  int out = isl_map_find_dim_by_name(same_element.get(), isl_dim_out, iname.c_str());
  isl::map below = isl::manage(isl_map_order_lt(same_element.copy(), isl_dim_in, in, isl_dim_out, out));
  return !below.is_empty();
}

// ordered_conflicts_exist, memoized by the access relation's key (`access_key`): a transform
// leaves most writes' relations, and so their verdicts, as they were. `same_element` is computed
// on the first miss and kept for the access's other inames.
bool conflicts_exist(const LoopKernel& kernel, const IslMemoKey& access_key, const AccessRelation& relation,
                     std::optional<isl::map>& same_element, const std::string& iname) {
  IslMemoKey key = access_key;
  key.add("write_conflicts").add(iname);
  return memoized(
      *isl_context_of(kernel), key,
      [&] {
        if (!same_element) same_element = same_element_writes(relation.map);
        detail::IslMemoEntry entry;
        entry.flag = ordered_conflicts_exist(*same_element, iname);
        entry.map = relation.map;  // stand-ins (isl_memo.hpp)
        entry.set = relation.map.wrap();
        return entry;
      },
      [](const detail::IslMemoEntry& entry) { return entry.flag; });
}

isl::set shape_box(const LoopKernel& kernel, const std::string& variable, const isl::set& elements) {
  std::vector<ExprPtr> shape;
  if (const KernelArgument* arg = kernel.find_arg(variable)) shape = arg->shape;
  if (const Temporary* temporary = kernel.find_temporary(variable)) shape = temporary->shape;
  isl::set box = isl::set::universe(elements.space());
  for (std::size_t axis = 0; axis < shape.size(); ++axis) {
    auto extent = expr_to_pw_aff(*shape[axis], box);
    if (!extent) continue;  // a non-affine extent is checked at launch, not here
    isl_local_space* ls = isl_local_space_from_space(isl_set_get_space(box.get()));
    isl::pw_aff index = isl::manage(isl_pw_aff_from_aff(isl_aff_var_on_domain(ls, isl_dim_set, static_cast<unsigned>(axis))));
    box = box.intersect(index.ge_set(box.pw_aff_on_domain(0L))).intersect(index.lt_set(*extent));
  }
  return box;
}

std::string shape_text(const LoopKernel& kernel, const std::string& variable) {
  std::vector<ExprPtr> shape;
  if (const KernelArgument* arg = kernel.find_arg(variable)) shape = arg->shape;
  if (const Temporary* temporary = kernel.find_temporary(variable)) shape = temporary->shape;
  std::string text;
  for (const ExprPtr& extent : shape) text += (text.empty() ? "" : ", ") + to_string(extent);
  return "(" + text + ")";
}

// The instances of `relation` that access outside the variable's shape.
isl::map accesses_outside(const LoopKernel& kernel, const Access& access, const AccessRelation& relation) {
  isl::map accesses = relation.map.intersect_params(isl_set_of(kernel.assumptions));
  isl::set box = shape_box(kernel, access.variable, accesses.range());
  return isl::manage(isl_map_subtract_range(accesses.copy(), box.copy()));
}

// Whether no instance of `relation` accesses outside the variable's shape: accesses_outside is
// empty exactly when, on every axis with an affine extent, no access lies below 0 and none at or
// above the extent. Asked side by side (issue 26: subtracting the box from the relation's
// range, computed first, cost more than the 2 x rank emptiness tests it amounts to).
bool no_access_outside(const LoopKernel& kernel, const Access& access, const AccessRelation& relation) {
  std::vector<ExprPtr> shape;
  if (const KernelArgument* arg = kernel.find_arg(access.variable)) shape = arg->shape;
  if (const Temporary* temporary = kernel.find_temporary(access.variable)) shape = temporary->shape;
  isl::map accesses = relation.map.intersect_params(isl_set_of(kernel.assumptions));
  isl::set elements = isl::set::universe(isl::manage(isl_space_range(accesses.get_space().release())));
  for (std::size_t axis = 0; axis < shape.size(); ++axis) {
    auto extent = expr_to_pw_aff(*shape[axis], elements);
    if (!extent) continue;  // a non-affine extent is checked at launch, not here (shape_box)
    isl_local_space* ls = isl_local_space_from_space(isl_set_get_space(elements.get()));
    isl::pw_aff index = isl::manage(isl_pw_aff_from_aff(isl_aff_var_on_domain(ls, isl_dim_set, static_cast<unsigned>(axis))));
    if (!accesses.intersect_range(index.lt_set(elements.pw_aff_on_domain(0L))).is_empty()) return false;
    if (!accesses.intersect_range(index.ge_set(*extent)).is_empty()) return false;
  }
  return true;
}

// Whether the access stays inside its variable's shape, memoized: a transform leaves most
// accesses' relations, and so their verdicts, as they were.
bool access_within_shape(const LoopKernel& kernel, const Access& access, const AccessRelation& relation) {
  IslMemoKey key = access_relation_key(kernel, access);
  key.add("within_shape").add(shape_text(kernel, access.variable)).add(kernel.assumptions);
  return memoized(
      *isl_context_of(kernel), key,
      [&] {
        detail::IslMemoEntry entry;
        entry.flag = no_access_outside(kernel, access, relation);
        entry.map = relation.map;  // stand-ins (isl_memo.hpp)
        entry.set = relation.map.wrap();
        return entry;
      },
      [](const detail::IslMemoEntry& entry) { return entry.flag; });
}

// Whether every value of dimension `position` of `values` lies in [0, bound). The two
// out-of-range parts are `values` with one more constraint each (i <= -1; i - bound >= 0 where the
// bound is one affine expression without divisions), which is cheaper than isl's pw_aff
// comparison sets intersected with `values` (issue 26, small21: 3% of the small specs' time);
// the same points, so the same verdict (asked both ways under LOOM_VERIFY_SKIPPED_CHECKS).
bool iname_values_within_by_comparison_sets(const isl::set& values, int position, const isl::pw_aff& bound) {
  isl_local_space* ls = isl_local_space_from_space(isl_set_get_space(values.get()));
  isl::pw_aff index = isl::manage(isl_pw_aff_from_aff(isl_aff_var_on_domain(ls, isl_dim_set, static_cast<unsigned>(position))));
  isl::set universe = isl::set::universe(values.space());
  return values.intersect(index.lt_set(universe.pw_aff_on_domain(0L))).is_empty() &&
         values.intersect(index.ge_set(bound)).is_empty();
}

bool iname_values_within(const isl::set& values, int position, const isl::pw_aff& bound) {
  auto dimension = static_cast<unsigned>(position);
  isl_aff* bound_aff = isl_pw_aff_isa_aff(bound.get()) == isl_bool_true ? isl_pw_aff_as_aff(bound.copy()) : nullptr;
  if (bound_aff == nullptr || isl_aff_dim(bound_aff, isl_dim_div) != 0 || isl_aff_is_nan(bound_aff) != isl_bool_false) {
    isl_aff_free(bound_aff);
    return iname_values_within_by_comparison_sets(values, position, bound);
  }
  bool within = isl::manage(isl_set_upper_bound_si(values.copy(), isl_dim_set, dimension, -1)).is_empty();
  if (within) {
    // The bound may name parameters `values` does not have (an extent `n` over a domain in
    // `ntgts`): both take each other's parameters first, as isl's comparison sets do.
    isl_set* aligned = isl_set_align_params(values.copy(), isl_aff_get_space(bound_aff));
    bound_aff = isl_aff_align_params(bound_aff, isl_set_get_space(aligned));
    isl_local_space* ls = isl_local_space_from_space(isl_set_get_space(aligned));
    isl_aff* index = isl_aff_var_on_domain(ls, isl_dim_set, dimension);
    isl_constraint* reaches = isl_inequality_from_aff(isl_aff_sub(index, isl_aff_copy(bound_aff)));
    isl_set* reaching = isl_set_add_constraint(aligned, reaches);
    isl_bool empty = isl_set_is_empty(reaching);
    isl_set_free(reaching);
    within = empty == isl_bool_true;
    if (empty == isl_bool_error) {
      isl_aff_free(bound_aff);
      return iname_values_within_by_comparison_sets(values, position, bound);
    }
  }
  isl_aff_free(bound_aff);
  if (std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") != nullptr &&
      within != iname_values_within_by_comparison_sets(values, position, bound)) {
    throw InternalError("iname_within_extent: the one-constraint test and isl's comparison sets disagree");
  }
  return within;
}

// Whether every value `iname` takes lies in [0, extent): its domain under the assumptions, with
// the domain's other inames and any outer inames among its parameters existentially quantified
// (every value they allow). Memoized per lineage, by the iname, the domain's inames, the
// identities of its set and of the assumptions, and the extent. nullopt: the extent is not
// affine (checked at launch, as shape_box leaves it).
std::optional<bool> iname_within_extent(const LoopKernel& kernel, const std::string& iname, const Expr& extent) {
  const Domain* domain = kernel.domain_of_iname(iname);
  if (domain == nullptr) return false;
  IslMemoKey key("iname_within_extent");
  std::string inames;
  for (const std::string& name : domain->inames) inames += name + ",";
  key.add(iname).add(inames).add(to_string(extent)).add(domain->set).add(kernel.assumptions);
  return memoized(
      *isl_context_of(kernel), key,
      [&] {
        detail::IslMemoEntry entry;
        isl::set values = isl_set_of(domain->set).intersect_params(isl_set_of(kernel.assumptions));
        int position = isl_set_find_dim_by_name(values.get(), isl_dim_set, iname.c_str());
        // An extent naming one of the domain's inames would read it as that dimension here (the
        // full check reads names as parameters): no verdict from the ranges then.
        bool names_an_iname = false;
        visit_expr(extent, [&](const Expr& node) {
          names_an_iname = names_an_iname || (node.kind == ExprKind::Variable &&
                                              std::find(domain->inames.begin(), domain->inames.end(), node.name) != domain->inames.end());
        });
        std::optional<isl::pw_aff> bound = expr_to_pw_aff(extent, isl::set::universe(values.space()));
        if (names_an_iname) bound = isl::set::universe(values.space()).pw_aff_on_domain(0L);
        entry.flag = position >= 0 && bound.has_value() && !names_an_iname;
        if (entry.flag) entry.flag = iname_values_within(values, position, *bound);
        // Not affine: no verdict (a set of one value marks it, the flag says nothing then).
        entry.set = bound.has_value() ? values : isl::set::empty(values.space());
        entry.map = isl::manage(isl_map_from_range(entry.set.copy()));  // stand-in (isl_memo.hpp)
        return entry;
      },
      [](const detail::IslMemoEntry& entry) -> std::optional<bool> {
        if (isl_set_plain_is_empty(entry.set.get()) == isl_bool_true) return std::nullopt;
        return entry.flag;
      });
}

// Whether the access is inside its shape by the ranges of its inames alone, without its access
// relation: each index is one of the instruction's inames (`a[i, k]`), and every value that iname
// takes lies in [0, extent) of its axis (or the extent is not affine, which the full check leaves
// to the launch too). Predicates and guards only remove instances, so the access is inside where
// the iname's whole range is (issue 26: a spec's first bounds check, on plain inames, built every
// access relation and asked 2 x rank questions of it; the ranges are shared between accesses).
// False says nothing: the full check decides.
bool plain_indices_within_shape(const LoopKernel& kernel, const Access& access) {
  std::vector<ExprPtr> shape;
  if (const KernelArgument* arg = kernel.find_arg(access.variable)) shape = arg->shape;
  if (const Temporary* temporary = kernel.find_temporary(access.variable)) shape = temporary->shape;
  const std::vector<ExprPtr>& indices = access.subscript->operands;
  if (indices.size() != shape.size() || indices.empty()) return false;
  for (std::size_t axis = 0; axis < indices.size(); ++axis) {
    const Expr& index = *indices[axis];
    bool runs_in = index.kind == ExprKind::Variable && (access.instruction->within_inames.count(index.name) != 0 ||
                                                        access.reduction_inames.count(index.name) != 0);
    if (!runs_in) return false;
    std::optional<bool> within = iname_within_extent(kernel, index.name, *shape[axis]);
    if (within.has_value() && !*within) return false;
  }
  return true;
}

void check_access_bounds(const LoopKernel& kernel, const Access& access, const std::string& context) {
  if (access.subscript == nullptr) return;
  bool verify_skipped = std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") != nullptr;
  bool plain_within = plain_indices_within_shape(kernel, access);
  if (plain_within && !verify_skipped) return;
  detail::count_bounds_relation_checked();
  AccessRelation relation = access_relation(kernel, access);
  if (!relation.exact) return;
  if (access_within_shape(kernel, access, relation)) return;
  if (plain_within) {
    throw InternalError(context + "instruction '" + access.instruction->id + "': the ranges of the inames of " +
                        to_string(*access.subscript) + " lie inside the shape " + shape_text(kernel, access.variable) +
                        " of '" + access.variable + "', but isl finds an access outside it");
  }
  isl::map outside = accesses_outside(kernel, access, relation);
  InstancePrinter printer(outside);
  std::string parameters = printer.parameters();
  throw LegalityError(context + "instruction '" + access.instruction->id + "' " +
                      (access.is_write ? "writes " : "reads ") + to_string(*access.subscript) +
                      " outside the shape " + shape_text(kernel, access.variable) + " of '" + access.variable +
                      "': " + printer.instance(isl_dim_in) + " accesses " + printer.instance(isl_dim_out) +
                      (parameters.empty() ? "" : " (with " + parameters + ")") +
                      ". Fix the index or the shape, or add assumptions that exclude it");
}


bool no_sync(const Instruction& a, const Instruction& b) {
  auto listed = [](const Instruction& x, const Instruction& y) {
    return std::any_of(x.no_sync_with.begin(), x.no_sync_with.end(),
                       [&](const NoSyncWith& entry) { return entry.instruction_match == y.id; });
  };
  return listed(a, b) || listed(b, a);
}

// Why `reader` may depend on `writer` without saying so: loopy's single-writer rule (make_kernel)
// makes an instruction that reads a variable with exactly one writer depend on that writer,
// unless its dependencies are stated exactly ({dep=*...}). "" when the rule does not apply.
std::string single_writer_reason(const LoopKernel& kernel, const Instruction& reader, const Instruction& writer) {
  for (const std::string& name : variables_read(reader)) {
    if (!writes_name(writer, name)) continue;
    long writers = std::count_if(kernel.instructions.begin(), kernel.instructions.end(),
                                 [&](const Instruction& other) { return writes_name(other, name); });
    if (writers != 1) continue;
    return "'" + reader.id + "' depends on '" + writer.id + "' by the single-writer rule ('" + reader.id +
           "' reads '" + name + "', which only '" + writer.id + "' writes)";
  }
  return "";
}

// Why `later` may wait for `earlier` where no value flows: it overwrites a variable `earlier`
// uses (a transform that refills a temporary orders the refill after the earlier uses). "" when
// it writes nothing `earlier` uses.
std::string overwrite_reason(const Instruction& later, const Instruction& earlier) {
  std::set<std::string> used = variables_read(earlier);
  for (const std::string& name : used) {
    if (!writes_name(later, name)) continue;
    return "'" + later.id + "' depends on '" + earlier.id + "' because it overwrites '" + name + "', which '" +
           earlier.id + "' reads";
  }
  return "";
}

// The cycle `ids[0] -> ids[1] -> ... -> ids[0]` (each depends on the next) as an error message
// that names the dependencies the single-writer rule inferred and how to state them exactly.
std::string cycle_message(const LoopKernel& kernel, const std::vector<std::string>& ids) {
  std::string cycle, inferred, overwrites;
  for (std::size_t i = 0; i < ids.size(); ++i) {
    cycle += ids[i] + " -> ";
    const Instruction& reader = *kernel.find_instruction(ids[i]);
    const Instruction& writer = *kernel.find_instruction(ids[(i + 1) % ids.size()]);
    std::string reason = single_writer_reason(kernel, reader, writer);
    if (!reason.empty()) inferred += (inferred.empty() ? "" : "; ") + reason;
    std::string overwrite = overwrite_reason(reader, writer);
    if (reason.empty() && !overwrite.empty()) overwrites += (overwrites.empty() ? "" : "; ") + overwrite;
  }
  std::string message = "dependency cycle: " + cycle + ids.front() + " (each depends on the next)";
  if (!overwrites.empty()) message += ". " + overwrites;
  if (inferred.empty()) return message + "; remove one dependency";
  return message + ". " + inferred +
         ". Unless an instruction's dependencies are given exactly with {dep=*...} (e.g. "
         "{dep=*other_id}, or {dep=*} for none), loom adds these as loopy does; state the exact set on "
         "one of them, or remove one dependency";
}

}  // namespace

bool depends_transitively(const LoopKernel& kernel, const std::string& from, const std::string& to) {
  std::set<std::string> seen;
  std::function<bool(const std::string&)> reaches = [&](const std::string& id) {
    if (id == to) return true;
    if (!seen.insert(id).second) return false;
    const Instruction* instruction = kernel.find_instruction(id);
    if (instruction == nullptr) return false;
    return std::any_of(instruction->depends_on.begin(), instruction->depends_on.end(), reaches);
  };
  const Instruction* start = kernel.find_instruction(from);
  return start != nullptr && std::any_of(start->depends_on.begin(), start->depends_on.end(), reaches);
}

void check_dependency_cycles(const LoopKernel& kernel) {
  std::map<std::string, int> state;  // 1: on the stack, 2: done
  std::vector<std::string> stack;
  std::function<void(const Instruction&)> visit = [&](const Instruction& instruction) {
    state[instruction.id] = 1;
    stack.push_back(instruction.id);
    for (const std::string& dependency : instruction.depends_on) {
      const Instruction* next = kernel.find_instruction(dependency);
      if (next == nullptr) {
        throw Error("instruction '" + instruction.id + "' depends on '" + dependency + "', which does not exist");
      }
      if (state[dependency] == 1) {
        auto start = std::find(stack.begin(), stack.end(), dependency);
        throw Error(cycle_message(kernel, std::vector<std::string>(start, stack.end())));
      }
      if (state[dependency] == 0) visit(*next);
    }
    stack.pop_back();
    state[instruction.id] = 2;
  };
  for (const Instruction& instruction : kernel.instructions) {
    if (state[instruction.id] == 0) visit(instruction);
  }
}

std::optional<std::vector<std::string>> value_inames(const LoopKernel& kernel, const Instruction& instruction) {
  if (instruction.kind != InstructionKind::Assignment || !instruction.expression) return std::nullopt;
  for (const Access& access : instruction_accesses(kernel, instruction)) {
    if (!access.is_write) return std::nullopt;
  }
  std::set<std::string> inames;
  std::vector<std::string> all = kernel.all_inames();
  bool reduction = false;
  visit_expr(*instruction.expression, [&](const Expr& node) {
    if (node.kind == ExprKind::Reduction || node.kind == ExprKind::Call) reduction = true;
    if (node.kind == ExprKind::Variable && std::find(all.begin(), all.end(), node.name) != all.end()) inames.insert(node.name);
  });
  if (reduction) return std::nullopt;  // calls and reductions: not proven to be plain functions here
  return std::vector<std::string>(inames.begin(), inames.end());
}

namespace {

// Whether `name` is a temporary sharing its storage with another (alias_temporaries): a read of
// it may see what a write of another name left there.
bool shares_storage(const LoopKernel& kernel, const std::string& name) {
  const Temporary* temporary = kernel.find_temporary(name);
  return temporary != nullptr && !temporary->base_storage.empty();
}

// Whether two instances that differ only in an iname tagged `tag` read one storage when they
// name one element of a variable in `space`: global memory is one for all, local memory one per
// work-group (so shared along l.N only), private memory one per work-item (along nothing).
bool storage_shared_along(AddressSpace space, const InameTag& tag) {
  if (space == AddressSpace::Global) return tag.kind == Kind::Group || tag.kind == Kind::Local;
  if (space == AddressSpace::Local) return tag.kind == Kind::Local;
  return false;
}

}  // namespace

std::optional<std::vector<std::string>> same_value_inames(const LoopKernel& kernel, const Instruction& instruction) {
  if (std::optional<std::vector<std::string>> inames = value_inames(kernel, instruction)) return inames;
  if (instruction.kind != InstructionKind::Assignment || !instruction.expression) return std::nullopt;
  bool call = false;
  std::set<std::string> inames;
  std::vector<std::string> all = kernel.all_inames();
  visit_expr(*instruction.expression, [&](const Expr& node) {
    if (node.kind == ExprKind::Reduction || node.kind == ExprKind::Call) call = true;
    if (node.kind == ExprKind::Variable && std::find(all.begin(), all.end(), node.name) != all.end()) inames.insert(node.name);
  });
  if (call) return std::nullopt;
  std::vector<Access> accesses = instruction_accesses(kernel, instruction);
  std::set<std::string> written;
  for (const Access& access : accesses) {
    if (access.is_write) written.insert(access.variable);
  }
  std::set<std::string> shared(instruction.within_inames.begin(), instruction.within_inames.end());
  for (const Access& access : accesses) {
    if (access.is_write) continue;
    // A read of what the instruction writes (`a[0] = a[0] + 1`) sees other writers' updates.
    if (written.count(access.variable) != 0 || shares_storage(kernel, access.variable)) return std::nullopt;
    AddressSpace space = space_of(kernel, access.variable);
    for (auto it = shared.begin(); it != shared.end();) {
      it = storage_shared_along(space, kernel.tag_of(*it)) ? std::next(it) : shared.erase(it);
    }
  }
  // Instances that agree on every other iname run in the same step of the same work-group (or
  // the same work-item's loops), where the dependence check and the barriers make every earlier
  // writer of what they read finished and every later one not started: they read one value.
  for (const std::string& iname : instruction.within_inames) {
    if (shared.count(iname) == 0) inames.insert(iname);
  }
  return std::vector<std::string>(inames.begin(), inames.end());
}

isl::map pairs_equal_on(const isl::map& relation, const std::vector<std::string>& inames) {
  isl_map* result = relation.copy();
  for (const std::string& iname : inames) {
    int in = isl_map_find_dim_by_name(result, isl_dim_in, iname.c_str());
    int out = isl_map_find_dim_by_name(result, isl_dim_out, iname.c_str());
    if (in >= 0 && out >= 0) result = isl_map_equate(result, isl_dim_in, in, isl_dim_out, out);
  }
  return isl::manage(result);
}

namespace {

// The inames along which two instances of `access` (a write) run concurrently and could race:
// tagged for the variable's address space and not privatized; only those in `only_along` if given.
std::vector<std::string> concurrent_inames(const LoopKernel& kernel, const Instruction& instruction, const Access& access,
                                           const std::set<std::string>* only_along) {
  AddressSpace space = space_of(kernel, access.variable);
  std::vector<std::string> concurrent;
  for (const std::string& iname : instruction.within_inames) {
    if (only_along != nullptr && only_along->count(iname) == 0) continue;
    InameTag tag = kernel.tag_of(iname);
    if (concurrent_for(space, tag) && !privatized_along(kernel, access.variable, space, tag, iname)) {
      concurrent.push_back(iname);
    }
  }
  return concurrent;
}

// Whether the subscript of `write` determines `iname` (an index that is `iname` itself, as in
// `a_fetch[a_dim_0, a_dim_1]`, or one of which it is a digit, subscript_determines): two instances
// that write one element then agree on `iname` and cannot race along it, whatever the predicates
// and guards (issue 26: a fetch's or a pipeline's copy into its tile asked isl once per storage
// iname on l.N). The same verdict isl gives on the access relation.
bool is_plain_index(const LoopKernel& kernel, const Access& write, const std::string& iname) {
  if (write.subscript == nullptr) return false;
  bool plain = std::any_of(write.subscript->operands.begin(), write.subscript->operands.end(), [&](const ExprPtr& index) {
    return index->kind == ExprKind::Variable && index->name == iname;
  });
  return plain || subscript_determines(kernel, write, iname);
}

// Everything a write's race verdict is computed from (PassedAccesses): the relation's key, the
// concurrent inames with their tags, and the inames on which instances write the same value.
std::string race_fingerprint(const LoopKernel& kernel, const Instruction& instruction, const Access& access,
                             const std::vector<std::string>& concurrent) {
  std::string text = access_relation_key(kernel, access).text();
  text += "\x1d" "concurrent:";
  for (const std::string& iname : concurrent) text += iname + "=" + to_string(kernel.tag_of(iname)) + ",";
  text += "\x1d" "same value:";
  if (std::optional<std::vector<std::string>> inames = same_value_inames(kernel, instruction)) {
    for (const std::string& iname : *inames) text += iname + ",";
  } else {
    text += "none";
  }
  return text;
}

// Everything an access's bounds verdict is computed from (PassedAccesses): the relation's key
// (the assumptions' identity included) and the variable's shape.
std::string bounds_fingerprint(const LoopKernel& kernel, const Access& access) {
  return access_relation_key(kernel, access).text() + "\x1d" "shape:" + shape_text(kernel, access.variable);
}

// The inames a transform derived `instruction`'s writes race-free along (PassedAccesses), if any.
const std::set<std::string>* derived_race_free(const PassedAccesses* passed, const std::string& instruction) {
  if (passed == nullptr) return nullptr;
  auto found = passed->race_free_along.find(instruction);
  return found == passed->race_free_along.end() ? nullptr : &found->second;
}

}  // namespace

std::set<std::string> races_absent_along(const LoopKernel& kernel, const Instruction& instruction, const Access& write) {
  std::set<std::string> absent;
  std::optional<AccessRelation> relation;
  std::optional<IslMemoKey> key;
  std::optional<isl::map> same_element;
  for (const std::string& iname : concurrent_inames(kernel, instruction, write, nullptr)) {
    if (is_plain_index(kernel, write, iname)) {
      absent.insert(iname);
      continue;
    }
    if (!relation) {
      relation = access_relation(kernel, write);
      key = access_relation_key(kernel, write);
    }
    if (!relation->exact) continue;  // no verdict: the check itself skips such a write
    if (!conflicts_exist(kernel, *key, *relation, same_element, iname)) absent.insert(iname);
  }
  return absent;
}

void check_write_races(const LoopKernel& kernel, const std::string& context, const std::set<std::string>* only_along,
                       const PassedAccesses* passed) {
  bool verify_skipped = std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") != nullptr;
  for (const Instruction& instruction : kernel.instructions) {
    if (only_along != nullptr && std::none_of(only_along->begin(), only_along->end(), [&](const std::string& iname) {
          return instruction.within_inames.count(iname) != 0;
        })) {
      continue;
    }
    bool race_free_writer = passed != nullptr && passed->race_free_writers.count(instruction.id) != 0;
    for (const Access& access : instruction_accesses(kernel, instruction)) {
      if (!access.is_write) continue;
      AddressSpace space = space_of(kernel, access.variable);
      std::vector<std::string> concurrent = concurrent_inames(kernel, instruction, access, only_along);
      if (concurrent.empty()) continue;
      bool race_free = race_free_writer || writes_each_element_once(access);
      if (race_free && !verify_skipped) continue;
      if (passed != nullptr && !passed->races.empty()) {
        std::vector<std::string> all = only_along ? concurrent_inames(kernel, instruction, access, nullptr) : concurrent;
        if (passed->races.count(race_fingerprint(kernel, instruction, access, all)) != 0) continue;
      }
      // Inames that are an index of the write by themselves separate every two instances' elements;
      // those the transform derived from a write it restricts do too (race_free_along).
      const std::set<std::string>* derived = derived_race_free(passed, instruction.id);
      std::erase_if(concurrent, [&](const std::string& iname) {
        return !verify_skipped && (is_plain_index(kernel, access, iname) || (derived != nullptr && derived->count(iname) != 0));
      });
      if (concurrent.empty()) continue;
      AccessRelation relation = access_relation(kernel, access);
      if (!relation.exact) continue;  // indirect writes: their uniqueness is the user's promise
      IslMemoKey key = access_relation_key(kernel, access);
      std::optional<isl::map> same_element;
      for (const std::string& iname : concurrent) {
        if (!conflicts_exist(kernel, key, relation, same_element, iname)) continue;
        if (is_plain_index(kernel, access, iname)) {
          throw InternalError(context + "instruction '" + instruction.id + "' indexes '" + access.variable +
                              "' so that its subscript determines '" + iname +
                              "', but isl finds two values of it writing one element");
        }
        if (derived != nullptr && derived->count(iname) != 0) {
          throw InternalError(context + "instruction '" + instruction.id + "' was derived to write '" + access.variable +
                              "' without a race along '" + iname + "', but isl finds two values of it writing one element");
        }
        InameTag tag = kernel.tag_of(iname);
        if (!same_element) same_element = same_element_writes(relation.map);
        isl::map conflicts = conflicting_writes(*same_element, iname);
        if (std::optional<std::vector<std::string>> inames = same_value_inames(kernel, instruction)) {
          conflicts = conflicts.subtract(pairs_equal_on(conflicts, *inames));  // same value: harmless
          if (conflicts.is_empty()) continue;
        }
        InstancePrinter printer(conflicts);
        if (race_free) {
          throw InternalError(context + "instruction '" + instruction.id + "' was taken to write each element of '" +
                              access.variable + "' once, but isl finds a race along '" + iname + "': " +
                              printer.instance(isl_dim_in) + " and " + printer.instance(isl_dim_out));
        }
        throw LegalityError(context + "write race: instruction '" + instruction.id + "' writes '" + access.variable +
                            "' (" + std::string(address_space_name(space)) + ") within iname '" + iname +
                            "' (tagged " + to_string(tag) + "), and different values of '" + iname +
                            "' write the same element: " + printer.instance(isl_dim_in) + " and " +
                            printer.instance(isl_dim_out) + ". Index '" + access.variable + "' by '" + iname +
                            "' or leave '" + iname + "' sequential");
      }
    }
  }
}

namespace {

// The temporaries among the parameters of the domains that bound `instruction`'s inames.
std::vector<std::string> data_dependent_bounds(const LoopKernel& kernel, const Instruction& instruction) {
  std::set<std::string> temporaries;
  std::set<std::string> inames = instruction.within_inames;
  if (instruction.expression) {
    visit_expr(*instruction.expression, [&](const Expr& node) {
      if (node.kind == ExprKind::Reduction) inames.insert(node.reduction_inames.begin(), node.reduction_inames.end());
    });
  }
  for (const std::string& iname : inames) {
    const Domain* domain = kernel.domain_of_iname(iname);
    if (domain == nullptr) continue;
    for (const std::string& parameter : domain->parameters) {
      if (kernel.find_temporary(parameter) != nullptr) temporaries.insert(parameter);
    }
  }
  return {temporaries.begin(), temporaries.end()};
}

}  // namespace

std::vector<std::pair<std::string, std::vector<std::string>>> unchecked_for_bounds(const LoopKernel& kernel) {
  std::vector<std::pair<std::string, std::vector<std::string>>> unchecked;
  for (const Instruction& instruction : kernel.instructions) {
    std::vector<std::string> temporaries = data_dependent_bounds(kernel, instruction);
    if (!temporaries.empty()) unchecked.push_back({instruction.id, temporaries});
  }
  return unchecked;
}

void check_bounds(const LoopKernel& kernel, const std::string& context,
                  const std::set<std::string>* in_bounds_by_construction, const PassedAccesses* passed) {
  if (!kernel.options.enforce_array_accesses_within_bounds) return;
  if (passed != nullptr && passed->all_in_bounds) return;
  for (const Instruction& instruction : kernel.instructions) {
    if (!data_dependent_bounds(kernel, instruction).empty()) continue;
    if (passed != nullptr && passed->in_bounds_copies.count(instruction.id) != 0) continue;
    for (const Access& access : instruction_accesses(kernel, instruction)) {
      if (in_bounds_by_construction != nullptr && in_bounds_by_construction->count(access.variable) != 0) continue;
      if (access.subscript == nullptr) continue;
      if (passed != nullptr && passed->bounds.count(bounds_fingerprint(kernel, access)) != 0) continue;
      check_access_bounds(kernel, access, context);
    }
  }
}

PassedAccesses passed_accesses(const LoopKernel& kernel) {
  PassedAccesses passed;
  if (!kernel.verified) return passed;
  // Instructions with data-dependent loop bounds were not bounds-checked: nothing is known of them.
  bool bounds_checked = kernel.options.enforce_array_accesses_within_bounds;
  for (const Instruction& instruction : kernel.instructions) {
    bool checked_here = bounds_checked && data_dependent_bounds(kernel, instruction).empty();
    for (const Access& access : instruction_accesses(kernel, instruction)) {
      if (checked_here && access.subscript != nullptr) passed.bounds.insert(bounds_fingerprint(kernel, access));
      if (!access.is_write) continue;
      std::vector<std::string> concurrent = concurrent_inames(kernel, instruction, access, nullptr);
      if (!concurrent.empty()) passed.races.insert(race_fingerprint(kernel, instruction, access, concurrent));
    }
  }
  return passed;
}

void check_access_ordering(const LoopKernel& kernel) {
  std::map<std::string, std::vector<Access>> by_variable;
  for (const Instruction& instruction : kernel.instructions) {
    for (const Access& access : instruction_accesses(kernel, instruction)) by_variable[access.variable].push_back(access);
  }
  for (const auto& [variable, accesses] : by_variable) {
    for (const Access& writer : accesses) {
      if (!writer.is_write) continue;
      for (const Access& other : accesses) {
        const Instruction& a = *writer.instruction;
        const Instruction& b = *other.instruction;
        if (a.id == b.id || depends_transitively(kernel, a.id, b.id) || depends_transitively(kernel, b.id, a.id) || no_sync(a, b)) continue;
        isl::set overlap = access_relation(kernel, writer).map.range().intersect(access_relation(kernel, other).map.range());
        if (overlap.intersect_params(isl_set_of(kernel.assumptions)).is_empty()) continue;
        throw Error("instructions '" + a.id + "' and '" + b.id + "' both access '" + variable + "' (" + a.id +
                    " writes it) but no dependency orders them: add dep=" + a.id + " to '" + b.id + "' (or dep=" +
                    b.id + " to '" + a.id + "'), or nosync if the order does not matter" +
                    // Users coming from C expect the written order; loopy's option gives it.
                    (kernel.options.seq_dependencies ? "" : "; options.seq_dependencies: true orders every instruction after the one written before it"));
      }
    }
  }
}

// An iname whose bounds depend on another iname (`{[j]: 0<=j<=i}`) has values only inside that
// iname's loop: an instruction in j but not in i would loop over an unbounded j (found by the
// transform fuzzer: add_barrier(within_inames="k, j") generated `for (j = 0; 1; ++j)`).
void check_domain_dependencies(const LoopKernel& kernel, const std::string& context) {
  std::vector<std::string> inames = kernel.all_inames();
  std::set<std::string> all(inames.begin(), inames.end());
  for (const Instruction& instruction : kernel.instructions) {
    for (const Domain& domain : kernel.domains) {
      for (const std::string& iname : domain.inames) {
        if (instruction.within_inames.count(iname) == 0) continue;
        for (const std::string& outer : domain.parameters) {
          if (all.count(outer) == 0 || instruction.within_inames.count(outer) != 0) continue;
          throw Error(context + "instruction '" + instruction.id + "' runs in iname '" + iname +
                      "', whose bounds depend on iname '" + outer + "', but not in '" + outer + "': add '" + outer +
                      "' to its inames or remove '" + iname + "'");
        }
      }
    }
  }
}

// A hardware axis is sized at launch: an iname tagged g.N or l.N that only values the kernel
// computes bound (`jj_outer` of `{[jj]: 0<=jj<row_len}` split onto g.1, row_len a temporary) has
// no launch size; loopy refuses it too (test_dependent_loop_bounds_3). An iname that stays bounded
// without them (the l.0 lanes of a CSR row split by 32) is fine: the guard is the data's.
void check_hardware_inames_have_launch_bounds(const LoopKernel& kernel, const std::string& context) {
  for (const auto& [iname, tag] : kernel.iname_tags) {
    if (tag.kind != InameTag::Kind::Group && tag.kind != InameTag::Kind::Local) continue;
    const Domain* domain = kernel.domain_of_iname(iname);
    if (domain == nullptr) continue;
    std::vector<std::string> data;
    for (const std::string& parameter : domain->parameters) {
      if (codegen::is_data_parameter(kernel, parameter)) data.push_back(parameter);
    }
    if (data.empty()) continue;
    isl::set values = isl_extra::set_dims_to_params(isl_set_of(domain->set));
    for (const std::string& other : domain->inames) {
      if (other != iname) values = isl_extra::project_out_param(values, other);
    }
    for (const std::string& name : data) values = isl_extra::project_out_param(values, name);
    values = isl_extra::params_to_set_dims(isl::manage(isl_set_from_params(values.params().release())), {iname}, "");
    if (isl_set_dim_has_lower_bound(values.get(), isl_dim_set, 0) == isl_bool_true &&
        isl_set_dim_has_upper_bound(values.get(), isl_dim_set, 0) == isl_bool_true) {
      continue;
    }
    std::string names;
    for (const std::string& name : data) names += (names.empty() ? "'" : ", '") + name + "'";
    throw LegalityError(context + "iname '" + iname + "' is tagged " + to_string(tag) + " but its bounds depend on " +
                        names + ", which the kernel computes; a hardware axis needs a size known at launch, so keep '" +
                        iname + "' a sequential loop (or split it and tag only an inner iname of constant length)");
  }
}

void check_kernel(const LoopKernel& kernel, const std::string& context,
                  const std::set<std::string>* in_bounds_by_construction, const PassedAccesses* passed) {
  check_domain_dependencies(kernel, context);
  with_isl_errors("checking kernel '" + kernel.name + "'", [&] { check_hardware_inames_have_launch_bounds(kernel, context); });
  with_isl_errors("checking kernel '" + kernel.name + "'", [&] {
    check_dependency_cycles(kernel);
    check_write_races(kernel, context, nullptr, passed);
    check_bounds(kernel, context, in_bounds_by_construction, passed);
  });
}

}  // namespace loom
