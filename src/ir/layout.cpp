#include "ir/layout.hpp"

#include <algorithm>

#include "lang/instruction_parser.hpp"
#include "loom/error.hpp"

namespace loom {

namespace {

ExprPtr product(const std::vector<ExprPtr>& factors) {
  ExprPtr result;
  for (const ExprPtr& factor : factors) result = result ? binary(BinaryOp::Multiply, result, factor) : factor;
  return result ? result : int_literal(1);
}

[[noreturn]] void refuse(const KernelArgument& arg, const std::string& reason) {
  throw Error("argument '" + arg.name + "': dim_tags " + reason);
}

// Nesting level of each axis (0: fastest), from c/f/N tags.
std::vector<int> levels(const KernelArgument& arg) {
  std::size_t rank = arg.shape.size();
  std::vector<int> level(rank, -1);
  bool any_c = false, any_f = false, any_n = false;
  for (std::size_t axis = 0; axis < rank; ++axis) {
    const std::string& tag = arg.dim_tags[axis];
    if (tag == "c") any_c = true;
    else if (tag == "f") any_f = true;
    else if (tag.size() == 2 && tag[0] == 'N' && tag[1] >= '0' && tag[1] <= '9') {
      any_n = true;
      level[axis] = tag[1] - '0';
    } else {
      refuse(arg, "entry '" + tag + "' is not c, f, N0..N9 or stride:EXPR");
    }
  }
  if (static_cast<int>(any_c) + static_cast<int>(any_f) + static_cast<int>(any_n) > 1) {
    refuse(arg, "mix c, f and N levels; spell every axis with N0..N9 instead");
  }
  for (std::size_t axis = 0; axis < rank; ++axis) {
    if (any_c) level[axis] = static_cast<int>(rank - 1 - axis);
    if (any_f) level[axis] = static_cast<int>(axis);
  }
  std::vector<int> sorted = level;
  std::sort(sorted.begin(), sorted.end());
  for (std::size_t i = 0; i < rank; ++i) {
    if (sorted[i] != static_cast<int>(i)) refuse(arg, "levels must be N0..N" + std::to_string(rank - 1) + ", each once");
  }
  return level;
}

bool is_stride_tag(const std::string& tag) { return tag.rfind("stride:", 0) == 0; }

}  // namespace

void validate_dim_tags(const KernelArgument& arg) { (void)array_strides(arg); }

std::vector<ExprPtr> array_strides(const KernelArgument& arg) {
  std::size_t rank = arg.shape.size();
  std::vector<std::string> tags = arg.dim_tags;
  if (tags.empty()) tags.assign(rank, arg.order == ArrayOrder::F ? "f" : "c");
  if (tags.size() != rank) {
    refuse(arg, "has " + std::to_string(tags.size()) + " entries but the array has " + std::to_string(rank) + " axes");
  }
  KernelArgument tagged = arg;
  tagged.dim_tags = tags;
  bool strided = std::any_of(tags.begin(), tags.end(), is_stride_tag);
  std::vector<ExprPtr> strides(rank);
  if (strided) {
    for (std::size_t axis = 0; axis < rank; ++axis) {
      if (!is_stride_tag(tags[axis])) refuse(arg, "mix stride:EXPR with other tags; give every axis a stride");
      try {
        strides[axis] = lang::parse_expression(tags[axis].substr(7));
      } catch (const ParseError& error) {
        refuse(arg, "entry '" + tags[axis] + "': " + error.reason());
      }
    }
    return strides;
  }
  std::vector<int> level = levels(tagged);
  for (std::size_t axis = 0; axis < rank; ++axis) {
    std::vector<ExprPtr> faster;
    for (std::size_t other = 0; other < rank; ++other) {
      if (level[other] < level[axis]) faster.push_back(arg.shape[other]);
    }
    strides[axis] = product(faster);
  }
  return strides;
}

}  // namespace loom
