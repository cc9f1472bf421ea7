// isl's AST problems without the innermost bands of one-value members (codegen/fixed_bands.hpp,
// issue 26): isl must write the same AST without them, a band whose members differ between its
// statements or that has a band below stays, and kernels whose nests take the path give the same
// code both ways (LOOM_KEEP_FIXED_BANDS=1) and run against their untransformed versions on the C
// target and on OpenCL (PoCL in CI).
#include <gtest/gtest.h>

#include <isl/ast.h>
#include <isl/ast_build.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "codegen/fixed_bands.hpp"
#include "codegen/isl_ast_text.hpp"
#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "runtime/scoped_env.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::expect_matches_reference;
using testing::expect_on_opencl;
using testing::isl_ast_text;


// A loop over i around a tile of one value (t = 0, u = 0: a tensorized instruction's tile inames).
const char* kTile =
    "{ domain: \"[n] -> { S_0[i, t, u] : 0 <= i < n and t = 0 and u = 0 }\", child: { mark: \"loop i\", child: { "
    "schedule: \"[{ S_0[i, t, u] -> [(i)] }]\", options: \"{ atomic[0] }\", child: { mark: \"loops 1 t u\", child: { "
    "schedule: \"[{ S_0[i, t, u] -> [(t)] }, { S_0[i, t, u] -> [(u)] }]\", options: \"{ atomic[i0] : 0 <= i0 <= 1 }\" } "
    "} } } }";

// Two statements under one band of t, nothing between them, S_1's tile at t = `other`.
std::string two_tiles(int other) {
  std::string value = std::to_string(other);
  return "{ domain: \"[n] -> { S_0[i, t] : 0 <= i < n and t = 0; S_1[i, t] : 0 <= i < n and t = " + value +
         " }\", child: { mark: \"loop i\", child: { schedule: \"[{ S_0[i, t] -> [(i)]; S_1[i, t] -> [(i)] }]\", "
         "child: { mark: \"loop t\", child: { schedule: \"[{ S_0[i, t] -> [(t)]; S_1[i, t] -> [(t)] }]\" } } } } }";
}

TEST(FixedBands, IslWritesTheSameAstWithoutThem) {
  isl::ctx ctx(isl_ctx_alloc());
  {
    isl::set context(ctx, "[n] -> { : n > 0 }");
    isl::schedule schedule(ctx, kTile);
    int before = codegen::fixed_bands_dropped();
    std::optional<isl::schedule> fewer = codegen::without_fixed_bands(schedule);
    ASSERT_TRUE(fewer.has_value());
    EXPECT_EQ(codegen::fixed_bands_dropped(), before + 1);
    std::string text = isl_ast_text(*fewer, context);
    EXPECT_EQ(text, isl_ast_text(schedule, context));
    EXPECT_NE(text.find("S_0(c0, 0, 0)"), std::string::npos) << text;
    EXPECT_NE(text.find("// loops 1 t u"), std::string::npos) << text;  // the mark stays
    testing::ScopedEnv keep("LOOM_KEEP_FIXED_BANDS", "1");
    EXPECT_FALSE(codegen::without_fixed_bands(schedule).has_value());
  }
  isl_ctx_free(ctx.release());
}

TEST(FixedBands, SeveralStatementsABandBelowOrAnIsolateOptionKeepTheBand) {
  isl::ctx ctx(isl_ctx_alloc());
  {
    // Two statements at t = 0 with nothing between them: isl orders them S_1, S_0 with the band and
    // S_0, S_1 without it. At t = 0 and t = 1 the band orders them.
    isl::set context(ctx, "[n] -> { : n > 0 }");
    isl::schedule same_point(ctx, two_tiles(0));
    EXPECT_FALSE(codegen::without_fixed_bands(same_point).has_value()) << isl_ast_text(same_point, context);
    EXPECT_FALSE(codegen::without_fixed_bands(isl::schedule(ctx, two_tiles(1))).has_value());
    // t fixed, but a band of i below it.
    isl::schedule outer_fixed(ctx,
                              "{ domain: \"[n] -> { S_0[t, i] : t = 0 and 0 <= i < n }\", child: { schedule: \"[{ S_0[t, i] -> "
                              "[(t)] }]\", child: { schedule: \"[{ S_0[t, i] -> [(i)] }]\" } } }");
    EXPECT_FALSE(codegen::without_fixed_bands(outer_fixed).has_value());
    isl::schedule isolated(ctx,
                           "{ domain: \"[n] -> { S_0[t] : t = 0 }\", child: { schedule: \"[{ S_0[t] -> [(t)] }]\", "
                           "options: \"{ isolate[[] -> [t]] : t = 0 }\" } }");
    EXPECT_FALSE(codegen::without_fixed_bands(isolated).has_value());
    // A member that is no plain dimension (2t) stays too.
    isl::schedule scaled(ctx, "{ domain: \"{ S_0[t] : t = 0 }\", child: { schedule: \"[{ S_0[t] -> [(2t)] }]\" } }");
    EXPECT_FALSE(codegen::without_fixed_bands(scaled).has_value());
  }
  isl_ctx_free(ctx.release());
}

struct BothWays {
  std::string fewer, every;
  int dropped = 0;
};

BothWays with_and_without(const LoopKernel& kernel, Target target) {
  BothWays code;
  int before = codegen::fixed_bands_dropped();
  code.fewer = generate_code(kernel, target).source;
  code.dropped = codegen::fixed_bands_dropped() - before;
  testing::ScopedEnv keep("LOOM_KEEP_FIXED_BANDS", "1");
  code.every = generate_code(kernel, target).source;
  return code;
}

// A loop over t of one value beside another statement in i's body (so t is a band of its own).
LoopKernel tile_of_one() {
  return make_kernel({"{[i, t]: 0<=i<n and 0<=t<1}"}, "b[i] = a[i] + 1 {id=first}\nc[i, t] = 2*a[i] + t {id=second, dep=first}",
                     {array_arg("a, b", DType::Float32, {"n"}), array_arg("c", DType::Float32, {"n", "1"}), value_arg("n")},
                     {.name = "tile_of_one"});
}

TEST(FixedBands, OneValueInnerLoopCodeIsIslsAndRuns) {
  LoopKernel kernel = split_iname(tile_of_one(), "i", 4);
  for (Target target : {Target::C, Target::OpenCL, Target::CUDA}) {
    BothWays code = with_and_without(kernel, target);
    EXPECT_EQ(code.fewer, code.every) << target_name(target);
    EXPECT_GT(code.dropped, 0) << target_name(target) << "\n" << code.fewer;
  }
  for (int64_t n : {1, 4, 7}) {
    expect_matches_reference(kernel, tile_of_one(), {{"n", n}});
    expect_on_opencl(kernel, tile_of_one(), {{"n", n}});
  }
}

std::filesystem::path example(const std::string& name) {
  return std::filesystem::path(LOOM_SOURCE_DIR) / "examples" / name;
}

TEST(FixedBands, TensorGemmCodeIsIslsCode) {
  // The tensor tiles (i_tile = j_tile = k_tile = 0) under unrolled register tiles, in the
  // full-group and the partial-group nests, with and without cp.async pipelines.
  for (const char* name : {"tensor/bf16_gemm.json", "tensor/bf16_gemm_warp64_ring3_async.json", "tensor/tf32_gemm_wgmma.json"}) {
    Spec spec = read_spec_file(example(name).string());
    BothWays code = with_and_without(spec.kernel, Target::CUDA);
    EXPECT_EQ(code.fewer, code.every) << name;
    EXPECT_GT(code.dropped, 0) << name;
  }
}

}  // namespace
}  // namespace loom
