// loopy's instruction language (research/loopy-notes.md §3.3): one instruction per logical line.
//
//   for i, j                           blocks nest; each is closed by `end`
//     <float32> t = a[i, j] {id=x}     temporary declaration + assignment with options
//     if t > 0                         predicates: t > 0, then not(t > 0) for else
//       b[i, j] = t
//     else
//       b[i, j] = 0 {dep=x}
//     end
//   end
//   with {id_prefix=z, dep=x}          options for every instruction inside
//     ... lbarrier {mem_kind=global}
//   end
//   f(u) := 2*u                        substitution rule
//
// Comments run from '#' to the end of the line; a line continues while a bracket is open.
// Errors carry the logical line (continuations joined by one space) and name its line number.
#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "lang/expression_lexer.hpp"
#include "lang/expression_parser.hpp"
#include "lang/instruction_lines.hpp"
#include "lang/instruction_options.hpp"
#include "lang/instruction_parser.hpp"
#include "loom/error.hpp"

namespace loom::lang {
namespace {

constexpr std::size_t npos = std::string_view::npos;

int column_of(std::size_t position) { return static_cast<int>(position) + 1; }

// Where the trailing `{...}` options are (npos when there are none) and where the text before
// them ends. The joiner balanced the braces; expressions never contain any.
struct OptionsSpan {
  std::size_t body_end;
  std::size_t open = npos;
  std::size_t close = npos;
  bool present() const { return open != npos; }
};

enum class BlockKind { For, If, With };

struct Block {
  BlockKind kind;
  LogicalLine opener;
  std::vector<ExprPtr> conditions;  // of an if/elif chain so far
  bool saw_else = false;
};

class InstructionParser {
 public:
  ParsedInstructions run(std::string_view text) {
    states_.emplace_back();
    for (const LogicalLine& line : logical_lines(text)) {
      try {
        parse_line(line);
      } catch (const ParseError& error) {
        throw ParseError("line " + std::to_string(line.number) + ": " + error.reason(),
                         error.source(), error.column());
      }
    }
    if (!blocks_.empty()) {
      const LogicalLine& opener = blocks_.back().opener;
      throw ParseError(
          "line " + std::to_string(opener.number) + ": missing 'end' for '" + opener.text + "'",
          opener.text, 1);
    }
    return std::move(result_);
  }

 private:
  [[noreturn]] void fail(const LogicalLine& line, const std::string& reason,
                         std::size_t position) const {
    throw ParseError(reason, line.text, column_of(position));
  }

  const InstructionOptions& current() const { return states_.back(); }

  void parse_line(const LogicalLine& line) {
    std::string_view word = leading_word(line.text);
    if (word == "for") return open_for(line);
    if (word == "if") return open_if(line);
    if (word == "elif" || word == "else") return continue_if(line, word == "else");
    if (word == "end") return close_block(line);
    if (word == "with") return open_with(line);
    if (line.text.starts_with("...")) return parse_special(line);
    OptionsSpan options = find_options(line, 0);
    std::size_t definition = find_top_level(line.text, 0, options.body_end, ":=");
    if (definition != npos) return parse_rule(line, definition, options);
    parse_assignment(line, options);
  }

  OptionsSpan find_options(const LogicalLine& line, std::size_t from) const {
    std::size_t open = line.text.find('{', from);
    if (open == npos) return {line.text.size()};
    std::size_t close = line.text.find('}', open);
    std::size_t nested = line.text.find('{', open + 1);
    if (nested < close) fail(line, "unexpected '{' inside the options", nested);
    std::size_t after = line.text.find_first_not_of(" \t", close + 1);
    if (after != npos) fail(line, "unexpected text after the options '{...}'", after);
    return {open, open, close};
  }

  void push_block(BlockKind kind, const LogicalLine& line, InstructionOptions state) {
    blocks_.push_back({kind, line, {}, false});
    states_.push_back(std::move(state));
  }

