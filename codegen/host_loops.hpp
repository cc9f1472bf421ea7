// Sequential loops around global barriers (loopy's kernel splitting inside loops).
#pragma once

#include <set>
#include <string>
#include <vector>

#include "loom/kernel.hpp"

namespace loom::codegen {

// One sequential loop the host runs around device kernels.
struct HostLoopPlan {
  std::string iname;
  ExprPtr lower, upper;           // first and last value (inclusive), in the parameters and the
                                  // inames of the host loops around it
  std::set<std::string> members;  // ids of the instructions inside it (nested loops' included)
};

// A global barrier ends a device kernel, so a sequential loop around one is a loop over kernel
// launches, which the host runs, as in loopy. Each such loop (outermost first, then those that the
// previous step brought to the top) becomes a parameter of the program: the instructions inside
// it leave its loop, its iname becomes a value argument of type `index`, which its domain and the
// instructions' expressions read, and two global barriers (`<iname>_host_loop_begin` and `_end`)
// around its instructions make its kernels its own. `loops` receives each loop, outermost first,
// with its bounds from its domain under the assumptions (any quasi-affine bounds: a time loop up
// to a parameter too). The launches run its kernels for every value in order, which is the
// sequential meaning of the loop: every instance of iteration v before any of iteration v+1.
// Refuses (naming the barrier and the loop) a loop whose iname the program already uses as a
// name of something else.
LoopKernel host_loops_around_global_barriers(const LoopKernel& kernel, DType index,
                                             std::vector<HostLoopPlan>& loops);

}  // namespace loom::codegen
