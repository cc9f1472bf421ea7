// add_prefetch (loopy's transform/data.py): copies the footprint of the reads of an array swept
// over `sweep_inames` into a temporary (local memory by default) and makes those reads use it.
// As in loopy it is extract_subst of the access (rule <var>_fetch_rule(<var>_dim_0, ...)) followed
// by precompute of that rule (transforms/footprint_support.cpp).
//
//   c[i, j] = sum(k, a[i, k]*b[k, j])     i, j, k split by 16 (i: g.0/l.1, j: g.1/l.0)
//   add_prefetch("a", {k_inner, i_inner}, fetch_outer_inames={i_outer, j_outer, k_outer},
//                default_tag="l.auto")  →
//     a_fetch[a_dim_0, a_dim_1] = a[16*i_outer + a_dim_0, 16*k_outer + a_dim_1]
//         {id=a_fetch_rule}   a_dim_1: l.0 (stride 1), a_dim_0: l.1, guarded where n % 16 != 0
//     c[i, j] = sum((k_outer, k_inner), a_fetch[i_inner, k_inner]*b[k, j])  {dep=a_fetch_rule}
//
// fill (a number, "-inf", or "neutral": the readers' round_up fill) writes that value into the
// part of the tile outside the footprint instead of guarding the fetch: only its global loads are
// predicated, and the nest reading the tile (a round_up split's padding included) needs no guard.
// Readers padded by a round_up split get their fill without asking.
//
// temporary_address_space "auto" (the spec form's default when the key is left out: loopy's None)
// makes the tile local, except where the copy runs under l.N inames and stores along none of them:
// a local tile would then be written by every work-item along those axes, so, as loopy decides, it
// is private (each work-item fills its own, complete copy). The C++ options default to local.
//
// `var_name` may carry an explicit footprint subscript, "f[ifeat,:,:,:]": the footprint is then
// that subscript swept over the sweep inames, ':' standing for a whole axis. Reads outside the
// footprint (not selected by `within`, or not covered) keep reading the array.
//
// Refuses: an unknown variable, a scalar, a footprint subscript or dim_arg_names of the wrong
// rank, a variable nothing reads, and everything precompute refuses (a data-dependent footprint
// such as a[idx[i]], a local fetch that would race along an l.N iname it does not sweep, ...).
#include <algorithm>
#include <set>

#include "lang/instruction_parser.hpp"
#include "loom/error.hpp"
#include "transforms/footprint_support.hpp"
#include "transforms/tail_support.hpp"
#include "transforms/iname_copies.hpp"
#include "transforms/instruction_support.hpp"
#include "transforms/registry.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

constexpr const char* kTransform = "add_prefetch";

struct VariableAccess {
  std::string name;
  std::optional<std::vector<std::string>> subscript;  // entries as written; ":" for a slice
};

std::string trimmed(const std::string& text) {
  std::size_t begin = text.find_first_not_of(" \t");
  std::size_t end = text.find_last_not_of(" \t");
  return begin == std::string::npos ? "" : text.substr(begin, end - begin + 1);
}

// "a" or "a[i, :]".
VariableAccess parse_var_name(const std::string& text) {
  std::size_t open = text.find('[');
  if (open == std::string::npos) return {trimmed(text), std::nullopt};
  if (trimmed(text).back() != ']') throw Error(std::string(kTransform) + ": malformed var_name '" + text + "'");
  std::string inside = text.substr(open + 1, text.rfind(']') - open - 1);
  std::vector<std::string> entries;
  int depth = 0;
  std::string current;
  for (char c : inside) {
    if (c == '(' || c == '[') ++depth;
    if (c == ')' || c == ']') --depth;
    if (c == ',' && depth == 0) {
      entries.push_back(trimmed(current));
      current.clear();
    } else {
      current += c;
    }
  }
  entries.push_back(trimmed(current));
  return {trimmed(text.substr(0, open)), entries};
}

