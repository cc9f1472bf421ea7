// map_domain (loopy's transform/iname.py): re-indexes one domain by a bijective affine map.
//
//   {[i, j]: 0<=i,j<n}   a[i, j] = a[i-1, j] + a[i, j-1]
// map_domain("{[i, j] -> [w, t]: w = i + j and t = j}") (a wavefront skew) →
//   {[w, t]: 0<=t<n and t<=w<n+t}   a[w - t, t] = a[w - t - 1, t] + a[w - t, t - 1]
//
// The map's input tuple lists inames of one domain (in any order; loopy's test maps only [t, y]
// of [x, y, z, t]); its output tuple names the new inames, which nest in the order written
// (where that order runs a dependence backwards, in the first order of them that does not,
// recorded as a loop priority), in the place of the first mapped iname; the domain's other
// inames stay. The new domain is the image of the old one; every instruction within the old inames runs within the new ones, the old inames replaced
// by their values under the inverse map (which must be an affine function; floor divisions become
// `//`). Reductions over all of the old inames reduce over the new ones. The map may use the
// kernel's parameters. Refuses: a map whose inames are not all in one domain (one that is not
// bijective in itself is called that first, as loopy does), unnamed or existing output
// names, a map that is not a bijection from the domain onto its image (not single-valued, not
// injective, or undefined somewhere on the domain), a piecewise inverse, an instruction or
// reduction using only some of the inames, inames that are tagged, prioritized, or bound another
// domain; and, through the dependence check, a map under which every order of the new inames
// runs a dependence backwards (reversing a recurrence).
#include <isl/aff.h>
#include <isl/map.h>
#include <isl/set.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <optional>
#include <sstream>

#include "analysis/accesses.hpp"
#include "analysis/dependences.hpp"
#include "ir/isl_extra.hpp"
#include "loom/error.hpp"
#include "transforms/registry.hpp"
#include "transforms/finish_with_dependences.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

struct MapPlan {
  std::size_t domain_index = 0;
  isl::map map;                               // unnamed tuples
  std::vector<std::string> old_inames;        // the map's input order
  std::vector<std::string> new_inames;        // the map's output order
  std::map<std::string, ExprPtr> old_values;  // old iname → expression in the new inames
  std::set<std::string> rewritten_ids;        // instructions within the old inames
  std::set<std::string> reducing_ids;         // instructions reducing over them
};

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& name : names) out += (out.empty() ? "" : ", ") + name;
  return out;
}

std::vector<std::string> map_dim_names(const isl::map& map, isl_dim_type type) {
  std::vector<std::string> names;
  for (int i = 0; i < isl_extra::dim_count(map, type); ++i) {
    const char* name = isl_map_get_dim_name(map.get(), type, static_cast<unsigned>(i));
    names.push_back(name == nullptr ? "" : name);
  }
  return names;
}

bool contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// ---- affine functions of the new inames → loom expressions ----

std::optional<int64_t> integer_of(isl_val* value) {
  isl::val managed = isl::manage(value);
  if (managed.is_null() || !managed.is_int()) return std::nullopt;
  return managed.get_num_si();
}

void add_term(ExprPtr& sum, int64_t coefficient, const ExprPtr& term) {
  if (coefficient == 0) return;
  int64_t magnitude = coefficient < 0 ? -coefficient : coefficient;
  ExprPtr scaled = magnitude == 1 ? term : binary(BinaryOp::Multiply, int_literal(magnitude), term);
  if (!sum)
    sum = coefficient < 0 ? unary(UnaryOp::Negate, scaled) : scaled;
  else
    sum = binary(coefficient < 0 ? BinaryOp::Subtract : BinaryOp::Add, sum, scaled);
}

