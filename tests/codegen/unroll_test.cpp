// Unrolling in loom's lowering (unr, ilp, vec) and unroll pragmas (unr_hint): equivalence and the
// shape of the generated code.
#include <gtest/gtest.h>

#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "test_helpers.hpp"
#include "test_kernels.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

std::string function_body(const GeneratedCode& code) { return code.source.substr(code.source.find("void " + code.function_name + "(")); }

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(Unroll, ConstantLoopBecomesStraightLineCode) {
  LoopKernel kernel = make_kernel({"{[i, j]: 0<=i<n and 0<=j<4}"}, "out[i, j] = a[i, j] * (j + 1)",
                                  {array_arg("a, out", DType::Float32, {"n", "4"})}, {.name = "rows"});
  LoopKernel unrolled = tag_inames(kernel, "j:unr");
  std::string body = function_body(generate_code(unrolled, Target::C));
  EXPECT_EQ(body.find("for (int32_t j"), std::string::npos) << body;
  EXPECT_EQ(count(body, "out["), 4) << body;
  EXPECT_EQ(count(body, "if ("), 0) << body;
  for (int64_t n : {0, 1, 7}) expect_matches_reference(unrolled, kernel, {{"n", n}});
}

TEST(Unroll, RaggedTileKeepsOnlyTheGuardsItNeeds) {
  LoopKernel kernel = test_kernels::vector_scale();
  LoopKernel unrolled = split_iname(kernel, "i", 4, {.inner_tag = "unr"});
  std::string body = function_body(generate_code(unrolled, Target::C));
  // The first copy (i_inner = 0) always runs inside the i_outer loop; the other three are guarded.
  EXPECT_EQ(count(body, "if ("), 3) << body;
  for (int64_t n : {0, 1, 2, 3, 4, 5, 17}) expect_matches_reference(unrolled, kernel, {{"n", n}});
}

TEST(Unroll, FullyConstantTileHasNoGuards) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = 2*a[i]", {array_arg("a, out", DType::Float32, {"n"})},
                                  {.name = "scale", .assumptions = "n mod 4 = 0 and n >= 0"});
  LoopKernel unrolled = split_iname(kernel, "i", 4, {.inner_tag = "unr"});
  std::string body = function_body(generate_code(unrolled, Target::C));
  EXPECT_EQ(count(body, "if ("), 0) << body;
  EXPECT_EQ(count(body, "out["), 4) << body;
  for (int64_t n : {0, 4, 64}) expect_matches_reference(unrolled, kernel, {{"n", n}});
}

TEST(Unroll, UnrollHintPrintsAPragma) {
  LoopKernel kernel = test_kernels::vector_scale();
  std::string with_factor = function_body(generate_code(tag_inames(kernel, "i:unr_hint.4"), Target::C));
  EXPECT_NE(with_factor.find("#pragma unroll 4\n  for (int32_t i"), std::string::npos) << with_factor;
  std::string plain = function_body(generate_code(tag_inames(kernel, "i:unr_hint"), Target::C));
  EXPECT_NE(plain.find("#pragma unroll\n"), std::string::npos) << plain;
  expect_matches_reference(tag_inames(kernel, "i:unr_hint.4"), kernel, {{"n", 13}});
}

TEST(Unroll, IlpRegisterTileHasSixteenAccumulators) {
  LoopKernel matmul = test_kernels::matmul();
  LoopKernel tiled = split_iname(matmul, "i", 4, {.inner_tag = "ilp"});
  tiled = split_iname(tiled, "j", 4, {.inner_tag = "ilp"});
  tiled = prioritize_loops(tiled, "i_outer, j_outer, k, i_inner, j_inner");
  std::string body = function_body(generate_code(tiled, Target::C));
  EXPECT_NE(body.find("float acc_k[16];"), std::string::npos) << body;
  EXPECT_EQ(body.find("for (int32_t i_inner"), std::string::npos) << body;
  EXPECT_EQ(body.find("for (int32_t j_inner"), std::string::npos) << body;
  for (int64_t n : {1, 4, 7, 12, 13}) expect_matches_reference(tiled, matmul, {{"n", n}});
}

TEST(Unroll, VecFallsBackToUnrolling) {
  LoopKernel kernel = test_kernels::vector_scale();
  LoopKernel vec = split_iname(kernel, "i", 4, {.inner_tag = "vec"});
  std::string body = function_body(generate_code(vec, Target::C));
  EXPECT_EQ(body.find("for (int32_t i_inner"), std::string::npos) << body;
  for (int64_t n : {3, 8, 11}) expect_matches_reference(vec, kernel, {{"n", n}});
}

TEST(Unroll, IlpSeqIsALoop) {
  LoopKernel kernel = test_kernels::vector_scale();
  LoopKernel seq = split_iname(kernel, "i", 4, {.inner_tag = "ilp.seq"});
  std::string body = function_body(generate_code(seq, Target::C));
  EXPECT_NE(body.find("for (int32_t i_inner"), std::string::npos) << body;
  expect_matches_reference(seq, kernel, {{"n", 11}});
}

TEST(Unroll, RefusesParametricLength) {
  LoopKernel kernel = tag_inames(test_kernels::vector_scale(), "i:unr");
  std::string message = error_message<Error>([&] { generate_code(kernel, Target::C); });
  EXPECT_NE(message.find("cannot unroll iname 'i' (tagged unr): its length is not constant"), std::string::npos) << message;
}


}  // namespace
}  // namespace loom

