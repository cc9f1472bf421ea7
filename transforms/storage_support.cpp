#include "transforms/storage_support.hpp"

#include <algorithm>

#include "ir/instance_sets.hpp"
#include "ir/isl_kernel.hpp"
#include "loom/error.hpp"
#include "transforms/iname_copies.hpp"
#include "transforms/instruction_support.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

// Length-1 axes are dropped; `storage_axes` chooses the order of the others.
std::vector<std::size_t> kept_axes(const FootprintRequest& request, const std::vector<StorageAxis>& axes) {
  std::vector<std::size_t> order;
  if (request.options.storage_axes) {
    for (const std::string& name : *request.options.storage_axes) {
      auto found = std::find_if(axes.begin(), axes.end(), [&](const StorageAxis& axis) { return axis.name == name; });
      if (found == axes.end()) {
        std::vector<std::string> names;
        for (const StorageAxis& axis : axes) names.push_back(axis.name);
        throw Error(request.transform + ": '" + name + "' is not a storage axis of " + request.subject +
                    " (its axes: " + joined(names) + ")");
      }
      order.push_back(static_cast<std::size_t>(found - axes.begin()));
    }
    for (std::size_t k = 0; k < axes.size(); ++k) {
      if (axes[k].size > 1 && std::find(order.begin(), order.end(), k) == order.end()) {
        throw Error(request.transform + ": storage axis '" + axes[k].name + "' has length " +
                    std::to_string(axes[k].size) + " but storage_axes leaves it out");
      }
    }
  } else {
    for (std::size_t k = 0; k < axes.size(); ++k) order.push_back(k);
  }
  std::vector<std::size_t> kept;
  for (std::size_t k : order) {
    if (axes[k].size > 1) kept.push_back(k);
  }
  return kept;
}

// Names the iname of each kept axis; an existing iname is reused when its range is the axis's.
void name_storage_inames(const LoopKernel& kernel, const FootprintRequest& request, std::vector<StorageAxis>& axes,
                         const std::vector<std::size_t>& kept) {
  const std::vector<std::string>& given = request.options.precompute_inames;
  if (given.size() > kept.size()) {
    throw Error(request.transform + ": " + std::to_string(given.size()) + " precompute_inames for " +
                std::to_string(kept.size()) + " storage axes of length above 1");
  }
  std::set<std::string> taken;
  for (std::size_t j = 0; j < kept.size(); ++j) {
    StorageAxis& axis = axes[kept[j]];
    if (j < given.size() && !given[j].empty()) {
      axis.iname = given[j];
      require_identifier(axis.iname, request.transform);
    } else {
      axis.iname = unused_name(kernel, axis.name, taken);
    }
    taken.insert(axis.iname);
    if (kernel.domain_of_iname(axis.iname) == nullptr) {
      if (name_taken(kernel, axis.iname)) {
        throw Error(request.transform + ": '" + axis.iname + "' is already a name in the kernel but not an iname");
      }
      continue;
    }
    std::optional<ConstantRange> range = constant_iname_range(kernel, axis.iname);
    if (!range || range->lower != 0 || range->extent != axis.size) {
      std::string have = range ? std::to_string(range->lower) + " <= " + axis.iname + " < " +
                                     std::to_string(range->lower + range->extent)
                               : "not a constant range";
      throw Error(request.transform + ": cannot reuse iname '" + axis.iname + "' for storage axis '" + axis.name +
                  "': its domain (" + have + ") does not match the axis (0 <= " + axis.iname + " < " +
                  std::to_string(axis.size) + ")");
    }
    axis.reused = true;
  }
}