  // `for i, j` (loopy also accepts spaces between the inames).
  void open_for(const LogicalLine& line) {
    InstructionOptions state = current();
    bool any = false;
    std::size_t position = 3;
    while (true) {
      position = line.text.find_first_not_of(", \t", position);
      if (position == npos) break;
      std::size_t end = std::min(line.text.find_first_of(", \t", position), line.text.size());
      std::string_view iname = std::string_view(line.text).substr(position, end - position);
      if (!is_identifier(iname)) {
        fail(line, "'" + std::string(iname) + "' is not an iname; write 'for i, j'", position);
      }
      state.within_inames.emplace(iname);
      any = true;
      position = end;
    }
    if (!any) fail(line, "'for' needs the inames of the loop: for i, j", 3);
    state.in_for_block = true;
    push_block(BlockKind::For, line, std::move(state));
  }

  ExprPtr parse_condition(const LogicalLine& line, std::size_t begin) const {
    if (is_blank(line.text, begin, line.text.size())) {
      fail(line, "'" + std::string(leading_word(line.text)) + "' needs a condition", begin);
    }
    return parse_expression_in(line.text, begin, line.text.size());
  }

  void open_if(const LogicalLine& line) {
    ExprPtr condition = parse_condition(line, 2);
    InstructionOptions state = current();
    add_predicate(state.predicates, condition);
    push_block(BlockKind::If, line, std::move(state));
    blocks_.back().conditions.push_back(condition);
  }

  // An elif/else branch runs when every earlier condition of the chain is false.
  void continue_if(const LogicalLine& line, bool is_else) {
    const char* keyword = is_else ? "else" : "elif";
    if (blocks_.empty() || blocks_.back().kind != BlockKind::If) {
      fail(line, std::string("'") + keyword + "' without a matching 'if'", 0);
    }
    Block& block = blocks_.back();
    if (block.saw_else) {
      fail(line,
           std::string("'") + keyword + "' after the 'else' of the 'if' on line " +
               std::to_string(block.opener.number),
           0);
    }
    if (is_else && !is_blank(line.text, 4, line.text.size())) {
      fail(line, "'else' takes nothing after it (write 'elif c' for another condition)", 4);
    }
    ExprPtr condition = is_else ? nullptr : parse_condition(line, 4);
    states_.pop_back();
    InstructionOptions state = current();
    for (const ExprPtr& earlier : block.conditions) {
      auto negation = std::make_shared<Expr>(*unary(UnaryOp::LogicalNot, earlier));
      negation->column = earlier->column;
      add_predicate(state.predicates, negation);
    }
    if (condition) {
      add_predicate(state.predicates, condition);
      block.conditions.push_back(condition);
    }
    block.saw_else = is_else;
    states_.push_back(std::move(state));
  }

  void close_block(const LogicalLine& line) {
    if (!is_blank(line.text, 3, line.text.size())) fail(line, "'end' takes nothing after it", 3);
    if (blocks_.empty()) fail(line, "'end' without a matching 'for', 'if' or 'with'", 0);
    blocks_.pop_back();
    states_.pop_back();
  }

  void open_with(const LogicalLine& line) {
    OptionsSpan options = find_options(line, 4);
    if (!options.present() || !is_blank(line.text, 4, options.open)) {
      fail(line, "'with' takes options in braces: with {id_prefix=init, dep=x}", 4);
    }
    InstructionOptions state = current();
    apply_options(line.text, options.open, options.close, true, state);
    push_block(BlockKind::With, line, std::move(state));
  }

