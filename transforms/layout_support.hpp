// What the layout transforms (tag_array_axes, split_array_axis, add_padding,
// pad_local_arrays_for_banks) share: finding an array, argument or temporary, by name, and
// reading and writing its shape and dim_tags.
#pragma once

#include <string>
#include <vector>

#include "loom/kernel.hpp"

namespace loom {

// An array of a kernel being rewritten: exactly one of the two pointers is set.
struct ArrayRef {
  KernelArgument* arg = nullptr;
  Temporary* temporary = nullptr;

  const std::string& name() const { return arg ? arg->name : temporary->name; }
  std::vector<ExprPtr>& shape() const { return arg ? arg->shape : temporary->shape; }
  std::vector<std::string>& dim_tags() const { return arg ? arg->dim_tags : temporary->dim_tags; }
  std::optional<DType> dtype() const { return arg ? arg->dtype : temporary->dtype; }
  // Its strides in elements (array_strides of src/ir/layout.hpp).
  std::vector<ExprPtr> strides() const;
};

// The array argument or temporary `name` of `kernel`; throws "<transform>: no array 'x'"
// (with a suggestion) otherwise, and for value arguments and arrays of automatic shape.
ArrayRef find_array(LoopKernel& kernel, const std::string& name, const std::string& transform);

// "c, vec" → {"c", "vec"}; C, F, VEC and SEP in either case (loopy writes "C,vec").
std::vector<std::string> parse_dim_tags(const std::string& text);

// "a, b" → {"a", "b"}, refusing an empty list.
std::vector<std::string> array_names(const std::string& text, const std::string& transform);

// Every axis as an explicit stride:EXPR tag, from the array's current layout.
std::vector<std::string> stride_tags(const std::vector<ExprPtr>& strides);

}  // namespace loom
