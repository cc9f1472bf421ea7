// add_prefetch (issue 10): the footprint of an array's reads copied into a (local) temporary.
// The GPU recipes of loopy (research/loopy-notes.md §6: tiled matmul, non-square tiles split by
// hand, transpose, 5-point stencil with a halo, rank-one update) run on OpenCL (PoCL) and are
// compared with their untransformed kernels at sizes that do and do not divide the tiles;
// refusals assert their message.
#include <gtest/gtest.h>

#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "runtime/host_opencl.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::have_opencl;
using testing::count;

using testing::error_message;
using testing::expect_matches_reference;

using testing::expect_on_opencl;
using testing::kernels_of;

// ---- tiled matmul (loopy's test_plain_matrix_mul) ------------------------------------------------

LoopKernel matmul() {
  return make_kernel({"{[i,j,k]: 0<=i,j,k<n}"}, "c[i, j] = sum(k, a[i, k]*b[k, j])",
                     {array_arg("a, b, c", DType::Float32, {"n", "n"}), value_arg("n")}, {.name = "matmul"});
}

LoopKernel tiled_matmul() {
  LoopKernel kernel = split_iname(matmul(), "i", 16, {.outer_tag = "g.0", .inner_tag = "l.1"});
  kernel = split_iname(kernel, "j", 16, {.outer_tag = "g.1", .inner_tag = "l.0"});
  kernel = split_iname(kernel, "k", 16);
  std::vector<std::string> outer{"i_outer", "j_outer", "k_outer"};
  kernel = add_prefetch(kernel, "a", {.sweep_inames = {"k_inner", "i_inner"}, .default_tag = "l.auto", .fetch_outer_inames = outer});
  return add_prefetch(kernel, "b", {.sweep_inames = {"j_inner", "k_inner"}, .default_tag = "l.auto", .fetch_outer_inames = outer});
}

TEST(AddPrefetchTest, TiledMatmulFetchesTwoLocalTiles) {
  LoopKernel kernel = tiled_matmul();
  for (const char* name : {"a_fetch", "b_fetch"}) {
    const Temporary* tile = kernel.find_temporary(name);
    ASSERT_NE(tile, nullptr) << name;
    EXPECT_EQ(tile->address_space, AddressSpace::Local);
    ASSERT_EQ(tile->shape.size(), 2u);
    EXPECT_EQ(to_string(tile->shape[0]) + "x" + to_string(tile->shape[1]), "16x16");
  }
  // l.auto: the stride-1 axis on l.0.
  EXPECT_EQ(to_string(kernel.tag_of("a_dim_1")), "l.0");
  EXPECT_EQ(to_string(kernel.tag_of("a_dim_0")), "l.1");
  EXPECT_EQ(to_string(kernel.tag_of("b_dim_1")), "l.0");
  EXPECT_EQ(to_string(kernel.tag_of("b_dim_0")), "l.1");
  ASSERT_NE(kernel.find_instruction("a_fetch_rule"), nullptr);
  ASSERT_NE(kernel.find_instruction("b_fetch_rule"), nullptr);
  EXPECT_EQ(kernel.substitutions.size(), 0u);
}

TEST(AddPrefetchTest, TiledMatmulHasTwoBarriersPerKTile) {
  std::string source = kernels_of(generate_code(tiled_matmul(), Target::OpenCL).source);
  EXPECT_NE(source.find("__local float a_fetch["), std::string::npos) << source;
  EXPECT_NE(source.find("__local float b_fetch["), std::string::npos) << source;
  std::size_t loop = source.find("for (int32_t k_outer");
  ASSERT_NE(loop, std::string::npos) << source;
  // Both barriers inside the k_outer loop: one before the fills (the previous tile is still
  // being read), one after them.
  EXPECT_EQ(count(source, "barrier(CLK_LOCAL_MEM_FENCE)"), 2) << source;
  EXPECT_EQ(count(source.substr(loop), "barrier(CLK_LOCAL_MEM_FENCE)"), 2) << source;
  EXPECT_LT(source.find("barrier(", loop), source.find("a_fetch[", loop)) << source;
  // Executed twice per k tile: none inside the k_inner loop.
  std::size_t inner = source.find("for (int32_t k_inner");
  ASSERT_NE(inner, std::string::npos) << source;
  EXPECT_EQ(count(source.substr(inner), "barrier("), 0) << source;
  EXPECT_LT(source.find("b_fetch[", loop), source.rfind("barrier(", inner)) << source;
  // CUDA gets the same two in each copy of the nest (full work-groups unguarded, then the rest;
  // OpenCL keeps one copy where there are barriers).
  std::string cuda = generate_code(tiled_matmul(), Target::CUDA).source;
  EXPECT_EQ(count(cuda, "__syncthreads();"), 2 * 2) << cuda;
}

