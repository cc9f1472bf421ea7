// What every transform shares: recording the call, tracing dependences through the rewrite,
// running the legality checks, and small helpers for names and domains.
#pragma once

#include <isl/cpp.h>

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "ir/isl_kernel.hpp"
#include "loom/transforms.hpp"

namespace loom {

// Completes a transform: `after` records `call`, inherits `before`'s dependences traced through
// `instance_rewrite` ({old instance -> new instance} for every instruction; nullopt: instances
// unchanged), and — unless `unchecked` — must pass the dependence, write-race and bounds checks
// (LegalityError naming the transform otherwise).
// What a transform can have changed, so only the checks that can fail run (each costs ms).
enum class CheckScope {
  Order,     // loop order only (prioritize_loops, an untagged split): the dependence check
  Parallel,  // order and parallel tags: dependences and write races
  All,       // accesses or domains changed too: every check, bounds included
};

// `race_inames` (with CheckScope::Parallel): the only inames along which `after` can race where
// `before` did not — a transform that renames instances one-to-one (split_iname's guard and
// round_up tails) and tags only these; every other iname's races are those `before` was checked
// for. Used only when `before` passed its checks. LOOM_VERIFY_SKIPPED_CHECKS=1 runs the full
// check too and fails (internal error) where the verdicts differ. Given at all (an empty set for
// an untagged split), it also says that each access touches the elements it touched in `before`:
// an instruction that wrote each element once still does (no race question for it; recorded in
// the lineage's DependenceData for later transforms), and on a kernel not yet checked the bounds
// check runs on `before`'s simpler relations (`after`'s where they fail, for the message).
// `in_bounds_by_construction` (with CheckScope::All): variables the transform made and accesses
// only inside their shape (add_prefetch's new tile); the bounds check skips their accesses.
// LOOM_VERIFY_SKIPPED_CHECKS=1 runs the full bounds check too and compares the verdicts.
LoopKernel finish_transform(const LoopKernel& before, LoopKernel after, const TransformCall& call,
                            const std::optional<isl::union_map>& instance_rewrite, bool unchecked,
                            CheckScope scope = CheckScope::All,
                            const std::optional<std::set<std::string>>& race_inames = std::nullopt,
                            const std::set<std::string>& in_bounds_by_construction = {});

// The same with the rewrite built only when `before` has dependences to trace through it: a
// kernel without any (one instruction writing each element once: vector_scale, a copy) traces
// nothing, and the rewrite was a tenth of such a kernel's split (issue 26).
LoopKernel finish_transform(const LoopKernel& before, LoopKernel after, const TransformCall& call,
                            const std::function<isl::union_map(const LoopKernel& after)>& lazy_instance_rewrite, bool unchecked,
                            CheckScope scope = CheckScope::All,
                            const std::optional<std::set<std::string>>& race_inames = std::nullopt,
                            const std::set<std::string>& in_bounds_by_construction = {});

// finish_transform (CheckScope::All, no instance rewrite) for a transform whose new writes are
// restrictions of writes `before` had (pipeline_fetch's copies of a fetch: a subset of its
// instances, each writing the element it wrote, perhaps in one slot of a ring): `race_free_along`
// maps such a writer to the inames along which the write it restricts cannot race
// (races_absent_along on `before`), and the write-race check does not ask isl about them.
// LOOM_VERIFY_SKIPPED_CHECKS=1 asks isl anyway and fails (internal error) where it finds a race.
LoopKernel finish_transform_with_races_derived(const LoopKernel& before, LoopKernel after, const TransformCall& call,
                                               bool unchecked,
                                               const std::map<std::string, std::set<std::string>>& race_free_along);

// `base` if no iname, argument, temporary or instruction of `kernel` is called that, else
// base_0, base_1, ... (loopy's uniquifying).
std::string unused_name(const LoopKernel& kernel, const std::string& base,
                        const std::set<std::string>& also_taken = {});

// Throws Error "<transform>: unknown iname 'x'" (with a suggestion) when `iname` is not one.
void require_iname(const LoopKernel& kernel, const std::string& iname, const std::string& transform);

// Rebuilds a Domain from a set whose inames are parameters ("param form"): `inames` become the set
// dimensions, in order; the text is isl's printing.
Domain domain_from_param_form(const IslContextPtr& context, const isl::set& param_form,
                              const std::vector<std::string>& inames);

// The instance rewrite of a transform that keeps the instructions (same count, same order): for
// each instruction, { id[old inames] -> id[new inames] : constraints } where `constraints(old)`
// relates the old inames (written with an `old_` prefix) to the new ones, e.g. for a split
// "old_i = 16*i_outer + i_inner". Inames present before and after are equated automatically;
// an empty text leaves only those equalities.
isl::union_map instance_rewrite(const LoopKernel& before, const LoopKernel& after,
                                const std::function<std::string(const Instruction& old)>& constraints);

// A domain's set in param form: every iname a parameter, so sets over different inames combine.
isl::set param_form(const Domain& domain);

}  // namespace loom