  // `... gbarrier`, `... lbarrier`, `... nop`, each with optional options.
  void parse_special(const LogicalLine& line) {
    OptionsSpan options = find_options(line, 3);
    std::string_view body = std::string_view(line.text).substr(0, options.body_end);
    std::size_t kind_begin = std::min(body.find_first_not_of(" \t", 3), body.size());
    std::string_view kind = trim(body.substr(kind_begin));
    if (kind != "gbarrier" && kind != "lbarrier" && kind != "nop") {
      fail(line,
           "unknown special instruction '... " + std::string(kind) +
               "': expected '... gbarrier', '... lbarrier' or '... nop'",
           kind_begin);
    }
    InstructionOptions state = current();
    std::set<std::string> written;
    if (options.present())
      written = apply_options(line.text, options.open, options.close, false, state);
    Instruction instruction;
    instruction.kind = kind == "nop" ? InstructionKind::NoOp : InstructionKind::Barrier;
    if (kind == "nop" && written.count("mem_kind") != 0) {
      fail(line, "option 'mem_kind' applies only to barriers", options.open + 1);
    }
    if (kind == "gbarrier" && state.mem_kind == SyncScope::Local) {
      fail(line, "'... gbarrier' synchronizes globally; mem_kind=local needs '... lbarrier'",
           options.open + 1);
    }
    instruction.barrier_scope = kind == "gbarrier" ? SyncScope::Global : SyncScope::Local;
    instruction.barrier_mem_kind =
        kind == "gbarrier" ? SyncScope::Global : state.mem_kind.value_or(SyncScope::Local);
    emit(line, state, std::move(instruction));
  }

  // `name(p, q) := expression` or `name := expression`.
  void parse_rule(const LogicalLine& line, std::size_t definition, const OptionsSpan& options) {
    if (options.present()) fail(line, "substitution rules take no options", options.open);
    for (const Block& block : blocks_) {
      if (block.kind == BlockKind::If) {
        fail(line,
             "substitution rule inside the 'if' block of line " +
                 std::to_string(block.opener.number) + ": rules are not conditional",
             0);
      }
    }
    std::vector<Token> tokens = tokenize(line.text, 0, definition);
    SubstitutionRule rule;
    if (tokens[0].kind != TokenKind::Identifier) {
      fail(line, "a substitution rule starts with its name: f(x) := ... or E := ...", 0);
    }
    rule.name = tokens[0].text;
    std::size_t next = 1;
    if (tokens[next].is_operator("(")) next = parse_rule_parameters(line, tokens, rule);
    if (tokens[next].kind != TokenKind::End) {
      fail(line, "unexpected '" + std::string(tokens[next].text) + "' before ':='",
           static_cast<std::size_t>(tokens[next].column - 1));
    }
    rule.expression = parse_expression_in(line.text, definition + 2, options.body_end);
    result_.rules.push_back(std::move(rule));
  }

  // Reads `(p, q)` from tokens[1]; returns the index after ')'.
  std::size_t parse_rule_parameters(const LogicalLine& line, const std::vector<Token>& tokens,
                                    SubstitutionRule& rule) const {
    std::size_t next = 2;
    while (!tokens[next].is_operator(")")) {
      const Token& parameter = tokens[next];
      bool separated = parameter.kind == TokenKind::Identifier &&
                       (tokens[next + 1].is_operator(",") || tokens[next + 1].is_operator(")"));
      if (!separated) {
        fail(line, "substitution rule parameters must be names separated by ','",
             static_cast<std::size_t>(parameter.column - 1));
      }
      rule.parameters.emplace_back(parameter.text);
      next += tokens[next + 1].is_operator(",") ? 2 : 1;
    }
    return next + 1;
  }

  // An augmented assignment `x += e` (also -=, *=, /=, //=, %=, **=): the operator written just
  // before the '=' at `equals`; moves `equals` back to the operator's first character. C and
  // Python users write them (loopy's parser does not take them); nothing else can end a
  // left-hand side with one of these characters, so reading them is unambiguous.
  static std::optional<BinaryOp> augmented_operator(const std::string& text, std::size_t begin, std::size_t& equals) {
    static const std::pair<std::string_view, BinaryOp> operators[] = {
        {"**", BinaryOp::Power}, {"//", BinaryOp::FloorDivide}, {"+", BinaryOp::Add},  {"-", BinaryOp::Subtract},
        {"*", BinaryOp::Multiply}, {"/", BinaryOp::Divide},        {"%", BinaryOp::Modulo}};
    std::string_view before = std::string_view(text).substr(begin, equals - begin);
    for (const auto& [spelling, op] : operators) {
      if (before.ends_with(spelling)) {
        equals -= spelling.size();
        return op;
      }
    }
    return std::nullopt;
  }

