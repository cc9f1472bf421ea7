// The CUDA lowering of tensorized tiles: see tensor_cores.hpp. The fragment layouts are PTX's
// (ISA 8.x, "Matrix fragments for mma.m16n8k16 / mma.m16n8k8"), checked on an H200 by
// benchmarks/gpu/mma_probe.cu before they were written here. With g = lane / 4, t = lane % 4:
//   m16n8k16 (16-bit a, b): a_r holds a[g + 8·(r%2), 2t + 8·(r/2) + {0, 1}] (the lower k in the
//     low half), b_r holds b[2t + 8r + {0, 1}, g];
//   m16n8k8 (TF32): a_r holds a[g + 8·(r%2), t + 4·(r/2)], b_r holds b[t + 4r, g];
//   both: c_r is c[g + 8·(r/2), 2t + r%2].
#include "codegen/tensor_cores.hpp"
#include "codegen/cast_equality.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <optional>
#include <set>

#include "analysis/type_inference.hpp"
#include "codegen/isl_ast.hpp"
#include "codegen/tensor_core_ptx.hpp"
#include "ir/instance_sets.hpp"
#include "ir/isl_extra.hpp"
#include "ir/isl_kernel.hpp"
#include "ir/layout.hpp"
#include "loom/error.hpp"

namespace loom::codegen {

namespace {

constexpr const char* kTilePrefixes[3] = {"tensorize_i_", "tensorize_j_", "tensorize_k_"};
// The registers of a wgmma's A fragment (TF32 from registers), in the tile update's block.
constexpr const char* kRegisterFragment = "loom_wgmma_a";

// The product `a * b` of the update (the summand tensorize checked), found anywhere in `expr`.
const Expr* find_product(const Expr& expr) {
  if (expr.kind == ExprKind::Binary && expr.binary_op == BinaryOp::Multiply &&
      expr.operands[0]->kind == ExprKind::Subscript && expr.operands[1]->kind == ExprKind::Subscript) {
    return &expr;
  }
  for (const ExprPtr& operand : expr.operands) {
    if (const Expr* found = find_product(*operand)) return found;
  }
  return nullptr;
}

bool uses_iname(const Expr& expr, const std::string& iname) {
  bool found = false;
  visit_expr(expr, [&](const Expr& node) { found = found || (node.kind == ExprKind::Variable && node.name == iname); });
  return found;
}

// The instruction tensorize marked: reduction realization derives the accumulator's
// instructions from it (`mm_k_init`, `mm_k_update`) and keeps its id for the store.
std::string origin_id(const LoopKernel& kernel, const Instruction& instruction) {
  std::string origin = instruction.id;
  for (const Instruction& other : kernel.instructions) {
    if (other.id.size() < origin.size() && instruction.id.rfind(other.id + "_", 0) == 0 &&
        tile_inames(other).k == tile_inames(instruction).k) {
      origin = other.id;
    }
  }
  return origin;
}

bool is_true(const cast::ExprPtr& condition) {
  return condition && condition->kind == cast::ExprKind::IntConst && condition->int_value != 0;
}

[[noreturn]] void refuse(const LoopKernel& kernel, const Instruction& instruction, const std::string& why) {
  throw Error("tensorize (" + origin_id(kernel, instruction) + ") on CUDA: " + why);
}

// Where the tile inames in `keep` lie in the instruction's domain, given the enclosing inames'
// values (the tile inames in `drop` may take any value there): a C condition naming them.
// The context says what the lanes' values satisfy anyway: the enclosing instance exists and each
// kept tile iname lies in its tile (0 <= i < 16, ...), so only the edges' conditions remain.
cast::ExprPtr tile_condition(const LoopKernel& kernel, const Instruction& instruction,
                             const std::vector<std::string>& keep, const std::vector<std::string>& drop,
                             const std::map<std::string, int64_t>& extents) {
  isl::set points = isl_extra::set_dims_to_params(instruction_domain(kernel, instruction))
                        .intersect_params(isl_set_of(kernel.assumptions));
  for (const std::string& iname : drop) points = isl_extra::project_out_param(points, iname);
  isl::set enclosing = points;
  std::string box;
  for (const std::string& iname : keep) {
    enclosing = isl_extra::project_out_param(enclosing, iname);
    box += (box.empty() ? "" : " and ") + std::string("0 <= ") + iname + " < " + std::to_string(extents.at(iname));
  }
  std::string names;
  for (const std::string& iname : keep) names += (names.empty() ? "" : ", ") + iname;
  isl::set tile_box(points.ctx(), "[" + names + "] -> { : " + box + " }");
  isl::set context = enclosing.params().intersect_params(tile_box);
  return parameter_condition(points.params(), context, kernel.options.index_dtype);
}

// Where every point of the tile's box (each tile iname `name` in 0 .. extent - 1) lies in the
// instruction's domain, given the enclosing inames' values: a condition on them and the
// parameters only, exact (the enclosing values minus those where some point of the box is
// outside), gisted against the enclosing instance existing.
cast::ExprPtr whole_tile_condition(const LoopKernel& kernel, const Instruction& instruction,
                                   const std::map<std::string, int64_t>& extents) {
  isl::set points = isl_extra::set_dims_to_params(instruction_domain(kernel, instruction))
                        .intersect_params(isl_set_of(kernel.assumptions))
                        .params();
  isl::set enclosing = points;
  std::string names, box;
  for (const auto& [iname, extent] : extents) {
    enclosing = isl_extra::project_out_param(enclosing, iname);
    names += (names.empty() ? "" : ", ") + iname;
    box += (box.empty() ? "" : " and ") + std::string("0 <= ") + iname + " < " + std::to_string(extent);
  }
  isl::set tile_box(points.ctx(), "[" + names + "] -> { : " + box + " }");
  isl::set outside = enclosing.intersect_params(tile_box).subtract(points);
  for (const auto& [iname, extent] : extents) outside = isl_extra::project_out_param(outside, iname);
  return parameter_condition(enclosing.subtract(outside), enclosing, kernel.options.index_dtype);
}

// The tile's instances for given enclosing inames, the three tile inames as parameters.
isl::set tile_points(const LoopKernel& kernel, const Instruction& instruction) {
  return isl_extra::set_dims_to_params(instruction_domain(kernel, instruction))
      .intersect_params(isl_set_of(kernel.assumptions))
      .params();
}

isl::set without(isl::set set, const std::vector<std::string>& inames) {
  for (const std::string& iname : inames) set = isl_extra::project_out_param(set, iname);
  return set;
}

// The fragments multiply every a[i, k] with a valid (i, k) by every b[k, j] with a valid (k, j),
// and the store keeps the valid (i, j): that is the tile's sum only where the tile's instances are
// exactly those triples (no condition ties all three inames, as i + j + k < n would).
void require_pairwise_domain(const LoopKernel& kernel, const Instruction& instruction, const TileInames& tile) {
  isl::set points = tile_points(kernel, instruction);
  isl::set pairwise = without(points, {tile.j}).intersect(without(points, {tile.i})).intersect(without(points, {tile.k}));
  if (!pairwise.is_equal(points)) {
    refuse(kernel, instruction, "the tile's instances are not given by conditions on two of " + tile.i + ", " + tile.j +
                                    " and " + tile.k + " at a time; the fragments multiply whole rows by whole columns");
  }
}

// Whether the valid k of an operand do not depend on its row: then its rows need no guard.
bool k_range_independent_of(const LoopKernel& kernel, const Instruction& instruction, const std::string& row,
                            const std::string& k, const std::string& other) {
  isl::set pair = without(tile_points(kernel, instruction), {other});
  return without(pair, {row}).intersect(without(pair, {k})).is_equal(pair);
}

// Shared (local) memory holds the whole tile, so only k must be guarded there: a row past the
// edge holds stale values that reach only the results the store leaves out, while a k past it
// would add them into every result. Global operands guard both (the read itself must not leave
// the array).
bool in_local_memory(const LoopKernel& kernel, const Expr& access) {
  const Temporary* temporary = kernel.find_temporary(access.name);
  return temporary != nullptr && temporary->address_space == AddressSpace::Local;
}

// Whether `index` minus the unit-step `k` is a multiple of `step` for every value of the other
// inames: a sum of such constants, k itself, and products with a constant factor that is a
// multiple of `step` (and no k in the product).
bool multiple_apart_from(const Expr& index, const std::string& k, int64_t step) {
  switch (index.kind) {
    case ExprKind::IntLiteral: return index.int_value % step == 0;
    case ExprKind::Variable: return index.name == k;
    case ExprKind::Binary: {
      const Expr &lhs = *index.operands[0], &rhs = *index.operands[1];
      if (index.binary_op == BinaryOp::Add) return multiple_apart_from(lhs, k, step) && multiple_apart_from(rhs, k, step);
      if (index.binary_op == BinaryOp::Multiply) {
        auto multiple = [&](const Expr& e) { return e.kind == ExprKind::IntLiteral && e.int_value % step == 0; };
        return !uses_iname(index, k) && (multiple(lhs) || multiple(rhs));
      }
      return false;
    }
    default: return false;
  }
}

// Whether a local operand's 16-bit elements at k, k + 1, ..., k + step - 1 are contiguous and
// start on a multiple of `step` elements for k a multiple of `step`: k indexes one axis, of
// stride 1, as k plus a multiple of `step`; every other axis has a constant stride that is a
// multiple of `step`; the array is its own (local arrays start on 16 bytes).
bool k_runs_aligned(const LoopKernel& kernel, const Expr& access, const std::string& k, int64_t step) {
  const Temporary* temporary = kernel.find_temporary(access.name);
  if (temporary == nullptr || !temporary->base_storage.empty()) return false;
  std::vector<ExprPtr> strides = array_strides(*temporary);
  if (strides.size() != access.operands.size()) return false;
  int k_axes = 0;
  for (std::size_t axis = 0; axis < strides.size(); ++axis) {
    if (strides[axis]->kind != ExprKind::IntLiteral) return false;
    bool k_axis = uses_iname(*access.operands[axis], k);
    k_axes += k_axis ? 1 : 0;
    if (k_axis && (strides[axis]->int_value != 1 || !multiple_apart_from(*access.operands[axis], k, step))) return false;
    if (!k_axis && strides[axis]->int_value % step != 0) return false;
  }
  return k_axes == 1;
}

// Whether the 16-bit elements at k and k + 1 of a local operand form one aligned 32-bit word for
// even k (fragment registers start at even k).
bool pairs_are_words(const LoopKernel& kernel, const Expr& access, const std::string& k) {
  return k_runs_aligned(kernel, access, k, 2);
}

// Whether ldmatrix can read the operand's fragment: each of its 8x8 matrices is 8 rows of 8
// consecutive k (16 bytes, 16-byte aligned) for k from a multiple of 8, which ldmatrix reads
// from 8 lanes' row addresses. Shared memory only (ldmatrix reads nothing else).
bool ldmatrix_readable(const LoopKernel& kernel, const Expr& access, const std::string& k) {
  return in_local_memory(kernel, access) && k_runs_aligned(kernel, access, k, 8);
}

// Whether ldmatrix .trans can read it: the same with the operand's rows (i for a, j for b)
// contiguous instead of k, e.g. a b tile stored as b is, j-contiguous, whose fetch then copies
// rows of b without transposing them. .trans hands each lane the column pair its fragment holds.
bool ldmatrix_trans_readable(const LoopKernel& kernel, const Expr& access, const std::string& row) {
  return in_local_memory(kernel, access) && k_runs_aligned(kernel, access, row, 8);
}

// The accumulator's axes indexed by exactly i and by exactly j.
std::pair<int, int> accumulator_axes(const LoopKernel& kernel, const Instruction& instruction, const Expr& accumulator,
                                     const TileInames& tile) {
  int i_axis = -1, j_axis = -1;
  for (std::size_t axis = 0; axis < accumulator.operands.size(); ++axis) {
    const Expr& index = *accumulator.operands[axis];
    if (index.kind != ExprKind::Variable) continue;
    if (index.name == tile.i) i_axis = static_cast<int>(axis);
    if (index.name == tile.j) j_axis = static_cast<int>(axis);
  }
  if (accumulator.kind != ExprKind::Subscript || i_axis < 0 || j_axis < 0) {
    refuse(kernel, instruction, "the accumulator '" + to_string(accumulator) + "' has no copy per value of " + tile.i +
                                    " and " + tile.j + "; nest the tile's loops inside the reduction's (prioritize_loops "
                                    "with the k loops before " + tile.i + " and " + tile.j + ")");
  }
  return {i_axis, j_axis};
}

// The shape tensorize put on the instruction (tensorize_m16n8k16, tensorize_m64n256k16, ...).
std::string tile_shape(const Instruction& instruction) {
  for (const std::string& tag : instruction.tags) {
    if (tag.rfind("tensorize_m", 0) == 0 && tag.size() > 11 && std::isdigit(static_cast<unsigned char>(tag[11])) != 0) {
      return tag.substr(10);
    }
  }
  return "m16n8k16";
}

int64_t shape_n(const std::string& shape) {
  std::size_t n_at = shape.find('n'), k_at = shape.find('k');
  return std::stoll(shape.substr(n_at + 1, k_at - n_at - 1));
}

int64_t constant_of(const ExprPtr& expr) { return expr->kind == ExprKind::IntLiteral ? expr->int_value : -1; }

// The axes of `access` whose index uses `iname` (tensorize left one each for the tile inames).
int axis_using(const Expr& access, const std::string& iname) {
  for (std::size_t axis = 0; axis < access.operands.size(); ++axis) {
    if (uses_iname(*access.operands[axis], iname)) return static_cast<int>(axis);
  }
  return -1;
}

// How wgmma reads `access` (a, `row` = i; or b, `row` = j) by descriptor, or the reason it cannot:
// the operand must be a local tile of its own with the 128-byte swizzle, stored k-major (k on the
// swizzled axis, rows 128 bytes apart: a row of 64 16-bit k) or m-/n-major (the rows on the
// swizzled axis, k 128 bytes apart, in column blocks of 128 bytes N bytes apart: swizzle128:N),
// the tile starting on an 8-row group and a 16-byte chunk (k-major) or on a column block and an
// 8-k group (m-/n-major), every other axis a multiple of 1024 bytes, so that the tile's origin has
// the pattern's phase the descriptor assumes (the swizzle permutes address bits 4-6 by bits 7-9).
TensorTileOperand wgmma_operand(const LoopKernel& kernel, const Instruction& instruction, const ExprPtr& access,
                                const std::string& row, const std::string& k, int64_t rows, DType element, bool tf32) {
  std::string what = "the operand '" + to_string(*access) + "'";
  const Temporary* tile = kernel.find_temporary(access->name);
  if (tile == nullptr || tile->address_space != AddressSpace::Local) {
    refuse(kernel, instruction, what + " is not in local memory; wgmma reads its operands from shared memory by "
                                "descriptor (add_prefetch it into a local tile)");
  }
  if (!tile->base_storage.empty()) {
    refuse(kernel, instruction, what + " shares storage with other temporaries (alias_temporaries); wgmma's tile "
                                "must be its own, starting on 1024 bytes");
  }
  std::optional<std::size_t> swizzled = swizzle_axis(tile->dim_tags);
  if (!swizzled) {
    refuse(kernel, instruction, "'" + access->name + "' is not swizzled; wgmma reads tiles in the 128-byte swizzle "
                                "(tag_array_axes with swizzle128 on the contiguous axis, e.g. \"stride:64, swizzle128\")" +
                                (tf32 ? "; with TF32: " + access->name + " as wgmma's A (the first of tensorize's inames) "
                                        "is loaded from registers, any layout"
                                      : std::string()));
  }
  auto bytes = static_cast<int64_t>(dtype_size(element));
  int64_t row_elements = kSwizzleRowBytes / bytes, chunk = kSwizzleChunkBytes / bytes;
  std::vector<ExprPtr> strides = array_strides(*tile);
  for (std::size_t axis = 0; axis < strides.size(); ++axis) {
    if (constant_of(strides[axis]) < 0 || constant_of(tile->shape[axis]) < 0) {
      refuse(kernel, instruction, "'" + access->name + "' has a stride or length that is not a constant along axis " +
                                  std::to_string(axis) + "; wgmma's descriptors need a constant layout");
    }
  }
  int row_axis = axis_using(*access, row), k_axis = axis_using(*access, k);
  auto at = static_cast<int>(*swizzled);
  if (k_axis != at && row_axis != at) {
    refuse(kernel, instruction, "neither " + k + " nor " + row + " indexes the swizzled axis of " + what +
                                "; wgmma reads rows of 128 bytes along k (k-major) or along the tile's " + row);
  }
  TensorTileOperand operand{access, row, nullptr};
  operand.mn_major = row_axis == at;
  if (tf32 && operand.mn_major) {
    refuse(kernel, instruction, what + " is stored " + row + "-major; TF32 wgmma reads k-major operands only (PTX has "
                                "no transposed TF32 form): store it with " + k + " on the swizzled axis, or make it "
                                "wgmma's A (the first of tensorize's inames: exchange them, c^T = b^T a^T) in an "
                                "unswizzled tile, which TF32 wgmma loads from registers");
  }
  std::optional<int64_t> blocks = swizzle_atom_stride("temporary '" + access->name + "'", tile->dim_tags);
  const Expr& row_index = *access->operands[static_cast<std::size_t>(row_axis)];
  const Expr& k_index = *access->operands[static_cast<std::size_t>(k_axis)];
  auto stride_of = [&](int axis) { return strides[static_cast<std::size_t>(axis)]->int_value; };
  std::string row_text = std::to_string(row_elements) + " " + std::string(dtype_name(element));
  if (!operand.mn_major) {
    if (blocks || constant_of(tile->shape[at]) != row_elements) {
      refuse(kernel, instruction, "the swizzled axis of '" + access->name + "' (" + k + ") is not one row of 128 bytes (" +
                                  row_text + "); a k-major wgmma operand is rows of exactly 128 bytes");
    }
    if (stride_of(row_axis) != row_elements) {
      refuse(kernel, instruction, "consecutive " + row + " of " + what + " are " + std::to_string(stride_of(row_axis)) +
                                  " elements apart; a k-major wgmma operand has its rows 128 bytes (" + row_text + ") apart");
    }
    if (!multiple_apart_from(row_index, row, 8)) {
      refuse(kernel, instruction, "the tile of " + what + " does not start on a multiple of 8 rows (the swizzle's period)");
    }
    if (!multiple_apart_from(k_index, k, chunk)) {
      refuse(kernel, instruction, "the tile of " + what + " does not start on a 16-byte chunk along " + k);
    }
    operand.lbo = 16;  // unused by the 128-byte swizzle's k-major form
  } else {
    if (stride_of(k_axis) != row_elements) {
      refuse(kernel, instruction, "consecutive " + k + " of " + what + " are " + std::to_string(stride_of(k_axis)) +
                                  " elements apart; a " + row + "-major wgmma operand has rows of 128 bytes (" + row_text +
                                  ") along " + k);
    }
    if (!multiple_apart_from(k_index, k, 8)) {
      refuse(kernel, instruction, "the tile of " + what + " does not start on a multiple of 8 " + k + " (the swizzle's period)");
    }
    if (!multiple_apart_from(row_index, row, row_elements)) {
      refuse(kernel, instruction, "the tile of " + what + " does not start on a 128-byte column block along " + row);
    }
    if (rows > row_elements && !blocks) {
      refuse(kernel, instruction, "the tile's " + std::to_string(rows) + " " + row + " of " + what +
                                  " are wider than one 128-byte row; store '" + access->name +
                                  "' in column blocks (swizzle128:N, N a multiple of " +
                                  std::to_string(kSwizzleBlockBytes / bytes) + ")");
    }
    if (blocks && (*blocks * bytes) % kSwizzleBlockBytes != 0) {
      refuse(kernel, instruction, "the column blocks of '" + access->name + "' are " + std::to_string(*blocks) +
                                  " elements apart, not a multiple of 1024 bytes");
    }
    operand.lbo = blocks ? *blocks * bytes : kSwizzleBlockBytes;
  }
  operand.sbo = kSwizzleBlockBytes;  // 8 rows of 128 bytes
  for (std::size_t axis = 0; axis < strides.size(); ++axis) {
    if (static_cast<int>(axis) == row_axis || static_cast<int>(axis) == k_axis) continue;
    if ((strides[axis]->int_value * bytes) % kSwizzleBlockBytes != 0) {
      refuse(kernel, instruction, "axis " + std::to_string(axis) + " of '" + access->name + "' has a stride of " +
                                  std::to_string(strides[axis]->int_value * bytes) +
                                  " bytes, not a multiple of 1024; wgmma's tile must start on the swizzle's period");
    }
  }
  return operand;
}

bool is_swizzled(const LoopKernel& kernel, const Expr& access) {
  const Temporary* tile = kernel.find_temporary(access.name);
  return tile != nullptr && swizzle_axis(tile->dim_tags).has_value();
}

// wgmma's A operand read from registers (TF32): each work-item loads its four fragment elements
// from a local tile with ordinary loads, so any layout does; only the memory is checked (a global
// A would be read by every warpgroup from DRAM, with no fetch to share it).
TensorTileOperand register_operand(const LoopKernel& kernel, const Instruction& instruction, const ExprPtr& access,
                                   const std::string& row) {
  const Temporary* tile = kernel.find_temporary(access->name);
  if (tile == nullptr || tile->address_space != AddressSpace::Local) {
    refuse(kernel, instruction, "the operand '" + to_string(*access) + "' is not in local memory; TF32 wgmma loads "
                                "its A operand into registers from a local tile, or reads it by descriptor from a "
                                "swizzled one (add_prefetch it into a local tile)");
  }
  TensorTileOperand operand{access, row, nullptr};
  operand.registers = true;
  return operand;
}

TensorTileStatement describe(const LoopKernel& kernel, const Instruction& instruction, const TileInames& tile) {
  TensorTileStatement statement;
  statement.shape = tile_shape(instruction);
  statement.wgmma = instruction.tags.count("tensorize_wgmma") != 0;
  statement.n = shape_n(statement.shape);
  statement.i = tile.i;
  statement.j = tile.j;
  statement.k = tile.k;
  statement.wrong_rows = instruction.tags.count("tensorize_test_wrong_rows") != 0;
  const Expr* product = instruction.expression ? find_product(*instruction.expression) : nullptr;
  if (product != nullptr) {
    require_pairwise_domain(kernel, instruction, tile);
    statement.role = TensorTileStatement::Role::Update;
    statement.accumulator = instruction.assignees[0];
    ExprPtr first = product->operands[0], second = product->operands[1];
    if (!uses_iname(*first, tile.i)) std::swap(first, second);
    bool tf32 = instruction.tags.count("tensorize_tf32") != 0;
    std::map<std::string, int64_t> extents = {
        {tile.i, statement.wgmma ? 64 : 16}, {tile.j, statement.n}, {tile.k, tf32 ? 8 : 16}};
    statement.operand_dtype = TypeContext(kernel).type_of(*first).dtype;
    auto wgmma = [&](const ExprPtr& access, const std::string& row, const std::string& other, int64_t rows,
                     bool registers) {
      TensorTileOperand result = registers ? register_operand(kernel, instruction, access, row)
                                           : wgmma_operand(kernel, instruction, access, row, tile.k, rows,
                                                           statement.operand_dtype, tf32);
      // wgmma multiplies whole tiles: k past the edge must read zeros, which only whole k tiles
      // (a round_up k split whose fetch fills zeros) guarantee; rows past the edge reach only
      // results the store leaves out, as for mma.sync.
      if (!k_range_independent_of(kernel, instruction, row, tile.k, other)) {
        refuse(kernel, instruction, "the valid " + tile.k + " of " + to_string(*access) + " depend on " + row +
                                    "; wgmma multiplies whole tiles");
      }
      result.k_only = true;
      result.valid = tile_condition(kernel, instruction, {tile.k}, {row, other}, extents);
      if (!is_true(result.valid)) {
        refuse(kernel, instruction, "the tile is partial along " + tile.k + " at the edge of the reduction; wgmma cannot "
                                    "mask its operands: split k with tail_strategy round_up, so that the fetches fill "
                                    "zeros past the edge");
      }
      return result;
    };
    if (statement.wgmma) {
      // TF32's A comes from registers where its tile is not swizzled (nothing to read by
      // descriptor): the exchanged-roles form, b^T as A (decisions.md, tf32 pass).
      statement.a = wgmma(first, tile.i, tile.j, 64, tf32 && !is_swizzled(kernel, *first));
      statement.b = wgmma(second, tile.j, tile.i, statement.n, false);
      return statement;
    }
    auto operand = [&](const ExprPtr& access, const std::string& row, const std::string& other) {
      if (in_local_memory(kernel, *access)) {
        bool k_only = k_range_independent_of(kernel, instruction, row, tile.k, other);
        std::vector<std::string> keep = k_only ? std::vector<std::string>{tile.k} : std::vector<std::string>{row, tile.k};
        std::vector<std::string> drop = k_only ? std::vector<std::string>{row, other} : std::vector<std::string>{other};
        TensorTileOperand result{access, row, tile_condition(kernel, instruction, keep, drop, extents),
                                 !tf32 && pairs_are_words(kernel, *access, tile.k), k_only};
        // The spec may keep plain 32-bit loads (tag_instructions `tensorize_fragments_by_words`):
        // measured faster for bf16_gemm_pipelined, whose next tile waits in registers
        // (benchmarks/results/2026-11-26-h200-tensor-cores-4.md).
        bool words = instruction.tags.count("tensorize_fragments_by_words") != 0;
        result.ldmatrix = !tf32 && !words && ldmatrix_readable(kernel, *access, tile.k);
        result.ldmatrix_trans = !tf32 && !words && !result.ldmatrix && ldmatrix_trans_readable(kernel, *access, row);
        return result;
      }
      return TensorTileOperand{access, row, tile_condition(kernel, instruction, {row, tile.k}, {other}, extents), false,
                               false};
    };
    statement.a = operand(first, tile.i, tile.j);
    statement.b = operand(second, tile.j, tile.i);
    statement.operand_dtype = TypeContext(kernel).type_of(*first).dtype;
  } else if (instruction.expression && instruction.expression->kind == ExprKind::Subscript &&
             kernel.find_temporary(instruction.expression->name) != nullptr &&
             kernel.find_temporary(instruction.expression->name)->address_space == AddressSpace::Private) {
    statement.role = TensorTileStatement::Role::Store;
    statement.accumulator = instruction.expression;
    statement.result = instruction.assignees[0];
    statement.store_valid = tile_condition(kernel, instruction, {tile.i, tile.j}, {},
                                           {{tile.i, statement.wgmma ? 64 : 16}, {tile.j, statement.n}});
    if (statement.wgmma)
      statement.store_whole = whole_tile_condition(kernel, instruction, {{tile.i, 64}, {tile.j, statement.n}});
  } else if (instruction.expression && (instruction.expression->kind == ExprKind::IntLiteral ||
                                        instruction.expression->kind == ExprKind::FloatLiteral)) {
    statement.role = TensorTileStatement::Role::Zero;
    statement.accumulator = instruction.assignees[0];
  } else {
    refuse(kernel, instruction, "'" + instruction.source + "' is not the accumulator's initialization, update or "
                                "store (another transform rewrote the tile's reduction)");
  }
  return statement;
}

isl::set fixed_at_zero(isl::set set, const std::set<std::string>& inames) {
  for (const std::string& iname : inames) {
    int position = isl_extra::find_dim(set, isl_dim_set, iname);
    if (position >= 0) set = isl::manage(isl_set_fix_si(set.release(), isl_dim_set, static_cast<unsigned>(position), 0));
  }
  return set;
}

// ---- lowering -----------------------------------------------------------------------------------

cast::ExprPtr index_const(int64_t value) { return cast::int_const(value, DType::Int32); }
cast::ExprPtr add(const cast::ExprPtr& lhs, int64_t value) {
  return value == 0 ? lhs : cast::binary("+", lhs, index_const(value), DType::Int32);
}

cast::ExprPtr substituted(const cast::ExprPtr& expr, const std::map<std::string, cast::ExprPtr>& values) {
  if (expr->kind == cast::ExprKind::Var) {
    auto found = values.find(expr->name);
    return found == values.end() ? expr : found->second;
  }
  if (expr->args.empty()) return expr;
  auto copy = std::make_shared<cast::Expr>(*expr);
  for (cast::ExprPtr& arg : copy->args) arg = substituted(arg, values);
  return copy;
}

struct Lane {
  cast::ExprPtr index;          // the lane, 0 to 31
  cast::ExprPtr group, thread;  // g = lane / 4, t = lane % 4
};

// The ldmatrix registers of one operand of a tile: `registers` words in the array `name`.
struct FragmentLoad {
  std::string name;
  int registers = 0;
};

class TileLowering {
 public:
  TileLowering(const TensorTileStatement& tile, const ExpressionLowering& lowering, const InameValues& inames,
               const cast::ExprPtr& lane)
      : tile_(tile), lowering_(lowering), inames_(inames),
        lane_{lane, cast::binary("/", lane, index_const(4), DType::Int32), cast::binary("%", lane, index_const(4), DType::Int32)} {}

