#include "analysis/compile_warnings.hpp"

#include <algorithm>
#include <set>

#include "analysis/type_inference.hpp"

namespace loom {

namespace {

bool silenced(const LoopKernel& kernel, const std::string& warning) {
  const std::vector<std::string>& names = kernel.options.silenced_warnings;
  return std::find(names.begin(), names.end(), warning) != names.end();
}

}  // namespace

std::vector<std::string> unused_inames(const LoopKernel& typed) {
  if (silenced(typed, "unused_inames") || typed.instructions.empty()) return {};
  std::set<std::string> used;
  for (const Instruction& instruction : typed.instructions) used.insert(instruction.within_inames.begin(), instruction.within_inames.end());
  std::vector<std::string> warnings;
  for (const std::string& iname : typed.all_inames()) {
    if (used.count(iname) != 0) continue;
    warnings.push_back("kernel '" + typed.name + "': no instruction runs inside the loop over '" + iname +
                       "', so the kernel computes as if it were absent (an instruction is inside an iname's "
                       "loop only where it uses it, names it in a `for " + iname + "` block or {inames=" +
                       iname + ":...}, as in loopy; silence with options.silenced_warnings: [\"unused_inames\"])");
  }
  return warnings;
}

std::vector<std::string> compile_warnings(const LoopKernel& typed) {
  std::vector<std::string> warnings = float64_in_float32_kernel(typed);
  for (std::string& warning : unused_inames(typed)) warnings.push_back(std::move(warning));
  return warnings;
}

}  // namespace loom
