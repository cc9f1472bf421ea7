// Constant folding of loom's C AST (codegen/fold.hpp): what it folds, and that a tree with nothing
// left to fold comes back as the same nodes (unrolled copies are folded again by every enclosing
// unrolled loop and box; rebuilding them each time was most of the folds' cost).
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

}  // namespace
}  // namespace loom::codegen
