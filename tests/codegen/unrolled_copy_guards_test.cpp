// The guards of unrolled copies read off the constraints instead of asked of isl (codegen/
// isl_ast.cpp's GuardCollector, codegen/parameter_guard.hpp) must be what isl gives, term for
// term: the copies print them, and compare_generated.py holds loom's output byte for byte across
// such speed changes. A guard on parameters is compared with isl_ast_build_expr_from_set under a
// build whose context does not simplify it; each kernel is generated with and without
// LOOM_VERIFY_SKIPPED_CHECKS (isl's gists and expressions beside, an internal error where they
// differ) and runs on OpenCL (PoCL) against the reference.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/cpp.h>

#include "codegen/parameter_guard.hpp"
#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "runtime/scoped_env.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::count;
using testing::expect_on_opencl;
using testing::ScopedEnv;

std::string printed(isl_ast_expr* expr) {
  char* text = isl_ast_expr_to_C_str(expr);
  std::string result = text;
  free(text);
  return result;
}

// isl's own expression for `condition` (a set of parameter values), under the universe.
std::string isl_printed(const isl::set& condition) {
  isl_ast_build* build = isl_ast_build_from_context(isl::set::universe(condition.space()).release());
  isl_ast_expr* expr = isl_ast_build_expr_from_set(build, condition.copy());
  isl_ast_build_free(build);
  std::string result = printed(expr);
  isl_ast_expr_free(expr);
  return result;
}

class ParameterGuard : public ::testing::Test {
 protected:
  isl::ctx ctx_{isl_ctx_alloc()};
  ~ParameterGuard() override { isl_ctx_free(ctx_.release()); }
  isl::set set(const std::string& text) { return isl::set(ctx_, text); }
};

TEST_F(ParameterGuard, WritesEveryPlainConjunctionAsIslDoes) {
  const char* conditions[] = {
      "[n, j] -> { : n >= j + 257 }",                      // the rows specs' copies
      "[n, i, j] -> { : 1024i + j + 1 <= n }",             // a group's last copies
      "[a, b] -> { : a <= 5 }",                            // constant alone on one side
      "[a, b] -> { : a >= 5 }",
      "[a, b] -> { : -2a - b + 7 >= 0 }",                  // only negative terms
      "[a, b] -> { : a - b >= -3 }",                       // a negative constant beside terms
      "[a, b] -> { : a - b + 3 >= 0 and a <= 100 }",
      "[a, b] -> { : a = 2b + 3 }",                        // an equality
      "[a] -> { : a = 0 }",
      "[a, b, n] -> { : a >= 0 and b < n and 3a <= n }",   // three constraints, isl's order
      "[n, m, k] -> { : 16k + 15 < n and 2m - n >= 1 and m <= 64 }",
  };
  for (const char* text : conditions) {
    isl::set condition = set(text);
    std::optional<isl::ast_expr> plain = codegen::plain_parameter_guard(condition);
    ASSERT_TRUE(plain.has_value()) << text;
    EXPECT_EQ(printed(plain->get()), isl_printed(condition)) << text;
  }
  EXPECT_EQ(printed(codegen::plain_parameter_guard(set("[n, j] -> { : n >= j + 257 }"))->get()), "n >= j + 257");
  EXPECT_EQ(printed(codegen::plain_parameter_guard(set("[a, b] -> { : -2a - b + 7 >= 0 }"))->get()), "2 * a + b <= 7");
}

TEST_F(ParameterGuard, LeavesEverythingElseToIsl) {
  // Integer divisions (isl chooses pdiv or fdiv from the build's domain), a union (later
  // disjuncts are simplified by the earlier ones), set dimensions (the build's iterators, perhaps
  // through its schedule map), the universe.
  const char* others[] = {
      "[n] -> { : exists k: n = 2k }",
      "[a] -> { : a < 0 or a > 5 }",
      "[n] -> { [x] : x < n }",
      "[n] -> { : }",
  };
  for (const char* text : others) EXPECT_FALSE(codegen::plain_parameter_guard(set(text)).has_value()) << text;
}

