// tensorize (TVM's tensorize, Triton's tl.dot): marks an instruction's (i, j, k) tile as one
// warp-level matrix multiply-accumulate of the tensor cores.
//
//   c[i, j] = sum(k_outer, sum(k_inner, a_fetch[i_inner, k_inner]*b_fetch[k_inner, j_inner]))
//     with 0 <= i_inner < 16, 0 <= j_inner < 8, 0 <= k_inner < 16
// tensorize("id:mm", ["i_inner", "j_inner", "k_inner"], shape="m16n8k16") →
//   the same instruction, tagged tensorize_m16n8k16.
//
// The tile's meaning is the loops' meaning: on the C and OpenCL targets it runs as ordinary loops,
// so a tensorized kernel computes exactly what it computed before and CI checks that. The CUDA
// fragment code (mma.sync, codegen/tensor_cores.cpp) gives the tile to the 32 lanes of a warp,
// which the instruction must not be within (decisions.md, Issue 29). The checks make sure the
// fragments can hold it: the instruction is `c[..] = sum(.., a[..] * b[..])` with the tile's k
// among the summed inames; i and j index the result and k does not; one read is indexed by i and k,
// the other by k and j, each tile iname on one axis with a unit step, one of the two on the read's
// contiguous axis (a fragment row of 8 or 16 consecutive elements); the reads come from local or
// global memory; the operands are float16 or bfloat16 (m16n8k16) or float32 rounded to TF32
// (m16n8k8, only with allow_tf32) and the result float32; the tile inames range over exactly M, N
// and K values from 0 and are sequential (the warp's lanes are tensorize's to assign).
//
// The wgmma shapes m64n<N>k16 (float16, bfloat16) and m64n<N>k8 (TF32), N a multiple of 8 up to
// 256, give the tile (64 rows, N columns) to the 128 work-items of a warpgroup (4 consecutive
// warps) on sm_90a; the checks here are the same, and code generation checks what only the final
// kernel shows (codegen/tensor_cores.cpp): the operands in swizzled local tiles wgmma's
// descriptors can address, the warpgroup rule, whole k tiles. TF32 has no transposed wgmma form,
// so b stored n-major cannot be wgmma's B: tensorize with the inames [j, i, k] instead (the
// operands' roles exchanged, c^T = b^T a^T: the read indexed by the first iname is wgmma's A), and
// leave b's tile unswizzled; code generation then loads A from registers (decisions.md, tf32 pass).
//
// Refuses each of those with the reason, and an unknown shape, a match of no or several
// instructions, or inames that are not three distinct inames of the kernel.
#include <algorithm>
#include <optional>

#include "analysis/type_inference.hpp"
#include "ir/instance_sets.hpp"
#include "ir/isl_kernel.hpp"
#include "ir/layout.hpp"
#include "loom/error.hpp"
#include "loom/tensor_transforms.hpp"
#include "transforms/instruction_support.hpp"
#include "transforms/registry.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

constexpr const char* kTransform = "tensorize";

struct TileShape {
  int64_t m, n, k;
  bool tf32;
  bool wgmma = false;  // Hopper's warpgroup MMA: 64 rows a warpgroup of 4 warps
};

// m64n<N>k16 / m64n<N>k8 with N a multiple of 8 up to 256 (PTX's wgmma shapes); nullopt otherwise.
std::optional<TileShape> wgmma_shape(const std::string& shape) {
  if (shape.rfind("m64n", 0) != 0) return std::nullopt;
  std::size_t k_at = shape.find('k', 4);
  if (k_at == std::string::npos || k_at == 4 || k_at > 7) return std::nullopt;
  std::string n_text = shape.substr(4, k_at - 4), k_text = shape.substr(k_at + 1);
  if (n_text.find_first_not_of("0123456789") != std::string::npos || (k_text != "16" && k_text != "8")) return std::nullopt;
  int64_t n = std::stoll(n_text);
  if (n < 8 || n > 256 || n % 8 != 0) return std::nullopt;
  return TileShape{64, n, k_text == "16" ? 16 : 8, k_text == "8", true};
}