  cast::StmtPtr statement() const {
    if (tile_.wgmma) return wgmma_statement();
    switch (tile_.role) {
      case TensorTileStatement::Role::Zero: return zero();
      case TensorTileStatement::Role::Update: return update();
      case TensorTileStatement::Role::Store: return store();
    }
    return nullptr;
  }

 private:
  // The inames' values with the tile inames at the given lane-dependent values.
  InameValues at(const std::map<std::string, cast::ExprPtr>& tile_values) const {
    InameValues values = inames_;
    for (const auto& [name, value] : tile_values) values[name] = value;
    return values;
  }

  // The flat index of the lane's first accumulator element (the tile's i and j at 0).
  cast::ExprPtr accumulator_base() const {
    InameValues values = at({{tile_.i, index_const(0)}, {tile_.j, index_const(0)}});
    return lowering_.flat_index(tile_.accumulator->name, tile_.accumulator->operands, values);
  }
  cast::ExprPtr accumulator(int r) const {
    return cast::load(tile_.accumulator->name, add(accumulator_base(), r), DType::Float32);
  }

  cast::StmtPtr zero() const {
    std::vector<cast::StmtPtr> body;
    for (int r = 0; r < 4; ++r) body.push_back(cast::assign(accumulator(r), cast::float_const(0, DType::Float32)));
    return cast::block(body);
  }

