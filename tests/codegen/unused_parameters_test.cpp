// isl's AST problems without the parameters nothing in them mentions (codegen/unused_parameters.hpp,
// issue 26): isl must write the same AST for the smaller problem, and the kernels whose nests take
// this path run against their untransformed versions on the C target and on OpenCL (PoCL in CI).
#include <gtest/gtest.h>

#include <isl/ast.h>
#include <isl/ast_build.h>

#include <cstdlib>
#include <string>

#include "codegen/unused_parameters.hpp"
#include "codegen/isl_ast_text.hpp"
#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::expect_matches_reference;
using testing::expect_on_opencl;
using testing::isl_ast_text;


// A nest of the shape the full-group split leaves: the statements name n and the local index l,
// the group index g and the size m only in the context.
const char* kTwoStatements =
    "{ domain: \"[m, n, g, l] -> { S_0[j] : 0 <= j < n and l <= 7; S_1[j, k] : 0 <= j < n and 0 <= k <= 3 }\", "
    "child: { sequence: [ { filter: \"[m, n, g, l] -> { S_0[j] }\", child: { mark: \"loop j\", child: { schedule: "
    "\"[m, n, g, l] -> [{ S_0[j] -> [(j)] }]\", options: \"{ atomic[0] }\" } } }, "
    "{ filter: \"[m, n, g, l] -> { S_1[j, k] }\", child: { mark: \"loops 0 j k\", child: { schedule: "
    "\"[m, n, g, l] -> [{ S_1[j, k] -> [(j)] }, { S_1[j, k] -> [(k)] }]\", options: \"{ atomic[i0] : 0 <= i0 <= 1 }\" } } } ] } }";

TEST(UnusedParameters, IslWritesTheSameAstWithoutThem) {
  isl::ctx ctx(isl_ctx_alloc());
  {
    isl::schedule schedule(ctx, kTwoStatements);
    isl::set context(ctx, "[m, n, g, l] -> { : 0 <= l <= 31 and 0 <= g and 32g + 31 < m and n > 0 }");
    int before = codegen::problems_without_unused_parameters();
    std::optional<codegen::AstProblem> smaller = codegen::without_unused_parameters(schedule, context);
    ASSERT_TRUE(smaller.has_value());
    EXPECT_EQ(codegen::problems_without_unused_parameters(), before + 1);
    EXPECT_EQ(isl_set_dim(smaller->context.get(), isl_dim_param), 2) << smaller->context;  // n and l
    EXPECT_EQ(isl_union_set_dim(smaller->schedule.get_domain().get(), isl_dim_param), 2);
    EXPECT_EQ(isl_ast_text(smaller->schedule, smaller->context), isl_ast_text(schedule, context));
    // The marks and the band's loop types survive the rebuild.
    std::string text = isl_ast_text(smaller->schedule, smaller->context);
    EXPECT_NE(text.find("// loops 0 j k"), std::string::npos) << text;
  }
  isl_ctx_free(ctx.release());
}

TEST(UnusedParameters, NothingToDropOrAnIsolateOptionLeavesTheProblemAsItIs) {
  isl::ctx ctx(isl_ctx_alloc());
  {
    isl::schedule all_used(ctx,
                           "{ domain: \"[n] -> { S_0[j] : 0 <= j < n }\", child: { schedule: \"[n] -> [{ S_0[j] -> [(j)] }]\" } }");
    EXPECT_FALSE(codegen::without_unused_parameters(all_used, isl::set(ctx, "[n] -> { : n > 0 }")).has_value());
    isl::schedule isolated(ctx,
                           "{ domain: \"[n, m] -> { S_0[j] : 0 <= j < n }\", child: { schedule: \"[n, m] -> [{ S_0[j] -> "
                           "[(j)] }]\", options: \"[n, m] -> { isolate[[] -> [j]] : 0 <= j <= n - 4 }\" } }");
    EXPECT_FALSE(codegen::without_unused_parameters(isolated, isl::set(ctx, "[n, m] -> { : n > 0 and m > 0 }")).has_value());
  }
  isl_ctx_free(ctx.release());
}

LoopKernel matmul_kernel() {
  return make_kernel({"{[i,j,k]: 0<=i<m and 0<=j<n and 0<=k<p}"}, "c[i, j] = sum(k, a[i, k]*b[k, j])",
                     {array_arg("a", DType::Float32, {"m", "p"}), array_arg("b", DType::Float32, {"p", "n"}),
                      array_arg("c", DType::Float32, {"m", "n"}), value_arg("m"), value_arg("n"), value_arg("p")},
                     {.name = "matmul"});
}

// 8x8 tiles on the groups and work-items, k in steps of 4: in the full groups' nest the
// statements name only p (the k loops), not m, n or the group and work-item indices.
LoopKernel tiled_matmul() {
  LoopKernel kernel = split_iname(matmul_kernel(), "i", 8, {.outer_tag = "g.1", .inner_tag = "l.1"});
  kernel = split_iname(kernel, "j", 8, {.outer_tag = "g.0", .inner_tag = "l.0"});
  return split_iname(kernel, "k", 4);
}

TEST(UnusedParameters, TiledMatmulNestsRunAtRaggedSizes) {
  int before = codegen::problems_without_unused_parameters();
  std::string code = generate_code(tiled_matmul(), Target::OpenCL).source;
  EXPECT_GT(codegen::problems_without_unused_parameters(), before) << code;
  for (int64_t m : {1, 8, 13}) {
    for (int64_t p : {1, 4, 7}) {
      expect_on_opencl(tiled_matmul(), matmul_kernel(), {{"m", m}, {"n", 11}, {"p", p}});
      expect_matches_reference(tiled_matmul(), matmul_kernel(), {{"m", m}, {"n", 11}, {"p", p}});
    }
  }
}

}  // namespace
}  // namespace loom
