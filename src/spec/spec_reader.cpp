// Reading JSON kernel specs (SPEC.md): every key and value validated, errors named by JSON path,
// transforms checked against the registry's schemas before they run.
#include <algorithm>
#include <cctype>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "analysis/checks.hpp"
#include "ir/layout.hpp"
#include "ir/stage_timer.hpp"
#include "lang/expression_lexer.hpp"
#include "loom/error.hpp"
#include "loom/spec.hpp"
#include "loom/fuse_kernels.hpp"
#include "spec/spec_support.hpp"
#include "transforms/registry.hpp"

namespace loom {

namespace {

using json = nlohmann::json;

class SpecReader {
 public:
  SpecReader(const json& root, bool apply) : root_(root), apply_transforms_(apply) {}

  Spec read() {
    expect_object(root_, "");
    if (root_.contains("loom_tune")) {
      throw SpecError("/loom_tune", "this is a tuning space, not a kernel spec: run it with `loom tune FILE` "
                                    "(its kernel spec is the value of \"spec\")");
    }
    if (root_.contains("kernels")) return read_fused();
    refuse_misplaced_keys();
    check_keys(root_, "", {"loom", "name", "domains", "instructions", "args", "temporaries", "assumptions",
                           "options", "transforms", "test"});
    check_version();
    Spec spec;
    read_kernel(spec);
    return finish(std::move(spec));
  }

 private:
  // The kernel itself: name, domains, instructions, args, temporaries, assumptions, options.
  void read_kernel(Spec& spec) {
    spec.name = required_string("/name", "name");
    if (!lang::is_identifier(spec.name)) {
      throw SpecError("/name", "'" + spec.name + "' is not a C identifier");
    }
    spec.domains = string_or_list("/domains", "domains", true);
    // A kernel without instructions is loopy's too (test_empty_array_output): it does nothing.
    spec.instructions = string_or_list("/instructions", "instructions", true, /*may_be_empty=*/true);
    spec.assumptions = optional_string("/assumptions", "assumptions");
    MakeKernelOptions options{spec.name, spec.assumptions, kernel_options(), temporaries()};
    spec.declared_args = arguments();
    spec.reference = make_reference(spec, options);
    spec.declared_temporaries = options.temporaries;
    spec.options = options.options;
  }

 public:
  // A spec cache hit: the name, transforms and test section around a reference kernel that the
  // cache supplies (launch-only, runtime/launch_only_kernel.hpp): no kernel is made, no isl runs.
  // The cache key holds everything but the test section, so only that can have changed.
  Spec read_around(LoopKernel reference) {
    expect_object(root_, "");
    Spec spec;
    spec.name = required_string("/name", "name");
    spec.reference = std::move(reference);
    return finish(std::move(spec));
  }

 private:
  // The transforms and test defaults of a spec whose reference kernel is read.
  Spec finish(Spec spec) {
    spec.transforms = transforms();
    spec.test = test_defaults(spec.reference);
    // Validated but not applied: the caller has the transformed kernel already (spec cache).
    if (!apply_transforms_) return spec;
    // A transform that changes the meaning on purpose makes its result the reference to check
    // against (DESIGN.md §3a): the reference is the kernel after the last such transform, with
    // the transforms before it (a sequential version of it is what they produced). That kernel is
    // kept as the transforms run, not made again by running them a second time (issue 26, small21:
    // the transforms are deterministic, and a rerun doubled their time).
    std::optional<std::size_t> last_changing;
    for (std::size_t i = spec.transforms.size(); i-- > 0;) {
      if (transform_changes_meaning(spec.transforms[i].name)) {
        last_changing = i;
        break;
      }
    }
    std::optional<LoopKernel> after_last_changing;
    spec.kernel = apply_transforms(spec.reference, spec.transforms, last_changing, &after_last_changing);
    if (after_last_changing) spec.reference = sequential(std::move(*after_last_changing));
    return spec;
  }

  // The reference's meaning is its sequential one (DESIGN.md §3a), and it runs on the C target:
  // hardware tags that the prefix gave it are dropped, so a kernel sharing local memory between
  // work-items (remove_inames_from_insn after a split onto l.0, loopy's
  // test_remove_inames_from_insn) runs as plain loops instead of being refused there.
  static LoopKernel sequential(LoopKernel kernel) {
    std::erase_if(kernel.iname_tags, [](const auto& entry) {
      return entry.second.kind == InameTag::Kind::Local || entry.second.kind == InameTag::Kind::Group;
    });
    return kernel;
  }