TEST(AddPrefetchTest, TheCTargetRefusesTheLocalBarriers) {
  std::string message = error_message<Error>([&] { generate_code(tiled_matmul(), Target::C); });
  EXPECT_NE(message.find("opencl"), std::string::npos) << message;
}

TEST(AddPrefetchOpenCL, TiledMatmulMatchesAtSizesThatDoAndDoNotDivideTheTile) {
  SKIP_WITHOUT_OPENCL();
  LoopKernel kernel = tiled_matmul();
  for (int64_t n : {1, 7, 16, 17, 37, 48}) expect_on_opencl(kernel, matmul(), {{"n", n}});
}

TEST(AddPrefetchOpenCL, TiledMatmulWithoutGuardsWhenTheTileDivides) {
  SKIP_WITHOUT_OPENCL();
  LoopKernel divisible = assume(matmul(), "n mod 16 = 0");
  LoopKernel kernel = split_iname(divisible, "i", 16, {.outer_tag = "g.0", .inner_tag = "l.1"});
  kernel = split_iname(kernel, "j", 16, {.outer_tag = "g.1", .inner_tag = "l.0"});
  kernel = split_iname(kernel, "k", 16);
  std::vector<std::string> outer{"i_outer", "j_outer", "k_outer"};
  kernel = add_prefetch(kernel, "a", {.sweep_inames = {"k_inner", "i_inner"}, .default_tag = "l.auto", .fetch_outer_inames = outer});
  kernel = add_prefetch(kernel, "b", {.sweep_inames = {"j_inner", "k_inner"}, .default_tag = "l.auto", .fetch_outer_inames = outer});
  EXPECT_TRUE(kernel.find_instruction("a_fetch_rule")->predicates.empty());
  for (int64_t n : {16, 48}) expect_on_opencl(kernel, divisible, {{"n", n}});
}

// ---- non-square tiles, fetch inames placed by hand (loopy's rectangular-tile regression) --------

LoopKernel rectangular_matmul() {
  return make_kernel({"{[i,j,k]: 0<=i<n and 0<=j<m and 0<=k<l}"}, "c[i, j] = sum(k, a[i, k]*b[k, j])",
                     {array_arg("a", DType::Float32, {"n", "l"}), array_arg("b", DType::Float32, {"l", "m"}),
                      array_arg("c", DType::Float32, {"n", "m"})},
                     {.name = "rect"});
}

TEST(AddPrefetchOpenCL, NonSquareTilesSplitByHand) {
  SKIP_WITHOUT_OPENCL();
  LoopKernel kernel = split_iname(rectangular_matmul(), "i", 8, {.outer_tag = "g.0", .inner_tag = "l.1"});
  kernel = split_iname(kernel, "j", 23, {.outer_tag = "g.1", .inner_tag = "l.0"});
  kernel = split_iname(kernel, "k", 11);
  std::vector<std::string> outer{"i_outer", "j_outer", "k_outer"};
  kernel = add_prefetch(kernel, "a", {.sweep_inames = {"i_inner", "k_inner"}, .fetch_outer_inames = outer});
  kernel = add_prefetch(kernel, "b", {.sweep_inames = {"k_inner", "j_inner"}, .fetch_outer_inames = outer});
  // a_fetch is 8x11: a_dim_0 on l.1, a_dim_1 on l.0; b_fetch is 11x23: b_dim_1 on l.0, b_dim_0
  // longer than l.1 (8), so split.
  kernel = tag_inames(kernel, "a_dim_0:l.1, a_dim_1:l.0, b_dim_1:l.0");
  kernel = split_iname(kernel, "b_dim_0", 8, {.inner_tag = "l.1"});
  for (auto [n, m, l] : {std::tuple{8, 23, 11}, {1, 1, 1}, {13, 29, 17}, {17, 50, 23}}) {
    expect_on_opencl(kernel, rectangular_matmul(), {{"n", n}, {"m", m}, {"l", l}});
  }
}