namespace loom {
namespace {

TEST(Unroll, IlpPrivatizesTemporaries) {
  // Without privatization every unrolled copy would share t; the reads of t[j] below need the
  // copy written in the same iteration of j.
  LoopKernel kernel = make_kernel({"{[i, j]: 0<=i<n and 0<=j<4}"},
                                  "<float32> t = 2*a[i, j] {id=w}\n"
                                  "out[i, j] = t + 1 {id=r, dep=w}",
                                  {array_arg("a, out", DType::Float32, {"n", "4"})});
  LoopKernel ilp = prioritize_loops(tag_inames(kernel, "j:ilp"), "i, j");
  std::string body = function_body(generate_code(ilp, Target::C));
  EXPECT_NE(body.find("float t[4];"), std::string::npos) << body;
  for (int64_t n : {1, 6}) testing::expect_matches_reference(ilp, kernel, {{"n", n}});
  LoopKernel outside = make_kernel({"{[i, j]: 0<=i<n and 0<=j<4}"},
                                   "<float32> t = a[i, j] {id=w}\nout[i, 0] = t {id=r, dep=w, inames=i}",
                                   {array_arg("a, out", DType::Float32, {"n", "4"})});
  std::string message = testing::error_message<Error>(
      [&] { generate_code(tag_inames(outside, "j:ilp", /*unchecked=*/true), Target::C); });
  EXPECT_NE(message.find("temporary 't' is privatized along 'j' (tagged ilp), but instruction 'r' uses it outside"),
            std::string::npos)
      << message;
}


// A reduction over an ilp iname (`sum(k, ...)`, k split by 4 with an ilp inner part) keeps one
// accumulator that the unrolled copies update in loop order, as loopy generates it; privatizing
// it per lane left its init and final read outside the lanes and was refused.
TEST(Unroll, AReductionOverAnIlpInameKeepsOneAccumulator) {
  LoopKernel kernel = make_kernel({"{[i, k]: 0<=i<n and 0<=k<m}"}, "y[i] = sum(k, a[i, k]*x[k])",
                                  {array_arg("a", DType::Float32, {"n", "m"}), array_arg("x", DType::Float32, {"m"}),
                                   array_arg("y", DType::Float32, {"n"})});
  LoopKernel ilp = split_iname(kernel, "k", 4, {.inner_tag = "ilp"});
  std::string body = function_body(generate_code(ilp, Target::C));
  EXPECT_NE(body.find("float acc_k_outer_k_inner;"), std::string::npos) << body;
  for (int64_t m : {1, 3, 4, 5, 37}) expect_matches_reference(ilp, kernel, {{"n", 3}, {"m", m}});
  // Partial sums per lane (the reduction over the lanes outside, the k_outer one privatized).
  LoopKernel lanes = split_reduction_outward(ilp, std::vector<std::string>{"k_inner"});
  for (int64_t m : {1, 5, 37}) expect_matches_reference(lanes, kernel, {{"n", 3}, {"m", m}});
}


// Transform fuzzer, seed 73000604: a triangle `0<=j<=i<n` with i split by 4 (g.0, unr), j split
// by 8 (unr) and j_outer split by 3 with slabs [0, 1]. In the slab's remainder isl bounded the
// loop over j_outer_inner by a hull (0..1) for every row, leaving the exact bound to the loop over
// j_inner inside, which the unrolled copies replace: copy 0 was unguarded there and wrote
// out1[1, 8] (outside the triangle) on OpenCL. The unrolled loop's own condition is now kept
// unless the loops around it are bounded exactly (loops_around_bound_exactly).
LoopKernel triangle_rows() {
  return make_kernel({"{[i,j]: 0<=i<n and 0<=j<=i}"}, "out1[i, j] = x[i]",
                     {array_arg("x", DType::Float32, {"n"}), array_arg("out1", DType::Float32, {"n", "n"})});
}

LoopKernel slabs_below_unrolled_rows(const LoopKernel& kernel, const std::string& i_inner_tag, const std::string& j_tag) {
  LoopKernel rows = split_iname(kernel, "i", 4, {.outer_tag = "g.0", .inner_tag = i_inner_tag});
  LoopKernel columns = split_iname(rows, "j", 8, {.inner_tag = j_tag});
  return split_iname(columns, "j_outer", 3, {.slabs = {0, 1}});
}

// The class: any unrolled loop (unr, ilp, vec lanes unrolled) under a loop isl bounds by a hull,
// with the rows unrolled or on l.0 (each failed on PoCL before).
TEST(UnrollOpenCL, SlabsBelowAnUnrolledInameOfATriangleOnGroupsStayInsideIt) {
  REQUIRE_OPENCL();
  LoopKernel kernel = triangle_rows();
  for (const auto& [i_tag, j_tag] : std::vector<std::pair<std::string, std::string>>{
           {"unr", "unr"}, {"unr", "ilp"}, {"unr", "vec"}, {"l.0", "unr"}}) {
    LoopKernel slabs = slabs_below_unrolled_rows(kernel, i_tag, j_tag);
    for (int64_t n : {1, 9, 11, 37, 50}) {
      testing::expect_on_opencl(slabs, kernel, {{"n", n}});
      expect_matches_reference(slabs, kernel, {{"n", n}});
    }
  }
}

}  // namespace
}  // namespace loom
