// Writing a spec back (round trip): what the kernel was made from plus its transforms.
#include <nlohmann/json.hpp>

#include "loom/spec.hpp"
#include "spec/spec_support.hpp"

namespace loom {

namespace {

using ordered = nlohmann::ordered_json;

std::string shape_entry(const ExprPtr& extent) { return to_string(extent); }

ordered argument_json(const KernelArgument& arg) {
  if (arg.name == "...") return "...";
  ordered object;
  object["name"] = arg.name;
  if (arg.kind != ArgKind::Array) object["kind"] = arg.kind == ArgKind::Value ? "value" : "constant";
  if (arg.dtype) object["dtype"] = std::string(dtype_name(*arg.dtype));
  if (arg.kind == ArgKind::Value) return object;
  if (arg.shape_is_auto) {
    object["shape"] = "auto";
  } else {
    ordered shape = ordered::array();
    for (const ExprPtr& extent : arg.shape) {
      if (extent->kind == ExprKind::IntLiteral) shape.push_back(extent->int_value);
      else shape.push_back(shape_entry(extent));
    }
    object["shape"] = shape;
  }
  if (arg.order == ArrayOrder::F) object["order"] = "F";
  if (!arg.dim_tags.empty()) {
    std::string tags;
    for (const std::string& tag : arg.dim_tags) tags += (tags.empty() ? "" : ",") + tag;
    object["dim_tags"] = tags;
  }
  if (arg.offset) {
    if (arg.offset->kind == ExprKind::IntLiteral) object["offset"] = arg.offset->int_value;
    else object["offset"] = to_string(arg.offset);
  }
  if (arg.is_input) object["is_input"] = *arg.is_input;
  if (arg.is_output) object["is_output"] = *arg.is_output;
  return object;
}

ordered temporary_json(const Temporary& temporary) {
  ordered object;
  object["name"] = temporary.name;
  if (temporary.dtype) object["dtype"] = std::string(dtype_name(*temporary.dtype));
  if (!temporary.shape.empty()) {
    ordered shape = ordered::array();
    for (const ExprPtr& extent : temporary.shape) {
      if (extent->kind == ExprKind::IntLiteral) shape.push_back(extent->int_value);
      else shape.push_back(shape_entry(extent));
    }
    object["shape"] = shape;
  }
  object["address_space"] = std::string(address_space_name(temporary.address_space));
  if (temporary.read_only) object["read_only"] = true;
  if (!temporary.initializer.empty()) object["initializer"] = temporary.initializer;
  return object;
}

ordered options_json(const KernelOptions& options) {
  ordered object = ordered::object();
  KernelOptions defaults;
  if (options.seq_dependencies != defaults.seq_dependencies) object["seq_dependencies"] = options.seq_dependencies;
  if (options.index_dtype != defaults.index_dtype) object["index_dtype"] = std::string(dtype_name(options.index_dtype));
  if (options.enforce_array_accesses_within_bounds != defaults.enforce_array_accesses_within_bounds) {
    object["enforce_array_accesses_within_bounds"] = options.enforce_array_accesses_within_bounds;
  }
  if (!options.silenced_warnings.empty()) object["silenced_warnings"] = options.silenced_warnings;
  return object;
}

ordered transform_json(const TransformCall& call) {
  ordered object;
  object["op"] = call.name;
  for (const auto& [name, value] : call.arguments) object[name] = ordered(transform_value_to_json(value));
  return object;
}

ordered input_json(const InputGenerator& generator) {
  ordered object;
  switch (generator.kind) {
    case InputGenerator::Kind::Uniform: object["uniform"] = {generator.low, generator.high}; break;
    case InputGenerator::Kind::Values: object["values"] = generator.values; break;
    case InputGenerator::Kind::Arange: object["arange"] = {generator.start, generator.step}; break;
  }
  return object;
}

ordered test_json(const SpecTestDefaults& test) {
  ordered object = ordered::object();
  if (!test.parameters.empty() || !test.values.empty()) {
    ordered parameters = ordered::object();
    for (const auto& [name, value] : test.parameters) parameters[name] = value;
    for (const auto& [name, value] : test.values) parameters[name] = value;
    object["parameters"] = parameters;
  }
  if (test.rtol) object["rtol"] = *test.rtol;
  if (test.atol) object["atol"] = *test.atol;
  if (test.seed) object["seed"] = *test.seed;
  if (!test.inputs.empty()) {
    ordered inputs = ordered::object();
    for (const auto& [name, generator] : test.inputs) inputs[name] = input_json(generator);
    object["inputs"] = inputs;
  }
  return object;
}

}  // namespace

std::string write_spec(const Spec& spec) {
  ordered root;
  root["loom"] = 1;
  root["name"] = spec.name;
  root["domains"] = spec.domains;
  root["instructions"] = spec.instructions;
  ordered args = ordered::array();
  for (const KernelArgument& arg : spec.declared_args) args.push_back(argument_json(arg));
  root["args"] = args;
  if (!spec.declared_temporaries.empty()) {
    ordered temporaries = ordered::array();
    for (const Temporary& temporary : spec.declared_temporaries) temporaries.push_back(temporary_json(temporary));
    root["temporaries"] = temporaries;
  }
  if (!spec.assumptions.empty()) root["assumptions"] = spec.assumptions;
  ordered options = options_json(spec.options);
  if (!options.empty()) root["options"] = options;
  ordered transforms = ordered::array();
  for (const TransformCall& call : spec.transforms) transforms.push_back(transform_json(call));
  root["transforms"] = transforms;
  ordered test = test_json(spec.test);
  if (!test.empty()) root["test"] = test;
  return root.dump(2) + "\n";
}

}  // namespace loom
