// The kernel language end to end: temporaries, rules, dependencies, several domains, inferred
// arguments and shapes, data-dependent loops; each executed and checked on the C target.
#include <gtest/gtest.h>

#include "loom/loom.hpp"
#include "test_helpers.hpp"
#include "test_kernels.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

// loopy's TypeCast as cast(T, x) (test_sized_integer_c_codegen): the value converted to T.
TEST(Language, TypeCast) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"},
                                  "a[i] = cast(int64, 1) << i\n"
                                  "b[i] = cast(int32, x[i] * 2.5f)\n"
                                  "c[i] = cast(float32, i) / 2",
                                  {array_arg("a", DType::Int64, {"n"}), array_arg("b", DType::Int32, {"n"}),
                                   array_arg("x, c", DType::Float32, {"n"})});
  EXPECT_NE(instructions_text(kernel).find("a[i] = cast(int64, 1) << i"), std::string::npos) << instructions_text(kernel);
  Array a(DType::Int64, {40}), b(DType::Int32, {40}), x(DType::Float32, {40}), c(DType::Float32, {40});
  for (int i = 0; i < 40; ++i) x.set_double(i, i);
  compile(kernel)({{"a", a}, {"b", b}, {"x", x}, {"c", c}, {"n", Scalar(int64_t{40})}});
  EXPECT_EQ(a.get_int(39), int64_t{1} << 39);
  EXPECT_EQ(b.get_int(3), 7);  // 7.5 truncated
  EXPECT_EQ(c.get_double(3), 1.5);
  std::string message = error_message<Error>([] {
    make_kernel({"{[i]: 0<=i<n}"}, "a[i] = cast(int65, 1)", {array_arg("a", DType::Int64, {"n"})});
  });
  EXPECT_NE(message.find("cast takes a type and a value, cast(int64, x)"), std::string::npos) << message;
}

// loopy's linear subscript a[[e]] (test_dependent_loop_bounds): element e of a's storage, which
// is a[e] for a contiguous array of one axis; refused where it is not.
TEST(Language, LinearSubscript) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = a[[i + 1]]",
                                  {array_arg("a", DType::Float32, {"n + 1"}), array_arg("out", DType::Float32, {"n"})});
  EXPECT_NE(instructions_text(kernel).find("out[i] = a[i + 1]"), std::string::npos) << instructions_text(kernel);
  Array a(DType::Float32, {5}), out(DType::Float32, {4});
  for (int k = 0; k < 5; ++k) a.set_double(k, 10 * k);
  compile(kernel)({{"a", a}, {"out", out}, {"n", Scalar(int64_t{4})}});
  EXPECT_EQ(out.get_double(3), 40);
  std::string two_axes = error_message<Error>([] {
    make_kernel({"{[i]: 0<=i<4}"}, "out[i] = b[[i]]", {array_arg("b", DType::Float32, {"2", "2"}), array_arg("out", DType::Float32, {"4"})});
  });
  EXPECT_NE(two_axes.find("instruction 'insn': linear subscript 'b[[...]]' is not supported here: 'b' has 2 axes"),
            std::string::npos) << two_axes;
  KernelArgument strided = array_arg("c", DType::Float32, {"8"});
  strided.dim_tags = {"stride:2"};
  std::string stride = error_message<Error>([&] {
    make_kernel({"{[i]: 0<=i<4}"}, "out[i] = c[[i]]", {strided, array_arg("out", DType::Float32, {"4"})});
  });
  EXPECT_NE(stride.find("the axis of 'c' has stride 2, so a[[e]] and a[e] differ"), std::string::npos) << stride;
}

TEST(Language, SubstitutionRuleUsedTwice) {
  LoopKernel kernel = test_kernels::substitution_rule_used_twice();
  EXPECT_EQ(kernel.substitutions.count("sq"), 1u);
  expect_matches_reference(kernel, kernel, {{"n", 33}});
  GeneratedCode code = generate_code(kernel, Target::C);
  EXPECT_NE(code.source.find("a[i] * a[i] + (a[i] + 1.0f) * (a[i] + 1.0f)"), std::string::npos) << code.source;
}

