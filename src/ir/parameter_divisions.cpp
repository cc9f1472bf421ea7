#include "ir/parameter_divisions.hpp"

#include <isl/aff.h>
#include <isl/local_space.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/val.h>

#include <set>
#include <sstream>

#include "ir/isl_extra.hpp"

namespace loom {

namespace {

// One division `floor(numerator / denominator)`, the numerator an integer combination of
// parameters: as isl text and as a loom expression.
struct Division {
  std::string numerator_text;  // isl syntax over parameter names
  ExprPtr numerator;
  int64_t denominator = 1;
};

int64_t integer_of(isl_val* value) {
  int64_t result = isl_val_get_num_si(value);
  isl_val_free(value);
  return result;
}

// `aff` (a division's argument, f/d) as a Division when it mentions only liftable parameters.
std::optional<Division> parameter_division(isl_aff* aff, const std::function<bool(const std::string&)>& liftable) {
  if (isl_aff_is_nan(aff) == isl_bool_true) return std::nullopt;
  if (isl_aff_involves_dims(aff, isl_dim_in, 0, static_cast<unsigned>(isl_aff_dim(aff, isl_dim_in))) != isl_bool_false ||
      isl_aff_involves_dims(aff, isl_dim_div, 0, static_cast<unsigned>(isl_aff_dim(aff, isl_dim_div))) != isl_bool_false) {
    return std::nullopt;
  }
  Division division;
  division.denominator = integer_of(isl_aff_get_denominator_val(aff));
  if (division.denominator <= 1) return std::nullopt;
  std::ostringstream text;
  ExprPtr sum;
  auto add_term = [&](int64_t coefficient, ExprPtr term, const std::string& term_text) {
    if (coefficient == 0) return;
    if (coefficient != 1) term = binary(BinaryOp::Multiply, int_literal(coefficient), term);
    sum = sum ? binary(BinaryOp::Add, sum, term) : term;
    text << " + " << coefficient << "*" << term_text;
  };
  isl_val* scale = isl_val_int_from_si(isl_aff_get_ctx(aff), division.denominator);
  for (int k = 0; k < isl_aff_dim(aff, isl_dim_param); ++k) {
    // isl gives the coefficient of f/d as a rational; the numerator's is d times it.
    int64_t coefficient = integer_of(isl_val_mul(isl_aff_get_coefficient_val(aff, isl_dim_param, k), isl_val_copy(scale)));
    if (coefficient == 0) continue;
    std::string name = isl_aff_get_dim_name(aff, isl_dim_param, static_cast<unsigned>(k));
    if (!liftable(name)) {
      isl_val_free(scale);
      return std::nullopt;
    }
    add_term(coefficient, variable(name), name);
  }
  int64_t constant = integer_of(isl_val_mul(isl_aff_get_constant_val(aff), scale));
  text << " + " << constant;
  if (!sum) return std::nullopt;  // a constant division is folded by isl already
  if (constant > 0) sum = binary(BinaryOp::Add, sum, int_literal(constant));
  if (constant < 0) sum = binary(BinaryOp::Subtract, sum, int_literal(-constant));
  division.numerator_text = "0" + text.str();
  division.numerator = sum;
  return division;
}

// Every liftable division of `set`'s basic sets, each once.
std::vector<Division> parameter_divisions(const isl::set& set, const std::function<bool(const std::string&)>& liftable) {
  std::vector<Division> found;
  std::set<std::string> seen;
  isl_basic_set_list* pieces = isl_set_get_basic_set_list(set.get());
  for (int p = 0; p < isl_basic_set_list_n_basic_set(pieces); ++p) {
    isl_basic_set* piece = isl_basic_set_list_get_at(pieces, p);
    isl_local_space* space = isl_basic_set_get_local_space(piece);
    for (int k = 0; k < isl_local_space_dim(space, isl_dim_div); ++k) {
      isl_aff* argument = isl_local_space_get_div(space, k);
      std::optional<Division> division = parameter_division(argument, liftable);
      isl_aff_free(argument);
      if (!division) continue;
      std::string key = division->numerator_text + " / " + std::to_string(division->denominator);
      if (seen.insert(key).second) found.push_back(*division);
    }
    isl_local_space_free(space);
    isl_basic_set_free(piece);
  }
  isl_basic_set_list_free(pieces);
  return found;
}

std::string fresh_name(const isl::set& set, std::set<std::string>& taken) {
  for (int k = 0;; ++k) {
    std::string name = "loom_div" + std::to_string(k);
    if (isl_extra::find_dim(set, isl_dim_param, name) < 0 && taken.insert(name).second) return name;
  }
}

}  // namespace

LiftedDivisions lift_parameter_divisions(const isl::set& set, const std::function<bool(const std::string&)>& liftable) {
  LiftedDivisions lifted{set, {}, isl::manage(isl_set_universe(isl_space_params_alloc(set.ctx().get(), 0)))};
  std::vector<Division> divisions = parameter_divisions(set, liftable);
  if (divisions.empty()) return lifted;
  std::vector<std::string> params = isl_extra::dim_names(set, isl_dim_param);
  std::set<std::string> taken;
  std::ostringstream constraints;
  for (const Division& division : divisions) {
    std::string name = fresh_name(set, taken);
    params.push_back(name);
    if (!lifted.definitions.empty()) constraints << " and ";
    constraints << division.denominator << "*" << name << " <= " << division.numerator_text << " <= "
                << division.denominator << "*" << name << " + " << division.denominator - 1;
    lifted.definitions.push_back({name, binary(BinaryOp::FloorDivide, division.numerator, int_literal(division.denominator))});
  }
  std::ostringstream text;
  text << "[";
  for (std::size_t k = 0; k < params.size(); ++k) text << (k ? ", " : "") << params[k];
  text << "] -> { : " << constraints.str() << " }";
  lifted.definition_set = isl::set(set.ctx(), text.str());
  // The equalities `div = q` are integer facts isl finds in the affine hull; with them its
  // simplification eliminates each division.
  isl::set joined = set.intersect_params(lifted.definition_set);
  lifted.set = isl::manage(isl_set_detect_equalities(joined.release())).coalesce();
  return lifted;
}

ExprPtr with_divisions_restored(const ExprPtr& expr, const LiftedDivisions& lifted) {
  if (lifted.definitions.empty()) return expr;
  return substitute(expr, [&](const std::string& name) -> ExprPtr {
    for (const auto& [parameter, value] : lifted.definitions)
      if (parameter == name) return value;
    return nullptr;
  });
}

isl::set with_divisions_projected(const isl::set& set, const LiftedDivisions& lifted) {
  if (lifted.definitions.empty()) return set;
  isl::set result = set.intersect_params(lifted.definition_set);
  for (const auto& [parameter, value] : lifted.definitions) result = isl_extra::project_out_param(result, parameter);
  return result;
}

}  // namespace loom
