// Layout arithmetic host Arrays and DeviceArrays share.
#pragma once

#include <cstdint>
#include <vector>

#include "loom/dtype.hpp"

namespace loom::detail {

// Strides (in elements) of a contiguous array in C order, or Fortran order.
std::vector<int64_t> contiguous_strides(const std::vector<int64_t>& shape, bool fortran_order);
// Number of elements; throws loom::Error for a negative extent or an overflowing shape.
int64_t element_count(const std::vector<int64_t>& shape);
// Bytes from the first element to one past the last (0 for an empty array).
std::size_t spanned_bytes(const std::vector<int64_t>& shape, const std::vector<int64_t>& strides, DType dtype);

}  // namespace loom::detail
