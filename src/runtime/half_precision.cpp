#include "runtime/half_precision.hpp"

#include <bit>
#include <cfenv>
#include <cmath>

namespace loom::detail {

namespace {

struct Format {
  int precision;       // significand bits, the implicit one included
  int min_exponent;    // exponent of the smallest normal number
  double max_finite;
};
constexpr Format kFloat16{11, -14, 65504.0};
constexpr Format kBFloat16{8, -126, 0x1.fep127};

// `value` rounded to the format, to nearest with ties to even (C's default rounding mode, which
// nearbyint uses), subnormals and overflow to infinity included. Scaling by powers of two is exact
// in double, so the one rounding is nearbyint's.
double round_to(double value, const Format& format) {
  if (!std::isfinite(value) || value == 0) return value;
  int exponent = 0;
  std::frexp(value, &exponent);  // value = f·2^exponent, 0.5 ≤ |f| < 1
  int leading = std::max(exponent - 1, format.min_exponent);
  double quantum = std::ldexp(1.0, leading - format.precision + 1);
  double rounded = std::nearbyint(value / quantum) * quantum;
  if (std::fabs(rounded) > format.max_finite) return std::copysign(INFINITY, value);
  return rounded;
}

}  // namespace

uint16_t float16_bits(double value) {
  uint16_t sign = std::signbit(value) ? 0x8000 : 0;
  if (std::isnan(value)) return 0x7e00;
  double rounded = std::fabs(round_to(value, kFloat16));
  if (std::isinf(rounded)) return sign | 0x7c00;
  if (rounded < 0x1p-14) return sign | static_cast<uint16_t>(rounded * 0x1p24);  // subnormal or zero
  int exponent = 0;
  double fraction = std::frexp(rounded, &exponent);  // rounded = fraction·2^exponent
  auto biased = static_cast<uint16_t>(exponent - 1 + 15);
  auto mantissa = static_cast<uint16_t>((fraction * 2 - 1) * 1024);
  return sign | static_cast<uint16_t>(biased << 10) | mantissa;
}

double float16_value(uint16_t bits) {
  double sign = (bits & 0x8000) ? -1.0 : 1.0;
  int exponent = (bits >> 10) & 0x1f;
  int mantissa = bits & 0x3ff;
  if (exponent == 0) return sign * std::ldexp(mantissa, -24);
  if (exponent == 31) return mantissa ? NAN : sign * INFINITY;
  return sign * std::ldexp(1024 + mantissa, exponent - 25);
}

uint16_t bfloat16_bits(double value) {
  if (std::isnan(value)) return 0x7fc0;
  // The rounded value is a float32 with its low 16 bits zero, so this conversion is exact.
  auto single = static_cast<float>(round_to(value, kBFloat16));
  return static_cast<uint16_t>(std::bit_cast<uint32_t>(single) >> 16);
}

double bfloat16_value(uint16_t bits) {
  return static_cast<double>(std::bit_cast<float>(static_cast<uint32_t>(bits) << 16));
}

}  // namespace loom::detail
