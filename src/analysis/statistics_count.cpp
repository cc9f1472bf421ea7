// Exact point counting by nested summation (see statistics_count.hpp).
//
// A basic set whose innermost dimension d has lower bounds L_1..L_p and upper bounds U_1..U_q,
// each affine in the outer dimensions and the parameters, splits into pieces where one lower and
// one upper bound are active (L_a the first largest, U_b the first smallest: the pieces partition
// the set). On a piece, the sum of a polynomial P over L_a <= d <= U_b is Faulhaber's
//     sum_k P_k * (F_k(U_b) - F_k(L_a - 1)),   F_k(x) = 1^k + ... + x^k,
// and the outer dimensions range over the piece's constraints plus L_a <= U_b. Repeating this
// outwards leaves polynomials in the parameters on parameter sets. A bound with a coefficient c
// other than ±1 on d is floor(x/c) or ceil(x/c): exact and affine when the remainder of x modulo c
// is the same everywhere on the piece under the assumptions (tiles whose size divides the extent),
// else the set is left for enumeration. Sets with existential variables are enumerated too.
#include "analysis/statistics_count.hpp"

#include <isl/constraint.h>
#include <isl/point.h>
#include <isl/set.h>
#include <isl/val.h>

#include <algorithm>
#include <numeric>

#include "ir/isl_extra.hpp"
#include "loom/error.hpp"

namespace loom::detail {

namespace {

Int128 gcd128(Int128 a, Int128 b) {
  if (a < 0) a = -a;
  if (b < 0) b = -b;
  while (b != 0) {
    Int128 t = a % b;
    a = b;
    b = t;
  }
  return a;
}

std::string int128_string(Int128 value) {
  if (value == 0) return "0";
  bool negative = value < 0;
  if (negative) value = -value;
  std::string digits;
  while (value > 0) {
    digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(value % 10)));
    value /= 10;
  }
  return negative ? "-" + digits : digits;
}

}  // namespace

Rational::Rational(Int128 n, Int128 d) : num(n), den(d) {
  if (den < 0) {
    num = -num;
    den = -den;
  }
  Int128 g = gcd128(num, den);
  if (g > 1) {
    num /= g;
    den /= g;
  }
  if (num == 0) den = 1;
}
Rational Rational::operator+(const Rational& o) const {
  return Rational(num * o.den + o.num * den, den * o.den);
}
Rational Rational::operator*(const Rational& o) const { return Rational(num * o.num, den * o.den); }
Rational Rational::operator/(const Rational& o) const { return Rational(num * o.den, den * o.num); }

// ---- Polynomial ---------------------------------------------------------------------------------

