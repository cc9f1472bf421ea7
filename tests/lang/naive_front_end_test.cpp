// The front end on kernels written by people who never read loom's examples (loopy users, C and
// Python programmers, PolyBench and textbook kernels): forms they write that loom refused or
// answered with a message that did not say what was wrong (wt-lang11; the specs themselves are
// in tests/conformance/naive/). Each accepted form runs against the float64 reference on C.
#include <gtest/gtest.h>

#include "analysis/type_inference.hpp"
#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

MakeKernelOptions with_assumptions(const std::string& assumptions) {
  MakeKernelOptions options;
  options.assumptions = assumptions;
  return options;
}

// ---- augmented assignment ----------------------------------------------------------------------

TEST(NaiveFrontEnd, AugmentedAssignmentIsTheLongForm) {
  const std::vector<KernelArgument> args = {array_arg("a", DType::Float32, {"n", "n"}),
                                            array_arg("out", DType::Float32, {"n"}), infer_remaining_args()};
  LoopKernel augmented = make_kernel({"{[i,k]: 0<=i,k<n}"}, "out[i] = 0 {id=z}\nout[i] += 2*a[i, k] {dep=z}", args);
  LoopKernel written_out =
      make_kernel({"{[i,k]: 0<=i,k<n}"}, "out[i] = 0 {id=z}\nout[i] = out[i] + 2*a[i, k] {dep=z}", args);
  EXPECT_EQ(to_string(augmented.instructions[1].expression), to_string(written_out.instructions[1].expression));
  for (int64_t n : {1, 7}) expect_matches_reference(augmented, written_out, {{"n", n}});
}

TEST(NaiveFrontEnd, EveryAugmentedOperatorReadsAsPythonsAndRuns) {
  struct Case {
    const char* text;
    const char* expression;
  };
  const Case cases[] = {{"b[i] -= a[i]", "b[i] - a[i]"},   {"b[i] *= a[i]", "b[i]*a[i]"},
                        {"b[i] /= 2", "b[i] / 2"},         {"b[i] **= 2", "b[i]**2"},
                        {"c[i] //= 3", "c[i] // 3"},       {"c[i] %= 5", "c[i] % 5"},
                        {"b[i] += a[i] - 1", "b[i] + (a[i] - 1)"}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, c.text,
                                    {array_arg("a, b", DType::Float32, {"n"}), array_arg("c", DType::Int32, {"n"}),
                                     infer_remaining_args()});
    EXPECT_EQ(to_string(kernel.instructions[0].expression), c.expression);
    expect_matches_reference(kernel, kernel, {{"n", 13}});
  }
}

TEST(NaiveFrontEnd, AugmentedAssignmentOfADeclarationOrOfSeveralIsRefused) {
  auto make = [](const char* text) {
    return [text] { make_kernel({"{[i]: 0<=i<n}"}, text, {array_arg("a, b", DType::Float32, {"n"})}); };
  };
  EXPECT_NE(error_message<Error>(make("<float32> t += a[i]")).find("a declaration '<...>' cannot update its variable with '+='"),
            std::string::npos);
  EXPECT_NE(error_message<Error>(make("a[i], b[i] += 1")).find("'+=' updates one variable, not several"),
            std::string::npos);
}

// ---- shapes inferred under conditions ------------------------------------------------------------

TEST(NaiveFrontEnd, ShapeOfAnArrayReadUnderAConditionIsTheDomains) {
  // The read a[i] runs for 2 < i < 5 only: the largest index read is min(n - 1, 4), which has two
  // pieces; loopy's shape guess ignores the condition and gives n, the domain's.
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = if(i > 2 and i < 5, a[i], 0)",
                                  {array_arg("out", DType::Float32, {"n"}), infer_remaining_args()});
  ASSERT_NE(kernel.find_arg("a"), nullptr);
  ASSERT_EQ(kernel.find_arg("a")->shape.size(), 1u);
  EXPECT_EQ(to_string(kernel.find_arg("a")->shape[0]), "n");
}

