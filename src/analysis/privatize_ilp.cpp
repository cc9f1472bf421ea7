// ILP privatization (loopy's realize_ilp): a private temporary written inside an `ilp`, `ilp.seq`
// or `vec` iname gets one copy per value of that iname, so the unrolled copies do not share it.
//
//   <float32> t = 2*a[i]   with i tagged ilp over [0, 4)   →   t[i - 0] = 2*a[i] ... (t: float32[4])
//
// As in loopy, an iname a writer's own assignee already indexes by needs no copy (a reduction
// accumulator, a buffer indexed by the ilp iname), nor does an accumulator updated along the ilp
// iname itself (a reduction over it: the copies update it in loop order). Local temporaries get their copies too (the
// axes last, as loopy's), where every access is inside the ilp inames. Refuses a temporary read or written outside
// the iname it must be privatized along (its copies would be ambiguous there), and ranges that
// are not constant.
#include "analysis/privatize_ilp.hpp"

#include "analysis/address_spaces.hpp"

#include <algorithm>
#include <set>

#include "ir/instance_sets.hpp"
#include "ir/instruction_names.hpp"
#include "loom/error.hpp"

namespace loom {

namespace {

bool is_ilp(const InameTag& tag) {
  return tag.kind == InameTag::Kind::Ilp || tag.kind == InameTag::Kind::IlpSeq || tag.kind == InameTag::Kind::Vec;
}

// The copies' axes in name order, a vec iname's last: its lanes are then consecutive elements
// (stride 1), which a vector or 16-byte copy of the lanes needs (pipeline_fetch's registers).
std::vector<std::string> vec_axes_last(const LoopKernel& kernel, const std::set<std::string>& inames) {
  std::vector<std::string> ordered(inames.begin(), inames.end());
  std::stable_partition(ordered.begin(), ordered.end(),
                        [&](const std::string& iname) { return kernel.tag_of(iname).kind != InameTag::Kind::Vec; });
  return ordered;
}

bool reads(const Instruction& instruction, const std::string& name) {
  bool found = false;
  if (instruction.expression) {
    visit_expr(*instruction.expression, [&](const Expr& node) {
      found = found || ((node.kind == ExprKind::Variable || node.kind == ExprKind::Subscript) && node.name == name);
    });
  }
  return found;
}

// Whether `writer` accumulates into the temporary along the ilp iname: it reads what it writes,
// and another writer (the init) runs outside the iname. That is a reduction over the iname
// (`sum(k, ...)` with k split onto ilp): loopy keeps one accumulator, which the unrolled copies
// update in loop order, and so does loom (one copy per lane would leave the init and the final
// read ambiguous). vec lanes run at once, so they keep their copies.
bool accumulates_along(const LoopKernel& kernel, const Instruction& writer, const std::string& name,
                       const std::string& iname) {
  InameTag::Kind kind = kernel.tag_of(iname).kind;
  if (kind != InameTag::Kind::Ilp && kind != InameTag::Kind::IlpSeq) return false;
  if (!reads(writer, name)) return false;
  return std::any_of(kernel.instructions.begin(), kernel.instructions.end(), [&](const Instruction& other) {
    return writes_name(other, name) && other.within_inames.count(iname) == 0;
  });
}

std::set<std::string> axes_needed(const LoopKernel& kernel, const Temporary& temporary) {
  std::set<std::string> inames;
  for (const Instruction& instruction : kernel.instructions) {
    if (!writes_name(instruction, temporary.name)) continue;
    for (const std::string& iname : instruction.within_inames) {
      if (!is_ilp(kernel.tag_of(iname)) || assignee_indexes_by(instruction, temporary.name, iname)) continue;
      if (accumulates_along(kernel, instruction, temporary.name, iname)) continue;
      inames.insert(iname);
    }
  }
  return inames;
}

ExprPtr privatized_access(const ExprPtr& access, const std::string& name, const std::vector<ExprPtr>& added,
                          PrivateAxisPlacement placement) {
  return map_expr(access, [&](const ExprPtr& node) -> ExprPtr {
    if ((node->kind != ExprKind::Variable && node->kind != ExprKind::Subscript) || node->name != name) return node;
    std::vector<ExprPtr> indices = node->operands;
    indices.insert(placement == PrivateAxisPlacement::Leading ? indices.begin() : indices.end(), added.begin(), added.end());
    return subscript(name, indices);
  });
}

bool accesses(const Instruction& instruction, const std::string& name) {
  std::vector<ExprPtr> roots = instruction.assignees;
  if (instruction.expression) roots.push_back(instruction.expression);
  roots.insert(roots.end(), instruction.predicates.begin(), instruction.predicates.end());
  bool uses = false;
  for (const ExprPtr& root : roots) {
    visit_expr(*root, [&](const Expr& node) {
      uses = uses || ((node.kind == ExprKind::Variable || node.kind == ExprKind::Subscript) && node.name == name);
    });
  }
  return uses;
}

bool accessed_only_within(const LoopKernel& kernel, const std::string& name, const std::set<std::string>& inames) {
  return std::all_of(kernel.instructions.begin(), kernel.instructions.end(), [&](const Instruction& instruction) {
    if (!accesses(instruction, name)) return true;
    return std::all_of(inames.begin(), inames.end(),
                       [&](const std::string& iname) { return instruction.within_inames.count(iname) != 0; });
  });
}

// Whether the temporary lives in local memory: declared so, or `auto` and written with an index
// over the local axes (address_spaces.hpp). A conflict among its writers is reported when the
// address spaces are resolved, with its own message; here it only means "not local".
bool becomes_local(const LoopKernel& kernel, const Temporary& temporary) {
  if (temporary.address_space != AddressSpace::Auto) return temporary.address_space == AddressSpace::Local;
  try {
    return effective_address_space(kernel, temporary) == AddressSpace::Local;
  } catch (const Error&) {
    return false;
  }
}

}  // namespace

bool assignee_indexes_by(const Instruction& writer, const std::string& name, const std::string& iname) {
  bool found = false;
  for (const ExprPtr& assignee : writer.assignees) {
    if (assignee->name != name) continue;
    for (const ExprPtr& index : assignee->operands) {
      visit_expr(*index, [&](const Expr& node) { found = found || (node.kind == ExprKind::Variable && node.name == iname); });
    }
  }
  return found;
}

void add_private_axes(LoopKernel& kernel, const std::string& name, const std::vector<std::string>& inames,
                      PrivateAxisPlacement placement, const std::string& context) {
  std::vector<ExprPtr> added, extents;
  for (const std::string& iname : inames) {
    std::optional<ConstantRange> range = constant_iname_range(kernel, iname);
    if (!range) {
      throw Error(context + "temporary '" + name + "' needs a copy per value of '" + iname + "' (tagged " +
                  to_string(kernel.tag_of(iname)) + "), but its range is not constant; split it first");
    }
    added.push_back(range->lower == 0 ? variable(iname)
                                      : binary(BinaryOp::Subtract, variable(iname), int_literal(range->lower)));
    extents.push_back(int_literal(range->extent));
  }
  for (Instruction& instruction : kernel.instructions) {
    if (!accesses(instruction, name)) continue;
    for (const std::string& iname : inames) {
      if (instruction.within_inames.count(iname) == 0) {
        throw Error(context + "temporary '" + name + "' is privatized along '" + iname + "' (tagged " +
                    to_string(kernel.tag_of(iname)) + "), but instruction '" + instruction.id +
                    "' uses it outside that iname, where its copies are ambiguous");
      }
    }
    for (ExprPtr& assignee : instruction.assignees) assignee = privatized_access(assignee, name, added, placement);
    if (instruction.expression) instruction.expression = privatized_access(instruction.expression, name, added, placement);
    for (ExprPtr& predicate : instruction.predicates) predicate = privatized_access(predicate, name, added, placement);
  }
  for (Temporary& temporary : kernel.temporaries) {
    if (temporary.name != name) continue;
    std::vector<ExprPtr>& shape = temporary.shape;
    shape.insert(placement == PrivateAxisPlacement::Leading ? shape.begin() : shape.end(), extents.begin(), extents.end());
  }
}

LoopKernel privatize_ilp_temporaries(const LoopKernel& kernel) {
  LoopKernel result = kernel;
  for (const Temporary& temporary : kernel.temporaries) {
    if (temporary.address_space == AddressSpace::Global) continue;
    std::set<std::string> needed = axes_needed(result, temporary);
    if (needed.empty()) continue;
    std::vector<std::string> inames = vec_axes_last(result, needed);
    if (becomes_local(result, temporary)) {
      // loopy's test_ilp_write_race_avoidance_local: `<> a[i] = ...` with i on l.0 and j ilp
      // becomes a[i, j] (the copies' axes last, as loopy's shape (16, 17)). Only where every
      // access is inside the ilp inames; otherwise the race check explains the conflict.
      if (!accessed_only_within(result, temporary.name, needed)) continue;
      add_private_axes(result, temporary.name, inames, PrivateAxisPlacement::Trailing, "");
      continue;
    }
    add_private_axes(result, temporary.name, inames, PrivateAxisPlacement::Leading, "");
  }
  return result;
}

}  // namespace loom
