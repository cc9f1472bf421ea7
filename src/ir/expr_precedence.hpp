// Binding powers of loom's expression syntax, loosest first: shared by the parser
// (src/lang/expression_parser.cpp) and the printer (src/ir/expr_printer.cpp) so that printing
// adds exactly the parentheses parsing needs.
#pragma once

namespace loom {

enum ExprPrecedence : int {
  kTernary = 0,  // a if c else b
  kOr,
  kAnd,
  kNot,
  kComparison,
  kBitwiseOr,   // |
  kBitwiseXor,  // ^
  kBitwiseAnd,  // &
  kShift,       // << >>
  kAdditive,
  kMultiplicative,
  kUnary,  // - + ~
  kPower,
  kAtom,
};

}  // namespace loom
