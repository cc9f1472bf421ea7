// A loop whose body is one loop is one isl band with both members (codegen/schedule_tree.cpp,
// issue 26): one mark names every member and lowering names each `for` by its iterator's schedule
// dimension. Each kernel runs against its untransformed version on the C target and on OpenCL
// (PoCL in CI); the loops must carry their inames, never isl's iterator names.
#include <gtest/gtest.h>

#include <string>

#include "codegen/schedule_tree.hpp"
#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::expect_matches_reference;
using testing::expect_on_opencl;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

LoopKernel doubled() {
  return make_kernel({"{[i,j]: 0<=i<m and 0<=j<n}"}, "out[i, j] = 2*a[i, j]",
                     {array_arg("a, out", DType::Float32, {"m", "n"}), value_arg("m"), value_arg("n")},
                     {.name = "doubled"});
}

// Two tiled loops: i_outer/i_inner become one band, j_outer/j_inner another below it (the split's
// `8*j_outer + j_inner < n` names two members after i_inner, so i_inner's band stops there): the
// second band's members are named from schedule dimension 2.
LoopKernel tiled() {
  LoopKernel kernel = split_iname(doubled(), "i", 4);
  kernel = split_iname(kernel, "j", 8);
  return prioritize_loops(kernel, {"i_outer", "i_inner", "j_outer", "j_inner"});
}

TEST(MergedBands, TiledLoopsKeepTheirNamesAndRun) {
  int before = codegen::loops_joined_to_bands();
  std::string code = generate_code(tiled(), Target::C).source;
  EXPECT_EQ(codegen::loops_joined_to_bands(), before + 2) << code;  // i_inner and j_inner
  for (const char* iname : {"i_outer", "i_inner", "j_outer", "j_inner"}) {
    EXPECT_TRUE(contains(code, std::string("for (int32_t ") + iname + " = ")) << iname << "\n" << code;
  }
  EXPECT_FALSE(contains(code, "c0")) << code;
  for (int64_t m : {1, 5, 8, 13}) {
    for (int64_t n : {3, 8, 17}) {
      expect_matches_reference(tiled(), doubled(), {{"m", m}, {"n", n}});
      expect_on_opencl(tiled(), doubled(), {{"m", m}, {"n", n}});
    }
  }
}

LoopKernel incremented() {
  return make_kernel({"{[i,j,k]: 0<=i<n and 0<=j<4 and 0<=k<m}"}, "out[i, j, k] = a[i, j, k] + 1",
                     {array_arg("a, out", DType::Float32, {"n", "4", "m"}), value_arg("m"), value_arg("n")},
                     {.name = "incremented"});
}

// j (four values) split by 8: j_outer is always 0, so isl writes no `for` over it, and the k loop,
// the second `for` of the band j_outer, k, j_inner, is its second member. (i's band stays apart:
// `8*j_outer + j_inner >= 0` names two of the members after it.)
LoopKernel without_a_loop_over_j_outer() {
  LoopKernel kernel = split_iname(incremented(), "j", 8);
  return prioritize_loops(kernel, {"i", "j_outer", "k", "j_inner"});
}

TEST(MergedBands, AMemberWithoutALoopLeavesTheOthersTheirNames) {
  int before = codegen::loops_joined_to_bands();
  std::string code = generate_code(without_a_loop_over_j_outer(), Target::C).source;
  // j_inner joined to k's band, then k's two members to j_outer's.
  EXPECT_EQ(codegen::loops_joined_to_bands(), before + 3) << code;
  EXPECT_FALSE(contains(code, "for (int32_t j_outer")) << code;
  for (const char* iname : {"i", "k", "j_inner"}) {
    EXPECT_TRUE(contains(code, std::string("for (int32_t ") + iname + " = ")) << iname << "\n" << code;
  }
  for (int64_t n : {1, 4}) {
    for (int64_t m : {1, 7}) {
      expect_matches_reference(without_a_loop_over_j_outer(), incremented(), {{"m", m}, {"n", n}});
      expect_on_opencl(without_a_loop_over_j_outer(), incremented(), {{"m", m}, {"n", n}});
    }
  }
}

}  // namespace
}  // namespace loom
