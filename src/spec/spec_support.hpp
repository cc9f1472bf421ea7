// Small JSON helpers shared by the spec reader and writer: typed access that reports the JSON
// path of a wrong value.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "loom/fuse_kernels.hpp"
#include "loom/kernel.hpp"
#include "loom/spec.hpp"
#include "loom/transforms.hpp"

namespace loom {

std::string type_of(const nlohmann::json& value);
void expect_object(const nlohmann::json& value, const std::string& path);
// Refuses keys outside `allowed`, suggesting the closest one.
void check_keys(const nlohmann::json& object, const std::string& path, const std::vector<std::string>& allowed);
std::string as_string(const nlohmann::json& value, const std::string& path);
bool as_bool(const nlohmann::json& value, const std::string& path);
double as_number(const nlohmann::json& value, const std::string& path);
DType dtype(const nlohmann::json& value, const std::string& path);
AddressSpace address_space(const nlohmann::json& value, const std::string& path);
// JSON → a transform argument: null, bool, integer, string, list of strings or of integers,
// object of strings (tag maps).
TransformValue transform_value(const nlohmann::json& value, const std::string& path);
nlohmann::json transform_value_to_json(const TransformValue& value);
// A spec without transforms that makes `kernel` again (its domains as isl prints them, its
// instructions as text with ids and dependencies, its arguments, temporaries and options): what
// what a fused spec writes back.
Spec spec_of_kernel(const LoopKernel& kernel);
// A fused spec's `fuse` object (src/spec/spec_fusion.cpp): fuse_kernels' data_flow, suffixes and
// unchecked, with kernels named by index or by name.
FuseOptions fuse_options(const nlohmann::json& fuse, const std::string& path,
                         const std::vector<std::string>& kernel_names);
// For a spec cache hit (spec/spec_cache.hpp): the spec's name, transforms (validated, not applied)
// and test section, with `reference` (the entry's launch-only kernel) as its reference kernel;
// nothing is made with isl. `json_text` is a spec that was read whole before (its key matched).
Spec read_spec_around(const std::string& json_text, LoopKernel reference);
// "line L, column C: reason" for a JSON parse error at byte offset `byte`.
std::string describe_parse_error(const std::string& text, std::size_t byte, const std::string& what);

}  // namespace loom