// ---- transpose through a local tile ---------------------------------------------------------------

LoopKernel transpose() {
  return make_kernel({"{[i,j]: 0<=i,j<n}"}, "b[i, j] = a[j, i]",
                     {array_arg("a, b", DType::Float32, {"n", "n"}), value_arg("n")}, {.name = "transpose"});
}

LoopKernel tiled_transpose() {
  LoopKernel kernel = split_iname(transpose(), "i", 16, {.outer_tag = "g.0", .inner_tag = "l.1"});
  return split_iname(kernel, "j", 16, {.outer_tag = "g.1", .inner_tag = "l.0"});
}

TEST(AddPrefetchOpenCL, TransposeThroughALocalTile) {
  SKIP_WITHOUT_OPENCL();
  LoopKernel kernel = add_prefetch(tiled_transpose(), "a", {.sweep_inames = {"i_inner", "j_inner"}, .default_tag = "l.auto"});
  std::string source = kernels_of(generate_code(kernel, Target::OpenCL).source);
  EXPECT_EQ(count(source, "barrier(CLK_LOCAL_MEM_FENCE)"), 1) << source;
  for (int64_t n : {1, 5, 16, 17, 33}) expect_on_opencl(kernel, transpose(), {{"n", n}});
}

TEST(AddPrefetchTest, OneDimensionalFetchInATwoDimensionalGroupIsRefused) {
  std::string message = error_message<Error>(
      [&] { add_prefetch(tiled_transpose(), "a", {.sweep_inames = {"i_inner"}, .default_tag = "l.auto"}); });
  EXPECT_NE(message.find("add_prefetch: instruction 'a_fetch_rule' would fill temporary 'a_fetch' in local memory within "
                         "iname 'j_inner' (l.0)"),
            std::string::npos)
      << message;
}

// A priority that puts a reduction's loop outside one of the reader's loops of non-constant extent
// is given up by code generation (issue 23 class 6); the copy must not rely on it (fuzz finding
// 63000210: the copy ran in a k loop of its own before j's and every j read the last k's value).
// The refusal says why the priority does not help.
TEST(AddPrefetchTest, APriorityGivenUpForAReductionDoesNotPlaceTheCopy) {
  LoopKernel kernel = make_kernel({"{[i,j,k]: 0<=i<n and 0<=j<=i and 0<=k<m}"},
                                  "out[i, j] = sum(k, b[i, k] + a[j, k])",
                                  {array_arg("a, b", DType::Float32, {"m", "m"}),
                                   array_arg("out", DType::Float32, {"n", "m"}), value_arg("n"), value_arg("m")},
                                  {.name = "yielded_priority", .assumptions = "n >= 1 and m >= n"});
  kernel = prioritize_loops(kernel, "k, j");
  std::string message = error_message<Error>([&] { add_prefetch(kernel, "b"); });
  EXPECT_NE(message.find("add_prefetch: instruction 'insn' runs loop 'j' around loop 'k', in which the values are "
                         "copied; add 'j' to the outer inames (the loop priority that nests it inside is given up "
                         "for a reduction"),
            std::string::npos)
      << message;
}

// ---- 5-point stencil with a halo (loopy's test_stencil) ------------------------------------------

LoopKernel stencil() {
  return make_kernel({"{[i,j]: 0<=i,j<n}"},
                     "a_offset(ii, jj) := a[ii + 1, jj + 1]\n"
                     "z[i + 1, j + 1] = -2*a_offset(i, j) + a_offset(i, j - 1) + a_offset(i, j + 1) + "
                     "a_offset(i - 1, j) + a_offset(i + 1, j)",
                     {array_arg("a, z", DType::Float32, {"n + 2", "n + 2"}), value_arg("n")}, {.name = "stencil"});
}

