#include "runtime/launch_only_kernel.hpp"

#include <climits>
#include <sstream>

#include <isl/aff.h>
#include <isl/constraint.h>

#include "ir/isl_extra.hpp"
#include "ir/isl_kernel.hpp"
#include "lang/expression_parser.hpp"
#include "loom/error.hpp"
#include "loom/runtime.hpp"

namespace loom::detail {

namespace {

// An isl integer; refuses what does not fit a 64-bit integer.
int64_t integer_of(isl::val value, const std::string& what) {
  if (!isl_val_is_int(value.get()) || isl_val_cmp_si(value.abs().get(), LONG_MAX) > 0) {
    std::ostringstream text;
    text << value;
    throw Error("assumptions: " + what + " " + text.str() + " is not a 64-bit integer");
  }
  return isl_val_get_num_si(value.get());
}

// sum(coefficient * term) + constant, with terms already written as expressions; printed as a
// person would write it (`-n + 16*((n) // 16)`, `m - 1`).
struct AffineTerms {
  std::vector<std::pair<int64_t, std::string>> terms;  // coefficient, term
  int64_t constant = 0;
  std::string text() const {
    std::string out;
    auto add = [&](int64_t coefficient, const std::string& term) {
      if (coefficient == 0) return;
      uint64_t magnitude = coefficient < 0 ? 0 - static_cast<uint64_t>(coefficient) : static_cast<uint64_t>(coefficient);
      std::string factor = term.empty() ? std::to_string(magnitude) : magnitude == 1 ? term : std::to_string(magnitude) + "*" + term;
      if (out.empty()) out = (coefficient < 0 ? "-" : "") + factor;
      else out += (coefficient < 0 ? " - " : " + ") + factor;
    };
    for (const auto& [coefficient, term] : terms) add(coefficient, term);
    add(constant, "");
    return out.empty() ? "0" : out;
  }
};

// The terms of the parameters and of the divisions defined so far (`divisions[k]` is the text of
// the k-th local variable), taking each coefficient from `coefficient(type, position)`.
template <typename Coefficient>
AffineTerms affine_terms(const std::vector<std::string>& parameters, const std::vector<std::string>& divisions,
                         Coefficient&& coefficient) {
  AffineTerms affine;
  for (std::size_t p = 0; p < parameters.size(); ++p) {
    affine.terms.push_back({integer_of(coefficient(isl_dim_param, p), "a coefficient"), parameters[p]});
  }
  for (std::size_t d = 0; d < divisions.size(); ++d) {
    affine.terms.push_back({integer_of(coefficient(isl_dim_div, d), "a coefficient"), divisions[d]});
  }
  return affine;
}

// floor(aff) of an isl division, as `(numerator) // denominator`.
std::string division_text(isl::aff aff, const std::vector<std::string>& parameters, const std::vector<std::string>& divisions) {
  isl::val denominator = isl::manage(isl_aff_get_denominator_val(aff.get()));
  if (denominator.is_zero()) throw Error("assumptions: a local variable without an explicit division");
  AffineTerms numerator = affine_terms(parameters, divisions, [&](isl_dim_type type, std::size_t position) {
    return isl::manage(isl_aff_get_coefficient_val(aff.get(), type, static_cast<int>(position))).mul(denominator);
  });
  numerator.constant = integer_of(isl::manage(isl_aff_get_constant_val(aff.get())).mul(denominator), "a constant");
  return "((" + numerator.text() + ") // " + std::to_string(integer_of(denominator, "a denominator")) + ")";
}

// One basic set: its constraints joined by `and`.
std::string conjunction_text(isl::basic_set basic, const std::vector<std::string>& parameters) {
  std::vector<std::string> divisions;
  isl_size division_count = isl_basic_set_dim(basic.get(), isl_dim_div);
  for (isl_size d = 0; d < division_count; ++d) {
    divisions.push_back(division_text(isl::manage(isl_basic_set_get_div(basic.get(), d)), parameters, divisions));
  }
  std::vector<std::string> constraints;
  auto add = [&](isl_constraint* raw) {
    AffineTerms affine = affine_terms(parameters, divisions, [&](isl_dim_type type, std::size_t position) {
      return isl::manage(isl_constraint_get_coefficient_val(raw, type, static_cast<int>(position)));
    });
    affine.constant = integer_of(isl::manage(isl_constraint_get_constant_val(raw)), "a constant");
    constraints.push_back(affine.text() + (isl_constraint_is_equality(raw) ? " == 0" : " >= 0"));
  };
  using Add = decltype(add);
  isl_stat status = isl_basic_set_foreach_constraint(
      basic.get(),
      [](isl_constraint* raw, void* user) {
        try {
          (*static_cast<Add*>(user))(raw);
        } catch (...) {
          isl_constraint_free(raw);
          return isl_stat_error;
        }
        isl_constraint_free(raw);
        return isl_stat_ok;
      },
      &add);
  if (status != isl_stat_ok) throw Error("assumptions: a constraint loom cannot write as an expression");
  std::string out;
  for (const std::string& constraint : constraints) out += (out.empty() ? "" : " and ") + constraint;
  return out.empty() ? "1" : out;
}

}  // namespace

std::string assumptions_expression(const LoopKernel& kernel) {
  if (is_launch_only(kernel)) return kernel.assumptions_text;
  return with_isl_errors("assumptions as an expression", [&] {
    isl::set assumptions = isl::manage(isl_set_compute_divs(isl_set_of(kernel.assumptions).copy()));
    std::vector<std::string> parameters = isl_extra::dim_names(assumptions, isl_dim_param);
    std::vector<std::string> disjuncts;
    assumptions.foreach_basic_set([&](isl::basic_set basic) { disjuncts.push_back(conjunction_text(basic, parameters)); });
    if (disjuncts.empty()) return std::string("0");
    if (disjuncts.size() == 1) return disjuncts.front();
    std::string out;
    for (const std::string& disjunct : disjuncts) out += (out.empty() ? "(" : " or (") + disjunct + ")";
    return out;
  });
}

LoopKernel launch_only_kernel(const LoopKernel& kernel) {
  LoopKernel launch;
  launch.name = kernel.name;
  launch.args = kernel.args;
  launch.temporaries = kernel.temporaries;
  launch.options = kernel.options;
  launch.assumptions_text = assumptions_expression(kernel);
  Domain parameters_only;
  parameters_only.parameters = kernel.parameters();
  launch.domains.push_back(std::move(parameters_only));
  return launch;
}

bool launch_only_assumptions_hold(const LoopKernel& kernel, const ParameterMap& parameters) {
  const std::string& text = kernel.assumptions_text;
  if (text.empty()) return true;
  return evaluate_integer(*lang::parse_expression_in(text, 0, text.size()), parameters) != 0;
}

}  // namespace loom::detail

namespace loom::detail {

std::set<std::string> launch_only_assumption_parameters(const LoopKernel& kernel) {
  std::set<std::string> names;
  const std::string& text = kernel.assumptions_text;
  if (text.empty()) return names;
  visit_expr(*lang::parse_expression_in(text, 0, text.size()), [&](const Expr& node) {
    if (node.kind == ExprKind::Variable) names.insert(node.name);
  });
  return names;
}

}  // namespace loom::detail