// An integer affine function over named set dimensions and parameters; each floor division
// floor(e/d) becomes (e) // d. nullopt for a rational function.
std::optional<ExprPtr> aff_to_expr(isl_aff* aff) {
  std::optional<int64_t> denominator = integer_of(isl_aff_get_denominator_val(aff));
  if (!denominator || *denominator != 1) return std::nullopt;
  ExprPtr sum;
  for (isl_dim_type type : {isl_dim_in, isl_dim_param}) {
    for (int i = 0; i < isl_aff_dim(aff, type); ++i) {
      std::optional<int64_t> coefficient = integer_of(isl_aff_get_coefficient_val(aff, type, i));
      if (!coefficient) return std::nullopt;
      const char* name = isl_aff_get_dim_name(aff, type, static_cast<unsigned>(i));
      if (*coefficient != 0 && name == nullptr) return std::nullopt;
      if (*coefficient != 0) add_term(sum, *coefficient, variable(name));
    }
  }
  for (int k = 0; k < isl_aff_dim(aff, isl_dim_div); ++k) {
    std::optional<int64_t> coefficient =
        integer_of(isl_aff_get_coefficient_val(aff, isl_dim_div, k));
    if (!coefficient) return std::nullopt;
    if (*coefficient == 0) continue;
    isl_aff* quotient = isl_aff_get_div(aff, k);  // the rational e/d inside the floor
    isl_val* divisor = isl_aff_get_denominator_val(quotient);
    std::optional<int64_t> d = integer_of(isl_val_copy(divisor));
    isl_aff* numerator = isl_aff_scale_val(quotient, divisor);
    std::optional<ExprPtr> inner = numerator != nullptr ? aff_to_expr(numerator) : std::nullopt;
    isl_aff_free(numerator);
    if (!inner || !d) return std::nullopt;
    add_term(sum, *coefficient, binary(BinaryOp::FloorDivide, *inner, int_literal(*d)));
  }
  std::optional<int64_t> constant = integer_of(isl_aff_get_constant_val(aff));
  if (!constant) return std::nullopt;
  if (!sum) return int_literal(*constant);
  if (*constant > 0) sum = binary(BinaryOp::Add, sum, int_literal(*constant));
  if (*constant < 0) sum = binary(BinaryOp::Subtract, sum, int_literal(-*constant));
  return sum;
}

// ---- checks ----

isl::map parse_map(const LoopKernel& kernel, const std::string& text) {
  isl::map map;
  try {
    map = isl::map(isl_context_of(kernel)->ctx(), text);
  } catch (const isl::exception& error) {
    throw Error("map_domain: \"" + text + "\" is not an isl map (" + error.what() +
                "); write e.g. {[i, j] -> [s, t]: s = i + j and t = j}");
  }
  map = isl::manage(isl_map_reset_tuple_id(map.release(), isl_dim_in));
  return isl::manage(isl_map_reset_tuple_id(map.release(), isl_dim_out));
}

// loopy's first check: a map that sends two points to one (or is not a function) is no
// re-indexing, whatever the domain. loom checks the map on the domain it applies to (more maps
// pass); where it applies to no domain, this says what loopy says first.
void require_bijective_map(const MapPlan& plan) {
  if (!plan.map.is_single_valued() || !plan.map.is_injective())
    throw Error("map_domain: the transform map must be bijective, but it maps " +
                std::string(plan.map.is_single_valued() ? "several points to the same point"
                                                        : "a point to several points") +
                " (its input: " + joined(plan.old_inames) + ", its output: " + joined(plan.new_inames) + ")");
}

// The domain whose inames include every input of the map (loopy: the map applies to exactly
// one domain); its other inames stay as they are.
void find_domain(const LoopKernel& kernel, MapPlan& plan) {
  std::set<std::string> wanted(plan.old_inames.begin(), plan.old_inames.end());
  for (std::size_t index = 0; index < kernel.domains.size(); ++index) {
    const Domain& domain = kernel.domains[index];
    std::set<std::string> present(domain.inames.begin(), domain.inames.end());
    if (wanted.size() == plan.old_inames.size() && !wanted.empty() &&
        std::includes(present.begin(), present.end(), wanted.begin(), wanted.end())) {
      plan.domain_index = index;
      return;
    }
  }
  require_bijective_map(plan);
  std::string domains;
  for (const Domain& domain : kernel.domains)
    domains += (domains.empty() ? "" : ", ") + ("[" + joined(domain.inames) + "]");
  throw Error("map_domain: the map's inames (" + joined(plan.old_inames) +
              ") are not all inames of one domain, so the map was not applicable to any domain "
              "(the kernel's domains: " +
              domains + ")");
}