TileShape tile_shape(const std::string& shape) {
  if (shape == "m16n8k16") return {16, 8, 16, false};
  if (shape == "m16n8k8") return {16, 8, 8, true};
  if (std::optional<TileShape> wgmma = wgmma_shape(shape)) return *wgmma;
  throw Error(std::string(kTransform) + ": unknown shape '" + shape +
              "' (m16n8k16 for float16 or bfloat16 operands, m16n8k8 for float32 operands as TF32; on sm_90a "
              "m64n<N>k16 and m64n<N>k8, N a multiple of 8 up to 256)");
}

[[noreturn]] void refuse(const Instruction& instruction, const std::string& why) {
  throw Error(std::string(kTransform) + "(" + instruction.id + "): " + why);
}

// The coefficient of `iname` in `expr` when `expr` is affine in it (0: not used); nullopt when it
// is used in a way that is not affine (a product of inames, a division, an array read).
std::optional<int64_t> coefficient(const Expr& expr, const std::string& iname) {
  switch (expr.kind) {
    case ExprKind::IntLiteral: return 0;
    case ExprKind::Variable: return expr.name == iname ? 1 : 0;
    case ExprKind::Unary: {
      auto inner = coefficient(*expr.operands[0], iname);
      if (!inner || expr.unary_op != UnaryOp::Negate) return inner && *inner == 0 ? inner : std::nullopt;
      return -*inner;
    }
    case ExprKind::Binary: {
      auto lhs = coefficient(*expr.operands[0], iname), rhs = coefficient(*expr.operands[1], iname);
      if (!lhs || !rhs) return std::nullopt;
      if (expr.binary_op == BinaryOp::Add) return *lhs + *rhs;
      if (expr.binary_op == BinaryOp::Subtract) return *lhs - *rhs;
      if (*lhs == 0 && *rhs == 0) return 0;
      if (expr.binary_op != BinaryOp::Multiply) return std::nullopt;
      const Expr& factor = *expr.operands[*lhs == 0 ? 0 : 1];
      if (factor.kind != ExprKind::IntLiteral) return std::nullopt;
      return factor.int_value * (*lhs == 0 ? *rhs : *lhs);
    }
    default: {
      for (const ExprPtr& operand : expr.operands) {
        auto inner = coefficient(*operand, iname);
        if (!inner || *inner != 0) return std::nullopt;
      }
      return 0;
    }
  }
}

// The axis of `access` that `iname` indexes with a unit step; -1 when no axis uses it; throws
// when it is used otherwise (several axes, a non-unit step, not affinely).
int axis_of(const Instruction& instruction, const Expr& access, const std::string& iname) {
  int found = -1;
  for (std::size_t axis = 0; axis < access.operands.size(); ++axis) {
    std::optional<int64_t> step = coefficient(*access.operands[axis], iname);
    if (step && *step == 0) continue;
    if (!step || *step != 1 || found >= 0) {
      refuse(instruction, "'" + to_string(access) + "' is not indexed by " + iname +
                              " with a unit step on one axis; a fragment covers a block of consecutive elements");
    }
    found = static_cast<int>(axis);
  }
  return found;
}

struct Storage {
  DType dtype;
  AddressSpace space;
  int contiguous_axis;  // the axis of stride 1; -1: a custom layout
};

// The axis a custom layout gives stride 1 ("stride:1", "swizzle128", or "N0": the fastest nesting
// level, as a padded local tile has); -1 when none does.
int unit_stride_axis(const std::vector<std::string>& dim_tags) {
  for (std::size_t axis = 0; axis < dim_tags.size(); ++axis) {
    if (dim_tags[axis] == "stride:1" || dim_tags[axis] == kSwizzle128Tag || dim_tags[axis] == "N0") {
      return static_cast<int>(axis);
    }
  }
  return -1;
}

