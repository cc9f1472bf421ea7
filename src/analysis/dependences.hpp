// Instance dependences (flow, anti, output) of a kernel, traced through transforms, and the
// legality check every transform runs against them (DESIGN.md §3a, §4).
#pragma once

#include <isl/cpp.h>

#include <optional>
#include <string>
#include <vector>

#include "ir/isl_kernel.hpp"
#include "ir/isl_memo.hpp"
#include "loom/kernel.hpp"

namespace loom {

struct Access;

enum class DependenceKind { Flow, Anti, Output };

struct Dependence {
  DependenceKind kind;
  std::string variable;
  std::string source;  // instruction ids
  std::string sink;
  isl::map relation;  // { source[inames] -> sink[inames] }
};

namespace detail {
struct DependenceData {
  IslContextPtr context;  // first: outlives the maps
  std::vector<Dependence> dependences;
  // Write access relations of the lineage known to write each element once, by their memo keys
  // (access_relation_key), so that a later kernel's write whose key is one of these, its sets
  // still alive, is known race-free without isl (finish_transform records them; issue 26).
  std::vector<IslMemoKey> writes_each_element_once;
};
}  // namespace detail

// Whether `key` (access_relation_key of a write of `kernel`) names a write relation the lineage
// knows to write each element once, every set of it alive (so an address in the key still names
// that set, and an equal key the same relation).
bool known_to_write_each_element_once(const LoopKernel& kernel, const IslMemoKey& key);

// Whether no two instances of `write` write the same element: read off its subscript
// (writes_each_element_once) or known from the lineage (known_to_write_each_element_once).
bool writes_each_element_once_in_lineage(const LoopKernel& kernel, const Access& write);

// The dependences of `kernel` in its own reference order: every loop sequential, nested as
// linearization nests them. Reductions are associative updates and contribute no self-dependence.
std::shared_ptr<const detail::DependenceData> compute_dependences(const LoopKernel& kernel);

// compute_dependences' flow dependences of `variable` alone: one flow analysis instead of every
// variable's (code generation's question whether a private value crosses a kernel split asked for
// all of them: 88% of sgemm_splitk's compile).
std::vector<Dependence> flow_dependences_of(const LoopKernel& kernel, const std::string& variable);

// The kernel's traced dependences, computed on `kernel` itself when no transform has yet.
std::shared_ptr<const detail::DependenceData> dependences_of(const LoopKernel& kernel);

// Maps every dependence through `rewrite` ({old instance -> new instance}, all instructions).
std::shared_ptr<const detail::DependenceData> trace_dependences(const detail::DependenceData& dependences,
                                                                const isl::union_map& rewrite);

// Throws LegalityError when the kernel's order (sequential loops as linearized) or its parallel
// inames (g, l, vec, ilp) violate one of its dependences. The message names the transform, both
// instructions, the variable, the kind of dependence and one violating pair of instances.
// Anti and output dependences through private temporaries across parallel inames (each work-item
// has its own copy) and through local temporaries across local inames (barriers order them) are
// exempt; a flow dependence through a private temporary between instances that differ in an l.N
// iname, or in an ilp/vec iname its writer is privatized along, reads another copy: refused.
void check_dependences(const LoopKernel& kernel, const std::string& transform);

// check_dependences' verdict without its message: true where it passes, false where it would
// refuse (a search that tries candidates and keeps the first legal one: map_domain's nestings).
// Cheaper on a refusal: the first pair out of order found is enough, no violating pair is shown.
bool dependences_hold(const LoopKernel& kernel);

// The C target runs l.N inames as loops, one work-item after another, where a GPU orders
// work-items with barriers: a dependence through global memory that the kernel's order with every
// iname a loop (the C code's) breaks, described; none when the C code computes what the reference
// does. (Two loops over l.0 fused by rename_iname, x[i] = ... then y[i] = x[7-i]: correct with the
// barrier on a GPU, wrong on C.)
std::optional<std::string> dependence_broken_by_work_items_in_turn(const LoopKernel& kernel);

std::string_view dependence_kind_name(DependenceKind kind);

}  // namespace loom
