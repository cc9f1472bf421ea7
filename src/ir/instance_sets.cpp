#include "ir/instance_sets.hpp"

#include <algorithm>
#include <cstdlib>
#include <vector>

#include <isl/constraint.h>
#include <isl/set.h>
#include <isl/space.h>

#include "ir/isl_extra.hpp"
#include "ir/isl_kernel.hpp"
#include "ir/isl_memo.hpp"
#include "loom/error.hpp"

namespace loom {

namespace {

// One basic set without existentials with more than one constraint: where both sides of an
// intersection are such sets, isl_set_intersect_params intersects the two basic sets and then
// tests the result for emptiness (map_intersect_internal), which is most of its cost.
bool plain_conjunction(isl_set* set) {
  if (isl_set_n_basic_set(set) != 1) return false;
  isl_basic_set_list* list = isl_set_get_basic_set_list(set);
  isl_basic_set* basic = isl_basic_set_list_get_at(list, 0);
  isl_basic_set_list_free(list);
  bool plain = isl_basic_set_dim(basic, isl_dim_div) == 0 &&
               isl_basic_set_n_constraint(basic) > 1;
  isl_basic_set_free(basic);
  return plain;
}

// `set` intersected with the parameter set `params` as isl_set_intersect_params intersects them
// (the same basic sets, simplified by the same calls in the same order), without the emptiness
// test of each intermediate intersection where both are plain conjunctions that differ; nullopt
// where isl takes that path and the caller must test the final result (an empty intersection
// drops its basic set in isl, and every later intersection with it is empty: only the final test
// is needed to tell). Other cases are isl's own intersection.
isl::set intersect_params_untested(const isl::set& set, const isl::set& params, bool& untested) {
  isl_set* left = set.copy();
  isl_set* right = params.copy();
  // Both sides in one parameter space, aligned in isl_map_align_params_bin's order (the
  // parameters' order is part of the set's form).
  isl_space* left_space = isl_set_get_space(left);
  isl_space* right_space = isl_set_get_space(right);
  bool equal_params = isl_space_has_equal_params(left_space, right_space) == isl_bool_true;
  isl_space_free(left_space);
  isl_space_free(right_space);
  if (!equal_params) {
    left = isl_set_align_params(left, isl_set_get_space(right));
    right = isl_set_align_params(right, isl_set_get_space(left));
  }
  bool fast = plain_conjunction(left) && plain_conjunction(right) &&
              isl_set_plain_is_universe(left) != isl_bool_true && isl_set_plain_is_universe(right) != isl_bool_true &&
              isl_set_plain_is_equal(left, right) != isl_bool_true;
  if (!fast) return isl::manage(isl_set_intersect_params(left, right));
  untested = true;
  isl_basic_set_list* left_list = isl_set_get_basic_set_list(left);
  isl_basic_set_list* right_list = isl_set_get_basic_set_list(right);
  isl_basic_set* both = isl_basic_set_intersect(isl_basic_set_list_get_at(left_list, 0), isl_basic_set_list_get_at(right_list, 0));
  isl_basic_set_list_free(left_list);
  isl_basic_set_list_free(right_list);
  isl_set_free(left);
  isl_set_free(right);
  return isl::manage(isl_set_from_basic_set(both));
}

std::string text_of(const isl::set& set) {
  char* text = isl_set_to_str(set.get());
  std::string result = text == nullptr ? "" : text;
  std::free(text);
  return result;
}

// The instances of an instruction within `within_inames` as a parameter set: every iname a
// parameter, those it is not within projected out. instruction_domain's work before its dims are
// chosen.
isl::set compute_instruction_instances(const LoopKernel& kernel, const std::set<std::string>& within_inames,
                                       bool with_assumptions) {
  isl::set start = with_assumptions ? isl_set_of(kernel.assumptions)
                                    : isl::set(isl_set_of(kernel.assumptions).ctx(), "{ : }");
  std::vector<isl::set> needed_sets;
  for (const Domain& domain : kernel.domains) {
    bool needed = std::any_of(domain.inames.begin(), domain.inames.end(), [&](const std::string& iname) {
      return within_inames.count(iname) != 0;
    });
    if (needed) needed_sets.push_back(isl_extra::set_dims_to_params(isl_set_of(domain.set)).params());
  }
  // isl tests each intersection of two conjunctions for emptiness (8% of the tensor GEMMs'
  // compiles); one test of the result tells whether any was empty. Where one was, the
  // intersections are isl's own, so the set is the one isl's chain gives (issue 26, ast20).
  // LOOM_VERIFY_SKIPPED_CHECKS: isl's chain too, and an internal error where the two differ.
  bool untested = false;
  isl::set combined = start;
  for (const isl::set& params : needed_sets) combined = intersect_params_untested(combined, params, untested);
  bool verify = std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") != nullptr;
  if ((untested && combined.is_empty()) || verify) {
    isl::set chained = start;
    for (const isl::set& params : needed_sets) chained = chained.intersect_params(params);
    if (verify && !(untested && combined.is_empty()) && text_of(chained) != text_of(combined)) {
      throw InternalError("instruction_domain: the intersection without emptiness tests differs from isl's");
    }
    combined = chained;
  }
  // Inames of the intersected domains that the instruction is not within are existentially
  // quantified: `{[i,j]: ...}` seen from an instruction within `i` only constrains i.
  for (const std::string& iname : kernel.all_inames()) {
    if (within_inames.count(iname) == 0) combined = isl_extra::project_out_param(combined, iname);
  }
  return combined;
}

// The key parts instruction_domain's result and compute_instruction_instances' depend on besides
// the dims and the tuple's name.
void add_instances_key(IslMemoKey& key, const LoopKernel& kernel, const std::set<std::string>& within_inames,
                       bool with_assumptions) {
  key.add(with_assumptions ? "assumed" : "unassumed");
  if (with_assumptions) key.add(kernel.assumptions);
  std::string names;
  for (const std::string& iname : within_inames) names += iname + ",";
  key.add(names);
  // Which names are inames decides what is projected out; only the parameters of the sets
  // intersected can be (not every iname of the kernel: a transform that adds inames elsewhere,
  // add_prefetch's storage inames, leaves this instruction's instances and their key as they were).
  auto add_iname_parameters = [&](const isl::set& set, const std::string& label) {
    std::string inames;
    for (const std::string& parameter : isl_extra::dim_names(set, isl_dim_param)) {
      if (kernel.domain_of_iname(parameter) != nullptr) inames += parameter + ",";
    }
    key.add(label + inames);
  };
  if (with_assumptions) add_iname_parameters(isl_set_of(kernel.assumptions), "assumptions:");
  for (const Domain& domain : kernel.domains) {
    bool needed = std::any_of(domain.inames.begin(), domain.inames.end(),
                              [&](const std::string& iname) { return within_inames.count(iname) != 0; });
    if (!needed) continue;
    key.add(domain.set);
    add_iname_parameters(isl_set_of(domain.set), "domain:");
  }
}

// compute_instruction_instances, memoized apart from the dims and the tuple's name: code
// generation names each statement's tuple on its own (S_0, S_1, ...) and orders its dims by
// nesting, so instruction_domain's own key differs for every statement although the instructions
// within the same inames have the same instances (issue 26, ast21: the intersections and the
// projections one iname at a time were ~5% of the specs near 20 ms). The set is the one computed
// for the first such instruction: the computation reads nothing else of the instruction.
isl::set instruction_instances(const LoopKernel& kernel, const std::set<std::string>& within_inames,
                               bool with_assumptions) {
  IslMemoKey key("instruction_instances");
  add_instances_key(key, kernel, within_inames, with_assumptions);
  return memoized(
      *isl_context_of(kernel), key,
      [&] {
        detail::IslMemoEntry entry;
        entry.set = compute_instruction_instances(kernel, within_inames, with_assumptions);
        entry.map = isl::manage(isl_map_from_range(entry.set.copy()));  // stand-in (isl_memo.hpp)
        return entry;
      },
      [](const detail::IslMemoEntry& entry) { return entry.set; });
}

isl::set compute_instruction_domain(const LoopKernel& kernel, const Instruction& instruction,
                                    const std::vector<std::string>& dims, const std::string& tuple_name,
                                    bool with_assumptions) {
  isl::set instances = instruction_instances(kernel, instruction.within_inames, with_assumptions);
  isl::set as_set = isl::manage(isl_set_from_params(instances.copy()));
  return isl_extra::params_to_set_dims(as_set, dims, tuple_name);
}

}  // namespace

IslMemoKey instruction_domain_key(const LoopKernel& kernel, const std::set<std::string>& within_inames,
                                  const std::vector<std::string>& dims, const std::string& tuple_name,
                                  bool with_assumptions) {
  IslMemoKey key("instruction_domain");
  key.add(tuple_name);
  std::string names;
  for (const std::string& dim : dims) names += dim + ",";
  add_instances_key(key, kernel, within_inames, with_assumptions);
  key.add(names);
  return key;
}

isl::set instruction_domain(const LoopKernel& kernel, const Instruction& instruction,
                            const std::vector<std::string>& dims, const std::string& tuple_name,
                            bool with_assumptions) {
  IslMemoKey key = instruction_domain_key(kernel, instruction.within_inames, dims, tuple_name, with_assumptions);
  return memoized(
      *isl_context_of(kernel), key,
      [&] {
        detail::IslMemoEntry entry;
        entry.set = compute_instruction_domain(kernel, instruction, dims, tuple_name, with_assumptions);
        entry.map = isl::manage(isl_map_from_range(entry.set.copy()));  // stand-in (isl_memo.hpp)
        return entry;
      },
      [](const detail::IslMemoEntry& entry) { return entry.set; });
}

isl::set instruction_domain(const LoopKernel& kernel, const Instruction& instruction) {
  std::vector<std::string> dims;
  for (const std::string& iname : kernel.all_inames()) {
    if (instruction.within_inames.count(iname) != 0) dims.push_back(iname);
  }
  return instruction_domain(kernel, instruction, dims, "S");
}

namespace {

std::optional<ConstantRange> compute_constant_iname_range(const LoopKernel& kernel, const Domain* domain,
                                                          const std::string& iname) {
  isl::set set = isl_set_of(domain->set).intersect_params(isl_set_of(kernel.assumptions));
  // Other inames of the domain may bound this one (a triangle): isl's extremes are over every
  // other dimension and parameter, which is the extreme over the projection onto the iname,
  // without projecting (issue 26: the projections, one iname at a time, were most of the cost).
  isl::set alone = isl_extra::set_dims_to_params(set);
  alone = isl_extra::params_to_set_dims(isl::manage(isl_set_from_params(alone.params().release())), {iname}, "");
  if (alone.is_empty()) return std::nullopt;
  isl::val low = alone.dim_min_val(0), high = alone.dim_max_val(0);
  if (!low.is_int() || !high.is_int()) return std::nullopt;
  return ConstantRange{low.get_num_si(), high.get_num_si() - low.get_num_si() + 1};
}

}  // namespace

// Memoized (issue 26: transforms and code generation ask for the same inames' ranges again and
// again, each an isl projection and two optimizations): the key is the iname, its domain's inames
// and the identities of the domain's set and the assumptions. The entry holds the range as the
// set { [lower, upper] } (empty: no constant range).
std::optional<ConstantRange> constant_iname_range(const LoopKernel& kernel, const std::string& iname) {
  const Domain* domain = kernel.domain_of_iname(iname);
  if (domain == nullptr) return std::nullopt;
  IslMemoKey key("constant_iname_range");
  std::string inames;
  for (const std::string& name : domain->inames) inames += name + ",";
  key.add(iname).add(inames).add(domain->set).add(kernel.assumptions);
  isl::ctx ctx = isl_set_of(domain->set).ctx();
  return memoized(
      *isl_context_of(kernel), key,
      [&] {
        std::optional<ConstantRange> range = compute_constant_iname_range(kernel, domain, iname);
        detail::IslMemoEntry entry;
        isl_space* space = isl_space_set_alloc(ctx.get(), 0, 2);
        isl_set* point = range ? isl_set_universe(space) : isl_set_empty(space);
        if (range) {
          point = isl_set_fix_val(point, isl_dim_set, 0, isl_val_int_from_si(ctx.get(), range->lower));
          point = isl_set_fix_val(point, isl_dim_set, 1, isl_val_int_from_si(ctx.get(), range->lower + range->extent - 1));
        }
        entry.set = isl::manage(point);
        entry.map = isl::manage(isl_map_from_range(entry.set.copy()));  // stand-in (isl_memo.hpp)
        return entry;
      },
      [](const detail::IslMemoEntry& entry) -> std::optional<ConstantRange> {
        // A point or the empty set: isl's plain queries read it without solving anything.
        if (isl_set_plain_is_empty(entry.set.get()) == isl_bool_true) return std::nullopt;
        isl::val lower = isl::manage(isl_set_plain_get_val_if_fixed(entry.set.get(), isl_dim_set, 0));
        isl::val upper = isl::manage(isl_set_plain_get_val_if_fixed(entry.set.get(), isl_dim_set, 1));
        LOOM_ASSERT(lower.is_int() && upper.is_int(), "constant_iname_range: the memo entry is not a point");
        return ConstantRange{lower.get_num_si(), upper.get_num_si() - lower.get_num_si() + 1};
      });
}

}  // namespace loom
