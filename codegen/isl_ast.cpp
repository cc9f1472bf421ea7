#include "codegen/isl_ast.hpp"

#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/id.h>
#include <isl/val.h>

#include "ir/isl_extra.hpp"
#include "loom/error.hpp"

namespace loom::codegen {

namespace {

// Iterator names isl chose (c0, c1, ...) → the expressions that replace them in loom's code.
using IteratorValues = std::map<std::string, cast::ExprPtr>;

std::string id_name(isl_id* id) {
  std::string name = isl_id_get_name(id);
  isl_id_free(id);
  return name;
}

class AstLowering {
 public:
  AstLowering(const KernelSchedule& schedule, DType index_dtype, const StatementLowering& lower_statement)
      : schedule_(schedule), index_(index_dtype), lower_statement_(lower_statement) {}

  cast::StmtPtr node(const isl::ast_node& ast, const IteratorValues& iterators,
                     const std::string& pending_mark) const {
    isl_ast_node* raw = ast.get();
    switch (isl_ast_node_get_type(raw)) {
      case isl_ast_node_for: return for_node(ast, iterators, pending_mark);
      case isl_ast_node_if: return if_node(ast, iterators);
      case isl_ast_node_block: return block_node(ast, iterators);
      case isl_ast_node_mark: {
        std::string mark = id_name(isl_ast_node_mark_get_id(raw));
        return node(isl::manage(isl_ast_node_mark_get_node(raw)), iterators, mark);
      }
      case isl_ast_node_user: return user_node(ast, iterators);
      default: break;
    }
    throw InternalError("unexpected isl AST node");
  }

  cast::ExprPtr expr(const isl::ast_expr& ast, const IteratorValues& iterators) const {
    isl_ast_expr* raw = ast.get();
    switch (isl_ast_expr_get_type(raw)) {
      case isl_ast_expr_int: {
        isl_val* value = isl_ast_expr_int_get_val(raw);
        int64_t number = isl_val_get_num_si(value);
        isl_val_free(value);
        return cast::int_const(number, index_);
      }
      case isl_ast_expr_id: {
        std::string name = id_name(isl_ast_expr_id_get_id(raw));
        if (auto found = iterators.find(name); found != iterators.end()) return found->second;
        return cast::var(name, index_);
      }
      case isl_ast_expr_op: return op_expr(ast, iterators);
      default: break;
    }
    throw InternalError("unexpected isl AST expression");
  }

 private:
  isl::ast_expr arg(const isl::ast_expr& ast, int position) const {
    return isl::manage(isl_ast_expr_op_get_arg(ast.get(), position));
  }

  cast::ExprPtr op_expr(const isl::ast_expr& ast, const IteratorValues& iterators) const {
    auto operand = [&](int position) { return expr(arg(ast, position), iterators); };
    auto binary = [&](const char* op, DType dtype) {
      return cast::binary(op, operand(0), operand(1), dtype);
    };
    switch (isl_ast_expr_op_get_type(ast.get())) {
      case isl_ast_expr_op_and:
      case isl_ast_expr_op_and_then: return binary("&&", DType::Bool);
      case isl_ast_expr_op_or:
      case isl_ast_expr_op_or_else: return binary("||", DType::Bool);
      case isl_ast_expr_op_max:
      case isl_ast_expr_op_min: return min_max(ast, iterators);
      case isl_ast_expr_op_minus: return cast::unary("-", operand(0), index_);
      case isl_ast_expr_op_add: return binary("+", index_);
      case isl_ast_expr_op_sub: return binary("-", index_);
      case isl_ast_expr_op_mul: return binary("*", index_);
      case isl_ast_expr_op_div:
      case isl_ast_expr_op_pdiv_q: return binary("/", index_);
      case isl_ast_expr_op_pdiv_r:
      case isl_ast_expr_op_zdiv_r: return binary("%", index_);
      case isl_ast_expr_op_fdiv_q:
        return cast::call(integer_helper("loom_floor_div", index_), {operand(0), operand(1)}, index_);
      case isl_ast_expr_op_cond:
      case isl_ast_expr_op_select: return cast::ternary(operand(0), operand(1), operand(2), index_);
      case isl_ast_expr_op_eq: return binary("==", DType::Bool);
      case isl_ast_expr_op_le: return binary("<=", DType::Bool);
      case isl_ast_expr_op_lt: return binary("<", DType::Bool);
      case isl_ast_expr_op_ge: return binary(">=", DType::Bool);
      case isl_ast_expr_op_gt: return binary(">", DType::Bool);
      default: break;
    }
    throw InternalError("unexpected isl AST operation");
  }