LoopKernel tiled_stencil() {
  LoopKernel kernel = split_iname(stencil(), "i", 16, {.outer_tag = "g.1", .inner_tag = "l.1"});
  return split_iname(kernel, "j", 16, {.outer_tag = "g.0", .inner_tag = "l.0"});
}

TEST(AddPrefetchOpenCL, StencilHaloThroughItsBoundingBox) {
  SKIP_WITHOUT_OPENCL();
  LoopKernel kernel =
      add_prefetch(tiled_stencil(), "a", {.sweep_inames = {"i_inner", "j_inner"}, .default_tag = "l.auto", .fetch_bounding_box = true});
  const Temporary* tile = kernel.find_temporary("a_fetch");
  ASSERT_NE(tile, nullptr);
  EXPECT_EQ(to_string(tile->shape[0]) + "x" + to_string(tile->shape[1]), "18x18");
  // 18 values on 16-wide axes: both fetch inames split.
  EXPECT_EQ(to_string(kernel.tag_of("a_dim_1_inner")), "l.0");
  EXPECT_EQ(to_string(kernel.tag_of("a_dim_0_inner")), "l.1");
  for (int64_t n : {1, 5, 16, 19, 35}) expect_on_opencl(kernel, stencil(), {{"n", n}});
}

// Two reads 32 apart: the footprint of a 16-wide tile is two separate pieces. (The 5-point
// stencil's footprint is an octagon, which is convex for isl: it needs no bounding box.)
LoopKernel two_pieces() {
  return make_kernel({"{[i]: 0<=i<n}"}, "out[i] = a[i] + a[i + 32]",
                     {array_arg("a", DType::Float32, {"n + 32"}), array_arg("out", DType::Float32, {"n"}), value_arg("n")},
                     {.name = "pieces"});
}

TEST(AddPrefetchTest, NonConvexFootprintNeedsTheBoundingBox) {
  LoopKernel tiled = split_iname(two_pieces(), "i", 16);
  std::string message = error_message<Error>([&] { add_prefetch(tiled, "a", {.sweep_inames = {"i_inner"}}); });
  EXPECT_NE(message.find("add_prefetch: the footprint of variable 'a' over [i_inner] is not convex (or too "
                         "costly for isl to prove convex); pass fetch_bounding_box=true"),
            std::string::npos)
      << message;
  LoopKernel kernel = add_prefetch(tiled, "a", {.sweep_inames = {"i_inner"}, .fetch_bounding_box = true,
                                                .temporary_address_space = AddressSpace::Private});
  EXPECT_EQ(to_string(kernel.find_temporary("a_fetch")->shape[0]), "48");
  for (int64_t n : {1, 16, 23, 50}) expect_matches_reference(kernel, two_pieces(), {{"n", n}});
}

TEST(AddPrefetchOpenCL, StencilOctagonWithoutBoundingBox) {
  SKIP_WITHOUT_OPENCL();
  LoopKernel kernel = add_prefetch(tiled_stencil(), "a", {.sweep_inames = {"i_inner", "j_inner"}, .default_tag = "l.auto"});
  for (int64_t n : {1, 16, 19}) expect_on_opencl(kernel, stencil(), {{"n", n}});
}

// ---- rank-one update with prefetched vectors ------------------------------------------------------

LoopKernel rank_one() {
  return make_kernel({"{[i,j]: 0<=i<n and 0<=j<m}"}, "out[i, j] = a[i, j] + x[i]*y[j]",
                     {array_arg("a, out", DType::Float32, {"n", "m"}), array_arg("x", DType::Float32, {"n"}),
                      array_arg("y", DType::Float32, {"m"})},
                     {.name = "rank_one"});
}

TEST(AddPrefetchOpenCL, RankOneUpdateWithPrefetchedVectors) {
  SKIP_WITHOUT_OPENCL();
  LoopKernel kernel = split_iname(rank_one(), "i", 16, {.outer_tag = "g.0", .inner_tag = "l.0"});
  kernel = split_iname(kernel, "j", 16);
  kernel = add_prefetch(kernel, "x", {.sweep_inames = {"i_inner"}, .default_tag = "l.auto"});
  kernel = add_prefetch(kernel, "y", {.sweep_inames = {"j_inner"}, .default_tag = "l.auto"});
  EXPECT_EQ(to_string(kernel.tag_of("x_dim_0")), "l.0");
  EXPECT_EQ(to_string(kernel.tag_of("y_dim_0")), "l.0");
  for (auto [n, m] : {std::pair{1, 1}, {16, 16}, {17, 5}, {37, 41}}) expect_on_opencl(kernel, rank_one(), {{"n", n}, {"m", m}});
}

