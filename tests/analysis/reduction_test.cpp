// Reductions realized sequentially: executed on the C target and compared both with the float64
// reference and with values computed here in C++ (so a wrong realization cannot pass).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "analysis/realize_reduction.hpp"
#include "loom/loom.hpp"
#include "device_helpers.hpp"
#include "test_helpers.hpp"
#include "test_kernels.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

Array random_array(DType dtype, std::vector<int64_t> shape, unsigned seed) {
  Array array(dtype, std::move(shape));
  for (int64_t i = 0; i < array.size(); ++i) {
    array.set_double(i, is_floating(dtype) ? std::sin(seed * 31.0 + static_cast<double>(i) * 1.7) : (i * 7 + seed) % 13);
  }
  return array;
}

TEST(Reduction, MatmulMatchesHandComputedProduct) {
  LoopKernel kernel = test_kernels::matmul();
  expect_matches_reference(kernel, kernel, {{"n", 17}});
  const int64_t n = 9;
  Array a = random_array(DType::Float32, {n, n}, 1), b = random_array(DType::Float32, {n, n}, 2);
  Array c(DType::Float32, {n, n});
  compile(kernel)({{"a", a}, {"b", b}, {"c", c}, {"n", Scalar(n)}});
  for (int64_t i = 0; i < n; ++i) {
    for (int64_t j = 0; j < n; ++j) {
      double expected = 0;
      for (int64_t k = 0; k < n; ++k) expected += a.get_double(i * n + k) * b.get_double(k * n + j);
      EXPECT_NEAR(c.get_double(i * n + j), expected, 1e-5) << i << "," << j;
    }
  }
}

struct ReductionCase {
  const char* operation;
  double (*expected)(const std::vector<double>&);
};

double sum_of(const std::vector<double>& v) { double s = 0; for (double x : v) s += x; return s; }
double product_of(const std::vector<double>& v) { double s = 1; for (double x : v) s *= x; return s; }
double max_of(const std::vector<double>& v) { return *std::max_element(v.begin(), v.end()); }
double min_of(const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); }

class RowReduction : public ::testing::TestWithParam<ReductionCase> {};

TEST_P(RowReduction, OverEachRow) {
  std::string instruction = std::string("out[i] = ") + GetParam().operation + "(j, a[i, j])";
  LoopKernel kernel = make_kernel({"{[i,j]: 0<=i<n and 0<=j<m}"}, instruction,
                                  {array_arg("a", DType::Float64, {"n", "m"}), array_arg("out", DType::Float64, {"n"})});
  expect_matches_reference(kernel, kernel, {{"n", 5}, {"m", 7}});
  Array a = random_array(DType::Float64, {5, 7}, 3), out(DType::Float64, {5});
  compile(kernel)({{"a", a}, {"out", out}, {"n", Scalar(int64_t{5})}, {"m", Scalar(int64_t{7})}});
  for (int64_t i = 0; i < 5; ++i) {
    std::vector<double> row;
    for (int64_t j = 0; j < 7; ++j) row.push_back(a.get_double(i * 7 + j));
    EXPECT_NEAR(out.get_double(i), GetParam().expected(row), 1e-12) << GetParam().operation << " row " << i;
  }
}

INSTANTIATE_TEST_SUITE_P(Operations, RowReduction,
                         ::testing::Values(ReductionCase{"sum", sum_of}, ReductionCase{"product", product_of},
                                           ReductionCase{"max", max_of}, ReductionCase{"min", min_of}));

