// The order in which loops nest (DESIGN.md §3a), and the diagnostic when no order exists.
//
// Loops nest in one kernel-wide order of inames: loop priorities first, a domain bounded by
// another domain's iname inside that iname's loop, the order of the domain strings otherwise.
// A constraint matters only where some instruction runs within both of its inames; when the
// constraints that matter form a cycle (prioritize_loops("i, j") for one instruction and
// "j, k", "k, i" for others), no nesting realizes them. loom then says which constraints and
// instructions make the cycle and which duplicate_inames calls would break it (loopy's
// get_iname_duplication_options), each one verified to leave an acyclic nesting.
#pragma once

#include <string>
#include <vector>

#include "loom/codegen.hpp"
#include "loom/kernel.hpp"

namespace loom::codegen {

// Orders inames: loop priorities first, then reductions inside their instructions' loops (where
// that fits), then the order of the domain strings. Throws
// loom::Error describing the cycle and the duplication options when the constraints that
// instructions need contradict each other.
std::vector<std::string> iname_nesting_order(const LoopKernel& kernel);

// Loop priorities that keep the order iname_nesting_order gives `kernel` once its reductions are
// realized (their loops inside their instructions' loops, a preference that only the reduction
// nodes carry): one list per instruction with a reduction, its inames in that order. Empty when
// the reductions do not change the order.
std::vector<std::vector<std::string>> reduction_nesting_priorities(const LoopKernel& kernel);

// The duplications that would each make the nesting realizable; empty when it already is.
std::vector<InameDuplicationOption> duplication_options(const LoopKernel& kernel);

}  // namespace loom::codegen