  // A fused spec (issue 31): `kernels` lists kernel parts (each a spec without transforms and
  // test), `fuse` holds fuse_kernels' options; the fused kernel is the reference that the
  // transforms apply to. The Spec keeps the fused kernel's text, so writing it back gives the
  // single-kernel spec of the fused kernel.
  Spec read_fused() {
    check_keys(root_, "", {"loom", "name", "kernels", "fuse", "transforms", "test"});
    check_version();
    Spec spec;
    spec.name = required_string("/name", "name");
    if (!lang::is_identifier(spec.name)) {
      throw SpecError("/name", "'" + spec.name + "' is not a C identifier");
    }
    const json& list = root_["kernels"];
    if (!list.is_array()) throw SpecError("/kernels", "expected a list of kernels, got " + type_of(list));
    if (list.size() < 2) throw SpecError("/kernels", "fusing needs at least two kernels");
    std::vector<LoopKernel> kernels;
    std::vector<std::string> names;
    for (std::size_t i = 0; i < list.size(); ++i) {
      kernels.push_back(kernel_part(list[i], "/kernels/" + std::to_string(i)));
      names.push_back(kernels.back().name);
    }
    FuseOptions options = fuse_options(root_.contains("fuse") ? root_["fuse"] : json::object(), "/fuse", names);
    options.name = spec.name;
    try {
      spec.reference = fuse_kernels(kernels, options);
    } catch (const Error& error) {
      throw SpecError("/fuse", error.what());
    }
    describe_as_single_kernel(spec);
    return finish(std::move(spec));
  }

  static LoopKernel kernel_part(const json& object, const std::string& path) {
    expect_object(object, path);
    check_keys(object, path, {"loom", "name", "domains", "instructions", "args", "temporaries", "assumptions", "options"});
    if (object.contains("loom") && !(object["loom"].is_number_integer() && object["loom"].get<int64_t>() == 1)) {
      throw SpecError(path + "/loom", "unsupported format version " + object["loom"].dump() + " (this loom reads version 1)");
    }
    try {
      SpecReader part(object, false);
      Spec spec;
      part.read_kernel(spec);
      return spec.reference;
    } catch (const SpecError& error) {
      // The part's own path ("/domains/0") under the kernel's ("/kernels/1/domains/0").
      std::string what = error.what();
      std::string own = error.path().empty() ? "spec" : error.path();
      throw SpecError(path + error.path(), what.substr(std::min(what.size(), own.size() + 2)));
    }
  }

  // The fused kernel's text in the Spec's fields, for write_spec (as the spec cache writes a kernel).
  static void describe_as_single_kernel(Spec& spec) {
    Spec text = spec_of_kernel(spec.reference);
    spec.domains = std::move(text.domains);
    spec.instructions = std::move(text.instructions);
    spec.assumptions = std::move(text.assumptions);
    spec.declared_args = std::move(text.declared_args);
    spec.declared_temporaries = std::move(text.declared_temporaries);
    spec.options = std::move(text.options);
  }

  void check_version() {
    if (!root_.contains("loom")) throw SpecError("/loom", "missing: a spec starts with \"loom\": 1");
    const json& version = root_["loom"];
    if (!version.is_number_integer() || version.get<int64_t>() != 1) {
      throw SpecError("/loom", "unsupported format version " + version.dump() + " (this loom reads version 1)");
    }
  }

  std::string required_string(const std::string& path, const char* key) {
    if (!root_.contains(key)) throw SpecError(path, "missing (required)");
    return as_string(root_[key], path);
  }

  std::string optional_string(const std::string& path, const char* key) {
    if (!root_.contains(key) || root_[key].is_null()) return "";
    return as_string(root_[key], path);
  }

  // `required`: the key must be there, and (unless `may_be_empty`) list something.
  std::vector<std::string> string_or_list(const std::string& path, const char* key, bool required,
                                          bool may_be_empty = false) {
    if (!root_.contains(key)) {
      if (required) throw SpecError(path, "missing (required)");
      return {};
    }
    const json& value = root_[key];
    if (value.is_string()) return {value.get<std::string>()};
    if (!value.is_array()) throw SpecError(path, "expected a string or a list of strings, got " + type_of(value));
    std::vector<std::string> items;
    for (std::size_t i = 0; i < value.size(); ++i) items.push_back(as_string(value[i], path + "/" + std::to_string(i)));
    if (items.empty() && required && !may_be_empty) throw SpecError(path, "must not be empty");
    return items;
  }