Polynomial Polynomial::constant(Rational value) {
  Polynomial p;
  p.add_term({}, value);
  return p;
}
Polynomial Polynomial::variable(const std::string& name) {
  Polynomial p;
  p.add_term({{name, 1}}, Rational(1));
  return p;
}
void Polynomial::add_term(const Monomial& monomial, Rational coefficient) {
  auto [it, inserted] = terms_.emplace(monomial, coefficient);
  if (!inserted) it->second = it->second + coefficient;
  if (it->second.is_zero()) terms_.erase(it);
}
Polynomial Polynomial::operator+(const Polynomial& o) const {
  Polynomial sum = *this;
  for (const auto& [monomial, coefficient] : o.terms_) sum.add_term(monomial, coefficient);
  return sum;
}
Polynomial Polynomial::operator-(const Polynomial& o) const {
  return *this + o.scaled(Rational(-1));
}
Polynomial Polynomial::operator*(const Polynomial& o) const {
  Polynomial product;
  for (const auto& [m1, c1] : terms_) {
    for (const auto& [m2, c2] : o.terms_) {
      Monomial m = m1;
      for (const auto& [name, exponent] : m2) m[name] += exponent;
      product.add_term(m, c1 * c2);
    }
  }
  return product;
}
Polynomial Polynomial::scaled(Rational factor) const {
  Polynomial p;
  for (const auto& [monomial, coefficient] : terms_) p.add_term(monomial, coefficient * factor);
  return p;
}
std::vector<Polynomial> Polynomial::coefficients_of(const std::string& name) const {
  std::vector<Polynomial> coefficients;
  for (const auto& [monomial, coefficient] : terms_) {
    Monomial rest = monomial;
    int exponent = 0;
    if (auto it = rest.find(name); it != rest.end()) {
      exponent = it->second;
      rest.erase(it);
    }
    if (coefficients.size() <= static_cast<std::size_t>(exponent))
      coefficients.resize(static_cast<std::size_t>(exponent) + 1);
    coefficients[static_cast<std::size_t>(exponent)].add_term(rest, coefficient);
  }
  return coefficients;
}
Polynomial Polynomial::substitute(const std::string& name, const Polynomial& value) const {
  std::vector<Polynomial> coefficients = coefficients_of(name);
  Polynomial result;
  Polynomial power = constant(Rational(1));
  for (const Polynomial& coefficient : coefficients) {
    result = result + coefficient * power;
    power = power * value;
  }
  return result;
}
bool Polynomial::mentions(const std::string& name) const {
  for (const auto& [monomial, coefficient] : terms_) {
    if (monomial.count(name)) return true;
  }
  return false;
}
std::optional<Rational> Polynomial::constant_value() const {
  if (terms_.empty()) return Rational(0);
  if (terms_.size() == 1 && terms_.begin()->first.empty()) return terms_.begin()->second;
  return std::nullopt;
}
Rational Polynomial::evaluate(const std::map<std::string, int64_t>& values) const {
  Rational sum(0);
  for (const auto& [monomial, coefficient] : terms_) {
    Rational term = coefficient;
    for (const auto& [name, exponent] : monomial) {
      auto it = values.find(name);
      if (it == values.end())
        throw Error("a count depends on parameter '" + name +
                    "', which has no value (give it with -D " + name + "=...)");
      for (int e = 0; e < exponent; ++e) term = term * Rational(it->second);
    }
    sum = sum + term;
  }
  return sum;
}
bool Polynomial::operator==(const Polynomial& o) const {
  if (terms_.size() != o.terms_.size()) return false;
  for (auto a = terms_.begin(), b = o.terms_.begin(); a != terms_.end(); ++a, ++b) {
    if (a->first != b->first || a->second.num != b->second.num || a->second.den != b->second.den)
      return false;
  }
  return true;
}
std::string Polynomial::str() const {
  if (terms_.empty()) return "0";
  std::string text;
  // Highest degree first reads best ("n*m*ell + 2*n").
  std::vector<std::pair<Monomial, Rational>> ordered(terms_.begin(), terms_.end());
  auto degree = [](const Monomial& m) {
    int d = 0;
    for (const auto& entry : m) d += entry.second;
    return d;
  };
  std::stable_sort(ordered.begin(), ordered.end(),
                   [&](const auto& a, const auto& b) { return degree(a.first) > degree(b.first); });
  for (const auto& [monomial, coefficient] : ordered) {
    bool negative = coefficient.num < 0;
    Int128 magnitude = negative ? -coefficient.num : coefficient.num;
    std::string factor;
    if (magnitude != 1 || coefficient.den != 1 || monomial.empty()) {
      factor = int128_string(magnitude) +
               (coefficient.den != 1 ? "/" + int128_string(coefficient.den) : "");
    }
    for (const auto& [name, exponent] : monomial) {
      factor +=
          (factor.empty() ? "" : "*") + name + (exponent > 1 ? "^" + std::to_string(exponent) : "");
    }
    if (text.empty())
      text = (negative ? "-" : "") + factor;
    else
      text += (negative ? " - " : " + ") + factor;
  }
  return text;
}

