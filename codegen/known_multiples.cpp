#include "codegen/known_multiples.hpp"

#include <numeric>

namespace loom::codegen {

namespace {

using IsParameter = std::function<bool(const std::string&)>;

// Both conditions at once: each parameter a multiple of both factors (their lcm).
ParameterMultiples merged(ParameterMultiples lhs, const ParameterMultiples& rhs) {
  for (const auto& [name, factor] : rhs) {
    auto [at, inserted] = lhs.emplace(name, factor);
    if (!inserted) at->second = std::lcm(at->second, factor);
  }
  return lhs;
}

std::optional<ParameterMultiples> both_multiples(const cast::Expr& e, int64_t factor,
                                                 const IsParameter& is_parameter) {
  std::optional<ParameterMultiples> lhs = multiple_of(e.args[0], factor, is_parameter);
  if (!lhs) return std::nullopt;
  std::optional<ParameterMultiples> rhs = multiple_of(e.args[1], factor, is_parameter);
  if (!rhs) return std::nullopt;
  return merged(std::move(*lhs), *rhs);
}

// a * b: a constant side leaves the rest of the factor to the other; else the side that needs
// no condition, or failing that the one whose condition is known.
std::optional<ParameterMultiples> product_multiple(const cast::Expr& e, int64_t factor,
                                                   const IsParameter& is_parameter) {
  for (int side = 0; side < 2; ++side) {
    const cast::ExprPtr& constant = e.args[static_cast<std::size_t>(side)];
    if (constant->kind != cast::ExprKind::IntConst) continue;
    int64_t rest = factor / std::gcd(constant->int_value, factor);
    if (rest == 1) return ParameterMultiples{};
    return multiple_of(e.args[static_cast<std::size_t>(1 - side)], rest, is_parameter);
  }
  std::optional<ParameterMultiples> lhs = multiple_of(e.args[0], factor, is_parameter);
  if (lhs && lhs->empty()) return lhs;
  std::optional<ParameterMultiples> rhs = multiple_of(e.args[1], factor, is_parameter);
  if (rhs && (rhs->empty() || !lhs)) return rhs;
  return lhs;
}

// a % c (C's remainder or Python's loom_mod): a - q c, a multiple of `factor` where a and c are.
std::optional<ParameterMultiples> remainder_multiple(const cast::ExprPtr& dividend,
                                                     const cast::ExprPtr& divisor, int64_t factor,
                                                     const IsParameter& is_parameter) {
  if (divisor->kind != cast::ExprKind::IntConst || divisor->int_value == 0 ||
      divisor->int_value % factor != 0) {
    return std::nullopt;
  }
  return multiple_of(dividend, factor, is_parameter);
}

bool is_integer(DType dtype) { return !is_floating(dtype) && dtype != DType::Bool; }

}  // namespace

std::optional<ParameterMultiples> multiple_of(const cast::ExprPtr& expr, int64_t factor,
                                              const IsParameter& is_parameter) {
  // Powers of two only: then wrapping arithmetic and narrowing casts keep the low zero bits.
  if (factor <= 0 || (factor & (factor - 1)) != 0) return std::nullopt;
  if (factor == 1) return ParameterMultiples{};
  const cast::Expr& e = *expr;
  switch (e.kind) {
    case cast::ExprKind::IntConst:
      if (e.int_value % factor == 0) return ParameterMultiples{};
      return std::nullopt;
    case cast::ExprKind::Var:
      if (is_integer(e.dtype) && is_parameter(e.name)) return ParameterMultiples{{e.name, factor}};
      return std::nullopt;
    case cast::ExprKind::Binary:
      if (e.op == "+" || e.op == "-" || e.op == "^") return both_multiples(e, factor, is_parameter);
      if (e.op == "*") return product_multiple(e, factor, is_parameter);
      if (e.op == "%") return remainder_multiple(e.args[0], e.args[1], factor, is_parameter);
      return std::nullopt;
    case cast::ExprKind::Unary:
      if (e.op == "-") return multiple_of(e.args[0], factor, is_parameter);
      return std::nullopt;
    case cast::ExprKind::Call:
      if (e.name.rfind("loom_mod_int", 0) == 0 && e.args.size() == 2) {
        return remainder_multiple(e.args[0], e.args[1], factor, is_parameter);
      }
      return std::nullopt;
    case cast::ExprKind::Cast:
      if (is_integer(e.dtype) && is_integer(e.args[0]->dtype))
        return multiple_of(e.args[0], factor, is_parameter);
      return std::nullopt;
    case cast::ExprKind::Ternary: {
      std::optional<ParameterMultiples> then_value = multiple_of(e.args[1], factor, is_parameter);
      if (!then_value) return std::nullopt;
      std::optional<ParameterMultiples> else_value = multiple_of(e.args[2], factor, is_parameter);
      if (!else_value) return std::nullopt;
      return merged(std::move(*then_value), *else_value);
    }
    default:
      return std::nullopt;
  }
}

}  // namespace loom::codegen
