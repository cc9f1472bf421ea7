// The transform registry (DESIGN.md §4): each transform binds its name to a parameter schema
// once, in its own file, with LOOM_REGISTER_TRANSFORM. The JSON spec, the CLI, the tuner and the
// printer all work from the schema.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "loom/transforms.hpp"

namespace loom {

enum class ParameterType {
  String,
  Integer,
  Bool,
  Enum,        // a string from `choices`
  InameList,   // a list of names or a comma string "i_inner, k_inner"
  Match,       // a match expression (string)
  TagMap,      // "i:l.0, j:g.0" or {"i": "l.0"}
  KeywordMap,  // any parameter names as keys (fix_parameters)
  IntegerList, // e.g. slabs [0, 1]
};

struct ParameterSpec {
  std::string name;
  ParameterType type;
  bool required = false;
  bool nullable = false;  // accepts null (Python's None)
  TransformValue default_value = std::monostate{};
  std::vector<std::string> choices = {};  // Enum
};

class TransformArguments;

struct TransformSpec {
  std::string name;
  std::string summary;
  std::vector<ParameterSpec> parameters;  // `unchecked` is added to every transform
  std::function<LoopKernel(const LoopKernel&, const TransformArguments&)> apply;
  // Changes the kernel's meaning on purpose (DESIGN.md §3a): its result is the new reference that
  // `loom run --check` compares against.
  bool changes_meaning = false;
};

// Arguments of one call, validated against the schema; accessors apply defaults.
class TransformArguments {
 public:
  TransformArguments(const TransformSpec& spec, const TransformCall& call);

  std::string string(const std::string& name) const;
  std::optional<std::string> optional_string(const std::string& name) const;
  int64_t integer(const std::string& name) const;
  bool boolean(const std::string& name) const;
  std::vector<std::string> names(const std::string& name) const;  // InameList
  // An optional InameList: nullopt when not given (or null), which differs from an empty list.
  std::optional<std::vector<std::string>> optional_names(const std::string& name) const;
  std::map<std::string, std::string> tag_map(const std::string& name) const;
  std::vector<int64_t> integers(const std::string& name) const;
  const std::map<std::string, TransformValue>& all() const { return values_; }
  bool unchecked() const { return boolean("unchecked"); }

 private:
  const TransformValue& value(const std::string& name) const;
  const TransformSpec& spec_;
  std::map<std::string, TransformValue> values_;
};

class TransformRegistry {
 public:
  void add(TransformSpec spec);
  const TransformSpec* find(const std::string& name) const;
  std::vector<std::string> names() const;

 private:
  std::map<std::string, TransformSpec> specs_;
};

const TransformRegistry& transform_registry();

// "i:l.0, j:g.0" → {i: l.0, j: g.0}; throws loom::Error naming `context` on malformed text.
std::map<std::string, std::string> parse_tag_map(const std::string& text, const std::string& context);
// " (did you mean 'x'?)" for the candidate closest to `wrong` (edit distance below 3), else "".
std::string did_you_mean(const std::string& wrong, const std::vector<std::string>& candidates);
// did_you_mean's hint, else " (its parameters: a, b)" so a guess far from every name still learns them.
std::string parameter_hint(const std::string& wrong, const std::vector<std::string>& parameters);

// "i, j" → {i, j}.
std::vector<std::string> parse_name_list(const std::string& text);

}  // namespace loom

// Defines the registration function of one transform; transforms/builtin_transforms.def lists
// them so the linker keeps every transform's file.
#define LOOM_REGISTER_TRANSFORM(function) void loom_register_##function(::loom::TransformRegistry& registry)
