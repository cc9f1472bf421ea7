// The `fuse` object of a fused spec (docs/spec.md, "Fusing kernels"): fuse_kernels' options in
// loopy's shape. `data_flow` is a list of [variable, from_kernel, to_kernel] triples (loopy's
// tuples), each kernel given by its index in `kernels` or by its name; `suffixes` one string per
// kernel; `unchecked` skips the ordering check.
#include <algorithm>

#include "spec/spec_support.hpp"

namespace loom {

using json = nlohmann::json;

namespace {

std::size_t kernel_index(const json& value, const std::string& path, const std::vector<std::string>& names) {
  if (value.is_number_integer()) {
    int64_t index = value.get<int64_t>();
    if (index < 0 || index >= static_cast<int64_t>(names.size())) {
      throw SpecError(path, "kernel index " + value.dump() + " is out of range (there are " +
                                std::to_string(names.size()) + " kernels, numbered from 0)");
    }
    return static_cast<std::size_t>(index);
  }
  if (!value.is_string()) throw SpecError(path, "expected a kernel's index or name, got " + type_of(value));
  auto found = std::find(names.begin(), names.end(), value.get<std::string>());
  if (found == names.end()) {
    std::string known;
    for (const std::string& name : names) known += (known.empty() ? "" : ", ") + name;
    throw SpecError(path, "no kernel named " + value.dump() + " (the kernels are " + known + ")");
  }
  if (std::count(names.begin(), names.end(), *found) > 1) {
    throw SpecError(path, "two kernels are named " + value.dump() + "; give the index instead");
  }
  return static_cast<std::size_t>(found - names.begin());
}

DataFlow data_flow_entry(const json& entry, const std::string& path, const std::vector<std::string>& names) {
  if (!entry.is_array() || entry.size() != 3) {
    throw SpecError(path, "expected [variable, from_kernel, to_kernel] (loopy's data_flow tuple), got " + entry.dump());
  }
  DataFlow flow;
  flow.variable = as_string(entry[0], path + "/0");
  flow.from_kernel = kernel_index(entry[1], path + "/1", names);
  flow.to_kernel = kernel_index(entry[2], path + "/2", names);
  return flow;
}

}  // namespace

FuseOptions fuse_options(const json& fuse, const std::string& path, const std::vector<std::string>& kernel_names) {
  expect_object(fuse, path);
  check_keys(fuse, path, {"data_flow", "suffixes", "unchecked"});
  FuseOptions options;
  if (fuse.contains("data_flow")) {
    const json& list = fuse["data_flow"];
    if (!list.is_array()) throw SpecError(path + "/data_flow", "expected a list, got " + type_of(list));
    for (std::size_t i = 0; i < list.size(); ++i) {
      options.data_flow.push_back(data_flow_entry(list[i], path + "/data_flow/" + std::to_string(i), kernel_names));
    }
  }
  if (fuse.contains("suffixes")) {
    const json& list = fuse["suffixes"];
    if (!list.is_array() || list.size() != kernel_names.size()) {
      throw SpecError(path + "/suffixes", "expected a list of " + std::to_string(kernel_names.size()) +
                                              " strings, one per kernel");
    }
    for (std::size_t i = 0; i < list.size(); ++i) {
      options.suffixes.push_back(as_string(list[i], path + "/suffixes/" + std::to_string(i)));
    }
  }
  if (fuse.contains("unchecked")) options.unchecked = as_bool(fuse["unchecked"], path + "/unchecked");
  return options;
}

}  // namespace loom