TEST(Reduction, ArgmaxAndArgminTakeTheFirstOfTies) {
  LoopKernel kernel = test_kernels::argmax_argmin();
  // a value-index pair that makes ties: 3 1 4 1 5 9 2 6 5 3 5 9
  std::vector<int> values = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 9};
  Array a(DType::Int32, {12});
  for (int i = 0; i < 12; ++i) a.set_int(i, values[static_cast<std::size_t>(i)]);
  Array best(DType::Int32, {1}), where(DType::Int32, {1}), least(DType::Int32, {1}), where_least(DType::Int32, {1});
  compile(kernel)({{"a", a}, {"best", best}, {"where", where}, {"least", least}, {"where_least", where_least},
                   {"n", Scalar(int64_t{12})}});
  EXPECT_EQ(best.get_int(0), 9);
  EXPECT_EQ(where.get_int(0), 5);
  EXPECT_EQ(least.get_int(0), 1);
  EXPECT_EQ(where_least.get_int(0), 1);
  CheckOptions options;
  options.inputs["a"] = InputGenerator{InputGenerator::Kind::Values, 0, 0, {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 9}};
  expect_matches_reference(kernel, kernel, {{"n", 12}}, options);
}

TEST(Reduction, SeveralInamesAndNested) {
  LoopKernel kernel = make_kernel({"{[i,j,k]: 0<=i<n and 0<=j,k<m}"},
                                  "total[0] = sum((i, j), a[i, j])\n"
                                  "nested[i] = sum(j, max(k, a[i, j] * a[i, k]))",
                                  {array_arg("a", DType::Float32, {"n", "m"}), array_arg("total", DType::Float32, {"1"}),
                                   array_arg("nested", DType::Float32, {"n"})});
  expect_matches_reference(kernel, kernel, {{"n", 6}, {"m", 5}});
  expect_matches_reference(kernel, kernel, {{"n", 1}, {"m", 1}});
}

TEST(Reduction, IntegerAndFloat64Kernels) {
  LoopKernel ints = make_kernel({"{[i,j]: 0<=i,j<n}"}, "out[i] = sum(j, a[i, j] * a[j, i]) % 1000",
                                {array_arg("a", DType::Int64, {"n", "n"}), array_arg("out", DType::Int64, {"n"})});
  expect_matches_reference(ints, ints, {{"n", 11}});
  LoopKernel doubles = make_kernel({"{[i,j]: 0<=i,j<n}"}, "out[i] = sqrt(sum(j, a[i, j]**2))",
                                   {array_arg("a", DType::Float64, {"n", "n"}), array_arg("out", DType::Float64, {"n"})});
  expect_matches_reference(doubles, doubles, {{"n", 11}});
}

// loopy's any/all (test_any_all): `or`/`and` over the reduction's inames, starting from 0 / 1.
TEST(Reduction, AnyAndAllPerRow) {
  LoopKernel kernel = make_kernel({"{[i,j]: 0<=i<3 and 0<=j<4}"},
                                  "some[i] = any(j, a[i, j] > 2)\n"
                                  "every[i] = reduce(all, [j], a[i, j] > 0)",
                                  {array_arg("a", DType::Int32, {"3", "4"}), array_arg("some, every", DType::Int32, {"3"})});
  const int values[3][4] = {{1, 2, 3, 4}, {0, 1, 2, 2}, {5, 5, 5, 5}};
  Array a(DType::Int32, {3, 4}), some(DType::Int32, {3}), every(DType::Int32, {3});
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 4; ++j) a.set_int(i * 4 + j, values[i][j]);
  compile(kernel)({{"a", a}, {"some", some}, {"every", every}});
  EXPECT_EQ(some.get_int(0), 1);
  EXPECT_EQ(some.get_int(1), 0);
  EXPECT_EQ(some.get_int(2), 1);
  EXPECT_EQ(every.get_int(0), 1);
  EXPECT_EQ(every.get_int(1), 0);
  EXPECT_EQ(every.get_int(2), 1);
}

// A reduction over no inames is its operand (loopy's test_reduction_without_inames): 5, not
// `0 or 5` = 1.
TEST(Reduction, OverNoInamesIsItsOperand) {
  LoopKernel kernel = make_kernel({"{:}"}, "out[0] = reduce(any, [], 5)\nout[1] = reduce(product, [], 7)",
                                  {array_arg("out", DType::Int32, {"2"})});
  Array out(DType::Int32, {2});
  compile(kernel)({{"out", out}});
  EXPECT_EQ(out.get_int(0), 5);
  EXPECT_EQ(out.get_int(1), 7);
}