TEST(AddPrefetchOpenCL, ExplicitFootprintSubscriptFetchesWholeAxes) {
  SKIP_WITHOUT_OPENCL();
  LoopKernel reference = fix_parameters(rank_one(), {{"m", 37}});
  LoopKernel kernel = split_iname(reference, "i", 16, {.outer_tag = "g.0", .inner_tag = "l.0"});
  kernel = add_prefetch(kernel, "y[:]", {.default_tag = "l.auto"});
  EXPECT_EQ(to_string(kernel.find_temporary("y_fetch")->shape[0]), "37");
  EXPECT_EQ(to_string(kernel.tag_of("y_dim_0_inner")), "l.0");
  for (int64_t n : {1, 16, 29}) expect_on_opencl(kernel, reference, {{"n", n}});
}

// ---- loopy's convolution recipe (test_apps.py::test_convolution, §6.3) ------------------------

LoopKernel convolution() {
  LoopKernel kernel = make_kernel(
      // icolor after im_x, im_y (loopy lists it before): the checker's C run of the transformed
      // kernel privatizes accumulators by loop nesting, and a g iname nested inside the reduction
      // would need a private copy per work-group.
      {"{ [iimg, ifeat, im_x, im_y, icolor, f_x, f_y]: -f_w <= f_x,f_y <= f_w and 0 <= im_x < im_w and "
       "0 <= im_y < im_h and 0<=iimg<=nimgs and 0<=ifeat<nfeats and 0<=icolor<ncolors }"},
      "out[iimg, ifeat, im_x, im_y] = sum((f_x, f_y, icolor), "
      "img[iimg, f_w+im_x-f_x, f_w+im_y-f_y, icolor] * f[ifeat, f_w+f_x, f_w+f_y, icolor])",
      {array_arg("f", DType::Float32, {"nfeats", "2*f_w + 1", "2*f_w + 1", "ncolors"}),
       array_arg("img", DType::Float32, {"nimgs + 1", "im_w + 2*f_w", "im_h + 2*f_w", "ncolors"}),
       array_arg("out", DType::Float32, {"nimgs + 1", "nfeats", "im_w", "im_h"})},
      {.name = "conv", .assumptions = "f_w>=1 and im_w, im_h >= 2*f_w+1 and nfeats>=1 and nimgs>=0"});
  return fix_parameters(kernel, {{"f_w", 3}, {"ncolors", 3}});
}

TEST(AddPrefetchOpenCL, ConvolutionRecipe) {
  SKIP_WITHOUT_OPENCL();
  LoopKernel kernel = split_iname(convolution(), "im_x", 16, {.outer_tag = "g.0", .inner_tag = "l.0"});
  kernel = split_iname(kernel, "im_y", 16, {.outer_tag = "g.1", .inner_tag = "l.1"});
  kernel = tag_inames(kernel, "ifeat:g.2");
  kernel = add_prefetch(kernel, "f[ifeat,:,:,:]",
                        {.default_tag = "l.auto", .fetch_outer_inames = std::vector<std::string>{"im_x_outer", "im_y_outer", "ifeat"}});
  kernel = add_prefetch(kernel, "img",
                        {.sweep_inames = {"im_x_inner", "im_y_inner", "f_x", "f_y"},
                         .default_tag = "l.auto",
                         .fetch_outer_inames = std::vector<std::string>{"iimg", "im_x_outer", "im_y_outer", "ifeat", "icolor"}});
  // f's block of one feature (7x7x3) and img's 22x22 halo tile, both local.
  EXPECT_EQ(to_string(kernel.find_temporary("f_fetch")->shape[0]) + "x" + to_string(kernel.find_temporary("f_fetch")->shape[1]) +
                "x" + to_string(kernel.find_temporary("f_fetch")->shape[2]),
            "7x7x3");
  EXPECT_EQ(to_string(kernel.find_temporary("img_fetch")->shape[0]) + "x" + to_string(kernel.find_temporary("img_fetch")->shape[1]),
            "22x22");
  for (auto [w, h] : {std::pair{16, 16}, {20, 7}}) {
    expect_on_opencl(kernel, convolution(), {{"im_w", w}, {"im_h", h}, {"nfeats", 2}, {"nimgs", 1}});
  }
}