namespace {

// ---- affine constraints over named variables ------------------------------------------------

struct Constraint {
  Polynomial expression;  // affine
  bool equality = false;  // expression = 0, else expression >= 0
};

// F_k(x) = 1^k + ... + x^k as a polynomial in x (F_k(0) = 0), from
// (x+1)^(k+1) - 1 = sum_{j<=k} C(k+1, j) F_j(x).
std::vector<Polynomial> faulhaber(int max_k, const std::string& x) {
  std::vector<Polynomial> f;
  Polynomial xp1 = Polynomial::variable(x) + Polynomial::constant(Rational(1));
  for (int k = 0; k <= max_k; ++k) {
    Polynomial power = Polynomial::constant(Rational(1));
    for (int e = 0; e <= k; ++e) power = power * xp1;
    Polynomial rest = power - Polynomial::constant(Rational(1));
    Int128 binomial = 1;  // C(k+1, j)
    for (int j = 0; j < k; ++j) {
      rest = rest - f[static_cast<std::size_t>(j)].scaled(Rational(binomial));
      binomial = binomial * (k + 1 - j) / (j + 1);
    }
    f.push_back(rest.scaled(Rational(1, k + 1)));
  }
  return f;
}

// The affine expression times the least common multiple of its denominators: integer coefficients.
std::string isl_affine_text(const Polynomial& affine) {
  Int128 lcm = 1;
  for (const auto& [monomial, coefficient] : affine.terms())
    lcm = lcm / gcd128(lcm, coefficient.den) * coefficient.den;
  std::string text;
  for (const auto& [monomial, coefficient] : affine.terms()) {
    Int128 value = coefficient.num * (lcm / coefficient.den);
    bool negative = value < 0;
    std::string magnitude = int128_string(negative ? -value : value);
    std::string term = monomial.empty() ? magnitude : magnitude + "*" + monomial.begin()->first;
    if (text.empty())
      text = (negative ? "-" : "") + term;
    else
      text += (negative ? " - " : " + ") + term;
  }
  return text.empty() ? "0" : text;
}

struct SummationSpace {
  const IslContextPtr& context;
  std::vector<std::string> dims;  // outer to inner
  std::vector<std::string> parameters;
  isl::set assumptions;
};

std::string list_text(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
  return text;
}

isl::set constraints_set(const SummationSpace& space, std::size_t dim_count,
                         const std::vector<Constraint>& constraints,
                         const std::string& extra = "") {
  std::vector<std::string> dims(space.dims.begin(),
                                space.dims.begin() + static_cast<std::ptrdiff_t>(dim_count));
  std::string conditions;
  for (const Constraint& c : constraints) {
    conditions += (conditions.empty() ? "" : " and ") + isl_affine_text(c.expression) +
                  (c.equality ? " = 0" : " >= 0");
  }
  if (!extra.empty()) conditions += (conditions.empty() ? "" : " and ") + extra;
  std::string text = "[" + list_text(space.parameters) + "] -> { [" + list_text(dims) + "]" +
                     (conditions.empty() ? "" : " : " + conditions);
  isl::set set;
  try {
    set = isl::set(space.context->ctx(), text + " }");
  } catch (const isl::exception&) {
    throw InternalError("statistics: isl could not parse " + text + " }");
  }
  return set.intersect_params(space.assumptions);
}

// floor(x) or ceil(x) of a rational affine bound as an affine expression exact on `piece`, or
// nullopt when its remainder varies there.
std::optional<Polynomial> integer_bound(const SummationSpace& space, std::size_t dim_count,
                                        const std::vector<Constraint>& piece,
                                        const Polynomial& bound, bool ceiling) {
  Int128 den = 1;
  for (const auto& [monomial, coefficient] : bound.terms())
    den = den / gcd128(den, coefficient.den) * coefficient.den;
  if (den == 1) return bound;
  if (std::optional<Rational> value = bound.constant_value()) {
    // A constant (the parameters fixed): floor or ceil directly.
    Int128 quotient = value->num / value->den;
    Int128 remainder = value->num % value->den;
    if (remainder != 0 && ((value->num < 0) != ceiling)) quotient += ceiling ? 1 : -1;
    return Polynomial::constant(Rational(quotient));
  }
  Polynomial numerator = bound.scaled(Rational(den));
  isl::set whole = constraints_set(space, dim_count, piece);
  // The remainder at one point of the piece; it must then hold everywhere (one isl check rather
  // than one per candidate remainder).
  isl_point* point = isl_set_sample_point(whole.copy());
  if (point == nullptr) return std::nullopt;
  if (isl_point_is_void(point) == isl_bool_true) {
    isl_point_free(point);
    return bound;  // an empty piece: any form will do, it contributes nothing
  }
  std::map<std::string, int64_t> values;
  auto coordinate = [&](isl_dim_type type, int position) {
    isl_val* v = isl_point_get_coordinate_val(point, type, position);
    int64_t value = isl_val_get_num_si(v);
    isl_val_free(v);
    return value;
  };
  for (std::size_t i = 0; i < dim_count; ++i)
    values[space.dims[i]] = coordinate(isl_dim_set, static_cast<int>(i));
  for (std::size_t i = 0; i < space.parameters.size(); ++i)
    values[space.parameters[i]] = coordinate(isl_dim_param, static_cast<int>(i));
  isl_point_free(point);
  Rational at_point = numerator.evaluate(values);
  if (!at_point.is_integer()) return std::nullopt;
  Int128 remainder = ((at_point.num % den) + den) % den;  // x mod c at the sample
  Int128 r = ceiling ? (den - remainder) % den : remainder;
  Polynomial shifted = numerator + Polynomial::constant(Rational(ceiling ? r : -r));
  std::string condition = "(" + isl_affine_text(shifted) + ") mod " + int128_string(den) + " = 0";
  if (whole.is_subset(constraints_set(space, dim_count, piece, condition)))
    return shifted.scaled(Rational(1, den));
  return std::nullopt;
}

struct Summand {
  std::vector<Constraint> constraints;
  Polynomial polynomial;
};

constexpr std::size_t kMaxPieces = 64;

// Sums out the innermost of the first `dim_count` dimensions; nullopt when it cannot.
std::optional<std::vector<Summand>> sum_innermost(const SummationSpace& space,
                                                  std::size_t dim_count, const Summand& summand) {
  const std::string& d = space.dims[dim_count - 1];
  std::vector<Constraint> others;
  std::vector<Polynomial> lowers, uppers;  // rational affine bounds on d
  for (const Constraint& c : summand.constraints) {
    std::vector<Polynomial> parts = c.expression.coefficients_of(d);
    if (parts.size() < 2 || parts[1].is_zero()) {
      others.push_back(c);
      continue;
    }
    std::optional<Rational> a = parts[1].constant_value();
    if (!a || parts.size() > 2) return std::nullopt;
    Polynomial bound = parts[0].scaled(Rational(-1) / *a);  // d = bound, d >= bound or d <= bound
    if (c.equality) {
      if (!(a->is_integer() && (a->num == 1 || a->num == -1))) return std::nullopt;
      Summand substituted;
      substituted.polynomial = summand.polynomial.substitute(d, bound);
      for (const Constraint& other : summand.constraints) {
        if (&other == &c) continue;
        substituted.constraints.push_back({other.expression.substitute(d, bound), other.equality});
      }
      return std::vector<Summand>{substituted};
    }
    (a->num > 0 ? lowers : uppers).push_back(bound);
  }
  if (lowers.empty() || uppers.empty()) return std::nullopt;
  std::vector<Polynomial> int_lowers, int_uppers;
  for (const Polynomial& bound : lowers) {
    std::optional<Polynomial> b = integer_bound(space, dim_count - 1, others, bound, true);
    if (!b) return std::nullopt;
    int_lowers.push_back(*b);
  }
  for (const Polynomial& bound : uppers) {
    std::optional<Polynomial> b = integer_bound(space, dim_count - 1, others, bound, false);
    if (!b) return std::nullopt;
    int_uppers.push_back(*b);
  }
  std::vector<Polynomial> coefficients = summand.polynomial.coefficients_of(d);
  std::vector<Polynomial> f = faulhaber(static_cast<int>(coefficients.size()) - 1, "loom_x");
  Polynomial one = Polynomial::constant(Rational(1));
  std::vector<Summand> result;
  for (std::size_t la = 0; la < int_lowers.size(); ++la) {
    for (std::size_t ub = 0; ub < int_uppers.size(); ++ub) {
      Summand piece;
      piece.constraints = others;
      for (std::size_t k = 0; k < int_lowers.size(); ++k) {
        if (k == la) continue;  // L_la the first largest
        piece.constraints.push_back(
            {int_lowers[la] - int_lowers[k] - (k < la ? one : Polynomial()), false});
      }
      for (std::size_t k = 0; k < int_uppers.size(); ++k) {
        if (k == ub) continue;  // U_ub the first smallest
        piece.constraints.push_back(
            {int_uppers[k] - int_uppers[ub] - (k < ub ? one : Polynomial()), false});
      }
      piece.constraints.push_back({int_uppers[ub] - int_lowers[la], false});
      if (constraints_set(space, dim_count - 1, piece.constraints).is_empty()) continue;
      for (std::size_t k = 0; k < coefficients.size(); ++k) {
        Polynomial upper = f[k].substitute("loom_x", int_uppers[ub]);
        Polynomial lower = f[k].substitute("loom_x", int_lowers[la] - one);
        piece.polynomial = piece.polynomial + coefficients[k] * (upper - lower);
      }
      result.push_back(std::move(piece));
    }
  }
  return result;
}

// The constraints of a basic set without existential variables, over its dimension names.
std::optional<std::vector<Constraint>> basic_set_constraints(const isl::basic_set& bset,
                                                             const SummationSpace& space) {
  if (isl_basic_set_dim(bset.get(), isl_dim_div) > 0) return std::nullopt;
  struct Collector {
    const SummationSpace* space;
    std::vector<Constraint> constraints;
    bool ok = true;
  } collector{&space, {}, true};
  auto callback = [](isl_constraint* c, void* user) -> isl_stat {
    auto* self = static_cast<Collector*>(user);
    auto value_of_local = [&](isl_val* v) -> Int128 {
      if (!isl_val_is_int(v)) self->ok = false;
      long value = isl_val_get_num_si(v);
      isl_val_free(v);
      return value;
    };
    Constraint constraint;
    constraint.equality = isl_constraint_is_equality(c) == isl_bool_true;
    constraint.expression =
        Polynomial::constant(Rational(value_of_local(isl_constraint_get_constant_val(c))));
    for (std::size_t i = 0; i < self->space->dims.size(); ++i) {
      Int128 a =
          value_of_local(isl_constraint_get_coefficient_val(c, isl_dim_set, static_cast<int>(i)));
      constraint.expression =
          constraint.expression + Polynomial::variable(self->space->dims[i]).scaled(Rational(a));
    }
    for (std::size_t i = 0; i < self->space->parameters.size(); ++i) {
      Int128 a =
          value_of_local(isl_constraint_get_coefficient_val(c, isl_dim_param, static_cast<int>(i)));
      constraint.expression = constraint.expression +
                              Polynomial::variable(self->space->parameters[i]).scaled(Rational(a));
    }
    self->constraints.push_back(std::move(constraint));
    isl_constraint_free(c);
    return isl_stat_ok;
  };
  isl_basic_set_foreach_constraint(bset.get(), callback, &collector);
  if (!collector.ok) return std::nullopt;
  return collector.constraints;
}

// Sums the constant 1 over one basic set: pieces over the parameters, or nullopt.
std::optional<std::vector<CountPiece>> sum_basic_set(const SummationSpace& space,
                                                     const isl::basic_set& bset) {
  std::optional<std::vector<Constraint>> constraints = basic_set_constraints(bset, space);
  if (!constraints) return std::nullopt;
  std::vector<Summand> summands{{*constraints, Polynomial::constant(Rational(1))}};
  for (std::size_t dim_count = space.dims.size(); dim_count > 0; --dim_count) {
    std::vector<Summand> next;
    for (const Summand& summand : summands) {
      std::optional<std::vector<Summand>> pieces = sum_innermost(space, dim_count, summand);
      if (!pieces) return std::nullopt;
      next.insert(next.end(), pieces->begin(), pieces->end());
    }
    if (next.size() > kMaxPieces) return std::nullopt;
    summands = std::move(next);
  }
  std::vector<CountPiece> pieces;
  for (const Summand& summand : summands) {
    isl::set domain = constraints_set(space, 0, summand.constraints).params();
    if (domain.is_empty() || summand.polynomial.is_zero()) continue;
    pieces.push_back({domain, summand.polynomial});
  }
  return pieces;
}

// Pieces with the same polynomial and disjoint domains become one (their domains united).
std::vector<CountPiece> merge_pieces(std::vector<CountPiece> pieces) {
  std::vector<CountPiece> merged;
  for (CountPiece& piece : pieces) {
    auto same = std::find_if(merged.begin(), merged.end(),
                             [&](const CountPiece& p) { return p.polynomial == piece.polynomial; });
    if (same == merged.end() || !same->domain.intersect(piece.domain).is_empty())
      merged.push_back(std::move(piece));
    else
      same->domain = same->domain.unite(piece.domain).coalesce();
  }
  return merged;
}

}  // namespace