// Where `access` reads from: its dtype (inferred for fetch temporaries, which declare none), its
// address space and its contiguous axis.
Storage storage_of(const LoopKernel& kernel, const Instruction& instruction, const Expr& access) {
  // A fetch temporary declares no dtype: it has the type of the values its writer copies.
  auto dtype_of = [&] {
    TypeContext types(kernel);
    try {
      return types.variable_dtype(access.name);
    } catch (const Error&) {
      for (const Instruction& writer : kernel.instructions) {
        if (writer.expression && writer.assignees.size() == 1 && writer.assignees[0]->name == access.name) {
          return types.type_of(*writer.expression).dtype;
        }
      }
      refuse(instruction, "the type of '" + access.name + "' is not known");
    }
  };
  int last = static_cast<int>(access.operands.size()) - 1;
  if (const KernelArgument* arg = kernel.find_arg(access.name)) {
    int contiguous = !arg->dim_tags.empty() ? unit_stride_axis(arg->dim_tags) : arg->order == ArrayOrder::F ? 0 : last;
    return {dtype_of(), AddressSpace::Global, contiguous};
  }
  const Temporary* temporary = kernel.find_temporary(access.name);
  if (temporary == nullptr) refuse(instruction, "'" + access.name + "' is not an array");
  return {dtype_of(), temporary->address_space, temporary->dim_tags.empty() ? last : unit_stride_axis(temporary->dim_tags)};
}

// The values `iname` takes for some parameter values: [lower, lower + extent) when that is
// bounded. A tile iname of a guarded split (`i_inner` with 16*i_outer + i_inner < n) ranges over
// 0..15 for large n and fewer at the edge: the fragment is then partly empty, which the CUDA code
// handles by zero-filling reads and guarding stores.
std::optional<ConstantRange> widest_range(const LoopKernel& kernel, const std::string& iname) {
  const Domain* domain = kernel.domain_of_iname(iname);
  if (domain == nullptr) return std::nullopt;
  isl_set* set = isl_set_copy(isl_set_of(domain->set).get());
  int position = isl_set_find_dim_by_name(set, isl_dim_set, iname.c_str());
  if (position < 0) {
    isl_set_free(set);
    return std::nullopt;
  }
  set = isl_set_project_out(set, isl_dim_param, 0, static_cast<unsigned>(isl_set_dim(set, isl_dim_param)));
  int dims = static_cast<int>(isl_set_dim(set, isl_dim_set));
  set = isl_set_project_out(set, isl_dim_set, static_cast<unsigned>(position + 1), static_cast<unsigned>(dims - position - 1));
  set = isl_set_project_out(set, isl_dim_set, 0, static_cast<unsigned>(position));
  isl::set alone = isl::manage(set);
  if (alone.is_empty()) return std::nullopt;
  isl::val low = alone.dim_min_val(0), high = alone.dim_max_val(0);
  if (!low.is_int() || !high.is_int()) return std::nullopt;
  return ConstantRange{low.get_num_si(), high.get_num_si() - low.get_num_si() + 1};
}

void require_tile_iname(const LoopKernel& kernel, const Instruction& instruction, const std::string& iname,
                        int64_t length, const char* dimension, const std::string& shape) {
  std::optional<ConstantRange> range = widest_range(kernel, iname);
  if (!range || range->lower != 0 || range->extent != length) {
    std::string actual = !range ? "a range that is not constant"
                                : std::to_string(range->extent) + " values from " + std::to_string(range->lower);
    refuse(instruction, "iname '" + iname + "' (the tile's " + dimension + ") has " + actual + "; the " + shape +
                            " tile needs " + std::to_string(length) + " from 0 (split it: split_iname(\"" + iname +
                            "\", " + std::to_string(length) + "))");
  }
  InameTag tag = kernel.tag_of(iname);
  if (tag.kind != InameTag::Kind::Sequential) {
    refuse(instruction, "iname '" + iname + "' is tagged " + to_string(tag) +
                            "; tile inames must be sequential (tensorize assigns the warp's lanes itself): untag it");
  }
}

// One operand read: which of the tile inames index which axis.
struct Operand {
  const Expr* access;
  Storage storage;
  int row_axis, k_axis;  // row: i for a, j for b
};

