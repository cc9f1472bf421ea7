// Sequential loops around global barriers (loopy's kernel splitting inside loops).
#pragma once

#include "loom/kernel.hpp"

namespace loom::codegen {

// A global barrier ends a device kernel, so a sequential loop around one is a loop over kernel
// launches: loopy runs it on the host. loom unrolls it into the launch sequence instead: each
// instruction inside loop `k` becomes one copy per value v of k (id `<id>_k<v>`, k replaced by
// v), every copy of iteration v+1 waiting for every copy of iteration v, and instructions after
// the loop waiting for every copy of what they waited for. The global barriers are then outside
// every loop, where code generation splits the program (outermost loops first, repeatedly).
// Refuses (naming the barrier and the loop) a trip count that is not constant, a program of more
// than kMaxHostLoopLaunches kernels once unrolled (each is compiled: a loop on the host, passing
// the iname's value to one kernel per part, would lift that limit), and an instruction whose other
// inames' bounds depend on k.
LoopKernel unroll_loops_around_global_barriers(const LoopKernel& kernel);

inline constexpr int64_t kMaxHostLoopLaunches = 32;

}  // namespace loom::codegen
