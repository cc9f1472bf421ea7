// Scalar element types of arrays, temporaries and values.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace loom {

enum class DType {
  Bool,
  Int8,
  Int16,
  Int32,
  Int64,
  UInt8,
  UInt16,
  UInt32,
  UInt64,
  Float16,
  Float32,
  Float64,
  // Storage-only 16-bit formats (loom computes with them in float32; decisions.md, Issue 29).
  BFloat16,
};

// "float32", "int64", ... (numpy names, as in specs and loopy).
std::string_view dtype_name(DType dtype);
// Parses a numpy-style name; also accepts the C spellings "float", "double", "int".
std::optional<DType> parse_dtype(std::string_view name);
std::size_t dtype_size(DType dtype);
bool is_floating(DType dtype);
// float16 and bfloat16: stored in 16 bits, computed in float32.
bool is_half_precision(DType dtype);
// The format's unit roundoff 2^-p (p: significand bits with the implicit one): float16 2^-11,
// bfloat16 2^-8, float32 2^-24, float64 2^-53; 0 for the integer types.
double unit_roundoff(DType dtype);
bool is_integral(DType dtype);  // bool counts as integral
bool is_signed(DType dtype);
// numpy's result_type for two explicitly typed operands.
DType promote_types(DType a, DType b);

}  // namespace loom
