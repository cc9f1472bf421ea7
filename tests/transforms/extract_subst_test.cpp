// extract_subst: loopy's bsquare example, parameters and wildcards, matches in rules and
// assignee indices, executed equivalence, and refusals; its unifier (src/ir/unify.hpp) as a table
// of {template, variables, target, answers}.
#include <gtest/gtest.h>

#include "ir/unify.hpp"
#include "lang/instruction_parser.hpp"
#include "loom/loom.hpp"
#include "test_helpers.hpp"
#include "test_kernels.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

LoopKernel bsquare_kernel() {
  return make_kernel({"{[i]: 0<=i<n}"}, "a[i] = 23*b[i]**2 + 25*b[i]**2",
                     {array_arg("a, b", DType::Float64, {"n"})});
}

TEST(ExtractSubst, LoopysBsquareExample) {
  LoopKernel kernel = bsquare_kernel();
  LoopKernel extracted = extract_subst(kernel, "bsquare", "alpha*b[i]**2", {"alpha"});
  ASSERT_EQ(extracted.substitutions.count("bsquare"), 1u);
  const SubstitutionRule& rule = extracted.substitutions.at("bsquare");
  EXPECT_EQ(rule.parameters, (std::vector<std::string>{"alpha"}));
  EXPECT_EQ(to_string(rule.expression), "alpha*b[i]**2");
  EXPECT_EQ(to_string(extracted.instructions[0].expression), "bsquare(23) + bsquare(25)");
  for (int64_t n : {1, 7, 13}) expect_matches_reference(extracted, kernel, {{"n", n}});
}

TEST(ExtractSubst, LoopysInameDependentTemplate) {
  // loopy's test_extract_subst_with_iname_deps_in_templ: i stays free in the rule.
  LoopKernel kernel = make_kernel({"{[i,j,k]: 0<=i<n and 0<=j,k<5}"}, "y[i, j, k] = x[i, j, k]",
                                  {array_arg("x, y", DType::Float64, {"n", "5", "5"})});
  LoopKernel extracted = extract_subst(kernel, "rule1", "x[i, arg1, arg2]", {"arg1", "arg2"});
  EXPECT_EQ(to_string(extracted.substitutions.at("rule1").expression), "x[i, arg1, arg2]");
  EXPECT_EQ(to_string(extracted.instructions[0].expression), "rule1(j, k)");
  for (int64_t n : {1, 7, 13}) expect_matches_reference(extracted, kernel, {{"n", n}});
}

TEST(ExtractSubst, TermsMatchInAnyOrder) {
  // pymbolic's sums and products are commutative: b[i]**2*3 matches alpha*b[i]**2.
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "a[i] = b[i]**2*3 - 2*b[i]**2",
                                  {array_arg("a, b", DType::Float64, {"n"})});
  LoopKernel extracted = extract_subst(kernel, "bsquare", "alpha*b[i]**2", {"alpha"});
  EXPECT_EQ(to_string(extracted.instructions[0].expression), "bsquare(3) - bsquare(2)");
  for (int64_t n : {1, 11}) expect_matches_reference(extracted, kernel, {{"n", n}});
}

TEST(ExtractSubst, SeveralParametersMatchInAssigneeIndicesAndRules) {
  LoopKernel kernel = make_kernel(
      {"{[i]: 0<=i<n}"},
      "f(x) := 3*(x + 1)\n"
      "out[2*i + 1] = f(a[i]) + (a[i] + 1)*(b[i] + 1) {id=s}",
      {array_arg("a, b", DType::Float64, {"n"}), array_arg("out", DType::Float64, {"2*n + 1"})});
  LoopKernel extracted = extract_subst(kernel, "inc", "u + 1", {"u"});
  EXPECT_EQ(to_string(extracted.substitutions.at("inc").expression), "u + 1");
  EXPECT_EQ(to_string(extracted.substitutions.at("f").expression), "3*inc(x)");
  EXPECT_EQ(to_string(extracted.instructions[0].expression), "f(a[i]) + inc(a[i])*inc(b[i])");
  EXPECT_EQ(to_string(extracted.instructions[0].assignees[0]), "out[inc(2*i)]");
  for (int64_t n : {1, 6, 17}) expect_matches_reference(extracted, kernel, {{"n", n}});
  // A chain a + b + c is one sum of three terms: the two-term template does not see a + b in it.
  LoopKernel chain = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = a[i] + b[i] + 1",
                                 {array_arg("a, b, out", DType::Float64, {"n"})});
  std::string none = error_message<Error>([&] { extract_subst(chain, "s", "a[i] + b[i]"); });
  EXPECT_NE(none.find("extract_subst: no expression matches the template 'a[i] + b[i]'"),
            std::string::npos)
      << none;
}