// ---- n-body: a block of positions prefetched per tile of bodies ----------------------------------

LoopKernel nbody() {
  return make_kernel({"{[i,j]: 0<=i,j<n}"}, "acc[i] = sum(j, (x[j] - x[i]) / ((x[j] - x[i])*(x[j] - x[i]) + 0.01f))",
                     {array_arg("x, acc", DType::Float32, {"n"}), value_arg("n")}, {.name = "nbody"});
}

TEST(AddPrefetchOpenCL, NBodyBlockOfPositions) {
  SKIP_WITHOUT_OPENCL();
  LoopKernel kernel = split_iname(nbody(), "i", 16, {.outer_tag = "g.0", .inner_tag = "l.0"});
  kernel = split_iname(kernel, "j", 16);
  // x[i] and x[j] are both read: the explicit subscript names the block (x[i] keeps reading
  // global memory: it lies in the block only when i_outer == j_outer).
  kernel = add_prefetch(kernel, "x[16*j_outer + j_inner]",
                        {.sweep_inames = {"j_inner"}, .default_tag = "l.auto",
                         .fetch_outer_inames = std::vector<std::string>{"i_outer", "j_outer"}});
  EXPECT_NE(to_string(kernel.find_instruction("insn")->expression).find("x[16*i_outer + i_inner]"), std::string::npos)
      << to_string(kernel.find_instruction("insn")->expression);
  std::string source = kernels_of(generate_code(kernel, Target::OpenCL).source);
  EXPECT_NE(source.find("__local float x_fetch[16] __attribute__((aligned(16)));"), std::string::npos) << source;
  for (int64_t n : {1, 16, 23, 40}) expect_on_opencl(kernel, nbody(), {{"n", n}});
}

// ---- within, C target, refusals -------------------------------------------------------------------

TEST(AddPrefetchTest, AccessesOutsideWithinKeepReadingGlobalMemory) {
  LoopKernel reference = make_kernel({"{[i]: 0<=i<n}"}, "p[i] = a[i] {id=first}\nq[i] = 2*a[n - 1 - i] {id=second}",
                                     {array_arg("a, p, q", DType::Float32, {"n"}), value_arg("n")}, {.name = "two"});
  LoopKernel kernel = split_iname(reference, "i", 8);
  kernel = add_prefetch(kernel, "a", {.sweep_inames = {"i_inner"}, .temporary_address_space = AddressSpace::Private,
                                      .within = "id:first"});
  EXPECT_NE(to_string(kernel.find_instruction("first")->expression).find("a_fetch"), std::string::npos);
  EXPECT_EQ(to_string(kernel.find_instruction("second")->expression).find("a_fetch"), std::string::npos);
  for (int64_t n : {1, 8, 11}) expect_matches_reference(kernel, reference, {{"n", n}});
}

TEST(AddPrefetchTest, IndirectFootprintIsRefused) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = a[idx[i]]",
                                  {array_arg("a, out", DType::Float32, {"n"}), array_arg("idx", DType::Int32, {"n"})},
                                  {.name = "gather"});
  kernel = split_iname(kernel, "i", 16);
  std::string message = error_message<Error>([&] { add_prefetch(kernel, "a", {.sweep_inames = {"i_inner"}}); });
  EXPECT_NE(message.find("add_prefetch: the footprint of variable 'a' in instruction 'insn' is data-dependent (index "
                         "'idx[16*i_outer + i_inner]' reads memory)"),
            std::string::npos)
      << message;
}

