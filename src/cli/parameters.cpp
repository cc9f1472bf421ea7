#include "cli/parameters.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>

#include "loom/error.hpp"
#include "loom/transforms.hpp"
#include "transforms/registry.hpp"

namespace loom::cli {

namespace {

bool is_identifier(const std::string& name) {
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0]))) return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

// Names a value may be given for: the untransformed kernel's parameters and integer value
// arguments (the transforms may have fixed some of them away).
std::vector<std::string> settable_names(const LoopKernel& reference) {
  std::vector<std::string> names = reference.parameters();
  for (const KernelArgument& arg : reference.args) {
    bool integral_value = arg.kind == ArgKind::Value && (!arg.dtype || is_integral(*arg.dtype));
    if (integral_value && std::find(names.begin(), names.end(), arg.name) == names.end())
      names.push_back(arg.name);
  }
  return names;
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& name : names) out += (out.empty() ? "" : ", ") + name;
  return out.empty() ? "none" : out;
}

void check_fixed_values(const Spec& spec, const ParameterMap& parameters) {
  for (std::size_t index = 0; index < spec.transforms.size(); ++index) {
    const TransformCall& call = spec.transforms[index];
    if (call.name != "fix_parameters") continue;
    for (const auto& [name, value] : call.arguments) {
      const auto* fixed = std::get_if<int64_t>(&value);
      auto given = parameters.find(name);
      if (fixed == nullptr || given == parameters.end() || given->second == *fixed) continue;
      throw Error("parameter " + name + "=" + std::to_string(given->second) + ": transform " +
                  std::to_string(index) + " of the spec (" + to_string(call) + ") fixed " + name +
                  " to " + std::to_string(*fixed) + "; run with -D " + name + "=" +
                  std::to_string(*fixed) + " or change the spec");
    }
  }
}

}  // namespace

ParameterMap parse_defines(const std::vector<std::string>& defines) {
  ParameterMap values;
  for (const std::string& define : defines) {
    std::size_t equals = define.find('=');
    std::string name = define.substr(0, equals);
    if (equals == std::string::npos || !is_identifier(name)) {
      throw Error("-D " + define + ": expected NAME=INTEGER, e.g. -D n=4096");
    }
    std::string text = define.substr(equals + 1);
    int64_t value = 0;
    auto [end, status] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (status == std::errc::result_out_of_range && end == text.data() + text.size()) {
      throw Error("-D " + define + ": the value of '" + name + "' does not fit in a signed 64-bit integer");
    }
    if (text.empty() || status != std::errc() || end != text.data() + text.size()) {
      throw Error("-D " + define + ": the value of '" + name + "' must be an integer, got '" +
                  text + "' (floating-point value arguments take their values in `loom run`)");
    }
    if (!values.emplace(name, value).second)
      throw Error("-D " + define + ": '" + name + "' is given twice");
  }
  return values;
}

RunDefines parse_run_defines(const std::vector<std::string>& defines) {
  RunDefines result;
  for (const std::string& define : defines) {
    std::size_t equals = define.find('=');
    std::string name = define.substr(0, equals);
    if (equals == std::string::npos || !is_identifier(name)) {
      throw Error("-D " + define + ": expected NAME=VALUE, e.g. -D n=4096 or -D alpha=1.5");
    }
    if (result.integers.count(name) != 0 || result.values.count(name) != 0)
      throw Error("-D " + define + ": '" + name + "' is given twice");
    std::string text = define.substr(equals + 1);
    int64_t integer = 0;
    auto [end, status] = std::from_chars(text.data(), text.data() + text.size(), integer);
    if (!text.empty() && status == std::errc() && end == text.data() + text.size()) {
      result.integers[name] = integer;
      continue;
    }
    if (status == std::errc::result_out_of_range && end == text.data() + text.size()) {
      throw Error("-D " + define + ": the integer " + text + " does not fit in a signed 64-bit integer");
    }
    char* parsed_end = nullptr;
    double value = std::strtod(text.c_str(), &parsed_end);
    if (text.empty() || parsed_end != text.c_str() + text.size() || !std::isfinite(value)) {
      throw Error("-D " + define + ": the value of '" + name + "' must be a number, got '" + text + "'");
    }
    result.values[name] = value;
  }
  return result;
}

std::map<std::string, double> take_run_values(const Spec& spec, RunDefines& defines) {
  std::vector<std::string> floating;
  for (const KernelArgument& arg : spec.reference.args) {
    if (arg.kind == ArgKind::Value && arg.dtype && !is_integral(*arg.dtype)) floating.push_back(arg.name);
  }
  std::map<std::string, double> values = spec.test.values;
  for (const auto& [name, value] : defines.values) {
    if (std::find(floating.begin(), floating.end(), name) == floating.end()) {
      throw Error("-D " + name + "=" + std::to_string(value) + ": '" + name + "' is not a floating-point value " +
                  "argument of kernel '" + spec.reference.name + "'" + did_you_mean(name, floating) +
                  "; those: " + joined(floating) + " (integer parameters take integers)");
    }
    values[name] = value;
  }
  for (const std::string& name : floating) {
    auto given = defines.integers.find(name);
    if (given == defines.integers.end()) continue;
    values[name] = static_cast<double>(given->second);
    defines.integers.erase(given);
  }
  return values;
}

ParameterMap run_parameters(const Spec& spec, const ParameterMap& defines) {
  std::vector<std::string> known = settable_names(spec.reference);
  for (const auto& [name, value] : defines) {
    if (std::find(known.begin(), known.end(), name) != known.end()) continue;
    throw Error("-D " + name + "=" + std::to_string(value) + ": '" + name +
                "' is not a parameter of kernel '" + spec.reference.name + "'" +
                did_you_mean(name, known) + "; its parameters: " + joined(known));
  }
  ParameterMap parameters = spec.test.parameters;
  for (const auto& [name, value] : defines) parameters[name] = value;
  check_fixed_values(spec, parameters);
  return parameters;
}

LoopKernel specialize(const LoopKernel& kernel, const ParameterMap& defines) {
  if (defines.empty()) return kernel;
  return fix_parameters(kernel, defines);
}

}  // namespace loom::cli