  // c_r at row g + 8·(r/2), column 2t + r%2 (the test-only wrong mapping swaps the two rows).
  cast::StmtPtr store() const {
    std::vector<cast::StmtPtr> body;
    for (int r = 0; r < 4; ++r) {
      bool lower_half = (r / 2 == 1) != tile_.wrong_rows;
      cast::ExprPtr row = add(lane_.group, lower_half ? 8 : 0);
      cast::ExprPtr column = add(cast::binary("*", index_const(2), lane_.thread, DType::Int32), r % 2);
      InameValues values = at({{tile_.i, row}, {tile_.j, column}});
      const Expr& result = *tile_.result;
      cast::ExprPtr target = cast::load(result.name, lowering_.flat_index(result.name, result.operands, values), DType::Float32);
      cast::ExprPtr valid = substituted(tile_.store_valid, values);
      body.push_back(cast::if_then(valid, cast::assign(target, accumulator(r))));
    }
    return cast::block(body);
  }

  // The operand's element at (row, k), zero outside the domain, as the bits the fragment holds.
  cast::ExprPtr element(const TensorTileOperand& operand, const cast::ExprPtr& row, const cast::ExprPtr& k,
                        bool guarded) const {
    InameValues values = at({{operand.row, row}, {tile_.k, k}});
    const Expr& access = *operand.access;
    DType dtype = tile_.operand_dtype;
    cast::ExprPtr value = cast::load(access.name, lowering_.flat_index(access.name, access.operands, values), dtype);
    cast::ExprPtr zero = dtype == DType::Float32 ? cast::float_const(0, DType::Float32) : index_const(0);
    if (guarded) value = cast::ternary(substituted(operand.valid, values), value, zero, dtype);
    if (dtype == DType::Float32) return cast::call("loom_mma_tf32", {value}, DType::UInt32);
    return value;
  }

  // A fragment register: one TF32 element, or two 16-bit elements at k and k + 1 (one 32-bit
  // word where they are adjacent in local memory; the tile holds it whole, so the load stays in
  // the array and a mask zeroes the halves past the k edge, k + 1 being in range only if k is).
  // `loaded`, when given, is the word as ldmatrix loaded it.
  cast::ExprPtr fragment(const TensorTileOperand& operand, const cast::ExprPtr& row, const cast::ExprPtr& k,
                         bool guarded, const cast::ExprPtr& loaded = nullptr) const {
    if (tile_.shape == "m16n8k8") return element(operand, row, k, guarded);
    if (!operand.pairs_are_words && !loaded) {
      return cast::call("loom_mma_pack", {element(operand, row, k, guarded), element(operand, row, add(k, 1), guarded)},
                        DType::UInt32);
    }
    InameValues low = at({{operand.row, row}, {tile_.k, k}}), high = at({{operand.row, row}, {tile_.k, add(k, 1)}});
    const Expr& access = *operand.access;
    cast::ExprPtr address = cast::binary("+", cast::var(access.name, tile_.operand_dtype),
                                         lowering_.flat_index(access.name, access.operands, low), DType::Int32);
    auto bits = [](uint64_t value) { return cast::int_const(static_cast<int64_t>(value), DType::UInt32); };
    cast::ExprPtr word = loaded ? loaded : cast::call("loom_mma_word", {address}, DType::UInt32);
    // A tile that is whole along k everywhere (a round_up k split reading zero-filled tiles) has
    // the condition `true`: no mask.
    if (!guarded || is_true(operand.valid)) return word;
    cast::ExprPtr mask = cast::ternary(substituted(operand.valid, high), bits(0xffffffffu),
                                       cast::ternary(substituted(operand.valid, low), bits(0xffffu), bits(0), DType::UInt32),
                                       DType::UInt32);
    return cast::binary("&", word, mask, DType::UInt32);
  }

