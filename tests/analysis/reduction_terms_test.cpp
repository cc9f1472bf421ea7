// Reads inside reductions in the dependence model (analysis/reduction_terms.hpp): a reduction over
// k reads at every k, where the realized update runs. Loop orders that keep each step after the
// write of its own (i, k) are accepted and executed against the untransformed kernel (C and
// PoCL); orders that separate them stay refused.
#include <gtest/gtest.h>

#include "loom/loom.hpp"
#include "runtime/host_opencl.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

// `t` is written once per (i, k) and read by the reduction over k of the same i. `rows`: the
// extent of i ("6": a constant, so the accumulator has a private copy per i; "n": parametric).
LoopKernel value_per_step(const std::string& rows, const std::string& reduction = "max(k, t)") {
  return make_kernel({"{[i,k]: 0<=i<" + rows + " and 0<=k<m}"},
                     "<float32> t = a[i, k]*y[k] {id=w}\nout[i] = " + reduction + " {id=r, dep=w}",
                     {array_arg("a", DType::Float32, {rows, "m"}), array_arg("y", DType::Float32, {"m"}),
                      array_arg("out", DType::Float32, {rows})});
}

bool opencl_available() {
  try {
    detail::opencl_device_info();
    return true;
  } catch (const EnvironmentError&) {
    return false;
  }
}

void expect_matches_on_c_and_opencl(const LoopKernel& kernel, const LoopKernel& reference, const ParameterMap& sizes) {
  expect_matches_reference(kernel, reference, sizes);
  if (opencl_available()) expect_matches_reference(kernel, reference, sizes, CheckOptions{.target = Target::OpenCL});
}

// The false refusal this model removes: with k outside i, each step of r still follows the write
// of its own (i, k) and no other write of t comes between (k { i { w; r's step } }, the
// accumulator privatized along i). Before, r's read was one read per i after the whole loop over
// k, and the interchange was refused as an anti dependence.
TEST(ReductionTerms, InterchangeAroundAValueWrittenPerStepIsAccepted) {
  for (const std::string& reduction : {std::string("max(k, t)"), std::string("sum(k, t*t)")}) {
    SCOPED_TRACE(reduction);
    LoopKernel reference = value_per_step("6", reduction);
    LoopKernel interchanged = prioritize_loops(reference, "k, i");
    for (int64_t m : {1, 3, 7}) expect_matches_on_c_and_opencl(interchanged, reference, {{"m", m}});
    std::string source = generate_code(interchanged, Target::C).source;
    std::size_t k_loop = source.find("for (int32_t k = 0;");
    ASSERT_NE(k_loop, std::string::npos) << source;
    EXPECT_NE(source.find("for (int32_t i = 0;", k_loop), std::string::npos) << "i inside k: " << source;
  }
}

// The same with k split and its inner part outermost: still one step per write.
TEST(ReductionTerms, SplitReductionInameOutermostIsAccepted) {
  LoopKernel reference = value_per_step("5");
  LoopKernel split = split_iname(reference, "k", 4);
  LoopKernel reordered = prioritize_loops(split, "k_outer, k_inner, i");
  for (int64_t m : {1, 6, 9}) expect_matches_on_c_and_opencl(reordered, reference, {{"m", m}});
}

// With i of parametric extent the accumulator is not privatized along i; the steps still run in
// the writer's loops as code generation nests them, and the result is the reference's.
TEST(ReductionTerms, InterchangeWithRowsOfParametricExtentIsAccepted) {
  LoopKernel reference = value_per_step("n");
  LoopKernel interchanged = prioritize_loops(reference, "k, i");
  for (int64_t n : {1, 5}) {
    for (int64_t m : {1, 3, 7}) expect_matches_on_c_and_opencl(interchanged, reference, {{"n", n}, {"m", m}});
  }
}

// Moving the reduction into a loop of its own (fuzz seed 74000228) stays refused: every step
// would read the last k's value.
TEST(ReductionTerms, ReductionMovedAwayFromTheWritesStaysRefused) {
  LoopKernel reference = value_per_step("6");
  std::string duplicated = error_message<LegalityError>([&] { duplicate_inames(reference, {"k"}, {.within = "id:r"}); });
  EXPECT_NE(duplicated.find("duplicate_inames: instruction 'w' must follow 'r' (anti dependence through 't'), but the "
                            "new loop order runs them the other way round: r[i="),
            std::string::npos)
      << duplicated;
  LoopKernel forced = duplicate_inames(reference, {"k"}, {.within = "id:r", .unchecked = true});
  EXPECT_FALSE(check_against_reference(forced, reference, {{"m", 4}}).passed) << "the refused duplication is wrong";
  // Both kept in one loop, with k outside i: accepted and right.
  LoopKernel both = prioritize_loops(duplicate_inames(reference, {"k"}), "k_0, i");
  for (int64_t m : {1, 3, 7}) expect_matches_on_c_and_opencl(both, reference, {{"m", m}});
}

// An array element written per (i, k) (g[0]): global memory has one copy, so a later row's write
// overwrites the element before an earlier row's step reads it (no live-range reordering for
// arrays): refused.
TEST(ReductionTerms, InterchangeReorderingWritesOfAGlobalElementIsRefused) {
  LoopKernel reference = make_kernel({"{[i,k]: 0<=i<6 and 0<=k<m}"},
                                     "g[0] = a[i, k]*y[k] {id=w}\nout[i] = max(k, g[0]) {id=r, dep=w}",
                                     {array_arg("a", DType::Float32, {"6", "m"}), array_arg("y", DType::Float32, {"m"}),
                                      array_arg("g", DType::Float32, {"1"}), array_arg("out", DType::Float32, {"6"})});
  std::string message = error_message<LegalityError>([&] { prioritize_loops(reference, "k, i"); });
  EXPECT_NE(message.find("prioritize_loops: instruction 'w' must follow 'r' (anti dependence through 'g')"),
            std::string::npos)
      << message;
}

}  // namespace
}  // namespace loom
