// add_dtypes / add_and_infer_dtypes: a kernel made without dtypes (as loopy kernels often are) and
// given them by the transform computes what the same kernel declared with those dtypes computes;
// written variables take their dtype from what is assigned to them.
#include <gtest/gtest.h>

#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

// y[i] = sum_j a[i, j] * x[j] + s, with every argument's dtype left to inference or to the
// transforms (`dtypes` fills in the spec's "dtype" keys, or leaves them out when empty).
Spec gemv_spec(const std::string& a_dtype, const std::string& x_dtype, const std::string& transforms) {
  auto dtype = [](const std::string& name) { return name.empty() ? std::string() : ", \"dtype\": \"" + name + "\""; };
  return read_spec(R"({"loom": 1, "name": "gemv", "domains": ["{[i,j]: 0<=i<n and 0<=j<m}"],
    "instructions": ["y[i] = sum(j, a[i, j]*x[j]) + s"],
    "args": [{"name": "a", "shape": ["n", "m"])" + dtype(a_dtype) + R"(},
             {"name": "x", "shape": ["m"])" + dtype(x_dtype) + R"(},
             {"name": "y", "shape": ["n"]},
             {"name": "s", "kind": "value", "dtype": "float32"},
             {"name": "n, m", "kind": "value", "dtype": "int32"}],
    "transforms": [)" + transforms + R"(]})");
}

TEST(AddDtypes, MatchesTheKernelDeclaredWithThem) {
  Spec declared = gemv_spec("float64", "float64", "");
  for (const std::string op : {"add_dtypes", "add_and_infer_dtypes"}) {
    Spec given = gemv_spec("", "", R"({"op": ")" + op + R"(", "dtype_dict": {"a, x": "float64"}},
      {"op": "split_iname", "iname": "i", "inner_length": 8, "outer_tag": "g.0", "inner_tag": "l.0"})");
    expect_matches_reference(given.kernel, declared.kernel, {{"n", 13}, {"m", 7}});
    // y is written from float64 values: inference gives it float64, as loopy's does.
    std::string source = generate_code(given.kernel, Target::C).source;
    EXPECT_NE(source.find("double *restrict y"), std::string::npos) << source;
  }
  // The string form of the map, and a dtype that agrees with the declared one, are accepted.
  Spec string_form = gemv_spec("float64", "", R"({"op": "add_dtypes", "dtype_dict": "a:float64, x:float64"})");
  expect_matches_reference(string_form.kernel, declared.kernel, {{"n", 5}, {"m", 3}});
}

TEST(AddDtypes, WithoutThemTheKernelSaysWhichDtypeIsMissing) {
  Spec untyped = gemv_spec("", "", "");
  std::string message = error_message<Error>([&] { generate_code(untyped.kernel, Target::C); });
  EXPECT_NE(message.find("the dtype of argument 'a' is unknown"), std::string::npos) << message;
}

TEST(AddDtypes, Refusals) {
  std::string unknown = error_message<SpecError>([] { gemv_spec("", "", R"({"op": "add_dtypes", "dtype_dict": {"a, b": "float32"}})"); });
  EXPECT_NE(unknown.find("add_dtypes: b is neither an argument nor a temporary"), std::string::npos) << unknown;
  std::string different = error_message<SpecError>([] { gemv_spec("float32", "", R"({"op": "add_dtypes", "dtype_dict": {"a": "float64"}})"); });
  EXPECT_NE(different.find("argument 'a' already has dtype float32, not float64"), std::string::npos) << different;
  std::string bad_dtype = error_message<SpecError>([] { gemv_spec("", "", R"({"op": "add_and_infer_dtypes", "dtype_dict": {"a": "float128"}})"); });
  EXPECT_NE(bad_dtype.find("add_and_infer_dtypes: unknown dtype 'float128' for 'a'"), std::string::npos) << bad_dtype;
}

}  // namespace
}  // namespace loom
