// Host arrays and the launch-by-name interface (DESIGN.md §7).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "loom/dtype.hpp"

namespace loom {

// A host array: dtype, shape, strides (in elements) and owning or borrowed storage. Copies are
// shallow (they share the storage); use clone() for a deep copy.
class Array {
 public:
  Array() = default;
  // Allocates zero-initialized, contiguous storage in C (row-major) order, or in Fortran
  // (column-major) order when `fortran_order`.
  Array(DType dtype, std::vector<int64_t> shape, bool fortran_order = false);
  // Allocates zero-initialized storage laid out with the given strides (in elements, each
  // non-negative), large enough for every element.
  static Array with_strides(DType dtype, std::vector<int64_t> shape, std::vector<int64_t> strides);
  // Borrows `data`, which must outlive every copy of this Array.
  static Array borrow(DType dtype, std::vector<int64_t> shape, std::vector<int64_t> strides,
                      void* data);

  DType dtype() const { return dtype_; }
  const std::vector<int64_t>& shape() const { return shape_; }
  const std::vector<int64_t>& strides() const { return strides_; }
  int64_t size() const;  // number of elements
  void* data() const { return data_; }
  std::size_t nbytes_spanned() const;  // bytes from the first to one past the last element
  Array clone() const;                 // deep copy, contiguous in C order

  // Element access by flat logical (C-order) index, converting through double/int64.
  double get_double(int64_t flat_index) const;
  void set_double(int64_t flat_index, double value);
  int64_t get_int(int64_t flat_index) const;
  void set_int(int64_t flat_index, int64_t value);
  // Byte offset of the element with this flat logical index.
  int64_t offset_of(int64_t flat_index) const;

 private:
  DType dtype_ = DType::Float32;
  std::vector<int64_t> shape_;
  std::vector<int64_t> strides_;
  std::shared_ptr<std::byte[]> storage_;
  void* data_ = nullptr;
};

// A scalar argument value; integers and floating-point values are kept apart.
using Scalar = std::variant<int64_t, double>;
using ArgumentValue = std::variant<Array, Scalar>;
using ArgumentMap = std::map<std::string, ArgumentValue>;
// Values of the kernel's parameters (domain parameters, value arguments).
using ParameterMap = std::map<std::string, int64_t>;

}  // namespace loom
