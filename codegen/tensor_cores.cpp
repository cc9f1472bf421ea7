// The CUDA lowering of tensorized tiles: see tensor_cores.hpp. The fragment layouts are PTX's
// (ISA 8.x, "Matrix fragments for mma.m16n8k16 / mma.m16n8k8"), checked on an H200 by
// benchmarks/gpu/mma_probe.cu before they were written here. With g = lane / 4, t = lane % 4:
//   m16n8k16 (16-bit a, b): a_r holds a[g + 8·(r%2), 2t + 8·(r/2) + {0, 1}] (the lower k in the
//     low half), b_r holds b[2t + 8r + {0, 1}, g];
//   m16n8k8 (TF32): a_r holds a[g + 8·(r%2), t + 4·(r/2)], b_r holds b[t + 4r, g];
//   both: c_r is c[g + 8·(r/2), 2t + r%2].
#include "codegen/tensor_cores.hpp"

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

TensorTileStatement describe(const LoopKernel& kernel, const Instruction& instruction, const TileInames& tile) {
  TensorTileStatement statement;
  statement.shape = instruction.tags.count("tensorize_m16n8k8") ? "m16n8k8" : "m16n8k16";
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
    bool tf32 = statement.shape == "m16n8k8";
    std::map<std::string, int64_t> extents = {{tile.i, 16}, {tile.j, 8}, {tile.k, tf32 ? 8 : 16}};
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
    statement.store_valid = tile_condition(kernel, instruction, {tile.i, tile.j}, {}, {{tile.i, 16}, {tile.j, 8}});
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
bool is_true(const cast::ExprPtr& condition) {
  return condition && condition->kind == cast::ExprKind::IntConst && condition->int_value != 0;
}
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

bool same_expr(const cast::ExprPtr& x, const cast::ExprPtr& y) {
  if (x == y) return true;
  if (!x || !y) return false;
  if (x->kind != y->kind || x->dtype != y->dtype || x->int_value != y->int_value || x->float_value != y->float_value ||
      x->name != y->name || x->op != y->op || x->vector_width != y->vector_width || x->args.size() != y->args.size()) {
    return false;
  }
  for (std::size_t n = 0; n < x->args.size(); ++n) {
    if (!same_expr(x->args[n], y->args[n])) return false;
  }
  return true;
}

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
      temporary.shape[static_cast<std::size_t>(j_axis)] = int_literal(4);
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

cast::ExprPtr warp_lane(const std::vector<int64_t>& block) {
  cast::ExprPtr linear = cast::hardware_index(true, 0);
  if (block.at(0) % 32 != 0) {
    cast::ExprPtr rest = cast::hardware_index(true, 2);
    rest = cast::binary("+", cast::hardware_index(true, 1), cast::binary("*", index_const(block.at(1)), rest, DType::Int32), DType::Int32);
    linear = cast::binary("+", linear, cast::binary("*", index_const(block.at(0)), rest, DType::Int32), DType::Int32);
  }
  return cast::binary("%", linear, index_const(32), DType::Int32);
}

void check_warps(const LoopKernel& kernel, const TensorTiles& tiles, const std::vector<int64_t>& block) {
  if (tiles.empty()) return;
  int64_t threads = block.at(0) * block.at(1) * block.at(2);
  for (const Instruction& instruction : kernel.instructions) {
    if (tiles.count(instruction.id) == 0) continue;
    if (threads % 32 != 0) {
      refuse(kernel, instruction, "the work-group has " + std::to_string(threads) +
                              " work-items; a tile is a warp's work and needs whole warps of 32 (add an l.0 iname of 32 "
                              "values that the instruction does not use)");
    }
    int64_t stride = 1;
    for (int axis = 0; axis < 3; ++axis) {
      for (const std::string& iname : instruction.within_inames) {
        InameTag tag = kernel.tag_of(iname);
        if (tag.kind != InameTag::Kind::Local || tag.axis != axis || stride % 32 == 0) continue;
        refuse(kernel, instruction, "it is within '" + iname + "' (l." + std::to_string(axis) +
                                "), whose value changes inside a warp; the 32 lanes of a warp share one tile, so its "
                                "local inames must be constant over 32 consecutive work-items");
      }
      stride *= block.at(static_cast<std::size_t>(axis));
    }
  }
}

cast::StmtPtr lower_tensor_tile(const TensorTileStatement& tile, const ExpressionLowering& lowering,
                                const InameValues& inames, const cast::ExprPtr& lane) {
  return TileLowering(tile, lowering, inames, lane).statement();
}

cast::StmtPtr share_fragment_loads(const cast::StmtPtr& body) { return FragmentSharing().statement(body); }

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

bool is_async_copy(const Instruction& instruction) {
  return std::any_of(instruction.tags.begin(), instruction.tags.end(),
                     [](const std::string& tag) { return tag.rfind(kAsyncCopyTagPrefix, 0) == 0; });
}

std::optional<int> async_groups_in_flight(const LoopKernel& kernel) {
  std::optional<int> fewest;
  for (const Instruction& instruction : kernel.instructions) {
    for (const std::string& tag : instruction.tags) {
      if (tag.rfind(kAsyncCopyTagPrefix, 0) != 0) continue;
      int in_flight = std::stoi(tag.substr(std::string(kAsyncCopyTagPrefix).size())) - 2;
      fewest = fewest ? std::min(*fewest, in_flight) : in_flight;
    }
  }
  return fewest;
}

cast::StmtPtr wait_for_async_copies(const cast::StmtPtr& body, int in_flight) { return with_waits(body, in_flight); }

std::string tensor_core_helpers(const std::string& code) {
  std::string async = async_copy_helpers(code);
  if (code.find("loom_mma_") == std::string::npos) return async;
  std::string helpers = std::string(kPackHelpers) + tf32_helper() + mma_helper("m16n8k16", "bf16") +
                        mma_helper("m16n8k16", "f16") + mma_helper("m16n8k8", "tf32");
  if (code.find("loom_ldsm_") != std::string::npos) {
    for (bool trans : {false, true}) helpers += ldmatrix_helper(4, trans) + ldmatrix_helper(2, trans);
  }
  return helpers + async;
}

}  // namespace loom::codegen
