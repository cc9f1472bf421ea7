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

namespace detail {
struct DeviceAllocation;
}

// An array in the CUDA device's global memory (DESIGN.md §7): dtype, shape, strides (in
// elements) and a device allocation that copies share. Kernels compiled for the CUDA target take
// it without copies, so a launch with only DeviceArrays is asynchronous. Creating one needs a
// CUDA driver and GPU (loom::EnvironmentError otherwise); the memory is freed with the last copy.
class DeviceArray {
 public:
  DeviceArray() = default;
  // Allocates zero-filled device memory, contiguous in C order (Fortran order when asked).
  DeviceArray(DType dtype, std::vector<int64_t> shape, bool fortran_order = false);
  // A device copy of `host` with the same shape and strides.
  static DeviceArray from_host(const Array& host);

  DType dtype() const { return dtype_; }
  const std::vector<int64_t>& shape() const { return shape_; }
  const std::vector<int64_t>& strides() const { return strides_; }
  int64_t size() const;                // number of elements
  std::size_t nbytes_spanned() const;  // bytes from the first to one past the last element
  uint64_t device_pointer() const;     // the CUdeviceptr of element 0 (0 when empty)

  // Copies between this array and a host Array of the same dtype, shape and strides; they wait
  // for the kernels launched before them (the default stream's ordering).
  void copy_from_host(const Array& host);
  void copy_to_host(Array& host) const;
  Array to_host() const;  // a new host Array with this array's shape and strides

 private:
  DType dtype_ = DType::Float32;
  std::vector<int64_t> shape_;
  std::vector<int64_t> strides_;
  std::shared_ptr<detail::DeviceAllocation> storage_;
};

// A scalar argument value; integers and floating-point values are kept apart.
using Scalar = std::variant<int64_t, double>;
using ArgumentValue = std::variant<Array, Scalar, DeviceArray>;
using ArgumentMap = std::map<std::string, ArgumentValue>;
// Values of the kernel's parameters (domain parameters, value arguments).
using ParameterMap = std::map<std::string, int64_t>;

}  // namespace loom
