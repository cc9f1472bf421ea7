#include "codegen/cast.hpp"

namespace loom::cast {

namespace {
ExprPtr make(Expr expr) { return std::make_shared<const Expr>(std::move(expr)); }
StmtPtr make(Stmt stmt) { return std::make_shared<const Stmt>(std::move(stmt)); }
}  // namespace

ExprPtr int_const(int64_t value, DType dtype) {
  Expr e;
  e.kind = ExprKind::IntConst;
  e.int_value = value;
  e.dtype = dtype;
  return make(std::move(e));
}

ExprPtr float_const(double value, DType dtype) {
  Expr e;
  e.kind = ExprKind::FloatConst;
  e.float_value = value;
  e.dtype = dtype;
  return make(std::move(e));
}

ExprPtr var(std::string name, DType dtype) {
  Expr e;
  e.kind = ExprKind::Var;
  e.name = std::move(name);
  e.dtype = dtype;
  return make(std::move(e));
}

ExprPtr unary(std::string op, ExprPtr operand, DType dtype) {
  Expr e;
  e.kind = ExprKind::Unary;
  e.op = std::move(op);
  e.args = {std::move(operand)};
  e.dtype = dtype;
  return make(std::move(e));
}

ExprPtr binary(std::string op, ExprPtr lhs, ExprPtr rhs, DType dtype) {
  Expr e;
  e.kind = ExprKind::Binary;
  e.op = std::move(op);
  e.args = {std::move(lhs), std::move(rhs)};
  e.dtype = dtype;
  return make(std::move(e));
}

ExprPtr call(std::string function, std::vector<ExprPtr> args, DType dtype) {
  Expr e;
  e.kind = ExprKind::Call;
  e.name = std::move(function);
  e.args = std::move(args);
  e.dtype = dtype;
  return make(std::move(e));
}

ExprPtr load(std::string array, ExprPtr flat_index, DType dtype) {
  Expr e;
  e.kind = ExprKind::Load;
  e.name = std::move(array);
  e.args = {std::move(flat_index)};
  e.dtype = dtype;
  return make(std::move(e));
}

ExprPtr vector_load(std::string array, ExprPtr vector_index, DType dtype, int width) {
  Expr e;
  e.kind = ExprKind::Load;
  e.name = std::move(array);
  e.args = {std::move(vector_index)};
  e.dtype = dtype;
  e.vector_width = width;
  return make(std::move(e));
}

ExprPtr ternary(ExprPtr condition, ExprPtr then_value, ExprPtr else_value, DType dtype) {
  Expr e;
  e.kind = ExprKind::Ternary;
  e.args = {std::move(condition), std::move(then_value), std::move(else_value)};
  e.dtype = dtype;
  return make(std::move(e));
}

ExprPtr hardware_index(bool local, int axis) {
  Expr expr;
  expr.kind = ExprKind::HardwareIndex;
  expr.op = local ? "local" : "group";
  expr.int_value = axis;
  return std::make_shared<const Expr>(expr);
}

ExprPtr cast_to(DType dtype, ExprPtr operand) {
  Expr e;
  e.kind = ExprKind::Cast;
  e.args = {std::move(operand)};
  e.dtype = dtype;
  return make(std::move(e));
}

StmtPtr block(std::vector<StmtPtr> body) {
  Stmt s;
  s.kind = StmtKind::Block;
  s.body = std::move(body);
  return make(std::move(s));
}

StmtPtr for_loop(std::string iterator, DType dtype, ExprPtr init, ExprPtr condition, int64_t step,
                 StmtPtr body) {
  Stmt s;
  s.kind = StmtKind::For;
  s.name = std::move(iterator);
  s.dtype = dtype;
  s.init = std::move(init);
  s.condition = std::move(condition);
  s.step = step;
  s.body = {std::move(body)};
  return make(std::move(s));
}

StmtPtr if_then(ExprPtr condition, StmtPtr then_body, StmtPtr else_body) {
  Stmt s;
  s.kind = StmtKind::If;
  s.condition = std::move(condition);
  s.body = {std::move(then_body)};
  if (else_body) s.body.push_back(std::move(else_body));
  return make(std::move(s));
}

StmtPtr assign(ExprPtr target, ExprPtr value) {
  Stmt s;
  s.kind = StmtKind::Assign;
  s.target = std::move(target);
  s.value = std::move(value);
  return make(std::move(s));
}

StmtPtr declare(std::string name, DType dtype, int64_t extent, ExprPtr init, bool is_const) {
  Stmt s;
  s.kind = StmtKind::Declare;
  s.name = std::move(name);
  s.dtype = dtype;
  s.extent = extent;
  s.init = std::move(init);
  s.is_const = is_const;
  return make(std::move(s));
}

StmtPtr scoped_block(std::vector<StmtPtr> body) {
  Stmt s;
  s.kind = StmtKind::Block;
  s.body = std::move(body);
  s.scoped = true;
  return make(std::move(s));
}

StmtPtr declare_vector(std::string name, DType dtype, int width, ExprPtr init) {
  Stmt s;
  s.kind = StmtKind::Declare;
  s.name = std::move(name);
  s.dtype = dtype;
  s.vector_width = width;
  s.init = std::move(init);
  return make(std::move(s));
}

StmtPtr local_barrier() {
  Stmt s;
  s.kind = StmtKind::Barrier;
  return make(std::move(s));
}

bool holds_barrier(const StmtPtr& statement) {
  if (!statement) return false;
  if (statement->kind == StmtKind::Barrier) return true;
  for (const StmtPtr& inner : statement->body)
    if (holds_barrier(inner)) return true;
  return false;
}

StmtPtr comment(std::string text) {
  Stmt s;
  s.kind = StmtKind::Comment;
  s.name = std::move(text);
  return make(std::move(s));
}

}  // namespace loom::cast
