#include "ir/instance_sets.hpp"

#include <algorithm>

#include "ir/isl_extra.hpp"
#include "ir/isl_kernel.hpp"
#include "ir/isl_memo.hpp"
#include "loom/error.hpp"

namespace loom {

namespace {

isl::set compute_instruction_domain(const LoopKernel& kernel, const Instruction& instruction,
                                    const std::vector<std::string>& dims, const std::string& tuple_name,
                                    bool with_assumptions) {
  isl::set combined = with_assumptions ? isl_set_of(kernel.assumptions)
                                       : isl::set(isl_set_of(kernel.assumptions).ctx(), "{ : }");
  for (const Domain& domain : kernel.domains) {
    bool needed = std::any_of(domain.inames.begin(), domain.inames.end(), [&](const std::string& iname) {
      return instruction.within_inames.count(iname) != 0;
    });
    if (needed) combined = combined.intersect_params(isl_extra::set_dims_to_params(isl_set_of(domain.set)).params());
  }
  // Inames of the intersected domains that the instruction is not within are existentially
  // quantified: `{[i,j]: ...}` seen from an instruction within `i` only constrains i.
  for (const std::string& iname : kernel.all_inames()) {
    if (instruction.within_inames.count(iname) == 0) combined = isl_extra::project_out_param(combined, iname);
  }
  isl::set as_set = isl::manage(isl_set_from_params(combined.release()));
  return isl_extra::params_to_set_dims(as_set, dims, tuple_name);
}

}  // namespace

IslMemoKey instruction_domain_key(const LoopKernel& kernel, const std::set<std::string>& within_inames,
                                  const std::vector<std::string>& dims, const std::string& tuple_name,
                                  bool with_assumptions) {
  IslMemoKey key("instruction_domain");
  key.add(tuple_name).add(with_assumptions ? "assumed" : "unassumed");
  if (with_assumptions) key.add(kernel.assumptions);
  std::string names;
  for (const std::string& dim : dims) names += dim + ",";
  key.add(names);
  names.clear();
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
