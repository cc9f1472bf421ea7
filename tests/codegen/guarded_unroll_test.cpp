// A plain unr_hint loop whose body holds domain guards (a partial tile's copy: each register-tile
// element under its own guard) gets `#pragma unroll 8`; the guard-free copy of the full tiles keeps
// `#pragma unroll` (docs/decisions.md, "Issue 26: guarded copies unrolled by 8"). The pragma
// changes how much the device compiler unrolls, never what the kernel computes: each kernel runs
// on OpenCL (PoCL) at sizes with full, partial and absent groups and k tiles, against the
// untransformed matmul on C.
#include <gtest/gtest.h>

#include <cstdlib>

#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::count;
using testing::expect_on_opencl;

LoopKernel matmul() {
  return make_kernel({"{[i,j,k]: 0<=i,j,k<n}"}, "c[i, j] = sum(k, a[i, k]*b[k, j])",
                     {array_arg("a, b, c", DType::Float32, {"n", "n"}), value_arg("n")}, {.name = "matmul"});
}

// Two rows per work-item (ilp), 8 work-items and 16 rows a group, the k loop in tiles of 16 with
// an unroll pragma: in a partial group the second row's multiply-add is guarded in every kk step.
LoopKernel register_tiled(const std::string& kk_tag) {
  LoopKernel kernel = split_iname(matmul(), "i", 2, {.inner_tag = "ilp"});
  kernel = split_iname(kernel, "i_outer", 8, {.outer_tag = "g.0", .inner_tag = "l.0"});
  kernel = tag_inames(kernel, "j:g.1");
  kernel = split_iname(kernel, "k", 16, {.slabs = {0, 1}});
  kernel = prioritize_loops(kernel, "k_outer, k_inner, i_inner");
  return tag_inames(kernel, "k_inner:" + kk_tag);
}

std::string device_code(const LoopKernel& kernel) { return testing::kernels_of(generate_code(kernel, Target::CUDA).source); }

// Sets LOOM_GUARDED_UNROLL for one scope.
struct GuardedUnroll {
  explicit GuardedUnroll(const char* value) { setenv("LOOM_GUARDED_UNROLL", value, 1); }
  ~GuardedUnroll() { unsetenv("LOOM_GUARDED_UNROLL"); }
  GuardedUnroll(const GuardedUnroll&) = delete;
  GuardedUnroll& operator=(const GuardedUnroll&) = delete;
};

TEST(GuardedUnroll, OnlyTheGuardedCopyOfTheKTileGetsAFactor) {
  std::string code = device_code(register_tiled("unr_hint"));
  // Full groups: the full k tiles and the tail, no guards inside: unrolled fully as before.
  EXPECT_EQ(count(code, "#pragma unroll\n"), 2) << code;
  // The partial group's copies (full k tiles and tail) guard the second row in every step.
  EXPECT_EQ(count(code, "#pragma unroll 8\n"), 2) << code;
  EXPECT_EQ(count(code, "#pragma unroll"), 4) << code;
}

TEST(GuardedUnroll, TheSwitchRestoresTheFullUnrollAndAFactorGivenIsKept) {
  {
    GuardedUnroll full("0");
    std::string code = device_code(register_tiled("unr_hint"));
    EXPECT_EQ(count(code, "#pragma unroll\n"), 4) << code;
    EXPECT_EQ(count(code, "#pragma unroll 8"), 0) << code;
  }
  {
    GuardedUnroll two("2");
    EXPECT_EQ(count(device_code(register_tiled("unr_hint")), "#pragma unroll 2\n"), 2);
  }
  std::string given = device_code(register_tiled("unr_hint.3"));
  EXPECT_EQ(count(given, "#pragma unroll 3\n"), 4) << given;
}

// A loop whose only condition is the instruction's own predicate is no partial tile: it keeps
// the full unroll.
TEST(GuardedUnroll, AnInstructionsOwnPredicateIsNoDomainGuard) {
  LoopKernel kernel = make_kernel({"{[i,k]: 0<=i<n and 0<=k<8}"}, "c[i] = c[i] + a[i, k] {if=flag}",
                                  {array_arg("a", DType::Float32, {"n", "8"}), array_arg("c", DType::Float32, {"n"}),
                                   value_arg("flag", DType::Int32), value_arg("n")},
                                  {.name = "predicated_rows", .assumptions = "n mod 32 = 0 and n >= 0"});
  LoopKernel tagged = tag_inames(split_iname(kernel, "i", 32, {.outer_tag = "g.0", .inner_tag = "l.0"}), "k:unr_hint");
  std::string code = device_code(tagged);
  EXPECT_EQ(count(code, "if (flag"), 1) << code;
  EXPECT_EQ(count(code, "#pragma unroll\n"), 1) << code;
  EXPECT_EQ(count(code, "#pragma unroll 8"), 0) << code;
}

TEST(GuardedUnroll, GuardedCopiesUnrolledByEightComputeTheSameProductOnOpenCL) {
  REQUIRE_OPENCL();
  LoopKernel reference = matmul();
  for (const char* setting : {"8", "0"}) {
    GuardedUnroll factor(setting);
    for (int64_t n : {1, 17, 33}) {
      SCOPED_TRACE("LOOM_GUARDED_UNROLL=" + std::string(setting) + ", n = " + std::to_string(n));
      expect_on_opencl(register_tiled("unr_hint"), reference, {{"n", n}});
    }
  }
}

}  // namespace
}  // namespace loom
