// GPU transforms: hardware axes and temporaries across global barriers.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "loom/kernel.hpp"

namespace loom {

// loopy's add_inames_for_unused_hw_axes: every instruction matched by `within` (default: all)
// that lacks a hardware axis (g.N or l.N) used elsewhere in the kernel gets the kernel's iname
// on that axis. An instruction that writes memory other work-items can see (arrays, local or
// global temporaries) also gets the predicate `iname == <its lower bound>`, so one work-item
// writes instead of all of them (no write race); one that only writes private temporaries runs
// on every work-item (each needs the value). Refuses an axis used by several inames (which one
// would the instruction take?).
LoopKernel add_inames_for_unused_hw_axes(const LoopKernel& kernel,
                                         const std::optional<std::string>& within = std::nullopt,
                                         bool unchecked = false);

// Makes the private and local temporaries named (all that are live across a global barrier when
// `temporaries` is empty) global, with one copy per work-item (private: an axis per g.N and l.N
// iname of their writers) or per work-group (local: an axis per g.N iname), so their values
// survive the kernel split at the barrier (loopy's save_and_reload_temporaries has the same
// effect through explicit save and reload instructions). Refuses a temporary whose accessing
// instructions do not all run on the same hardware inames.
LoopKernel save_and_reload_temporaries(const LoopKernel& kernel, const std::vector<std::string>& temporaries = {},
                                       bool unchecked = false);

}  // namespace loom
