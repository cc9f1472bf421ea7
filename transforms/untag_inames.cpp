// untag_inames (loopy's transform/iname.py): removes inames' implementation tags.
//
//   {[i]: 0<=i<n}  with i:l.0      untag_inames(["i"]) →  i is an ordinary sequential loop
//
// loopy's untag_inames(kernel, iname, tag_type) removes the tags of one class; loom has one
// implementation tag per iname, so this removes it. An iname without a tag stays as it is.
// Making a loop sequential cannot break a dependence or create a race, but the result still
// goes through the checks like every transform.
//
// Refuses: an unknown iname.
#include "loom/error.hpp"
#include "transforms/registry.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

LoopKernel untag_inames(const LoopKernel& kernel, const std::vector<std::string>& inames,
                        bool unchecked) {
  TransformCall call{"untag_inames", {{"inames", inames}}};
  if (unchecked) call.arguments["unchecked"] = true;
  if (inames.empty()) throw Error("untag_inames: give at least one iname to untag");
  for (const std::string& iname : inames) require_iname(kernel, iname, "untag_inames");
  LoopKernel result = kernel;
  for (const std::string& iname : inames) result.iname_tags.erase(iname);
  return finish_transform(kernel, std::move(result), call, std::nullopt, unchecked);
}

LOOM_REGISTER_TRANSFORM(untag_inames) {
  registry.add({"untag_inames",
                "remove the implementation tags of inames (they become sequential loops)",
                {{"inames", ParameterType::InameList, true}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  return untag_inames(kernel, args.names("inames"), args.unchecked());
                }});
}

}  // namespace loom