void require_readable_fragment(const Instruction& instruction, const Operand& operand, const std::string& row,
                               const std::string& k) {
  if (operand.storage.space == AddressSpace::Private || operand.storage.space == AddressSpace::Auto) {
    refuse(instruction, "'" + operand.access->name + "' is in " + std::string(address_space_name(operand.storage.space)) +
                            " memory; fragments are loaded from local or global memory (set_temporary_address_space)");
  }
  int contiguous = operand.storage.contiguous_axis;
  if (contiguous < 0 || (contiguous != operand.row_axis && contiguous != operand.k_axis)) {
    refuse(instruction, "neither " + row + " nor " + k + " indexes the contiguous axis of '" +
                            to_string(*operand.access) + "'" + (contiguous < 0 ? " (its custom layout has no axis of stride 1)" : "") +
                            "; a fragment row is a run of consecutive elements");
  }
}

void require_types(const Instruction& instruction, DType a, DType b, DType result, const TileShape& tile,
                   const TensorizeOptions& options) {
  std::string types = std::string(dtype_name(a)) + " and " + std::string(dtype_name(b));
  if (a != b) refuse(instruction, "the operands are " + types + "; a matrix instruction multiplies one type");
  if (!tile.tf32 && !is_half_precision(a)) {
    refuse(instruction, "the operands are " + types + "; " + options.shape + " multiplies float16 or bfloat16" +
                            (a == DType::Float32 ? " (float32 operands: shape " +
                                                       (tile.wgmma ? "m64n" + std::to_string(tile.n) + "k8" : std::string("m16n8k8")) +
                                                       " with allow_tf32)"
                                                 : std::string()));
  }
  if (tile.tf32 && a != DType::Float32) {
    refuse(instruction, "the operands are " + types + "; " + options.shape + " multiplies float32 as TF32 (float16 and bfloat16: " +
                            (tile.wgmma ? "m64n" + std::to_string(tile.n) + "k16" : std::string("m16n8k16")) + ")");
  }
  if (tile.tf32 && !options.allow_tf32) {
    refuse(instruction, options.shape + " rounds the float32 operands to TF32 (10 fraction bits); pass allow_tf32=true to allow it");
  }
  if (result != DType::Float32) {
    refuse(instruction, "the result is " + std::string(dtype_name(result)) + "; tensor cores accumulate into float32");
  }
}

}  // namespace