// The mapped domain's inames: the new ones where the first mapped iname was, the others kept.
std::vector<std::string> mapped_domain_inames(const Domain& domain, const MapPlan& plan) {
  std::vector<std::string> inames;
  for (const std::string& iname : domain.inames) {
    if (!contains(plan.old_inames, iname)) {
      inames.push_back(iname);
    } else if (!contains(inames, plan.new_inames.front())) {
      inames.insert(inames.end(), plan.new_inames.begin(), plan.new_inames.end());
    }
  }
  return inames;
}

void check_names(const LoopKernel& kernel, const MapPlan& plan) {
  std::set<std::string> seen;
  for (const std::string& name : plan.new_inames) {
    if (name.empty()) {
      throw Error(
          "map_domain: every output of the map needs a name, as in {[i, j] -> [s, t]: s = i + j "
          "and t = j}");
    }
    if (!seen.insert(name).second)
      throw Error("map_domain: the output name '" + name + "' appears twice");
    if (unused_name(kernel, name) != name) {
      throw Error("map_domain: the new iname '" + name +
                  "' is already used in the kernel; choose another name");
    }
  }
  std::vector<std::string> parameters = kernel.parameters();
  for (const std::string& name : map_dim_names(plan.map, isl_dim_param)) {
    if (!contains(parameters, name)) {
      throw Error("map_domain: the map's parameter '" + name +
                  "' is not a parameter of the kernel (" + joined(parameters) + ")");
    }
  }
}

void check_inames_movable(const LoopKernel& kernel, const MapPlan& plan) {
  for (const std::string& iname : plan.old_inames) {
    InameTag tag = kernel.tag_of(iname);
    if (tag.kind != InameTag::Kind::Sequential && tag.kind != InameTag::Kind::Ordered) {
      throw Error("map_domain: iname '" + iname + "' is tagged " + to_string(tag) +
                  "; map the domain first, then tag the new inames");
    }
    for (const std::vector<std::string>& priority : kernel.loop_priorities) {
      if (contains(priority, iname)) {
        throw Error("map_domain: iname '" + iname + "' has a loop priority (" + joined(priority) +
                    "); map the domain first, then prioritize the new inames");
      }
    }
    for (const Domain& domain : kernel.domains) {
      if (contains(domain.parameters, iname)) {
        throw Error("map_domain: the domain " + domain.text + " depends on iname '" + iname +
                    "', which the map replaces; map a domain no other loop bound depends on");
      }
    }
  }
}

// The map restricted to the domain (under the assumptions), checked to be a bijection onto its
// image.
isl::map checked_bijection(const LoopKernel& kernel, const MapPlan& plan) {
  const Domain& domain = kernel.domains[plan.domain_index];
  isl::set params = param_form(domain).intersect_params(isl_set_of(kernel.assumptions));
  isl::set points = isl_extra::params_to_set_dims(
      isl::manage(isl_set_from_params(params.release())), plan.old_inames, "");
  points = isl::manage(isl_set_reset_tuple_id(points.release()));
  isl::map restricted = plan.map.intersect_domain(points);
  std::string refusal =
      "map_domain: the map is not bijective on the domain of (" + joined(domain.inames) + "): ";
  if (!points.is_subset(restricted.domain()))
    throw Error(refusal + "it is not defined on every point of the domain");
  if (!restricted.is_single_valued()) throw Error(refusal + "it maps a point to several points");
  if (!restricted.is_injective()) throw Error(refusal + "it maps several points to the same point");
  return restricted;
}

void find_old_values(MapPlan& plan, const isl::map& restricted) {
  isl::pw_multi_aff inverse =
      isl::manage(isl_pw_multi_aff_coalesce(restricted.reverse().as_pw_multi_aff().release()));
  std::vector<isl::multi_aff> pieces;
  inverse.foreach_piece([&](isl::set, isl::multi_aff piece) { pieces.push_back(piece); });
  LOOM_ASSERT(!pieces.empty(),
              "map_domain: the inverse of a bijection on a nonempty domain has no piece");
  for (const isl::multi_aff& piece : pieces) {
    if (isl_multi_aff_plain_is_equal(piece.get(), pieces.front().get()) != isl_bool_true) {
      std::ostringstream text;
      text << inverse;
      throw Error("map_domain: the inverse of the map is piecewise (" + text.str() +
                  "); loom can only substitute one affine expression per iname");
    }
  }
  for (std::size_t i = 0; i < plan.old_inames.size(); ++i) {
    isl::aff value = pieces.front().get_at(static_cast<int>(i));
    std::optional<ExprPtr> expr = aff_to_expr(value.get());
    if (!expr) {
      std::ostringstream text;
      text << value;
      throw Error("map_domain: iname '" + plan.old_inames[i] + "' is " + text.str() +
                  " in the new inames, which is not an integer affine expression");
    }
    plan.old_values[plan.old_inames[i]] = *expr;
  }
}

