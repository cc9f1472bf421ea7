// A kernel that faulted while running on a host target (C): an invalid memory access, an integer
// division by zero, a stack overflow. The CLI maps it to exit code 5, as a CUDA fault (SPEC.md).
// Kept out of loom/error.hpp so that adding it did not touch every source file's dependencies.
#pragma once

#include "loom/error.hpp"

namespace loom {

class KernelFault : public Error {
 public:
  using Error::Error;
};

}  // namespace loom
