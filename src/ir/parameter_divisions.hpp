// Divisions of parameters as parameters of their own (issue 25, wt-floor14).
//
// A user who writes `{[i]: 0 <= i < m - m mod 128}` gets from isl a set with an existentially
// quantified variable, `128*floor(m/128) >= i + 1`. For each value of the parameters the set is an
// ordinary interval, but isl's hulls (polyhedral hull, remove_divs) treat the division as a free
// rational variable and drop it: the hull of that set is `i < m`. Every question loom asks per
// parameter value (is the footprint convex, what box bounds it, which constraints cut a tile) is
// answered exactly by first naming each division of parameters only, `q = floor(m/128)`, as a new
// parameter: the set is then free of divisions in that division, hulls keep it, and the answers
// are turned back into expressions by substituting `floor(m/128)` (a `//`) for `q`.
#pragma once

#include <isl/cpp.h>

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "loom/expr.hpp"

namespace loom {

struct LiftedDivisions {
  isl::set set;  // the input with each division of parameters replaced by a new parameter
  // The new parameters, each with its value in the old ones: `(affine) // d`.
  std::vector<std::pair<std::string, ExprPtr>> definitions;
  // `{ : d*q <= affine <= d*q + d - 1 }` for every new parameter q (no divisions).
  isl::set definition_set;
};

// Names each division in `set` whose argument mentions only parameters for which `liftable`
// holds (and no set dimension, no other division) as a new parameter `loom_div<k>`. Divisions
// that mention anything else stay existentially quantified. When isl cannot eliminate a lifted
// division from the set (it always does where the definition is exact), that one is not lifted.
LiftedDivisions lift_parameter_divisions(const isl::set& set, const std::function<bool(const std::string&)>& liftable);

// `expr` with each lifted parameter replaced by its floor division.
ExprPtr with_divisions_restored(const ExprPtr& expr, const LiftedDivisions& lifted);

// A set over the lifted parameters back over the original ones (the definitions intersected, the
// new parameters projected out: exact, each new parameter is a function of the old ones).
isl::set with_divisions_projected(const isl::set& set, const LiftedDivisions& lifted);

}  // namespace loom
