// precompute (loopy's transform/precompute.py): evaluates a substitution rule over the footprint
// of its invocations swept over `sweep_inames`, stores it in a temporary, and replaces the
// invocations inside that footprint by reads of the temporary.
//
//   u(x) := 2*a[x];  out[i] = u(i) + u(i + 1)        split i by 16
//   precompute("u", sweep_inames={i_inner})  →
//     u_0[x] = 2*a[16*i_outer + x]   {id=u}  (0 <= x < 17, guarded by 16*i_outer + x <= n)
//     out[16*i_outer + i_inner] = u_0[i_inner] + u_0[i_inner + 1]   {dep=u}
//
// Storage axes are the rule's parameters and the sweep inames its body uses; axes of length 1 are
// dropped. The compute instruction runs in precompute_outer_inames (default: the inames the
// footprint depends on, the other inames the rule's body reads (not its parameters, not sweep
// inames), plus the work-group inames all users share) and one new iname per storage axis
// (`precompute_inames` names them; an existing iname is reused when its domain is the axis's).
// The machinery is shared with add_prefetch (transforms/footprint_support.cpp).
//
// fill: as add_prefetch's (the part of the temporary outside the footprint gets the value and
// the compute instruction needs no guard).
// Refuses: an unknown rule or sweep iname, a rule nothing in `within` invokes, a sweep iname
// no invocation runs in, a data-dependent (indirect) or non-affine argument, a footprint without a
// bounding box of constant size, a non-convex footprint without fetch_bounding_box, a reused iname
// whose domain does not match, an existing temporary of another rank or address space, a local
// temporary its instruction would fill from every work-item along an l.N iname, a private
// temporary filled along an l.N or g.N iname (one copy per work-item, each filled piecewise), an input that
// some instruction writes, and invocations outside an outer iname's loop.
#include "loom/error.hpp"
#include "transforms/footprint_support.hpp"
#include "transforms/tail_support.hpp"
#include "transforms/registry.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

TransformCall recorded_call(const std::string& subst_use, const PrecomputeOptions& options) {
  TransformCall call{"precompute", {{"subst_use", subst_use}}};
  if (!options.sweep_inames.empty()) call.arguments["sweep_inames"] = options.sweep_inames;
  if (options.within) call.arguments["within"] = *options.within;
  if (options.storage_axes) call.arguments["storage_axes"] = *options.storage_axes;
  if (options.temporary_name) call.arguments["temporary_name"] = *options.temporary_name;
  if (!options.precompute_inames.empty()) call.arguments["precompute_inames"] = options.precompute_inames;
  if (options.precompute_outer_inames) call.arguments["precompute_outer_inames"] = *options.precompute_outer_inames;
  if (!options.storage_axis_to_tag.empty()) call.arguments["storage_axis_to_tag"] = options.storage_axis_to_tag;
  if (options.default_tag) call.arguments["default_tag"] = *options.default_tag;
  if (options.temporary_address_space)
    call.arguments["temporary_address_space"] = std::string(address_space_name(*options.temporary_address_space));
  if (options.compute_insn_id) call.arguments["compute_insn_id"] = *options.compute_insn_id;
  if (options.fetch_bounding_box) call.arguments["fetch_bounding_box"] = true;
  if (options.unchecked) call.arguments["unchecked"] = true;
  return call;
}

}  // namespace

std::optional<AddressSpace> parse_address_space(const std::optional<std::string>& text, const std::string& transform) {
  if (!text) return std::nullopt;
  if (*text == "private") return AddressSpace::Private;
  if (*text == "local") return AddressSpace::Local;
  if (*text == "global") return AddressSpace::Global;
  if (*text == "auto") return AddressSpace::Auto;
  throw Error(transform + ": temporary_address_space must be private, local, global or auto, got '" + *text + "'");
}

LoopKernel precompute(const LoopKernel& kernel, const std::string& subst_use, const PrecomputeOptions& options) {
  return precompute(kernel, subst_use, options, std::nullopt);
}

LoopKernel precompute(const LoopKernel& kernel, const std::string& subst_use, const PrecomputeOptions& options,
                      const std::optional<std::string>& fill) {
  TransformCall call = recorded_call(subst_use, options);
  if (fill) call.arguments["fill"] = *fill;
  FootprintRequest request{"precompute", "rule '" + subst_use + "'", subst_use, options, std::nullopt, fill};
  LoopKernel result = precompute_rule(kernel, request);
  // The instructions that were there keep their instances; the compute instruction is correct by
  // construction (it fills what its readers read, before them), and its accesses are checked.
  return finish_transform(kernel, std::move(result), call, std::nullopt, options.unchecked, CheckScope::All);
}

LOOM_REGISTER_TRANSFORM(precompute) {
  registry.add({"precompute",
                "evaluate a substitution rule over a footprint into a temporary",
                {{"subst_use", ParameterType::String, true},
                 {"sweep_inames", ParameterType::InameList, false, true},
                 {"within", ParameterType::Match, false, true},
                 {"storage_axes", ParameterType::InameList, false, true},
                 {"temporary_name", ParameterType::String, false, true},
                 {"precompute_inames", ParameterType::InameList, false, true},
                 {"precompute_outer_inames", ParameterType::InameList, false, true},
                 {"storage_axis_to_tag", ParameterType::TagMap, false, true},
                 {"default_tag", ParameterType::String, false, true},
                 {"temporary_address_space", ParameterType::Enum, false, true, std::monostate{},
                  {"private", "local", "global", "auto"}},
                 {"compute_insn_id", ParameterType::String, false, true},
                 {"fetch_bounding_box", ParameterType::Bool, false, false, false},
                 {"fill", ParameterType::String, false, true}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  PrecomputeOptions options;
                  options.sweep_inames = args.names("sweep_inames");
                  options.within = args.optional_string("within");
                  if (args.all().count("storage_axes") != 0 && args.names("storage_axes").size() > 0)
                    options.storage_axes = args.names("storage_axes");
                  options.temporary_name = args.optional_string("temporary_name");
                  options.precompute_inames = args.names("precompute_inames");
                  options.precompute_outer_inames = args.optional_names("precompute_outer_inames");
                  options.storage_axis_to_tag = args.tag_map("storage_axis_to_tag");
                  options.default_tag = args.optional_string("default_tag");
                  options.temporary_address_space =
                      parse_address_space(args.optional_string("temporary_address_space"), "precompute");
                  options.compute_insn_id = args.optional_string("compute_insn_id");
                  options.fetch_bounding_box = args.boolean("fetch_bounding_box");
                  options.unchecked = args.unchecked();
                  return precompute(kernel, args.string("subst_use"), options, args.optional_string("fill"));
                }});
}

}  // namespace loom
