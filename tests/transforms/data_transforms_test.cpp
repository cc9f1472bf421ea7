// concatenate_arrays, to_batched and collect_common_factors_on_increment (loopy's
// transform/concatenate.py, batch.py and arithmetic.py): each
// transformed kernel runs against the untransformed one, or, where the transform computes
// something new on purpose (to_batched), against the same computation written by hand.
#include <gtest/gtest.h>

#include "loom/data_transforms.hpp"
#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Two private rows and a third of another length, all read in one sum (loopy's
// test_concatenate_arrays, made two-dimensional so an axis other than 0 can be merged).
LoopKernel three_temporaries() {
  return make_kernel({"{[i,j,k]: 0<=i<4 and 0<=j<3 and 0<=k<5}"},
                     "<float64> a[i, j] = x[i, j]  {id=init_a}\n"
                     "<float64> b[i, j] = 2*y[i, j]  {id=init_b}\n"
                     "<float64> c[i, k] = z[i, k] - 1  {id=init_c}\n"
                     "out[i, j] = a[i, j] + b[i, 2 - j] + c[i, j + 2]  {dep=init_a:init_b:init_c}",
                     {array_arg("x, y", DType::Float64, {"4", "3"}), array_arg("z", DType::Float64, {"4", "5"}),
                      array_arg("out", DType::Float64, {"4", "3"})});
}

TEST(ConcatenateArrays, MergedTemporariesComputeTheSame) {
  LoopKernel kernel = three_temporaries();
  LoopKernel merged = concatenate_arrays(kernel, {"a", "b", "c"}, std::string("abc"), 1);
  const Temporary* abc = merged.find_temporary("abc");
  ASSERT_NE(abc, nullptr);
  ASSERT_EQ(abc->shape.size(), 2u);
  EXPECT_EQ(to_string(abc->shape[1]), "11");
  EXPECT_EQ(merged.find_temporary("a"), nullptr);
  expect_matches_reference(merged, kernel, {});
  std::string source = generate_code(merged, Target::C).source;
  EXPECT_TRUE(contains(source, "abc[")) << source;
  EXPECT_FALSE(contains(source, " b[")) << source;
  // The default name, axis 0, and a kernel that goes on being transformed.
  LoopKernel rows = concatenate_arrays(kernel, {"a", "b"});
  EXPECT_NE(rows.find_temporary("concatenated_array"), nullptr);
  expect_matches_reference(split_iname(rows, "i", 2, {.outer_tag = "g.0"}), kernel, {});
}

TEST(ConcatenateArrays, Refusals) {
  LoopKernel kernel = three_temporaries();
  std::string argument = error_message<Error>([&] { concatenate_arrays(kernel, {"a", "x"}); });
  EXPECT_TRUE(contains(argument, "concatenate_arrays: 'x' is an argument, not a temporary")) << argument;
  std::string shape = error_message<Error>([&] { concatenate_arrays(kernel, {"a", "c"}); });
  EXPECT_TRUE(contains(shape, "'a' and 'c' differ in length of axis 1")) << shape;
  EXPECT_TRUE(contains(shape, "identical except for their length along axis 0")) << shape;
  std::string axis = error_message<Error>([&] { concatenate_arrays(kernel, {"a", "b"}, std::nullopt, 2); });
  EXPECT_TRUE(contains(axis, "axis_nr 2 is outside temporary 'a', which has 2 axes")) << axis;
  std::string taken = error_message<Error>([&] { concatenate_arrays(kernel, {"a", "b"}, std::string("out")); });
  EXPECT_TRUE(contains(taken, "new_name 'out' is already used")) << taken;
  LoopKernel mixed = make_kernel({"{[i]: 0<=i<4}"}, "<float32> a[i] = x[i]\n<float64> b[i] = x[i]\nout[i] = a[i] + b[i]",
                                 {array_arg("x, out", DType::Float64, {"4"})});
  std::string dtype = error_message<Error>([&] { concatenate_arrays(mixed, {"a", "b"}); });
  EXPECT_TRUE(contains(dtype, "differ in element type")) << dtype;
  LoopKernel parametric = make_kernel({"{[i]: 0<=i<n}"}, "a[i] = x[i]\nb[i] = x[i]\nout[i] = a[i] + b[i]",
                                      {array_arg("x, out", DType::Float64, {"n"}), value_arg("n")},
                                      {.temporaries = {{.name = "a", .dtype = DType::Float64, .shape = {variable("n")}},
                                                       {.name = "b", .dtype = DType::Float64, .shape = {variable("n")}}}});
  std::string length = error_message<Error>([&] { concatenate_arrays(parametric, {"a", "b"}); });
  EXPECT_TRUE(contains(length, "non-constant length n")) << length;
}

