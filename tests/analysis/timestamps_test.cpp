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

}  // namespace
}  // namespace loom
