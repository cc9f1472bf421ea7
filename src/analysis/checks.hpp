// Whole-kernel checks, run before code generation and after every transform (DESIGN.md §4).
// `context` prefixes messages with the transform that made the kernel ("tag_inames: ").
#pragma once

#include <isl/cpp.h>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "loom/kernel.hpp"

namespace loom {

struct Access;  // analysis/accesses.hpp

// Whether instruction `from` depends on `to` through a chain of dependencies (ids).
bool depends_transitively(const LoopKernel& kernel, const std::string& from, const std::string& to);

// A dependency cycle (the message lists it) or a dependency on a missing instruction: Error.
void check_dependency_cycles(const LoopKernel& kernel);

// loopy's check_variable_access_ordered: a writer and another accessor of the same elements must
// be ordered by a dependency path or declared nosync. Error naming both instructions. Run at code
// generation only, as loopy does (its pre-linearization checks): a recipe may order two
// instructions with a later transform (add_barrier, add_dependency), test_globals_decl_once_...
void check_access_ordering(const LoopKernel& kernel);

// The accesses of a kernel that passed its checks (`verified`: checked, or made by transforms
// whose checks imply them), each as the fingerprint of everything its write-race and bounds
// verdicts are computed from: its access-relation key (instruction, variable, subscript,
// predicates, guards and the identities of the IslSets its instances come from), and for races
// the concurrent inames with their tags and the instruction's same-value inames, for bounds the
// variable's shape. An access of a transform's result with an equal fingerprint has the same
// verdict, a pass, and is not checked again (finish_transform; issue 26). The kernel must stay
// alive while the fingerprints are compared (the identities are addresses).
struct PassedAccesses {
  std::set<std::string> races;
  std::set<std::string> bounds;
  // Instructions whose writes race along no iname: each wrote every element once in the kernel a
  // one-to-one renaming of instances (split_iname's guard and round_up tails) started from
  // (writes_each_element_once there), so they still do. Not fingerprints: filled by the transform.
  std::set<std::string> race_free_writers;
  // Every access is inside its shape: the kernel a one-to-one renaming of instances started from
  // passed the bounds check, and the renaming keeps the elements each access touches.
  bool all_in_bounds = false;
  // Writer id -> inames along which its write cannot race: the transform made it write a subset of
  // the pairs of (instance, element) another write wrote, and that write had no two instances
  // differing in the iname on one element (pipeline_fetch's copies of a fetch; races_absent_along).
  // Filled by the transform; LOOM_VERIFY_SKIPPED_CHECKS=1 asks isl anyway.
  std::map<std::string, std::set<std::string>> race_free_along;
  // Instructions whose every access is a restriction of an access that passed, elements and all:
  // pipeline_fetch's copies of a fetch, each instance reading and writing what one instance of the
  // fetch read and wrote (in one slot of a ring, an index in [0, stages)). Filled by the transform;
  // check_bounds skips them, LOOM_VERIFY_SKIPPED_CHECKS=1 checks them anyway and compares.
  std::set<std::string> in_bounds_copies;
};
PassedAccesses passed_accesses(const LoopKernel& verified_kernel);

// loopy's check_for_write_races made exact: two instances that differ in a concurrent iname
// (g/l/vec/ilp for global arrays; l/vec/ilp for local; none for private, which are privatized) must not write the
// same element. LegalityError naming the instruction, variable, iname and two instances.
// Instances that write one element and agree on every iname the written value mentions write the
// same value when the value reads no memory (`out[j] = j`, loopy's test_tight_loop_bounds_codegen)
// or reads one element of storage they share in one step (same_value_inames): such a race is
// harmless and is not reported.
// `only_along`: only races between instances that differ in one of these inames (a transform
// that changes nothing else a race depends on, finish_transform's race_inames).
// `passed`: accesses known to pass (passed_accesses of the kernel a transform started from).
// A write of each element once (writes_each_element_once) cannot race and is not asked of isl;
// LOOM_VERIFY_SKIPPED_CHECKS=1 asks isl anyway and fails (internal error) if it finds a race there.
void check_write_races(const LoopKernel& kernel, const std::string& context = "",
                       const std::set<std::string>* only_along = nullptr, const PassedAccesses* passed = nullptr);

// The inames along which `write` (of `instruction` in `kernel`) could race (check_write_races'
// concurrent inames) and which have no two instances that differ in the iname and write one
// element: an index that is the iname itself, or isl's verdict (memoized by the relation, so
// asking again what the kernel's own check asked costs no isl). For a transform whose new write
// is a restriction of `write` (PassedAccesses::race_free_along).
std::set<std::string> races_absent_along(const LoopKernel& kernel, const Instruction& instruction, const Access& write);

// The inames the value `instruction` writes is a function of, when it reads no memory (only
// inames, literals and value arguments); nullopt otherwise.
std::optional<std::vector<std::string>> value_inames(const LoopKernel& kernel, const Instruction& instruction);

// The inames on which two instances of `instruction` must agree to write the same value: the
// value's inames when it reads no memory (value_inames); when it reads memory, also every iname of
// the instruction along which what it reads is not one storage (global memory: none; local: the
// g.N inames and the sequential ones; private: all). Instances differing only in l.N inames then
// read one element of one array in one step (`out[i] = t[2*i]` from every work-item of group i,
// loopy's test_save_of_local_array). nullopt for values with calls or reductions, and for values
// reading what the instruction writes or a temporary sharing storage (alias_temporaries).
std::optional<std::vector<std::string>> same_value_inames(const LoopKernel& kernel, const Instruction& instruction);

// The pairs of instances in `relation` that agree on `inames` (those named in both instances).
isl::map pairs_equal_on(const isl::map& relation, const std::vector<std::string>& inames);

// Every affine access lies within its array's declared shape for all parameter values the
// assumptions allow (loopy's check_bounds). LegalityError with one violating instance. Instructions
// whose loop bounds depend on values the kernel computes (a domain parameter that is a temporary,
// CSR's `{[jj]: rs<=jj<re}` with `<> rs = rowptr[i]`) are not checked: their bounds cannot be
// decided statically (loopy skips them too; issue 23 class 14). unchecked_for_bounds lists them.
// `in_bounds_by_construction`: variables whose every access a transform built inside their shape
// (add_prefetch's new tile: its copy indexes it by the storage inames over [0, extent), its readers
// only where their footprint lies in the tile): their accesses are not checked (finish_transform).
// `passed`: accesses known to pass (passed_accesses); they are not checked.
void check_bounds(const LoopKernel& kernel, const std::string& context = "",
                  const std::set<std::string>* in_bounds_by_construction = nullptr,
                  const PassedAccesses* passed = nullptr);

// The instructions check_bounds skips, each with the temporaries its loop bounds depend on.
std::vector<std::pair<std::string, std::vector<std::string>>> unchecked_for_bounds(const LoopKernel& kernel);

// An instruction that runs in an iname whose bounds depend on another iname (`{[j]: 0<=j<=i}`)
// must run in that iname too (Error otherwise; no isl work, so every transform runs it).
void check_domain_dependencies(const LoopKernel& kernel, const std::string& context = "");

// Every iname on a hardware axis (g.N, l.N) is bounded without the values the kernel computes.
void check_hardware_inames_have_launch_bounds(const LoopKernel& kernel, const std::string& context = "");

void check_kernel(const LoopKernel& kernel, const std::string& context = "",
                  const std::set<std::string>* in_bounds_by_construction = nullptr,
                  const PassedAccesses* passed = nullptr);

}  // namespace loom