TEST(Language, TwoInstructionsOrderedByDep) {
  LoopKernel kernel = test_kernels::ordered_by_dep();
  EXPECT_EQ(kernel.find_instruction("reverse")->depends_on, (std::set<std::string>{"double"}));
  expect_matches_reference(kernel, kernel, {{"n", 19}});
}

TEST(Language, MatrixVectorWithExplicitAccumulator) {
  LoopKernel kernel = test_kernels::matvec_explicit_accumulator();
  EXPECT_EQ(kernel.find_instruction("init")->within_inames, (std::set<std::string>{"i"}));
  EXPECT_EQ(kernel.find_instruction("update")->within_inames, (std::set<std::string>{"i", "j"}));
  expect_matches_reference(kernel, kernel, {{"n", 13}, {"m", 7}});
}

TEST(Language, TwoDomainsWithOuterInameAsParameter) {
  LoopKernel kernel = test_kernels::two_domains();
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

// loopy infers temporaries' shapes after fix_parameters (test_rob_stroud_bernstein_full fixes deg
// after make_kernel): a shape that is still a parameter is kept, made constant by fix_parameters,
// and refused by code generation only if it stays a parameter.
TEST(Language, TemporaryShapeOfAParameterWaitsForFixParameters) {
  LoopKernel kernel = make_kernel({"{[i,k]: 0<=i<n and 0<=k<=deg}"},
                                  "<float32> t[k] = a[i] * k {id=fill}\n"
                                  "out[i] = t[0] + t[deg] {dep=fill}",
                                  {array_arg("a, out", DType::Float32, {"n"}), value_arg("deg")},
                                  {.assumptions = "deg >= 0"});
  EXPECT_EQ(to_string(kernel.find_temporary("t")->shape[0]), "deg + 1");
  std::string message = error_message<Error>([&] { generate_code(kernel, Target::C); });
  EXPECT_NE(message.find("temporary 't' has a non-constant shape (deg + 1); private temporaries need constant shapes: "
                         "fix the parameters it uses (fix_parameters"),
            std::string::npos)
      << message;
  LoopKernel fixed = fix_parameters(kernel, {{"deg", 3}});
  EXPECT_EQ(to_string(fixed.find_temporary("t")->shape[0]), "4");
  LoopKernel reference = make_kernel({"{[i,k]: 0<=i<n and 0<=k<=3}"},
                                     "<float32> t[k] = a[i] * k {id=fill}\n"
                                     "out[i] = t[0] + t[3] {dep=fill}",
                                     {array_arg("a, out", DType::Float32, {"n"})});
  expect_matches_reference(fixed, reference, {{"n", 5}});
}

TEST(Language, CsrSpmvWithDataDependentLoopAndEmptyRows) {
  LoopKernel kernel = test_kernels::csr_spmv();
  expect_matches_reference(kernel, kernel, {{"n", 5}, {"nnz", 7}}, test_kernels::csr_inputs());
  // The reference cannot see a mistake both kernels share; check the sums themselves.
  Array rowstart(DType::Int32, {6}), colidx(DType::Int32, {7}), values(DType::Float64, {7});
  Array x(DType::Float64, {5}), y(DType::Float64, {5});
  std::vector<int> starts = {0, 2, 2, 5, 5, 7}, columns = {0, 4, 1, 2, 3, 0, 4};
  for (int i = 0; i < 6; ++i) rowstart.set_int(i, starts[static_cast<std::size_t>(i)]);
  for (int i = 0; i < 7; ++i) colidx.set_int(i, columns[static_cast<std::size_t>(i)]), values.set_double(i, i + 1);
  for (int i = 0; i < 5; ++i) x.set_double(i, 10 * (i + 1)), y.set_double(i, -99);
  compile(kernel)({{"rowstart", rowstart}, {"colidx", colidx}, {"values", values}, {"x", x}, {"y", y},
                   {"n", Scalar(int64_t{5})}, {"nnz", Scalar(int64_t{7})}});
  std::vector<double> expected = {1 * 10 + 2 * 50, 0, 3 * 20 + 4 * 30 + 5 * 40, 0, 6 * 10 + 7 * 50};
  for (int i = 0; i < 5; ++i) EXPECT_DOUBLE_EQ(y.get_double(i), expected[static_cast<std::size_t>(i)]) << "row " << i;
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