  cast::StmtPtr update() const {
    bool tf32 = tile_.shape == "m16n8k8";
    // The k of a register's (first) element: 2t + 8·(r/2) for 16-bit operands, t + 4·(r/2) for TF32.
    auto k_of = [&](int half) {
      cast::ExprPtr base = tf32 ? lane_.thread : cast::binary("*", index_const(2), lane_.thread, DType::Int32);
      return add(base, half * (tf32 ? 4 : 8));
    };
    std::string type = tf32 ? "tf32" : tile_.operand_dtype == DType::Float16 ? "f16" : "bf16";
    std::string helper = "loom_mma_" + tile_.shape + "_" + type;
    // ldmatrix puts a's registers r = 0..3 (rows g + 8(r%2), k 2t + 8(r/2)) in one x4 load and
    // b's r = 0, 1 (k 2t + 8r, column g) in one x2 load; declared in the tile's block, so that
    // share_fragment_loads can move them out to the tiles that share them.
    std::vector<cast::StmtPtr> loads;
    FragmentLoad a_words, b_words;
    if (!tf32 && (tile_.a.ldmatrix || tile_.a.ldmatrix_trans)) a_words = load_fragment(tile_.a, "loom_frag_a", 4, loads);
    if (!tf32 && (tile_.b.ldmatrix || tile_.b.ldmatrix_trans)) b_words = load_fragment(tile_.b, "loom_frag_b", 2, loads);
    auto word = [](const FragmentLoad& load, int r) {
      return load.registers == 0 ? nullptr : cast::load(load.name, index_const(r), DType::UInt32);
    };
    auto mma = [&](bool guarded) {
      std::vector<cast::ExprPtr> args = {
          cast::binary("+", cast::var(tile_.accumulator->name, DType::Float32), accumulator_base(), DType::Int32)};
      for (int r = 0; r < 4; ++r) {
        args.push_back(fragment(tile_.a, add(lane_.group, 8 * (r % 2)), k_of(r / 2), guarded, word(a_words, r)));
      }
      for (int r = 0; r < 2; ++r) args.push_back(fragment(tile_.b, lane_.group, k_of(r), guarded, word(b_words, r)));
      // The helper updates the accumulator in place; the C AST has no call statement, so its
      // (constant) result initializes a scoped name.
      std::vector<cast::StmtPtr> body = loads;
      body.push_back(cast::declare("loom_mma_done", DType::Int32, 0, cast::call(helper, args, DType::Int32), true));
      return cast::scoped_block(body);
    };
    // Local operands are guarded along k only: where the tile's last k is in range (every k step
    // but the last), the warp takes an unguarded copy, without a select per element. Worth it
    // for elements (TF32 GEMM on the H200: 45 -> 91 TFLOP/s), not for 32-bit words, whose mask
    // is one AND the compiler shares between tiles (BF16: 118 with masks, 103 with two copies;
    // benchmarks/results/2026-11-26-h200-tensor-cores-2.md).
    if (!tile_.a.k_only || !tile_.b.k_only) return mma(true);
    auto words = [](const TensorTileOperand& operand) {
      return operand.pairs_are_words || operand.ldmatrix || operand.ldmatrix_trans;
    };
    if (words(tile_.a) && words(tile_.b)) return mma(true);
    int64_t last_k = tf32 ? 7 : 15;
    cast::ExprPtr full = cast::binary("&&", substituted(tile_.a.valid, at({{tile_.k, index_const(last_k)}})),
                                      substituted(tile_.b.valid, at({{tile_.k, index_const(last_k)}})), DType::Bool);
    return cast::if_then(full, mma(false), mma(true));
  }

  // ---- wgmma: a warpgroup's 64 x n tile; lane_.index is the work-item's place t in its
  // warpgroup. Its accumulator registers r = 0 .. n/2 - 1 hold (PTX ISA, "Matrix fragments for
  // wgmma .m64nNk16", the m16n8 C fragment of warp t / 32 repeated along n):
  //   row 16·(t / 32) + (t % 32) / 4 + 8·((r / 2) % 2), column 8·(r / 4) + 2·(t % 4) + r % 2.
  cast::StmtPtr wgmma_statement() const {
    int64_t registers = tile_.n / 2;
    cast::ExprPtr r = cast::var("loom_r", DType::Int32);
    auto over_registers = [&](const cast::StmtPtr& body) {
      auto loop = std::make_shared<cast::Stmt>(*cast::for_loop(
          "loom_r", DType::Int32, index_const(0), cast::binary("<", r, index_const(registers), DType::Bool), 1, body));
      loop->pragma = "unroll";
      return cast::StmtPtr(loop);
    };
    cast::ExprPtr element = cast::load(tile_.accumulator->name, cast::binary("+", accumulator_base(), r, DType::Int32),
                                       DType::Float32);
    switch (tile_.role) {
      case TensorTileStatement::Role::Zero:
        return over_registers(cast::assign(element, cast::float_const(0, DType::Float32)));
      case TensorTileStatement::Role::Store: {
        auto op = [](const char* o, const cast::ExprPtr& lhs, int64_t value) {
          return cast::binary(o, lhs, index_const(value), DType::Int32);
        };
        auto plus = [](const cast::ExprPtr& lhs, const cast::ExprPtr& rhs) { return cast::binary("+", lhs, rhs, DType::Int32); };
        const cast::ExprPtr& t = lane_.index;
        // The test-only wrong mapping swaps rows g and g + 8 of each warp's 16.
        cast::ExprPtr half = op("%", op("/", r, 2), 2);
        if (tile_.wrong_rows) half = cast::binary("-", index_const(1), half, DType::Int32);
        cast::ExprPtr row = plus(plus(op("*", op("/", t, 32), 16), op("/", op("%", t, 32), 4)), op("*", half, 8));
        cast::ExprPtr column = plus(plus(op("*", op("/", r, 4), 8), op("*", op("%", t, 4), 2)), op("%", r, 2));
        InameValues values = at({{tile_.i, row}, {tile_.j, column}});
        const Expr& result = *tile_.result;
        cast::ExprPtr target = cast::load(result.name, lowering_.flat_index(result.name, result.operands, values), DType::Float32);
        cast::StmtPtr one_by_one =
            over_registers(cast::if_then(substituted(tile_.store_valid, values), cast::assign(target, element)));
        // Registers r and r + 1 (r even) are columns c and c + 1 of one row: where the
        // warpgroup's whole tile is in the domain and the pairs are on 8 bytes, one 8-byte store
        // a pair, with no guard (the probe's epilogue: 64 STG.E.64 instead of 128 guarded STG.E).
        // The edge tiles and misaligned arrays keep the stores one by one.
        cast::ExprPtr even_column = plus(op("*", op("/", r, 4), 8), op("*", op("%", t, 4), 2));
        std::optional<ExpressionLowering::PairStore> pair =
            lowering_.pair_store(result, tile_.j, at({{tile_.i, row}, {tile_.j, even_column}}));
        if (!pair || !tile_.store_whole) return one_by_one;
        cast::ExprPtr whole = substituted(tile_.store_whole, inames_);
        if (pair->aligned) whole = cast::binary("&&", whole, pair->aligned, DType::Bool);
        cast::ExprPtr next = cast::load(tile_.accumulator->name,
                                        cast::binary("+", accumulator_base(), add(r, 1), DType::Int32), DType::Float32);
        cast::StmtPtr store = cast::scoped_block({cast::declare(
            "loom_stored", DType::Int32, 0, cast::call("loom_store_2f", {pair->address, element, next}, DType::Int32), true)});
        auto pairs = std::make_shared<cast::Stmt>(*cast::for_loop(
            "loom_r", DType::Int32, index_const(0), cast::binary("<", r, index_const(registers), DType::Bool), 2, store));
        pairs->pragma = "unroll";
        return cast::if_then(whole, pairs, one_by_one);
      }
      case TensorTileStatement::Role::Update: break;
    }
    // One wgmma of the tile by descriptors of both operands' tiles, their origins unswizzled
    // (the hardware swizzles the addresses it computes).
    auto descriptor = [&](const TensorTileOperand& operand) {
      const Expr& access = *operand.access;
      InameValues origin = at({{operand.row, index_const(0)}, {tile_.k, index_const(0)}});
      cast::ExprPtr address = cast::binary("+", cast::var(access.name, tile_.operand_dtype),
                                           lowering_.unswizzled_index(access.name, access.operands, origin), DType::Int32);
      return cast::call("loom_wgmma_desc", {address, index_const(operand.lbo), index_const(operand.sbo)}, DType::UInt64);
    };
    bool tf32 = tile_.operand_dtype == DType::Float32;
    std::string type = tf32 ? "tf32" : tile_.operand_dtype == DType::Float16 ? "f16" : "bf16";
    std::string helper = "loom_wgmma_" + tile_.shape + "_" + type;
    if (!tf32) helper += std::string("_t") + (tile_.a.mn_major ? "1" : "0") + (tile_.b.mn_major ? "1" : "0");
    cast::ExprPtr accumulators =
        cast::binary("+", cast::var(tile_.accumulator->name, DType::Float32), accumulator_base(), DType::Int32);
    if (tile_.a.registers) return register_a_update(helper + "_rs", accumulators, descriptor(tile_.b));
    return cast::scoped_block({cast::declare("loom_wgmma_done", DType::Int32, 0,
                                             cast::call(helper, {accumulators, descriptor(tile_.a), descriptor(tile_.b)}, DType::Int32),
                                             true)});
  }

  // A wgmma whose A comes from registers: the work-item's four elements of its warp's m16n8k8 A
  // fragment, loaded into kRegisterFragment (float32 bits, which the tensor core reads as TF32),
  // then the call. order_wgmma moves the loads of a run's tiles before its wgmma.fence, as PTX
  // requires of registers a wgmma reads (and renames the fragments apart).
  cast::StmtPtr register_a_update(const std::string& helper, const cast::ExprPtr& accumulators,
                                  const cast::ExprPtr& b_descriptor) const {
    auto op = [](const char* o, const cast::ExprPtr& lhs, int64_t value) {
      return cast::binary(o, lhs, index_const(value), DType::Int32);
    };
    const cast::ExprPtr& t = lane_.index;
    // Row 16 (t / 32) + (t % 32) / 4 + 8 (r % 2), k t % 4 + 4 (r / 2).
    cast::ExprPtr group_row = cast::binary("+", op("*", op("/", t, 32), 16), op("/", op("%", t, 32), 4), DType::Int32);
    cast::ExprPtr column = op("%", t, 4);
    const Expr& access = *tile_.a.access;
    std::vector<cast::StmtPtr> body = {cast::declare(kRegisterFragment, DType::Float32, 4)};
    std::vector<cast::ExprPtr> args = {accumulators};
    for (int r = 0; r < 4; ++r) {
      InameValues values = at({{tile_.a.row, add(group_row, 8 * (r % 2))}, {tile_.k, add(column, 4 * (r / 2))}});
      cast::ExprPtr element = cast::load(access.name, lowering_.flat_index(access.name, access.operands, values), DType::Float32);
      cast::ExprPtr slot = cast::load(kRegisterFragment, index_const(r), DType::Float32);
      body.push_back(cast::assign(slot, element));
      args.push_back(slot);
    }
    args.push_back(b_descriptor);
    body.push_back(cast::declare("loom_wgmma_done", DType::Int32, 0, cast::call(helper, args, DType::Int32), true));
    return cast::scoped_block(body);
  }

