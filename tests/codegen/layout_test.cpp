// Array layouts (dim_tags, offset): generated indexing, execution compared by logical index, and
// refusals.
#include <gtest/gtest.h>

#include <algorithm>

#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

LoopKernel transpose_with(std::vector<std::string> a_tags, ExprPtr offset = nullptr) {
  KernelArgument a = array_arg("a", DType::Float32, {"n", "m"});
  a.dim_tags = std::move(a_tags);
  a.offset = std::move(offset);
  return make_kernel({"{[i,j]: 0<=i<n and 0<=j<m}"}, "out[j, i] = 2*a[i, j]",
                     {a, array_arg("out", DType::Float32, {"m", "n"})}, {.name = "layout"});
}

TEST(Layout, DimTagsMatchTheDefaultLayouts) {
  LoopKernel reference = transpose_with({});
  for (auto tags : std::vector<std::vector<std::string>>{{"c", "c"}, {"N1", "N0"}, {"f", "f"}, {"N0", "N1"},
                                                         {"stride:m", "stride:1"}, {"stride:1", "stride:n"}}) {
    SCOPED_TRACE(tags[0] + "," + tags[1]);
    expect_matches_reference(transpose_with(tags), reference, {{"n", 5}, {"m", 7}});
  }
  std::string source = generate_code(transpose_with({"N0", "N1"}), Target::C).source;
  EXPECT_NE(source.find("a[i + j * n]"), std::string::npos) << source;
}

// loopy's stride:auto: packed outside the axes with known strides (C order when all are auto).
TEST(Layout, AutoStridesPackOutsideTheKnownOnes) {
  LoopKernel reference = transpose_with({});
  for (auto tags : std::vector<std::vector<std::string>>{{"stride:auto", "stride:1"}, {"stride:auto", "stride:auto"},
                                                         {"stride:1", "stride:auto"}}) {
    SCOPED_TRACE(tags[0] + "," + tags[1]);
    expect_matches_reference(transpose_with(tags), reference, {{"n", 5}, {"m", 7}});
  }
  std::string c_order = generate_code(transpose_with({"stride:auto", "stride:1"}), Target::C).source;
  EXPECT_NE(c_order.find("a[i * m + j]"), std::string::npos) << c_order;
  std::string f_order = generate_code(transpose_with({"stride:1", "stride:auto"}), Target::C).source;
  EXPECT_NE(f_order.find("a[i + j * n]"), std::string::npos) << f_order;
}

TEST(Layout, PaddedRowsAndOffset) {
  LoopKernel reference = transpose_with({});
  LoopKernel padded = transpose_with({"stride:m + 3", "stride:1"}, int_literal(5));
  std::string source = generate_code(padded, Target::C).source;
  EXPECT_NE(source.find("a[5 + i * (m + 3) + j]"), std::string::npos) << source;
  expect_matches_reference(padded, reference, {{"n", 4}, {"m", 6}});
  // The launcher refuses an array whose strides are not the layout's.
  Array a(DType::Float32, {4, 6}), out(DType::Float32, {6, 4});
  std::string message = error_message<Error>([&] {
    compile(padded)({{"a", a}, {"out", out}, {"n", Scalar(int64_t{4})}, {"m", Scalar(int64_t{6})}});
  });
  EXPECT_NE(message.find("'a' must have strides (9, 1) (its layout), got (6, 1)"), std::string::npos) << message;
}

TEST(Layout, Refusals) {
  std::string mixed = error_message<Error>([] { transpose_with({"c", "f"}); });
  EXPECT_NE(mixed.find("argument 'a': dim_tags mix c, f and N levels"), std::string::npos) << mixed;
  std::string count = error_message<Error>([] { transpose_with({"c"}); });
  EXPECT_NE(count.find("has 1 entries but the array has 2 axes"), std::string::npos) << count;
  std::string levels = error_message<Error>([] { transpose_with({"N0", "N0"}); });
  EXPECT_NE(levels.find("levels must be N0..N1, each once"), std::string::npos) << levels;
  std::string unknown = error_message<Error>([] { transpose_with({"x", "c"}); });
  EXPECT_NE(unknown.find("entry 'x' is not c, f, N0..N9, stride:EXPR, sep or vec"), std::string::npos) << unknown;
}

