// Hardware axes of a device kernel (DESIGN.md §5): which inames are work-group (g.N) and
// work-item (l.N) indices, the launch sizes isl derives from their bounds, and the checks that
// every instruction runs on all of them exactly once.
#pragma once

#include <isl/cpp.h>

#include <array>
#include <map>
#include <string>
#include <vector>

#include "loom/kernel.hpp"

namespace loom::codegen {

bool is_hardware_tag(const InameTag& tag);

struct HardwareIname {
  std::string iname;
  bool local;      // l.N (else g.N)
  int axis;
  ExprPtr lower;   // the iname's value is lower + the hardware index
  int64_t length;  // l.N: its (constant) number of values; g.N: 0 (it may depend on parameters)
};

struct LaunchShape {
  std::vector<HardwareIname> inames;
  std::array<ExprPtr, 3> grid;     // work-groups per axis, in the kernel's parameters
  std::array<int64_t, 3> block{};  // work-items per axis
  // The hardware inames as parameters, bounded by the launch box: the AST build's context (with
  // the assumptions), so isl emits a guard exactly where an instruction's own domain is smaller.
  isl::set context;
  // Hardware inames that always hold another one's value (same kind, axis and lower bound: both
  // are lower + one hardware index; add_prefetch's l.auto inames share the axes of the compute
  // inames): alias -> the iname the loop nest's AST names instead (the one most instructions
  // run in). One isl parameter per hardware index makes every set isl's AST build tests smaller.
  std::map<std::string, std::string> aliases;
  bool uses_hardware() const { return !inames.empty(); }
};

// The launch of the device kernel made of `instructions` (indices into kernel.instructions).
// Throws loom::Error when a local size is not constant, a hardware iname's range depends on
// another iname, an instruction has two inames on one axis, or an instruction (other than
// barriers and no-ops) does not use every axis the kernel uses (naming add_inames_for_unused_hw_axes).
LaunchShape launch_shape(const LoopKernel& kernel, const std::vector<int>& instructions);

// An iname's range under the assumptions as expressions in the parameters: lower bound and
// number of values (e.g. 0 and (n + 15) // 16). Refuses a range that depends on another iname.
struct InameBounds {
  ExprPtr lower;
  ExprPtr extent;
};
InameBounds iname_bounds(const LoopKernel& kernel, const std::string& iname);

}  // namespace loom::codegen