  KernelOptions kernel_options() {
    KernelOptions options;
    if (!root_.contains("options")) return options;
    const json& object = root_["options"];
    expect_object(object, "/options");
    check_keys(object, "/options", {"seq_dependencies", "index_dtype", "enforce_array_accesses_within_bounds",
                                    "silenced_warnings"});
    if (object.contains("seq_dependencies")) options.seq_dependencies = as_bool(object["seq_dependencies"], "/options/seq_dependencies");
    if (object.contains("enforce_array_accesses_within_bounds")) {
      options.enforce_array_accesses_within_bounds =
          as_bool(object["enforce_array_accesses_within_bounds"], "/options/enforce_array_accesses_within_bounds");
    }
    if (object.contains("index_dtype")) {
      std::string name = as_string(object["index_dtype"], "/options/index_dtype");
      if (name == "int32") options.index_dtype = DType::Int32;
      else if (name == "int64") options.index_dtype = DType::Int64;
      else throw SpecError("/options/index_dtype", "expected \"int32\" or \"int64\", got \"" + name + "\"");
    }
    if (object.contains("silenced_warnings")) {
      const json& list = object["silenced_warnings"];
      if (!list.is_array()) throw SpecError("/options/silenced_warnings", "expected a list of strings");
      for (std::size_t i = 0; i < list.size(); ++i) {
        options.silenced_warnings.push_back(as_string(list[i], "/options/silenced_warnings/" + std::to_string(i)));
      }
    }
    return options;
  }

  std::vector<KernelArgument> arguments() {
    std::vector<KernelArgument> args;
    if (!root_.contains("args")) return args;
    const json& list = root_["args"];
    if (!list.is_array()) throw SpecError("/args", "expected a list, got " + type_of(list));
    for (std::size_t i = 0; i < list.size(); ++i) {
      std::string path = "/args/" + std::to_string(i);
      if (list[i].is_string() && list[i].get<std::string>() == "...") {
        args.push_back(infer_remaining_args());
        continue;
      }
      args.push_back(argument(list[i], path));
    }
    return args;
  }

  // Whether every name of `names` ("n" or "n, m") is a word of some domain string.
  bool all_in_domains(const std::string& names) const {
    std::vector<std::string> texts;
    if (root_.contains("domains")) {
      const json& domains = root_["domains"];
      if (domains.is_string()) texts.push_back(domains.get<std::string>());
      if (domains.is_array()) {
        for (const json& domain : domains)
          if (domain.is_string()) texts.push_back(domain.get<std::string>());
      }
    }
    auto is_word_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    auto in_text = [&](const std::string& name, const std::string& text) {
      for (std::size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + 1)) {
        bool starts = at == 0 || !is_word_char(text[at - 1]);
        bool ends = at + name.size() == text.size() || !is_word_char(text[at + name.size()]);
        if (starts && ends) return true;
      }
      return false;
    };
    std::vector<std::string> list = parse_name_list(names);
    return !list.empty() && std::all_of(list.begin(), list.end(), [&](const std::string& name) {
      return std::any_of(texts.begin(), texts.end(), [&](const std::string& text) { return in_text(name, text); });
    });
  }

