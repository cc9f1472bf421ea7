// Timing launches of a compiled kernel (`loom run --repeat`, `loom stats --measure`).
#pragma once

#include <vector>

#include "loom/runtime.hpp"

namespace loom::cli {

// Host wall-clock seconds of each of `runs` launches, after one untimed warm-up launch.
std::vector<double> time_launches(const CompiledKernel& program, const ArgumentMap& arguments,
                                  int runs);

// CUDA: the arrays moved to the device once, and each launch timed on the GPU with CUDA events
// (host copies would dominate, and the host clock would time the launch, not the kernel).
std::vector<double> time_cuda_launches(const CompiledKernel& program,
                                       const ArgumentMap& host_arguments, int runs);

// The median of `seconds` (not empty).
double median_seconds(std::vector<double> seconds);

}  // namespace loom::cli