TEST(NaiveFrontEnd, ShapeOfAnArrayWrittenInIfElifElseBlocksIsTheDomains) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"},
                                  "for i\n"
                                  "  if i < 2\n"
                                  "    out[i] = 1\n"
                                  "  elif i < 4\n"
                                  "    out[i] = 2\n"
                                  "  else\n"
                                  "    out[i] = a[i]\n"
                                  "  end\n"
                                  "end",
                                  {array_arg("a", DType::Float32, {"n"}), infer_remaining_args()});
  ASSERT_NE(kernel.find_arg("out"), nullptr);
  ASSERT_EQ(kernel.find_arg("out")->shape.size(), 1u);
  EXPECT_EQ(to_string(kernel.find_arg("out")->shape[0]), "n");
  for (int64_t n : {1, 3, 13}) expect_matches_reference(kernel, kernel, {{"n", n}});
}

TEST(NaiveFrontEnd, AShapeWithPiecesNamesThemInTheRefusal) {
  // a[max(i - 1, 0)] reads up to 0 for n <= 2 and up to n - 2 beyond: no single extent.
  std::string message = error_message<Error>([] {
    make_kernel({"{[i]: 0<=i<n}"}, "out[i] = a[max(i - 1, 0)]",
                {array_arg("out", DType::Float32, {"n"}), infer_remaining_args()});
  });
  EXPECT_NE(message.find("cannot infer the shape of 'a': the largest index on axis 0 is not a single affine "
                         "expression of the parameters ([n] -> {"),
            std::string::npos)
      << message;
  EXPECT_EQ(message.find("unbounded"), std::string::npos) << message;
}

TEST(NaiveFrontEnd, TemporaryIndexedUpToAParameterTheAssumptionsBoundIsThatLong) {
  // loopy sizes `<> t[i]` over 0 <= i < n with n <= 8 as 8: private arrays need a constant size.
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "<> t[i] = 2*a[i]\nout[i] = t[i] + 1",
                                  {array_arg("a, out", DType::Float32, {"8"}), infer_remaining_args()},
                                  with_assumptions("n <= 8"));
  const Temporary* t = kernel.find_temporary("t");
  ASSERT_NE(t, nullptr);
  ASSERT_EQ(t->shape.size(), 1u);
  EXPECT_EQ(to_string(t->shape[0]), "8");
  for (int64_t n : {1, 5, 8}) expect_matches_reference(kernel, kernel, {{"n", n}});
}

TEST(NaiveFrontEnd, AnArrayReadOnlyInsideASubstitutionRuleGetsItsShapeWhereTheRuleIsUsed) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "twice := 2*a[i + 1]\nout[i] = twice + 1",
                                  {array_arg("out", DType::Float32, {"n"}), array_arg("a", DType::Float32, {"auto"}),
                                   infer_remaining_args()});
  const KernelArgument* a = kernel.find_arg("a");
  ASSERT_NE(a, nullptr);
  ASSERT_EQ(a->shape.size(), 1u);
  EXPECT_EQ(to_string(a->shape[0]), "n + 1");
  for (int64_t n : {1, 13}) expect_matches_reference(kernel, kernel, {{"n", n}});
}

// ---- functions -------------------------------------------------------------------------------------

TEST(NaiveFrontEnd, MinAndMaxOfMoreThanTwoValuesNest) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = min(a[i], b[i], c[i]) + fmax(a[i], b[i], 0.25, c[i])",
                                  {array_arg("a, b, c, out", DType::Float32, {"n"}), infer_remaining_args()});
  EXPECT_EQ(to_string(kernel.instructions[0].expression),
            "min(min(a[i], b[i]), c[i]) + fmax(fmax(fmax(a[i], b[i]), 0.25), c[i])");
  for (int64_t n : {1, 13}) expect_matches_reference(kernel, kernel, {{"n", n}});
}

TEST(NaiveFrontEnd, MaxOfALoopInameAndAValueSaysHowToWriteTheLargerOfTwo) {
  std::string message = error_message<ParseError>([] {
    make_kernel({"{[i]: 0<=i<n}"}, "out[i] = a[i] + max(i, 2)",
                {array_arg("a, out", DType::Float32, {"n"}), infer_remaining_args()});
  });
  EXPECT_NE(message.find("reduction over 'i' inside a loop over 'i'"), std::string::npos) << message;
  EXPECT_NE(message.find("for the larger of two values write fmax(x, y)"), std::string::npos) << message;
}

