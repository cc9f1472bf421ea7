// Match expressions (loopy's `within`): which instructions each expression selects, operator
// precedence, globs, and refusals naming the column at fault.
#include "ir/match.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "loom/loom.hpp"

namespace loom {
namespace {

using Ids = std::vector<std::string>;

// Five instructions covering every term: a scalar temporary write, tags, a call, a reduction
// binding `k`, an indirect assignee index, a predicate, and a nop with no inames, reads or writes.
const LoopKernel& sample_kernel() {
  static const LoopKernel kernel =
      make_kernel({"{[i,j,k]: 0<=i,j,k<n}"},
                  "<float32> scale = 2 {id=set_scale, tags=setup}\n"
                  "a[i] = scale*sqrt(b[i]) {id=init_a, tags=fill:first}\n"
                  "c[i,j] = a[i] + sum(k, d[i,k]*e[k,j]) {id=matmul, tags=compute}\n"
                  "out[idx[i]] = c[i,i] {id=scatter, if=flag}\n"
                  "... nop {id=nothing}",
                  {array_arg("a, b, out", DType::Float32, {"n"}),
                   array_arg("c, d, e", DType::Float32, {"n", "n"}),
                   array_arg("idx", DType::Int32, {"n"}), value_arg("flag")});
  return kernel;
}

Ids matching_ids(const InstructionMatch& match) {
  Ids ids;
  for (const Instruction& instruction : sample_kernel().instructions) {
    if (match.matches(sample_kernel(), instruction)) ids.push_back(instruction.id);
  }
  return ids;
}

const Ids kAll = {"set_scale", "init_a", "matmul", "scatter", "nothing"};

struct Selection {
  const char* expression;
  Ids expected;
};

class MatchSelects : public ::testing::TestWithParam<Selection> {};

TEST_P(MatchSelects, ExactlyTheseInstructions) {
  const Selection& selection = GetParam();
  EXPECT_EQ(matching_ids(InstructionMatch::parse(selection.expression)), selection.expected)
      << selection.expression;
}

INSTANTIATE_TEST_SUITE_P(
    Terms, MatchSelects,
    ::testing::Values(
        Selection{"all", kAll}, Selection{"*", kAll}, Selection{"id:*", kAll},
        Selection{"id:init_a", {"init_a"}}, Selection{"init_a", {"init_a"}},
        Selection{"id:init", {}}, Selection{"tag:fill", {"init_a"}},
        Selection{"tag:first", {"init_a"}}, Selection{"tag:*", {"set_scale", "init_a", "matmul"}},
        Selection{"tag:init_a", {}}, Selection{"writes:scale", {"set_scale"}},
        Selection{"writes:a", {"init_a"}}, Selection{"writes:out", {"scatter"}},
        Selection{"writes:b", {}},
        Selection{"writes:*", {"set_scale", "init_a", "matmul", "scatter"}},
        // reads: loopy's read_dependency_names, inames included, reduction-bound inames not.
        Selection{"reads:b", {"init_a"}}, Selection{"reads:scale", {"init_a"}},
        Selection{"reads:a", {"matmul"}}, Selection{"reads:idx", {"scatter"}},
        Selection{"reads:flag", {"scatter"}}, Selection{"reads:out", {}},
        Selection{"reads:i", {"init_a", "matmul", "scatter"}}, Selection{"reads:j", {"matmul"}},
        Selection{"reads:k", {}}, Selection{"reads:sqrt", {}}, Selection{"reads:sum", {}},
        Selection{"iname:i", {"init_a", "matmul", "scatter"}}, Selection{"iname:j", {"matmul"}},
        Selection{"iname:k", {}}, Selection{"iname:*", {"init_a", "matmul", "scatter"}}));

INSTANTIATE_TEST_SUITE_P(
    Globs, MatchSelects,
    ::testing::Values(Selection{"s*", {"set_scale", "scatter"}}, Selection{"*_a", {"init_a"}},
                      Selection{"?atmul", {"matmul"}}, Selection{"???????", {"scatter", "nothing"}},
                      Selection{"[ms]*", {"set_scale", "matmul", "scatter"}},
                      Selection{"[!ms]*", {"init_a", "nothing"}}, Selection{"tag:f?r*", {"init_a"}},
                      Selection{"writes:[ac]", {"init_a", "matmul"}},
                      Selection{"reads:[a-d]", {"init_a", "matmul", "scatter"}}));

INSTANTIATE_TEST_SUITE_P(
    Combinators, MatchSelects,
    ::testing::Values(
        // and binds tighter than or: set_scale or (matmul and compute).
        Selection{"id:set_scale or id:matmul and tag:compute", {"set_scale", "matmul"}},
        Selection{"(id:set_scale or id:matmul) and tag:compute", {"matmul"}},
        Selection{"tag:compute and id:matmul or id:set_scale", {"set_scale", "matmul"}},
        // not binds tighter than and / or.
        Selection{"not tag:compute and iname:i", {"init_a", "scatter"}},
        Selection{"not (tag:compute and iname:i)", {"set_scale", "init_a", "scatter", "nothing"}},
        Selection{"not id:nothing or id:nothing", kAll},
        Selection{"not (id:nothing or id:nothing)", {"set_scale", "init_a", "matmul", "scatter"}},
        Selection{"not not id:nothing", {"nothing"}}, Selection{"all and not *", {}},
        Selection{"iname:i and not writes:c", {"init_a", "scatter"}},
        Selection{"(((id:matmul)))", {"matmul"}}, Selection{"not(id:matmul)or(id:matmul)", kAll},
        Selection{"  id:matmul\tor\nid:nothing ", {"matmul", "nothing"}},
        // Keywords are case-sensitive: these are globs naming no instruction.
        Selection{"AND", {}}, Selection{"Not", {}}));

TEST(InstructionMatch, AllMatchesEverythingAndPrintsAsAll) {
  EXPECT_EQ(matching_ids(InstructionMatch::all()), kAll);
  EXPECT_EQ(InstructionMatch::all().text(), "all");
  EXPECT_EQ(matching_ids(InstructionMatch()), kAll);
}

TEST(InstructionMatch, TextIsTheOriginal) {
  EXPECT_EQ(InstructionMatch::parse(" id:a  or tag:b ").text(), " id:a  or tag:b ");
}

struct Refusal {
  const char* expression;
  const char* reason;
  int column;
};

class MatchRefuses : public ::testing::TestWithParam<Refusal> {};

TEST_P(MatchRefuses, NamingTheColumn) {
  const Refusal& refusal = GetParam();
  try {
    InstructionMatch::parse(refusal.expression);
    FAIL() << "accepted '" << refusal.expression << "'";
  } catch (const ParseError& error) {
    EXPECT_EQ(error.reason(), refusal.reason) << error.what();
    EXPECT_EQ(error.column(), refusal.column) << error.what();
    EXPECT_EQ(error.source(), refusal.expression);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Errors, MatchRefuses,
    ::testing::Values(
        Refusal{"", "empty match expression (use 'all' to match every instruction)", 1},
        Refusal{" \t", "empty match expression (use 'all' to match every instruction)", 1},
        Refusal{"foo:x", "unknown match type 'foo' (expected id, tag, writes, reads, iname)", 1},
        Refusal{"id:a and bar:x",
                "unknown match type 'bar' (expected id, tag, writes, reads, iname)", 10},
        Refusal{"in_kernel:k",
                "unknown match type 'in_kernel' (expected id, tag, writes, reads, iname)", 1},
        Refusal{"id:", "missing glob after 'id:'", 4},
        Refusal{"not writes:", "missing glob after 'writes:'", 12},
        Refusal{"(id:a", "unbalanced parentheses: '(' is never closed", 1},
        Refusal{"id:a or (id:b and (id:c)", "unbalanced parentheses: '(' is never closed", 9},
        Refusal{"id:a)", "unbalanced parentheses: ')' has no matching '('", 5},
        Refusal{")", "unbalanced parentheses: ')' has no matching '('", 1},
        Refusal{"id:a and", "missing operand after 'and'", 9},
        Refusal{"not", "missing operand after 'not'", 4},
        Refusal{"id:a or (", "missing operand after '('", 10},
        Refusal{"and id:a", "missing operand before 'and'", 1},
        Refusal{"id:a or or id:b", "missing operand before 'or'", 9},
        Refusal{"()", "missing operand before ')'", 2},
        Refusal{"id:a id:b",
                "unexpected 'id:b' after a complete match expression; combine terms with 'and' "
                "or 'or'",
                6},
        Refusal{"id:a AND id:b",
                "unexpected 'AND' after a complete match expression; combine terms with 'and' "
                "or 'or'",
                6},
        Refusal{"(id:a id:b)", "unexpected 'id:b' inside parentheses; expected ')', 'and' or 'or'",
                7}));

TEST(InstructionMatch, MessageShowsTheExpressionWithACaret) {
  try {
    InstructionMatch::parse("id:a and foo:b");
    FAIL() << "accepted";
  } catch (const ParseError& error) {
    EXPECT_EQ(std::string(error.what()),
              "unknown match type 'foo' (expected id, tag, writes, reads, iname) (column 10)\n"
              "  id:a and foo:b\n"
              "           ^");
  }
}

}  // namespace
}  // namespace loom
