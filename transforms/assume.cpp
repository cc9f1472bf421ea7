// assume (loopy's transform/parameter.py): adds constraints on the kernel's parameters.
//
//   {[i]: 0<=i<n}   out[i] = 2*a[i]
// assume("n mod 16 = 0 and n >= 16") → the same kernel; code generation may now rely on the
// constraints, so split_iname("i", 16) needs no `min` guard on the inner loop.
//
// The constraints are isl syntax over parameters ("n >= 1 and n mod 4 = 0", or the set form
// "[n] -> { : n >= 1 }"); they are intersected with the kernel's assumptions, whose text becomes
// "<old> and <new>". Refuses: a constraint naming an iname (assumptions hold for the whole launch,
// not per iteration), a name that is not a parameter of the kernel (a domain parameter or an
// integer value argument), and constraints that contradict the assumptions already made. Nothing
// runs in a different order, so there is nothing to check against the dependences.
#include <isl/set.h>

#include <algorithm>
#include <sstream>

#include "ir/isl_extra.hpp"
#include "lang/domain_parser.hpp"
#include "loom/error.hpp"
#include "transforms/registry.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& name : names) out += (out.empty() ? "" : ", ") + name;
  return out;
}

// Names an assumption may constrain: domain parameters and integer value arguments (loopy lets
// `assume` speak about any outer parameter).
std::vector<std::string> assumable_names(const LoopKernel& kernel) {
  std::vector<std::string> names = kernel.parameters();
  for (const KernelArgument& arg : kernel.args) {
    bool integral = !arg.dtype || is_integral(*arg.dtype);
    if (arg.kind == ArgKind::Value && integral &&
        std::find(names.begin(), names.end(), arg.name) == names.end()) {
      names.push_back(arg.name);
    }
  }
  return names;
}

void check_names(const LoopKernel& kernel, const isl::set& constraints,
                 const std::string& call_text) {
  std::vector<std::string> inames = kernel.all_inames();
  std::vector<std::string> known = assumable_names(kernel);
  for (const std::string& name : isl_extra::dim_names(constraints, isl_dim_param)) {
    if (std::find(inames.begin(), inames.end(), name) != inames.end()) {
      throw Error(call_text + ": '" + name +
                  "' is an iname; assumptions constrain the kernel's parameters (" + joined(known) +
                  "), which hold for the whole launch. Put conditions on inames in the domain.");
    }
    if (std::find(known.begin(), known.end(), name) == known.end()) {
      std::string what = kernel.find_temporary(name) != nullptr ? "a temporary the kernel computes"
                         : kernel.find_arg(name) != nullptr     ? "an array or non-integer argument"
                                                                : "not a name of the kernel";
      throw Error(call_text + ": '" + name + "' is " + what +
                  "; assumptions constrain the kernel's parameters only (" +
                  (known.empty() ? std::string("it has none") : joined(known)) + ")");
    }
  }
}

bool is_set_form(const std::string& text) {
  std::size_t first = text.find_first_not_of(" \t\n");
  return first != std::string::npos && (text[first] == '[' || text[first] == '{');
}

bool is_blank(const std::string& text) {
  return text.find_first_not_of(" \t\n") == std::string::npos;
}

std::string printed(const isl::set& set) {
  std::ostringstream out;
  out << set;
  return out.str();
}

// "<old> and <new>"; when either is written in set form the two cannot be glued as text, so the
// combined set is printed by isl instead (parse_assumptions reads that form back).
std::string combined_text(const std::string& old_text, const std::string& new_text,
                          const isl::set& combined) {
  if (is_blank(new_text)) return old_text;
  if (is_blank(old_text)) return new_text;
  if (is_set_form(old_text) || is_set_form(new_text)) return printed(combined);
  return old_text + " and " + new_text;
}

}  // namespace

LoopKernel assume(const LoopKernel& kernel, const std::string& assumptions) {
  TransformCall call{"assume", {{"assumptions", assumptions}}};
  std::string call_text = "assume(\"" + assumptions + "\")";
  const IslContextPtr& context = isl_context_of(kernel);
  // Step 1: parse and check the names.
  isl::set constraints = isl_set_of(lang::parse_assumptions(context, assumptions));
  check_names(kernel, constraints, call_text);
  // Step 2: intersect (isl aligns the parameters by name).
  isl::set old_assumptions = kernel.assumptions.empty_handle() ? isl::set(context->ctx(), "{ : }")
                                                               : isl_set_of(kernel.assumptions);
  isl::set combined = with_isl_errors(call_text, [&] {
    isl::set aligned_old = isl::manage(
        isl_set_align_params(old_assumptions.copy(), constraints.get_space().release()));
    isl::set aligned_new =
        isl::manage(isl_set_align_params(constraints.copy(), aligned_old.get_space().release()));
    return aligned_old.intersect(aligned_new).coalesce();
  });
  if (combined.is_empty()) {
    throw Error(
        call_text + ": contradicts the kernel's assumptions (" +
        (kernel.assumptions_text.empty() ? printed(old_assumptions) : kernel.assumptions_text) +
        "): no parameter values satisfy both");
  }
  LoopKernel result = kernel;
  result.assumptions = make_isl_set(context, combined);
  result.assumptions_text = combined_text(kernel.assumptions_text, assumptions, combined);
  // Instances and their order are unchanged: the dependences carry over as they are.
  return finish_transform(kernel, std::move(result), call, std::nullopt, /*unchecked=*/false);
}

LOOM_REGISTER_TRANSFORM(assume) {
  registry.add({"assume",
                "add constraints on the kernel's parameters (isl syntax)",
                {{"assumptions", ParameterType::String, true}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  return assume(kernel, args.string("assumptions"));
                }});
}

}  // namespace loom