// any/all over a local axis reduce in a tree in local memory; CUDA has no warp helper for them,
// so the tree runs to the end there too.
TEST(Reduction, AnyAndAllOverALocalAxis_OpenCL) {
  LoopKernel reference = make_kernel({"{[i,j]: 0<=i<n and 0<=j<64}"},
                                     "some[i] = any(j, a[i, j] > 0.9)\n"
                                     "every[i] = all(j, a[i, j] > 0.02)",
                                     {array_arg("a", DType::Float32, {"n", "64"}), array_arg("some, every", DType::Int32, {"n"})});
  LoopKernel kernel = tag_inames(reference, "j:l.0, i:g.0");
  EXPECT_EQ(generate_code(kernel, Target::CUDA).source.find("loom_warp_"), std::string::npos);
  testing::expect_on_opencl(kernel, reference, {{"n", 7}});
}

TEST(Reduction, RefusesArgmaxAssignedToOneVariable) {
  std::string message = error_message<Error>([] {
    LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "out[0] = argmax(i, a[i], i)",
                                    {array_arg("a", DType::Float32, {"n"}), array_arg("out", DType::Float32, {"1"})});
    generate_code(kernel, Target::C);
  });
  EXPECT_NE(message.find("is assigned to two variables"), std::string::npos) << message;
}

// Issue 27: `y[i, j]` reads the sum over the same iname j it loops over; it must run after the
// whole reduction, not inside the reduction's loop (that divided by a partial sum before).
TEST(Reduction, AConsumerLoopingOverTheReductionsInameWaitsForTheWholeReduction) {
  std::vector<KernelArgument> args = {array_arg("x, y", DType::Float32, {"m", "n"}), value_arg("m"), value_arg("n")};
  LoopKernel shared = make_kernel({"{[i,j]: 0<=i<m and 0<=j<n}"},
                                  "<> row_max = max(j, x[i, j])\n"
                                  "<> row_sum = sum(j, exp(x[i, j] - row_max))\n"
                                  "y[i, j] = exp(x[i, j] - row_max) / row_sum",
                                  args);
  LoopKernel separate = make_kernel({"{[i,j,k,l]: 0<=i<m and 0<=j,k,l<n}"},
                                    "<> row_max = max(j, x[i, j])\n"
                                    "<> row_sum = sum(k, exp(x[i, k] - row_max))\n"
                                    "y[i, l] = exp(x[i, l] - row_max) / row_sum",
                                    args);
  testing::expect_matches_reference(shared, separate, {{"m", 4}, {"n", 33}});
}

// Fuzzer regressions (issue 24). After split_reduction_inward, a second reduction that depends on
// the first shares its k_outer iname: its inner init and update waited only for the first
// reduction's update in the same k_outer iteration (the relaxation pipeline_fetch needs), so they
// ran inside the first reduction's loop while their outer update ran in a later one.
// loopy's test_predicated_redn: a reduction in the branch of a conditional runs only where the
// branch is taken (tmp[i+j-5] is read for j >= 5 only), and the temporary's inferred shape covers
// what those branches read (10), not every index the branch would read elsewhere.
TEST(ReductionRealization, ReductionInsideABranchRunsWhereTheBranchIsTaken) {
  MakeKernelOptions options;
  options.options.seq_dependencies = true;
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<5}", "{[j]: 0<=j<10}", "{[k]: 0<=k<10}"},
                                  "<> tmp[k] = k ** 2\n"
                                  "y[j] = 0 if j < 5 else sum(i, tmp[i+j-5])",
                                  {array_arg("y", DType::Int32, {"10"})}, options);
  ASSERT_NE(kernel.find_temporary("tmp"), nullptr);
  ASSERT_EQ(kernel.find_temporary("tmp")->shape.size(), 1u);
  EXPECT_EQ(to_string(kernel.find_temporary("tmp")->shape[0]), "10");
  Array y(DType::Int32, {10});
  compile(kernel)({{"y", y}});
  const int64_t expected[10] = {0, 0, 0, 0, 0, 30, 55, 90, 135, 190};
  for (int j = 0; j < 10; ++j) EXPECT_EQ(y.get_int(j), expected[j]) << "y[" << j << "]";
  // The then branch too, and a condition that reduces leaves its branches unguarded.
  LoopKernel then_branch = make_kernel({"{[i]: 0<=i<4}", "{[j]: 0<=j<8}"}, "y[j] = sum(i, a[j-1, i]) if j > 0 else -1",
                                       {array_arg("a", DType::Float32, {"7", "4"}), array_arg("y", DType::Float32, {"8"})});
  expect_matches_reference(then_branch, then_branch, {});
}

