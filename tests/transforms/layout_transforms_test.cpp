// Layout transforms (issue 11): tag_array_axes, split_array_axis, add_padding and
// pad_local_arrays_for_banks, executed and compared with the untransformed kernel by logical
// index; vec axes as OpenCL/CUDA vector loads and stores; refusals with their text.
#include <gtest/gtest.h>

#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "runtime/cuda_driver.hpp"
#include "runtime/host_cuda.hpp"
#include "runtime/host_opencl.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::have_opencl;

using testing::error_message;
using testing::expect_matches_reference;

bool contains(const std::string& text, const std::string& what) {
  return text.find(what) != std::string::npos;
}

std::string instruction_of(const LoopKernel& kernel) {
  return to_string(kernel.instructions.front().assignees.front()) + " = " +
         to_string(kernel.instructions.front().expression);
}

LoopKernel scale_2d() {
  return make_kernel(
      {"{[i,j]: 0<=i<n and 0<=j<m}"}, "out[i, j] = 2*a[i, j] + 1",
      {array_arg("a, out", DType::Float32, {"n", "m"}), value_arg("n"), value_arg("m")},
      {.name = "scale_2d"});
}

LoopKernel scale_1d(const std::string& assumptions = "") {
  return make_kernel({"{[i]: 0<=i<n}"}, "out[i] = 2*a[i]",
                     {array_arg("a, out", DType::Float32, {"n"}), value_arg("n")},
                     {.name = "vscale", .assumptions = assumptions});
}

const std::vector<ParameterMap>& sizes_2d() {
  static const std::vector<ParameterMap> sizes = {
      {{"n", 1}, {"m", 1}}, {{"n", 3}, {"m", 5}}, {{"n", 8}, {"m", 7}}};
  return sizes;
}

// ---- tag_array_axes
// ------------------------------------------------------------------------------

// loopy's set_array_axis_names (test_vectorize): names only, the kernel computes and generates
// the same; its arguments are checked as loopy checks them.
TEST(SetArrayAxisNames, ChecksItsArgumentsAndChangesNothing) {
  LoopKernel reference = make_kernel({"{[i,j]: 0<=i,j<n}"}, "out[i, j] = 2*a[i, j]",
                                     {array_arg("a, out", DType::Float32, {"n", "n"})});
  LoopKernel named = apply_transform(reference, {"set_array_axis_names", {{"ary_names", std::string("a, out")},
                                                                         {"dim_names", std::string("row, col")}}});
  EXPECT_EQ(instructions_text(named), instructions_text(reference));
  EXPECT_EQ(generate_code(named, Target::C).source, generate_code(reference, Target::C).source);
  ASSERT_FALSE(named.applied_transforms.empty());
  EXPECT_EQ(named.applied_transforms.back().name, "set_array_axis_names");
  expect_matches_reference(named, reference, {{"n", 5}});
  auto refusal = [&](const std::string& arrays, const std::string& names) {
    return error_message<Error>([&] {
      apply_transform(reference, {"set_array_axis_names", {{"ary_names", arrays}, {"dim_names", names}}});
    });
  };
  EXPECT_NE(refusal("a", "i").find("set_array_axis_names: array 'a' has 2 axes, but 1 names were given"),
            std::string::npos);
  EXPECT_NE(refusal("a", "i, i").find("axis name 'i' is given twice"), std::string::npos);
  EXPECT_NE(refusal("a", "i, 2j").find("'2j' is not a valid axis name"), std::string::npos);
  EXPECT_NE(refusal("b", "i, j").find("set_array_axis_names:"), std::string::npos);
}

TEST(TagArrayAxes, EveryLayoutComputesTheSameByLogicalIndex) {
  for (const char* tags : {"f,f", "N0,N1", "N1,N0", "stride:1,stride:n", "c,sep", "sep,c"}) {
    SCOPED_TRACE(tags);
    LoopKernel kernel = tag_array_axes(scale_2d(), "a", tags);
    kernel = tag_array_axes(kernel, "out", "f,f");
    for (const ParameterMap& parameters : sizes_2d())
      expect_matches_reference(kernel, scale_2d(), parameters);
  }
}

