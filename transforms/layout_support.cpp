#include "transforms/layout_support.hpp"

#include <algorithm>
#include <cctype>

#include "ir/layout.hpp"
#include "loom/error.hpp"
#include "transforms/registry.hpp"

namespace loom {

std::vector<ExprPtr> ArrayRef::strides() const {
  return arg ? array_strides(*arg) : array_strides(*temporary);
}

ArrayRef find_array(LoopKernel& kernel, const std::string& name, const std::string& transform) {
  for (KernelArgument& arg : kernel.args) {
    if (arg.name != name) continue;
    if (!arg.is_array())
      throw Error(transform + ": '" + name + "' is a value argument, not an array");
    if (arg.shape_is_auto) {
      throw Error(transform + ": array '" + name +
                  "' has an automatic shape; give it a shape first");
    }
    return {&arg, nullptr};
  }
  for (Temporary& temporary : kernel.temporaries) {
    if (temporary.name == name) return {nullptr, &temporary};
  }
  std::vector<std::string> candidates;
  for (const KernelArgument& arg : kernel.args) candidates.push_back(arg.name);
  for (const Temporary& temporary : kernel.temporaries) candidates.push_back(temporary.name);
  throw Error(transform + ": no array '" + name + "' among the arguments and temporaries" +
              did_you_mean(name, candidates));
}

std::vector<std::string> parse_dim_tags(const std::string& text) {
  std::vector<std::string> tags;
  for (std::string tag : parse_name_list(text)) {
    std::string lower = tag;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    if (lower == "c" || lower == "f" || lower == "vec" || lower == "sep") tag = lower;
    tags.push_back(tag);
  }
  return tags;
}

std::vector<std::string> array_names(const std::string& text, const std::string& transform) {
  std::vector<std::string> names = parse_name_list(text);
  if (names.empty()) throw Error(transform + ": name at least one array");
  return names;
}

std::vector<std::string> stride_tags(const std::vector<ExprPtr>& strides) {
  std::vector<std::string> tags;
  for (const ExprPtr& stride : strides) tags.push_back("stride:" + to_string(stride));
  return tags;
}

}  // namespace loom