TEST(Layout, ThroughASpec) {
  Spec spec = read_spec(R"json({"loom": 1, "name": "t", "domains": "{[i,j]: 0<=i<n and 0<=j<m}",
    "instructions": "out[j, i] = 2*a[i, j]",
    "args": [{"name": "a", "dtype": "float32", "shape": ["n", "m"], "dim_tags": "N0,N1", "offset": 3},
             {"name": "out", "dtype": "float32", "shape": ["m", "n"]}],
    "test": {"parameters": {"n": 3, "m": 5}}})json");
  EXPECT_EQ(spec.reference.find_arg("a")->dim_tags, (std::vector<std::string>{"N0", "N1"}));
  Spec again = read_spec(write_spec(spec));
  EXPECT_EQ(generate_code(again.kernel, Target::C).source, generate_code(spec.kernel, Target::C).source);
  expect_matches_reference(spec.kernel, transpose_with({}), spec.test.parameters);
  try {
    read_spec(R"json({"loom": 1, "name": "t", "domains": "{[i]: 0<=i<n}", "instructions": "out[i] = a[i]",
      "args": [{"name": "a, out", "dtype": "float32", "shape": ["n"], "dim_tags": "vec"}]})json");
    FAIL() << "accepted vec";
  } catch (const SpecError& error) {
    EXPECT_EQ(error.path(), "/args/0/dim_tags") << error.what();
  }
}

// loopy's test_sep_array_ordering declares `dim_tags="sep,C"` on an argument: the spec takes sep
// (each index of the axis a block of its own, blocks in index order, outermost) and loopy's
// upper-case C. A sep axis 1 ("C,sep") stores a's columns as blocks of 3.
TEST(Layout, SepAxesAndUpperCaseTagsThroughASpec) {
  KernelArgument a = array_arg("a", DType::Float32, {"3", "m"});
  LoopKernel reference = make_kernel({"{[i,j]: 0<=i<3 and 0<=j<m}"}, "out[j, i] = 2*a[i, j]",
                                     {a, array_arg("out", DType::Float32, {"m", "3"})}, {.name = "t"});
  for (auto [tags, access] : std::vector<std::pair<std::string, std::string>>{{"sep,C", "a[i * m + j]"},
                                                                              {"C,sep", "a[i + j * 3]"}}) {
    SCOPED_TRACE(tags);
    Spec spec = read_spec(R"json({"loom": 1, "name": "t", "domains": "{[i,j]: 0<=i<3 and 0<=j<m}",
      "instructions": "out[j, i] = 2*a[i, j]",
      "args": [{"name": "a", "dtype": "float32", "shape": [3, "m"], "dim_tags": ")json" + tags + R"json("},
               {"name": "out", "dtype": "float32", "shape": ["m", 3]}],
      "test": {"parameters": {"m": 5}}})json");
    std::vector<std::string> lower = {tags.substr(0, tags.find(',')), tags.substr(tags.find(',') + 1)};
    for (std::string& tag : lower) std::transform(tag.begin(), tag.end(), tag.begin(), ::tolower);
    EXPECT_EQ(spec.reference.find_arg("a")->dim_tags, lower);
    Spec again = read_spec(write_spec(spec));
    std::string source = generate_code(again.kernel, Target::C).source;
    EXPECT_EQ(source, generate_code(spec.kernel, Target::C).source);
    EXPECT_NE(source.find(access), std::string::npos) << source;
    expect_matches_reference(spec.kernel, reference, spec.test.parameters);
  }
}

}  // namespace
}  // namespace loom