  void parse_assignment(const LogicalLine& line, const OptionsSpan& options) {
    std::size_t lhs_begin = 0;
    std::vector<std::optional<DType>> declared;
    bool declares = line.text.starts_with('<');
    if (declares) lhs_begin = parse_declared_types(line, declared);
    std::size_t equals = find_assignment(line.text, lhs_begin, options.body_end);
    if (equals == npos) {
      fail(line,
           "expected '=': an instruction is 'lhs = rhs', '... nop', '... lbarrier', "
           "'name := rule' or a block keyword (for, if, elif, else, end, with)",
           options.body_end);
    }
    std::size_t lhs_end = equals;
    std::optional<BinaryOp> update = augmented_operator(line.text, lhs_begin, lhs_end);
    if (is_blank(line.text, lhs_begin, lhs_end))
      fail(line, "missing left-hand side before '='", equals);
    if (update && declares) {
      fail(line, "a declaration '<...>' cannot update its variable with '" +
                     line.text.substr(lhs_end, equals + 1 - lhs_end) + "': it has no value yet", lhs_end);
    }
    Instruction instruction;
    std::string lhs_text = line.text;
    std::vector<std::optional<std::optional<DType>>> own_types =
        take_assignee_declarations(line, lhs_text, lhs_begin, lhs_end);
    instruction.assignees = parse_expression_list_in(lhs_text, lhs_begin, lhs_end);
    for (const ExprPtr& assignee : instruction.assignees) {
      if (assignee->kind != ExprKind::Variable && assignee->kind != ExprKind::Subscript) {
        fail(line,
             "cannot assign to '" + to_string(assignee) +
                 "': the left-hand side must be a variable or a subscript",
             static_cast<std::size_t>(assignee->column - 1));
      }
    }
    instruction.expression = parse_expression_in(line.text, equals + 1, options.body_end);
    if (update) {
      if (instruction.assignees.size() != 1) {
        fail(line, "'" + line.text.substr(lhs_end, equals + 1 - lhs_end) + "' updates one variable, not several",
             lhs_end);
      }
      // `x += e` is `x = x + (e)`, as in Python and C (the parentheses are the tree's).
      instruction.expression = binary(*update, instruction.assignees.front(), instruction.expression);
    }
    declare_temporaries(line, declares, declared, own_types, instruction.assignees);
    InstructionOptions state = current();
    if (options.present() &&
        apply_options(line.text, options.open, options.close, false, state).count("mem_kind")) {
      fail(line, "option 'mem_kind' applies only to barriers", options.open + 1);
    }
    emit(line, state, std::move(instruction));
  }

  // `<float32>`, `<>` or `<float32, int32>` (one type per assignee); returns the position after
  // the '>'.
  std::size_t parse_declared_types(const LogicalLine& line,
                                   std::vector<std::optional<DType>>& types) const {
    std::size_t close = line.text.find('>');
    if (close == npos) fail(line, "unclosed '<' of a temporary declaration such as '<float32>'", 0);
    std::size_t begin = 1;
    while (true) {
      std::size_t end = std::min(line.text.find(',', begin), close);
      std::string_view name = trim(std::string_view(line.text).substr(begin, end - begin));
      std::optional<DType> type;
      if (!name.empty()) type = parse_dtype(name);
      if (!name.empty() && !type) {
        fail(line, "unknown type '" + std::string(name) + "' in a temporary declaration",
             line.text.find(name, begin));
      }
      types.push_back(type);
      if (end == close) return close + 1;
      begin = end + 1;
    }
  }