TEST(TagArrayAxes, LayoutsGiveTheirStridesInTheCode) {
  std::string fortran = generate_code(tag_array_axes(scale_2d(), "a", "f,f"), Target::C).source;
  EXPECT_TRUE(contains(fortran, "a[i + j * n]")) << fortran;
  // sep on axis 1: each j is a block of n elements of its own.
  std::string separate = generate_code(tag_array_axes(scale_2d(), "a", "c,sep"), Target::C).source;
  EXPECT_TRUE(contains(separate, "a[i + j * n]")) << separate;
  LoopKernel tagged = tag_array_axes(scale_2d(), "a, out", "F, F");
  EXPECT_EQ(tagged.find_arg("out")->dim_tags, (std::vector<std::string>{"f", "f"}));
}

TEST(TagArrayAxes, Refusals) {
  std::string unknown = error_message<Error>([] { tag_array_axes(scale_2d(), "b", "c,c"); });
  EXPECT_TRUE(contains(unknown, "tag_array_axes: no array 'b' among the arguments and temporaries"))
      << unknown;
  std::string count = error_message<Error>([] { tag_array_axes(scale_2d(), "a", "c"); });
  EXPECT_TRUE(contains(count, "tag_array_axes: array 'a' has 2 axes but 1 dim tags were given"))
      << count;
  std::string mixed = error_message<Error>([] { tag_array_axes(scale_2d(), "a", "c,N0"); });
  EXPECT_TRUE(contains(mixed, "argument 'a': dim_tags mix c, f and N levels")) << mixed;
  std::string value = error_message<Error>([] { tag_array_axes(scale_2d(), "n", "c"); });
  EXPECT_TRUE(contains(value, "'n' is a value argument, not an array")) << value;
  std::string symbolic = error_message<Error>([] { tag_array_axes(scale_2d(), "a", "c,vec"); });
  EXPECT_TRUE(contains(symbolic, "axis 1 is vec but its length m is not a constant")) << symbolic;
}

// ---- split_array_axis
// ------------------------------------------------------------------------------

TEST(SplitArrayAxis, SplitInameLinesUpWithTheNewAxes) {
  LoopKernel kernel = split_iname(scale_1d(), "i", 4);
  kernel = split_array_axis(kernel, "a, out", 0, 4);
  EXPECT_EQ(instruction_of(kernel), "out[i_outer, i_inner] = 2*a[i_outer, i_inner]");
  EXPECT_EQ(to_string(kernel.find_arg("a")->shape[0]), "(n + 3) // 4");
  EXPECT_EQ(kernel.find_arg("a")->dim_tags, (std::vector<std::string>{"stride:4", "stride:1"}));
  for (int64_t n : {1, 4, 7, 37}) expect_matches_reference(kernel, scale_1d(), {{"n", n}});
}

TEST(SplitArrayAxis, FortranOrderPutsTheInnerAxisFirst) {
  LoopKernel kernel = split_iname(scale_1d(), "i", 4);
  kernel = split_array_axis(kernel, "a", 0, 4, "F");
  EXPECT_EQ(instruction_of(kernel), "out[4*i_outer + i_inner] = 2*a[i_inner, i_outer]");
  EXPECT_EQ(kernel.find_arg("a")->dim_tags, (std::vector<std::string>{"stride:1", "stride:4"}));
  for (int64_t n : {1, 6, 37}) expect_matches_reference(kernel, scale_1d(), {{"n", n}});
}

TEST(SplitArrayAxis, UnsplitAccessesAndTwoDimensionalArraysCompareByLogicalIndex) {
  // Axis 1 of a 2-D array, not lined up with any iname: the indices stay j // 3 and j % 3.
  LoopKernel kernel = split_array_axis(scale_2d(), "a", 1, 3);
  kernel = split_array_axis(kernel, "out", 0, 2, "F");
  for (const ParameterMap& parameters : sizes_2d())
    expect_matches_reference(kernel, scale_2d(), parameters);
  // Then a new layout on top of the split.
  kernel = tag_array_axes(kernel, "a", "f,f,f");
  for (const ParameterMap& parameters : sizes_2d())
    expect_matches_reference(kernel, scale_2d(), parameters);
}

