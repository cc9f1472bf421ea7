// The kernel language end to end: temporaries, rules, dependencies, several domains, inferred
// arguments and shapes, data-dependent loops; each executed and checked on the C target.
#include <gtest/gtest.h>

#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

TEST(Language, SubstitutionRuleUsedTwice) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"},
                                  "sq(x) := x*x\n"
                                  "out[i] = sq(a[i]) + sq(a[i] + 1)",
                                  {array_arg("a, out", DType::Float32, {"n"})});
  EXPECT_EQ(kernel.substitutions.count("sq"), 1u);
  expect_matches_reference(kernel, kernel, {{"n", 33}});
  GeneratedCode code = generate_code(kernel, Target::C);
  EXPECT_NE(code.source.find("a[i] * a[i] + (a[i] + 1.0f) * (a[i] + 1.0f)"), std::string::npos) << code.source;
}

TEST(Language, TwoInstructionsOrderedByDep) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}", "{[ii]: 0<=ii<n}"},
                                  "b[i] = 2*a[i] {id=double}\n"
                                  "c[ii] = b[n - 1 - ii] + 1 {id=reverse, dep=double}",
                                  {array_arg("a, b, c", DType::Float32, {"n"})});
  EXPECT_EQ(kernel.find_instruction("reverse")->depends_on, (std::set<std::string>{"double"}));
  expect_matches_reference(kernel, kernel, {{"n", 19}});
}

TEST(Language, MatrixVectorWithExplicitAccumulator) {
  LoopKernel kernel = make_kernel({"{[i,j]: 0<=i<n and 0<=j<m}"},
                                  "for i\n"
                                  "  <float32> acc = 0 {id=init}\n"
                                  "  for j\n"
                                  "    acc = acc + a[i, j]*x[j] {id=update, dep=init}\n"
                                  "  end\n"
                                  "  y[i] = acc {id=store, dep=update}\n"
                                  "end",
                                  {array_arg("a", DType::Float32, {"n", "m"}), array_arg("x", DType::Float32, {"m"}),
                                   array_arg("y", DType::Float32, {"n"})});
  EXPECT_EQ(kernel.find_instruction("init")->within_inames, (std::set<std::string>{"i"}));
  EXPECT_EQ(kernel.find_instruction("update")->within_inames, (std::set<std::string>{"i", "j"}));
  expect_matches_reference(kernel, kernel, {{"n", 13}, {"m", 7}});
}

TEST(Language, TwoDomainsWithOuterInameAsParameter) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}", "{[j]: 0<=j<=i}"}, "out[i] = sum(j, a[j])",
                                  {array_arg("a, out", DType::Float64, {"n"})});
  expect_matches_reference(kernel, kernel, {{"n", 12}});
}

TEST(Language, InferredArgumentsAndShapes) {
  LoopKernel kernel = make_kernel({"{[i,j]: 0<=i<n and 0<=j<m}"}, "out[i, j] = 2*a[i, j+1]",
                                  {array_arg("a", DType::Float32, {"auto"}), infer_remaining_args()});
  ASSERT_NE(kernel.find_arg("out"), nullptr);
  EXPECT_EQ(to_string(kernel.find_arg("a")->shape[1]), "m + 1");
  EXPECT_EQ(to_string(kernel.find_arg("out")->shape[0]), "n");
  expect_matches_reference(kernel, kernel, {{"n", 5}, {"m", 4}});
}

TEST(Language, TemporaryShapeFromFootprint) {
  LoopKernel kernel = make_kernel({"{[i,k]: 0<=i<n and 0<=k<4}"},
                                  "<float32> t[k] = a[i] * k {id=fill}\n"
                                  "out[i] = t[0] + t[3] {dep=fill}",
                                  {array_arg("a, out", DType::Float32, {"n"})});
  ASSERT_EQ(kernel.find_temporary("t")->shape.size(), 1u);
  EXPECT_EQ(to_string(kernel.find_temporary("t")->shape[0]), "4");
}

TEST(Language, CsrSpmvWithDataDependentLoopAndEmptyRows) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}", "{[jj]: 0<=jj<row_len}"},
                                  "<int32> row_start = rowstart[i] {id=start}\n"
                                  "<int32> row_len = rowstart[i+1] - rowstart[i] {id=len}\n"
                                  "y[i] = sum(jj, values[row_start + jj] * x[colidx[row_start + jj]]) {dep=start:len}",
                                  {array_arg("rowstart", DType::Int32, {"n + 1"}), array_arg("values", DType::Float64, {"nnz"}),
                                   array_arg("colidx", DType::Int32, {"nnz"}), array_arg("x, y", DType::Float64, {"n"})});
  // Rows 1 and 3 are empty.
  CheckOptions options;
  options.inputs["rowstart"] = InputGenerator{InputGenerator::Kind::Values, 0, 0, {0, 2, 2, 5, 5, 7}};
  options.inputs["colidx"] = InputGenerator{InputGenerator::Kind::Values, 0, 0, {0, 4, 1, 2, 3, 0, 4}};
  expect_matches_reference(kernel, kernel, {{"n", 5}, {"nnz", 7}}, options);
}

TEST(Language, RefusesTemporaryDeclaredTwice) {
  std::string message = error_message<ParseError>([] {
    make_kernel({"{[i]: 0<=i<n}"}, "<float32> t = a[i]\n<float32> t = 2*a[i]\nout[i] = t",
                {array_arg("a, out", DType::Float32, {"n"})});
  });
  EXPECT_NE(message.find("temporary 't' is declared twice"), std::string::npos) << message;
}

TEST(Language, RefusesShapeThatCannotBeInferred) {
  std::string message = error_message<Error>([] {
    make_kernel({"{[i]: 0<=i}"}, "out[i] = 1", {array_arg("out", DType::Float32, {"auto"})});
  });
  EXPECT_NE(message.find("cannot infer the shape of 'out'"), std::string::npos) << message;
  EXPECT_NE(message.find("add assumptions"), std::string::npos) << message;
}

TEST(Language, RefusesReadingAnUnwrittenUndeclaredVariable) {
  std::string message = error_message<ParseError>([] {
    make_kernel({"{[i]: 0<=i<n}"}, "out[i] = scale * a[i]", {array_arg("a, out", DType::Float32, {"n"})});
  });
  EXPECT_NE(message.find("unknown name 'scale'"), std::string::npos) << message;
}

}  // namespace
}  // namespace loom
