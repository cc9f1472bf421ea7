// Constant folding of loom's C AST (codegen/fold.hpp): what it folds, and that a tree with nothing
// left to fold comes back as the same nodes (unrolled copies are folded again by every enclosing
// unrolled loop and box; rebuilding them each time was most of the folds' cost). The same for
// statements (fold_statement).
#include <gtest/gtest.h>

#include "codegen/cast.hpp"
#include "codegen/fold.hpp"

namespace loom::codegen {
namespace {

using cast::ExprPtr;

ExprPtr n() { return cast::var("n"); }
ExprPtr i() { return cast::var("i"); }
ExprPtr c(int64_t value) { return cast::int_const(value); }
ExprPtr add(ExprPtr a, ExprPtr b) { return cast::binary("+", std::move(a), std::move(b), DType::Int32); }
ExprPtr mul(ExprPtr a, ExprPtr b) { return cast::binary("*", std::move(a), std::move(b), DType::Int32); }

TEST(Fold, FoldsConstantsAndNeutralOperands) {
  EXPECT_EQ(fold(add(c(2), c(3)))->int_value, 5);
  EXPECT_EQ(fold(add(n(), c(0)))->name, "n");
  EXPECT_EQ(fold(mul(c(1), i()))->name, "i");
  ExprPtr min = cast::call("loom_min_int32_t", {c(15), c(7)}, DType::Int32);
  EXPECT_EQ(fold(min)->int_value, 7);
  // 3 <= min(15, n - 1): both sides compared apart, the constant one folds away.
  ExprPtr guard = cast::binary("<=", c(3), cast::call("loom_min_int32_t", {c(15), add(n(), c(-1))}, DType::Int32), DType::Bool);
  ExprPtr folded = fold(guard);
  EXPECT_EQ(folded->kind, cast::ExprKind::Binary);
  EXPECT_EQ(folded->op, "<=");
  EXPECT_EQ(folded->args[1]->op, "+");
}

TEST(Fold, TreeWithNothingToFoldIsReturnedAsItIs) {
  ExprPtr index = add(mul(c(16), i()), n());
  ExprPtr tree = cast::ternary(cast::binary("<", i(), n(), DType::Bool),
                               cast::cast_to(DType::Float32, cast::load("a", index, DType::Float32)),
                               cast::unary("-", cast::call("sqrtf", {cast::load("b", i(), DType::Float32)}, DType::Float32), DType::Float32),
                               DType::Float32);
  EXPECT_EQ(fold(tree), tree);
  ExprPtr vector = cast::vector_load("a", index, DType::Float32, 4);
  EXPECT_EQ(fold(vector), vector);
}

TEST(Fold, OnlyThePathToAFoldedOperandIsRebuilt) {
  ExprPtr kept = mul(c(16), i());
  ExprPtr tree = add(kept, add(c(2), c(3)));
  ExprPtr folded = fold(tree);
  ASSERT_NE(folded, tree);
  EXPECT_EQ(folded->args[0], kept);  // shared, not copied
  EXPECT_EQ(folded->args[1]->int_value, 5);
  // A vector load keeps its width when its index folds.
  ExprPtr vector = fold(cast::vector_load("a", add(c(4), c(4)), DType::Float32, 4));
  EXPECT_EQ(vector->vector_width, 4);
  EXPECT_EQ(vector->args[0]->int_value, 8);
}

TEST(Fold, StatementWithNothingToFoldIsReturnedAsItIs) {
  using cast::StmtPtr;
  StmtPtr store = cast::assign(cast::load("a", add(mul(c(16), i()), n()), DType::Float32),
                               cast::load("b", i(), DType::Float32));
  StmtPtr guarded = cast::if_then(cast::binary("<", i(), n(), DType::Bool), store,
                                  cast::assign(cast::var("t"), c(0)));
  StmtPtr loop = cast::for_loop("j", DType::Int32, c(0), cast::binary("<", cast::var("j"), n(), DType::Bool), 1, guarded);
  StmtPtr declared = cast::declare("t", DType::Int32, 0, n(), false);
  StmtPtr tree = cast::block({declared, loop, cast::scoped_block({store})});
  EXPECT_EQ(fold_statement(tree), tree);  // the same node: nested unrolled copies fold it again
}

TEST(Fold, StatementsFoldWhereTheirPartsDo) {
  using cast::StmtPtr;
  StmtPtr kept = cast::assign(cast::var("x"), i());
  StmtPtr changed = cast::assign(cast::load("a", add(c(2), c(3)), DType::Float32), cast::var("y", DType::Float32));
  StmtPtr always = cast::if_then(cast::binary("<", c(1), c(2), DType::Bool), kept);
  StmtPtr never = cast::if_then(cast::binary("<", c(2), c(1), DType::Bool), kept);
  StmtPtr tree = cast::scoped_block({kept, changed, always, never});
  StmtPtr folded = fold_statement(tree);
  ASSERT_NE(folded, tree);
  EXPECT_TRUE(folded->scoped);
  ASSERT_EQ(folded->body.size(), 3u);  // the `if` that never runs is dropped
  EXPECT_EQ(folded->body[0], kept);
  EXPECT_EQ(folded->body[1]->target->args[0]->int_value, 5);
  EXPECT_EQ(folded->body[2], kept);  // the `if` that always runs is its body
  StmtPtr loop = cast::for_loop("j", DType::Int32, add(c(0), c(0)), cast::binary("<", cast::var("j"), n(), DType::Bool), 1, kept);
  StmtPtr folded_loop = fold_statement(loop);
  ASSERT_NE(folded_loop, loop);
  EXPECT_EQ(folded_loop->init->int_value, 0);
  EXPECT_EQ(folded_loop->name, "j");
  EXPECT_EQ(folded_loop->body[0], kept);
}

}  // namespace
}  // namespace loom::codegen
