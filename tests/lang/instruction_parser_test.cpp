// parse_instructions: instruction kinds, temporaries, rules, options, blocks, line joining, and
// the errors (reason, line number and column).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lang/instruction_parser.hpp"
#include "loom/error.hpp"
#include "loom/expr.hpp"

namespace loom {
namespace {

using lang::parse_instructions;
using lang::ParsedInstruction;
using lang::ParsedInstructions;

std::vector<std::string> printed(const std::vector<ExprPtr>& exprs) {
  std::vector<std::string> result;
  for (const ExprPtr& e : exprs) result.push_back(to_string(e));
  return result;
}

// By value: callers pass a temporary.
ParsedInstruction only_instruction(const ParsedInstructions& parsed) {
  EXPECT_EQ(parsed.instructions.size(), 1u);
  return parsed.instructions.at(0);
}

TEST(InstructionParser, ReadsAnAssignment) {
  ParsedInstruction p = only_instruction(parse_instructions("out[i, j] = 2*a[i, j] + 1"));
  const Instruction& insn = p.instruction;
  EXPECT_EQ(insn.kind, InstructionKind::Assignment);
  EXPECT_EQ(printed(insn.assignees), std::vector<std::string>{"out[i, j]"});
  EXPECT_EQ(to_string(insn.expression), "2*a[i, j] + 1");
  EXPECT_EQ(insn.expression->column, 23);
  EXPECT_EQ(insn.source, "out[i, j] = 2*a[i, j] + 1");
  EXPECT_TRUE(insn.id.empty());
  EXPECT_EQ(p.id_prefix, "insn");
  EXPECT_FALSE(p.inames_explicit);
  EXPECT_EQ(p.line, 1);
}

TEST(InstructionParser, ReadsTupleAssignmentsAndComparisonsInTheRightHandSide) {
  Instruction tuple =
      only_instruction(parse_instructions("m, k = argmax(i, fabs(x[i]), i)")).instruction;
  EXPECT_EQ(printed(tuple.assignees), (std::vector<std::string>{"m", "k"}));
  EXPECT_EQ(to_string(tuple.expression), "argmax(i, fabs(x[i]), i)");
  Instruction compare =
      only_instruction(parse_instructions("c[i] = (a[i] <= b[i]) == (d != e)")).instruction;
  EXPECT_EQ(to_string(compare.expression), "(a[i] <= b[i]) == (d != e)");
}

TEST(InstructionParser, DeclaresTemporaries) {
  ParsedInstructions parsed = parse_instructions(
      "<float32> t = 1\n"
      "<> u[i] = 2\n"
      "<float32, int32> m, k = argmax(i, x[i])\n"
      "<double> d = 0");
  ASSERT_EQ(parsed.temporaries.size(), 5u);
  struct Expected {
    const char* name;
    std::optional<DType> dtype;
    int column;
  };
  const Expected expected[] = {{"t", DType::Float32, 11},
                               {"u", std::nullopt, 4},
                               {"m", DType::Float32, 18},
                               {"k", DType::Int32, 21},
                               {"d", DType::Float64, 10}};
  for (std::size_t i = 0; i < 5; ++i) {
    EXPECT_EQ(parsed.temporaries[i].name, expected[i].name);
    EXPECT_EQ(parsed.temporaries[i].dtype, expected[i].dtype);
    EXPECT_EQ(parsed.temporaries[i].column, expected[i].column);
  }
  EXPECT_EQ(parsed.temporaries[1].source, "<> u[i] = 2");
  EXPECT_EQ(printed(parsed.instructions[1].instruction.assignees),
            std::vector<std::string>{"u[i]"});
}

// loopy's per-assignee form (test_complicated_argmin_reduction): each assignee may carry its own
// `<type>`; an assignee without one is not declared.
TEST(InstructionParser, DeclaresTemporariesPerAssignee) {
  ParsedInstructions parsed = parse_instructions(
      "<> m, <> k = argmin(i, i, x[i])\n"
      "out[0], <int32> j = argmax(i, x[i])");
  ASSERT_EQ(parsed.temporaries.size(), 3u);
  EXPECT_EQ(parsed.temporaries[0].name, "m");
  EXPECT_EQ(parsed.temporaries[0].dtype, std::nullopt);
  EXPECT_EQ(parsed.temporaries[1].name, "k");
  EXPECT_EQ(parsed.temporaries[1].dtype, std::nullopt);
  EXPECT_EQ(parsed.temporaries[1].column, 10);
  EXPECT_EQ(parsed.temporaries[2].name, "j");
  EXPECT_EQ(parsed.temporaries[2].dtype, DType::Int32);
  EXPECT_EQ(printed(parsed.instructions[0].instruction.assignees), (std::vector<std::string>{"m", "k"}));
  EXPECT_EQ(printed(parsed.instructions[1].instruction.assignees), (std::vector<std::string>{"out[0]", "j"}));
}

TEST(InstructionParser, ReadsSubstitutionRules) {
  ParsedInstructions parsed = parse_instructions("f(x, y) := x + 2*y\nE := a[i]\ng() := 1");
  ASSERT_EQ(parsed.rules.size(), 3u);
  EXPECT_TRUE(parsed.instructions.empty());
  EXPECT_EQ(parsed.rules[0].name, "f");
  EXPECT_EQ(parsed.rules[0].parameters, (std::vector<std::string>{"x", "y"}));
  EXPECT_EQ(to_string(parsed.rules[0].expression), "x + 2*y");
  EXPECT_EQ(parsed.rules[1].name, "E");
  EXPECT_TRUE(parsed.rules[1].parameters.empty());
  EXPECT_EQ(to_string(parsed.rules[1].expression), "a[i]");
  EXPECT_TRUE(parsed.rules[2].parameters.empty());
}

TEST(InstructionParser, ReadsBarriersAndNops) {
  ParsedInstructions parsed = parse_instructions(
      "... gbarrier\n"
      "... lbarrier\n"
      "... lbarrier {mem_kind=global, id=b}\n"
      "... nop {dep=a}");
  ASSERT_EQ(parsed.instructions.size(), 4u);
  const Instruction& global = parsed.instructions[0].instruction;
  EXPECT_EQ(global.kind, InstructionKind::Barrier);
  EXPECT_EQ(global.barrier_scope, SyncScope::Global);
  EXPECT_EQ(global.expression, nullptr);
  EXPECT_EQ(parsed.instructions[1].instruction.barrier_scope, SyncScope::Local);
  // `lbarrier {mem_kind=global}` waits for the work-group only, fencing global memory.
  EXPECT_EQ(parsed.instructions[2].instruction.barrier_scope, SyncScope::Local);
  EXPECT_EQ(parsed.instructions[2].instruction.barrier_mem_kind, SyncScope::Global);
  EXPECT_EQ(parsed.instructions[2].instruction.id, "b");
  EXPECT_EQ(parsed.instructions[3].instruction.kind, InstructionKind::NoOp);
  EXPECT_EQ(parsed.instructions[3].dep_patterns, std::set<std::string>{"a"});
}

TEST(InstructionParser, JoinsLinesWhileBracketsAreOpenAndDropsComments) {
  ParsedInstructions parsed = parse_instructions(
      "# a comment line\n"
      "out[i] = f(a[i],   # first argument\n"
      "           b[i])\n"
      "\n"
      "x = 1 {id=x,\n"
      "       dep=y}\n");
  ASSERT_EQ(parsed.instructions.size(), 2u);
  EXPECT_EQ(parsed.instructions[0].instruction.source, "out[i] = f(a[i], b[i])");
  EXPECT_EQ(parsed.instructions[0].line, 2);
  EXPECT_EQ(parsed.instructions[1].instruction.source, "x = 1 {id=x, dep=y}");
  EXPECT_EQ(parsed.instructions[1].line, 5);
  EXPECT_EQ(parsed.instructions[1].instruction.id, "x");
}

TEST(InstructionParser, AppliesOptions) {
  ParsedInstruction p = only_instruction(parse_instructions(
      "x[i] = 1 {id=init, dep=a*:b, nosync=c:d@local:e@global:f@any, tags=t1:t2, "
      "priority=-3, if=p:!q, inames=i:j}"));
  const Instruction& insn = p.instruction;
  EXPECT_EQ(insn.id, "init");
  EXPECT_EQ(p.dep_patterns, (std::set<std::string>{"a*", "b"}));
  EXPECT_FALSE(p.dep_exhaustive);
  ASSERT_EQ(insn.no_sync_with.size(), 4u);
  EXPECT_EQ(insn.no_sync_with[0].instruction_match, "c");
  EXPECT_EQ(insn.no_sync_with[0].scope, SyncScope::Any);
  EXPECT_EQ(insn.no_sync_with[1].scope, SyncScope::Local);
  EXPECT_EQ(insn.no_sync_with[2].scope, SyncScope::Global);
  EXPECT_EQ(insn.no_sync_with[3].scope, SyncScope::Any);
  EXPECT_EQ(insn.tags, (std::set<std::string>{"t1", "t2"}));
  EXPECT_EQ(insn.priority, -3);
  EXPECT_EQ(printed(insn.predicates), (std::vector<std::string>{"p", "not q"}));
  EXPECT_EQ(insn.within_inames, (std::set<std::string>{"i", "j"}));
  EXPECT_TRUE(p.inames_explicit);
}

// loopy parses each ':'-separated predicate as an expression (kernel/creation.py); a user of its
// docs writes {if=i % 2 == 0} or {if=not flag}. Refused as "must be an identifier" before conf15.
TEST(InstructionParser, PredicatesAreExpressions) {
  ParsedInstruction p = only_instruction(parse_instructions("x[i] = 1 {if=i % 2 == 0:not q:!r}"));
  EXPECT_EQ(printed(p.instruction.predicates), (std::vector<std::string>{"i % 2 == 0", "not q", "not r"}));
}

// loopy's `dup=` option (refused as unsupported before conf15): the inames the instruction gets
// its own copy of, with an optional new name.
TEST(InstructionParser, ReadsInamesToDuplicate) {
  ParsedInstruction p = only_instruction(parse_instructions("x[i] = sum(j, a[i, j]) {dup=i:j->j2}"));
  using Pair = std::pair<std::string, std::string>;
  EXPECT_EQ(p.inames_to_dup, (std::vector<Pair>{{"i", ""}, {"j", "j2"}}));
}

TEST(InstructionParser, ReadsExhaustiveDependenciesAndIdPrefixes) {
  ParsedInstructions parsed =
      parse_instructions("a = 1 {dep=*b:c, id_prefix=init}\nb = 1 {dep=*}\nc = 1 {dep= * d }");
  EXPECT_TRUE(parsed.instructions[0].dep_exhaustive);
  EXPECT_EQ(parsed.instructions[0].dep_patterns, (std::set<std::string>{"b", "c"}));
  EXPECT_EQ(parsed.instructions[0].id_prefix, "init");
  EXPECT_TRUE(parsed.instructions[1].dep_exhaustive);
  EXPECT_TRUE(parsed.instructions[1].dep_patterns.empty());
  EXPECT_EQ(parsed.instructions[2].dep_patterns, std::set<std::string>{"d"});
}

TEST(InstructionParser, ForBlocksAddInames) {
  ParsedInstructions parsed = parse_instructions(
      "for i, j\n"
      "  a[i, j] = 0\n"
      "  for k\n"
      "    a[i, j] = a[i, j] + b[k] {inames=+l}\n"
      "  end\n"
      "  c[i] = 1 {inames=i}\n"
      "end\n"
      "d = 2");
  ASSERT_EQ(parsed.instructions.size(), 4u);
  EXPECT_EQ(parsed.instructions[0].instruction.within_inames, (std::set<std::string>{"i", "j"}));
  EXPECT_EQ(parsed.instructions[1].instruction.within_inames,
            (std::set<std::string>{"i", "j", "k", "l"}));
  EXPECT_FALSE(parsed.instructions[1].inames_explicit);
  EXPECT_EQ(parsed.instructions[2].instruction.within_inames, std::set<std::string>{"i"});
  EXPECT_TRUE(parsed.instructions[2].inames_explicit);
  EXPECT_TRUE(parsed.instructions[3].instruction.within_inames.empty());
  EXPECT_EQ(parsed.instructions[1].line, 4);
}

TEST(InstructionParser, IfBlocksAddConditionsAndTheirNegations) {
  ParsedInstructions parsed = parse_instructions(
      "if a > 0\n"
      "  x = 1\n"
      "elif a < 0\n"
      "  x = 2\n"
      "  if b\n"
      "    y = 1\n"
      "  end\n"
      "else\n"
      "  x = 3\n"
      "end\n"
      "x = 4");
  ASSERT_EQ(parsed.instructions.size(), 5u);
  using Strings = std::vector<std::string>;
  EXPECT_EQ(printed(parsed.instructions[0].instruction.predicates), Strings{"a > 0"});
  EXPECT_EQ(printed(parsed.instructions[1].instruction.predicates),
            (Strings{"not a > 0", "a < 0"}));
  EXPECT_EQ(printed(parsed.instructions[2].instruction.predicates),
            (Strings{"not a > 0", "a < 0", "b"}));
  EXPECT_EQ(printed(parsed.instructions[3].instruction.predicates),
            (Strings{"not a > 0", "not a < 0"}));
  EXPECT_TRUE(parsed.instructions[4].instruction.predicates.empty());
  EXPECT_EQ(parsed.instructions[0].instruction.predicates[0]->column, 6);  // the '>'
}

TEST(InstructionParser, WithBlocksApplyOptionsToEveryInstructionInside) {
  ParsedInstructions parsed = parse_instructions(
      "with {id_prefix=init, dep=a, tags=t, priority=2, if=p}\n"
      "  for i\n"
      "    x[i] = 0 {dep=b, tags=u, priority=5}\n"
      "    ... lbarrier\n"
      "  end\n"
      "end\n"
      "y = 1");
  ASSERT_EQ(parsed.instructions.size(), 3u);
  const ParsedInstruction& x = parsed.instructions[0];
  EXPECT_EQ(x.id_prefix, "init");
  EXPECT_EQ(x.dep_patterns, (std::set<std::string>{"a", "b"}));
  EXPECT_EQ(x.instruction.tags, (std::set<std::string>{"t", "u"}));
  EXPECT_EQ(x.instruction.priority, 5);
  EXPECT_EQ(printed(x.instruction.predicates), std::vector<std::string>{"p"});
  EXPECT_EQ(x.instruction.within_inames, std::set<std::string>{"i"});
  const ParsedInstruction& barrier = parsed.instructions[1];
  EXPECT_EQ(barrier.instruction.kind, InstructionKind::Barrier);
  EXPECT_EQ(barrier.instruction.priority, 2);
  EXPECT_EQ(barrier.dep_patterns, std::set<std::string>{"a"});
  const ParsedInstruction& y = parsed.instructions[2];
  EXPECT_EQ(y.id_prefix, "insn");
  EXPECT_TRUE(y.dep_patterns.empty());
  EXPECT_TRUE(y.instruction.predicates.empty());
}

TEST(InstructionParser, TreatsKeywordPrefixesAsNames) {
  ParsedInstructions parsed = parse_instructions("end_value = 1\nformat[i] = 2\nif_flag = 3");
  EXPECT_EQ(parsed.instructions.size(), 3u);
}

struct ErrorCase {
  const char* text;
  const char* reason;
  int column;
  const char* source;
};

TEST(InstructionParser, RefusesMalformedInstructions) {
  const std::vector<ErrorCase> cases = {
      {"a[i] = b[i", "line 1: unbalanced '[': no matching ']' before the end of the instructions",
       9, "a[i] = b[i"},
      {"x = 1\na = (b +\n c",
       "line 2: unbalanced '(': no matching ')' before the end of the "
       "instructions",
       5, "a = (b + c"},
      {"a[i] = b[i])", "line 1: unexpected ')'", 12, "a[i] = b[i])"},
      {"a[i) = 1", "line 1: unexpected ')': expected ']' to close '[' at column 2", 4, "a[i) = 1"},
      {"x = 1\n  y = (2 +\n )", "line 2: unexpected ')'", 10, "y = (2 + )"},
      {"a[i] + 1",
       "line 1: expected '=': an instruction is 'lhs = rhs', '... nop', "
       "'... lbarrier', 'name := rule' or a block keyword (for, if, elif, else, end, with)",
       9, "a[i] + 1"},
      {"a == 1",
       "line 1: expected '=': an instruction is 'lhs = rhs', '... nop', "
       "'... lbarrier', 'name := rule' or a block keyword (for, if, elif, else, end, with)",
       7, "a == 1"},
      {"= 1", "line 1: missing left-hand side before '='", 1, "= 1"},
      {"f(x) = 1",
       "line 1: cannot assign to 'f(x)': the left-hand side must be a variable or a "
       "subscript",
       1, "f(x) = 1"},
      {"a = ", "line 1: unexpected end of expression", 4, "a ="},
      {"a = b {foo=1}", "line 1: unknown instruction option 'foo'", 8, "a = b {foo=1}"},
      {"a = b {atomic}", "line 1: instruction option 'atomic' is not supported by loom", 8,
       "a = b {atomic}"},
      {"a = b {dep}", "line 1: instruction option 'dep' needs a value (dep=...)", 8, "a = b {dep}"},
      {"a = b {}", "line 1: empty instruction option", 8, "a = b {}"},
      {"a = b {id=x,}", "line 1: empty instruction option", 13, "a = b {id=x,}"},
      {"a = b {dep=c::d}", "line 1: empty entry in 'dep='", 12, "a = b {dep=c::d}"},
      {"a = b {id=1x}", "line 1: instruction id '1x' must be an identifier", 11, "a = b {id=1x}"},
      {"a = b {priority=high}", "line 1: priority must be an integer, got 'high'", 17,
       "a = b {priority=high}"},
      {"a = b {nosync=c@warp}",
       "line 1: unknown nosync scope 'warp': expected local, global or "
       "any",
       17, "a = b {nosync=c@warp}"},
      {"a = b {if=c<}", "line 1: unexpected end of expression", 13, "a = b {if=c<}"},
      {"a = b {mem_kind=local}", "line 1: option 'mem_kind' applies only to barriers", 8,
       "a = b {mem_kind=local}"},
      {"a = b {mem_kind=shared}", "line 1: mem_kind must be 'local' or 'global', got 'shared'", 17,
       "a = b {mem_kind=shared}"},
      {"a = b {id=x} c", "line 1: unexpected text after the options '{...}'", 14, "a = b {id=x} c"},
      {"end", "line 1: 'end' without a matching 'for', 'if' or 'with'", 1, "end"},
      {"for i\nend now", "line 2: 'end' takes nothing after it", 4, "end now"},
      {"x = 1\nfor i\n  a = 1", "line 2: missing 'end' for 'for i'", 1, "for i"},
      {"for\nend", "line 1: 'for' needs the inames of the loop: for i, j", 4, "for"},
      {"for i+1\nend", "line 1: 'i+1' is not an iname; write 'for i, j'", 5, "for i+1"},
      {"if\nend", "line 1: 'if' needs a condition", 3, "if"},
      {"if a <\nend", "line 1: unexpected end of expression", 7, "if a <"},
      {"else", "line 1: 'else' without a matching 'if'", 1, "else"},
      {"for i\nelif c\nend", "line 2: 'elif' without a matching 'if'", 1, "elif c"},
      {"if a\nelse\nelse\nend", "line 3: 'else' after the 'else' of the 'if' on line 1", 1, "else"},
      {"if a\nelse b\nend",
       "line 2: 'else' takes nothing after it (write 'elif c' for another "
       "condition)",
       5, "else b"},
      {"with a\nend", "line 1: 'with' takes options in braces: with {id_prefix=init, dep=x}", 5,
       "with a"},
      {"with {id=x}\nend",
       "line 1: option 'id' is not allowed in a 'with' block: ids name single "
       "instructions (use id_prefix)",
       10, "with {id=x}"},
      {"... foo",
       "line 1: unknown special instruction '... foo': expected '... gbarrier', "
       "'... lbarrier' or '... nop'",
       5, "... foo"},
      {"... nop {mem_kind=local}", "line 1: option 'mem_kind' applies only to barriers", 10,
       "... nop {mem_kind=local}"},
      {"... gbarrier {mem_kind=local}",
       "line 1: '... gbarrier' synchronizes globally; "
       "mem_kind=local needs '... lbarrier'",
       15, "... gbarrier {mem_kind=local}"},
      {"if a\n  f(u) := u\nend",
       "line 2: substitution rule inside the 'if' block of line 1: rules "
       "are not conditional",
       1, "f(u) := u"},
      {"f(u) := u {id=x}", "line 1: substitution rules take no options", 11, "f(u) := u {id=x}"},
      {"f(u+1) := u", "line 1: substitution rule parameters must be names separated by ','", 3,
       "f(u+1) := u"},
      {"a[i] := 1", "line 1: unexpected '[' before ':='", 2, "a[i] := 1"},
      {"<flot32> t = 1", "line 1: unknown type 'flot32' in a temporary declaration", 2,
       "<flot32> t = 1"},
      {"<float32, int32> t = 1", "line 1: the declaration gives 2 types for 1 assignees", 1,
       "<float32, int32> t = 1"},
      {"<float32 t = 1", "line 1: unclosed '<' of a temporary declaration such as '<float32>'", 1,
       "<float32 t = 1"},
      {"a, <flot32> t = 1", "line 1: unknown type 'flot32' in a temporary declaration", 5,
       "a, <flot32> t = 1"},
      {"a, <int32 t = 1", "line 1: unclosed '<' of a temporary declaration such as '<float32>'", 4,
       "a, <int32 t = 1"},
  };
  for (const ErrorCase& c : cases) {
    SCOPED_TRACE(c.text);
    try {
      parse_instructions(c.text);
      ADD_FAILURE() << "no error";
    } catch (const ParseError& error) {
      EXPECT_EQ(error.reason(), c.reason);
      EXPECT_EQ(error.column(), c.column);
      EXPECT_EQ(error.source(), c.source);
    }
  }
}

}  // namespace
}  // namespace loom
