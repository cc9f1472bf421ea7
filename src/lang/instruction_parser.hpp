// Parser for loopy's instruction language (research/loopy-notes.md §3.3–3.4).
//
// The parser only builds syntax: it does not know which names are arrays, inames or temporaries.
// make_kernel (src/lang/make_kernel.cpp) resolves names, adds used inames, resolves dependency
// globs, assigns missing ids and checks declarations.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "loom/expr.hpp"
#include "loom/kernel.hpp"

namespace loom::lang {

// `<float32> t = ...` or `<> t[i] = ...` declares a temporary (dtype nullopt for `<>`).
struct TemporaryDeclaration {
  std::string name;
  std::optional<DType> dtype;
  std::string source;  // the instruction line, for messages
  int column = 0;
};

struct ParsedInstruction {
  Instruction instruction;           // id may be empty (make_kernel assigns one)
  std::string id_prefix;             // from `id_prefix=` (default "insn" when id is empty)
  bool inames_explicit = false;      // `inames=i:j` fixes within_inames exactly
  bool in_for_block = false;         // no inames inferred from variable use (loopy: final)
  std::set<std::string> dep_patterns;  // raw `dep=` entries, may contain globs
  bool dep_exhaustive = false;       // `dep=*...`: no automatic (single-writer) dependencies
  int line = 0;                      // 1-based line in the instruction text
  std::vector<std::pair<std::string, std::string>> inames_to_dup;  // `dup=i->i2` (new name or "")
};

struct ParsedInstructions {
  std::vector<ParsedInstruction> instructions;
  std::vector<TemporaryDeclaration> temporaries;
  std::vector<SubstitutionRule> rules;
};

// Parses instruction text (several lines). Throws loom::ParseError naming the line and column.
ParsedInstructions parse_instructions(std::string_view text);

// Parses one expression (reductions, if(c,a,b), calls, subscripts, literals, operators).
ExprPtr parse_expression(std::string_view text);

}  // namespace loom::lang