// How many of the old inames `names` holds; some but not all is refused.
std::size_t count_old(const MapPlan& plan, const std::vector<std::string>& names,
                      const Instruction& instruction, const char* what) {
  std::size_t count = static_cast<std::size_t>(
      std::count_if(plan.old_inames.begin(), plan.old_inames.end(),
                    [&](const std::string& iname) { return contains(names, iname); }));
  if (count != 0 && count != plan.old_inames.size()) {
    throw Error("map_domain: instruction '" + instruction.id + "' " + what +
                " only some of the mapped inames (" + joined(plan.old_inames) +
                "); the map needs all of them to compute the new ones");
  }
  return count;
}

void classify_instructions(const LoopKernel& kernel, MapPlan& plan) {
  for (const Instruction& instruction : kernel.instructions) {
    std::vector<std::string> within(instruction.within_inames.begin(),
                                    instruction.within_inames.end());
    if (count_old(plan, within, instruction, "is within") != 0)
      plan.rewritten_ids.insert(instruction.id);
    if (!instruction.expression) continue;
    visit_expr(*instruction.expression, [&](const Expr& node) {
      if (node.kind != ExprKind::Reduction) return;
      if (count_old(plan, node.reduction_inames, instruction, "reduces over") != 0) {
        plan.reducing_ids.insert(instruction.id);
      }
    });
  }
}

// ---- the rewrite ----

ExprPtr rewrite_expression(const ExprPtr& expr, const MapPlan& plan) {
  ExprPtr substituted = substitute(expr, [&](const std::string& name) -> ExprPtr {
    auto found = plan.old_values.find(name);
    return found == plan.old_values.end() ? nullptr : found->second;
  });
  return map_expr(substituted, [&](const ExprPtr& node) -> ExprPtr {
    bool reduces = node->kind == ExprKind::Reduction &&
                   contains(node->reduction_inames, plan.old_inames.front());
    if (!reduces) return node;
    Expr copy = *node;
    copy.reduction_inames.clear();
    bool placed = false;
    for (const std::string& iname : node->reduction_inames) {
      if (!contains(plan.old_inames, iname)) {
        copy.reduction_inames.push_back(iname);
      } else if (!placed) {
        copy.reduction_inames.insert(copy.reduction_inames.end(), plan.new_inames.begin(),
                                     plan.new_inames.end());
        placed = true;
      }
    }
    return std::make_shared<const Expr>(std::move(copy));
  });
}

void rewrite_instruction(Instruction& instruction, const MapPlan& plan) {
  for (ExprPtr& assignee : instruction.assignees) assignee = rewrite_expression(assignee, plan);
  if (instruction.expression)
    instruction.expression = rewrite_expression(instruction.expression, plan);
  for (ExprPtr& predicate : instruction.predicates) predicate = rewrite_expression(predicate, plan);
  if (plan.rewritten_ids.count(instruction.id) == 0) return;
  for (const std::string& iname : plan.old_inames) instruction.within_inames.erase(iname);
  instruction.within_inames.insert(plan.new_inames.begin(), plan.new_inames.end());
}

Domain mapped_domain(const LoopKernel& kernel, const MapPlan& plan) {
  const Domain& domain = kernel.domains[plan.domain_index];
  isl::set points = isl_extra::params_to_set_dims(
      isl::manage(isl_set_from_params(param_form(domain).release())), plan.old_inames, "");
  points = isl::manage(isl_set_reset_tuple_id(points.release()));
  isl::set image = points.apply(plan.map);
  return domain_from_param_form(isl_context_of(domain.set), isl_extra::set_dims_to_params(image).params(),
                                mapped_domain_inames(domain, plan));
}