Count count_points(const IslContextPtr& context, const isl::set& set, const isl::set& assumptions) {
  auto data = std::make_shared<CountData>();
  data->context = context;
  CountTerm term;
  term.set = set;
  SummationSpace space{context, isl_extra::dim_names(set, isl_dim_set),
                       isl_extra::dim_names(set, isl_dim_param), assumptions};
  bool named = std::all_of(space.dims.begin(), space.dims.end(),
                           [](const std::string& n) { return !n.empty(); });
  isl::set disjoint = isl::manage(isl_set_make_disjoint(set.copy()));
  std::vector<isl::basic_set> basic_sets;
  disjoint.foreach_basic_set([&](isl::basic_set b) { basic_sets.push_back(b); });
  std::vector<CountPiece> pieces;
  bool symbolic = named;
  for (const isl::basic_set& bset : basic_sets) {
    if (!symbolic) break;
    std::optional<std::vector<CountPiece>> summed = sum_basic_set(space, bset);
    if (!summed)
      symbolic = false;
    else
      pieces.insert(pieces.end(), summed->begin(), summed->end());
  }
  if (symbolic) {
    term.symbolic = true;
    term.pieces = merge_pieces(std::move(pieces));
  }
  data->terms.push_back(std::move(term));
  return Count(data);
}

}  // namespace loom::detail
