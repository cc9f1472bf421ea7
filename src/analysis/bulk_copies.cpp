// Bulk tensor copies of ring fills: see bulk_copies.hpp.
#include "analysis/bulk_copies.hpp"

#include <isl/map.h>
#include <isl/set.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "analysis/accesses.hpp"
#include "ir/isl_extra.hpp"
#include "ir/layout.hpp"
#include "ir/variable_names.hpp"

namespace loom {

namespace {

constexpr int kMaxBoxAxes = 5;       // cp.async.bulk.tensor.1d .. .5d
constexpr int64_t kMaxBoxExtent = 256;  // CUtensorMap's boxDim

bool is_zero_literal(const Expr& expr) {
  if (expr.kind == ExprKind::IntLiteral) return expr.int_value == 0;
  return expr.kind == ExprKind::FloatLiteral && expr.float_value == 0 && !std::signbit(expr.float_value);
}

// Data types the tensor map can describe (CUtensorMapDataType), by size.
bool engine_copies(DType dtype) {
  switch (dtype) {
    case DType::Int8: case DType::UInt8: case DType::Int16: case DType::UInt16: case DType::Int32:
    case DType::UInt32: case DType::Int64: case DType::UInt64: case DType::Float16: case DType::BFloat16:
    case DType::Float32: case DType::Float64:
      return true;
    default:
      return false;
  }
}

std::string listed(const std::set<std::string>& names) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
  return text;
}

// `map` with the input dimensions named in `names` projected out (existentially quantified).
isl::map without_inputs(isl::map map, const std::set<std::string>& names) {
  for (int d = static_cast<int>(isl_map_dim(map.get(), isl_dim_in)) - 1; d >= 0; --d) {
    const char* name = isl_map_get_dim_name(map.get(), isl_dim_in, static_cast<unsigned>(d));
    if (name != nullptr && names.count(name) != 0) {
      map = isl::manage(isl_map_project_out(map.release(), isl_dim_in, static_cast<unsigned>(d), 1));
    }
  }
  return map;
}

isl::map anonymous_range(isl::map map) { return isl::manage(isl_map_reset_tuple_id(map.release(), isl_dim_out)); }

// The layout checks: where the engine's box lands in the tile's storage. Sets the panels.
std::optional<std::string> layout_problem(const Temporary& tile, std::size_t first, DType dtype, BulkCopy& copy) {
  std::optional<std::size_t> swizzled = swizzle_axis(tile.dim_tags);
  if (!swizzled) {
    return "tile '" + tile.name + "' is not swizzled; the bulk fill writes the 128-byte swizzle (tag the tile's "
           "contiguous axis swizzle128): a plain tile starts on 16 bytes, and the copy engine wants 128";
  }
  std::size_t last = tile.shape.size() - 1;
  if (*swizzled != last) {
    return "tile '" + tile.name + "' is swizzled along axis " + std::to_string(*swizzled) +
           ", not its last; the copy engine's 128-byte swizzle runs along the box's innermost axis";
  }
  std::vector<ExprPtr> strides = array_strides(tile);
  auto row = swizzle_row_elements(dtype);
  int64_t inner = copy.box.back();
  std::optional<int64_t> atom = swizzle_atom_stride(tile.name, tile.dim_tags);
  copy.swizzle128 = true;
  copy.panel_elements = row;
  copy.panels = inner / row;
  if (inner % row != 0 || (!atom && copy.panels != 1)) {
    return "tile '" + tile.name + "' has " + std::to_string(inner) + " elements along its swizzled axis; a box's row "
           "is 128 bytes (" + std::to_string(row) + " elements) under the 128-byte swizzle" +
           (atom ? "" : ", and a wider tile needs column panels (swizzle128:N)");
  }
  // Dense inside a panel: axis d's stride is a row times the extents between d and the last axis.
  int64_t dense = row;
  for (std::size_t axis = last; axis-- > first;) {
    const ExprPtr& stride = strides[axis];
    if (stride->kind != ExprKind::IntLiteral || stride->int_value != dense) {
      return "tile '" + tile.name + "' has stride " + to_string(stride) + " along axis " + std::to_string(axis) +
             "; the bulk fill writes each panel densely (stride " + std::to_string(dense) + ")";
    }
    dense *= copy.box[axis - first];
  }
  copy.panel_stride = atom ? *atom : dense;
  auto element = static_cast<int64_t>(dtype_size(dtype));
  if (copy.panels > 1 && (copy.panel_stride < dense || copy.panel_stride * element % kSwizzleBlockBytes != 0)) {
    return "tile '" + tile.name + "' stores its column panels " + std::to_string(copy.panel_stride) +
           " elements apart; each box needs " + std::to_string(dense) +
           " and must start on 1024 bytes (the swizzle's period)";
  }
  return std::nullopt;
}

// The isl questions: translation, the whole box, the zero fill.
std::optional<std::string> value_problem(const LoopKernel& kernel, const Instruction& fill, const BulkCopy& copy,
                                         const KernelArgument& array, const ExprPtr& condition, bool slot_axis) {
  std::vector<Access> accesses = instruction_accesses(kernel, fill);
  const Access* write = nullptr;
  const Access* read = nullptr;
  for (const Access& access : accesses) {
    if (access.is_write && access.variable == copy.tile) write = &access;
    if (!access.is_write && access.variable == copy.array) read = &access;
  }
  if (write == nullptr || read == nullptr) return "the fill's accesses are not one write of the tile and one read of the array";
  Access unguarded = *read;
  unguarded.guards.clear();
  AccessRelation written = access_relation(kernel, *write);
  AccessRelation reads = access_relation(kernel, unguarded);
  if (!written.exact || !reads.exact) return "its tile or array index is not affine";
  isl::map tile_index = written.map;
  if (slot_axis) tile_index = isl::manage(isl_map_project_out(tile_index.release(), isl_dim_out, 0, 1));
  std::set<std::string> own = variable_names_in(copy.tile_index);
  for (const std::string& iname : own) {
    if (fill.within_inames.count(iname) == 0) return "its tile index names '" + iname + "', which is no iname of the fill";
  }
  // g - t, as a function of the enclosing loops alone.
  isl::map offset = isl::manage(isl_map_sum(anonymous_range(reads.map).release(),
                                            isl_map_neg(anonymous_range(tile_index).release())));
  isl::map by_outer = without_inputs(offset, own);
  if (!isl_map_is_single_valued(by_outer.get())) {
    return "the array index minus the tile index depends on the fill's own inames (" + listed(own) +
           "): the fill is not one box of the array";
  }
  // The whole box, for every value of the enclosing loops.
  isl::map covered = without_inputs(tile_index, own);
  isl::set outer = covered.domain();
  isl::set box = isl::manage(isl_set_universe(isl_space_range(isl_map_get_space(covered.get()))));
  for (std::size_t axis = 0; axis < copy.box.size(); ++axis) {
    box = isl::manage(isl_set_lower_bound_si(box.release(), isl_dim_set, static_cast<unsigned>(axis), 0));
    box = isl::manage(isl_set_upper_bound_si(box.release(), isl_dim_set, static_cast<unsigned>(axis),
                                             static_cast<int>(copy.box[axis] - 1)));
  }
  isl::map whole = isl::manage(isl_map_from_domain_and_range(outer.release(), box.release()));
  if (!isl_map_is_equal(covered.get(), whole.get())) {
    return "the fill does not write the whole tile in every iteration (a box copy writes all of it)";
  }
  // The engine's zero fill: zero exactly outside the array.
  isl::set instances = instance_set(kernel, fill);
  ExprPtr inside;
  for (std::size_t axis = 0; axis < array.shape.size(); ++axis) {
    ExprPtr lower = binary(BinaryOp::GreaterEqual, copy.global_index[axis], int_literal(0));
    ExprPtr upper = binary(BinaryOp::Less, copy.global_index[axis], array.shape[axis]);
    ExprPtr both = binary(BinaryOp::LogicalAnd, lower, upper);
    inside = inside ? binary(BinaryOp::LogicalAnd, inside, both) : both;
  }
  std::optional<isl::set> in_array = condition_set(*inside, instances);
  if (!in_array) return "the array's shape is not affine in the parameters";
  if (condition) {
    std::optional<isl::set> filled = condition_set(*condition, instances);
    if (!filled || !isl_set_is_equal(filled->get(), in_array->get())) {
      return "its condition " + to_string(condition) + " is not exactly 'inside the array' (the copy engine reads "
             "every element inside '" + copy.array + "' and writes zeros outside it)";
    }
  } else if (!isl_set_is_subset(instances.get(), in_array->get())) {
    return "it reads outside '" + copy.array + "' without a condition";
  }
  return std::nullopt;
}

}  // namespace