// The temporary: new, or an existing one checked and grown.
void add_temporary(LoopKernel& kernel, const FootprintRequest& request, const std::string& name,
                   const std::vector<int64_t>& shape) {
  std::optional<AddressSpace> space = request.options.temporary_address_space;
  for (Temporary& temporary : kernel.temporaries) {
    if (temporary.name != name) continue;
    if (temporary.shape.size() != shape.size()) {
      throw Error(request.transform + ": existing temporary '" + name + "' has " +
                  std::to_string(temporary.shape.size()) + " axes, the footprint needs " + std::to_string(shape.size()));
    }
    if (space && temporary.address_space != AddressSpace::Auto && temporary.address_space != *space) {
      throw Error(request.transform + ": existing temporary '" + name + "' is in " +
                  std::string(address_space_name(temporary.address_space)) + " memory, not " +
                  std::string(address_space_name(*space)));
    }
    for (std::size_t k = 0; k < shape.size(); ++k) {
      if (temporary.shape[k]->kind != ExprKind::IntLiteral) {
        throw Error(request.transform + ": existing temporary '" + name + "' has a shape that is not constant");
      }
      temporary.shape[k] = int_literal(std::max(temporary.shape[k]->int_value, shape[k]));
    }
    if (space) temporary.address_space = *space;
    return;
  }
  if (name_taken(kernel, name)) {
    throw Error(request.transform + ": temporary_name '" + name + "' is already used by something else in the kernel");
  }
  Temporary temporary{name, std::nullopt, {}, space.value_or(AddressSpace::Auto)};
  for (int64_t extent : shape) temporary.shape.push_back(int_literal(extent));
  kernel.temporaries.push_back(temporary);
}

// Fits the l.auto inames (stride-1 last, so visited first) onto the local axes the compute
// instruction leaves free; one longer than its axis is split into <iname>_outer/_inner.
std::vector<AutoSplit> assign_local_axes(LoopKernel& kernel, const std::set<std::string>& compute_inames,
                                         const std::vector<std::string>& auto_inames,
                                         const std::map<std::string, int64_t>& lengths) {
  std::set<int> used;
  for (const std::string& iname : compute_inames) {
    InameTag tag = kernel.tag_of(iname);
    if (tag.kind == InameTag::Kind::Local) used.insert(tag.axis);
  }
  std::map<int, int64_t> axis_size;
  for (const auto& [iname, tag] : kernel.iname_tags) {
    if (tag.kind != InameTag::Kind::Local) continue;
    if (std::optional<ConstantRange> range = constant_iname_range(kernel, iname))
      axis_size[tag.axis] = std::max(axis_size[tag.axis], range->extent);
  }
  // Only the work-group's axes (those the kernel uses): a new axis would have to be used by every
  // other instruction too. In a kernel without local axes the inames stay sequential, as loopy's
  // assign_automatic_axes leaves them (issue 23, class 4).
  auto available = [&](int axis) { return used.count(axis) == 0 && axis_size.count(axis) != 0; };
  std::vector<AutoSplit> splits;
  for (auto it = auto_inames.rbegin(); it != auto_inames.rend(); ++it) {
    int axis = 0;
    while (axis < 3 && !available(axis)) ++axis;
    if (axis == 3) break;  // no free axis: the rest stay sequential
    used.insert(axis);
    InameTag tag{InameTag::Kind::Local, axis};
    auto size = axis_size.find(axis);
    if (size != axis_size.end() && size->second < lengths.at(*it)) {
      std::set<std::string> taken;
      AutoSplit split{*it, unused_name(kernel, *it + "_outer"), "", size->second};
      taken.insert(split.outer);
      split.inner = unused_name(kernel, *it + "_inner", taken);
      kernel.iname_tags[split.inner] = tag;
      splits.push_back(split);
    } else {
      kernel.iname_tags[*it] = tag;
    }
  }
  return splits;
}

// The domain of the new inames: one box, split inames as inner + length * outer.
Domain storage_domain(const LoopKernel& kernel, const std::vector<std::string>& inames,
                      const std::map<std::string, int64_t>& lengths, const std::vector<AutoSplit>& splits) {
  std::vector<std::string> dims;
  std::string constraints;
  auto add = [&](const std::string& text) { constraints += (constraints.empty() ? "" : " and ") + text; };
  for (const std::string& iname : inames) {
    int64_t length = lengths.at(iname);
    auto split = std::find_if(splits.begin(), splits.end(), [&](const AutoSplit& s) { return s.iname == iname; });
    if (split == splits.end()) {
      dims.push_back(iname);
      add("0 <= " + iname + " < " + std::to_string(length));
      continue;
    }
    dims.push_back(split->outer);
    dims.push_back(split->inner);
    std::string value = std::to_string(split->inner_length) + "*" + split->outer + " + " + split->inner;
    add("0 <= " + split->inner + " < " + std::to_string(split->inner_length));
    add("0 <= " + value + " < " + std::to_string(length));
  }
  std::string text = "[" + joined(dims) + "] -> { : " + (constraints.empty() ? "0 = 0" : constraints) + " }";
  isl::set param_form(isl_context_of(kernel)->ctx(), text);
  return domain_from_param_form(isl_context_of(kernel), param_form, dims);
}

