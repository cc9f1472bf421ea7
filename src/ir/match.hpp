// Match expressions selecting instructions (loopy's `within` / `insn_match`,
// research/loopy-notes.md §3.8): `id:glob`, `tag:glob`, `writes:glob`, `reads:glob`,
// `iname:glob`, combined with `and`, `or`, `not` and parentheses. A bare glob means `id:glob`.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "loom/kernel.hpp"

namespace loom {

class InstructionMatch {
 public:
  // Parses a match expression; throws loom::ParseError with the column of the problem.
  static InstructionMatch parse(std::string_view text);
  // Matches everything (a `within` of None).
  static InstructionMatch all();

  bool matches(const LoopKernel& kernel, const Instruction& instruction) const;
  const std::string& text() const { return text_; }

  struct Node;

 private:
  std::shared_ptr<const Node> root_;
  std::string text_;
};

}  // namespace loom