TEST(ExtractSubst, WildcardsMustStandForOneExpression) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = 2*exp(a[i]) + 5*exp(a[i])",
                                  {array_arg("a, out", DType::Float64, {"n"})});
  LoopKernel extracted = extract_subst(kernel, "scaled_exp", "alpha*exp(*)", {"alpha"});
  EXPECT_EQ(to_string(extracted.substitutions.at("scaled_exp").expression), "alpha*exp(a[i])");
  EXPECT_EQ(to_string(extracted.instructions[0].expression), "scaled_exp(2) + scaled_exp(5)");
  for (int64_t n : {1, 9}) expect_matches_reference(extracted, kernel, {{"n", n}});
  // A '*' after an operand multiplies: "alpha * *" is alpha times a wildcard, and a product of
  // two unknowns matches 2*exp(a[i]) both ways round.
  std::string both_ways =
      error_message<Error>([&] { extract_subst(kernel, "times", "alpha * *", {"alpha"}); });
  EXPECT_NE(both_ways.find("alpha=2, times_wc=exp(a[i]) or alpha=exp(a[i]), times_wc=2"),
            std::string::npos)
      << both_ways;
  LoopKernel mixed = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = 2*exp(a[i]) + 5*exp(b[i])",
                                 {array_arg("a, b, out", DType::Float64, {"n"})});
  std::string differ =
      error_message<Error>([&] { extract_subst(mixed, "r", "alpha*exp(*)", {"alpha"}); });
  EXPECT_NE(differ.find("a '*' wildcard of the template stands for 'a[i]' in one match and for "
                        "'b[i]' in another"),
            std::string::npos)
      << differ;
}

TEST(ExtractSubst, WithinLimitsTheInstructions) {
  LoopKernel kernel =
      make_kernel({"{[i]: 0<=i<n}"}, "x[i] = 2*a[i] {id=first}\ny[i] = 2*a[i] {id=second}",
                  {array_arg("a, x, y", DType::Float32, {"n"})});
  LoopKernel extracted = extract_subst(kernel, "twice", "2*v", {"v"}, {.within = "id:second"});
  EXPECT_EQ(to_string(extracted.find_instruction("first")->expression), "2*a[i]");
  EXPECT_EQ(to_string(extracted.find_instruction("second")->expression), "twice(a[i])");
  for (int64_t n : {1, 5}) expect_matches_reference(extracted, kernel, {{"n", n}});
}

TEST(ExtractSubst, ReductionsInTheTemplate) {
  LoopKernel kernel = make_kernel({"{[i,j,k]: 0<=i,j,k<n}"},
                                  "c[i, j] = sum(k, a[i, k]*b[k, j]) - sum(k, b[k, j]*a[j, k])",
                                  {array_arg("a, b, c", DType::Float64, {"n", "n"})});
  LoopKernel extracted = extract_subst(kernel, "row_dot", "sum(k, a[r, k]*b[k, j])", {"r"});
  EXPECT_EQ(to_string(extracted.substitutions.at("row_dot").expression), "sum(k, a[r, k]*b[k, j])");
  EXPECT_EQ(to_string(extracted.instructions[0].expression), "row_dot(i) - row_dot(j)");
  for (int64_t n : {1, 4, 7}) expect_matches_reference(extracted, kernel, {{"n", n}});
}

