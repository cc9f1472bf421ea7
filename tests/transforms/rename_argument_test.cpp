// rename_argument: the renamed kernel computes what the same kernel written with the new names
// computes, and the names a caller passes change everywhere (domains, assumptions, shapes, strides).
#include <gtest/gtest.h>

#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

// out[i, j] = s*a[i, j] + n over an n x m grid, `a` with explicit row strides, written with the
// given names for n, a and s.
LoopKernel scaled_grid(const std::string& n, const std::string& a, const std::string& s) {
  KernelArgument input = array_arg(a, DType::Float32, {n, "m"});
  input.dim_tags = {"stride:m", "stride:1"};
  return make_kernel({"{[i,j]: 0<=i<" + n + " and 0<=j<m}"}, "out[i, j] = " + s + "*" + a + "[i, j] + " + n,
                     {input, array_arg("out", DType::Float32, {n, "m"}), value_arg(s, DType::Float32),
                      value_arg(n), value_arg("m")},
                     {.name = "grid", .assumptions = n + " >= 1"});
}

TEST(RenameArgument, MatchesTheKernelWrittenWithTheNewNames) {
  LoopKernel kernel = scaled_grid("n", "a", "s");
  kernel = rename_argument(kernel, "n", "rows");
  kernel = rename_argument(kernel, "a", "input");
  kernel = rename_argument(kernel, "s", "scale");
  LoopKernel written = scaled_grid("rows", "input", "scale");
  expect_matches_reference(kernel, written, {{"rows", 5}, {"m", 7}});
  std::string source = generate_code(kernel, Target::C).source;
  EXPECT_NE(source.find("int32_t const rows"), std::string::npos) << source;
  EXPECT_EQ(source.find(" n)"), std::string::npos) << source;
  EXPECT_NE(kernel.assumptions_text.find("rows"), std::string::npos) << kernel.assumptions_text;
  // The renamed kernel can be transformed further under its new names.
  expect_matches_reference(split_iname(kernel, "i", 2), written, {{"rows", 5}, {"m", 3}});
}

TEST(RenameArgument, Refusals) {
  LoopKernel kernel = scaled_grid("n", "a", "s");
  std::string unknown = error_message<Error>([&] { rename_argument(kernel, "b", "c"); });
  EXPECT_NE(unknown.find("rename_argument: argument 'b' not found"), std::string::npos) << unknown;
  std::string taken = error_message<Error>([&] { rename_argument(kernel, "a", "m"); });
  EXPECT_NE(taken.find("'m' is already an argument"), std::string::npos) << taken;
  std::string iname = error_message<Error>([&] { rename_argument(kernel, "a", "i"); });
  EXPECT_NE(iname.find("'i' is already an iname"), std::string::npos) << iname;
}

}  // namespace
}  // namespace loom