std::vector<ExprPtr> shape_of(const LoopKernel& kernel, const std::string& name) {
  if (const KernelArgument* arg = kernel.find_arg(name); arg != nullptr && arg->is_array()) return arg->shape;
  if (const Temporary* temporary = kernel.find_temporary(name)) return temporary->shape;
  std::vector<std::string> names;
  for (const KernelArgument& arg : kernel.args)
    if (arg.is_array()) names.push_back(arg.name);
  for (const Temporary& temporary : kernel.temporaries) names.push_back(temporary.name);
  throw Error(std::string(kTransform) + ": unknown variable '" + name + "' (the kernel's arrays and temporaries: " +
              joined(names) + ")" + did_you_mean(name, names));
}

// A footprint index written against the kernel before a split: an iname that a split (or
// chunk) replaced stands for its value in the new inames (loopy's applied_iname_rewrites:
// add_prefetch("x[i,k]") after split_iname("i", 16) fetches x[16*i_outer + i_inner, k]).
ExprPtr traced_through_splits(const LoopKernel& kernel, ExprPtr index) {
  for (const InameRewrite& rewrite : kernel.iname_rewrites) {
    if (rewrite.transform != "split_iname" && rewrite.transform != "chunk_iname") continue;
    if (rewrite.old_inames.size() != 1 || kernel.domain_of_iname(rewrite.old_inames[0]) != nullptr) continue;
    std::string prefix = rewrite.old_inames[0] + " = ";
    if (rewrite.relation.rfind(prefix, 0) != 0) continue;
    std::size_t end = rewrite.relation.find(" and ");
    ExprPtr value = lang::parse_expression(rewrite.relation.substr(prefix.size(), end - prefix.size()));
    index = substitute(index, [&](const std::string& name) { return name == rewrite.old_inames[0] ? value : nullptr; });
  }
  return index;
}

// The explicit footprint: each ':' a slice variable over the whole axis.
FootprintGenerator generator_from(const LoopKernel& kernel, const VariableAccess& access,
                                  const std::vector<ExprPtr>& shape) {
  FootprintGenerator generator;
  for (std::size_t k = 0; k < access.subscript->size(); ++k) {
    const std::string& entry = (*access.subscript)[k];
    if (entry == ":") {
      std::string slice = "_loom_slice_" + std::to_string(k);
      if (shape[k] == nullptr) throw Error(std::string(kTransform) + ": axis " + std::to_string(k) + " of '" + access.name + "' has no known length for ':'");
      generator.arguments.push_back(variable(slice));
      generator.slices.push_back({slice, shape[k]});
      continue;
    }
    if (entry.find(':') != std::string::npos) {
      throw Error(std::string(kTransform) + ": partial slices ('" + entry + "') are not supported; use ':' or an index");
    }
    try {
      generator.arguments.push_back(traced_through_splits(kernel, lang::parse_expression(entry)));
    } catch (const ParseError& error) {
      throw Error(std::string(kTransform) + ": cannot parse footprint index '" + entry + "': " + error.reason());
    }
  }
  return generator;
}

TransformCall recorded_call(const std::string& var_name, const PrefetchOptions& options) {
  TransformCall call{kTransform, {{"var_name", var_name}}};
  if (!options.sweep_inames.empty()) call.arguments["sweep_inames"] = options.sweep_inames;
  if (!options.dim_arg_names.empty()) call.arguments["dim_arg_names"] = options.dim_arg_names;
  if (options.default_tag) call.arguments["default_tag"] = *options.default_tag;
  if (options.fetch_bounding_box) call.arguments["fetch_bounding_box"] = true;
  if (options.fetch_outer_inames) call.arguments["fetch_outer_inames"] = *options.fetch_outer_inames;
  if (options.temporary_name) call.arguments["temporary_name"] = *options.temporary_name;
  if (options.temporary_address_space != AddressSpace::Local)
    call.arguments["temporary_address_space"] = std::string(address_space_name(options.temporary_address_space));
  if (options.prefetch_insn_id) call.arguments["prefetch_insn_id"] = *options.prefetch_insn_id;
  if (options.within) call.arguments["within"] = *options.within;
  if (options.unchecked) call.arguments["unchecked"] = true;
  return call;
}

