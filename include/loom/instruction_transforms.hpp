// Instruction and dependency transforms (loopy's transform/instruction.py, add_barrier.py and the
// instruction parts of iname.py). Names and parameters are loopy's. `insn_match`, `within`,
// `source`, `sink` and friends are match expressions (`id:x or tag:y`, src/ir/match.hpp); an exact
// instruction id is accepted too. A match that selects no instruction is refused.
//
// remove_instructions, add_inames_to_insn and remove_inames_from_insn change the kernel's meaning
// on purpose (DESIGN.md §3a): the kernel they return is its own new reference, and later
// transforms are checked against the dependences of that kernel.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "loom/kernel.hpp"

namespace loom {

// Makes every instruction matched by `insn_match` depend on every instruction matched by
// `depends_on`. Refuses a side that matches nothing and a dependency cycle (also an instruction
// depending on itself); checked against the dependences, since the new order can split a loop
// that a value flows through.
LoopKernel add_dependency(const LoopKernel& kernel, const std::string& insn_match,
                          const std::string& depends_on, bool unchecked = false);

struct NoSyncOptions {
  bool bidirectional = false;  // also add the sink to each source's no_sync_with
  bool force = false;          // add even where no dependency path joins the pair
  bool empty_ok = false;       // no refusal when a side matches nothing or nothing is added
  bool unchecked = false;
};
// Adds `no_sync_with` entries (scope "local", "global" or "any") to each sink for each source
// it depends on (directly or through other instructions), so barrier insertion leaves that pair
// alone. Without `force`, a pair joined by no dependency path gets nothing; a call that adds
// nothing is refused (loopy: "No nosync annotations were added") unless `empty_ok`.
LoopKernel add_nosync(const LoopKernel& kernel, const std::string& scope, const std::string& source,
                      const std::string& sink, const NoSyncOptions& options = {});

// Deletes the instructions matched by `insn_ids`. An instruction that depended on a removed one
// depends on what that one depended on (transitively, through removed instructions only); nosync
// entries naming removed instructions go. Changes the meaning on purpose. Refuses a match of no
// instruction, removing every instruction, and leaving a temporary read but no longer written.
LoopKernel remove_instructions(const LoopKernel& kernel, const std::string& insn_ids,
                               bool unchecked = false);

// Adds the tag `new_tag` (an identifier) to the instructions matched by `within` (default: all),
// so later matches can say `tag:new_tag`.
LoopKernel tag_instructions(const LoopKernel& kernel, const std::string& new_tag,
                            const std::optional<std::string>& within = std::nullopt,
                            bool unchecked = false);

// Sets the priority of the matched instructions (loopy: higher is scheduled sooner; loom's
// linearization orders by dependencies and keeps the field for printing and specs).
LoopKernel set_instruction_priority(const LoopKernel& kernel, const std::string& insn_match,
                                    int64_t priority, bool unchecked = false);

// Puts the matched instructions inside the loops of `inames` as well: they run once per value of
// each added iname. Changes the meaning on purpose unless the instruction is idempotent; a
// parallel added iname is checked for write races. Refuses an unknown iname, a reduction iname of
// the instruction, an iname bounded by another iname the instruction is not within, and a call
// that adds nothing.
LoopKernel add_inames_to_insn(const LoopKernel& kernel, const std::vector<std::string>& inames,
                              const std::string& insn_match, bool unchecked = false);

// Takes the matched instructions out of the loops of `inames`: they run once instead of once per
// value. Changes the meaning on purpose unless the instruction is idempotent. Refuses an unknown
// iname, an instruction within none of `inames` (loopy's "inames not found"), an instruction that
// still uses a removed iname in its expression, assignees or predicates, and an iname whose value
// bounds another iname the instruction keeps.
LoopKernel remove_inames_from_insn(const LoopKernel& kernel, const std::vector<std::string>& inames,
                                   const std::string& insn_match, bool unchecked = false);

struct BarrierOptions {
  std::optional<std::string> id_based_on;  // default "g_barrier" / "l_barrier", uniquified
  std::vector<std::string> tags;
  std::string synchronization_kind = "global";  // "global" (splits the kernel) or "local"
  std::optional<std::string> mem_kind;     // "global" or "local"; default: synchronization_kind
  std::vector<std::string> within_inames;  // sequential loops the barrier runs inside
  bool unchecked = false;
};
// Inserts a barrier instruction that depends on every instruction matched by `insn_before` and
// that every instruction matched by `insn_after` depends on. A local barrier is a no-op on the C
// target. Refuses a side that matches nothing, an unknown kind, a global barrier with local
// mem_kind, unknown or hardware-parallel within_inames (a barrier must run in every work-item),
// and a dependency cycle (an instruction both before and after).
LoopKernel add_barrier(const LoopKernel& kernel, const std::string& insn_before,
                       const std::string& insn_after, const BarrierOptions& options = {});

// Drops the predicates structurally equal to one of `predicates` (kernel-language expressions,
// e.g. "cond") from the instructions matched by `insn_match` (loopy's remove_predicates_from_insn).
// Changes the kernel's meaning: the result is its own reference. Refuses a predicate that no
// matched instruction has.
LoopKernel remove_predicates_from_insn(const LoopKernel& kernel, const std::vector<std::string>& predicates,
                                       const std::string& insn_match, bool unchecked = false);

}  // namespace loom