void apply_splits(Instruction& compute, const std::vector<AutoSplit>& splits) {
  for (const AutoSplit& split : splits) {
    ExprPtr value = binary(BinaryOp::Add, binary(BinaryOp::Multiply, int_literal(split.inner_length), variable(split.outer)),
                           variable(split.inner));
    auto replace = [&](const ExprPtr& expr) {
      return substitute(expr, [&](const std::string& name) -> ExprPtr { return name == split.iname ? value : nullptr; });
    };
    for (ExprPtr& assignee : compute.assignees) assignee = replace(assignee);
    compute.expression = replace(compute.expression);
    for (ExprPtr& predicate : compute.predicates) predicate = replace(predicate);
    compute.within_inames.erase(split.iname);
    compute.within_inames.insert({split.outer, split.inner});
  }
}

// Whether `compute` runs only at one value of `iname` (a predicate `iname == c`, added by
// fill_local_copy_from_one_row): then one work-item along that axis writes each element.
static bool filled_from_one_row(const Instruction& compute, const std::string& iname) {
  return std::any_of(compute.predicates.begin(), compute.predicates.end(), [&](const ExprPtr& predicate) {
    return predicate->kind == ExprKind::Binary && predicate->binary_op == BinaryOp::Equal &&
           predicate->operands.size() == 2 && predicate->operands[0]->kind == ExprKind::Variable &&
           predicate->operands[0]->name == iname && predicate->operands[1]->kind == ExprKind::IntLiteral;
  });
}

// A local temporary filled under an l.N iname its index does not use is written by every
// work-item along that axis at once.
void refuse_local_write_race(const LoopKernel& kernel, const FootprintRequest& request, const Instruction& compute,
                             const Temporary& temporary, const std::set<std::string>& storage_inames) {
  bool local_storage = std::any_of(storage_inames.begin(), storage_inames.end(), [&](const std::string& iname) {
    return kernel.tag_of(iname).kind == InameTag::Kind::Local;
  });
  bool local = temporary.address_space == AddressSpace::Local ||
               (temporary.address_space == AddressSpace::Auto && local_storage);
  if (!local) return;
  for (const std::string& iname : compute.within_inames) {
    InameTag tag = kernel.tag_of(iname);
    if (tag.kind != InameTag::Kind::Local || storage_inames.count(iname) != 0) continue;
    if (filled_from_one_row(compute, iname)) continue;
    throw Error(request.transform + ": instruction '" + compute.id + "' would fill temporary '" + temporary.name +
                "' in local memory within iname '" + iname + "' (" + to_string(tag) +
                "), which its index does not use: every work-item along " + to_string(tag) +
                " would write the same elements (a write race); sweep '" + iname + "' too");
  }
}

// A private temporary has one copy per work-item: filled along an l.N iname, each work-item would
// fill only its own elements of its copy and read the others unfilled (a private buffer_array or
// precompute with default_tag "l.auto"; loopy has no temporary_address_space for buffer_array and
// chooses local there).
void refuse_private_copy_filled_by_work_items(const LoopKernel& kernel, const FootprintRequest& request,
                                              const Instruction& compute, const Temporary& temporary,
                                              const std::set<std::string>& storage_inames) {
  if (temporary.address_space != AddressSpace::Private) return;
  for (const std::string& iname : storage_inames) {
    InameTag tag = kernel.tag_of(iname);
    if (tag.kind != InameTag::Kind::Local && tag.kind != InameTag::Kind::Group) continue;
    throw Error(request.transform + ": instruction '" + compute.id + "' would fill private temporary '" +
                temporary.name + "' along iname '" + iname + "' (" + to_string(tag) +
                "), but each work-item has its own copy and would fill only its own elements of it; put '" +
                temporary.name + "' in local memory (temporary_address_space=\"local\") or leave '" + iname +
                "' sequential (default_tag=None)");
  }
}

}  // namespace loom