TEST(ExtractSubst, Refusals) {
  LoopKernel kernel = bsquare_kernel();
  std::string none =
      error_message<Error>([&] { extract_subst(kernel, "s", "alpha*c[i]", {"alpha"}); });
  EXPECT_NE(none.find("extract_subst: no expression matches the template 'alpha*c[i]'"),
            std::string::npos)
      << none;
  LoopKernel product = make_kernel({"{[i]: 0<=i<n}"}, "a[i] = 2*3*b[i] + (2*3)",
                                   {array_arg("a, b", DType::Float64, {"n"})});
  std::string ambiguous = error_message<Error>([&] {
    extract_subst(product, "p", "x*y", {"x", "y"});
  });
  EXPECT_NE(ambiguous.find("extract_subst: ambiguous unification of '2*3'"), std::string::npos)
      << ambiguous;
  EXPECT_NE(ambiguous.find("x=2, y=3 or x=3, y=2"), std::string::npos) << ambiguous;
  std::string absent =
      error_message<Error>([&] { extract_subst(kernel, "s", "alpha*b[i]**2", {"beta"}); });
  EXPECT_NE(absent.find("parameter 'beta' does not occur in the template"), std::string::npos)
      << absent;
  std::string taken =
      error_message<Error>([&] { extract_subst(kernel, "b", "alpha*b[i]**2", {"alpha"}); });
  EXPECT_NE(taken.find("the name 'b' is already used"), std::string::npos) << taken;
  LoopKernel with_rule = extract_subst(kernel, "bsquare", "alpha*b[i]**2", {"alpha"});
  std::string twice =
      error_message<Error>([&] { extract_subst(with_rule, "bsquare", "bsquare(x)", {"x"}); });
  EXPECT_NE(twice.find("the name 'bsquare' is already used"), std::string::npos) << twice;
  std::string syntax =
      error_message<Error>([&] { extract_subst(kernel, "s", "alpha*(b[i]", {"alpha"}); });
  EXPECT_NE(syntax.find("extract_subst: cannot parse the template 'alpha*(b[i]'"),
            std::string::npos)
      << syntax;
  std::string bound = error_message<Error>(
      [&] { extract_subst(test_kernels::matmul(), "dot", "sum(k, u*b[k, j])", {"u"}); });
  EXPECT_NE(bound.find("parameter 'u' would stand for 'a[i, k]', which uses 'k'"),
            std::string::npos)
      << bound;
}

// ---- the unifier ----

std::string answers(const std::vector<Bindings>& unifications) {
  std::string text;
  for (const Bindings& bindings : unifications) {
    std::string one;
    for (const auto& [name, value] : bindings)
      one += (one.empty() ? "" : ", ") + name + "=" + to_string(value);
    text += (text.empty() ? "{" : " | {") + one + "}";
  }
  return text;
}

struct Case {
  const char* pattern;
  std::set<std::string> variables;
  const char* target;
  const char* expected;  // "" for no match
};

TEST(ExtractSubstUnification, Table) {
  const Case cases[] = {
      {"alpha*b[i]**2", {"alpha"}, "23*b[i]**2", "{alpha=23}"},
      {"alpha*b[i]**2", {"alpha"}, "b[i]**2*23", "{alpha=23}"},
      {"alpha*b[i]**2", {"alpha"}, "23*b[j]**2", ""},
      {"alpha*b[i]**2", {"alpha"}, "23*b[i]**3", ""},
      {"x + x", {"x"}, "a[i] + a[i]", "{x=a[i]}"},
      {"x + x", {"x"}, "a[i] + a[j]", ""},
      {"x*y", {"x", "y"}, "2*3", "{x=2, y=3} | {x=3, y=2}"},
      {"x*y", {"x", "y"}, "a*b*c", ""},
      {"x*y*z", {"x", "z"}, "c*y*a", "{x=c, z=a} | {x=a, z=c}"},
      {"x - y", {"x", "y"}, "a - b", "{x=a, y=b}"},
      {"x - y", {"x", "y"}, "a + b", ""},
      {"2", {}, "2", "{}"},
      {"2", {}, "2.0", ""},
      {"sqrt(u)", {"u"}, "sqrt(a[i] + 1)", "{u=a[i] + 1}"},
      {"sqrt(u)", {"u"}, "exp(a[i])", ""},
      {"sum(k, u*b[k])", {"u"}, "sum(k, 3*b[k])", "{u=3}"},
      {"sum(k, u*b[k])", {"u"}, "sum(j, 3*b[j])", ""},
      {"if(c, u, 0)", {"c", "u"}, "if(i > 0, a[i], 0)", "{c=i > 0, u=a[i]}"},
      {"a and b", {"a"}, "b and (i < n)", "{a=i < n}"},
      {"-u", {"u"}, "-(a + 1)", "{u=a + 1}"},
  };
  for (const Case& c : cases) {
    std::vector<Bindings> result =
        unify(lang::parse_expression(c.pattern), lang::parse_expression(c.target), c.variables);
    EXPECT_EQ(answers(result), c.expected) << c.pattern << " vs " << c.target;
  }
}

TEST(ExtractSubstUnification, ChainTerms) {
  EXPECT_EQ(chain_terms(lang::parse_expression("a + b*c + d")).size(), 3u);
  EXPECT_EQ(chain_terms(lang::parse_expression("a - b")).size(), 1u);
}

}  // namespace
}  // namespace loom