TEST(SplitArrayAxis, ThroughTheRegistry) {
  LoopKernel kernel = apply_transform(
      split_iname(scale_1d(), "i", 4),
      {"split_array_axis",
       {{"array_names", std::string("a, out")}, {"axis_nr", int64_t{0}}, {"count", int64_t{4}}}});
  kernel = apply_transform(
      kernel, {"tag_array_axes",
               {{"ary_names", std::string("a, out")}, {"dim_tags", std::string("c,vec")}}});
  EXPECT_EQ(kernel.find_arg("out")->dim_tags, (std::vector<std::string>{"c", "vec"}));
  expect_matches_reference(kernel, scale_1d(), {{"n", 9}});
}

TEST(SplitArrayAxis, Refusals) {
  LoopKernel split = split_iname(scale_1d(), "i", 4);
  std::string axis = error_message<Error>([&] { split_array_axis(split, "a", 1, 4); });
  EXPECT_TRUE(contains(axis, "split_array_axis: array 'a' has 1 axes; there is no axis 1")) << axis;
  std::string order = error_message<Error>([&] { split_array_axis(split, "a", 0, 4, "X"); });
  EXPECT_TRUE(contains(order, "order must be \"C\" or \"F\", got \"X\"")) << order;
  std::string count = error_message<Error>([&] { split_array_axis(split, "a", 0, 0); });
  EXPECT_TRUE(contains(count, "count must be at least 1, got 0")) << count;
  LoopKernel vec = tag_array_axes(split_array_axis(split, "a", 0, 4), "a", "c,vec");
  std::string twice = error_message<Error>([&] { split_array_axis(vec, "a", 0, 2); });
  EXPECT_TRUE(contains(twice, "array 'a' has a vec axis; split its axes before tagging one vec"))
      << twice;
}

// ---- vec axes: vector types
// ----------------------------------------------------------------------

// loopy's examples/vector-types.py: out[i] = 2*a[i] in float4s, the outer iname on g.0/l.0.
LoopKernel float4_kernel(const std::string& assumptions, int64_t width = 4) {
  LoopKernel kernel = split_iname(scale_1d(assumptions), "i", width, {.inner_tag = "vec"});
  kernel = split_array_axis(kernel, "a, out", 0, width);
  kernel = tag_array_axes(kernel, "a, out", "c,vec");
  return split_iname(kernel, "i_outer", 16, {.outer_tag = "g.0", .inner_tag = "l.0"});
}

TEST(VecLayout, SourceMovesWholeVectorsOnBothVectorTargets) {
  LoopKernel kernel = float4_kernel("n mod 4 = 0");
  std::string opencl = generate_code(kernel, Target::OpenCL).source;
  EXPECT_TRUE(
      contains(opencl, "float4 loom_vec_0_a = vload4(16 * i_outer_outer + i_outer_inner, a);"))
      << opencl;
  EXPECT_TRUE(contains(opencl, "vstore4(loom_vec_out, 16 * i_outer_outer + i_outer_inner, out);"))
      << opencl;
  EXPECT_TRUE(contains(opencl, "loom_vec_out.s3 = 2.0f * loom_vec_0_a.s3;")) << opencl;
  std::string cuda = generate_code(kernel, Target::CUDA).source;
  EXPECT_TRUE(contains(
      cuda, "float4 loom_vec_0_a = ((const float4 *) a)[16 * i_outer_outer + i_outer_inner];"))
      << cuda;
  EXPECT_TRUE(
      contains(cuda, "((float4 *) out)[16 * i_outer_outer + i_outer_inner] = loom_vec_out;"))
      << cuda;
  EXPECT_TRUE(contains(cuda, "loom_vec_out.w = 2.0f * loom_vec_0_a.w;")) << cuda;
  // The C target unrolls vec loops (SPEC.md).
  std::string c = generate_code(kernel, Target::C).source;
  EXPECT_FALSE(contains(c, "float4")) << c;
}

