// A loop whose body is one loop is one isl band with both members (codegen/schedule_tree.cpp,
// issue 26): one mark names every member and lowering names each `for` by its iterator's schedule
// dimension. Each kernel runs against its untransformed version on the C target and on OpenCL
// (PoCL in CI); the loops must carry their inames, never isl's iterator names.
#include <gtest/gtest.h>

#include <string>

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
  std::string code = generate_code(tiled(), Target::C).source;
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

// j equals i: isl writes no `for` over j (its value is the enclosing loop's), so the k loop is the
// band's third member although it is the second `for`.
LoopKernel diagonal_rows() {
  return make_kernel({"{[i,j,k]: 0<=i<n and j=i and 0<=k<m}"}, "out[i, k] = a[j, k] + 1",
                     {array_arg("a", DType::Float32, {"n", "m"}), array_arg("out", DType::Float32, {"n", "m"}),
                      value_arg("m"), value_arg("n")},
                     {.name = "diagonal_rows"});
}

// The same rows without the j dimension.
LoopKernel rows() {
  return make_kernel({"{[i,k]: 0<=i<n and 0<=k<m}"}, "out[i, k] = a[i, k] + 1",
                     {array_arg("a", DType::Float32, {"n", "m"}), array_arg("out", DType::Float32, {"n", "m"}),
                      value_arg("m"), value_arg("n")},
                     {.name = "rows"});
}

TEST(MergedBands, AMemberWithoutALoopLeavesTheOthersTheirNames) {
  std::string code = generate_code(diagonal_rows(), Target::C).source;
  EXPECT_TRUE(contains(code, "for (int32_t i = ")) << code;
  EXPECT_TRUE(contains(code, "for (int32_t k = ")) << code;
  EXPECT_FALSE(contains(code, "c2")) << code;
  for (int64_t n : {1, 4}) {
    for (int64_t m : {1, 7}) {
      expect_matches_reference(diagonal_rows(), rows(), {{"m", m}, {"n", n}});
      expect_on_opencl(diagonal_rows(), rows(), {{"m", m}, {"n", n}});
    }
  }
}

}  // namespace
}  // namespace loom