  // The declarations that load the lane's `registers` words of `operand` with one ldmatrix
  // (x4 for a, x2 for b): lane L gives the address of row L % 8 of matrix L / 8. The matrices are
  // a's (rows 0-7, k 0-7), (rows 8-15, k 0-7), (rows 0-7, k 8-15), (rows 8-15, k 8-15) and b's
  // (columns 0-7, k 0-7), (columns 0-7, k 8-15). Without .trans a matrix row is 8 k of one
  // row/column: lane L reads row L % 16, k 8·(L / 16) (a) or column L % 8, k 8·(L / 8 % 2) (b;
  // lanes 16-31 give addresses x2 does not read). With .trans it is 8 rows/columns at one k:
  // lane L reads k L % 8 + 8·(L / 16), row 8·(L / 8 % 2) (a) or k L % 16, column 0 (b).
  FragmentLoad load_fragment(const TensorTileOperand& operand, const std::string& name, int registers,
                             std::vector<cast::StmtPtr>& loads) const {
    auto op = [](const char* o, const cast::ExprPtr& lhs, int64_t value) {
      return cast::binary(o, lhs, index_const(value), DType::Int32);
    };
    const cast::ExprPtr& lane = lane_.index;
    bool a = registers == 4;
    cast::ExprPtr row, k;
    if (!operand.ldmatrix_trans) {
      row = op("%", lane, a ? 16 : 8);
      k = op("*", a ? op("/", lane, 16) : op("%", op("/", lane, 8), 2), 8);
    } else if (a) {
      row = op("*", op("%", op("/", lane, 8), 2), 8);
      k = cast::binary("+", op("%", lane, 8), op("*", op("/", lane, 16), 8), DType::Int32);
    } else {
      row = index_const(0);
      k = op("%", lane, 16);
    }
    const Expr& access = *operand.access;
    InameValues values = at({{operand.row, row}, {tile_.k, k}});
    cast::ExprPtr address = cast::binary("+", cast::var(access.name, tile_.operand_dtype),
                                         lowering_.flat_index(access.name, access.operands, values), DType::Int32);
    std::string helper = std::string(a ? "loom_ldsm_x4" : "loom_ldsm_x2") + (operand.ldmatrix_trans ? "_trans" : "");
    loads.push_back(cast::declare(name, DType::UInt32, registers));
    loads.push_back(cast::declare(name + "_done", DType::Int32, 0,
                                  cast::call(helper, {cast::var(name, DType::UInt32), address}, DType::Int32), true));
    return {name, registers};
  }

  const TensorTileStatement& tile_;
  const ExpressionLowering& lowering_;
  const InameValues& inames_;
  Lane lane_;
};

// ---- sharing ldmatrix loads between the tiles of a warp -------------------------------------------

cast::ExprPtr renamed(const cast::ExprPtr& expr, const std::map<std::string, std::string>& names) {
  if (!expr) return expr;
  auto found = names.find(expr->name);
  bool rename = (expr->kind == cast::ExprKind::Load || expr->kind == cast::ExprKind::Var) && found != names.end();
  if (!rename && expr->args.empty()) return expr;
  auto copy = std::make_shared<cast::Expr>(*expr);
  if (rename) copy->name = found->second;
  for (cast::ExprPtr& arg : copy->args) arg = renamed(arg, names);
  return copy;
}

bool starts_with(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

// A tile update as TileLowering::update writes it: a scoped block of ldmatrix declarations
// (loom_frag_*) and the mma.
bool is_tile_update(const cast::Stmt& stmt) {
  if (stmt.kind != cast::StmtKind::Block || !stmt.scoped || stmt.body.empty()) return false;
  for (const cast::StmtPtr& child : stmt.body) {
    if (child->kind != cast::StmtKind::Declare) return false;
    if (!starts_with(child->name, "loom_frag_") && child->name != "loom_mma_done") return false;
  }
  return stmt.body.back()->name == "loom_mma_done";
}

struct SharedFragment {
  std::string name;
  int64_t registers = 0;
  cast::ExprPtr load;  // loom_ldsm_x4(name, address)
};

class FragmentSharing {
 public:
  cast::StmtPtr statement(const cast::StmtPtr& stmt) {
    if (!stmt || stmt->body.empty()) return stmt;
    auto copy = std::make_shared<cast::Stmt>(*stmt);
    if (stmt->kind != cast::StmtKind::Block) {
      for (cast::StmtPtr& child : copy->body) child = statement(child);
      return copy;
    }
    // Unscoped blocks print without braces (the unrolled copies of an ilp loop): their
    // statements are the enclosing block's, and a run of tile updates may cross them.
    std::vector<cast::StmtPtr> children;
    flatten(stmt->body, children);
    copy->body.clear();
    for (std::size_t n = 0; n < children.size();) {
      if (!is_tile_update(*children[n])) {
        copy->body.push_back(statement(children[n++]));
        continue;
      }
      std::size_t end = n;
      while (end < children.size() && is_tile_update(*children[end])) ++end;
      share_in_run(children, n, end, copy->body);
      n = end;
    }
    return copy;
  }

 private:
  static void flatten(const std::vector<cast::StmtPtr>& body, std::vector<cast::StmtPtr>& out) {
    for (const cast::StmtPtr& child : body) {
      if (child->kind == cast::StmtKind::Block && !child->scoped) {
        flatten(child->body, out);
      } else {
        out.push_back(child);
      }
    }
  }

  // The tile updates body[begin, end), reading shared registers: one load per distinct fragment,
  // `loads_ahead_` updates before the first update that reads it (0: just before it).
  void share_in_run(const std::vector<cast::StmtPtr>& body, std::size_t begin, std::size_t end,
                    std::vector<cast::StmtPtr>& out) {
    std::vector<std::vector<cast::StmtPtr>> loads(end - begin), updates(end - begin);
    share_in_run(body, begin, end, loads, updates);
    std::size_t emitted = 0;
    for (std::size_t n = 0; n < updates.size(); ++n) {
      for (; emitted < updates.size() && emitted <= n + loads_ahead_; ++emitted) {
        out.insert(out.end(), loads[emitted].begin(), loads[emitted].end());
      }
      out.insert(out.end(), updates[n].begin(), updates[n].end());
    }
  }

  void share_in_run(const std::vector<cast::StmtPtr>& body, std::size_t begin, std::size_t end,
                    std::vector<std::vector<cast::StmtPtr>>& loads, std::vector<std::vector<cast::StmtPtr>>& updates) {
    std::vector<SharedFragment> shared;
    for (std::size_t n = begin; n < end; ++n) {
      std::vector<cast::StmtPtr>& out = loads[n - begin];
      std::map<std::string, std::string> names;
      std::map<std::string, int64_t> extents;
      std::vector<cast::StmtPtr> rest;
      for (const cast::StmtPtr& child : body[n]->body) {
        if (child->name == "loom_mma_done") {
          auto update = std::make_shared<cast::Stmt>(*child);
          update->init = renamed(child->init, names);
          rest.push_back(update);
        } else if (child->extent > 0) {
          extents[child->name] = child->extent;
        } else {
          const cast::ExprPtr& load = child->init;  // loom_ldsm_xN(fragment, address)
          const std::string& local = load->args[0]->name;
          auto same = std::find_if(shared.begin(), shared.end(), [&](const SharedFragment& fragment) {
            return fragment.load->name == load->name && same_expr(fragment.load->args[1], load->args[1]);
          });
          if (same == shared.end()) {
            // Loaded just before its first use: the registers of fragments not yet needed stay
            // free (the pipelined GEMMs hold the next tile in registers during the products).
            std::string name = "loom_frag_" + std::to_string(next_++);
            shared.push_back({name, extents.at(local), renamed(load, {{local, name}})});
            same = shared.end() - 1;
            out.push_back(cast::declare(name, DType::UInt32, same->registers));
            out.push_back(cast::declare(name + "_done", DType::Int32, 0, same->load, true));
          }
          names[local] = same->name;
        }
      }
      updates[n - begin].push_back(cast::scoped_block(rest));
    }
  }

  int next_ = 0;
  // A measurement switch (LOOM_FRAGMENT_LOADS_AHEAD=N, like LOOM_OCCUPANCY_HINT: not part of the
  // spec-cache key): each fragment loaded N tile updates before its first use.
  std::size_t loads_ahead_ = loads_ahead_setting();

  static std::size_t loads_ahead_setting() {
    const char* setting = std::getenv("LOOM_FRAGMENT_LOADS_AHEAD");
    return setting == nullptr ? 0 : static_cast<std::size_t>(std::max(0, std::atoi(setting)));
  }
};

// The helpers' PTX comes from tensor_core_ptx.hpp, which the LLVM path's lowering of the same
// helpers reads too (codegen/llvm_nvptx_tensor_cores.cpp): both compilers get one instruction text.
constexpr const char* kPackHelpers = R"(LOOM_FN uint32_t loom_mma_pack(uint16_t low, uint16_t high) {
  return (uint32_t) low | ((uint32_t) high << 16);
}
LOOM_FN uint32_t loom_mma_word(const uint16_t* pair) { return *(const uint32_t*) pair; }
)";

std::string quoted(const std::string& ptx) { return "\"" + ptx + "\""; }

std::string tf32_helper() {
  return "LOOM_FN uint32_t loom_mma_tf32(float value) {\n  uint32_t bits;\n  asm(" + quoted(tensor_ptx::tf32_round()) +
         " : \"=r\"(bits) : \"f\"(value));\n  return bits;\n}\n";
}

std::string mma_helper(const std::string& shape, const std::string& type) {
  return "LOOM_FN int loom_mma_" + shape + "_" + type +
         "(float* c, uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3, uint32_t b0, uint32_t b1) {\n  asm(" +
         quoted(tensor_ptx::mma(shape, type)) +
         "\n      : \"+f\"(c[0]), \"+f\"(c[1]), \"+f\"(c[2]), \"+f\"(c[3])\n"
         "      : \"r\"(a0), \"r\"(a1), \"r\"(a2), \"r\"(a3), \"r\"(b0), \"r\"(b1));\n  return 0;\n}\n";
}

// ldmatrix, declared only where the code loads fragments with it.
std::string ldmatrix_helper(int matrices, bool trans) {
  std::string outputs;
  for (int r = 0; r < matrices; ++r) outputs += (r == 0 ? "" : ", ") + std::string("\"=r\"(r[") + std::to_string(r) + "])";
  return "LOOM_FN int loom_ldsm_x" + std::to_string(matrices) + (trans ? "_trans" : "") +
         "(uint32_t* r, const void* row) {\n  asm volatile(" + quoted(tensor_ptx::ldmatrix(matrices, trans)) +
         "\n               : " + outputs + "\n               : \"r\"((uint32_t) __cvta_generic_to_shared(row)));\n"
         "  return 0;\n}\n";
}

}  // namespace

TileInames tile_inames(const Instruction& instruction) {
  TileInames names;
  std::string* fields[3] = {&names.i, &names.j, &names.k};
  for (const std::string& tag : instruction.tags) {
    for (int d = 0; d < 3; ++d) {
      std::string prefix = kTilePrefixes[d];
      if (tag.rfind(prefix, 0) == 0) *fields[d] = tag.substr(prefix.size());
    }
  }
  if (names.i.empty() || names.j.empty() || names.k.empty()) return {};
  return names;
}