std::string bulk_fill_tag(int64_t stages, int64_t lowest, const std::string& loop) {
  return std::string(kBulkFillTagPrefix) + std::to_string(stages) + "_" + std::to_string(lowest) + "_" + loop;
}

std::optional<BulkRing> bulk_ring(const Instruction& instruction) {
  const std::string prefix = kBulkFillTagPrefix;
  for (const std::string& tag : instruction.tags) {
    if (tag.rfind(prefix, 0) != 0) continue;
    std::string rest = tag.substr(prefix.size());
    std::size_t first = rest.find('_');
    if (first == std::string::npos) continue;
    std::size_t second = rest.find('_', first + 1);
    if (second == std::string::npos) continue;
    try {
      return BulkRing{std::stoll(rest.substr(0, first)), std::stoll(rest.substr(first + 1, second - first - 1)),
                      rest.substr(second + 1)};
    } catch (const std::exception&) {
      continue;
    }
  }
  return std::nullopt;
}

bool is_bulk_fill(const Instruction& instruction) { return bulk_ring(instruction).has_value(); }

LoopKernel without_bulk_fills(const LoopKernel& kernel) {
  LoopKernel result = kernel;
  for (Instruction& instruction : result.instructions) {
    std::optional<BulkRing> ring = bulk_ring(instruction);
    if (!ring) continue;
    for (auto tag = instruction.tags.begin(); tag != instruction.tags.end();) {
      tag = tag->rfind(kBulkFillTagPrefix, 0) == 0 ? instruction.tags.erase(tag) : std::next(tag);
    }
    // pipeline_fetch's async tag (codegen/tensor_cores.cpp, kAsyncCopyTagPrefix) on the loop's fill.
    if (instruction.within_inames.count(ring->loop) != 0) {
      instruction.tags.insert("pipeline_fetch_async_stages_" + std::to_string(ring->stages));
    }
  }
  return result;
}

