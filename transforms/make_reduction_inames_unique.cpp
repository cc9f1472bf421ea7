// make_reduction_inames_unique (loopy's transform/iname.py): gives each reduction over an iname
// that an earlier reduction already reduces over its own copy of the iname.
//
//   {[i, k]: 0<=i<n and 0<=k<n}   out[i] = sum(k, a[i, k]) * sum(k, b[k])
// make_reduction_inames_unique() →
//   {[i, k, k_0]: ... and 0<=k_0<n}   out[i] = sum(k, a[i, k]) * sum(k_0, b[k_0])
//
// Reductions are visited in instruction order, each expression outside in and left to right,
// rule bodies at each invocation; the first reduction over an iname keeps it. A copy is added to
// the iname's domain with the same constraints and tag (like duplicate_inames) and replaces the
// iname inside that reduction, including inside the rules it invokes (those become variants).
// `inames` limits the renaming to those inames; `within` (a stack match) to those reductions.
// Reductions written simul_reduce share their inames on purpose: they are counted but keep them.
// Reductions are associative updates over their own inames, so the values are unchanged.
//
// Refuses: an unknown iname, and a copy whose reduction also uses an iname bounded by the copied
// one (that bound would still name the original).
#include <algorithm>

#include "loom/error.hpp"
#include "transforms/iname_copies.hpp"
#include "transforms/registry.hpp"
#include "transforms/subst_support.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

constexpr const char* kTransform = "make_reduction_inames_unique";

struct Copy {
  std::string iname;
  std::string copy;
  std::string instruction;
};

class ReductionInameUniquifier : public RuleAwareMapper {
 public:
  ReductionInameUniquifier(const LoopKernel& kernel, const std::vector<std::string>& inames,
                           StackMatch within)
      : RuleAwareMapper(kernel, kTransform),
        only_(inames.begin(), inames.end()),
        within_(std::move(within)) {}
  const std::vector<Copy>& copies() const { return copies_; }

 protected:
  ExprPtr map(const ExprPtr& expr, const ExpansionState& state) override {
    if (expr->kind == ExprKind::Variable && state.rule_parameters.count(expr->name) == 0) {
      auto renamed = active_.find(expr->name);
      if (renamed != active_.end()) return variable(renamed->second);
    }
    if (expr->kind != ExprKind::Reduction) return map_children(expr, state);
    for (const std::string& iname : expr->reduction_inames) ++reductions_over_[iname];
    bool simultaneous = expr->name.rfind("simul_", 0) == 0;
    if (simultaneous || !within_.matches(kernel_, *state.instruction, state.rules))
      return map_children(expr, state);
    std::map<std::string, std::string> renames;
    std::vector<std::string> inames;
    for (const std::string& iname : expr->reduction_inames) {
      bool selected = only_.empty() || only_.count(iname) != 0;
      if (!selected || reductions_over_[iname] <= 1) {
        inames.push_back(iname);
        continue;
      }
      std::string copy = unused_name(kernel_, iname, taken_);
      taken_.insert(copy);
      copies_.push_back({iname, copy, state.instruction->id});
      renames[iname] = copy;
      inames.push_back(copy);
    }
    if (renames.empty()) return map_children(expr, state);
    // The copies replace the inames in the operands and in the rules they invoke.
    std::map<std::string, std::string> outer = active_;
    for (const auto& [iname, copy] : renames) active_[iname] = copy;
    ExprPtr renamed = map_children(reduction(expr->name, inames, expr->operands), state);
    active_ = std::move(outer);
    return renamed;
  }

 private:
  std::set<std::string> only_;
  StackMatch within_;
  std::map<std::string, int> reductions_over_;
  std::map<std::string, std::string> active_;  // iname → copy, inside a renamed reduction
  std::set<std::string> taken_;
  std::vector<Copy> copies_;
};

// A copy must not leave behind a domain bounded by the original iname that the reduction uses.
void check_bounds_follow(const LoopKernel& kernel, const std::vector<Copy>& copies) {
  for (const Copy& copy : copies) {
    const Instruction& instruction = *kernel.find_instruction(copy.instruction);
    for (const Domain& domain : kernel.domains) {
      bool bounded = std::find(domain.parameters.begin(), domain.parameters.end(), copy.iname) !=
                     domain.parameters.end();
      if (!bounded) continue;
      for (const std::string& iname : domain.inames) {
        if (!uses_iname(instruction, iname)) continue;
        throw Error(std::string(kTransform) + ": instruction '" + copy.instruction +
                    "' reduces over '" + iname + "', whose domain (" + domain.text +
                    ") is bounded by '" + copy.iname + "'; a copy of '" + copy.iname +
                    "' would leave that bound on the original (pass inames= without '" +
                    copy.iname + "')");
      }
    }
  }
}

TransformCall recorded_call(const std::vector<std::string>& inames,
                            const SubstitutionOptions& options) {
  TransformCall call{kTransform, {}};
  if (!inames.empty()) call.arguments["inames"] = inames;
  if (options.within) call.arguments["within"] = *options.within;
  if (options.unchecked) call.arguments["unchecked"] = true;
  return call;
}

}  // namespace

LoopKernel make_reduction_inames_unique(const LoopKernel& kernel,
                                        const std::vector<std::string>& inames,
                                        const SubstitutionOptions& options) {
  TransformCall call = recorded_call(inames, options);
  // Step 1: checks.
  for (const std::string& iname : inames) require_iname(kernel, iname, kTransform);
  StackMatch within = StackMatch::parse(options.within, kernel, kTransform);
  // Step 2: rename in the reductions, then add the copies to the domains.
  ReductionInameUniquifier uniquifier(kernel, inames, std::move(within));
  LoopKernel result = uniquifier.map_kernel();
  check_bounds_follow(kernel, uniquifier.copies());
  with_isl_errors(kTransform, [&] {
    for (const Copy& copy : uniquifier.copies())
      add_iname_copies(result, {{copy.iname, copy.copy}});
  });
  for (const Copy& copy : uniquifier.copies()) {
    if (auto tag = kernel.iname_tags.find(copy.iname); tag != kernel.iname_tags.end()) {
      result.iname_tags[copy.copy] = tag->second;
    }
    result.iname_rewrites.push_back(
        {kTransform, {copy.iname}, {copy.copy}, copy.iname + " = " + copy.copy});
  }
  // Step 3: instances are unchanged (reduction inames are not instance dimensions); the domains
  // changed, so every check runs.
  return finish_transform(kernel, std::move(result), call, std::nullopt, options.unchecked,
                          CheckScope::All);
}

LOOM_REGISTER_TRANSFORM(make_reduction_inames_unique) {
  registry.add({kTransform,
                "give each reduction over an already reduced iname its own copy of the iname",
                {{"inames", ParameterType::InameList, false, true},
                 {"within", ParameterType::Match, false, true}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  return make_reduction_inames_unique(
                      kernel, args.names("inames"),
                      {.within = args.optional_string("within"), .unchecked = args.unchecked()});
                }});
}

}  // namespace loom