  KernelArgument argument(const json& object, const std::string& path) {
    expect_object(object, path);
    check_keys(object, path, {"name", "kind", "dtype", "shape", "order", "dim_tags", "offset", "is_input", "is_output"});
    if (!object.contains("name")) throw SpecError(path + "/name", "missing (required)");
    KernelArgument arg;
    arg.name = as_string(object["name"], path + "/name");
    // Without a kind or a shape, a name the domains use is a value (a parameter, as loopy's
    // ValueArg), any other an array whose shape is read off its accesses (loopy's GlobalArg with
    // no shape).
    bool inferred = !object.contains("kind") && !object.contains("shape");
    std::string kind = object.contains("kind") ? as_string(object["kind"], path + "/kind")
                       : inferred && all_in_domains(arg.name) ? "value"
                                                              : "global";
    // loopy's class names are what its users know the kinds by.
    if (kind == "global" || kind == "GlobalArg" || kind == "ArrayArg") arg.kind = ArgKind::Array;
    else if (kind == "constant" || kind == "ConstantArg") arg.kind = ArgKind::Constant;
    else if (kind == "value" || kind == "ValueArg") arg.kind = ArgKind::Value;
    else throw SpecError(path + "/kind", "expected \"global\", \"value\" or \"constant\", got \"" + kind + "\"");
    if (object.contains("dtype")) arg.dtype = dtype(object["dtype"], path + "/dtype");
    if (arg.kind == ArgKind::Value) {
      if (object.contains("shape")) throw SpecError(path + "/shape", "a value argument has no shape");
      if (!arg.dtype) arg.dtype = DType::Int32;
      return arg;
    }
    if (inferred) {
      shape(json("auto"), path + "/shape", arg);
    } else {
      if (!object.contains("shape")) throw SpecError(path + "/shape", "missing: give a list of extents or \"auto\" (or \"kind\": \"value\" for a scalar argument)");
      shape(object["shape"], path + "/shape", arg);
    }
    if (object.contains("order")) {
      std::string order = as_string(object["order"], path + "/order");
      if (order == "C") arg.order = ArrayOrder::C;
      else if (order == "F") arg.order = ArrayOrder::F;
      else throw SpecError(path + "/order", "expected \"C\" or \"F\", got \"" + order + "\"");
    }
    if (object.contains("dim_tags")) arg.dim_tags = dim_tags(object["dim_tags"], path + "/dim_tags");
    if (object.contains("offset")) arg.offset = offset(object["offset"], path + "/offset");
    try {
      validate_dim_tags(arg);
    } catch (const Error& error) {
      throw SpecError(path + "/dim_tags", error.what());
    }
    if (object.contains("is_input")) arg.is_input = as_bool(object["is_input"], path + "/is_input");
    if (object.contains("is_output")) arg.is_output = as_bool(object["is_output"], path + "/is_output");
    return arg;
  }

  // loopy's comma string ("N1,N0") or a list, spelled in either case as loopy allows ("sep,C");
  // the tags themselves (sep and vec included) are checked with the shape by validate_dim_tags.
  static std::vector<std::string> dim_tags(const json& value, const std::string& path) {
    std::vector<std::string> tags;
    if (value.is_string()) {
      tags = parse_name_list(value.get<std::string>());
    } else if (value.is_array()) {
      for (std::size_t i = 0; i < value.size(); ++i) tags.push_back(as_string(value[i], path + "/" + std::to_string(i)));
    } else {
      throw SpecError(path, "expected a comma string like \"N1,N0\" or a list, got " + type_of(value));
    }
    for (std::string& tag : tags) {
      std::string lower = tag;
      std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
      if (lower == "c" || lower == "f" || lower == "vec" || lower == "sep") tag = lower;
    }
    return tags;
  }

  static ExprPtr offset(const json& value, const std::string& path) {
    if (value.is_number_integer()) return int_literal(value.get<int64_t>());
    if (!value.is_string()) throw SpecError(path, "expected an integer or an expression string, got " + type_of(value));
    if (value.get<std::string>() == "auto") {
      // loopy's offset=auto passes the offset with each array at call time; loom's arrays have none.
      throw SpecError(path, "offset \"auto\" (an offset passed with the array, as loopy's lp.auto) is not "
                            "supported; give an integer or an expression in the parameters, e.g. a value "
                            "argument \"a_offset\"");
    }
    try {
      return array_arg("x", DType::Float32, {value.get<std::string>()}).shape.front();
    } catch (const Error& error) {
      throw SpecError(path, error.what());
    }
  }

  // Splits "(n, max(m, 1))" at its top-level commas into ["n", "max(m, 1)"]; one trailing comma
  // (Python's one-element tuple) is allowed, an empty extent is not.
  static json shape_string_extents(std::string text, const std::string& path) {
    auto trim = [](std::string t) {
      auto first = t.find_first_not_of(" \t");
      auto last = t.find_last_not_of(" \t");
      return first == std::string::npos ? std::string() : t.substr(first, last - first + 1);
    };
    text = trim(text);
    if (text.size() >= 2 && text.front() == '(' && text.back() == ')') text = trim(text.substr(1, text.size() - 2));
    json extents = json::array();
    int depth = 0;
    std::string current;
    for (char c : text) {
      if (c == '(' || c == '[') ++depth;
      if (c == ')' || c == ']') --depth;
      if (c == ',' && depth == 0) {
        extents.push_back(trim(current));
        current.clear();
        continue;
      }
      current += c;
    }
    if (!trim(current).empty() || extents.empty()) extents.push_back(trim(current));
    for (const json& extent : extents) {
      if (extent.get<std::string>().empty())
        throw SpecError(path, "shape string \"" + text + "\" has an empty extent; write it as \"n, m\" or a list [\"n\", \"m\"]");
    }
    return extents;
  }

