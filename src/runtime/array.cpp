#include "loom/array.hpp"

#include <cstring>
#include <limits>

#include "loom/error.hpp"
#include "runtime/array_layout.hpp"
#include "runtime/half_precision.hpp"

namespace loom {

namespace detail {

std::vector<int64_t> contiguous_strides(const std::vector<int64_t>& shape, bool fortran_order) {
  std::vector<int64_t> strides(shape.size());
  int64_t stride = 1;
  for (std::size_t step = 0; step < shape.size(); ++step) {
    std::size_t axis = fortran_order ? step : shape.size() - 1 - step;
    strides[axis] = stride;
    stride *= std::max<int64_t>(shape[axis], 1);
  }
  return strides;
}

int64_t element_count(const std::vector<int64_t>& shape) {
  int64_t count = 1;
  for (int64_t extent : shape) {
    if (extent < 0) throw Error("array shape has a negative extent (" + std::to_string(extent) + ")");
    if (extent != 0 && count > std::numeric_limits<int64_t>::max() / extent) {
      throw Error("array shape is too large");
    }
    count *= extent;
  }
  return count;
}

std::size_t spanned_bytes(const std::vector<int64_t>& shape, const std::vector<int64_t>& strides, DType dtype) {
  if (element_count(shape) == 0) return 0;
  int64_t last = 0;
  for (std::size_t axis = 0; axis < shape.size(); ++axis) last += (shape[axis] - 1) * strides[axis];
  return static_cast<std::size_t>(last + 1) * dtype_size(dtype);
}

}  // namespace detail

namespace {

using detail::contiguous_strides;
using detail::element_count;

template <typename T>
T read_as(const std::byte* address) {
  T value;
  std::memcpy(&value, address, sizeof(T));
  return value;
}

template <typename T>
void write_as(std::byte* address, T value) {
  std::memcpy(address, &value, sizeof(T));
}

}  // namespace

Array::Array(DType dtype, std::vector<int64_t> shape, bool fortran_order)
    : dtype_(dtype), shape_(std::move(shape)), strides_(contiguous_strides(shape_, fortran_order)) {
  std::size_t bytes = static_cast<std::size_t>(std::max<int64_t>(element_count(shape_), 1)) * dtype_size(dtype_);
  storage_ = std::shared_ptr<std::byte[]>(new std::byte[bytes]());
  data_ = storage_.get();
}

Array Array::with_strides(DType dtype, std::vector<int64_t> shape, std::vector<int64_t> strides) {
  if (strides.size() != shape.size()) throw Error("Array::with_strides: strides and shape differ in length");
  int64_t span = 1;
  for (std::size_t axis = 0; axis < shape.size(); ++axis) {
    if (strides[axis] < 0) throw Error("Array::with_strides: negative stride");
    if (shape[axis] > 0) span += (shape[axis] - 1) * strides[axis];
  }
  Array array;
  array.dtype_ = dtype;
  array.shape_ = std::move(shape);
  array.strides_ = std::move(strides);
  std::size_t bytes = static_cast<std::size_t>(span) * dtype_size(dtype);
  array.storage_ = std::shared_ptr<std::byte[]>(new std::byte[bytes]());
  array.data_ = array.storage_.get();
  return array;
}

Array Array::borrow(DType dtype, std::vector<int64_t> shape, std::vector<int64_t> strides, void* data) {
  if (strides.size() != shape.size()) throw Error("Array::borrow: strides and shape differ in length");
  Array array;
  array.dtype_ = dtype;
  array.shape_ = std::move(shape);
  array.strides_ = std::move(strides);
  array.data_ = data;
  return array;
}

int64_t Array::size() const { return element_count(shape_); }

std::size_t Array::nbytes_spanned() const { return detail::spanned_bytes(shape_, strides_, dtype_); }

int64_t Array::offset_of(int64_t flat_index) const {
  int64_t offset = 0;
  for (std::size_t step = 0; step < shape_.size(); ++step) {
    std::size_t axis = shape_.size() - 1 - step;
    int64_t extent = shape_[axis];
    offset += (flat_index % extent) * strides_[axis];
    flat_index /= extent;
  }
  return offset * static_cast<int64_t>(dtype_size(dtype_));
}

Array Array::clone() const {
  Array copy(dtype_, shape_);
  for (int64_t i = 0; i < size(); ++i) {
    std::memcpy(static_cast<std::byte*>(copy.data_) + copy.offset_of(i),
                static_cast<const std::byte*>(data_) + offset_of(i), dtype_size(dtype_));
  }
  return copy;
}

double Array::get_double(int64_t flat_index) const {
  const std::byte* address = static_cast<const std::byte*>(data_) + offset_of(flat_index);
  switch (dtype_) {
    case DType::Float32: return read_as<float>(address);
    case DType::Float64: return read_as<double>(address);
    case DType::Float16: return detail::float16_value(read_as<uint16_t>(address));
    case DType::BFloat16: return detail::bfloat16_value(read_as<uint16_t>(address));
    default: return static_cast<double>(get_int(flat_index));
  }
}

void Array::set_double(int64_t flat_index, double value) {
  std::byte* address = static_cast<std::byte*>(data_) + offset_of(flat_index);
  switch (dtype_) {
    case DType::Float32: write_as<float>(address, static_cast<float>(value)); return;
    case DType::Float64: write_as<double>(address, value); return;
    case DType::Float16: write_as<uint16_t>(address, detail::float16_bits(value)); return;
    case DType::BFloat16: write_as<uint16_t>(address, detail::bfloat16_bits(value)); return;
    default: set_int(flat_index, static_cast<int64_t>(value));
  }
}

int64_t Array::get_int(int64_t flat_index) const {
  const std::byte* address = static_cast<const std::byte*>(data_) + offset_of(flat_index);
  switch (dtype_) {
    case DType::Bool: return read_as<uint8_t>(address) != 0;
    case DType::Int8: return read_as<int8_t>(address);
    case DType::Int16: return read_as<int16_t>(address);
    case DType::Int32: return read_as<int32_t>(address);
    case DType::Int64: return read_as<int64_t>(address);
    case DType::UInt8: return read_as<uint8_t>(address);
    case DType::UInt16: return read_as<uint16_t>(address);
    case DType::UInt32: return read_as<uint32_t>(address);
    case DType::UInt64: return static_cast<int64_t>(read_as<uint64_t>(address));
    default: return static_cast<int64_t>(get_double(flat_index));
  }
}

void Array::set_int(int64_t flat_index, int64_t value) {
  std::byte* address = static_cast<std::byte*>(data_) + offset_of(flat_index);
  switch (dtype_) {
    case DType::Bool: write_as<uint8_t>(address, value != 0); return;
    case DType::Int8: write_as<int8_t>(address, static_cast<int8_t>(value)); return;
    case DType::Int16: write_as<int16_t>(address, static_cast<int16_t>(value)); return;
    case DType::Int32: write_as<int32_t>(address, static_cast<int32_t>(value)); return;
    case DType::Int64: write_as<int64_t>(address, value); return;
    case DType::UInt8: write_as<uint8_t>(address, static_cast<uint8_t>(value)); return;
    case DType::UInt16: write_as<uint16_t>(address, static_cast<uint16_t>(value)); return;
    case DType::UInt32: write_as<uint32_t>(address, static_cast<uint32_t>(value)); return;
    case DType::UInt64: write_as<uint64_t>(address, static_cast<uint64_t>(value)); return;
    default: set_double(flat_index, static_cast<double>(value));
  }
}

}  // namespace loom
