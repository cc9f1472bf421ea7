// Transformations: each takes a kernel and returns a new one, checked for legality (DESIGN.md §4).
// Names and parameters are loopy's, so a loopy recipe ports line by line.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "loom/kernel.hpp"

namespace loom {

// ---- the typed transforms ------------------------------------------------------------------------

struct SplitOptions {
  std::optional<std::string> outer_iname;  // default <iname>_outer
  std::optional<std::string> inner_iname;  // default <iname>_inner
  std::optional<std::string> outer_tag;
  std::optional<std::string> inner_tag;
  std::optional<std::string> within;  // match expression; default: every instruction
  bool unchecked = false;
};

// Replaces `iname` by `<iname>_outer` and `<iname>_inner` with iname = inner_length*outer + inner
// and 0 <= inner < inner_length. Refuses an unknown iname, a non-positive length, a tagged
// (parallel) iname, and names that exist already.
LoopKernel split_iname(const LoopKernel& kernel, std::string_view iname, int64_t inner_length,
                       const SplitOptions& options = {});

// Tags inames: "i:l.0, j:g.0" (also `*` wildcards in the iname), one implementation tag per
// iname. Parallel tags are checked against the kernel's dependences and write races.
LoopKernel tag_inames(const LoopKernel& kernel, const std::string& iname_to_tag, bool unchecked = false);
LoopKernel tag_inames(const LoopKernel& kernel, const std::map<std::string, std::string>& iname_to_tag,
                      bool unchecked = false);

// Adds a nesting constraint: the inames (outermost first) nest in this order where they nest
// together. Checked against the dependences.
LoopKernel prioritize_loops(const LoopKernel& kernel, const std::vector<std::string>& loop_priority,
                            bool unchecked = false);
LoopKernel prioritize_loops(const LoopKernel& kernel, const std::string& loop_priority, bool unchecked = false);

// ---- the registry: transforms by name (JSON specs, CLI, tuner, printer) -------------------------

using TransformValue = std::variant<std::monostate,  // null (Python's None)
                                    bool, int64_t, std::string, std::vector<std::string>,
                                    std::vector<int64_t>, std::map<std::string, std::string>>;

// One application: a transform name and its arguments by parameter name.
struct TransformCall {
  std::string name;
  std::map<std::string, TransformValue> arguments;
};

// Applies a registered transform; arguments are checked against its parameter schema (unknown,
// missing or ill-typed ones are loom::Error naming the parameter).
LoopKernel apply_transform(const LoopKernel& kernel, const TransformCall& call);

// `split_iname(iname="i", inner_length=16, outer_tag="g.0")`, in the schema's parameter order.
std::string to_string(const TransformCall& call);

// Names of every registered transform, sorted.
std::vector<std::string> registered_transforms();

}  // namespace loom