// ---- messages ----------------------------------------------------------------------------------

TEST(NaiveFrontEnd, AMisspeltInameIsNamedAsSuchNotOnlyAsAMissingDtype) {
  std::string message = error_message<Error>([] {
    LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = a[j]",
                                    {array_arg("a, out", DType::Float32, {"n"}), infer_remaining_args()});
    infer_types(kernel);
  });
  EXPECT_NE(message.find("the dtype of value argument 'j' is unknown: 'j' is no iname of any domain"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("instruction 'insn' uses it"), std::string::npos) << message;
  EXPECT_NE(message.find("{[j]: 0<=j<n}"), std::string::npos) << message;
}

TEST(NaiveFrontEnd, AnUntypedInputArrayNamesWhereItIsUsedAndTheWaysToType) {
  std::string message = error_message<Error>([] {
    LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = 2*a[i]", {infer_remaining_args()});
    infer_types(kernel);
  });
  EXPECT_NE(message.find("the dtype of argument 'a' is unknown (nothing assigned to it determines it; instruction "
                         "'insn' uses it"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("or apply add_dtypes"), std::string::npos) << message;
}

TEST(NaiveFrontEnd, DependenciesSeparatedByACommaGetTheColonHint) {
  std::string message = error_message<ParseError>([] {
    make_kernel({"{[i]: 0<=i<n}"}, "b[i] = a[i] {id=one}\nb[i] = 2*b[i] {id=three, dep=one,two}",
                {array_arg("a, b", DType::Float32, {"n"})});
  });
  EXPECT_NE(message.find("unknown instruction option 'two' (options are separated by ',', the elements of a list "
                         "option by ':', as in dep=a:b"),
            std::string::npos)
      << message;
}

TEST(NaiveFrontEnd, AnOutputThatReadsItselfIsTypedByItsOtherValues) {
  // out = 0, then out = out + a: loopy types out from a (float32), as loom types a temporary.
  LoopKernel kernel = make_kernel({"{[i,k]: 0<=i<n and 0<=k<m}"}, "out[i] = 0 {id=z}\nout[i] = out[i] + a[i, k] {dep=z}",
                                  {array_arg("a", DType::Float32, {"n", "m"}), infer_remaining_args()});
  LoopKernel typed = infer_types(kernel);
  ASSERT_NE(typed.find_arg("out"), nullptr);
  EXPECT_EQ(typed.find_arg("out")->dtype, DType::Float32);
  for (int64_t n : {1, 13}) expect_matches_reference(kernel, kernel, {{"n", n}, {"m", 5}});
}

TEST(NaiveFrontEnd, InstructionsWrittenInOrderWithoutDependenciesPointToSeqDependencies) {
  const char* text =
      "for i\n"
      "  out[i] = 0\n"
      "  for k\n"
      "    out[i] = out[i] + a[i, k]\n"
      "  end\n"
      "end";
  const std::vector<KernelArgument> args = {array_arg("a", DType::Float32, {"n", "m"}), infer_remaining_args()};
  LoopKernel unordered = make_kernel({"{[i,k]: 0<=i<n and 0<=k<m}"}, text, args);
  std::string message = error_message<Error>([&] { check_against_reference(unordered, unordered, {{"n", 3}, {"m", 4}}); });
  EXPECT_NE(message.find("but no dependency orders them"), std::string::npos) << message;
  EXPECT_NE(message.find("options.seq_dependencies: true orders every instruction after the one written before it"),
            std::string::npos)
      << message;
  MakeKernelOptions in_order;
  in_order.options.seq_dependencies = true;
  LoopKernel ordered = make_kernel({"{[i,k]: 0<=i<n and 0<=k<m}"}, text, args, in_order);
  for (int64_t n : {1, 13}) expect_matches_reference(ordered, ordered, {{"n", n}, {"m", 4}});
}

// ---- spec keys ---------------------------------------------------------------------------------

TEST(NaiveFrontEnd, NumpyDtypeSpellingsAreRead) {
  EXPECT_EQ(parse_dtype("f4"), DType::Float32);
  EXPECT_EQ(parse_dtype("f8"), DType::Float64);
  EXPECT_EQ(parse_dtype("i8"), DType::Int64);
  EXPECT_EQ(parse_dtype("u1"), DType::UInt8);
  EXPECT_EQ(parse_dtype("np.uint8"), DType::UInt8);
  EXPECT_EQ(parse_dtype("numpy.float64"), DType::Float64);
  EXPECT_EQ(parse_dtype("np.int16"), DType::Int16);
  EXPECT_EQ(parse_dtype("np."), std::nullopt);
  EXPECT_EQ(parse_dtype("f3"), std::nullopt);
}

TEST(NaiveFrontEnd, AnIntegerShapeIsAOneAxisShape) {
  Spec spec = read_spec(R"({"loom": 1, "name": "copy10", "domains": "{[i]: 0<=i<10}",
                            "instructions": "out[i] = a[i]",
                            "args": [{"name": "a, out", "dtype": "f4", "shape": 10}]})");
  const KernelArgument* a = spec.kernel.find_arg("a");
  ASSERT_NE(a, nullptr);
  ASSERT_EQ(a->shape.size(), 1u);
  EXPECT_EQ(to_string(a->shape[0]), "10");
  EXPECT_EQ(a->dtype, DType::Float32);
  expect_matches_reference(spec.kernel, spec.reference, {});
}