  void shape(const json& value, const std::string& path, KernelArgument& arg) {
    // null is Python's None: loopy's GlobalArg(shape=None) leaves the shape to be found, as auto.
    if (value.is_null() || (value.is_string() && value.get<std::string>() == "auto")) {
      arg.shape_is_auto = true;
      return;
    }
    if (value.is_string()) {
      // loopy takes a shape as a string too ("n", "n, m", "(n, m)", "(n,)"): read it as that list.
      json extents = shape_string_extents(value.get<std::string>(), path);
      shape(extents, path, arg);
      return;
    }
    if (value.is_number_integer()) {
      // loopy (numpy) takes shape=10 for shape=(10,).
      shape(json::array({value}), path, arg);
      return;
    }
    if (!value.is_array()) throw SpecError(path, "expected a list of extents or \"auto\", got " + type_of(value));
    for (std::size_t i = 0; i < value.size(); ++i) {
      std::string extent_path = path + "/" + std::to_string(i);
      const json& extent = value[i];
      std::string text;
      if (extent.is_number_integer()) text = std::to_string(extent.get<int64_t>());
      else if (extent.is_string()) text = extent.get<std::string>();
      else throw SpecError(extent_path, "expected an integer or an expression string, got " + type_of(extent));
      if (text == "auto") throw SpecError(extent_path, "\"auto\" stands for the whole shape (shape: \"auto\"), not one extent");
      try {
        arg.shape.push_back(array_arg("x", DType::Float32, {text}).shape.front());
      } catch (const Error& error) {
        throw SpecError(extent_path, error.what());
      }
    }
  }

  std::vector<Temporary> temporaries() {
    std::vector<Temporary> result;
    if (!root_.contains("temporaries")) return result;
    const json& list = root_["temporaries"];
    if (!list.is_array()) throw SpecError("/temporaries", "expected a list, got " + type_of(list));
    for (std::size_t i = 0; i < list.size(); ++i) {
      std::string path = "/temporaries/" + std::to_string(i);
      const json& object = list[i];
      expect_object(object, path);
      check_keys(object, path, {"name", "dtype", "shape", "address_space", "read_only", "initializer"});
      Temporary temporary;
      if (!object.contains("name")) throw SpecError(path + "/name", "missing (required)");
      temporary.name = as_string(object["name"], path + "/name");
      if (object.contains("dtype")) temporary.dtype = dtype(object["dtype"], path + "/dtype");
      if (object.contains("shape")) {
        KernelArgument holder;
        shape(object["shape"], path + "/shape", holder);
        temporary.shape = holder.shape;
      }
      if (object.contains("address_space")) temporary.address_space = address_space(object["address_space"], path + "/address_space");
      if (object.contains("read_only")) temporary.read_only = as_bool(object["read_only"], path + "/read_only");
      if (object.contains("initializer")) {
        const json& values = object["initializer"];
        if (!values.is_array()) throw SpecError(path + "/initializer", "expected a flat list of numbers");
        for (std::size_t k = 0; k < values.size(); ++k) {
          if (!values[k].is_number()) throw SpecError(path + "/initializer/" + std::to_string(k), "expected a number");
          temporary.initializer.push_back(values[k].get<double>());
        }
      }
      result.push_back(temporary);
    }
    return result;
  }

  LoopKernel make_reference(const Spec& spec, const MakeKernelOptions& options) {
    std::string text;
    for (const std::string& line : spec.instructions) text += line + "\n";
    try {
      return make_kernel(spec.domains, text, spec.declared_args, options);
    } catch (const ParseError& error) {
      throw SpecError(where_parse_error_is(spec, error), error.what());
    } catch (const Error& error) {
      throw SpecError("/instructions", error.what());
    }
  }

  // A ParseError's source tells whether it came from a domain, the assumptions or an instruction.
  static std::string where_parse_error_is(const Spec& spec, const ParseError& error) {
    for (std::size_t i = 0; i < spec.domains.size(); ++i) {
      if (spec.domains[i] == error.source()) return "/domains/" + std::to_string(i);
    }
    if (!spec.assumptions.empty() && error.source().find(spec.assumptions) != std::string::npos) return "/assumptions";
    return "/instructions";
  }

