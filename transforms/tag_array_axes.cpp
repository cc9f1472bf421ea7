// tag_array_axes (loopy's transform/data.py, old name tag_data_axes): sets the memory layout of
// arrays, one dim tag per axis (src/ir/layout.hpp).
//
//   a: float32 (n, 4)   tag_array_axes("a", "c,vec")   →  a[i, j] lives at 4*i + j, and loads
//                                                          and stores along j become float4s
//   a: float32 (n, m)   tag_array_axes("a", "f,f")     →  a[i, j] lives at i + n*j
//
// Only where elements live changes: every access keeps its logical index, so the kernel computes
// the same and checks compare by logical index with no rewrite to record; host arrays passed to
// the kernel must have the new strides (the launcher says so otherwise).
//
// Refuses: an unknown array or a value argument, a tag count other than the array's rank, tags
// that are malformed or mixed (c with f, N levels repeated or missing, stride:EXPR with others),
// two vec axes, a vec axis whose length is not a constant 2, 4, 8 or 16. Whether the target has
// a vector type of that length is checked when code is generated for it.
#include "ir/layout.hpp"
#include "loom/error.hpp"
#include "transforms/layout_support.hpp"
#include "transforms/instruction_support.hpp"
#include "transforms/registry.hpp"
#include "transforms/finish_keeping_order.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

constexpr const char* kTransform = "tag_array_axes";

void retag(ArrayRef array, const std::vector<std::string>& tags) {
  if (tags.size() != array.shape().size()) {
    throw Error(std::string(kTransform) + ": array '" + array.name() + "' has " +
                std::to_string(array.shape().size()) + " axes but " + std::to_string(tags.size()) +
                " dim tags were given");
  }
  array.dim_tags() = tags;
  try {
    (void)array.strides();
  } catch (const Error& error) {
    throw Error(std::string(kTransform) + ": " + error.what());
  }
}

}  // namespace

LoopKernel tag_array_axes(const LoopKernel& kernel, const std::string& array_names_text,
                          const std::string& dim_tags, bool unchecked) {
  TransformCall call{kTransform, {{"ary_names", array_names_text}, {"dim_tags", dim_tags}}};
  if (unchecked) call.arguments["unchecked"] = true;
  std::vector<std::string> tags = parse_dim_tags(dim_tags);
  LoopKernel result = kernel;
  for (const std::string& name : array_names(array_names_text, kTransform)) {
    retag(find_array(result, name, kTransform), tags);
  }
  // Same instances, same accesses by logical index: only the order check (cheapest) runs.
  if (kernel.verified) {
    return finish_transform_keeping_order(kernel, std::move(result), call, std::nullopt, unchecked, CheckScope::Order,
                                          "a layout: same instances, loops and logical accesses");
  }
  return finish_transform(kernel, std::move(result), call, std::nullopt, unchecked,
                          CheckScope::Order);
}

LOOM_REGISTER_TRANSFORM(tag_array_axes) {
  registry.add(
      {kTransform,
       "set the memory layout of arrays' axes (c, f, N0..N9, stride:EXPR, sep, vec)",
       // Each a list or a comma string, as loopy takes them.
       {{"ary_names", ParameterType::InameList, true}, {"dim_tags", ParameterType::InameList, true}},
       [](const LoopKernel& kernel, const TransformArguments& args) {
         return tag_array_axes(kernel, joined(args.names("ary_names")), joined(args.names("dim_tags")),
                               args.unchecked());
       }});
}

}  // namespace loom
