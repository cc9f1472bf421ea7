// add_dtypes / add_and_infer_dtypes (loopy's transform/data.py, type_inference.py): give arguments
// and temporaries declared without a dtype their dtypes.
//
//   {[i]: 0<=i<n}   out[i] = 2*a[i]      args: a[n], out[n] (no dtypes), n
// add_dtypes({"a": "float32"}) →
//   the same kernel with a: float32; out's dtype is then inferred from what is assigned to it.
//
// loopy kernels are often made without dtypes and given them afterwards (or at call time from the
// arrays passed, which a spec has no equivalent of); this is how such a recipe says them. A key may
// name several variables ("a, b": loopy splits keys at commas). loom infers the dtypes of written
// variables from what is assigned to them when the code is generated, so add_and_infer_dtypes is the
// same transform under loopy's other name.
//
// Refuses, as loopy does: a name that is neither an argument nor a temporary, a variable that already
// has a different dtype, and a dtype loom does not know. The kernel's meaning depends on its dtypes,
// so the result becomes its own reference (the untransformed kernel cannot run without them).
#include <set>

#include "loom/error.hpp"
#include "loom/layout_transforms.hpp"
#include "transforms/instruction_support.hpp"
#include "transforms/registry.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

DType dtype_named(const std::string& transform, const std::string& variable, const std::string& text) {
  std::optional<DType> dtype = parse_dtype(text);
  if (!dtype) {
    throw Error(transform + ": unknown dtype '" + text + "' for '" + variable +
                "' (float16, bfloat16, float32, float64, int8..int64, uint8..uint64, bool)");
  }
  return *dtype;
}

// Sets `slot` (an argument's or temporary's dtype) to `dtype` unless it already has another one.
void give_dtype(std::optional<DType>& slot, DType dtype, const std::string& transform, const std::string& what) {
  if (slot && *slot != dtype) {
    throw Error(transform + ": " + what + " already has dtype " + std::string(dtype_name(*slot)) +
                ", not " + std::string(dtype_name(dtype)) + " (loopy refuses a different dtype too)");
  }
  slot = dtype;
}

}  // namespace

LoopKernel add_dtypes(const LoopKernel& kernel, const std::map<std::string, std::string>& dtype_dict,
                      const std::string& transform_name, bool unchecked) {
  TransformCall call{transform_name, {{"dtype_dict", dtype_dict}}};
  if (unchecked) call.arguments["unchecked"] = true;
  if (dtype_dict.empty()) throw Error(transform_name + ": dtype_dict is empty; give {\"name\": \"dtype\"}");
  LoopKernel result = kernel;
  std::set<std::string> unknown;
  for (const auto& [key, text] : dtype_dict) {
    for (const std::string& name : parse_name_list(key)) {  // "a, b": loopy splits keys at commas
      DType dtype = dtype_named(transform_name, name, text);
      bool found = false;
      for (KernelArgument& arg : result.args) {
        if (arg.name != name) continue;
        give_dtype(arg.dtype, dtype, transform_name, "argument '" + name + "'");
        found = true;
      }
      for (Temporary& temporary : result.temporaries) {
        if (temporary.name != name) continue;
        give_dtype(temporary.dtype, dtype, transform_name, "temporary '" + name + "'");
        found = true;
      }
      if (!found) unknown.insert(name);
    }
  }
  if (!unknown.empty()) {
    throw Error(transform_name + ": " + joined(unknown) +
                " is neither an argument nor a temporary of the kernel (loopy: unused argument dtypes)");
  }
  return finish_meaning_change(kernel, std::move(result), call, unchecked);
}

namespace {

TransformSpec dtype_transform(const std::string& name) {
  return {name,
          "give arguments and temporaries declared without a dtype their dtypes ({\"a, b\": \"float32\"})",
          {{"dtype_dict", ParameterType::TagMap, true}},
          [name](const LoopKernel& kernel, const TransformArguments& args) {
            return add_dtypes(kernel, args.tag_map("dtype_dict"), name, args.unchecked());
          },
          // The untransformed kernel has no dtypes to run with: the typed kernel is the reference.
          /*changes_meaning=*/true};
}

}  // namespace

LOOM_REGISTER_TRANSFORM(add_dtypes) {
  registry.add(dtype_transform("add_dtypes"));
  registry.add(dtype_transform("add_and_infer_dtypes"));
}

}  // namespace loom