  std::vector<TransformCall> transforms() {
    std::vector<TransformCall> calls;
    if (!root_.contains("transforms")) return calls;
    const json& list = root_["transforms"];
    if (!list.is_array()) throw SpecError("/transforms", "expected a list, got " + type_of(list));
    for (std::size_t i = 0; i < list.size(); ++i) calls.push_back(transform(list[i], "/transforms/" + std::to_string(i)));
    return calls;
  }

  // Keys a loopy user carries over from make_kernel's keywords or puts one level too high: the
  // message says where they go (a plain "unknown key" left them guessing).
  void refuse_misplaced_keys() const {
    static const std::pair<const char*, const char*> misplaced[] = {
        {"seq_dependencies", "it is an option: \"options\": {\"seq_dependencies\": true}"},
        {"index_dtype", "it is an option: \"options\": {\"index_dtype\": \"int64\"}"},
        {"silenced_warnings", "it is an option: \"options\": {\"silenced_warnings\": [...]}"},
        {"enforce_array_accesses_within_bounds", "it is an option: \"options\": {...}"},
        {"parameters", "parameter values for `loom run` go in \"test\": {\"parameters\": {...}}, or -D n=..."},
        {"kernel_data", "loopy's kernel_data is \"args\" here"},
        {"lang_version", "loom reads loopy's current language; remove it"},
        {"target", "the target is chosen on the command line (--target c|opencl|cuda); remove it"},
    };
    for (const auto& [key, where] : misplaced) {
      if (root_.contains(key)) throw SpecError(std::string("/") + key, std::string("unknown key '") + key + "': " + where);
    }
  }

  TransformCall transform(const json& object, const std::string& path) {
    expect_object(object, path);
    if (!object.contains("op")) throw SpecError(path + "/op", "missing: name the transform, e.g. \"op\": \"split_iname\"");
    TransformCall call;
    call.name = as_string(object["op"], path + "/op");
    const TransformSpec* schema = transform_registry().find(call.name);
    if (schema == nullptr) {
      throw SpecError(path + "/op", "unknown transform '" + call.name + "'" + did_you_mean(call.name, transform_registry().names()));
    }
    for (const auto& [key, value] : object.items()) {
      if (key == "op") continue;
      call.arguments[key] = transform_value(value, path + "/" + key);
    }
    validate_against_schema(call, *schema, path);
    return call;
  }

  static void validate_against_schema(const TransformCall& call, const TransformSpec& schema, const std::string& path) {
    std::vector<std::string> names = {"unchecked"};
    bool keywords = false;
    for (const ParameterSpec& parameter : schema.parameters) {
      names.push_back(parameter.name);
      keywords = keywords || parameter.type == ParameterType::KeywordMap;
    }
    for (const auto& [key, value] : call.arguments) {
      if (keywords || std::find(names.begin(), names.end(), key) != names.end()) continue;
      throw SpecError(path + "/" + key, "unknown parameter '" + key + "' of " + call.name + parameter_hint(key, names));
    }
    try {
      TransformArguments checked(schema, call);
    } catch (const Error& error) {
      throw SpecError(path + "/" + parameter_named_in(error.what(), call), error.what());
    }
  }

  // The registry's messages quote the parameter at fault: "parameter 'inner_length' must be ...".
  static std::string parameter_named_in(const std::string& message, const TransformCall& call) {
    for (const char* marker : {"parameter '", "the value of '"}) {
      auto start = message.find(marker);
      if (start == std::string::npos) continue;
      start += std::string(marker).size();
      return message.substr(start, message.find('\'', start) - start);
    }
    return "op";
  }

  // A dependency cycle in the instructions as written is found by the first transform's checks;
  // reported under /transforms/N it reads as if that transform made it (a PolyBench jacobi-2d
  // whose time loop's two sweeps depend on each other by loopy's single-writer rule, then a
  // split). Only on that error path, so a cycle a transform removes stays allowed.
  static void throw_cycle_of_reference(const LoopKernel& reference) {
    try {
      check_dependency_cycles(reference);
    } catch (const Error& error) {
      throw SpecError("/instructions", error.what());
    }
  }

  // The kernel after `calls`; with `keep_after`, a copy of the kernel after that call goes to `kept`.
  static LoopKernel apply_transforms(const LoopKernel& reference, const std::vector<TransformCall>& calls,
                                     std::optional<std::size_t> keep_after = std::nullopt,
                                     std::optional<LoopKernel>* kept = nullptr) {
    LoopKernel kernel = reference;
    StageTimer timer("transforms(" + reference.name + ")");  // LOOM_TIME=1: one line per transform
    for (std::size_t i = 0; i < calls.size(); ++i) {
      try {
        kernel = apply_transform(kernel, calls[i]);
      } catch (const Error& error) {
        throw_cycle_of_reference(reference);
        throw SpecError("/transforms/" + std::to_string(i), error.what());
      }
      if (kept != nullptr && keep_after == i) *kept = kernel;
      timer.mark(std::to_string(i) + " " + calls[i].name);
    }
    return kernel;
  }

