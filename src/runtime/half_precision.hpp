// float16 and bfloat16 on the host: rounding a double to either format (round to nearest, ties
// to even, exactly once, never through float32 first) and the bit patterns arrays store.
#pragma once

#include <cstdint>

namespace loom::detail {

// IEEE binary16: 1 sign, 5 exponent, 10 fraction bits.
uint16_t float16_bits(double value);
double float16_value(uint16_t bits);
// bfloat16: the upper half of a float32 (1 sign, 8 exponent, 7 fraction bits).
uint16_t bfloat16_bits(double value);
double bfloat16_value(uint16_t bits);

}  // namespace loom::detail