TEST(AddPrefetchTest, UnknownVariableAndWrongRankAreRefused) {
  std::string unknown = error_message<Error>([&] { add_prefetch(matmul(), "d", {.sweep_inames = {"k"}}); });
  EXPECT_NE(unknown.find("add_prefetch: unknown variable 'd' (the kernel's arrays and temporaries: a, b, c)"), std::string::npos)
      << unknown;
  std::string rank = error_message<Error>([&] { add_prefetch(matmul(), "a[i]", {}); });
  EXPECT_NE(rank.find("add_prefetch: the footprint subscript of 'a[i]' has 1 indices; 'a' has 2 axes"), std::string::npos) << rank;
  std::string sweep = error_message<Error>([&] { add_prefetch(matmul(), "a", {.sweep_inames = {"q"}}); });
  EXPECT_NE(sweep.find("add_prefetch: unknown iname 'q'"), std::string::npos) << sweep;
}

// ---- the SPEC.md recipe through the spec reader ---------------------------------------------------

TEST(AddPrefetchOpenCL, SpecTiledMatmulRecipe) {
  SKIP_WITHOUT_OPENCL();
  Spec spec = read_spec(R"json({
    "loom": 1,
    "name": "matmul",
    "domains": ["{[i,j,k]: 0<=i,j,k<n}"],
    "instructions": ["c[i, j] = sum(k, a[i, k]*b[k, j])"],
    "args": [
      {"name": "a, b", "dtype": "float32", "shape": ["n", "n"]},
      {"name": "c", "dtype": "float32", "shape": ["n", "n"], "order": "C"},
      {"name": "n", "kind": "value", "dtype": "int32"}
    ],
    "assumptions": "n >= 1",
    "transforms": [
      {"op": "split_iname", "iname": "i", "inner_length": 16, "outer_tag": "g.0", "inner_tag": "l.1"},
      {"op": "split_iname", "iname": "j", "inner_length": 16, "outer_tag": "g.1", "inner_tag": "l.0"},
      {"op": "split_iname", "iname": "k", "inner_length": 16},
      {"op": "add_prefetch", "var_name": "a", "sweep_inames": ["k_inner", "i_inner"],
       "fetch_outer_inames": ["i_outer", "j_outer", "k_outer"], "default_tag": "l.auto"},
      {"op": "add_prefetch", "var_name": "b", "sweep_inames": "j_inner, k_inner",
       "fetch_outer_inames": "i_outer, j_outer, k_outer", "default_tag": "l.auto"}
    ]
  })json");
  EXPECT_EQ(spec.kernel.find_temporary("b_fetch")->address_space, AddressSpace::Local);
  std::string source = kernels_of(generate_code(spec.kernel, Target::OpenCL).source);
  EXPECT_EQ(count(source, "barrier(CLK_LOCAL_MEM_FENCE)"), 2) << source;
  for (int64_t n : {5, 32, 41}) expect_on_opencl(spec.kernel, spec.reference, {{"n", n}});
}

