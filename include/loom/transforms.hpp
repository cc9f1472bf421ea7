// Transformations: each takes a kernel and returns a new one, checked for legality (DESIGN.md §4).
// Names and parameters are loopy's, so a loopy recipe ports line by line.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <utility>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "loom/kernel.hpp"

namespace loom {

// ---- the typed transforms ------------------------------------------------------------------------

struct SplitOptions {
  std::optional<std::string> outer_iname;  // default <iname>_outer
  // loopy's slabs=(head, tail): the first `head` and last `tail` outer iterations are generated
  // apart, so the bulk in between has no guards.
  std::pair<int64_t, int64_t> slabs = {0, 0};
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

// ---- more iname transforms (loopy's transform/iname.py) -----------------------------------------

// Removes the implementation tags of `inames` (a list or comma string); they become sequential.
LoopKernel untag_inames(const LoopKernel& kernel, const std::vector<std::string>& inames, bool unchecked = false);

struct RenameOptions {
  bool existing_ok = false;  // renaming onto an existing iname merges the two loops (checked)
  std::optional<std::string> within;
  bool unchecked = false;
};
LoopKernel rename_iname(const LoopKernel& kernel, const std::string& old_iname, const std::string& new_iname,
                        const RenameOptions& options = {});
// Renames several inames onto one (loopy's rename_inames): merges their loops.
LoopKernel rename_inames(const LoopKernel& kernel, const std::vector<std::string>& old_inames,
                         const std::string& new_iname, const RenameOptions& options = {});

struct DuplicateOptions {
  std::optional<std::string> within;
  std::vector<std::string> new_inames;        // default: uniquified <iname>_0 ...
  std::optional<std::string> suffix;         // alternative naming: <iname><suffix>
  std::map<std::string, std::string> tags;   // tags for the new inames, by new name
  bool unchecked = false;
};
// Gives the matched instructions their own copy of each iname (a new loop with the same domain).
LoopKernel duplicate_inames(const LoopKernel& kernel, const std::vector<std::string>& inames,
                            const DuplicateOptions& options = {});

// Removes inames no instruction uses (all when `inames` is empty) from the domains.
LoopKernel remove_unused_inames(const LoopKernel& kernel, const std::vector<std::string>& inames = {});

// Adds constraints on the parameters ("n mod 16 = 0 and n >= 16").
LoopKernel assume(const LoopKernel& kernel, const std::string& assumptions);

// Replaces parameters by constants everywhere (domains, instructions, shapes, assumptions).
LoopKernel fix_parameters(const LoopKernel& kernel, const std::map<std::string, int64_t>& values);

struct JoinOptions {
  std::optional<std::string> new_iname;
  std::optional<std::string> tag;
  std::optional<std::string> within;
  bool unchecked = false;
};
// Joins inames (outermost first) of one domain into one: inames = [i, j] with j in [0, J)
// gives k = i*J + j. Inner inames need constant extents.
LoopKernel join_inames(const LoopKernel& kernel, const std::vector<std::string>& inames, const JoinOptions& options = {});

struct ChunkOptions {
  std::optional<std::string> outer_iname, inner_iname, outer_tag, inner_tag, within;
  bool unchecked = false;
};
// Splits an iname into `num_chunks` contiguous chunks (outer = chunk number).
LoopKernel chunk_iname(const LoopKernel& kernel, const std::string& iname, int64_t num_chunks,
                       const ChunkOptions& options = {});

// Re-indexes one domain by a bijective affine isl map over its inames, e.g.
// "{[i, j] -> [t, j2]: t = i + j and j2 = j}" (skewing, diamond tiling). Checked.
LoopKernel map_domain(const LoopKernel& kernel, const std::string& isl_map, bool unchecked = false);

// The lowest "g.N" or "l.N" (`kind` "g" or "l") that no iname uses, as a tag string.
std::string find_unused_axis_tag(const LoopKernel& kernel, const std::string& kind);

}  // namespace loom

// Declarations of the instruction, substitution and GPU transforms, by family.
#include "loom/instruction_transforms.hpp"
#include "loom/substitution_transforms.hpp"
#include "loom/gpu_transforms.hpp"
#include "loom/memory_transforms.hpp"
#include "loom/layout_transforms.hpp"
#include "loom/buffer_transforms.hpp"
#include "loom/tensor_transforms.hpp"

namespace loom {

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

// Whether the registered transform `name` changes the kernel's meaning on purpose (its result is
// the new reference for checks: remove_instructions, add_inames_to_insn, remove_inames_from_insn).
bool transform_changes_meaning(const std::string& name);

// Names of every registered transform, sorted.
std::vector<std::string> registered_transforms();

}  // namespace loom
