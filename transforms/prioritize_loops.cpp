// prioritize_loops (loopy's transform/iname.py): fixes the nesting of loops.
//
//   prioritize_loops(knl, "j, i")   → wherever loops over j and i nest together, j is outside.
//
// A single iname is accepted and constrains nothing (as in loopy, whose priority tuple of one
// iname orders no pair); it is not recorded.
//
// Refuses: an unknown iname, an iname listed twice, an order that nests a reduction iname outside
// an iname of its instruction whose range is not constant (the rows would share the one
// accumulator; realize_reduction can privatize it only along a constant range), and — through
// the legality check — an order that runs a dependence backwards (e.g. interchanging loops around
// a recurrence).
#include <set>

#include "analysis/realize_reduction.hpp"
#include "codegen/loop_nesting.hpp"
#include "loom/error.hpp"
#include "transforms/registry.hpp"
#include "transforms/finish_keeping_order.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

// Whether the new priority leaves the kernel-wide nesting order of the loops as it was: the
// linearization, the timestamps and every instruction's loops (all built on that order) are then
// `before`'s (issue 26: the order checks are skipped; verified under LOOM_VERIFY_SKIPPED_CHECKS).
bool nesting_already_follows(const LoopKernel& before, const LoopKernel& after) {
  try {
    return codegen::iname_nesting_order(before) == codegen::iname_nesting_order(after);
  } catch (const Error&) {
    return false;  // no nesting realizes it: the checks say why
  }
}

}  // namespace

LoopKernel prioritize_loops(const LoopKernel& kernel, const std::vector<std::string>& loop_priority, bool unchecked) {
  std::string list;
  for (const std::string& iname : loop_priority) list += (list.empty() ? "" : ", ") + iname;
  TransformCall call{"prioritize_loops", {{"loop_priority", loop_priority}}};
  if (unchecked) call.arguments["unchecked"] = true;
  std::set<std::string> seen;
  for (const std::string& iname : loop_priority) {
    require_iname(kernel, iname, "prioritize_loops");
    if (!seen.insert(iname).second) throw Error("prioritize_loops(\"" + list + "\"): iname '" + iname + "' is listed twice");
  }
  if (loop_priority.empty()) throw Error("prioritize_loops(\"\"): give the inames to nest, outermost first");
  LoopKernel result = kernel;
  if (loop_priority.size() > 1) result.loop_priorities.push_back(loop_priority);
  if (!unchecked) check_reduction_nesting(result, to_string(call));
  if (kernel.verified && !unchecked && nesting_already_follows(kernel, result)) {
    return finish_transform_keeping_order(kernel, std::move(result), call, std::nullopt, unchecked, CheckScope::Order,
                                          "a priority the loops' nesting already follows");
  }
  return finish_transform(kernel, std::move(result), call, std::nullopt, unchecked, CheckScope::Order);
}

LoopKernel prioritize_loops(const LoopKernel& kernel, const std::string& loop_priority, bool unchecked) {
  return prioritize_loops(kernel, parse_name_list(loop_priority), unchecked);
}

LOOM_REGISTER_TRANSFORM(prioritize_loops) {
  registry.add({"prioritize_loops",
                "nest loops in the given order, outermost first",
                {{"loop_priority", ParameterType::InameList, true}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  return prioritize_loops(kernel, args.names("loop_priority"), args.unchecked());
                }});
}

}  // namespace loom