  // loopy's per-assignee declarations, `<> m, <> k = argmin(...)` or `a, <int32> k = ...`: an
  // assignee whose comma-separated piece of [begin, end) starts with `<type>` declares that
  // temporary. Returns, per piece, its declared type (nullopt: not declared there; an inner
  // nullopt: `<>`, inferred) and blanks the declarations out of `text` so that the assignees parse.
  std::vector<std::optional<std::optional<DType>>> take_assignee_declarations(const LogicalLine& line,
                                                                              std::string& text, std::size_t begin,
                                                                              std::size_t end) const {
    std::vector<std::optional<std::optional<DType>>> own;
    std::size_t piece = begin;
    int depth = 0;
    for (std::size_t i = begin; i <= end; ++i) {
      char c = i < end ? text[i] : ',';
      if (c == '(' || c == '[' || c == '{') ++depth;
      if (c == ')' || c == ']' || c == '}') --depth;
      if (c != ',' || depth != 0) continue;
      std::size_t start = text.find_first_not_of(' ', piece);
      own.emplace_back();
      if (start < i && text[start] == '<') {
        std::size_t close = text.find('>', start);
        if (close == npos || close >= i) fail(line, "unclosed '<' of a temporary declaration such as '<float32>'", start);
        std::string_view name = trim(std::string_view(text).substr(start + 1, close - start - 1));
        std::optional<DType> type;
        if (!name.empty()) type = parse_dtype(name);
        if (!name.empty() && !type) fail(line, "unknown type '" + std::string(name) + "' in a temporary declaration", start + 1);
        own.back() = type;
        std::fill(text.begin() + static_cast<std::ptrdiff_t>(start), text.begin() + static_cast<std::ptrdiff_t>(close) + 1, ' ');
      }
      piece = i + 1;
    }
    return own;
  }

  // Declares the temporaries among `assignees`: all of them with a leading `<...>` (one type, or
  // one per assignee), and those with their own declaration (take_assignee_declarations).
  void declare_temporaries(const LogicalLine& line, bool declares, const std::vector<std::optional<DType>>& types,
                           const std::vector<std::optional<std::optional<DType>>>& own_types,
                           const std::vector<ExprPtr>& assignees) {
    if (declares && types.size() != 1 && types.size() != assignees.size()) {
      fail(line,
           "the declaration gives " + std::to_string(types.size()) + " types for " +
               std::to_string(assignees.size()) + " assignees",
           0);
    }
    for (std::size_t i = 0; i < assignees.size(); ++i) {
      bool own = i < own_types.size() && own_types[i].has_value();
      if (!own && !declares) continue;
      std::optional<DType> type = own ? *own_types[i] : types[types.size() == 1 ? 0 : i];
      result_.temporaries.push_back({assignees[i]->name, type, line.text, assignees[i]->column});
    }
  }

  void emit(const LogicalLine& line, const InstructionOptions& options, Instruction instruction) {
    ParsedInstruction parsed;
    instruction.id = options.id;
    instruction.within_inames = options.within_inames;
    instruction.no_sync_with = options.no_sync_with;
    instruction.predicates = options.predicates;
    instruction.tags = options.tags;
    instruction.priority = options.priority;
    instruction.source = line.text;
    parsed.instruction = std::move(instruction);
    parsed.id_prefix = options.id_prefix.empty() ? "insn" : options.id_prefix;
    parsed.inames_explicit = options.inames_explicit;
    parsed.in_for_block = options.in_for_block;
    parsed.dep_patterns = options.dep_patterns;
    parsed.dep_exhaustive = options.dep_exhaustive;
    parsed.inames_to_dup = options.inames_to_dup;
    parsed.line = line.number;
    result_.instructions.push_back(std::move(parsed));
  }

  std::vector<InstructionOptions> states_;  // states_[k + 1] holds inside blocks_[k]
  std::vector<Block> blocks_;
  ParsedInstructions result_;
};

}  // namespace

ParsedInstructions parse_instructions(std::string_view text) {
  return InstructionParser().run(text);
}

}  // namespace loom::lang