  // Floating-point values are for floating-point value arguments (loopy's scalar args); every
  // other parameter is an integer, and 16.5 or 1e3 there is refused with its path.
  static bool takes_floating_value(const LoopKernel& reference, const std::string& name) {
    const KernelArgument* arg = reference.find_arg(name);
    return arg != nullptr && arg->kind == ArgKind::Value && arg->dtype && !is_integral(*arg->dtype);
  }

  SpecTestDefaults test_defaults(const LoopKernel& reference) {
    SpecTestDefaults test;
    if (!root_.contains("test")) return test;
    const json& object = root_["test"];
    expect_object(object, "/test");
    check_keys(object, "/test", {"parameters", "rtol", "atol", "seed", "inputs"});
    if (object.contains("parameters")) {
      const json& parameters = object["parameters"];
      expect_object(parameters, "/test/parameters");
      for (const auto& [name, value] : parameters.items()) {
        if (value.is_number_float()) {
          if (!takes_floating_value(reference, name)) {
            throw SpecError("/test/parameters/" + name, "expected an integer, got " + value.dump() + " ('" + name +
                                                            "' is not a floating-point value argument)");
          }
          test.values[name] = value.get<double>();
          continue;
        }
        if (!value.is_number_integer()) throw SpecError("/test/parameters/" + name, "expected a number, got " + type_of(value));
        test.parameters[name] = value.get<int64_t>();
      }
    }
    if (object.contains("rtol")) test.rtol = as_number(object["rtol"], "/test/rtol");
    if (object.contains("atol")) test.atol = as_number(object["atol"], "/test/atol");
    if (object.contains("seed")) {
      if (!object["seed"].is_number_unsigned()) throw SpecError("/test/seed", "expected a non-negative integer");
      test.seed = object["seed"].get<uint64_t>();
    }
    if (object.contains("inputs")) {
      const json& inputs = object["inputs"];
      expect_object(inputs, "/test/inputs");
      for (const auto& [name, generator] : inputs.items()) {
        refuse_unknown_input_array(reference, name);
        test.inputs[name] = input_generator(generator, "/test/inputs/" + name);
      }
    }
    return test;
  }

  // An input for a name that is not an array argument would be ignored, and the array the user
  // meant (a typo: "rowstarts" for "rowstart") filled with random values instead.
  static void refuse_unknown_input_array(const LoopKernel& reference, const std::string& name) {
    const KernelArgument* arg = reference.find_arg(name);
    if (arg != nullptr && arg->is_array()) return;
    std::string arrays;
    for (const KernelArgument& candidate : reference.args) {
      if (candidate.is_array()) arrays += (arrays.empty() ? "'" : ", '") + candidate.name + "'";
    }
    throw SpecError("/test/inputs/" + name, arg != nullptr ? "'" + name + "' is a value argument; give its value in test.parameters"
                                                           : "no array argument is named '" + name + "' (the arrays: " + arrays + ")");
  }

  static InputGenerator input_generator(const json& object, const std::string& path) {
    expect_object(object, path);
    if (object.size() != 1) throw SpecError(path, "expected exactly one of \"uniform\", \"values\", \"arange\"");
    check_keys(object, path, {"uniform", "values", "arange"});
    InputGenerator generator;
    auto numbers = [&](const json& list, const std::string& at) {
      if (!list.is_array()) throw SpecError(at, "expected a list of numbers");
      std::vector<double> values;
      for (std::size_t i = 0; i < list.size(); ++i) values.push_back(as_number(list[i], at + "/" + std::to_string(i)));
      return values;
    };
    if (object.contains("values")) {
      generator.kind = InputGenerator::Kind::Values;
      generator.values = numbers(object["values"], path + "/values");
    } else {
      const char* key = object.contains("uniform") ? "uniform" : "arange";
      std::vector<double> pair = numbers(object[key], path + "/" + key);
      if (pair.size() != 2) throw SpecError(path + "/" + key, "expected two numbers");
      if (object.contains("uniform")) {
        generator.kind = InputGenerator::Kind::Uniform;
        generator.low = pair[0];
        generator.high = pair[1];
      } else {
        generator.kind = InputGenerator::Kind::Arange;
        generator.start = pair[0];
        generator.step = pair[1];
      }
    }
    return generator;
  }

