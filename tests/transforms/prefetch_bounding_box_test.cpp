// fetch_bounding_box (issue 26's pathology class): a stencil's halo is the integer hull of shifted
// tiles, an octagon; over an interior domain ({[i,j]: 1<=i,j<n-1}) its diagonal facets carry the
// domain's parametric bounds, and isl's AST generation of the fetch took seconds. With
// fetch_bounding_box the fetch sweeps the per-axis box (as loopy's boxified sweep does), so the
// fetch loop's bounds involve one storage axis each; results are checked on PoCL at sizes that do
// and do not divide the 16x16 tiles.
#include <gtest/gtest.h>

#include <regex>

#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::expect_on_opencl;

LoopKernel interior_stencil() {
  return make_kernel({"{[i,j]: 1<=i,j<n-1}"},
                     "z[i, j] = -4*a[i, j] + a[i, j - 1] + a[i, j + 1] + a[i - 1, j] + a[i + 1, j]",
                     {array_arg("a, z", DType::Float32, {"n", "n"}), value_arg("n")}, {.name = "stencil_interior"});
}

LoopKernel boxed_fetch() {
  LoopKernel kernel = split_iname(interior_stencil(), "i", 16, {.outer_tag = "g.1", .inner_tag = "l.1"});
  kernel = split_iname(kernel, "j", 16, {.outer_tag = "g.0", .inner_tag = "l.0"});
  return add_prefetch(kernel, "a", {.sweep_inames = {"i_inner", "j_inner"}, .default_tag = "l.auto", .fetch_bounding_box = true});
}

// No condition of the fetch couples the two storage axes (the octagon's facets did: twenty
// predicates such as `16*a_dim_0_outer + a_dim_0_inner + 16 >= 16*a_dim_1_outer + a_dim_1_inner`).
TEST(PrefetchBoundingBox, InteriorStencilFetchesABox) {
  LoopKernel kernel = boxed_fetch();
  const Instruction* fetch = kernel.find_instruction("a_fetch_rule");
  ASSERT_NE(fetch, nullptr);
  std::string source = generate_code(kernel, Target::CUDA).source;
  std::regex coupled(R"(a_dim_0_outer[^;\n]*a_dim_1_outer[^;\n]*<=|a_dim_1_outer[^;\n]*a_dim_0_outer\s*-)");
  for (const ExprPtr& predicate : fetch->predicates) {
    std::string text = to_string(predicate);
    EXPECT_FALSE(text.find("a_dim_0") != std::string::npos && text.find("a_dim_1") != std::string::npos) << text;
  }
  EXPECT_FALSE(std::regex_search(source, coupled)) << source;
}

TEST(PrefetchBoundingBoxOpenCL, InteriorStencilMatchesItsReference) {
  SKIP_WITHOUT_OPENCL();
  for (int64_t n : {3, 17, 18, 19, 37}) expect_on_opencl(boxed_fetch(), interior_stencil(), {{"n", n}});
}

}  // namespace
}  // namespace loom
