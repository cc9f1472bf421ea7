#include "codegen/cast_equality.hpp"

namespace loom::codegen {

bool same_expr(const cast::ExprPtr& a, const cast::ExprPtr& b) {
  if (a == b) return true;
  if (!a || !b) return false;
  if (a->kind != b->kind || a->dtype != b->dtype || a->int_value != b->int_value || a->float_value != b->float_value ||
      a->name != b->name || a->op != b->op || a->vector_width != b->vector_width || a->args.size() != b->args.size()) {
    return false;
  }
  for (std::size_t k = 0; k < a->args.size(); ++k) {
    if (!same_expr(a->args[k], b->args[k])) return false;
  }
  return true;
}

bool same_stmt(const cast::StmtPtr& a, const cast::StmtPtr& b) {
  if (a == b) return true;
  if (!a || !b) return false;
  if (a->kind != b->kind || a->name != b->name || a->dtype != b->dtype || a->step != b->step ||
      a->extent != b->extent || a->pragma != b->pragma || a->scoped != b->scoped || a->body.size() != b->body.size() ||
      !same_expr(a->init, b->init) || !same_expr(a->condition, b->condition) || !same_expr(a->target, b->target) ||
      !same_expr(a->value, b->value)) {
    return false;
  }
  for (std::size_t k = 0; k < a->body.size(); ++k) {
    if (!same_stmt(a->body[k], b->body[k])) return false;
  }
  return true;
}

}  // namespace loom::codegen