  const json& root_;
  bool apply_transforms_;
};

constexpr std::size_t kMaxJsonNesting = 1000;

// JSON numbers loom cannot take at their word: an integer above int64's range (nlohmann keeps
// 2^63..2^64-1 as unsigned, and get<int64_t> would wrap 2^63 to -2^63) and nesting deeper than
// kMaxJsonNesting (later passes over values recurse). One iterative walk over the document, before
// anything reads it. /test/seed is the one unsigned 64-bit number of the format.
void refuse_unrepresentable_json(const json& root) {
  // Every value visited, with its parent's index and its key (or array index) there: a value's
  // path is built only for a refusal (building every value's path string was most of this walk).
  struct Visited {
    const json* value;
    std::size_t parent;  // index in `visited`; the root is its own parent
    const std::string* key;  // nullptr: an array element, at `index`
    std::size_t index;
    std::size_t depth;
  };
  std::vector<Visited> visited{{&root, 0, nullptr, 0, 0}};
  auto path_of = [&](std::size_t at) {
    std::vector<std::string> parts;
    for (; at != 0; at = visited[at].parent) {
      parts.push_back(visited[at].key != nullptr ? *visited[at].key : std::to_string(visited[at].index));
    }
    std::string path;
    for (auto part = parts.rbegin(); part != parts.rend(); ++part) path += "/" + *part;
    return path;
  };
  std::vector<std::size_t> pending{0};
  while (!pending.empty()) {
    std::size_t at = pending.back();
    pending.pop_back();
    const json& value = *visited[at].value;
    std::size_t depth = visited[at].depth;
    if (depth > kMaxJsonNesting) {
      throw SpecError(path_of(at), "nested more than " + std::to_string(kMaxJsonNesting) + " levels deep");
    }
    if (value.is_number_unsigned() && value.get<uint64_t>() > static_cast<uint64_t>(INT64_MAX) &&
        path_of(at) != "/test/seed") {
      throw SpecError(path_of(at), "the integer " + value.dump() + " does not fit in a signed 64-bit integer");
    }
    if (value.is_array()) {
      for (std::size_t i = 0; i < value.size(); ++i) {
        pending.push_back(visited.size());
        visited.push_back({&value[i], at, nullptr, i, depth + 1});
      }
    } else if (value.is_object()) {
      for (auto element = value.begin(); element != value.end(); ++element) {
        pending.push_back(visited.size());
        visited.push_back({&element.value(), at, &element.key(), 0, depth + 1});
      }
    }
  }
}

}  // namespace

SpecError::SpecError(const std::string& path, const std::string& reason)
    : Error((path.empty() ? std::string("spec") : path) + ": " + reason), path_(path) {}

Spec read_spec(const std::string& json_text, bool apply_transforms) {
  if (json_text.size() > kMaxSpecBytes) {
    throw SpecError("", "the spec is larger than " + std::to_string(kMaxSpecBytes / (1024 * 1024)) + " MiB");
  }
  json root;
  try {
    root = json::parse(json_text);
  } catch (const json::parse_error& error) {
    throw SpecError("", std::string("malformed JSON: ") + describe_parse_error(json_text, error.byte, error.what()));
  }
  refuse_unrepresentable_json(root);
  return SpecReader(root, apply_transforms).read();
}

Spec read_spec_around(const std::string& json_text, LoopKernel reference) {
  json root = json::parse(json_text);
  refuse_unrepresentable_json(root);
  return SpecReader(root, /*apply=*/false).read_around(std::move(reference));
}

std::string read_spec_text(const std::string& path) {
  std::ifstream file(path, std::ios::binary | std::ios::ate);
  if (!file) throw SpecError("", "cannot read spec file '" + path + "'");
  auto size = static_cast<std::size_t>(file.tellg());
  if (size > kMaxSpecBytes) {
    throw SpecError("", "spec file '" + path + "' is " + std::to_string(size / (1024 * 1024)) + " MiB; specs are at most " +
                            std::to_string(kMaxSpecBytes / (1024 * 1024)) + " MiB");
  }
  file.seekg(0);
  std::string text(size, '\0');
  file.read(text.data(), static_cast<std::streamsize>(size));
  return text;
}

Spec read_spec_file(const std::string& path) { return read_spec(read_spec_text(path)); }

}  // namespace loom