LoopKernel prepare_tensor_tiles(const LoopKernel& kernel, TensorTiles& tiles) {
  LoopKernel result = kernel;
  std::set<std::string> fixed;
  for (const Instruction& instruction : kernel.instructions) {
    TileInames tile = tile_inames(instruction);
    if (tile.i.empty() || instruction.kind != InstructionKind::Assignment) continue;
    TensorTileStatement statement = describe(kernel, instruction, tile);
    auto [i_axis, j_axis] = accumulator_axes(kernel, instruction, *statement.accumulator, tile);
    for (Temporary& temporary : result.temporaries) {
      if (temporary.name != statement.accumulator->name) continue;
      temporary.shape[static_cast<std::size_t>(i_axis)] = int_literal(1);
      // A lane's registers: 4 of an m16n8 tile; n / 2 of a warpgroup's 64 x n tile.
      temporary.shape[static_cast<std::size_t>(j_axis)] = int_literal(statement.wgmma ? statement.n / 2 : 4);
    }
    fixed.insert({tile.i, tile.j, tile.k});
    tiles[instruction.id] = std::move(statement);
  }
  if (tiles.empty()) return result;
  for (Domain& domain : result.domains) {
    bool touched = std::any_of(domain.inames.begin(), domain.inames.end(), [&](const std::string& name) { return fixed.count(name) != 0; });
    if (touched) domain.set = make_isl_set(isl_context_of(kernel), fixed_at_zero(isl_set_of(domain.set), fixed));
  }
  return result;
}

bool uses_wgmma(const TensorTiles& tiles) {
  return std::any_of(tiles.begin(), tiles.end(), [](const auto& entry) { return entry.second.wgmma; });
}

cast::ExprPtr warp_lane(const std::vector<int64_t>& block, const TensorTiles& tiles) {
  int64_t group = uses_wgmma(tiles) ? 128 : 32;
  cast::ExprPtr linear = cast::hardware_index(true, 0);
  if (block.at(0) % group != 0) {
    cast::ExprPtr rest = cast::hardware_index(true, 2);
    rest = cast::binary("+", cast::hardware_index(true, 1), cast::binary("*", index_const(block.at(1)), rest, DType::Int32), DType::Int32);
    linear = cast::binary("+", linear, cast::binary("*", index_const(block.at(0)), rest, DType::Int32), DType::Int32);
  }
  return cast::binary("%", linear, index_const(group), DType::Int32);
}

namespace {

// Who shares one tile: a warp's 32 lanes (mma.sync) or a warpgroup's 128 work-items, 4
// consecutive warps (wgmma). The refusals' texts differ only in these parts.
struct TileSharers {
  int64_t width;
  const char* unit;    // "warp", "warpgroup"
  const char* whole;   // why the work-group must hold whole units
  const char* shared;  // why the instruction's local inames must be constant over a unit
};

constexpr TileSharers kWarpLanes{
    32, "warp",
    "a tile is a warp's work and needs whole warps of 32 (add an l.0 iname of 32 values that the instruction does "
    "not use)",
    "the 32 lanes of a warp share one tile, so its local inames must be constant over 32 consecutive work-items"};

constexpr TileSharers kWarpgroupWorkItems{
    128, "warpgroup",
    "a wgmma tile is a warpgroup's work and needs whole warpgroups of 128 (4 warps: add an l.0 iname of 128 values "
    "that the instruction does not use)",
    "the 128 work-items of a warpgroup (4 consecutive warps) share one wgmma tile, so its local inames must be "
    "constant over 128 consecutive work-items"};

void check_shared_by(const LoopKernel& kernel, const Instruction& instruction, const std::vector<int64_t>& block,
                     const TileSharers& sharers) {
  int64_t threads = block.at(0) * block.at(1) * block.at(2);
  if (threads % sharers.width != 0) {
    refuse(kernel, instruction, "the work-group has " + std::to_string(threads) + " work-items; " + sharers.whole);
  }
  int64_t stride = 1;
  for (int axis = 0; axis < 3; ++axis) {
    for (const std::string& iname : instruction.within_inames) {
      InameTag tag = kernel.tag_of(iname);
      if (tag.kind != InameTag::Kind::Local || tag.axis != axis || stride % sharers.width == 0) continue;
      refuse(kernel, instruction, "it is within '" + iname + "' (l." + std::to_string(axis) +
                                      "), whose value changes inside a " + sharers.unit + "; " + sharers.shared);
    }
    stride *= block.at(static_cast<std::size_t>(axis));
  }
}

}  // namespace

void check_warps(const LoopKernel& kernel, const TensorTiles& tiles, const std::vector<int64_t>& block) {
  if (tiles.empty()) return;
  bool wgmma = uses_wgmma(tiles);
  for (const Instruction& instruction : kernel.instructions) {
    auto tile = tiles.find(instruction.id);
    if (tile == tiles.end()) continue;
    if (wgmma && !tile->second.wgmma) {
      refuse(kernel, instruction, "the kernel has wgmma tiles too; a kernel uses mma.sync or wgmma tiles, not both "
                                  "(the lane of a work-item is its warp's or its warpgroup's)");
    }
    check_shared_by(kernel, instruction, block, wgmma ? kWarpgroupWorkItems : kWarpLanes);
  }
}

cast::StmtPtr lower_tensor_tile(const TensorTileStatement& tile, const ExpressionLowering& lowering,
                                const InameValues& inames, const cast::ExprPtr& lane) {
  return TileLowering(tile, lowering, inames, lane).statement();
}

cast::StmtPtr share_fragment_loads(const cast::StmtPtr& body) { return FragmentSharing().statement(body); }

namespace {

// A wgmma tile update as TileLowering::wgmma_statement writes it: the call, after the loads of its
// A fragment where A comes from registers.
const cast::Expr* wgmma_call(const cast::Stmt& stmt) {
  if (stmt.kind != cast::StmtKind::Block || !stmt.scoped || stmt.body.empty()) return nullptr;
  const cast::Stmt& last = *stmt.body.back();
  if (last.kind != cast::StmtKind::Declare || last.name != "loom_wgmma_done" || !last.init) return nullptr;
  for (std::size_t n = 0; n + 1 < stmt.body.size(); ++n) {
    const cast::Stmt& load = *stmt.body[n];
    bool fragment = (load.kind == cast::StmtKind::Declare && load.name == kRegisterFragment) ||
                    (load.kind == cast::StmtKind::Assign && load.target && load.target->name == kRegisterFragment);
    if (!fragment) return nullptr;
  }
  return last.init.get();
}

// The fragment loads of a wgmma tile update (all but its call), with the fragment named `name`.
std::vector<cast::StmtPtr> fragment_loads(const cast::Stmt& update, const std::string& name) {
  std::vector<cast::StmtPtr> loads;
  for (std::size_t n = 0; n + 1 < update.body.size(); ++n) {
    auto load = std::make_shared<cast::Stmt>(*update.body[n]);
    if (load->kind == cast::StmtKind::Declare) load->name = name;
    if (load->target) load->target = renamed(load->target, {{kRegisterFragment, name}});
    loads.push_back(load);
  }
  return loads;
}

// The update's call alone, reading the fragment `name`.
cast::StmtPtr call_alone(const cast::Stmt& update, const std::string& name) {
  auto call = std::make_shared<cast::Stmt>(*update.body.back());
  call->init = renamed(call->init, {{kRegisterFragment, name}});
  return cast::scoped_block({call});
}

cast::StmtPtr helper_call(const std::string& name, const std::string& helper, std::vector<cast::ExprPtr> args = {}) {
  return cast::scoped_block({cast::declare(name, DType::Int32, 0, cast::call(helper, std::move(args), DType::Int32), true)});
}

bool names_ring(const cast::ExprPtr& expr, const std::set<std::string>& rings) {
  if (!expr) return false;
  if ((expr->kind == cast::ExprKind::Var || expr->kind == cast::ExprKind::Load) && rings.count(expr->name) != 0) return true;
  return std::any_of(expr->args.begin(), expr->args.end(), [&](const cast::ExprPtr& arg) { return names_ring(arg, rings); });
}

// Whether `expr` writes nothing but into `rings` (16-byte copies into them) and calls no wgmma.
bool writes_only_rings(const cast::ExprPtr& expr, const std::set<std::string>& rings) {
  if (!expr) return true;
  if (expr->kind == cast::ExprKind::Call) {
    if (expr->name.rfind("loom_wgmma_", 0) == 0 || expr->name == "loom_fence_proxy_async") return false;
    if ((expr->name == "loom_cp_async_16" || expr->name == "loom_cp_async_8" || expr->name == "loom_cp_async_4" ||
         expr->name == "loom_copy_16" || expr->name == "loom_zero_16" || expr->name == "loom_store_2f") &&
        (expr->args.empty() || !names_ring(expr->args[0], rings))) {
      return false;
    }
    if (expr->name.rfind("loom_", 0) != 0 && expr->name != "min" && expr->name != "max") return false;
  }
  return std::all_of(expr->args.begin(), expr->args.end(), [&](const cast::ExprPtr& arg) { return writes_only_rings(arg, rings); });
}

// Whether `stmt` only fills ring slots: stores and 16-byte copies into the async rings, under
// conditions and loops, with no barrier and no wgmma.
bool only_fills_rings(const cast::Stmt& stmt, const std::set<std::string>& rings) {
  switch (stmt.kind) {
    case cast::StmtKind::Barrier: return false;
    case cast::StmtKind::Comment: return true;
    case cast::StmtKind::Assign:
      return stmt.target && stmt.target->kind == cast::ExprKind::Load && rings.count(stmt.target->name) != 0 &&
             writes_only_rings(stmt.value, rings) && writes_only_rings(stmt.target, rings);
    case cast::StmtKind::Declare:
      if (stmt.extent != 0 || stmt.local_memory) return false;
      return writes_only_rings(stmt.init, rings);
    default: break;
  }
  if (!writes_only_rings(stmt.init, rings) || !writes_only_rings(stmt.condition, rings)) return false;
  return std::all_of(stmt.body.begin(), stmt.body.end(),
                     [&](const cast::StmtPtr& child) { return !child || only_fills_rings(*child, rings); });
}

// The names an expression reads (variables and arrays).
void collect_names(const cast::ExprPtr& expr, std::set<std::string>& names) {
  if (!expr) return;
  if (expr->kind == cast::ExprKind::Var || expr->kind == cast::ExprKind::Load) names.insert(expr->name);
  for (const cast::ExprPtr& arg : expr->args) collect_names(arg, names);
}

// Whether `stmt` names `name` anywhere but in the arguments of the loom_wgmma_ helpers (the
// wgmma calls and the pins).
bool mentions_outside_wgmma(const cast::ExprPtr& expr, const std::string& name) {
  if (!expr) return false;
  if (expr->kind == cast::ExprKind::Call && expr->name.rfind("loom_wgmma_", 0) == 0) return false;
  if ((expr->kind == cast::ExprKind::Var || expr->kind == cast::ExprKind::Load) && expr->name == name) return true;
  return std::any_of(expr->args.begin(), expr->args.end(),
                     [&](const cast::ExprPtr& arg) { return mentions_outside_wgmma(arg, name); });
}
bool mentions_outside_wgmma(const cast::Stmt& stmt, const std::string& name) {
  if (stmt.kind == cast::StmtKind::Declare && stmt.name == name) return true;
  for (const cast::ExprPtr& expr : {stmt.init, stmt.condition, stmt.target, stmt.value}) {
    if (mentions_outside_wgmma(expr, name)) return true;
  }
  return std::any_of(stmt.body.begin(), stmt.body.end(),
                     [&](const cast::StmtPtr& child) { return child && mentions_outside_wgmma(*child, name); });
}

// `stmt` with every call of `from` renamed `to`.
cast::ExprPtr with_call_renamed(const cast::ExprPtr& expr, const std::string& from, const std::string& to) {
  if (!expr) return expr;
  auto copy = std::make_shared<cast::Expr>(*expr);
  if (copy->kind == cast::ExprKind::Call && copy->name == from) copy->name = to;
  for (cast::ExprPtr& arg : copy->args) arg = with_call_renamed(arg, from, to);
  return copy;
}
cast::StmtPtr with_call_renamed(const cast::StmtPtr& stmt, const std::string& from, const std::string& to) {
  if (!stmt) return stmt;
  auto copy = std::make_shared<cast::Stmt>(*stmt);
  copy->init = with_call_renamed(copy->init, from, to);
  copy->condition = with_call_renamed(copy->condition, from, to);
  copy->target = with_call_renamed(copy->target, from, to);
  copy->value = with_call_renamed(copy->value, from, to);
  for (cast::StmtPtr& child : copy->body) child = with_call_renamed(child, from, to);
  return copy;
}

constexpr const char* kWaitAll = "loom_wgmma_wait";
constexpr const char* kWaitAllButOne = "loom_wgmma_wait_1";

class WgmmaOrdering {
 public:
  explicit WgmmaOrdering(WgmmaRings rings) : rings_(std::move(rings)) {}

