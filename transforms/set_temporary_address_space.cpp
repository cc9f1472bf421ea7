// set_temporary_address_space (loopy's transform/data.py; set_temporary_scope is its old name):
// forces the address space of temporaries instead of leaving it to code generation's rule
// (local when written across every l.N iname of the group, ...).
//
//   <> t[i] = 2*a[i]   (auto)   set_temporary_address_space("t", "local")  →  __local float t[..]
//
// The result is checked like any transform: a local temporary written by every work-item along
// an l.N iname its index does not use is a write race, refused with that iname.
// Refuses an unknown temporary (naming the kernel's temporaries) and an unknown address space.
#include "loom/buffer_transforms.hpp"
#include "loom/error.hpp"
#include "transforms/instruction_support.hpp"
#include "transforms/registry.hpp"
#include "transforms/storage_support.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

constexpr const char* kTransform = "set_temporary_address_space";

Temporary& temporary_named(LoopKernel& kernel, const std::string& name) {
  for (Temporary& temporary : kernel.temporaries)
    if (temporary.name == name) return temporary;
  std::vector<std::string> names;
  for (const Temporary& temporary : kernel.temporaries) names.push_back(temporary.name);
  throw Error(
      std::string(kTransform) + ": unknown temporary '" + name + "' (the kernel's temporaries: " +
      (names.empty() ? std::string("none") : joined(names)) + ")" + did_you_mean(name, names));
}

}  // namespace

LoopKernel set_temporary_address_space(const LoopKernel& kernel,
                                       const std::vector<std::string>& temp_var_names,
                                       AddressSpace address_space, bool unchecked) {
  TransformCall call{kTransform,
                     {{"temp_var_names", temp_var_names},
                      {"address_space", std::string(address_space_name(address_space))}}};
  if (unchecked) call.arguments["unchecked"] = true;
  if (temp_var_names.empty()) throw Error(std::string(kTransform) + ": no temporary named");
  LoopKernel result = kernel;
  for (const std::string& name : temp_var_names)
    temporary_named(result, name).address_space = address_space;
  // Storage only: instances and order are unchanged; the write-race check sees the new space.
  return finish_transform(kernel, std::move(result), call, std::nullopt, unchecked,
                          CheckScope::All);
}

LOOM_REGISTER_TRANSFORM(set_temporary_address_space) {
  registry.add({kTransform,
                "force the address space of temporaries",
                {{"temp_var_names", ParameterType::InameList, true},
                 {"address_space",
                  ParameterType::Enum,
                  true,
                  false,
                  std::monostate{},
                  {"private", "local", "global", "auto"}}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  AddressSpace space =
                      *parse_address_space(args.string("address_space"), kTransform);
                  return set_temporary_address_space(kernel, args.names("temp_var_names"), space,
                                                     args.unchecked());
                }});
}

}  // namespace loom