// { id[dims] -> [the named dims, in `picked` order] }, `dims` named as `prefix` + name.
isl::map projection(const isl::ctx& ctx, const std::string& id,
                    const std::vector<std::string>& dims, const std::vector<std::string>& picked,
                    const std::string& prefix) {
  std::vector<std::string> prefixed_dims, prefixed_picked;
  for (const std::string& dim : dims) prefixed_dims.push_back(prefix + dim);
  for (const std::string& dim : picked) prefixed_picked.push_back(prefix + dim);
  return isl::map(
      ctx, "{ " + id + "[" + joined(prefixed_dims) + "] -> [" + joined(prefixed_picked) + "] }");
}

// instance_rewrite equates the inames kept; the instructions within the mapped inames also relate
// old and new instances by the map: { id[old] -> id[new] : map(old inames) = new inames }.
isl::union_map traced_rewrite(const LoopKernel& before, const LoopKernel& after,
                              const MapPlan& plan) {
  isl::union_map kept =
      instance_rewrite(before, after, [](const Instruction&) { return std::string(); });
  isl::ctx ctx = isl_context_of(before)->ctx();
  isl::union_map mapped(ctx, "{ }");
  isl::union_set mapped_sources(ctx, "{ }");
  for (std::size_t k = 0; k < before.instructions.size(); ++k) {
    const Instruction& old_instruction = before.instructions[k];
    if (plan.rewritten_ids.count(old_instruction.id) == 0) continue;
    isl::set old_instances = instance_set(before, old_instruction);
    std::vector<std::string> old_dims = isl_extra::dim_names(old_instances, isl_dim_set);
    std::vector<std::string> new_dims =
        isl_extra::dim_names(instance_set(after, after.instructions[k]), isl_dim_set);
    isl::map from_old = projection(ctx, old_instruction.id, old_dims, plan.old_inames, "old_");
    isl::map from_new = projection(ctx, old_instruction.id, new_dims, plan.new_inames, "");
    mapped = mapped.unite(
        isl::union_map(from_old.apply_range(plan.map).apply_range(from_new.reverse())));
    mapped_sources = mapped_sources.unite(
        isl::union_set(isl_extra::set_tuple_name(old_instances, old_instruction.id)));
  }
  return kept.subtract_domain(mapped_sources)
      .unite(kept.intersect_domain(mapped_sources).intersect(mapped));
}

// loopy does not check map_domain: its recipes give the new inames' legal nesting in the next call
// (test_diamond_tiling: the map's range is tx, tt, ..., the order tt, tparity, tx, itt, itx).
// Where the written order runs a dependence backwards, the first permutation of the new inames
// (in lexicographic order of their positions) that keeps every dependence is taken and recorded
// as a loop priority, so the kernel stays legal between the two calls. A map of more than
// kMaxSearchedInames inames is not searched (8! orders would each be checked).
constexpr std::size_t kMaxSearchedInames = 5;

// Whether `candidate` (one nesting of the mapped kernel) keeps the traced dependences: the
// dependence check's verdict alone. A nesting that fails it would fail finish_transform (a
// LegalityError the search drops), so it is passed over without the other checks or the
// refusal's message (test_diamond_tiling: 30 failing nestings each ran the write-race check and
// built a violating pair; issue 26, deps19). LOOM_VERIFY_SKIPPED_CHECKS: finish_transform runs
// on the nesting passed over too and must refuse it.
bool nesting_keeps_dependences(const LoopKernel& candidate, const std::shared_ptr<const detail::DependenceData>& traced,
                               const TransformCall& call, const LoopKernel& before) {
  LoopKernel checked = candidate;
  checked.dependences = traced;
  bool holds = false;
  try {
    holds = with_isl_errors(call.name + ": checking legality", [&] { return dependences_hold(checked); });
  } catch (const LegalityError&) {  // the order itself refused (cyclic priorities): as finish_transform would
  }
  if (holds || std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") == nullptr) return holds;
  try {
    finish_transform_with_dependences(before, candidate, call, traced, false);
  } catch (const LegalityError&) {
    return false;
  }
  throw InternalError(call.name + ": a nesting the dependence check's verdict passed over is legal");
}

std::optional<LoopKernel> first_legal_nesting(const LoopKernel& before, const LoopKernel& mapped,
                                              const TransformCall& call,
                                              const std::shared_ptr<const detail::DependenceData>& traced,
                                              const MapPlan& plan) {
  if (plan.new_inames.size() < 2 || plan.new_inames.size() > kMaxSearchedInames) return std::nullopt;
  std::vector<std::size_t> order(plan.new_inames.size());
  for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
  while (std::next_permutation(order.begin(), order.end())) {  // the written order was checked
    LoopKernel candidate = mapped;
    std::vector<std::string> priority;
    for (std::size_t position : order) priority.push_back(plan.new_inames[position]);
    candidate.loop_priorities.push_back(priority);
    if (!nesting_keeps_dependences(candidate, traced, call, before)) continue;
    try {
      return finish_transform_with_dependences(before, std::move(candidate), call, traced, false);
    } catch (const LegalityError&) {
    }
  }
  return std::nullopt;
}

}  // namespace

