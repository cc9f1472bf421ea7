// The parameter schemas of assume, fix_parameters, join_inames, chunk_iname and map_domain: calls
// by name (as JSON specs make them), their printed form, and fix_parameters' keyword values.
#include <gtest/gtest.h>

#include "loom/loom.hpp"
#include "test_helpers.hpp"
#include "test_kernels.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

TEST(RegistryParameters, TheseTransformsAreRegistered) {
  std::vector<std::string> names = registered_transforms();
  for (const char* name :
       {"assume", "fix_parameters", "join_inames", "chunk_iname", "map_domain"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << name;
  }
}

TEST(RegistryParameters, FixParametersTakesParameterNamesAsKeys) {
  LoopKernel kernel = test_kernels::vector_scale();
  LoopKernel fixed = apply_transform(kernel, {"fix_parameters", {{"n", int64_t{200}}}});
  EXPECT_EQ(fixed.find_arg("n"), nullptr);
  ASSERT_EQ(fixed.applied_transforms.size(), 1u);
  EXPECT_EQ(fixed.applied_transforms[0].call, "fix_parameters(n=200)");
  std::string text = error_message<Error>([&] {
    apply_transform(kernel, {"fix_parameters", {{"n", std::string("200")}}});
  });
  EXPECT_NE(text.find("fix_parameters: the value of 'n' must be an integer, got \"200\""),
            std::string::npos)
      << text;
  std::string flag = error_message<Error>([&] {
    apply_transform(kernel, {"fix_parameters", {{"n", true}}});
  });
  EXPECT_NE(flag.find("fix_parameters: the value of 'n' must be an integer, got true"),
            std::string::npos)
      << flag;
  std::string unknown = error_message<Error>([&] {
    apply_transform(kernel, {"fix_parameters", {{"m", int64_t{3}}}});
  });
  EXPECT_NE(unknown.find("fix_parameters(m=3): 'm' is not a name of the kernel"), std::string::npos)
      << unknown;
  EXPECT_NO_THROW(
      apply_transform(kernel, {"fix_parameters", {{"n", int64_t{8}}, {"unchecked", true}}}));
}

TEST(RegistryParameters, AssumeJoinChunkAndMapByName) {
  LoopKernel vector_scale = test_kernels::vector_scale();
  LoopKernel assumed =
      apply_transform(vector_scale, {"assume", {{"assumptions", std::string("n mod 4 = 0")}}});
  EXPECT_EQ(assumed.applied_transforms.back().call, "assume(assumptions=\"n mod 4 = 0\")");

  LoopKernel rows = make_kernel({"{[i,j]: 0<=i<n and 0<=j<8}"}, "out[i, j] = 2*a[i, j]",
                                {array_arg("a, out", DType::Float32, {"n", "8"})});
  LoopKernel joined = apply_transform(rows, {"join_inames",
                                             {{"inames", std::string("i, j")},
                                              {"new_iname", std::string("k")},
                                              {"tag", std::string("g.0")}}});
  EXPECT_EQ(joined.applied_transforms.back().call,
            "join_inames(inames=[\"i\", \"j\"], new_iname=\"k\", tag=\"g.0\")");
  expect_matches_reference(joined, rows, {{"n", 5}});

  LoopKernel fixed = fix_parameters(vector_scale, {{"n", 100}});
  LoopKernel chunked = apply_transform(fixed, {"chunk_iname",
                                               {{"iname", std::string("i")},
                                                {"num_chunks", int64_t{4}},
                                                {"outer_tag", std::string("g.0")}}});
  EXPECT_EQ(chunked.applied_transforms.back().call,
            "chunk_iname(iname=\"i\", num_chunks=4, outer_tag=\"g.0\")");
  std::string chunks = error_message<Error>([&] {
    apply_transform(fixed,
                    {"chunk_iname", {{"iname", std::string("i")}, {"num_chunk", int64_t{4}}}});
  });
  EXPECT_NE(chunks.find("unknown parameter 'num_chunk' (did you mean 'num_chunks'?)"),
            std::string::npos)
      << chunks;

  LoopKernel mapped = apply_transform(
      vector_scale,
      {"map_domain", {{"isl_map", std::string("{[i] -> [o, r]: i = 4o + r and 0 <= r < 4}")}}});
  EXPECT_EQ(mapped.applied_transforms.back().call,
            // Recorded under loopy's name, transform_map (isl_map stays accepted).
            "map_domain(transform_map=\"{[i] -> [o, r]: i = 4o + r and 0 <= r < 4}\")");
  expect_matches_reference(mapped, vector_scale, {{"n", 10}});
}

}  // namespace
}  // namespace loom
