// A write's subscript as digits of mixed-radix numbers (index_digits.hpp).
#include "analysis/index_digits.hpp"

#include <cstdint>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <tuple>

#include "ir/instance_sets.hpp"

namespace loom {

namespace {

// An atom of an index: an iname (op Add), `iname % divisor` (Modulo) or `iname // divisor`
// (FloorDivide).
using Atom = std::tuple<std::string, BinaryOp, int64_t>;

// An index as Σ coefficient × atom plus a part every instance shares; `constant` is that part
// when it is a literal (nullopt where a value argument is in it: fine as a summand, not as a
// factor).
struct AffineIndex {
  std::map<Atom, int64_t> terms;
  std::optional<int64_t> constant = 0;
};

bool is_value_argument(const LoopKernel& kernel, const std::string& name) {
  const KernelArgument* arg = kernel.find_arg(name);
  return arg != nullptr && arg->kind == ArgKind::Value && kernel.find_temporary(name) == nullptr;
}

AffineIndex scaled(AffineIndex affine, int64_t factor) {
  for (auto& [atom, coefficient] : affine.terms) coefficient *= factor;
  if (affine.constant) *affine.constant *= factor;
  return affine;
}

AffineIndex sum(AffineIndex a, const AffineIndex& b) {
  for (const auto& [atom, coefficient] : b.terms) a.terms[atom] += coefficient;
  a.constant = a.constant && b.constant ? std::optional<int64_t>(*a.constant + *b.constant) : std::nullopt;
  return a;
}

std::optional<AffineIndex> affine_index(const LoopKernel& kernel, const Expr& expr) {
  switch (expr.kind) {
    case ExprKind::IntLiteral: return AffineIndex{{}, expr.int_value};
    case ExprKind::Variable:
      if (kernel.domain_of_iname(expr.name) != nullptr) return AffineIndex{{{Atom{expr.name, BinaryOp::Add, 1}, 1}}, 0};
      if (is_value_argument(kernel, expr.name)) return AffineIndex{{}, std::nullopt};
      return std::nullopt;  // a temporary: the index is data, not an affine function
    case ExprKind::Unary: {
      if (expr.unary_op != UnaryOp::Negate || expr.operands.size() != 1) return std::nullopt;
      std::optional<AffineIndex> operand = affine_index(kernel, *expr.operands[0]);
      if (!operand) return std::nullopt;
      return scaled(*operand, -1);
    }
    case ExprKind::Binary: break;
    default: return std::nullopt;
  }
  if (expr.operands.size() != 2) return std::nullopt;
  const Expr& left = *expr.operands[0];
  const Expr& right = *expr.operands[1];
  if (expr.binary_op == BinaryOp::FloorDivide || expr.binary_op == BinaryOp::Modulo) {
    bool atom = left.kind == ExprKind::Variable && kernel.domain_of_iname(left.name) != nullptr &&
                right.kind == ExprKind::IntLiteral && right.int_value > 0;
    if (!atom) return std::nullopt;
    return AffineIndex{{{Atom{left.name, expr.binary_op, right.int_value}, 1}}, 0};
  }
  std::optional<AffineIndex> a = affine_index(kernel, left), b = affine_index(kernel, right);
  if (!a || !b) return std::nullopt;
  switch (expr.binary_op) {
    case BinaryOp::Add: return sum(*a, *b);
    case BinaryOp::Subtract: return sum(*a, scaled(*b, -1));
    case BinaryOp::Multiply:
      if (a->terms.empty() && a->constant) return scaled(*b, *a->constant);
      if (b->terms.empty() && b->constant) return scaled(*a, *b->constant);
      return std::nullopt;
    default: return std::nullopt;
  }
}

int64_t floor_divided(int64_t value, int64_t divisor) {
  int64_t quotient = value / divisor;
  return (value % divisor != 0 && value < 0) ? quotient - 1 : quotient;
}

// [lowest, highest] of an atom over every instance; nullopt when not constant.
std::optional<std::pair<int64_t, int64_t>> atom_range(const LoopKernel& kernel, const Atom& atom) {
  const auto& [iname, op, divisor] = atom;
  if (op == BinaryOp::Modulo) return std::make_pair(int64_t{0}, divisor - 1);
  std::optional<ConstantRange> range = constant_iname_range(kernel, iname);
  if (!range || range->extent <= 0) return std::nullopt;
  int64_t lowest = range->lower, highest = range->lower + range->extent - 1;
  if (op == BinaryOp::FloorDivide) return std::make_pair(floor_divided(lowest, divisor), floor_divided(highest, divisor));
  return std::make_pair(lowest, highest);
}

// Whether two instances with one value of `index` have one value of `digit`: with c its
// coefficient and r its number of values, every other term either has a coefficient that is a
// multiple of c·r (it moves the index by whole multiples of c·r) or a constant range, and those of
// the second kind together span less than c. Then c·(d - d') = (L' - L) + (H' - H) has no solution
// with d ≠ d': |L' - L| < c, and H' ≠ H leaves |c·(d - d') + L - L'| ≥ c·r, beyond what it can reach.
bool is_digit(const LoopKernel& kernel, const AffineIndex& index, const Atom& digit) {
  int64_t coefficient = std::llabs(index.terms.at(digit));
  if (coefficient == 0) return false;
  std::optional<std::pair<int64_t, int64_t>> own = atom_range(kernel, digit);
  std::optional<int64_t> step;  // c·r
  if (own && own->second - own->first < INT32_MAX && coefficient < INT32_MAX) step = coefficient * (own->second - own->first + 1);
  int64_t span = 0;
  for (const auto& [atom, other] : index.terms) {
    if (atom == digit || other == 0) continue;
    if (step && std::llabs(other) % *step == 0) continue;
    std::optional<std::pair<int64_t, int64_t>> range = atom_range(kernel, atom);
    if (!range || range->second - range->first >= INT32_MAX || std::llabs(other) >= INT32_MAX) return false;
    span += std::llabs(other) * (range->second - range->first);
    if (span >= coefficient) return false;
  }
  return true;
}

}  // namespace

bool subscript_determines(const LoopKernel& kernel, const Access& write, const std::string& iname) {
  if (write.subscript == nullptr) return false;
  std::set<int64_t> remainders, quotients;  // divisors n of the digits `iname % n`, `iname // n`
  for (const ExprPtr& index : write.subscript->operands) {
    std::optional<AffineIndex> affine = affine_index(kernel, *index);
    if (!affine) continue;
    for (const auto& [atom, coefficient] : affine->terms) {
      const auto& [name, op, divisor] = atom;
      if (name != iname || coefficient == 0 || !is_digit(kernel, *affine, atom)) continue;
      if (op == BinaryOp::Add) return true;
      (op == BinaryOp::Modulo ? remainders : quotients).insert(divisor);
    }
  }
  // iname = n·(iname // n) + iname % n: both digits known, iname is; so is it from the remainder
  // alone where all its values lie in one block of n (one quotient).
  std::optional<std::pair<int64_t, int64_t>> range = atom_range(kernel, Atom{iname, BinaryOp::Add, 1});
  for (int64_t divisor : remainders) {
    if (quotients.count(divisor) != 0) return true;
    if (range && floor_divided(range->first, divisor) == floor_divided(range->second, divisor)) return true;
  }
  return false;
}

}  // namespace loom
