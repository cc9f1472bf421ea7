#include "codegen/parameter_guard.hpp"

#include <isl/aff.h>
#include <isl/ast.h>
#include <isl/constraint.h>
#include <isl/id.h>
#include <isl/local_space.h>
#include <isl/set.h>
#include <isl/val.h>

namespace loom::codegen {

namespace {

bool is_zero(isl_ast_expr* expr) {
  if (isl_ast_expr_get_type(expr) != isl_ast_expr_int) return false;
  isl_val* value = isl_ast_expr_get_val(expr);
  bool zero = isl_val_is_zero(value) == isl_bool_true;
  isl_val_free(value);
  return zero;
}

// `sum + term`, where a zero sum is no term yet (isl's ast_expr_add).
isl_ast_expr* add(isl_ast_expr* sum, isl_ast_expr* term) {
  if (is_zero(sum)) {
    isl_ast_expr_free(sum);
    return term;
  }
  if (is_zero(term)) {
    isl_ast_expr_free(term);
    return sum;
  }
  return isl_ast_expr_add(sum, term);
}

// `sum + value` for a constant: subtracted where it is negative and the sum has terms
// (isl's isl_ast_expr_add_int).
isl_ast_expr* add_constant(isl_ast_expr* sum, isl_val* value) {
  if (isl_val_is_zero(value) == isl_bool_true) {
    isl_val_free(value);
    return sum;
  }
  if (isl_val_is_neg(value) == isl_bool_true && !is_zero(sum)) {
    return isl_ast_expr_sub(sum, isl_ast_expr_from_val(isl_val_neg(value)));
  }
  return add(sum, isl_ast_expr_from_val(value));
}

// The parameters whose coefficient in `aff` has the sign `sign`, each scaled by its coefficient's
// absolute value, added in the order of the parameters (isl's add_signed_terms).
isl_ast_expr* signed_terms(isl_aff* aff, int sign) {
  isl_ctx* ctx = isl_aff_get_ctx(aff);
  isl_ast_expr* sum = isl_ast_expr_from_val(isl_val_zero(ctx));
  isl_local_space* space = isl_aff_get_domain_local_space(aff);
  isl_size params = isl_aff_dim(aff, isl_dim_param);
  for (int position = 0; position < params; ++position) {
    isl_val* coefficient = isl_aff_get_coefficient_val(aff, isl_dim_param, position);
    if (sign * isl_val_sgn(coefficient) <= 0) {
      isl_val_free(coefficient);
      continue;
    }
    coefficient = isl_val_abs(coefficient);
    isl_ast_expr* term = isl_ast_expr_from_id(isl_local_space_get_dim_id(space, isl_dim_param, static_cast<unsigned>(position)));
    if (isl_val_is_one(coefficient) == isl_bool_true) {
      isl_val_free(coefficient);
    } else {
      term = isl_ast_expr_mul(isl_ast_expr_from_val(coefficient), term);
    }
    sum = add(sum, term);
  }
  isl_local_space_free(space);
  return sum;
}

// One constraint as isl_ast_expr_from_constraint writes it when it has no integer division.
isl_ast_expr* constraint_expr(isl_constraint* constraint) {
  bool equality = isl_constraint_is_equality(constraint) == isl_bool_true;
  isl_aff* aff = isl_constraint_get_aff(constraint);
  isl_constraint_free(constraint);
  isl_ast_expr* positive = signed_terms(aff, 1);
  isl_ast_expr* negative = signed_terms(aff, -1);
  isl_val* constant = isl_aff_get_constant_val(aff);
  isl_aff_free(aff);
  // The constant goes to a side without terms, else to the side its sign puts it on.
  bool on_positive_side = is_zero(positive) || (!is_zero(negative) && isl_val_is_pos(constant) == isl_bool_true);
  if (on_positive_side) {
    positive = add_constant(positive, constant);
  } else {
    negative = add_constant(negative, isl_val_neg(constant));
  }
  // `i <= 5` rather than `5 >= i`.
  if (isl_ast_expr_get_type(positive) == isl_ast_expr_int && isl_ast_expr_get_type(negative) != isl_ast_expr_int) {
    return equality ? isl_ast_expr_eq(negative, positive) : isl_ast_expr_le(negative, positive);
  }
  return equality ? isl_ast_expr_eq(positive, negative) : isl_ast_expr_ge(positive, negative);
}

// isl_ast_build_expr_from_basic_set's order: by last nonzero coefficient, then plainly.
int constraint_order(isl_constraint* a, isl_constraint* b, void*) {
  int order = isl_constraint_cmp_last_non_zero(a, b);
  return order != 0 ? order : isl_constraint_plain_cmp(a, b);
}

bool is_plain_parameter_conjunction(isl_basic_set* basic) {
  if (isl_basic_set_dim(basic, isl_dim_div) != 0) return false;
  isl_size dims = isl_basic_set_dim(basic, isl_dim_set);
  if (dims < 0) return false;
  return dims == 0 || isl_basic_set_involves_dims(basic, isl_dim_set, 0, static_cast<unsigned>(dims)) == isl_bool_false;
}

}  // namespace

std::optional<isl::ast_expr> plain_parameter_guard(const isl::set& condition) {
  if (isl_set_n_basic_set(condition.get()) != 1) return std::nullopt;
  isl_basic_set_list* basics = isl_set_get_basic_set_list(condition.get());
  isl_basic_set* basic = isl_basic_set_list_get_at(basics, 0);
  isl_basic_set_list_free(basics);
  if (!is_plain_parameter_conjunction(basic)) {
    isl_basic_set_free(basic);
    return std::nullopt;
  }
  isl_constraint_list* constraints = isl_basic_set_get_constraint_list(basic);
  isl_basic_set_free(basic);
  constraints = isl_constraint_list_sort(constraints, &constraint_order, nullptr);
  isl_size count = isl_constraint_list_n_constraint(constraints);
  if (count <= 0) {  // the universe: isl writes 1, the callers never ask
    isl_constraint_list_free(constraints);
    return std::nullopt;
  }
  isl_ast_expr* conjunction = nullptr;
  for (int position = 0; position < count; ++position) {
    isl_ast_expr* term = constraint_expr(isl_constraint_list_get_at(constraints, position));
    conjunction = conjunction == nullptr ? term : isl_ast_expr_and(conjunction, term);
  }
  isl_constraint_list_free(constraints);
  return isl::manage(conjunction);
}

}  // namespace loom::codegen