// loopy's test_to_batched: the batched matrix-vector product against the one written batched.
TEST(ToBatched, MatchesTheKernelWrittenBatched) {
  LoopKernel kernel = make_kernel({"{[i,j]: 0<=i,j<n}"}, "out[i] = sum(j, a[i,j]*x[j])",
                                  {array_arg("a", DType::Float32, {"n", "n"}),
                                   array_arg("out, x", DType::Float32, {"n"}), value_arg("n")});
  LoopKernel batched = to_batched(kernel, "nbatches", {"out", "x"});
  LoopKernel written = make_kernel({"{[k]: 0<=k<nbatches}", "{[i,j]: 0<=i,j<n}"}, "out[k, i] = sum(j, a[i,j]*x[k, j])",
                                   {array_arg("a", DType::Float32, {"n", "n"}),
                                    array_arg("out, x", DType::Float32, {"nbatches", "n"}), value_arg("n"),
                                    value_arg("nbatches")});
  expect_matches_reference(batched, written, {{"n", 5}, {"nbatches", 7}});
  ASSERT_NE(batched.find_arg("nbatches"), nullptr);
  EXPECT_EQ(batched.find_arg("nbatches")->kind, ArgKind::Value);
  EXPECT_EQ(batched.find_arg("x")->shape.size(), 2u);
  EXPECT_EQ(batched.find_arg("a")->shape.size(), 2u);
  // ibatch is an ordinary iname: the batches can run in parallel.
  expect_matches_reference(tag_inames(batched, "ibatch:g.0"), written, {{"n", 5}, {"nbatches", 7}},
                           {.target = Target::OpenCL});
  // A constant count and a batch-varying value argument.
  LoopKernel scaled = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = s*x[i]",
                                  {array_arg("out, x", DType::Float32, {"n"}), value_arg("s", DType::Float32),
                                   value_arg("n")});
  LoopKernel scaled_batched = to_batched(scaled, "3", {"out", "s"});
  LoopKernel scaled_written = make_kernel({"{[b]: 0<=b<3}", "{[i]: 0<=i<n}"}, "out[b, i] = s[b]*x[i]",
                                          {array_arg("out", DType::Float32, {"3", "n"}), array_arg("s", DType::Float32, {"3"}),
                                           array_arg("x", DType::Float32, {"n"}), value_arg("n")});
  expect_matches_reference(scaled_batched, scaled_written, {{"n", 6}});
}

// loopy's test_to_batched_temp: a private temporary stays one per work-item; a temporary of
// another address space gets a batch axis (the batches must not share it).
TEST(ToBatched, BatchesSharedTemporariesOnly) {
  LoopKernel kernel = make_kernel({"{[i,j]: 0<=i,j<n}"},
                                  "cnst = 2.0  {id=c}\nrow[i] = sum(j, cnst*a[i,j]*x[j])  {id=r, dep=c}\n"
                                  "out[i] = row[i] + 1  {dep=r}",
                                  {array_arg("a", DType::Float32, {"n", "n"}), array_arg("out, x", DType::Float32, {"n"}),
                                   value_arg("n")},
                                  {.assumptions = "n <= 8",
                                   .temporaries = {{.name = "cnst", .dtype = DType::Float32, .address_space = AddressSpace::Private},
                                                   {.name = "row", .dtype = DType::Float32, .shape = {int_literal(8)},
                                                    .address_space = AddressSpace::Global}}});
  LoopKernel batched = to_batched(kernel, "nbatches", {"out", "x"});
  EXPECT_TRUE(batched.find_temporary("cnst")->shape.empty());
  ASSERT_EQ(batched.find_temporary("row")->shape.size(), 2u);
  LoopKernel written = make_kernel({"{[k]: 0<=k<nbatches}", "{[i,j]: 0<=i,j<n}"},
                                   "out[k, i] = sum(j, 2.0*a[i,j]*x[k, j]) + 1",
                                   {array_arg("a", DType::Float32, {"n", "n"}),
                                    array_arg("out, x", DType::Float32, {"nbatches", "n"}), value_arg("n"),
                                    value_arg("nbatches")});
  expect_matches_reference(batched, written, {{"n", 5}, {"nbatches", 7}});
  // Batches in parallel each have their own row: no race.
  expect_matches_reference(tag_inames(batched, "ibatch:g.0"), written, {{"n", 5}, {"nbatches", 7}},
                           {.target = Target::OpenCL});
  // sequential: one row shared by batches that run one after the other; in parallel they would
  // race on it, and loom refuses that.
  LoopKernel sequential = to_batched(kernel, "nbatches", {"out", "x"}, "ibatch", true);
  EXPECT_EQ(sequential.find_temporary("row")->shape.size(), 1u);
  expect_matches_reference(sequential, written, {{"n", 5}, {"nbatches", 7}});
  std::string race = error_message<Error>([&] { tag_inames(sequential, "ibatch:g.0"); });
  EXPECT_TRUE(contains(race, "row")) << race;
}

