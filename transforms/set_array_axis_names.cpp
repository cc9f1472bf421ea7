// set_array_axis_names (loopy's transform/data.py, old name set_array_dim_names): names the
// axes of arrays.
//
//   a, b: float32 (n)   set_array_axis_names("a, b", "i")   →   the same kernel
//
// loopy keeps the names as ArrayBase.dim_names, which only its printing and split_array_dim's
// names for new axes (i → i_outer, i_inner) read; they never change what a kernel computes or the
// code generated for it. loom's arrays have positional axes only (split_array_axis names nothing),
// so the names have no place to go: the transform checks its arguments as loopy does and returns
// the kernel unchanged, recording the call in the kernel's transform history. Ported recipes that
// call it keep working.
//
// Refuses: an unknown array or a value argument, a number of names other than the array's rank,
// a name that is not an identifier, and a name given twice (loopy: "dim_names are not unique").
#include <cctype>
#include <set>

#include "loom/error.hpp"
#include "transforms/instruction_support.hpp"
#include "transforms/layout_support.hpp"
#include "transforms/registry.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

constexpr const char* kTransform = "set_array_axis_names";

bool is_identifier(const std::string& name) {
  if (name.empty() || !(std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_')) return false;
  for (char c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  }
  return true;
}

void check_axis_names(const std::vector<std::string>& names) {
  std::set<std::string> seen;
  for (const std::string& name : names) {
    if (!is_identifier(name)) throw Error(std::string(kTransform) + ": '" + name + "' is not a valid axis name");
    if (!seen.insert(name).second) {
      throw Error(std::string(kTransform) + ": axis name '" + name + "' is given twice (names must be unique)");
    }
  }
}

// Registered only: no C++ caller needs it (include/loom declares the transforms that do something).
LoopKernel set_array_axis_names(const LoopKernel& kernel, const std::string& ary_names, const std::string& dim_names,
                                bool unchecked) {
  TransformCall call{kTransform, {{"ary_names", ary_names}, {"dim_names", dim_names}}};
  if (unchecked) call.arguments["unchecked"] = true;
  std::vector<std::string> names = parse_name_list(dim_names);
  check_axis_names(names);
  LoopKernel result = kernel;
  for (const std::string& array_name : array_names(ary_names, kTransform)) {
    ArrayRef array = find_array(result, array_name, kTransform);
    std::size_t rank = array.shape().size();
    if (names.size() != rank) {
      throw Error(std::string(kTransform) + ": array '" + array_name + "' has " + std::to_string(rank) +
                  " axes, but " + std::to_string(names.size()) + " names were given");
    }
  }
  // Nothing the kernel computes or generates changes: the order-only checks suffice.
  return finish_transform(kernel, std::move(result), call, std::nullopt, unchecked, CheckScope::Order);
}

}  // namespace

LOOM_REGISTER_TRANSFORM(set_array_axis_names) {
  registry.add({kTransform,
                "name the axes of arrays (loopy's metadata; the kernel is unchanged)",
                // Lists or comma strings, as loopy takes them.
                {{"ary_names", ParameterType::InameList, true}, {"dim_names", ParameterType::InameList, true}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  return set_array_axis_names(kernel, joined(args.names("ary_names")), joined(args.names("dim_names")),
                                              args.unchecked());
                }});
}

}  // namespace loom