  cast::StmtPtr statement(const cast::StmtPtr& stmt) {
    if (!stmt || stmt->body.empty()) return stmt;
    auto copy = std::make_shared<cast::Stmt>(*stmt);
    if (stmt->kind == cast::StmtKind::For) return loop(*stmt);
    if (stmt->kind != cast::StmtKind::Block) {
      for (cast::StmtPtr& child : copy->body) child = statement(child);
      return copy;
    }
    std::vector<cast::StmtPtr> children;
    flatten(stmt->body, children);
    copy->body.clear();
    for (std::size_t n = 0; n < children.size();) {
      if (wgmma_call(*children[n]) == nullptr) {
        copy->body.push_back(statement(children[n++]));
        continue;
      }
      std::size_t end = n;
      std::vector<cast::ExprPtr> accumulators;
      for (; end < children.size() && wgmma_call(*children[end]) != nullptr; ++end) {
        const cast::ExprPtr& accumulator = wgmma_call(*children[end])->args[0];
        bool seen = std::any_of(accumulators.begin(), accumulators.end(),
                                [&](const cast::ExprPtr& other) { return same_expr(other, accumulator); });
        if (!seen) accumulators.push_back(accumulator);
      }
      int64_t registers = registers_of(*wgmma_call(*children[n]));
      auto pin = [&] {
        for (const cast::ExprPtr& accumulator : accumulators) {
          copy->body.push_back(helper_call("loom_wgmma_pinned", "loom_wgmma_pin_" + std::to_string(registers), {accumulator}));
        }
      };
      // The ring fills just before the run (after the last barrier) write slots the run does not
      // read (pipeline_fetch: the fill of iteration ko + S - 1 goes into slot (ko - 1) % S, which
      // every warpgroup finished reading before this iteration's barrier, or with asynchronous
      // readers the fill of ko + S - 2 into slot (ko - 2) % S; the run reads slot ko % S, the
      // group still in flight slot (ko - 1) % S): they move behind the run's issue, so that the
      // copies are issued while the tensor cores work, and the wait comes after them.
      std::size_t fills = copy->body.size();
      while (fills > 0 && only_fills_rings(*copy->body[fills - 1], rings_.async_rings)) --fills;
      std::vector<cast::StmtPtr> moved(copy->body.begin() + static_cast<std::ptrdiff_t>(fills), copy->body.end());
      copy->body.resize(fills);
      // A fragments from registers are loaded before the fence (PTX: a wgmma.fence between the
      // writes of registers and the wgmma that reads them), each under a name of its own.
      std::vector<cast::StmtPtr> calls;
      bool register_fragments = false;
      for (std::size_t update = n; update < end; ++update) {
        std::string name = std::string(kRegisterFragment) + "_" + std::to_string(next_fragment_++);
        std::vector<cast::StmtPtr> loads = fragment_loads(*children[update], name);
        register_fragments = register_fragments || !loads.empty();
        copy->body.insert(copy->body.end(), loads.begin(), loads.end());
        calls.push_back(loads.empty() ? children[update] : call_alone(*children[update], name));
      }
      std::string why_each_tile = reason_to_wait_each_tile(children, n, end, register_fragments);
      bool in_flight = loop_depth_ > 0 && why_each_tile.empty();
      if (loop_depth_ > 0 && !why_each_tile.empty()) copy->body.push_back(cast::comment(why_each_tile));
      pin();
      copy->body.push_back(helper_call("loom_wgmma_fenced", "loom_wgmma_fence"));
      copy->body.insert(copy->body.end(), calls.begin(), calls.end());
      copy->body.push_back(helper_call("loom_wgmma_committed", "loom_wgmma_commit"));
      copy->body.insert(copy->body.end(), moved.begin(), moved.end());
      copy->body.push_back(helper_call("loom_wgmma_waited", in_flight ? kWaitAllButOne : kWaitAll));
      pin();
      if (in_flight) {
        for (const cast::ExprPtr& accumulator : accumulators) {
          bool seen = std::any_of(in_flight_.begin(), in_flight_.end(),
                                  [&](const InFlight& other) { return same_expr(other.accumulator, accumulator); });
          if (!seen) in_flight_.push_back({accumulator, registers});
        }
      }
      n = end;
    }
    return copy;
  }

 private:
  struct InFlight {
    cast::ExprPtr accumulator;
    int64_t registers;
  };

  // A loop whose runs keep a group in flight is followed by wait_group 0 and the pins, before
  // anything after it reads the accumulators. Where the loop touches the accumulators elsewhere
  // (not the case for a tensorized tile, whose accumulator only the zeroing before the k loop and
  // the store after it name), its runs wait for their own groups instead.
  cast::StmtPtr loop(const cast::Stmt& stmt) {
    std::vector<InFlight> outer;
    outer.swap(in_flight_);
    ++loop_depth_;
    auto copy = std::make_shared<cast::Stmt>(stmt);
    for (cast::StmtPtr& child : copy->body) child = statement(child);
    --loop_depth_;
    std::vector<InFlight> inner;
    inner.swap(in_flight_);
    in_flight_ = std::move(outer);
    if (inner.empty()) return copy;
    bool alone = std::none_of(inner.begin(), inner.end(), [&](const InFlight& group) {
      return group.accumulator->kind != cast::ExprKind::Var || mentions_outside_wgmma(*copy, group.accumulator->name);
    });
    if (!alone) return with_call_renamed(copy, kWaitAllButOne, kWaitAll);
    // Pinned before the loop too: one definition of the accumulators reaches it. Without it NVVM
    // may copy their zeroing into each branch of the code before the loop (bf16_gemm_wgmma_s3:
    // its first tile's aligned and unaligned copies), and ptxas, seeing them defined on two
    // paths into a pipeline that spans the back edge, serializes every wgmma (its C7515 note).
    std::vector<cast::StmtPtr> around;
    auto pin = [&] {
      for (const InFlight& group : inner) {
        around.push_back(helper_call("loom_wgmma_pinned", "loom_wgmma_pin_" + std::to_string(group.registers), {group.accumulator}));
      }
    };
    pin();
    around.push_back(copy);
    around.push_back(helper_call("loom_wgmma_waited", kWaitAll));
    pin();
    return cast::block(around);
  }

  // Empty where the run [n, end) of `children` may leave its group in flight; else the comment
  // that says why it waits for it.
  std::string reason_to_wait_each_tile(const std::vector<cast::StmtPtr>& children, std::size_t n, std::size_t end,
                                       bool register_fragments) const {
    if (register_fragments) {
      return "wgmma.wait_group 0 each tile: A comes from registers, which the next tile's fragment loads would "
             "rewrite while a group reads them (ptxas then serializes the wgmmas)";
    }
    std::set<std::string> names;
    for (std::size_t update = n; update < end; ++update) {
      for (const cast::ExprPtr& arg : wgmma_call(*children[update])->args) collect_names(arg, names);
    }
    for (const std::string& name : names) {
      if (rings_.local_tiles.count(name) == 0 || rings_.rings_free_late.count(name) != 0) continue;
      return "wgmma.wait_group 0 each tile: '" + name + "' is refilled in a slot a group in flight could still "
             "read (pipeline_fetch after tensorize and the swizzle leaves that slot alone in a ring of 4 or more "
             "stages; with 3 its loads would run only one tile ahead)";
    }
    return "";
  }

  static void flatten(const std::vector<cast::StmtPtr>& body, std::vector<cast::StmtPtr>& out) {
    for (const cast::StmtPtr& child : body) {
      if (child->kind == cast::StmtKind::Block && !child->scoped) {
        flatten(child->body, out);
      } else {
        out.push_back(child);
      }
    }
  }

  WgmmaRings rings_;
  int next_fragment_ = 0;
  int loop_depth_ = 0;
  std::vector<InFlight> in_flight_;  // accumulators of runs inside the current loop that wait_group 1

  // n / 2 of the helper loom_wgmma_m64n<n>k..
  static int64_t registers_of(const cast::Expr& call) {
    std::string shape = call.name.substr(std::string("loom_wgmma_").size());
    return shape_n(shape.substr(0, shape.find('_'))) / 2;
  }
};

cast::StmtPtr with_proxy_fences(const cast::StmtPtr& stmt) {
  if (!stmt) return stmt;
  if (stmt->kind == cast::StmtKind::Barrier) {
    return cast::block({helper_call("loom_proxy_fenced", "loom_fence_proxy_async"), stmt});
  }
  if (stmt->body.empty()) return stmt;
  auto copy = std::make_shared<cast::Stmt>(*stmt);
  for (cast::StmtPtr& child : copy->body) child = with_proxy_fences(child);
  return copy;
}

}  // namespace

cast::StmtPtr order_wgmma(const cast::StmtPtr& body, const WgmmaRings& rings) { return WgmmaOrdering(rings).statement(body); }

cast::StmtPtr fence_async_proxy_before_barriers(const cast::StmtPtr& body) { return with_proxy_fences(body); }

