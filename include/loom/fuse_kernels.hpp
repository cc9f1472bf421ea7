// Kernel fusion (loopy's fuse_kernels; transforms/fuse_kernels.cpp has the full semantics).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "loom/kernel.hpp"

namespace loom {

// loopy's data_flow entry (var_name, from_kernel, to_kernel): kernel `to_kernel` uses what
// kernel `from_kernel` writes into `variable` (indices into the list of kernels).
struct DataFlow {
  std::string variable;
  std::size_t from_kernel = 0;
  std::size_t to_kernel = 0;
};

struct FuseOptions {
  std::vector<std::string> suffixes;  // one per kernel, for temporaries whose names clash
  std::vector<DataFlow> data_flow;
  std::string name;        // default: "<a>_and_<b>..."
  bool unchecked = false;  // skip the ordering check (the only way past a refusal)
};

// One kernel doing the work of `kernels` run one after another: inames with equal names become
// one loop (their domains must agree), equal arguments one argument, temporaries and instruction
// ids renamed apart, data_flow entries turned into dependencies. Refused (LegalityError, with a
// violating pair of instances) where the merged loops would run an instance of a later kernel
// before the instance of an earlier one it depends on; refused (Error) where two kernels touch
// a variable and no data_flow entry orders them.
LoopKernel fuse_kernels(const std::vector<LoopKernel>& kernels, const FuseOptions& options = {});

}  // namespace loom
