// The `{...}` options of loopy's instructions and `with` blocks (research/loopy-notes.md §3.3):
// id, id_prefix, dep, nosync, inames, priority, tags, if, mem_kind.
#pragma once

#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "loom/expr.hpp"
#include "loom/kernel.hpp"

namespace loom::lang {

// What the enclosing blocks and an instruction's own options say about that instruction.
struct InstructionOptions {
  std::string id;
  std::string id_prefix;
  std::set<std::string> dep_patterns;  // raw, may hold globs
  bool dep_exhaustive = false;         // `dep=*...`
  std::vector<NoSyncWith> no_sync_with;
  std::set<std::string> within_inames;
  bool inames_explicit = false;  // `inames=i:j` (not `inames=+i`)
  bool in_for_block = false;     // inside `for i ... end`: loopy takes its inames as final
  std::vector<ExprPtr> predicates;
  std::set<std::string> tags;
  int priority = 0;
  std::optional<SyncScope> mem_kind;
  // loopy's `dup=i:j->j2`: inames this instruction gets its own copy of (new name, or "" for
  // duplicate_inames' default), applied once the kernel is made.
  std::vector<std::pair<std::string, std::string>> inames_to_dup;
};

// Applies the options written in line[open_brace + 1, close_brace) to `options`, left to right.
// Sets (dep, nosync, tags, if, inames=+) accumulate onto what enclosing blocks gave; id,
// id_prefix, priority, mem_kind and `inames=i:j` replace it. `in_with_block` refuses `id`, which
// must name one instruction. Returns the names of the options written, so that callers can refuse
// those that do not apply (mem_kind outside barriers). Throws loom::ParseError with `line`.
std::set<std::string> apply_options(std::string_view line, std::size_t open_brace,
                                    std::size_t close_brace, bool in_with_block,
                                    InstructionOptions& options);

// Appends `predicate` unless a structurally equal one is already there.
void add_predicate(std::vector<ExprPtr>& predicates, const ExprPtr& predicate);

}  // namespace loom::lang
