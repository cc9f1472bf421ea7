#include <algorithm>
#include "codegen/hardware_axes.hpp"

#include <isl/aff.h>
#include <isl/id.h>
#include <isl/set.h>
#include <isl/space.h>

#include <cstdlib>
#include <map>
#include <set>
#include <tuple>

#include "ir/instance_sets.hpp"
#include "ir/isl_expr.hpp"
#include "ir/isl_extra.hpp"
#include "ir/isl_kernel.hpp"
#include "loom/error.hpp"

namespace loom::codegen {

namespace {

using Kind = InameTag::Kind;


// The values an iname takes under the assumptions, as a set of parameters with the iname one of
// them: the other inames of its domain, and the outer inames its bounds depend on (a sequential
// `k` around `k < i2 < n` split onto l.0: right-looking LU), projected out. The launch covers
// every value any of them allows; the statements' own domains guard the rest, as loopy does.
// An axis that is unbounded without them cannot be launched.
isl::set iname_values(const LoopKernel& kernel, const std::string& iname) {
  const Domain* domain = kernel.domain_of_iname(iname);
  LOOM_ASSERT(domain != nullptr, "hardware iname " + iname + " has no domain");
  isl::set set = isl_extra::set_dims_to_params(isl_set_of(domain->set).intersect_params(isl_set_of(kernel.assumptions)));
  for (const std::string& other : domain->inames) {
    if (other != iname) set = isl_extra::project_out_param(set, other);
  }
  std::vector<std::string> outer;
  for (const std::string& parameter : isl_extra::dim_names(set, isl_dim_param)) {
    if (parameter != iname && kernel.domain_of_iname(parameter) != nullptr) outer.push_back(parameter);
  }
  for (const std::string& parameter : outer) set = isl_extra::project_out_param(set, parameter);
  isl::set values = isl_extra::params_to_set_dims(set.params(), {iname}, "");
  if (!outer.empty() && (isl_set_dim_has_lower_bound(values.get(), isl_dim_set, 0) != isl_bool_true ||
                         isl_set_dim_has_upper_bound(values.get(), isl_dim_set, 0) != isl_bool_true)) {
    throw Error("the range of iname '" + iname + "' (tagged " + to_string(kernel.tag_of(iname)) +
                ") depends on iname '" + outer.front() + "' and has no bound without it; hardware axes need "
                "ranges bounded by parameters (split or re-tag '" + iname + "')");
  }
  return values;
}

// The space of iname_values(kernel, iname) (its parameters in the same order), from the same
// operations on universe sets: a local iname whose constant range is known needs only that space
// for its box, not the projections (issue 26, wt-speed14: launch_shape computed each local
// iname's values beside constant_iname_range's own projection of the same set).
isl::set iname_values_space(const LoopKernel& kernel, const std::string& iname) {
  const Domain* domain = kernel.domain_of_iname(iname);
  LOOM_ASSERT(domain != nullptr, "hardware iname " + iname + " has no domain");
  isl::set domain_set = isl_set_of(domain->set);
  isl::set assumptions = isl_set_of(kernel.assumptions);
  isl::set universe = isl::set::universe(domain_set.space())
                          .intersect_params(isl::set::universe(assumptions.space()));
  isl::set set = isl_extra::set_dims_to_params(universe);
  for (const std::string& parameter : isl_extra::dim_names(set, isl_dim_param)) {
    if (parameter != iname && kernel.domain_of_iname(parameter) != nullptr) set = isl_extra::project_out_param(set, parameter);
  }
  return isl_extra::params_to_set_dims(set.params(), {iname}, "");
}

struct AxisRange {
  isl::pw_aff lower;
  isl::pw_aff extent;
};

// The constant range of an iname's values (nullopt when a bound depends on parameters).
std::optional<ConstantRange> constant_range_of(const isl::set& values) {
  if (values.is_empty()) return std::nullopt;
  isl::val low = values.dim_min_val(0), high = values.dim_max_val(0);
  if (!low.is_int() || !high.is_int()) return std::nullopt;
  return ConstantRange{low.get_num_si(), high.get_num_si() - low.get_num_si() + 1};
}

// The constant range of a local iname, read from the lineage's memo
// (constant_iname_range; the transforms that made the iname mostly asked already). The same
// range: isl's dim_min_val/dim_max_val optimize over every parameter value, so the outer inames
// iname_values projects out (parameters of the domain) change neither bound nor emptiness
// (issue 26: launch_shape computed it afresh, beside the parametric range_of a local iname
// never needs). LOOM_VERIFY_SKIPPED_CHECKS=1 computes it from `values` too and compares.
std::optional<ConstantRange> local_constant_range(const LoopKernel& kernel, const std::string& iname) {
  std::optional<ConstantRange> memo = constant_iname_range(kernel, iname);
  if (std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") == nullptr) return memo;
  isl::set values = iname_values(kernel, iname);
  std::optional<ConstantRange> computed = constant_range_of(values);
  bool same = memo.has_value() == computed.has_value() &&
              (!memo || (memo->lower == computed->lower && memo->extent == computed->extent));
  if (!same) throw InternalError("launch_shape: the memoized constant range of local iname '" + iname +
                                 "' differs from its values' range");
  // The box's space from universe sets (iname_values_space) is the values' space.
  if (memo && !values.get_space().is_equal(iname_values_space(kernel, iname).get_space())) {
    throw InternalError("launch_shape: the space of local iname '" + iname + "''s values differs from iname_values_space");
  }
  return memo;
}

AxisRange range_of(const isl::set& values) {
  if (values.is_empty()) {
    isl::set none = isl::manage(isl_set_params(values.copy()));
    isl::pw_aff zero = isl::manage(isl_pw_aff_zero_on_domain(isl_local_space_from_space(isl_set_get_space(none.get()))));
    return {zero, zero};
  }
  isl::pw_aff lower = isl::manage(isl_set_dim_min(values.copy(), 0));
  isl::pw_aff upper = isl::manage(isl_set_dim_max(values.copy(), 0));
  isl::pw_aff one = isl::manage(isl_pw_aff_val_on_domain(isl_set_params(values.copy()), isl_val_one(values.ctx().get())));
  isl::pw_aff extent = isl::manage(isl_pw_aff_add(isl_pw_aff_sub(upper.release(), lower.copy()), one.release()));
  return {lower, extent};
}

// `extent` with the value 0 where it is undefined and isl's launch formula would start groups.
// A g iname's values are empty for some parameters when its domain carries a condition on the
// parameters alone (`{[i,j]: 0<=i<p and m<=j<n}`: no i at all when n <= m, as in loopy, whose i
// loop is guarded by n > m). isl's expression for a piecewise value is right only on its domain,
// so the grid there was ceil(p/8) groups, while the codegen context (the launch box, empty there)
// let isl drop the n > m guard: every launched group wrote o (docs/decisions.md, "... third round
// (wt-diff11)"). With 0 there, no group is launched, which is what the context says. The common
// case keeps its plain formula: one piece whose expression starts no group where it is undefined
// (`(n + 127) // 128` at n <= 0).
isl::pw_aff zero_where_undefined(const isl::pw_aff& extent, const isl::set& assumptions) {
  isl::set defined = extent.domain();
  isl::set missing = isl::set::universe(defined.space()).intersect_params(assumptions.params()).subtract(defined);
  if (missing.is_empty()) return extent;
  if (isl_pw_aff_n_piece(extent.get()) == 1) {
    isl_aff* piece = nullptr;
    isl_pw_aff_foreach_piece(
        extent.get(),
        [](isl_set* set, isl_aff* aff, void* user) {
          isl_set_free(set);
          *static_cast<isl_aff**>(user) = aff;
          return isl_stat_ok;
        },
        &piece);
    isl::set launches = isl::manage(isl_pw_aff_pos_set(isl_pw_aff_from_aff(piece)));
    if (launches.intersect(missing).is_empty()) return extent;
  }
  isl::pw_aff zero = isl::manage(isl_pw_aff_zero_on_domain(isl_local_space_from_space(isl_set_get_space(missing.get()))));
  zero = zero.intersect_domain(missing);
  return isl::manage(isl_pw_aff_union_max(extent.copy(), zero.release()));
}

void check_instruction_axes(const LoopKernel& kernel, const Instruction& instruction,
                            const std::map<std::string, std::string>& kernel_axes) {
  std::map<std::string, std::string> used;
  for (const std::string& iname : instruction.within_inames) {
    InameTag tag = kernel.tag_of(iname);
    if (!is_hardware_tag(tag)) continue;
    std::string axis = to_string(tag);
    auto [found, inserted] = used.emplace(axis, iname);
    if (!inserted) {
      throw Error("instruction '" + instruction.id + "' runs within inames '" + found->second + "' and '" + iname +
                  "', both tagged " + axis + "; one hardware axis can index only one iname of an instruction");
    }
  }
  if (instruction.kind != InstructionKind::Assignment) return;
  // A tensorized tile is a warp's work: the lanes (local axes it does not use) share it
  // (codegen/tensor_cores.hpp), and elsewhere they compute it redundantly as loops.
  bool tensorized = std::any_of(instruction.tags.begin(), instruction.tags.end(),
                                [](const std::string& tag) { return tag.rfind("tensorize_i_", 0) == 0; });
  for (const auto& [axis, example] : kernel_axes) {
    if (used.count(axis) != 0 || (tensorized && axis.rfind("l.", 0) == 0)) continue;
    throw Error("instruction '" + instruction.id + "' does not use hardware axis " + axis + " (iname '" + example +
                "' uses it elsewhere in the kernel), so every work-item along " + axis +
                " would run it; call add_inames_for_unused_hw_axes (or add an iname tagged " + axis +
                " to the instruction)");
  }
}

// `lower <= iname < lower + extent` as a set of parameters.
isl::set box_constraint(const std::string& iname, const isl::pw_aff& lower, const isl::pw_aff& extent) {
  isl_set* params = isl_set_params(isl_set_from_pw_aff(lower.copy()));
  isl_ctx* ctx = isl_set_get_ctx(params);
  isl_pw_aff* value = isl_pw_aff_param_on_domain_id(isl_set_universe(isl_set_get_space(params)),
                                                    isl_id_alloc(ctx, iname.c_str(), nullptr));
  isl_set_free(params);
  isl_pw_aff* low = isl_pw_aff_align_params(lower.copy(), isl_pw_aff_get_space(value));
  isl_pw_aff* high = isl_pw_aff_add(low, isl_pw_aff_align_params(extent.copy(), isl_pw_aff_get_space(value)));
  isl_pw_aff* low2 = isl_pw_aff_align_params(lower.copy(), isl_pw_aff_get_space(value));
  isl_set* above = isl_pw_aff_ge_set(isl_pw_aff_copy(value), low2);
  isl_set* below = isl_pw_aff_lt_set(value, high);
  return isl::manage(isl_set_intersect(above, below));
}

// The g iname's launch box `lower <= iname < lower + grid` as a set of parameters, and where the
// iname has no values but groups are launched on its axis (another iname's values there), any
// value: those groups run with the iname at whatever its offset gives, and only the statements'
// own guards (`n > m` of a domain `{[i,j]: 0<=i<p and m<=j<n}`) keep them from running it. lower and extent are undefined there, so the plain box
// was empty and isl dropped those guards (docs/decisions.md, "... third round (wt-diff11)").
isl::set launch_box(const std::string& iname, const AxisRange& range, const isl::pw_aff& grid, const isl::set& assumptions) {
  isl::set box = box_constraint(iname, range.lower, grid);
  isl::set defined = range.lower.domain();
  isl::set missing = isl::set::universe(defined.space()).intersect_params(assumptions.params()).subtract(defined);
  if (missing.is_empty()) return box;
  // Where the grid is undefined, every iname's extent on the axis is, and each one's formula
  // launches no group there (zero_where_undefined), so neither does their maximum.
  isl::set launching = isl::manage(isl_pw_aff_pos_set(grid.copy()));
  isl::set anywhere = missing.intersect_params(launching);
  if (anywhere.is_empty()) return box;
  return box.unite(isl::manage(isl_set_align_params(anywhere.release(), isl_set_get_space(box.get()))));
}

// `lower <= iname < lower + extent` for constants, as a set of parameters that holds for every
// value of the other parameters (`values` gives their space).
// The two bounds are set on the parameter directly: box_constraint's piecewise affine
// comparisons made the same set at several times the cost (issue 26, wt-speed15b: 2-4% of a small
// spec's compile). LOOM_VERIFY_SKIPPED_CHECKS: box_constraint's set too, and an internal error
// where the two differ as constraints.
isl::set constant_box(const std::string& iname, int64_t lower, int64_t extent, const isl::set& values) {
  isl_ctx* ctx = values.ctx().get();
  isl_space* space = isl_space_params(isl_set_get_space(values.get()));
  isl_id* id = isl_id_alloc(ctx, iname.c_str(), nullptr);
  int position = isl_space_find_dim_by_id(space, isl_dim_param, id);
  if (position < 0) {
    position = isl_space_dim(space, isl_dim_param);
    space = isl_space_add_param_id(space, isl_id_copy(id));
  }
  isl_id_free(id);
  isl_set* box = isl_set_universe(space);
  box = isl_set_lower_bound_si(box, isl_dim_param, static_cast<unsigned>(position), static_cast<int>(lower));
  box = isl_set_upper_bound_si(box, isl_dim_param, static_cast<unsigned>(position), static_cast<int>(lower + extent - 1));
  isl::set result = isl::manage(box);
  if (std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") != nullptr) {
    isl_set* params = isl_set_universe(isl_space_params(isl_set_get_space(values.get())));
    isl_pw_aff* low = isl_pw_aff_val_on_domain(isl_set_copy(params), isl_val_int_from_si(ctx, lower));
    isl_pw_aff* length = isl_pw_aff_val_on_domain(params, isl_val_int_from_si(ctx, extent));
    isl::set reference = box_constraint(iname, isl::manage(low), isl::manage(length));
    if (isl_set_plain_is_equal(result.get(), reference.get()) != isl_bool_true) {
      throw InternalError("launch_shape: the constant box of " + iname + " differs from box_constraint's");
    }
  }
  return result;
}

// Groups the hardware inames by kind, axis and lower bound (equal values in every work-item) and
// maps each one but the representative to it: the iname most of `instructions` run in, the first
// by name among equals (deterministic, so the generated code is).
std::map<std::string, std::string> hardware_aliases(const LoopKernel& kernel, const std::vector<int>& instructions,
                                                    const std::vector<HardwareIname>& inames) {
  std::map<std::string, int> uses;
  for (int index : instructions) {
    for (const std::string& iname : kernel.instructions[static_cast<std::size_t>(index)].within_inames) ++uses[iname];
  }
  std::map<std::tuple<bool, int, std::string>, std::vector<std::string>> groups;
  for (const HardwareIname& hw : inames) groups[{hw.local, hw.axis, to_string(*hw.lower)}].push_back(hw.iname);
  std::map<std::string, std::string> aliases;
  for (auto& [key, members] : groups) {
    std::sort(members.begin(), members.end());
    std::string representative = *std::max_element(members.begin(), members.end(), [&](const std::string& a, const std::string& b) {
      return uses[a] < uses[b];
    });
    for (const std::string& iname : members) {
      if (iname != representative) aliases[iname] = representative;
    }
  }
  return aliases;
}

}  // namespace

bool is_hardware_tag(const InameTag& tag) { return tag.kind == Kind::Group || tag.kind == Kind::Local; }

LaunchShape launch_shape(const LoopKernel& kernel, const std::vector<int>& instructions) {
  std::set<std::string> hardware;
  std::map<std::string, std::string> kernel_axes;  // "l.0" -> an iname on it
  for (int index : instructions) {
    for (const std::string& iname : kernel.instructions[static_cast<std::size_t>(index)].within_inames) {
      InameTag tag = kernel.tag_of(iname);
      if (tag.kind == Kind::LocalAuto) {
        throw Error("iname '" + iname + "' is still tagged l.auto; the transform that created it should have chosen an axis");
      }
      if (!is_hardware_tag(tag)) continue;
      if (tag.axis < 0 || tag.axis > 2) throw Error("iname '" + iname + "' is tagged " + to_string(tag) + "; axes are 0, 1 and 2");
      hardware.insert(iname);
      kernel_axes.emplace(to_string(tag), iname);
    }
  }
  for (int index : instructions) {
    check_instruction_axes(kernel, kernel.instructions[static_cast<std::size_t>(index)], kernel_axes);
  }
  LaunchShape shape;
  shape.block = {1, 1, 1};
  isl::set assumptions = isl_set_of(kernel.assumptions);
  std::array<std::optional<isl::pw_aff>, 3> grid_extent;
  std::map<std::string, AxisRange> ranges;
  std::map<std::string, isl::set> values_of;
  std::map<std::string, std::optional<ConstantRange>> constants;
  for (const std::string& iname : hardware) {
    InameTag tag = kernel.tag_of(iname);
    bool local = tag.kind == Kind::Local;
    if (local) {
      // A local iname needs its constant range only; the parametric one names a refusal. Its
      // values are computed where they are read: a refusal, or the verification of the memo.
      std::optional<ConstantRange> constant = local_constant_range(kernel, iname);
      constants.emplace(iname, constant);
      values_of.emplace(iname, constant ? iname_values_space(kernel, iname) : iname_values(kernel, iname));
      const isl::set& values = values_of.at(iname);
      if (!constant && values.is_empty()) {
        // `compile -D m=5 -D n=3` of `{[i,j]: 0<=i<p and m<=j<n}`: "its length, 0, is not a
        // constant" said nothing of why (found by the third differential round, wt-diff11).
        throw Error("iname '" + iname + "' is tagged " + to_string(tag) +
                    " but takes no values: the kernel's domain is empty under its assumptions and fixed "
                    "parameters, so there is no work-group to launch");
      }
      if (!constant) {
        throw Error("iname '" + iname + "' is tagged " + to_string(tag) + " but its length, " +
                    to_string(parametric_expr(range_of(values).extent, assumptions)) +
                    ", is not a constant; work-group sizes must be constants (split it: split_iname(\"" + iname +
                    "\", 16, inner_tag=\"" + to_string(tag) + "\"))");
      }
      shape.block[static_cast<std::size_t>(tag.axis)] =
          std::max(shape.block[static_cast<std::size_t>(tag.axis)], constant->extent);
      shape.inames.push_back({iname, true, tag.axis, int_literal(constant->lower), constant->extent});
    } else {
      isl::set values = iname_values(kernel, iname);
      values_of.emplace(iname, values);
      AxisRange range = range_of(values);
      range.extent = zero_where_undefined(range.extent, assumptions);
      ranges.emplace(iname, range);
      std::optional<isl::pw_aff>& extent = grid_extent[static_cast<std::size_t>(tag.axis)];
      // union_max, not max: isl_pw_aff_max is defined only where both are, and an iname whose
      // values are empty for some parameters (`0<=j4<m-1` at m = 1) has no extent there, so the
      // grid lost the other inames' groups (correlation's diagonal never ran at m = 1).
      extent = extent ? isl::manage(isl_pw_aff_union_max(extent->release(), range.extent.copy())) : range.extent;
      shape.inames.push_back({iname, false, tag.axis, parametric_expr(range.lower, assumptions), 0});
    }
  }
  for (std::size_t axis = 0; axis < 3; ++axis) {
    shape.grid[axis] = grid_extent[axis] ? parametric_expr(*grid_extent[axis], assumptions) : int_literal(1);
  }
  // Every launched work-item runs with each l iname anywhere in its axis's constant box, even where
  // the iname's own values are fewer (a range bounded by a parameter: 32 work-items, n < 32
  // elements), so the context for an l iname is that box and isl guards the rest; for a g iname,
  // the launch box (the grid is the range of its values).
  isl::set context = assumptions;
  for (const HardwareIname& hw : shape.inames) {
    if (hw.local) {
      context = context.intersect_params(
          constant_box(hw.iname, constants.at(hw.iname)->lower, shape.block[static_cast<std::size_t>(hw.axis)],
                       values_of.at(hw.iname)));
      continue;
    }
    const AxisRange& range = ranges.at(hw.iname);
    // The launch box, also for a g iname alone on its axis. (Until 2026-11-26 such an iname took
    // its own values where isl's subset test said every launched group is one of them; the test
    // compared the box, a set of parameters, with the values as a set of no dimensions, and isl
    // answers false for sets of different spaces: every context was the box, and the test's
    // intersection and subset question were work for nothing. Taking the values where they are an
    // interval, the same set, measured vector_scale -8% but matmul_split +15% (isl's AST
    // generation is sensitive to the context's constraints): docs/decisions.md, "Issue 26: ...
    // (wt-speed11)". A strided range launches groups that are no value; the box keeps their guards.)
    const isl::pw_aff& grid = *grid_extent[static_cast<std::size_t>(hw.axis)];
    context = context.intersect_params(launch_box(hw.iname, range, grid, assumptions));
  }
  shape.context = context;
  shape.aliases = hardware_aliases(kernel, instructions, shape.inames);
  return shape;
}

InameBounds iname_bounds(const LoopKernel& kernel, const std::string& iname) {
  if (std::optional<ConstantRange> constant = constant_iname_range(kernel, iname)) {
    return {int_literal(constant->lower), int_literal(constant->extent)};
  }
  AxisRange range = range_of(iname_values(kernel, iname));
  isl::set assumptions = isl_set_of(kernel.assumptions);
  return {parametric_expr(range.lower, assumptions), parametric_expr(range.extent, assumptions)};
}

}  // namespace loom::codegen