int64_t BulkCopy::bytes() const {
  int64_t elements = 1;
  for (int64_t extent : box) elements *= extent;
  return elements * static_cast<int64_t>(dtype_size(dtype));
}

std::variant<BulkCopy, std::string> bulk_copy_of(const LoopKernel& kernel, const Instruction& fill, bool slot_axis) {
  BulkCopy copy;
  if (fill.kind != InstructionKind::Assignment || fill.assignees.size() != 1 ||
      fill.assignees.front()->kind != ExprKind::Subscript) {
    return std::string("it is not an assignment to one tile element");
  }
  const Expr& assignee = *fill.assignees.front();
  const Temporary* tile = kernel.find_temporary(assignee.name);
  if (tile == nullptr || tile->address_space != AddressSpace::Local) {
    return "it writes '" + assignee.name + "', which is not a local tile";
  }
  copy.tile = tile->name;
  if (!fill.expression) return std::string("it has no value");
  ExprPtr condition;
  const Expr* value = fill.expression.get();
  if (value->kind == ExprKind::IfThenElse) {
    if (!is_zero_literal(*value->operands[2])) {
      return "its value is " + to_string(fill.expression) + "; a bulk fill copies an array element or zero";
    }
    condition = value->operands[0];
    value = value->operands[1].get();
  }
  if (value->kind != ExprKind::Subscript || kernel.find_arg(value->name) == nullptr ||
      !kernel.find_arg(value->name)->is_array()) {
    return "its value is " + to_string(fill.expression) +
           ", not an element of a global array argument (the copy engine reads global memory)";
  }
  const KernelArgument& array = *kernel.find_arg(value->name);
  copy.array = array.name;
  if (!array.dtype) return "the dtype of '" + array.name + "' is not known";
  copy.dtype = *array.dtype;
  if (tile->dtype && *tile->dtype != copy.dtype) {
    return "tile '" + tile->name + "' is " + std::string(dtype_name(*tile->dtype)) + " and '" + array.name + "' " +
           std::string(dtype_name(copy.dtype)) + " (a bulk copy converts nothing)";
  }
  if (!engine_copies(copy.dtype)) return "the copy engine has no " + std::string(dtype_name(copy.dtype)) + " tensors";
  if (array.offset) return "'" + array.name + "' has an offset";
  std::vector<ExprPtr> array_stride = array_strides(array);
  if (array.shape.empty() || array.shape.size() > static_cast<std::size_t>(kMaxBoxAxes)) {
    return "'" + array.name + "' has " + std::to_string(array.shape.size()) + " axes; the copy engine takes 1 to 5";
  }
  if (array_stride.back()->kind != ExprKind::IntLiteral || array_stride.back()->int_value != 1) {
    return "'" + array.name + "' is not stored with its last axis contiguous (the tensor map's innermost dimension)";
  }
  std::size_t first = slot_axis ? 1 : 0;
  if (assignee.operands.size() != tile->shape.size() || tile->shape.size() != array.shape.size() + first) {
    return "tile '" + tile->name + "' has " + std::to_string(tile->shape.size() - first) + " axes and '" + array.name +
           "' " + std::to_string(array.shape.size()) + "; a box has the array's axes";
  }
  for (std::size_t axis = first; axis < tile->shape.size(); ++axis) {
    const ExprPtr& extent = tile->shape[axis];
    if (extent->kind != ExprKind::IntLiteral || extent->int_value < 1 || extent->int_value > kMaxBoxExtent) {
      return "tile '" + tile->name + "' is " + to_string(extent) + " long along axis " + std::to_string(axis) +
             "; a box is 1 to 256 elements along each axis";
    }
    copy.box.push_back(extent->int_value);
    copy.tile_index.push_back(assignee.operands[axis]);
  }
  copy.global_index = value->operands;
  if (slot_axis) {
    copy.slot = assignee.operands.front();
    std::vector<ExprPtr> strides = array_strides(*tile);
    if (strides.front()->kind != ExprKind::IntLiteral) return "tile '" + tile->name + "' has no constant slot stride";
    copy.slot_stride = strides.front()->int_value;
    if (copy.slot_stride * static_cast<int64_t>(dtype_size(copy.dtype)) % kSwizzleBlockBytes != 0) {
      return "the slots of ring '" + tile->name + "' do not start on 1024 bytes";
    }
  }
  if (std::optional<std::string> problem = layout_problem(*tile, first, copy.dtype, copy)) return *problem;
  if (std::optional<std::string> problem = value_problem(kernel, fill, copy, array, condition, slot_axis)) return *problem;
  return copy;
}

}  // namespace loom