LoopKernel tensorize(const LoopKernel& kernel, const std::string& insn_match, const std::vector<std::string>& inames,
                     const TensorizeOptions& options) {
  TransformCall call{kTransform, {{"insn_match", insn_match}, {"inames", inames}, {"shape", options.shape}}};
  if (options.allow_tf32) call.arguments["allow_tf32"] = true;
  if (options.unchecked) call.arguments["unchecked"] = true;
  // Step 1: the shape and the inames.
  TileShape tile = tile_shape(options.shape);
  if (inames.size() != 3 || inames[0] == inames[1] || inames[0] == inames[2] || inames[1] == inames[2]) {
    throw Error(std::string(kTransform) + ": give three distinct inames [i, j, k] (the tile's rows, columns and "
                "reduction), got [" + joined(inames) + "]");
  }
  for (const std::string& iname : inames) require_iname(kernel, iname, kTransform);
  const std::string &i = inames[0], &j = inames[1], &k = inames[2];
  std::vector<std::string> matched = require_instructions(kernel, insn_match, kTransform, "insn_match");
  if (matched.size() != 1) {
    throw Error(std::string(kTransform) + ": '" + insn_match + "' matches " + std::to_string(matched.size()) +
                " instructions (" + joined(matched) + "); tensorize one at a time");
  }
  LoopKernel result = kernel;
  Instruction& instruction = instruction_named(result, matched[0]);

  // Step 2: a multiply-add reduction over k into an array indexed by i and j.
  const Expr* sum = instruction.expression.get();
  while (sum != nullptr && sum->kind == ExprKind::Reduction && sum->name == "sum" &&
         std::find(sum->reduction_inames.begin(), sum->reduction_inames.end(), k) == sum->reduction_inames.end() &&
         sum->operands.back()->kind == ExprKind::Reduction) {
    sum = sum->operands.back().get();  // sum(k_outer, sum(k_inner, ...))
  }
  if (instruction.kind != InstructionKind::Assignment || instruction.assignees.size() != 1 || sum == nullptr ||
      sum->kind != ExprKind::Reduction || sum->name != "sum" ||
      std::find(sum->reduction_inames.begin(), sum->reduction_inames.end(), k) == sum->reduction_inames.end()) {
    refuse(instruction, "it is not a sum over " + k + " (c[i, j] = sum(" + k +
                            ", a[i, k]*b[k, j])); tensor cores compute multiply-add reductions");
  }
  const Expr& product = *sum->operands.back();
  if (product.kind != ExprKind::Binary || product.binary_op != BinaryOp::Multiply ||
      product.operands[0]->kind != ExprKind::Subscript || product.operands[1]->kind != ExprKind::Subscript) {
    refuse(instruction, "the summand '" + to_string(product) + "' is not a product of two array reads");
  }
  const Expr& assignee = *instruction.assignees[0];
  if (assignee.kind != ExprKind::Subscript || instruction.within_inames.count(i) == 0 ||
      instruction.within_inames.count(j) == 0 || axis_of(instruction, assignee, i) < 0 ||
      axis_of(instruction, assignee, j) < 0 || axis_of(instruction, assignee, k) >= 0) {
    refuse(instruction, "the result '" + to_string(assignee) + "' must be an array indexed by " + i + " and " + j +
                            " (not by " + k + ")");
  }

  // Step 3: the tile's extents and tags.
  require_tile_iname(kernel, instruction, i, tile.m, "M", options.shape);
  require_tile_iname(kernel, instruction, j, tile.n, "N", options.shape);
  require_tile_iname(kernel, instruction, k, tile.k, "K", options.shape);

  // Step 4: which read is a (i, k) and which b (k, j); both readable as fragments.
  const Expr* first = product.operands[0].get();
  const Expr* second = product.operands[1].get();
  if (axis_of(instruction, *first, i) < 0) std::swap(first, second);
  Operand a{first, storage_of(kernel, instruction, *first), axis_of(instruction, *first, i), axis_of(instruction, *first, k)};
  Operand b{second, storage_of(kernel, instruction, *second), axis_of(instruction, *second, j),
            axis_of(instruction, *second, k)};
  if (a.row_axis < 0 || a.k_axis < 0 || axis_of(instruction, *first, j) >= 0 || b.row_axis < 0 || b.k_axis < 0 ||
      axis_of(instruction, *second, i) >= 0) {
    refuse(instruction, "the reads '" + to_string(product) + "' are not one indexed by " + i + " and " + k +
                            " and one by " + k + " and " + j);
  }
  require_types(instruction, a.storage.dtype, b.storage.dtype, storage_of(kernel, instruction, assignee).dtype, tile,
                options);
  require_readable_fragment(instruction, a, i, k);
  require_readable_fragment(instruction, b, j, k);

  // Step 5: the mark code generation reads.
  instruction.tags.insert("tensorize_" + options.shape);
  if (tile.tf32) instruction.tags.insert("tensorize_tf32");
  if (tile.wgmma) instruction.tags.insert("tensorize_wgmma");
  // The tile's inames, for the CUDA lowering (codegen/tensor_cores.cpp); tags are identifiers.
  instruction.tags.insert("tensorize_i_" + i);
  instruction.tags.insert("tensorize_j_" + j);
  instruction.tags.insert("tensorize_k_" + k);
  return finish_transform(kernel, std::move(result), call, std::nullopt, options.unchecked, CheckScope::Order);
}

LOOM_REGISTER_TRANSFORM(tensorize) {
  registry.add({kTransform,
                "run an instruction's (i, j, k) tile as one tensor-core matrix multiply-accumulate",
                {{"insn_match", ParameterType::Match, true},
                 {"inames", ParameterType::InameList, true},
                 {"shape", ParameterType::String, false, false, std::string("m16n8k16")},
                 {"allow_tf32", ParameterType::Bool, false, false, false}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  TensorizeOptions options;
                  options.shape = args.string("shape");
                  options.allow_tf32 = args.boolean("allow_tf32");
                  options.unchecked = args.unchecked();
                  return tensorize(kernel, args.string("insn_match"), args.names("inames"), options);
                }});
}

}  // namespace loom