namespace {

// cp.async helpers, declared where the code calls them. Below sm_80 (no cp.async) the copy is an
// ordinary 16-byte copy and the wait does nothing, so the code means the same everywhere.
std::string async_copy_helpers(const std::string& code) {
  std::string helpers;
  if (code.find("loom_cp_async_16(") != std::string::npos) {
    helpers += "LOOM_FN int loom_cp_async_16(void* to, const void* from) {\n#if __CUDA_ARCH__ >= 800\n  asm volatile(" +
               quoted(tensor_ptx::cp_async_16()) +
               " :: \"r\"((uint32_t) __cvta_generic_to_shared(to)), \"l\"(from) : \"memory\");\n#else\n"
               "  *(uint4*) to = *(const uint4*) from;\n#endif\n  return 0;\n}\n";
  }
  for (int bytes : {8, 4}) {
    std::string name = "loom_cp_async_" + std::to_string(bytes);
    if (code.find(name + "(") == std::string::npos) continue;
    std::string word = bytes == 8 ? "uint2" : "uint32_t";
    helpers += "LOOM_FN int " + name + "(void* to, const void* from) {\n#if __CUDA_ARCH__ >= 800\n  asm volatile(" +
               quoted(tensor_ptx::cp_async_narrow(bytes)) +
               " :: \"r\"((uint32_t) __cvta_generic_to_shared(to)), \"l\"(from) : \"memory\");\n#else\n  *(" + word +
               "*) to = *(const " + word + "*) from;\n#endif\n  return 0;\n}\n";
  }
  const std::string wait = "loom_cp_async_wait_";
  std::set<int> counts;
  for (std::size_t at = code.find(wait); at != std::string::npos; at = code.find(wait, at + 1)) {
    std::size_t digits = at + wait.size();
    std::size_t end = digits;
    while (end < code.size() && std::isdigit(static_cast<unsigned char>(code[end])) != 0) ++end;
    if (end > digits) counts.insert(std::stoi(code.substr(digits, end - digits)));
  }
  for (int count : counts) {
    helpers += "LOOM_FN int " + wait + std::to_string(count) + "() {\n#if __CUDA_ARCH__ >= 800\n  asm volatile(" +
               quoted(tensor_ptx::cp_async_commit_and_wait(count)) + " ::: \"memory\");\n#endif\n  return 0;\n}\n";
  }
  return helpers;
}

cast::StmtPtr with_waits(const cast::StmtPtr& stmt, int in_flight) {
  if (!stmt) return stmt;
  if (stmt->kind == cast::StmtKind::Barrier) {
    cast::StmtPtr wait = cast::scoped_block({cast::declare(
        "loom_async_waited", DType::Int32, 0, cast::call("loom_cp_async_wait_" + std::to_string(in_flight), {}, DType::Int32),
        true)});
    return cast::block({wait, stmt});
  }
  if (stmt->body.empty()) return stmt;
  auto copy = std::make_shared<cast::Stmt>(*stmt);
  for (cast::StmtPtr& child : copy->body) child = with_waits(child, in_flight);
  return copy;
}

}  // namespace

std::set<std::string> async_rings(const LoopKernel& kernel) {
  std::set<std::string> rings;
  for (const Instruction& instruction : kernel.instructions) {
    if (!is_async_copy(instruction)) continue;
    for (const ExprPtr& assignee : instruction.assignees) rings.insert(assignee->name);
  }
  return rings;
}

bool is_async_copy(const Instruction& instruction) {
  return std::any_of(instruction.tags.begin(), instruction.tags.end(),
                     [](const std::string& tag) { return tag.rfind(kAsyncCopyTagPrefix, 0) == 0; });
}

namespace {

// pipeline_fetch's tag on a ring's fill: pipeline_fetch_ahead_<D>_of_<S>.
constexpr const char* kAheadTagPrefix = "pipeline_fetch_ahead_";

struct RingFill {
  int64_t ahead = 0;
  int64_t stages = 0;
};

std::optional<RingFill> ring_fill(const Instruction& instruction) {
  for (const std::string& tag : instruction.tags) {
    if (tag.rfind(kAheadTagPrefix, 0) != 0) continue;
    std::string rest = tag.substr(std::string(kAheadTagPrefix).size());
    std::size_t of = rest.find("_of_");
    if (of == std::string::npos) continue;
    return RingFill{std::stoll(rest.substr(0, of)), std::stoll(rest.substr(of + 4))};
  }
  return std::nullopt;
}

}  // namespace

std::optional<int> async_groups_in_flight(const LoopKernel& kernel) {
  std::optional<int> fewest;
  for (const Instruction& instruction : kernel.instructions) {
    if (!is_async_copy(instruction)) continue;
    int in_flight = 0;
    if (std::optional<RingFill> fill = ring_fill(instruction)) {
      in_flight = static_cast<int>(fill->ahead) - 1;
    } else {
      for (const std::string& tag : instruction.tags) {
        if (tag.rfind(kAsyncCopyTagPrefix, 0) == 0) in_flight = std::stoi(tag.substr(std::string(kAsyncCopyTagPrefix).size())) - 2;
      }
    }
    fewest = fewest ? std::min(*fewest, in_flight) : in_flight;
  }
  return fewest;
}

std::set<std::string> rings_with_a_tile_in_flight(const LoopKernel& kernel) {
  std::set<std::string> rings, other;
  for (const Instruction& instruction : kernel.instructions) {
    std::optional<RingFill> fill = ring_fill(instruction);
    if (!fill) continue;
    bool late = fill->ahead >= 1 && fill->ahead <= fill->stages - 2;
    for (const ExprPtr& assignee : instruction.assignees) {
      const Temporary* tile = kernel.find_temporary(assignee->name);
      if (tile == nullptr || tile->address_space != AddressSpace::Local) continue;  // a ring through registers' registers
      (late ? rings : other).insert(assignee->name);
    }
  }
  for (const std::string& name : other) rings.erase(name);
  return rings;
}

WgmmaRings wgmma_rings(const LoopKernel& kernel) {
  WgmmaRings rings;
  rings.async_rings = async_rings(kernel);
  rings.rings_free_late = rings_with_a_tile_in_flight(kernel);
  for (const Temporary& temporary : kernel.temporaries) {
    if (temporary.address_space == AddressSpace::Local) rings.local_tiles.insert(temporary.name);
  }
  return rings;
}

cast::StmtPtr wait_for_async_copies(const cast::StmtPtr& body, int in_flight) { return with_waits(body, in_flight); }

namespace {

// The wgmma helpers the code calls: the descriptor, the ordering, and one wgmma per shape, type and
// operand order (loom_wgmma_m64n256k16_bf16_t01: a k-major, b n-major), read off the code.
std::string wgmma_helpers(const std::string& code) {
  if (code.find("loom_wgmma_") == std::string::npos) return "";
  std::string helpers =
      "LOOM_FN uint64_t loom_wgmma_desc(const void* tile, uint32_t lbo, uint32_t sbo) {\n"
      "  uint32_t address = (uint32_t) __cvta_generic_to_shared(tile);\n"
      "  return (uint64_t) ((address & 0x3FFFF) >> 4) | ((uint64_t) (lbo >> 4) << 16) | ((uint64_t) (sbo >> 4) << 32) |\n"
      "         (1ull << 62);  // 128-byte swizzle\n}\n"
      "LOOM_FN int loom_wgmma_fence() {\n  asm volatile(" + quoted(tensor_ptx::wgmma_fence()) + " ::: \"memory\");\n  return 0;\n}\n"
      "LOOM_FN int loom_wgmma_commit() {\n  asm volatile(" + quoted(tensor_ptx::wgmma_commit()) +
      " ::: \"memory\");\n  return 0;\n}\n"
      "LOOM_FN int loom_wgmma_wait() {\n  asm volatile(" + quoted(tensor_ptx::wgmma_wait_all()) +
      " ::: \"memory\");\n  return 0;\n}\n";
  if (code.find("loom_wgmma_wait_1(") != std::string::npos) {
    helpers += "LOOM_FN int loom_wgmma_wait_1() {\n  asm volatile(" + quoted(tensor_ptx::wgmma_wait_all_but_one()) +
               " ::: \"memory\");\n  return 0;\n}\n";
  }
  std::set<std::string> names;
  const std::string prefix = "loom_wgmma_";
  for (std::size_t at = code.find(prefix); at != std::string::npos; at = code.find(prefix, at + 1)) {
    std::size_t end = at + prefix.size();
    while (end < code.size() && (std::isalnum(static_cast<unsigned char>(code[end])) != 0 || code[end] == '_')) ++end;
    names.insert(code.substr(at, end - at));
  }
  for (const std::string& name : names) {
    std::string rest = name.substr(prefix.size());
    if (rest.rfind("pin_", 0) == 0) {
      helpers += "LOOM_FN int " + name + "(float* d) {\n#pragma unroll\n  for (int r = 0; r < " + rest.substr(4) +
                 "; ++r) asm volatile(\"\" : \"+f\"(d[r])::\"memory\");\n  return 0;\n}\n";
      continue;
    }
    if (rest.rfind("m64n", 0) != 0) continue;
    // m64n<N>k<K>_<type>[_t<a><b>]
    std::size_t type_at = rest.find('_');
    std::string shape = rest.substr(0, type_at);
    std::string type = rest.substr(type_at + 1, rest.find('_', type_at + 1) - type_at - 1);
    bool trans_a = false, trans_b = false;
    if (std::size_t t = rest.find("_t", type_at + 1); t != std::string::npos && t + 3 < rest.size() + 1) {
      trans_a = rest[t + 2] == '1';
      trans_b = rest[t + 3] == '1';
    }
    int accumulators = static_cast<int>(shape_n(shape) / 2);
    std::string outputs;
    for (int r = 0; r < accumulators; ++r) outputs += (r == 0 ? "" : ", ") + std::string("\"+f\"(d[") + std::to_string(r) + "])";
    if (rest.size() > 3 && rest.compare(rest.size() - 3, 3, "_rs") == 0) {
      // A from registers: the fragment's float32 bits, which the tensor core reads as TF32.
      helpers += "LOOM_FN int " + name + "(float* d, float a0, float a1, float a2, float a3, uint64_t b) {\n  asm volatile(" +
                 quoted(tensor_ptx::wgmma_register_a(shape, type, accumulators)) + "\n      : " + outputs +
                 "\n      : \"r\"(__float_as_uint(a0)), \"r\"(__float_as_uint(a1)), \"r\"(__float_as_uint(a2)), "
                 "\"r\"(__float_as_uint(a3)), \"l\"(b), \"r\"(1) : \"memory\");\n  return 0;\n}\n";
      continue;
    }
    helpers += "LOOM_FN int " + name + "(float* d, uint64_t a, uint64_t b) {\n  asm volatile(" +
               quoted(tensor_ptx::wgmma(shape, type, accumulators, trans_a, trans_b)) + "\n      : " + outputs +
               "\n      : \"l\"(a), \"l\"(b), \"r\"(1) : \"memory\");\n  return 0;\n}\n";
  }
  if (code.find("loom_fence_proxy_async(") != std::string::npos) {
    helpers += "LOOM_FN int loom_fence_proxy_async() {\n  asm volatile(" + quoted(tensor_ptx::fence_proxy_async_shared()) +
               " ::: \"memory\");\n  return 0;\n}\n";
  }
  return helpers;
}

}  // namespace

std::string tensor_core_helpers(const std::string& code) {
  std::string async = async_copy_helpers(code);
  if (code.find("loom_wgmma_") != std::string::npos) return wgmma_helpers(code) + async;
  if (code.find("loom_mma_") == std::string::npos) return async;
  std::string helpers = std::string(kPackHelpers) + tf32_helper() + mma_helper("m16n8k16", "bf16") +
                        mma_helper("m16n8k16", "f16") + mma_helper("m16n8k8", "tf32");
  if (code.find("loom_ldsm_") != std::string::npos) {
    for (bool trans : {false, true}) helpers += ldmatrix_helper(4, trans) + ldmatrix_helper(2, trans);
  }
  return helpers + async;
}

}  // namespace loom::codegen
