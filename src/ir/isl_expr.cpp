#include "ir/isl_expr.hpp"

#include <isl/aff.h>
#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/map.h>
#include <isl/val.h>

#include "ir/isl_extra.hpp"
#include "loom/error.hpp"

namespace loom {

namespace {

bool is_constant(const isl::pw_aff& value) { return isl_pw_aff_is_cst(value.get()) == isl_bool_true; }

std::optional<int64_t> constant_of(const std::optional<isl::pw_aff>& value) {
  if (!value || !is_constant(*value)) return std::nullopt;
  isl_val* v = isl_pw_aff_max_val(value->copy());
  if (v == nullptr || !isl_val_is_int(v)) {
    isl_val_free(v);
    return std::nullopt;
  }
  int64_t result = isl_val_get_num_si(v);
  isl_val_free(v);
  return result;
}

isl::pw_aff constant_on(const isl::set& domain, int64_t value) {
  return domain.pw_aff_on_domain(static_cast<long>(value));
}

std::optional<isl::pw_aff> variable_on(const std::string& name, const isl::set& domain) {
  int position = isl_extra::find_dim(domain, isl_dim_set, name);
  if (position >= 0) {
    isl_local_space* ls = isl_local_space_from_space(isl_set_get_space(domain.get()));
    isl_aff* aff = isl_aff_var_on_domain(ls, isl_dim_set, static_cast<unsigned>(position));
    return isl::manage(isl_pw_aff_intersect_domain(isl_pw_aff_from_aff(aff), domain.copy()));
  }
  return domain.param_pw_aff_on_domain(name);
}

// `value mod divisor` for a divisor that is not constant (a parameter: a periodic index
// `a[(i + 1) % n]`), exact where the domain keeps 0 <= value < 2*divisor: value, or value - divisor
// once it reaches the divisor. Elsewhere it is not affine (nullopt).
std::optional<isl::pw_aff> wrapped_once(const isl::pw_aff& value, const isl::pw_aff& divisor, const isl::set& domain) {
  isl::pw_aff zero = constant_on(domain, 0);
  isl::set within = value.ge_set(zero).intersect(value.lt_set(divisor.add(divisor))).intersect(divisor.gt_set(zero));
  if (!domain.is_subset(within)) return std::nullopt;
  isl::set below = value.lt_set(divisor);
  return value.intersect_domain(below).union_add(value.sub(divisor).intersect_domain(domain.subtract(below)));
}

std::optional<isl::pw_aff> binary_to_pw_aff(const Expr& expr, const isl::set& domain) {
  auto lhs = expr_to_pw_aff(*expr.operands[0], domain);
  auto rhs = expr_to_pw_aff(*expr.operands[1], domain);
  if (!lhs || !rhs) return std::nullopt;
  switch (expr.binary_op) {
    case BinaryOp::Add: return lhs->add(*rhs);
    case BinaryOp::Subtract: return lhs->sub(*rhs);
    case BinaryOp::Multiply:
      if (!is_constant(*lhs) && !is_constant(*rhs)) return std::nullopt;
      return lhs->mul(*rhs);
    case BinaryOp::FloorDivide:
    case BinaryOp::Divide: {
      auto divisor = constant_of(rhs);
      if (!divisor || *divisor <= 0) return std::nullopt;
      return lhs->scale_down(static_cast<long>(*divisor)).floor();
    }
    case BinaryOp::Modulo: {
      auto divisor = constant_of(rhs);
      if (!divisor) return wrapped_once(*lhs, *rhs, domain);
      if (*divisor <= 0) return std::nullopt;
      return lhs->mod(static_cast<long>(*divisor));
    }
    default: return std::nullopt;
  }
}

}  // namespace

std::optional<isl::pw_aff> expr_to_pw_aff(const Expr& expr, const isl::set& domain) {
  switch (expr.kind) {
    case ExprKind::IntLiteral: return constant_on(domain, expr.int_value);
    case ExprKind::Variable: return variable_on(expr.name, domain);
    case ExprKind::Unary: {
      if (expr.unary_op != UnaryOp::Negate) return std::nullopt;
      auto operand = expr_to_pw_aff(*expr.operands[0], domain);
      if (!operand) return std::nullopt;
      return operand->neg();
    }
    case ExprKind::Binary: return binary_to_pw_aff(expr, domain);
    case ExprKind::Call: {  // min/max of affine values (split_iname's shift_inwards) stay exact
      if ((expr.name != "min" && expr.name != "max") || expr.operands.size() != 2) return std::nullopt;
      auto lhs = expr_to_pw_aff(*expr.operands[0], domain);
      auto rhs = expr_to_pw_aff(*expr.operands[1], domain);
      if (!lhs || !rhs) return std::nullopt;
      return expr.name == "min" ? lhs->min(*rhs) : lhs->max(*rhs);
    }
    default: return std::nullopt;
  }
}

namespace {

// access_map with the indices' functions computed on `on` (the domain or its space's universe).
std::optional<isl::map> access_map_on(const isl::set& on, const isl::set& domain, const std::string& array,
                                      const std::vector<ExprPtr>& indices) {
  isl_pw_aff_list* list = isl_pw_aff_list_alloc(domain.ctx().get(), static_cast<int>(indices.size()));
  for (const ExprPtr& index : indices) {
    auto value = expr_to_pw_aff(*index, on);
    if (!value) {
      isl_pw_aff_list_free(list);
      return std::nullopt;
    }
    list = isl_pw_aff_list_add(list, value->release());
  }
  isl_space* space = isl_set_get_space(domain.get());
  space = isl_space_from_domain(space);
  space = isl_space_add_dims(space, isl_dim_out, static_cast<unsigned>(indices.size()));
  space = isl_space_set_tuple_name(space, isl_dim_out, array.c_str());
  isl_multi_pw_aff* mpa = isl_multi_pw_aff_from_pw_aff_list(space, list);
  isl_map* map = isl_map_from_multi_pw_aff(mpa);
  map = isl_map_intersect_domain(map, domain.copy());
  return isl_extra::checked(isl::manage(map), domain.ctx().get());
}

}  // namespace

std::optional<isl::map> access_map(const isl::set& domain, const std::string& array,
                                   const std::vector<ExprPtr>& indices) {
  // The indices are affine functions of the instance: built on the universe of the domain's space
  // and restricted to the domain once, at the end (issue 26: on the domain itself every piece of
  // every operation and of the product of the axes intersected it again). Where that fails (a
  // product that is affine only on the domain, which isl may simplify with its equalities), the
  // functions are built on the domain as before, so no access is less exact than it was.
  if (std::optional<isl::map> map = access_map_on(isl::set::universe(domain.space()), domain, array, indices)) return map;
  return access_map_on(domain, domain, array, indices);
}

std::optional<ExprPtr> pw_aff_to_expr(const isl::pw_aff& value) {
  if (isl_pw_aff_n_piece(value.get()) != 1) return std::nullopt;
  std::optional<ExprPtr> result;
  bool ok = true;
  isl::pw_multi_aff as_multi = isl::manage(isl_pw_multi_aff_from_pw_aff(value.copy()));
  as_multi.foreach_piece([&](isl::set, isl::multi_aff piece) {
    isl::aff aff = isl::manage(isl_multi_aff_get_at(piece.get(), 0));
    isl_aff* raw = aff.get();
    if (isl_aff_dim(raw, isl_dim_div) > 0) {
      ok = false;
      return;
    }
    for (int i = 0; i < isl_aff_dim(raw, isl_dim_in); ++i) {
      isl_val* c = isl_aff_get_coefficient_val(raw, isl_dim_in, i);
      bool zero = isl_val_is_zero(c);
      isl_val_free(c);
      if (!zero) ok = false;
    }
    isl_val* denominator = isl_aff_get_denominator_val(raw);
    if (!isl_val_is_one(denominator)) ok = false;
    isl_val_free(denominator);
    if (!ok) return;
    isl_val* constant_val = isl_aff_get_constant_val(raw);
    int64_t constant = isl_val_get_num_si(constant_val);
    isl_val_free(constant_val);
    ExprPtr sum;
    for (int i = 0; i < isl_aff_dim(raw, isl_dim_param); ++i) {
      isl_val* c = isl_aff_get_coefficient_val(raw, isl_dim_param, i);
      int64_t coefficient = isl_val_get_num_si(c);
      isl_val_free(c);
      if (coefficient == 0) continue;
      ExprPtr name = variable(isl_aff_get_dim_name(raw, isl_dim_param, static_cast<unsigned>(i)));
      ExprPtr term = coefficient == 1 ? name : binary(BinaryOp::Multiply, int_literal(coefficient), name);
      sum = sum ? binary(BinaryOp::Add, sum, term) : term;
    }
    if (!sum) sum = int_literal(constant);
    else if (constant > 0) sum = binary(BinaryOp::Add, sum, int_literal(constant));
    else if (constant < 0) sum = binary(BinaryOp::Subtract, sum, int_literal(-constant));
    result = sum;
  });
  if (!ok) return std::nullopt;
  return result;
}

namespace {

ExprPtr from_ast_expr(isl_ast_expr* ast);

ExprPtr ast_operand(isl_ast_expr* ast, int position) {
  isl_ast_expr* operand = isl_ast_expr_op_get_arg(ast, position);
  ExprPtr result = from_ast_expr(operand);
  isl_ast_expr_free(operand);
  return result;
}

ExprPtr from_ast_operation(isl_ast_expr* ast) {
  auto operand = [&](int position) { return ast_operand(ast, position); };
  auto both = [&](BinaryOp op) { return binary(op, operand(0), operand(1)); };
  switch (isl_ast_expr_op_get_type(ast)) {
    case isl_ast_expr_op_and:
    case isl_ast_expr_op_and_then: return both(BinaryOp::LogicalAnd);
    case isl_ast_expr_op_or:
    case isl_ast_expr_op_or_else: return both(BinaryOp::LogicalOr);
    case isl_ast_expr_op_max:
    case isl_ast_expr_op_min: {
      const char* name = isl_ast_expr_op_get_type(ast) == isl_ast_expr_op_min ? "min" : "max";
      ExprPtr result = operand(0);
      for (int i = 1; i < isl_ast_expr_op_get_n_arg(ast); ++i) result = call(name, {result, operand(i)});
      return result;
    }
    case isl_ast_expr_op_minus: return unary(UnaryOp::Negate, operand(0));
    case isl_ast_expr_op_add: return both(BinaryOp::Add);
    case isl_ast_expr_op_sub: return both(BinaryOp::Subtract);
    case isl_ast_expr_op_mul: return both(BinaryOp::Multiply);
    // Exact and floor divisions agree with Python's floor division; pdiv (positive dividend) too.
    case isl_ast_expr_op_div:
    case isl_ast_expr_op_pdiv_q:
    case isl_ast_expr_op_fdiv_q: return both(BinaryOp::FloorDivide);
    case isl_ast_expr_op_pdiv_r:
    case isl_ast_expr_op_zdiv_r: return both(BinaryOp::Modulo);
    case isl_ast_expr_op_cond:
    case isl_ast_expr_op_select: return if_then_else(operand(0), operand(1), operand(2));
    case isl_ast_expr_op_eq: return both(BinaryOp::Equal);
    case isl_ast_expr_op_le: return both(BinaryOp::LessEqual);
    case isl_ast_expr_op_lt: return both(BinaryOp::Less);
    case isl_ast_expr_op_ge: return both(BinaryOp::GreaterEqual);
    case isl_ast_expr_op_gt: return both(BinaryOp::Greater);
    default: break;
  }
  throw InternalError("unexpected isl AST operation in a parametric expression");
}

ExprPtr from_ast_expr(isl_ast_expr* ast) {
  switch (isl_ast_expr_get_type(ast)) {
    case isl_ast_expr_int: {
      isl_val* value = isl_ast_expr_int_get_val(ast);
      int64_t number = isl_val_get_num_si(value);
      isl_val_free(value);
      return int_literal(number);
    }
    case isl_ast_expr_id: {
      isl_id* id = isl_ast_expr_id_get_id(ast);
      std::string name = isl_id_get_name(id);
      isl_id_free(id);
      return variable(name);
    }
    case isl_ast_expr_op: return from_ast_operation(ast);
    default: break;
  }
  throw InternalError("unexpected isl AST expression in a parametric expression");
}

}  // namespace

ExprPtr parametric_expr(const isl::pw_aff& value, const isl::set& context) {
  isl::set params = context.params();
  isl_ast_build* build = isl_ast_build_from_context(params.copy());
  isl_ast_expr* ast = isl_ast_build_expr_from_pw_aff(build, value.copy());
  isl_ast_build_free(build);
  if (ast == nullptr) isl::exception::throw_last_error(value.ctx());
  ExprPtr result;
  try {
    result = from_ast_expr(ast);
  } catch (...) {
    isl_ast_expr_free(ast);
    throw;
  }
  isl_ast_expr_free(ast);
  return result;
}

}  // namespace loom
