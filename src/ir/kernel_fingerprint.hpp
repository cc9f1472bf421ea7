// A kernel's complete text for cache keys (DESIGN.md §6, the kernel-level cache): two kernels with
// the same fingerprint generate the same code for every target.
#pragma once

#include <string>

#include "loom/kernel.hpp"

namespace loom::detail {

// Every field of `kernel` that code generation reads, spelled out: domains as isl prints them,
// instructions as instructions_text writes them (a round-tripping form), arguments with their
// layouts, temporaries, tags, loop priorities, assumptions, options, slabs and iname rewrites.
std::string kernel_fingerprint(const LoopKernel& kernel);

}  // namespace loom::detail