// Rows of up to 2048 elements, a work-group per row, 256 work-items with 8 unrolled copies: in a
// ragged row every copy after the first is guarded by `n >= j_inner + 256c + 1`, a plain guard
// on parameters. Verified against isl's expression (LOOM_VERIFY_SKIPPED_CHECKS) and run.
LoopKernel scaled_rows() {
  LoopKernel kernel = make_kernel({"{[i,j]: 0<=i<m and 0<=j<n}"}, "y[i, j] = 2*x[i, j]",
                                  {array_arg("x, y", DType::Float32, {"m", "n"}), value_arg("m"), value_arg("n")},
                                  {.name = "scaled_rows", .assumptions = "m >= 1 and 1 <= n <= 2048"});
  return kernel;
}

// The code generated without LOOM_VERIFY_SKIPPED_CHECKS, expected to equal the code generated with
// it (which compares every guard read off the constraints with isl's own and fails on a difference).
std::string code_as_verified(const LoopKernel& kernel, Target target) {
  std::string verified;
  {
    ScopedEnv verify("LOOM_VERIFY_SKIPPED_CHECKS", "1");
    verified = generate_code(kernel, target).source;
  }
  ScopedEnv unverified("LOOM_VERIFY_SKIPPED_CHECKS", nullptr);
  std::string code = generate_code(kernel, target).source;
  EXPECT_EQ(code, verified);
  return code;
}

LoopKernel scaled_rows_on_groups() {
  LoopKernel kernel = tag_inames(scaled_rows(), "i:g.0");
  return split_iname(kernel, "j", 256, {.outer_tag = "unr", .inner_tag = "l.0"});
}

TEST(ParameterGuardKernels, RaggedRowCopiesAreGuardedAsIslWritesThem) {
  std::string code = code_as_verified(scaled_rows_on_groups(), Target::CUDA);
  // The row's own guard (hoisted, isl's) and the seven copies' guards (read off).
  EXPECT_EQ(count(code, "if (n >= j_inner + "), 8) << testing::kernels_of(code);
  EXPECT_EQ(count(code, "if (n >= j_inner + 257)"), 1) << testing::kernels_of(code);
  EXPECT_EQ(count(code, "if (n >= j_inner + 1793)"), 1) << testing::kernels_of(code);
}

TEST(ParameterGuardKernels, RaggedRowsRunOnOpenCL) {
  REQUIRE_OPENCL();
  for (int64_t n : {1, 255, 256, 700, 2048}) {
    expect_on_opencl(scaled_rows_on_groups(), scaled_rows(), {{"m", 3}, {"n", n}});
  }
}

// A triangle of unrolled copies, `0 <= b <= 4 - a` under a and b unrolled: the copies of b are
// guarded by a bound on the enclosing loop's iterator (`a <= 3` at b = 1, read off), and the last
// one's bound is 0 wherever it holds (`a <= 0` beside `a >= 0`), which isl writes as an equality:
// that copy is left to isl's gist.
LoopKernel triangle() {
  return make_kernel({"{[i, a, b]: 0 <= i < n and 0 <= a <= 4 and 0 <= b <= 4 - a}"}, "y[i, a, b] = x[i] * (a + 1) + b",
                     {array_arg("x", DType::Float32, {"n"}), array_arg("y", DType::Float32, {"n", "5", "5"}), value_arg("n")},
                     {.name = "triangle", .assumptions = "n >= 1"});
}

LoopKernel triangle_unrolled() {
  LoopKernel kernel = split_iname(triangle(), "i", 16, {.outer_tag = "g.0", .inner_tag = "l.0"});
  return tag_inames(kernel, "a:unr, b:unr");
}

TEST(UnrolledCopyGuards, ATriangleOfCopiesIsGuardedAsIslGuardsIt) {
  std::string code = code_as_verified(triangle_unrolled(), Target::OpenCL);
  // The 15 points of the triangle per i, each copy's guard folded away with a's value, in both
  // nests of the full-group split.
  EXPECT_EQ(count(code, "y["), 30) << testing::kernels_of(code);
}

TEST(UnrolledCopyGuards, ATriangleOfCopiesRunsOnOpenCL) {
  REQUIRE_OPENCL();
  for (int64_t n : {1, 16, 37}) expect_on_opencl(triangle_unrolled(), triangle(), {{"n", n}});
}

}  // namespace
}  // namespace loom
