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
};

// "float32", "int64", ... (numpy names, as in specs and loopy).
std::string_view dtype_name(DType dtype);
// Parses a numpy-style name; also accepts the C spellings "float", "double", "int".
std::optional<DType> parse_dtype(std::string_view name);
std::size_t dtype_size(DType dtype);
bool is_floating(DType dtype);
bool is_integral(DType dtype);  // bool counts as integral
bool is_signed(DType dtype);
// numpy's result_type for two explicitly typed operands.
DType promote_types(DType a, DType b);

}  // namespace loom