std::string unused_rule_name(const LoopKernel& kernel, const std::string& base) {
  std::string name = base;
  for (int suffix = 0; kernel.substitutions.count(name) != 0 || name_taken(kernel, name); ++suffix)
    name = base + "_" + std::to_string(suffix);
  return name;
}

// Reads the footprint does not cover go back to reading the variable (the rule is gone).
void restore_uncovered_reads(LoopKernel& kernel, const std::string& rule, const std::string& variable_name) {
  if (kernel.substitutions.count(rule) == 0) return;
  auto restore = [&](const ExprPtr& expr) {
    return map_expr(expr, [&](const ExprPtr& node) -> ExprPtr {
      if (node->kind != ExprKind::Call || node->name != rule) return node;
      return subscript(variable_name, node->operands);
    });
  };
  for (Instruction& instruction : kernel.instructions) {
    for (ExprPtr& assignee : instruction.assignees) assignee = restore(assignee);
    if (instruction.expression) instruction.expression = restore(instruction.expression);
    for (ExprPtr& predicate : instruction.predicates) predicate = restore(predicate);
  }
  kernel.substitutions.erase(rule);
  for (auto& [name, other] : kernel.substitutions) other.expression = restore(other.expression);
}

}  // namespace

LoopKernel add_prefetch(const LoopKernel& kernel, const std::string& var_name, const PrefetchOptions& options) {
  return add_prefetch(kernel, var_name, options, std::nullopt);
}

LoopKernel add_prefetch(const LoopKernel& kernel, const std::string& var_name, const PrefetchOptions& options,
                        const std::optional<std::string>& fill) {
  TransformCall call = recorded_call(var_name, options);
  if (fill) call.arguments["fill"] = *fill;
  // Step 1: the variable, its rank and the names of the fetch inames.
  VariableAccess access = parse_var_name(var_name);
  std::vector<ExprPtr> shape = shape_of(kernel, access.name);
  if (shape.empty()) throw Error(std::string(kTransform) + ": '" + access.name + "' is a scalar; there is nothing to prefetch");
  if (access.subscript && access.subscript->size() != shape.size()) {
    throw Error(std::string(kTransform) + ": the footprint subscript of '" + var_name + "' has " +
                std::to_string(access.subscript->size()) + " indices; '" + access.name + "' has " +
                std::to_string(shape.size()) + " axes");
  }
  std::vector<std::string> dims = options.dim_arg_names;
  if (dims.empty()) {
    // Uniquified like every generated name: a second prefetch of `a` (into the first one's
    // instruction, sweeping a_dim_1) must not reuse a_dim_1 for its own axis (found by the
    // transform fuzzer: the copy lost its offset and indexed its box with one iname twice).
    std::set<std::string> taken;
    for (std::size_t k = 0; k < shape.size(); ++k) {
      dims.push_back(unused_name(kernel, access.name + "_dim_" + std::to_string(k), taken));
      taken.insert(dims.back());
    }
  }
  if (dims.size() != shape.size()) {
    throw Error(std::string(kTransform) + ": " + std::to_string(dims.size()) + " dim_arg_names for '" + access.name +
                "', which has " + std::to_string(shape.size()) + " axes");
  }
  // Step 2: the reads become invocations of a rule (loopy's extract_subst).
  std::string rule = unused_rule_name(kernel, access.name + "_fetch_rule");
  std::string pattern = access.name + "[" + joined(dims) + "]";
  LoopKernel extracted;
  try {
    extracted = extract_subst(kernel, rule, pattern, dims, {.within = options.within, .unchecked = true});
  } catch (const Error& error) {
    if (std::string(error.what()).find("no expression matches") == std::string::npos) throw;
    throw Error(std::string(kTransform) + ": nothing reads '" + access.name + "'" +
                (options.within ? " in the instructions within='" + *options.within + "'" : std::string()));
  }
  // Step 3: precompute the rule into the fetch temporary.
  PrecomputeOptions precompute{
      .sweep_inames = options.sweep_inames,
      .within = options.within,
      .temporary_name = options.temporary_name.value_or(unused_name(kernel, access.name + "_fetch")),
      .precompute_outer_inames = options.fetch_outer_inames,
      .default_tag = options.default_tag,
      // auto (the spec form's default, loopy's None): a local tile, or private where a local one
      // would race (keep_private_where_local_would_race).
      .temporary_address_space = options.temporary_address_space == AddressSpace::Auto ? AddressSpace::Local
                                                                                        : options.temporary_address_space,
      .compute_insn_id = options.prefetch_insn_id.value_or(unused_name(kernel, access.name + "_fetch_rule")),
      .fetch_bounding_box = options.fetch_bounding_box,
  };
  FootprintRequest request{kTransform, "variable '" + access.name + "'", rule, precompute, std::nullopt, fill,
                           options.temporary_address_space == AddressSpace::Auto};
  if (access.subscript) request.generator = generator_from(kernel, access, shape);
  LoopKernel result = precompute_rule(extracted, request);
  restore_uncovered_reads(result, rule, access.name);
  result.applied_transforms = kernel.applied_transforms;
  // A new tile is accessed only inside its shape by construction (precompute_rule: the copy
  // indexes it by the storage inames over [0, extent), a read is redirected to it only where its
  // image lies in the fetched region): only the copy's read of the variable needs the bounds check.
  std::set<std::string> in_bounds_by_construction;
  if (kernel.find_temporary(*precompute.temporary_name) == nullptr && kernel.find_arg(*precompute.temporary_name) == nullptr)
    in_bounds_by_construction.insert(*precompute.temporary_name);
  return finish_transform(kernel, std::move(result), call, std::nullopt, options.unchecked, CheckScope::All, std::nullopt,
                          in_bounds_by_construction);
}