TEST(ReductionRealization, NestedReductionAfterAnotherKeepsItsWholeDependency) {
  LoopKernel reference = make_kernel({"{[i,k]: 0<=i<n and 0<=k<m}"},
                                     "s[i] = sum(k, a[i, k]) {id=first}\n"
                                     "p[i] = product(k, 1.0 + 0.01*a[i, k]) {id=second, dep=first}",
                                     {array_arg("a", DType::Float32, {"n", "m"}),
                                      array_arg("s, p", DType::Float32, {"n"})});
  LoopKernel nested = split_reduction_inward(split_iname(reference, "k", 4), {"k_inner"});
  for (int64_t m : {3, 8, 11}) expect_matches_reference(nested, reference, {{"n", 5}, {"m", m}});
}

// A barrier within (i, k) between two reductions over k in (i, j): the second reduction's init
// dropped its dependency on the barrier (which runs in a loop over k) and ran in the first j loop,
// its update in the second.
TEST(ReductionRealization, InitWaitsForABarrierInAnotherLoopOverItsReductionIname) {
  LoopKernel reference = make_kernel({"{[i]: 0<=i<n}", "{[j]: 0<=j<=i}", "{[k]: 0<=k<m}"},
                                     "u[i, j] = sum(k, a[j, k] + a[i, j]) {id=first}\n"
                                     "v[i, j] = sum(k, a[j, k] * a[i, j]) {id=second}",
                                     {array_arg("a", DType::Float32, {"m", "m"}),
                                      array_arg("u, v", DType::Float32, {"n", "m"})},
                                     {.assumptions = "m >= n and n >= 1"});
  LoopKernel kernel = add_barrier(reference, "id:first", "id:second",
                                  {.synchronization_kind = "local", .mem_kind = "global", .within_inames = {"k", "i"}});
  for (int64_t n : {1, 4, 7}) expect_matches_reference(kernel, reference, {{"n", n}, {"m", 8}});
}

// A reduction over the domain's first iname nests inside its instruction's loop; once realized,
// a loop priority says so. realize_reductions asks for these priorities only where an instruction
// holds a reduction (issue 26), so this fails if that shortcut drops them where one does.
TEST(Reduction, RealizedReductionKeepsItsLoopInsideTheInstructionsLoop) {
  LoopKernel kernel = make_kernel({"{[i,j]: 0<=i<n and 0<=j<n}"}, "out[j] = sum(i, a[i, j])",
                                  {array_arg("a", DType::Float32, {"n", "n"}), array_arg("out", DType::Float32, {"n"}),
                                   value_arg("n")});
  LoopKernel realized = realize_reductions(kernel);
  EXPECT_NE(std::find(realized.loop_priorities.begin(), realized.loop_priorities.end(),
                      std::vector<std::string>{"j", "i"}),
            realized.loop_priorities.end());
}

}  // namespace
}  // namespace loom