TEST(VecLayout, GuardedLanesFallBackToUnrollingInThePartialGroup) {
  // Without n mod 4 = 0 the last vector may be partial: in the last work-group each lane keeps
  // its own guard; full groups (docs/decisions.md, "Full work-groups") move whole vectors.
  std::string opencl = generate_code(float4_kernel(""), Target::OpenCL).source;
  std::size_t partial = opencl.find("\n  else\n");
  ASSERT_NE(partial, std::string::npos) << opencl;
  EXPECT_TRUE(contains(opencl.substr(0, partial), "vload4")) << opencl;
  EXPECT_FALSE(contains(opencl.substr(partial), "vload4")) << opencl;
  EXPECT_TRUE(contains(opencl.substr(partial), "out[(16 * i_outer_outer + i_outer_inner) * 4 + 3]")) << opencl;
}

TEST(VecLayout, ReadsOfTheWrittenArrayOnlyAtTheWrittenElement) {
  // Lane 3 reads what lane 0 wrote: the vec tag itself is refused (vec lanes are parallel), so
  // vector loads before stores never change a checked kernel's result.
  LoopKernel reversed =
      make_kernel({"{[i]: 0<=i<n}"}, "out[i] = out[i] + out[4*(i // 4) + 3 - i % 4]",
                  {array_arg("out", DType::Float32, {"n"}), value_arg("n")},
                  {.name = "reversed", .assumptions = "n mod 4 = 0"});
  std::string crossing =
      error_message<Error>([&] { split_iname(reversed, "i", 4, {.inner_tag = "vec"}); });
  EXPECT_TRUE(
      contains(crossing, "iname 'i_inner' is tagged vec and the dependence crosses its iterations"))
      << crossing;
  // Reading only the element it writes: loads before stores, vectorized.
  LoopKernel accumulate = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = out[i] + 1",
                                      {array_arg("out", DType::Float32, {"n"}), value_arg("n")},
                                      {.name = "accumulate", .assumptions = "n mod 4 = 0"});
  LoopKernel kernel = split_iname(accumulate, "i", 4, {.inner_tag = "vec"});
  kernel = tag_array_axes(split_array_axis(kernel, "out", 0, 4), "out", "c,vec");
  std::string opencl = generate_code(kernel, Target::OpenCL).source;
  EXPECT_TRUE(contains(opencl, "float4 loom_vec_0_out = vload4(i_outer, out);")) << opencl;
  EXPECT_TRUE(contains(opencl, "vstore4(loom_vec_out, i_outer, out);")) << opencl;
}

TEST(VecLayout, Float4KernelMatchesItsReferenceOnOpenCL) {
  SKIP_WITHOUT_OPENCL();
  CheckOptions options;
  options.target = Target::OpenCL;
  for (int64_t n : {4, 64, 100, 1028}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    expect_matches_reference(float4_kernel("n mod 4 = 0"), scale_1d(), {{"n", n}}, options);
  }
  for (int64_t n : {1, 7, 65})
    expect_matches_reference(float4_kernel(""), scale_1d(), {{"n", n}}, options);
}

TEST(VecLayout, Float8KernelMatchesItsReferenceOnOpenCL) {
  SKIP_WITHOUT_OPENCL();
  LoopKernel kernel = float4_kernel("n mod 8 = 0", 8);
  EXPECT_TRUE(contains(generate_code(kernel, Target::OpenCL).source, "vload8("));
  CheckOptions options;
  options.target = Target::OpenCL;
  for (int64_t n : {8, 136}) expect_matches_reference(kernel, scale_1d(), {{"n", n}}, options);
}

TEST(VecLayout, Float4CudaSourceCompilesWithNvrtc) {
  std::string source = generate_code(float4_kernel("n mod 4 = 0"), Target::CUDA).source;
  try {
    std::vector<char> cubin = detail::nvrtc_compile_to_cubin(source, "sm_90", "vscale");
    ASSERT_GT(cubin.size(), 4u);
    EXPECT_EQ(std::string(cubin.data() + 1, 3), "ELF");
  } catch (const EnvironmentError& error) {
    GTEST_SKIP() << error.what();  // no NVRTC on this machine
  }
}

TEST(VecLayoutGpu, Float4KernelMatchesItsReferenceThroughCuda) {
  SKIP_WITHOUT_CUDA();
  CheckOptions options;
  options.target = Target::CUDA;
  for (int64_t n : {4, 64, 100, 1028, 1 << 20}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    expect_matches_reference(float4_kernel("n mod 4 = 0"), scale_1d(), {{"n", n}}, options);
  }
  for (int64_t n : {1, 7, 65})
    expect_matches_reference(float4_kernel(""), scale_1d(), {{"n", n}}, options);
}