TEST(NaiveFrontEnd, LoopysArgumentClassNamesAndShapeNoneAreRead) {
  Spec spec = read_spec(R"({"loom": 1, "name": "scale", "domains": "{[i]: 0<=i<n}",
                            "instructions": "out[i] = s*a[i] + w[0]",
                            "args": [{"name": "a", "kind": "GlobalArg", "dtype": "float32", "shape": null},
                                     {"name": "out", "kind": "ArrayArg", "dtype": "float32", "shape": "n"},
                                     {"name": "w", "kind": "ConstantArg", "dtype": "float32", "shape": [1]},
                                     {"name": "s", "kind": "ValueArg", "dtype": "float32"},
                                     {"name": "n", "kind": "ValueArg", "dtype": "int32"}]})");
  const KernelArgument* a = spec.kernel.find_arg("a");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->kind, ArgKind::Array);
  ASSERT_EQ(a->shape.size(), 1u);
  EXPECT_EQ(to_string(a->shape[0]), "n");
  EXPECT_EQ(spec.kernel.find_arg("out")->kind, ArgKind::Array);
  EXPECT_EQ(spec.kernel.find_arg("w")->kind, ArgKind::Constant);
  EXPECT_EQ(spec.kernel.find_arg("s")->kind, ArgKind::Value);
  CheckOptions options;
  options.values = {{"s", 1.5}};
  for (int64_t n : {1, 13}) expect_matches_reference(spec.kernel, spec.reference, {{"n", n}}, options);
}

TEST(NaiveFrontEnd, KeysPutAtTheTopLevelThatBelongElsewhereSayWhere) {
  struct Case {
    const char* key_and_value;
    const char* message;
  };
  const Case cases[] = {
      {R"("seq_dependencies": true)", "/seq_dependencies: unknown key 'seq_dependencies': it is an option: \"options\""},
      {R"("parameters": {"n": 8})", "/parameters: unknown key 'parameters': parameter values for `loom run` go in \"test\""},
      {R"("target": "opencl")", "/target: unknown key 'target': the target is chosen on the command line"},
      {R"("lang_version": [2018, 2])", "/lang_version: unknown key 'lang_version': loom reads loopy's current language"},
      {R"("kernel_data": ["..."])", "/kernel_data: unknown key 'kernel_data': loopy's kernel_data is \"args\" here"}};
  for (const Case& c : cases) {
    std::string text = std::string(R"({"loom": 1, "name": "k", "domains": "{[i]: 0<=i<n}", "instructions": "out[i] = 2*a[i]",
                                         "args": [{"name": "a", "dtype": "float32"}, "..."], )") +
                       c.key_and_value + "}";
    std::string message = error_message<Error>([&] { read_spec(text); });
    EXPECT_NE(message.find(c.message), std::string::npos) << message;
  }
}

}  // namespace
}  // namespace loom
