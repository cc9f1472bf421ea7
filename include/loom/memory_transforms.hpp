// Memory transforms (loopy's transform/precompute.py and add_prefetch of transform/data.py):
// staging the values a loop nest reads in a temporary, typically a tile in local memory.
//
// Both compute a footprint with isl: the values the selected accesses (or rule invocations) take
// while the sweep inames run, with every other iname fixed. Its fixed-size bounding box becomes the
// temporary; a new instruction fills the part of the box the footprint covers (a guard where it
// is smaller, e.g. the last tile of a size that the tile does not divide) in one new iname per
// storage axis; accesses inside the footprint then read the temporary, others keep their source.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "loom/kernel.hpp"

namespace loom {

struct PrecomputeOptions {
  std::vector<std::string> sweep_inames;
  std::optional<std::string> within;  // which invocations; default: all
  // The storage axes (rule parameters, or sweep inames the rule's body uses), in temporary order;
  // default: every parameter, then those sweep inames. Axes of length 1 are dropped.
  std::optional<std::vector<std::string>> storage_axes;
  std::optional<std::string> temporary_name;         // default <rule>_0 (uniquified)
  std::vector<std::string> precompute_inames;        // names of the new inames; an existing
                                                     // iname is reused if its domain matches
  std::optional<std::vector<std::string>> precompute_outer_inames;  // the compute insn's loops
  std::map<std::string, std::string> storage_axis_to_tag;  // by storage axis or iname name
  std::optional<std::string> default_tag;            // for the other new inames; "l.auto" fits them
  std::optional<AddressSpace> temporary_address_space;  // default auto
  std::optional<std::string> compute_insn_id;        // default <rule> (uniquified)
  bool fetch_bounding_box = false;                   // fetch the box of a non-convex footprint
  bool unchecked = false;
};

// Evaluates substitution rule `subst_use` over the footprint of its invocations swept over
// `sweep_inames` into a temporary and replaces the invocations inside that footprint by reads of
// it:
//   u(x) := 2*a[x];  out[i] = u(i) + u(i+1)     (i split by 16)
//   precompute("u", {"i_inner"})  →  u_0[u_dim] = 2*a[16*i_outer + u_dim]  (0 <= u_dim < 17)
//                                    out[i] = u_0[i_inner] + u_0[i_inner + 1]
// Rules invoked inside other rules work: the enclosing rules are expanded where they hold one.
// Refuses: an unknown rule or sweep iname, a rule nothing invokes, a sweep iname no invocation
// uses, a data-dependent (non-affine) argument, a footprint without a bounding box of constant
// size, a non-convex footprint without fetch_bounding_box, a reused iname whose domain does not
// match, an incompatible existing temporary, a local temporary that work-items would all write
// (a write race across an l.N iname of the compute instruction), and inputs that an instruction
// writes (the copy would be stale).
LoopKernel precompute(const LoopKernel& kernel, const std::string& subst_use,
                      const PrecomputeOptions& options = {});

struct PrefetchOptions {
  std::vector<std::string> sweep_inames;
  std::vector<std::string> dim_arg_names;            // default <var>_dim_<axis>
  std::optional<std::string> default_tag;            // "l.auto" fits the fetch inames to the group
  bool fetch_bounding_box = false;
  std::optional<std::vector<std::string>> fetch_outer_inames;
  std::optional<std::string> temporary_name;         // default <var>_fetch
  AddressSpace temporary_address_space = AddressSpace::Local;
  std::optional<std::string> prefetch_insn_id;       // default <var>_fetch_rule
  std::optional<std::string> within;
  bool unchecked = false;
};

// Copies the footprint of the reads of `var_name` swept over `sweep_inames` into a temporary
// (loopy: extract_subst of the access, then precompute). `var_name` may carry an explicit
// footprint subscript: "f[ifeat,:,:,:]" fetches whole axes where ':' stands. The tiled matmul:
//   add_prefetch("a", {k_inner, i_inner}, fetch_outer_inames={i_outer, j_outer, k_outer},
//                default_tag="l.auto")  →  a_fetch[a_dim_0, a_dim_1] (16x16, local), filled by
//   instruction a_fetch_rule on l.1 x l.0, read by the product.
// Refuses an unknown variable, a wrong subscript rank, and everything precompute refuses.
LoopKernel add_prefetch(const LoopKernel& kernel, const std::string& var_name,
                        const PrefetchOptions& options = {});

struct PipelineFetchOptions {
  std::optional<std::string> register_name;  // default <tile>_next
  // 0: through registers (below). S >= 2: a ring of S tiles, no registers (below).
  int64_t stages = 0;
  // With stages: on CUDA the ring's 16-byte copies inside the loop are cp.async (global to shared
  // without registers), waited for before each barrier. C and OpenCL copy as without it.
  bool async = false;
  bool unchecked = false;
};

// Software-pipelines a fetch into a local tile by one iteration of the sequential loop `loop`,
// through registers (what hand-written GEMMs call register double buffering): the tile of the
// first iteration is fetched before the loop; each iteration loads the next iteration's elements
// into private registers before the instructions that read the tile, and stores them into the
// tile after those. The global loads' latency then overlaps the products instead of stalling
// them behind a barrier.
//   a_fetch[d0, d1] = a[64*ig + d0, 32*ko + d1]  {id=a_fetch_rule}     pipeline_fetch(
//   c[..] = sum((ko, kk), a_fetch[.., kk]*...)                            "a_fetch_rule", "ko")
//   →  a_fetch[d0, d1] = a[64*ig + d0, d1]                 {id=a_fetch_rule_first} (before ko)
//      a_fetch_next = a[64*ig + d0, 32*(ko + 1) + d1]      {id=a_fetch_rule_load}  if ko+1 runs
//      c[..] = sum(...)                                    {dep=a_fetch_rule_first:a_fetch_rule_load}
//      a_fetch[d0, d1] = a_fetch_next                      {id=a_fetch_rule_store, dep=the readers}
// The fetch's sequential inames become ilp, so a_fetch_next holds one register per element a
// work-item copies. Barriers come from the usual analysis (one before the stores, one before the
// next products). Refuses: a match of no or several instructions, a fetch that does not write
// one local temporary or does not run in `loop`, a parallel `loop`, a loop whose first value is
// not a constant, a fetch iname whose domain depends on the loop, a tile written elsewhere or read
// by an instruction outside the loop.
//
// With `stages` S >= 2 the tile becomes a ring of S tiles (a new outermost axis, each tile on 16
// bytes), nothing through registers, filled D ahead: iterations lowest .. lowest + D - 1 before
// the loop (each fill a nest of its own vec/unrolled inames), and iteration ko fetches ko + D into
// tile (ko + D - lowest) % S while its readers read tile (ko - lowest) % S; one barrier a tile.
// D = S - 1, or S - 2 where S >= 4 and a reader is a wgmma tile reading its local operands by
// descriptor (its group may still read tile (ko - 1) % S in iteration ko; the fill is tagged
// pipeline_fetch_ahead_<D>_of_<S>). With `async` (CUDA) the loop's 16-byte copies are cp.async and
// `cp.async.commit_group; cp.async.wait_group D-1` precede every barrier (decisions.md, issue 29).
// Refuses stages 1 or < 0, async without stages, and a tile whose strides are not constants.
LoopKernel pipeline_fetch(const LoopKernel& kernel, const std::string& fetch, const std::string& loop,
                          const PipelineFetchOptions& options = {});

}  // namespace loom