TEST(VecLayout, RefusesLengthsTheTargetHasNoVectorTypeFor) {
  LoopKernel eight = float4_kernel("n mod 8 = 0", 8);
  std::string cuda = error_message<Error>([&] { generate_code(eight, Target::CUDA); });
  EXPECT_TRUE(
      contains(cuda,
               "array 'a': axis 1 is vec of length 8, but the cuda target has vector types of "
               "lengths 2, 4 only"))
      << cuda;
  std::string c = error_message<Error>([&] { generate_code(eight, Target::C); });
  EXPECT_TRUE(contains(c, "the c target has vector types of lengths 2, 4 only")) << c;
  LoopKernel split = split_array_axis(split_iname(scale_1d(), "i", 3), "a", 0, 3);
  std::string three = error_message<Error>([&] { tag_array_axes(split, "a", "c,vec"); });
  EXPECT_TRUE(
      contains(three,
               "tag_array_axes: argument 'a': dim_tags axis 1 is vec of length 3, which no target "
               "has a vector type for (cuda and c: 2, 4; opencl: 2, 4, 8, 16)"))
      << three;
}

// ---- add_padding
// -----------------------------------------------------------------------------------

TEST(AddPadding, RowsStartAlignedAndResultsCompareByLogicalIndex) {
  LoopKernel kernel = add_padding(scale_2d(), "a", 0, 64);
  EXPECT_EQ(kernel.find_arg("a")->dim_tags,
            (std::vector<std::string>{"stride:(m + 15) // 16*16", "stride:1"}));
  for (const ParameterMap& parameters : sizes_2d())
    expect_matches_reference(kernel, scale_2d(), parameters);
  LoopKernel fortran = add_padding(tag_array_axes(scale_2d(), "out", "f,f"), "out", 1, 32);
  EXPECT_EQ(fortran.find_arg("out")->dim_tags,
            (std::vector<std::string>{"stride:1", "stride:(n + 7) // 8*8"}));
  for (const ParameterMap& parameters : sizes_2d())
    expect_matches_reference(fortran, scale_2d(), parameters);
}

// loopy's test_small_batched_matvec pads f's axis 0 after split_array_dim, whose strides are
// integers: axes inside the padded one keep theirs, the ones outside it are packed around it.
TEST(AddPadding, ArraysWithIntegerStridesAfterASplit) {
  LoopKernel rows = make_kernel({"{[i,j]: 0<=i<n and 0<=j<36}"}, "out[i, j] = 2*a[i, j] + 1",
                                {array_arg("a, out", DType::Float32, {"n", "36"}), value_arg("n")}, {.name = "rows"});
  LoopKernel split = split_array_axis(rows, "a", 0, 3);
  ASSERT_EQ(split.find_arg("a")->dim_tags, (std::vector<std::string>{"stride:108", "stride:36", "stride:1"}));
  LoopKernel outer = add_padding(split, "a", 0, 64);
  EXPECT_EQ(outer.find_arg("a")->dim_tags, (std::vector<std::string>{"stride:112", "stride:36", "stride:1"}));
  LoopKernel middle = add_padding(split, "a", 1, 64);
  EXPECT_EQ(middle.find_arg("a")->dim_tags, (std::vector<std::string>{"stride:144", "stride:48", "stride:1"}));
  for (int64_t n : {1, 5, 9}) {
    expect_matches_reference(outer, rows, {{"n", n}});
    expect_matches_reference(middle, rows, {{"n", n}});
  }
  std::string symbolic =
      error_message<Error>([&] { add_padding(tag_array_axes(scale_2d(), "a", "stride:m, stride:1"), "a", 0, 64); });
  EXPECT_TRUE(contains(symbolic, "add_padding: array 'a' has dim tag 'stride:m' on axis 0; add_padding needs c, f or "
                                 "N0..N9 tags, or integer strides on every axis"))
      << symbolic;
}