LoopKernel map_domain(const LoopKernel& kernel, const std::string& isl_map, bool unchecked) {
  TransformCall call{"map_domain", {{"transform_map", isl_map}}};
  if (unchecked) call.arguments["unchecked"] = true;
  // Step 1: checks.
  MapPlan plan;
  plan.map = parse_map(kernel, isl_map);
  plan.old_inames = map_dim_names(plan.map, isl_dim_in);
  plan.new_inames = map_dim_names(plan.map, isl_dim_out);
  find_domain(kernel, plan);
  check_names(kernel, plan);
  check_inames_movable(kernel, plan);
  classify_instructions(kernel, plan);
  with_isl_errors("map_domain", [&] { find_old_values(plan, checked_bijection(kernel, plan)); });
  // Step 2: rewrite the domain and the instructions.
  LoopKernel result = kernel;
  result.domains[plan.domain_index] =
      with_isl_errors("map_domain", [&] { return mapped_domain(kernel, plan); });
  for (Instruction& instruction : result.instructions) {
    if (plan.rewritten_ids.count(instruction.id) != 0 ||
        plan.reducing_ids.count(instruction.id) != 0) {
      rewrite_instruction(instruction, plan);
    }
  }
  result.iname_rewrites.push_back({"map_domain", plan.old_inames, plan.new_inames, isl_map});
  // Step 3: trace the dependences through the map and check the new order.
  isl::union_map rewrite =
      with_isl_errors("map_domain", [&] { return traced_rewrite(kernel, result, plan); });
  if (unchecked) return finish_transform(kernel, std::move(result), call, rewrite, unchecked);
  // Every nesting tried holds the same instances: the kernel's dependences are computed and
  // traced through the map once, not once per nesting (test_diamond_tiling tries 30 nestings:
  // computing and tracing them again for each was ~40% of its compile; issue 26).
  std::shared_ptr<const detail::DependenceData> traced = with_isl_errors("map_domain: tracing dependences", [&] {
    return trace_dependences(*dependences_of(kernel), rewrite);
  });
  try {
    return finish_transform_with_dependences(kernel, result, call, traced, unchecked);
  } catch (const LegalityError&) {
    if (std::optional<LoopKernel> nested = first_legal_nesting(kernel, result, call, traced, plan)) return *nested;
    throw;
  }
}

LOOM_REGISTER_TRANSFORM(map_domain) {
  registry.add({"map_domain",
                "re-index one domain by a bijective affine isl map (skewing, custom tiling)",
                // loopy's name is transform_map; isl_map, loom's first name for it, stays accepted.
                {{"transform_map", ParameterType::String, false, true},
                 {"isl_map", ParameterType::String, false, true}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  std::optional<std::string> loopy_name = args.optional_string("transform_map");
                  std::optional<std::string> old_name = args.optional_string("isl_map");
                  if (loopy_name && old_name) throw Error("map_domain: give transform_map or isl_map, not both");
                  if (!loopy_name && !old_name) throw Error("map_domain: missing parameter 'transform_map'");
                  return map_domain(kernel, loopy_name ? *loopy_name : *old_name, args.unchecked());
                }});
}

}  // namespace loom
