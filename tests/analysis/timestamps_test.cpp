// Execution order as timestamps (analysis/timestamps.hpp): each instance maps to its loop nest's
// positions and loop inames, parallel inames are no loops in the sequential order. Built from
// isl's affine functions (issue 26: parsing their text was most of the dependence check).
#include "analysis/timestamps.hpp"

#include <gtest/gtest.h>

#include "ir/isl_kernel.hpp"
#include "loom/loom.hpp"

namespace loom {
namespace {

LoopKernel writer_then_reader() {
  return make_kernel({"{[i,j]: 0<=i<n and 0<=j<4}"}, "out[i, j] = a[i, j] {id=w}\nc[i] = 2*out[i, 0] {id=r, dep=w}",
                     {array_arg("a, out", DType::Float32, {"n", "4"}), array_arg("c", DType::Float32, {"n"})});
}

TEST(Timestamps, ReferenceOrderNestsEveryInameAsALoop) {
  LoopKernel kernel = writer_then_reader();
  isl::union_map expected(isl_context_of(kernel)->ctx(),
                          "[n] -> { w[i, j] -> [0, i, 0, j, 0] : 0 <= i < n and 0 <= j <= 3; "
                          "r[i] -> [0, i, 1, 0, 0] : 0 <= i < n }");
  EXPECT_TRUE(reference_timestamps(kernel).is_equal(expected)) << reference_timestamps(kernel);
}

TEST(Timestamps, AParallelInameIsNoLoopInTheSequentialOrder) {
  LoopKernel kernel = tag_inames(writer_then_reader(), "j:ilp");
  isl::union_map expected(isl_context_of(kernel)->ctx(),
                          "[n] -> { w[i, j] -> [0, i, 0] : 0 <= i < n and 0 <= j <= 3; r[i] -> [0, i, 1] : 0 <= i < n }");
  isl::union_map sequential = sequential_timestamps(kernel);
  EXPECT_TRUE(sequential.is_equal(expected)) << sequential;
  // The instances of w that differ only in j are unordered; w runs before r in every i.
  isl::map pairs(expected.ctx(), "[n] -> { w[i, j] -> r[i2] : 0 <= i < n and 0 <= j <= 3 and i2 = i }");
  EXPECT_TRUE(ordered_pairs(sequential, pairs).is_equal(pairs));
  EXPECT_TRUE(ordered_pairs(sequential, pairs.reverse()).is_empty());
}

// every_pair_ordered (the dependence check's fast verdict) says what ordered_pairs says: all of
// the relation ordered or not, on constant levels (w before r in one i), iname levels (i before
// i2), equal timestamps (an instance and itself), pairs outside the instances (no timestamp) and
// a statement the timestamps do not have.
TEST(Timestamps, EveryPairOrderedAgreesWithOrderedPairs) {
  LoopKernel kernel = writer_then_reader();
  for (bool sequential : {false, true}) {
    TimestampOrder order = sequential ? sequential_timestamp_order(kernel) : reference_timestamp_order(kernel);
    isl::ctx ctx = order.timestamps.ctx();
    for (const char* text : {"[n] -> { w[i, j] -> r[i2] : 0 <= i < n and 0 <= j <= 3 and i2 = i }",
                             "[n] -> { r[i] -> w[i2, j] : 0 <= i < n and 0 <= j <= 3 and i2 = i }",
                             "[n] -> { r[i] -> w[i2, j] : 0 <= i < n and 0 <= j <= 3 and i2 = i + 1 < n }",
                             "[n] -> { w[i, j] -> w[i2, j2] : 0 <= i < n and 0 <= j <= 3 and i2 = i and j2 = j + 1 <= 3 }",
                             "[n] -> { w[i, j] -> w[i2, j2] : 0 <= i < n and 0 <= j <= 3 and i2 = i and j2 = 3 - j }",
                             "[n] -> { w[i, j] -> w[i, j] : 0 <= i < n and 0 <= j <= 3 }",
                             "[n] -> { w[i, j] -> r[i2] : 0 <= i <= n and 0 <= j <= 3 and i2 = i + 1 }",
                             "[n] -> { r[i] -> r[i2] : 0 <= i < n and i < i2 < n }",
                             // Several disjuncts (walked one by one since flow21), one of them
                             // backwards, outside the instances, or all in order.
                             "[n] -> { w[i, j] -> w[i2, j2] : 0 <= i < n and 0 <= j <= 3 and "
                             "((i2 = i + 1 < n and j2 = j) or (i2 = i and 0 <= j2 = j - 1)) }",
                             "[n] -> { w[i, j] -> w[i2, j2] : 0 <= i < n and 0 <= j <= 3 and "
                             "((i2 = i + 1 < n and j2 = j) or (i2 = i and j2 = j + 1 <= 3)) }",
                             "[n] -> { w[i, j] -> r[i2] : 0 <= j <= 3 and i2 = i and (0 <= i < n or i = n) }",
                             "[n] -> { r[i] -> w[i2, j] : 0 <= i < n and 0 <= j <= 3 and (i2 = i + 1 < n or i2 = i + 2 < n) }"}) {
      isl::map relation(ctx, text);
      std::optional<bool> fast = every_pair_ordered(order, relation);
      ASSERT_TRUE(fast.has_value()) << text;
      EXPECT_EQ(*fast, ordered_pairs(order.timestamps, relation).is_equal(relation)) << text << (sequential ? " (sequential)" : "");
    }
    EXPECT_FALSE(every_pair_ordered(order, isl::map(ctx, "[n] -> { w[i, j] -> x[i2] : i2 = i }")).has_value());
  }
}

}  // namespace
}  // namespace loom