  cast::ExprPtr min_max(const isl::ast_expr& ast, const IteratorValues& iterators) const {
    bool is_min = isl_ast_expr_op_get_type(ast.get()) == isl_ast_expr_op_min;
    std::string helper = integer_helper(is_min ? "loom_min" : "loom_max", index_);
    int n = isl_ast_expr_op_get_n_arg(ast.get());
    cast::ExprPtr result = expr(arg(ast, 0), iterators);
    for (int i = 1; i < n; ++i) result = cast::call(helper, {result, expr(arg(ast, i), iterators)}, index_);
    return result;
  }

  cast::StmtPtr for_node(const isl::ast_node& ast, IteratorValues iterators, const std::string& mark) const {
    isl_ast_node* raw = ast.get();
    std::string isl_iterator = id_name(isl_ast_expr_id_get_id(isl_ast_node_for_get_iterator(raw)));
    // The mark above a loop's band names its iname (schedule_tree.cpp); unnamed loops keep isl's.
    std::string name = mark.rfind("loop ", 0) == 0 ? mark.substr(5) : isl_iterator;
    isl::ast_expr init = isl::manage(isl_ast_node_for_get_init(raw));
    cast::ExprPtr init_value = expr(init, iterators);
    if (isl_ast_node_for_is_degenerate(raw)) {
      iterators[isl_iterator] = cast::var(name, index_);
      cast::StmtPtr body = node(isl::manage(isl_ast_node_for_get_body(raw)), iterators, "");
      return cast::block({cast::declare(name, index_, 0, init_value, true), body});
    }
    isl::ast_expr increment = isl::manage(isl_ast_node_for_get_inc(raw));
    cast::ExprPtr step = expr(increment, iterators);
    LOOM_ASSERT(step->kind == cast::ExprKind::IntConst, "non-constant loop step");
    iterators[isl_iterator] = cast::var(name, index_);
    cast::ExprPtr condition = expr(isl::manage(isl_ast_node_for_get_cond(raw)), iterators);
    cast::StmtPtr body = node(isl::manage(isl_ast_node_for_get_body(raw)), iterators, "");
    return cast::for_loop(name, index_, init_value, condition, step->int_value, body);
  }

  cast::StmtPtr if_node(const isl::ast_node& ast, const IteratorValues& iterators) const {
    isl_ast_node* raw = ast.get();
    cast::ExprPtr condition = expr(isl::manage(isl_ast_node_if_get_cond(raw)), iterators);
    cast::StmtPtr then_body = node(isl::manage(isl_ast_node_if_get_then_node(raw)), iterators, "");
    cast::StmtPtr else_body;
    if (isl_ast_node_if_has_else_node(raw) == isl_bool_true) {
      else_body = node(isl::manage(isl_ast_node_if_get_else_node(raw)), iterators, "");
    }
    return cast::if_then(condition, then_body, else_body);
  }

  cast::StmtPtr block_node(const isl::ast_node& ast, const IteratorValues& iterators) const {
    isl_ast_node_list* children = isl_ast_node_block_get_children(ast.get());
    std::vector<cast::StmtPtr> body;
    int n = isl_ast_node_list_n_ast_node(children);
    for (int i = 0; i < n; ++i) {
      body.push_back(node(isl::manage(isl_ast_node_list_get_at(children, i)), iterators, ""));
    }
    isl_ast_node_list_free(children);
    return cast::block(body);
  }

  cast::StmtPtr user_node(const isl::ast_node& ast, const IteratorValues& iterators) const {
    isl::ast_expr call = isl::manage(isl_ast_node_user_get_expr(ast.get()));
    std::string statement_name = id_name(isl_ast_expr_id_get_id(arg(call, 0).get()));
    const Statement& statement = schedule_.statements.at(statement_name);
    InameValues inames;
    for (std::size_t d = 0; d < statement.dims.size(); ++d) {
      inames[statement.dims[d]] = expr(arg(call, static_cast<int>(d) + 1), iterators);
    }
    return lower_statement_(statement, inames);
  }

  const KernelSchedule& schedule_;
  DType index_;
  const StatementLowering& lower_statement_;
};

// isl's at_each_domain: replace each statement by a call giving the values of its dimensions in
// terms of the loop iterators (so lowering can substitute them).
isl::ast_node statement_call(isl::ast_node, isl::ast_build build) {
  isl::pw_multi_aff iterator_values = build.schedule().reverse().as_map().as_pw_multi_aff();
  isl::ast_expr call = build.call_from(iterator_values);
  return isl::manage(isl_ast_node_alloc_user(call.release()));
}

}  // namespace

cast::StmtPtr generate_loop_nest(const KernelSchedule& schedule, const isl::set& context,
                                 DType index_dtype, const StatementLowering& lower_statement) {
  isl::ast_build build = isl::ast_build::from_context(context);
  build = build.set_at_each_domain(statement_call);
  isl::ast_node tree = build.node_from(schedule.schedule);
  return AstLowering(schedule, index_dtype, lower_statement).node(tree, {}, "");
}

}  // namespace loom::codegen