LOOM_REGISTER_TRANSFORM(add_prefetch) {
  registry.add({kTransform,
                "copy the footprint of an array's reads into a (local) temporary",
                {{"var_name", ParameterType::String, true},
                 {"sweep_inames", ParameterType::InameList, false, true},
                 {"dim_arg_names", ParameterType::InameList, false, true},
                 {"default_tag", ParameterType::String, false, true},
                 {"fetch_bounding_box", ParameterType::Bool, false, false, false},
                 {"fetch_outer_inames", ParameterType::InameList, false, true},
                 {"temporary_name", ParameterType::String, false, true},
                 {"temporary_address_space", ParameterType::Enum, false, true, std::monostate{},
                  {"private", "local", "global", "auto"}},
                 {"prefetch_insn_id", ParameterType::String, false, true},
                 {"within", ParameterType::Match, false, true},
                 {"fill", ParameterType::String, false, true}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  PrefetchOptions options;
                  options.sweep_inames = args.names("sweep_inames");
                  options.dim_arg_names = args.names("dim_arg_names");
                  options.default_tag = args.optional_string("default_tag");
                  options.fetch_bounding_box = args.boolean("fetch_bounding_box");
                  options.fetch_outer_inames = args.optional_names("fetch_outer_inames");
                  options.temporary_name = args.optional_string("temporary_name");
                  // Not given: loopy's None, decided from the copy (local, or private where a local
                  // tile would be written by every work-item along an l.N axis).
                  options.temporary_address_space =
                      parse_address_space(args.optional_string("temporary_address_space"), kTransform)
                          .value_or(AddressSpace::Auto);
                  options.prefetch_insn_id = args.optional_string("prefetch_insn_id");
                  options.within = args.optional_string("within");
                  options.unchecked = args.unchecked();
                  return add_prefetch(kernel, args.string("var_name"), options, args.optional_string("fill"));
                }});
}

}  // namespace loom
