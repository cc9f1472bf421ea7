// Whole-vector code for vec loops (OpenCL and CUDA vector types; DESIGN.md §3a, decisions.md
// "Vector types").
//
//   out[i_outer, i_inner] = 2*a[i_outer, i_inner]     (a, out tagged c,vec; i_inner: vec, 0..3)
//   →  { float4 loom_vec_a = vload4(i_outer, a);
//        float4 loom_vec_out;
//        loom_vec_out.s0 = 2.0f * loom_vec_a.s0;  ...  loom_vec_out.s3 = 2.0f * loom_vec_a.s3;
//        vstore4(loom_vec_out, i_outer, out); }
//
// A vector access is one whose vec axis is indexed by exactly the vec iname and whose other
// indices do not use it: then the lanes touch one whole vector. The assignee must be one; reads
// that are become one vector load each, every other part of the expression is computed lane by
// lane with the iname's value of that lane. An instruction that reads the array it writes at
// another element stays unrolled (the lanes' order would show). Arithmetic stays per lane because
// CUDA's vector types have no operators; the memory traffic, which is what vectorizing is for,
// moves whole vectors.
#include <algorithm>

#include "codegen/lower_expr.hpp"
#include "ir/layout.hpp"

namespace loom::codegen {

namespace {

bool uses_variable(const Expr& expr, const std::string& name) {
  bool found = false;
  visit_expr(expr, [&](const Expr& node) {
    found = found || (node.kind == ExprKind::Variable && node.name == name);
  });
  return found;
}

bool has_vector_type(DType dtype, Target target) {
  if (dtype == DType::Float32 || dtype == DType::Int32 || dtype == DType::UInt32) return true;
  return dtype == DType::Float64 && target == Target::OpenCL;
}

// The name of lane `lane` of a vector variable: OpenCL's .s0 .. .sf, CUDA's .x .y .z .w.
std::string lane_name(const std::string& vector, int64_t lane, Target target) {
  if (target == Target::CUDA) return vector + "." + std::string(1, "xyzw"[lane]);
  return vector + ".s" + std::string(1, "0123456789abcdef"[lane]);
}

// A stride of a vec array divided by its vector length (array_strides multiplies every non-vec
// stride by it, so the division is exact).
ExprPtr in_vectors(const ExprPtr& stride, int64_t width) {
  if (stride->kind == ExprKind::IntLiteral) return int_literal(stride->int_value / width);
  if (stride->kind == ExprKind::Binary && stride->binary_op == BinaryOp::Multiply &&
      stride->operands[1]->kind == ExprKind::IntLiteral &&
      stride->operands[1]->int_value == width) {
    return stride->operands[0];
  }
  return binary(BinaryOp::FloorDivide, stride, int_literal(width));
}

// Lanes unrolled one after another see the earlier lanes' stores; a vector loads every lane
// before it stores any. The two agree when the instruction reads the array it writes only at the
// element it writes (out[i] = out[i] + a[i]), so anything else stays unrolled. (The vec tag's
// legality check refuses a dependence across lanes; this keeps `unchecked` kernels as written.)
bool reads_assignee_elsewhere(const Instruction& instruction) {
  const Expr& assignee = *instruction.assignees.front();
  bool elsewhere = false;
  visit_expr(*instruction.expression, [&](const Expr& node) {
    if (node.kind == ExprKind::Subscript && node.name == assignee.name &&
        !structurally_equal(node, assignee)) {
      elsewhere = true;
    }
  });
  return elsewhere;
}

}  // namespace

struct ExpressionLowering::VectorAccess {
  const Expr* node;
  std::size_t vec_axis;
  int64_t width;
  std::vector<ExprPtr> strides;  // in vectors
  DType dtype;
};

std::optional<ExpressionLowering::VectorAccess> ExpressionLowering::vector_access(
    const Expr& access, const std::string& vec_iname, int64_t lanes) const {
  if (access.kind != ExprKind::Subscript) return std::nullopt;
  const std::vector<std::string>* tags = nullptr;
  std::vector<ExprPtr> strides;
  if (const KernelArgument* arg = kernel_.find_arg(access.name)) {
    if (arg->offset) return std::nullopt;
    tags = &arg->dim_tags;
    if (vec_axis(*tags)) strides = array_strides(*arg);
  } else if (const Temporary* temporary = kernel_.find_temporary(access.name);
             temporary && target_ == Target::OpenCL) {
    // CUDA reinterprets the array as vectors, which needs 16-byte alignment that loom guarantees
    // for buffers only; OpenCL's vloadN needs none.
    tags = &temporary->dim_tags;
    if (vec_axis(*tags)) strides = array_strides(*temporary);
  }
  if (tags == nullptr || strides.empty()) return std::nullopt;
  std::size_t axis = *vec_axis(*tags);
  const Expr& index = *access.operands[axis];
  if (index.kind != ExprKind::Variable || index.name != vec_iname) return std::nullopt;
  for (std::size_t other = 0; other < access.operands.size(); ++other) {
    if (other != axis && uses_variable(*access.operands[other], vec_iname)) return std::nullopt;
  }
  ExprPtr length = shape_of(access.name)[axis];  // shape_of returns a copy
  if (length->kind != ExprKind::IntLiteral || length->int_value != lanes) return std::nullopt;
  DType dtype = types_.variable_dtype(access.name);
  if (!has_vector_type(dtype, target_)) return std::nullopt;
  for (ExprPtr& stride : strides) stride = in_vectors(stride, lanes);
  return VectorAccess{&access, axis, lanes, strides, dtype};
}

// Σ index_d * stride_d over the axes but the vec one, in vectors.
cast::ExprPtr ExpressionLowering::vector_index(const VectorAccess& access,
                                               const InameValues& inames) const {
  DType index = index_dtype();
  cast::ExprPtr flat;
  for (std::size_t axis = 0; axis < access.strides.size(); ++axis) {
    if (axis == access.vec_axis) continue;
    cast::ExprPtr value = lower(*access.node->operands[axis], index, inames);
    if (value->dtype != index) value = cast::cast_to(index, value);
    const ExprPtr& stride = access.strides[axis];
    bool unit = stride->kind == ExprKind::IntLiteral && stride->int_value == 1;
    cast::ExprPtr term =
        unit ? value : cast::binary("*", value, lower(*stride, index, inames), index);
    flat = flat ? cast::binary("+", flat, term, index) : term;
  }
  return flat ? flat : cast::int_const(0, index);
}

cast::StmtPtr ExpressionLowering::lower_vector_instruction(const Instruction& instruction,
                                                           const std::vector<InameValues>& lanes,
                                                           const std::string& vec_iname) const {
  if (target_ == Target::C || instruction.kind != InstructionKind::Assignment) return nullptr;
  if (instruction.assignees.size() != 1 || !instruction.predicates.empty()) return nullptr;
  auto width = static_cast<int64_t>(lanes.size());
  std::optional<VectorAccess> store =
      vector_access(*instruction.assignees.front(), vec_iname, width);
  if (!store) return nullptr;
  for (int64_t lane = 0; lane < width; ++lane) {
    const cast::ExprPtr& value = lanes[static_cast<std::size_t>(lane)].at(vec_iname);
    if (value->kind != cast::ExprKind::IntConst || value->int_value != lane) return nullptr;
  }
  if (reads_assignee_elsewhere(instruction)) return nullptr;
  const InameValues& first = lanes.front();
  std::vector<cast::StmtPtr> body;
  std::vector<std::pair<const Expr*, std::string>> loaded;  // read → its vector variable
  std::map<std::string, std::string> by_text;
  visit_expr(*instruction.expression, [&](const Expr& node) {
    std::optional<VectorAccess> read = vector_access(node, vec_iname, width);
    if (!read) return;
    std::string text = to_string(node);
    if (by_text.count(text) == 0) {
      std::string name = "loom_vec_" + std::to_string(by_text.size()) + "_" + node.name;
      by_text[text] = name;
      body.push_back(cast::declare_vector(name, read->dtype, static_cast<int>(width),
                                          cast::vector_load(node.name, vector_index(*read, first),
                                                            read->dtype, static_cast<int>(width))));
    }
    loaded.emplace_back(&node, by_text[text]);
  });
  std::string result = "loom_vec_" + instruction.assignees.front()->name;
  body.push_back(cast::declare_vector(result, store->dtype, static_cast<int>(width)));
  for (int64_t lane = 0; lane < width; ++lane) {
    std::map<const Expr*, cast::ExprPtr> values;
    for (const auto& [node, vector] : loaded) {
      values[node] = cast::var(lane_name(vector, lane, target_), types_.variable_dtype(node->name));
    }
    lane_values_ = &values;
    cast::ExprPtr value =
        lower(*instruction.expression, store->dtype, lanes[static_cast<std::size_t>(lane)]);
    lane_values_ = nullptr;
    if (value->dtype != store->dtype) value = cast::cast_to(store->dtype, value);
    body.push_back(cast::assign(cast::var(lane_name(result, lane, target_), store->dtype), value));
  }
  body.push_back(cast::assign(
      cast::vector_load(instruction.assignees.front()->name, vector_index(*store, first),
                        store->dtype, static_cast<int>(width)),
      cast::var(result, store->dtype)));
  return cast::scoped_block(body);
}

}  // namespace loom::codegen
