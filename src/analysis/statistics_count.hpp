// Counting the points of an isl set, symbolically where loom can sum it itself (nested affine
// bounds) and by enumeration at given parameter values otherwise. The machinery behind
// loom::Count (include/loom/statistics.hpp).
#pragma once

#include <isl/cpp.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ir/isl_kernel.hpp"
#include "loom/statistics.hpp"

namespace loom::detail {

// 128-bit integers keep the exact arithmetic of counts (n^3 * 2 and such) clear of overflow.
__extension__ typedef __int128 Int128;  // NOLINT(modernize-use-using): __extension__ needs typedef

// An exact rational (counts are integers; the polynomials that give them are not: m*(m-1)/2).
struct Rational {
  Int128 num = 0;
  Int128 den = 1;
  Rational() = default;
  Rational(Int128 n, Int128 d = 1);  // NOLINT(google-explicit-constructor)
  Rational operator+(const Rational& o) const;
  Rational operator-(const Rational& o) const { return *this + Rational(-o.num, o.den); }
  Rational operator*(const Rational& o) const;
  Rational operator/(const Rational& o) const;
  bool is_zero() const { return num == 0; }
  bool is_integer() const { return den == 1; }
};

// A polynomial with rational coefficients in named variables (parameters and inames).
class Polynomial {
 public:
  using Monomial = std::map<std::string, int>;  // variable -> exponent (> 0)
  Polynomial() = default;
  static Polynomial constant(Rational value);
  static Polynomial variable(const std::string& name);
  Polynomial operator+(const Polynomial& o) const;
  Polynomial operator-(const Polynomial& o) const;
  Polynomial operator*(const Polynomial& o) const;
  Polynomial scaled(Rational factor) const;
  // Replaces `name` by `value` everywhere.
  Polynomial substitute(const std::string& name, const Polynomial& value) const;
  // Coefficients of name^0, name^1, ... (polynomials in the other variables).
  std::vector<Polynomial> coefficients_of(const std::string& name) const;
  bool mentions(const std::string& name) const;
  bool is_zero() const { return terms_.empty(); }
  std::optional<Rational> constant_value() const;  // when it has no variable
  Rational evaluate(
      const std::map<std::string, int64_t>& values) const;  // throws for a missing one
  std::string str() const;                                  // "n*m*ell", "1/2*m^2 - 1/2*m"
  const std::map<Monomial, Rational>& terms() const { return terms_; }
  bool operator==(const Polynomial& o) const;

 private:
  void add_term(const Monomial& monomial, Rational coefficient);
  std::map<Monomial, Rational> terms_;
};

// A polynomial that holds on a set of parameter values.
struct CountPiece {
  isl::set domain;  // parameters only
  Polynomial polynomial;
};

struct CountTerm {
  int64_t factor = 1;
  bool symbolic = false;
  std::vector<CountPiece>
      pieces;                   // symbolic: the value is the sum of the pieces holding at a point
  std::optional<isl::set> set;  // enumerated: the set itself (parameters stay parameters)
};

struct CountData {
  IslContextPtr context;                // first: outlives the isl objects below
  std::optional<isl::set> assumptions;  // parameters; printing leaves out what they imply
  std::string unavailable;              // why the count cannot be given (evaluating throws it)
  std::vector<CountTerm> terms;
};

// The number of points of `set` (its set dimensions; every other name a parameter), under
// `assumptions` (a parameter set of the same context). Symbolic when every basic set has bounds
// that are affine in the outer dimensions, each with coefficient ±1 on the dimension it bounds
// or a known remainder under the assumptions; else a term to enumerate.
Count count_points(const IslContextPtr& context, const isl::set& set, const isl::set& assumptions);

}  // namespace loom::detail