// Blocked register tiles (each work-item's rows and columns in runs of two, then the work-item
// index, then a second run: i = 16*ig + 8*ir2 + 2*il + ir) with both inputs prefetched: the
// accumulator's init and final store sit in ilp loops that are left and entered again around the
// product whatever runs first, which made the linearizer open the k loop for the fetches before
// the init and enter it twice (every fetch before any product: garbage, and the check missed it).
TEST(AddPrefetchOpenCL, BlockedRegisterTileEntersTheKLoopOnce) {
  REQUIRE_OPENCL();
  Spec spec = read_spec(R"spec({"loom": 1, "name": "blocked_register_tile", "domains": ["{[i,j,k]: 0<=i,j,k<n}"], "instructions": ["c[i, j] = sum(k, a[i, k]*b[k, j])"], "args": [{"name": "a, b, c", "dtype": "float32", "shape": ["n", "n"]}, {"name": "n", "kind": "value", "dtype": "int32"}], "assumptions": "n >= 1", "transforms": [{"op": "split_iname", "iname": "i", "inner_length": 2, "inner_iname": "ir", "outer_iname": "i1", "inner_tag": "ilp"}, {"op": "split_iname", "iname": "i1", "inner_length": 4, "inner_iname": "il", "outer_iname": "i2", "inner_tag": "l.1"}, {"op": "split_iname", "iname": "i2", "inner_length": 2, "inner_iname": "ir2", "outer_iname": "ig", "inner_tag": "ilp", "outer_tag": "g.1"}, {"op": "split_iname", "iname": "j", "inner_length": 2, "inner_iname": "jr", "outer_iname": "j1", "inner_tag": "ilp"}, {"op": "split_iname", "iname": "j1", "inner_length": 4, "inner_iname": "jl", "outer_iname": "j2", "inner_tag": "l.0"}, {"op": "split_iname", "iname": "j2", "inner_length": 2, "inner_iname": "jr2", "outer_iname": "jg", "inner_tag": "ilp", "outer_tag": "g.0"}, {"op": "split_iname", "iname": "k", "inner_length": 4, "inner_iname": "kk", "outer_iname": "ko"}, {"op": "add_prefetch", "var_name": "a", "sweep_inames": ["ir", "il", "ir2", "kk"], "fetch_outer_inames": ["ig", "jg", "ko"], "default_tag": "l.auto"}, {"op": "add_prefetch", "var_name": "b", "sweep_inames": ["jr", "jl", "jr2", "kk"], "fetch_outer_inames": ["ig", "jg", "ko"], "default_tag": "l.auto"}, {"op": "prioritize_loops", "loop_priority": "ko, kk, ir2, ir, jr2, jr"}], "test": {"parameters": {"n": 37}}})spec");
  std::string source = generate_code(spec.kernel, Target::OpenCL).source;
  EXPECT_EQ(count(source, "for (int32_t ko"), 1) << source;
  for (int64_t n : {1, 16, 37}) expect_on_opencl(spec.kernel, spec.reference, {{"n", n}});
}

// Transform fuzzer regressions (issue 24). A private scalar fetch for `product(k, ...)` ran in the
// k loop of the `sum(k, ...)` before it (the linearizer kept that loop open for it), so the
// product saw only the last k's value: the fetch now waits for the product's init.
TEST(AddPrefetchTest, PrivateFetchRunsInTheLoopOfTheReductionItServes) {
  LoopKernel reference = make_kernel({"{[i]: 0<=i<n}", "{[k]: 0<=k<m}"},
                                     "s[i] = sum(k, a[i, k]*y[k]) {id=first}\n"
                                     "p[i] = product(k, 1.0 + 0.01*a[i, k]) {id=second, dep=first}",
                                     {array_arg("a", DType::Float32, {"m", "m"}), array_arg("y", DType::Float32, {"m"}),
                                      array_arg("s, p", DType::Float32, {"n"})},
                                     {.assumptions = "n >= 1 and m >= n"});
  LoopKernel fetched = add_prefetch(reference, "a", {.sweep_inames = {}, .default_tag = std::nullopt, .fetch_bounding_box = true,
                                                     .temporary_address_space = AddressSpace::Private, .within = "id:second"});
  for (int64_t m : {1, 5, 8}) expect_matches_reference(fetched, reference, {{"n", 1}, {"m", m}});
  expect_matches_reference(fetched, reference, {{"n", 8}, {"m", 8}});
}

// The fill of a local reduction's array (k_inner on l.0, with a ragged last tile) waited for the
// fetch of a's row inside k_outer: the fetch ran in a k_outer loop of its own before the
// reduction's, which then read only the last tile.
TEST(AddPrefetchOpenCL, LocalFetchPerTileOfALocalReduction) {
  REQUIRE_OPENCL();
  LoopKernel reference = make_kernel({"{[i,k]: 0<=i<n and 0<=k<m}"}, "out[i] = sum(k, a[i, k]*y[k]) {id=dot}",
                                     {array_arg("a", DType::Float32, {"m", "m"}), array_arg("y", DType::Float32, {"m"}),
                                      array_arg("out", DType::Float32, {"n"})},
                                     {.assumptions = "n >= 1 and m >= n"});
  LoopKernel split = split_iname(reference, "k", 4, {.inner_tag = "l.0"});
  LoopKernel fetched = add_prefetch(split, "a", {.sweep_inames = {"k_inner"}, .default_tag = "l.auto", .within = "id:dot"});
  for (int64_t m : {4, 9}) expect_on_opencl(fetched, reference, {{"n", 4}, {"m", m}});
}

}  // namespace
}  // namespace loom