TEST(AddPadding, Refusals) {
  std::string bytes = error_message<Error>([] { add_padding(scale_2d(), "a", 0, 6); });
  EXPECT_TRUE(contains(bytes,
                       "add_padding: array 'a' has 4-byte elements; align_bytes must be a positive "
                       "multiple of 4, got 6"))
      << bytes;
  std::string axis = error_message<Error>([] { add_padding(scale_2d(), "a", 2, 64); });
  EXPECT_TRUE(contains(axis, "add_padding: array 'a' has 2 axes; there is no axis 2")) << axis;
}

// ---- pad_local_arrays_for_banks
// ------------------------------------------------------------------

// loopy's transpose (test_linalg.py test_transpose) through a local tile.
LoopKernel transpose() {
  return make_kernel({"{[i,j]: 0<=i,j<n}"}, "b[i, j] = a[j, i]",
                     {array_arg("a, b", DType::Float32, {"n", "n"}), value_arg("n")},
                     {.name = "transpose"});
}

LoopKernel transpose_through_tile() {
  LoopKernel kernel = split_iname(transpose(), "i", 16, {.outer_tag = "g.0", .inner_tag = "l.1"});
  kernel = split_iname(kernel, "j", 16, {.outer_tag = "g.1", .inner_tag = "l.0"});
  return add_prefetch(kernel, "a",
                      {.sweep_inames = {"i_inner", "j_inner"}, .default_tag = "l.auto"});
}

TEST(PadLocalArraysForBanks, SixteenBySixteenTileGetsRowsOfSeventeen) {
  LoopKernel padded = pad_local_arrays_for_banks(transpose_through_tile());
  EXPECT_EQ(padded.find_temporary("a_fetch")->dim_tags,
            (std::vector<std::string>{"stride:17", "stride:1"}));
  std::string source = generate_code(padded, Target::OpenCL).source;
  // 15 rows of 17 and a last one of 16: 271 elements.
  EXPECT_TRUE(contains(source, "__local float a_fetch[271] __attribute__((aligned(16)));")) << source;
  // A column (j_inner on l.0) steps 17 elements: 16 work-items, 16 different banks.
  EXPECT_TRUE(contains(source, "= a_fetch[j_inner * 17 + i_inner];")) << source;
  // Rows of odd length are left alone.
  LoopKernel odd = make_kernel(
      {"{[i,j]: 0<=i<4 and 0<=j<5}"},
      "out[i, j] = t[i, j] {id=use, dep=fill}\nt[i, j] = a[i, j] {id=fill}",
      {array_arg("a, out", DType::Float32, {"4", "5"})},
      {.temporaries = {
           Temporary{"t", DType::Float32, {int_literal(4), int_literal(5)}, AddressSpace::Local}}});
  EXPECT_TRUE(pad_local_arrays_for_banks(odd).find_temporary("t")->dim_tags.empty());
}

TEST(PadLocalArraysForBanks, PaddedTransposeMatchesItsReferenceOnOpenCL) {
  SKIP_WITHOUT_OPENCL();
  LoopKernel padded = pad_local_arrays_for_banks(transpose_through_tile(), "a_fetch");
  CheckOptions options;
  options.target = Target::OpenCL;
  for (int64_t n : {1, 16, 33, 100})
    expect_matches_reference(padded, transpose(), {{"n", n}}, options);
}

TEST(PadLocalArraysForBanks, Refusals) {
  std::string argument =
      error_message<Error>([] { pad_local_arrays_for_banks(transpose_through_tile(), "a"); });
  EXPECT_TRUE(contains(argument, "pad_local_arrays_for_banks: 'a' is an argument, not a temporary"))
      << argument;
  LoopKernel private_tile = make_kernel(
      {"{[i,j]: 0<=i<4 and 0<=j<4}"},
      "out[i, j] = t[i, j] {id=use, dep=fill}\nt[i, j] = a[i, j] {id=fill}",
      {array_arg("a, out", DType::Float32, {"4", "4"})},
      {.temporaries = {Temporary{
           "t", DType::Float32, {int_literal(4), int_literal(4)}, AddressSpace::Private}}});
  std::string space = error_message<Error>([&] { pad_local_arrays_for_banks(private_tile, "t"); });
  EXPECT_TRUE(
      contains(space, "pad_local_arrays_for_banks: temporary 't' is in private memory, not local"))
      << space;
}

}  // namespace
}  // namespace loom