TEST(ToBatched, Refusals) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = 2*x[i]",
                                  {array_arg("out, x", DType::Float32, {"n"}), value_arg("n")});
  std::string unknown = error_message<Error>([&] { to_batched(kernel, "nb", {"outt"}); });
  EXPECT_TRUE(contains(unknown, "to_batched: 'outt' in batch_varying_args is neither an argument nor a temporary"))
      << unknown;
  EXPECT_TRUE(contains(unknown, "did you mean 'out'")) << unknown;
  std::string array = error_message<Error>([&] { to_batched(kernel, "x", {"out"}); });
  EXPECT_TRUE(contains(array, "nbatches 'x' is an array argument")) << array;
  std::string zero = error_message<Error>([&] { to_batched(kernel, "0", {"out"}); });
  EXPECT_TRUE(contains(zero, "nbatches must be at least 1")) << zero;
  std::string bad = error_message<Error>([&] { to_batched(kernel, "n b", {"out"}); });
  EXPECT_TRUE(contains(bad, "nbatches")) << bad;
  KernelArgument fortran = array_arg("x", DType::Float32, {"n"});
  fortran.dim_tags = {"stride:2"};
  LoopKernel strided = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = 2*x[i]",
                                   {array_arg("out", DType::Float32, {"n"}), fortran, value_arg("n")});
  std::string layout = error_message<Error>([&] { to_batched(strided, "nb", {"x"}); });
  EXPECT_TRUE(contains(layout, "argument 'x' has dim tags (stride:2)")) << layout;
}

// loopy's test_collect_common_factors: alpha[i] leaves both increments and scales the read.
LoopKernel two_increments(const std::string& first, const std::string& second, const std::string& read_deps) {
  return make_kernel({"{[i,j]: 0<=i,j<n}"},
                     "<float32> acc = 0 {id=init, inames=i}\n"
                     "acc = acc + " + first + " {id=up1, dep=init}\n"
                     "acc = acc + " + second + " {id=up2, dep=init, nosync=up1}\n"
                     "out[i] = acc {" + read_deps + "}",
                     {array_arg("a", DType::Float32, {"n", "n"}), array_arg("alpha, b1, b2, out", DType::Float32, {"n"})});
}

TEST(CollectCommonFactorsOnIncrement, MovesTheSharedFactorToTheRead) {
  LoopKernel kernel = two_increments("alpha[i]*a[i,j]*b1[j]", "alpha[i]*a[j,i]*b2[j]", "dep=up1:up2");
  LoopKernel collected = collect_common_factors_on_increment(kernel, "acc");
  std::string text = instructions_text(collected);
  EXPECT_TRUE(contains(text, "acc = acc + a[i, j]*b1[j]")) << text;
  EXPECT_TRUE(contains(text, "out[i] = alpha[i]*acc")) << text;
  for (int64_t n : {1, 13}) expect_matches_reference(collected, kernel, {{"n", n}});
  LoopKernel parallel = split_iname(collected, "i", 4, {.outer_tag = "g.0", .inner_tag = "l.0"});
  expect_matches_reference(parallel, kernel, {{"n", 13}}, {.target = Target::OpenCL});
}

TEST(CollectCommonFactorsOnIncrement, Refusals) {
  auto refusal = [](const LoopKernel& kernel) {
    return error_message<Error>([&] { collect_common_factors_on_increment(kernel, "acc"); });
  };
  // b1[j] is in both increments but differs from one j to the next: summing it out is wrong.
  std::string varying = refusal(two_increments("b1[j]*a[i,j]", "b1[j]*a[j,i]", "dep=up1:up2"));
  EXPECT_TRUE(contains(varying, "cannot move the common factor b1[j] of 'acc' to its reads: it varies with iname "
                                "'j', in which instruction 'insn' does not run"))
      << varying;
  std::string none = refusal(two_increments("alpha[i]*a[i,j]", "b1[j]*a[j,i]", "dep=up1:up2"));
  EXPECT_TRUE(contains(none, "no common factors found in the increments of 'acc'")) << none;
  std::string read_in_term = refusal(two_increments("alpha[i]*acc", "alpha[i]*b1[j]", "dep=up1:up2"));
  EXPECT_TRUE(contains(read_in_term, "unexpected dependency on 'acc' in the term alpha[i]*acc")) << read_in_term;
  LoopKernel written = make_kernel({"{[i,j]: 0<=i,j<n}"},
                                   "alpha[i] = 2*b1[i] {id=w, inames=i}\n<float32> acc = 0 {id=init, inames=i}\n"
                                   "acc = acc + alpha[i]*a[i,j] {id=up1, dep=init:w}\nout[i] = acc {dep=up1}",
                                   {array_arg("a", DType::Float32, {"n", "n"}), array_arg("alpha, b1, out", DType::Float32, {"n"})});
  std::string writes = refusal(written);
  EXPECT_TRUE(contains(writes, "it reads 'alpha', which the kernel writes")) << writes;
  std::string argument = error_message<Error>([&] { collect_common_factors_on_increment(written, "out"); });
  EXPECT_TRUE(contains(argument, "'out' is an argument")) << argument;
}

}  // namespace
}  // namespace loom
