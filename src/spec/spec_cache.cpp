#include "spec/spec_cache.hpp"

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <vector>

#include "analysis/preprocess.hpp"
#include "analysis/compile_warnings.hpp"
#include "analysis/type_inference.hpp"
#include "lang/expression_parser.hpp"
#include "loom/runtime.hpp"
#include "loom/spec.hpp"
#include "runtime/binary_cache.hpp"
#include "runtime/kernel_cache.hpp"
#include "runtime/launch_only_kernel.hpp"
#include "runtime/launcher.hpp"
#include "spec/spec_support.hpp"

namespace loom::detail {

namespace {

using json = nlohmann::json;
// Format 2: launch-only kernels and code (format 1 held the kernel written back as a spec).
constexpr CacheMagic kSpecMagic = {'L', 'O', 'O', 'M', 'S', 'P', 'C', '2'};

std::atomic<int> hits{0};

// Whether `value` nests deeper than `limit` levels (counted without recursion: dump() recurses).
bool nests_deeper_than(const json& value, std::size_t limit) {
  std::vector<std::pair<const json*, std::size_t>> pending{{&value, 0}};
  while (!pending.empty()) {
    auto [item, depth] = pending.back();
    pending.pop_back();
    if (depth > limit) return true;
    if (item->is_structured()) {
      for (const json& element : *item) pending.push_back({&element, depth + 1});
    }
  }
  return false;
}

// The spec text with its keys sorted and its `test` section dropped; text that is not a JSON
// object, or nests too deep to print safely, is hashed as it is (reading it fails anyway, with
// the reader's message).
std::string canonical_spec(const std::string& spec_text) {
  json root = json::parse(spec_text, nullptr, /*allow_exceptions=*/false);
  if (!root.is_object() || nests_deeper_than(root, 1000)) return spec_text;
  root.erase("test");
  return root.dump();  // nlohmann::json keeps object keys sorted
}

// ---- launch-only kernels as JSON -------------------------------------------------------------

json expr_json(const ExprPtr& expr) { return expr ? json(to_string(expr)) : json(); }

ExprPtr expr_from(const json& text) {
  if (text.is_null()) return nullptr;
  std::string source = text.get<std::string>();
  return lang::parse_expression_in(source, 0, source.size());
}

json exprs_json(const std::vector<ExprPtr>& exprs) {
  json list = json::array();
  for (const ExprPtr& expr : exprs) list.push_back(expr_json(expr));
  return list;
}

std::vector<ExprPtr> exprs_from(const json& list) {
  std::vector<ExprPtr> exprs;
  for (const json& text : list) exprs.push_back(expr_from(text));
  return exprs;
}

template <typename T>
json optional_json(const std::optional<T>& value) { return value ? json(*value) : json(); }

json dtype_json(const std::optional<DType>& dtype) { return dtype ? json(std::string(dtype_name(*dtype))) : json(); }

std::optional<DType> dtype_from(const json& name) {
  if (name.is_null()) return std::nullopt;
  std::optional<DType> dtype = parse_dtype(name.get<std::string>());
  if (!dtype) throw Error("unknown dtype '" + name.get<std::string>() + "' in a spec cache entry");
  return dtype;
}

json argument_json(const KernelArgument& arg) {
  return {{"name", arg.name},
          {"kind", static_cast<int>(arg.kind)},
          {"dtype", dtype_json(arg.dtype)},
          {"shape", exprs_json(arg.shape)},
          {"shape_is_auto", arg.shape_is_auto},
          {"order", static_cast<int>(arg.order)},
          {"dim_tags", arg.dim_tags},
          {"offset", expr_json(arg.offset)},
          {"is_input", optional_json(arg.is_input)},
          {"is_output", optional_json(arg.is_output)}};
}

KernelArgument argument_from(const json& in) {
  KernelArgument arg;
  arg.name = in.at("name").get<std::string>();
  arg.kind = static_cast<ArgKind>(in.at("kind").get<int>());
  arg.dtype = dtype_from(in.at("dtype"));
  arg.shape = exprs_from(in.at("shape"));
  arg.shape_is_auto = in.at("shape_is_auto").get<bool>();
  arg.order = static_cast<ArrayOrder>(in.at("order").get<int>());
  arg.dim_tags = in.at("dim_tags").get<std::vector<std::string>>();
  arg.offset = expr_from(in.at("offset"));
  if (!in.at("is_input").is_null()) arg.is_input = in.at("is_input").get<bool>();
  if (!in.at("is_output").is_null()) arg.is_output = in.at("is_output").get<bool>();
  return arg;
}

// Global temporaries only: the memory preflight counts them (the code sizes and allocates them).
json temporaries_json(const std::vector<Temporary>& temporaries) {
  json list = json::array();
  for (const Temporary& temporary : temporaries) {
    if (temporary.address_space != AddressSpace::Global) continue;
    list.push_back({{"name", temporary.name}, {"dtype", dtype_json(temporary.dtype)}, {"shape", exprs_json(temporary.shape)}});
  }
  return list;
}

std::vector<Temporary> temporaries_from(const json& list) {
  std::vector<Temporary> temporaries;
  for (const json& in : list) {
    Temporary temporary;
    temporary.name = in.at("name").get<std::string>();
    temporary.dtype = dtype_from(in.at("dtype"));
    temporary.shape = exprs_from(in.at("shape"));
    temporary.address_space = AddressSpace::Global;
    temporaries.push_back(std::move(temporary));
  }
  return temporaries;
}

// `typed` is the launch-only kernel after type inference (argument dtypes filled in).
json launch_json(const LoopKernel& typed) {
  json args = json::array();
  for (const KernelArgument& arg : typed.args) args.push_back(argument_json(arg));
  json tags = json::object();
  for (const auto& [iname, tag] : typed.iname_tags) tags[iname] = to_string(tag);
  return {{"name", typed.name},
          {"args", args},
          {"temporaries", temporaries_json(typed.temporaries)},
          {"parameters", typed.parameters()},
          {"assumptions", typed.assumptions_text},
          {"tags", tags}};
}

LoopKernel launch_kernel_from(const json& in) {
  LoopKernel kernel;
  kernel.name = in.at("name").get<std::string>();
  for (const json& arg : in.at("args")) kernel.args.push_back(argument_from(arg));
  kernel.temporaries = temporaries_from(in.at("temporaries"));
  Domain parameters_only;
  parameters_only.parameters = in.at("parameters").get<std::vector<std::string>>();
  kernel.domains.push_back(std::move(parameters_only));
  kernel.assumptions_text = in.at("assumptions").get<std::string>();
  for (const auto& [iname, tag] : in.at("tags").items()) kernel.iname_tags[iname] = parse_iname_tag(tag.get<std::string>());
  return kernel;
}

// The kernel's launch-only form with its arguments' types inferred, and its compile warnings.
std::pair<LoopKernel, std::vector<std::string>> typed_launch_kernel(const LoopKernel& kernel) {
  LoopKernel typed = preprocess(kernel);
  std::vector<std::string> warnings = compile_warnings(typed);
  LoopKernel launch = launch_only_kernel(typed);
  launch.iname_tags = kernel.iname_tags;
  return {std::move(launch), std::move(warnings)};
}

}  // namespace

std::string code_switches() {
  std::string switches;
  for (const char* name : {"LOOM_WARP_SHUFFLES", "LOOM_UNIFORM_FETCHES", "LOOM_OCCUPANCY_HINT", "LOOM_CUDA_COMPILER",
                           "LOOM_GUARDED_UNROLL", "LOOM_FETCH_BASES", "LOOM_NARROW_FILLS"}) {
    const char* value = std::getenv(name);
    switches += std::string(name) + (value == nullptr ? " unset" : "=" + std::string(value)) + "\n";
  }
  return switches;
}

std::string spec_cache_path(const std::string& spec_text, const std::string& context) {
  std::string key = hex_hash(build_identity() + "\n" + context + "\n" + code_switches() + canonical_spec(spec_text));
  return (std::filesystem::path(cache_directory()) / "specs" / (key + ".spec")).string();
}

std::optional<CachedKernel> read_cached_kernel(const std::string& path) {
  std::optional<std::vector<char>> bytes = read_cache_entry(path, kSpecMagic);
  if (!bytes) return std::nullopt;
  try {
    json entry = json::parse(bytes->begin(), bytes->end());
    CachedKernel cached{launch_kernel_from(entry.at("kernel")), launch_kernel_from(entry.at("reference")),
                        generated_code_from_json(entry.at("code").get<std::string>()),
                        entry.at("warnings").get<std::vector<std::string>>()};
    ++hits;
    return cached;
  } catch (const std::exception&) {
    return std::nullopt;  // damaged or older: generate again and replace it
  }
}

std::optional<CachedKernel> cache_entry_of(const LoopKernel& kernel, const LoopKernel& reference, GeneratedCode code) {
  // Bulk ring fills (codegen/bulk_fills.hpp): a launch whose arrays the copy engine cannot read
  // generates the cp.async ring from the kernel's instructions, which a launch-only kernel lacks;
  // such kernels skip this level (the kernel and CUBIN levels still serve them).
  if (code.source.find("/* loom_tensor_map ") != std::string::npos) return std::nullopt;
  try {
    auto [launch, warnings] = typed_launch_kernel(kernel);
    // The reference as read (untyped), as `loom run` sees it on a miss.
    return CachedKernel{std::move(launch), launch_only_kernel(reference), std::move(code), std::move(warnings)};
  } catch (const Error&) {
    return std::nullopt;  // e.g. assumptions whose divisions isl cannot make explicit
  }
}

void write_cached_kernel(const std::string& path, const CachedKernel& entry) {
  json object = {{"kernel", launch_json(entry.kernel)},
                 {"reference", launch_json(entry.reference)},
                 {"warnings", entry.warnings},
                 {"code", generated_code_json(entry.code)}};
  std::string text = object.dump();
  write_cache_entry(path, kSpecMagic, text.data(), text.size());
}

bool write_cached_kernel(const std::string& path, const LoopKernel& kernel, const LoopKernel& reference,
                         const GeneratedCode& code) {
  std::optional<CachedKernel> entry = cache_entry_of(kernel, reference, code);
  if (entry) write_cached_kernel(path, *entry);
  return entry.has_value();
}

int spec_cache_hits() { return hits.load(); }

bool disk_cache_enabled() { return std::getenv("LOOM_NO_CACHE") == nullptr; }

SpecKernel compile_spec(const std::string& spec_text, Target target, const std::string& context) {
  std::optional<std::string> path;
  if (disk_cache_enabled()) path = spec_cache_path(spec_text, "run " + std::string(target_name(target)) + " " + context);
  if (path) {
    if (std::optional<CachedKernel> cached = read_cached_kernel(*path)) {
      SpecKernel result{read_spec_around(spec_text, std::move(cached->reference)), std::move(cached->kernel), {}, true};
      result.program = compile_generated(result.kernel, std::move(cached->code), target);
      return result;
    }
  }
  SpecKernel result{read_spec(spec_text), {}, {}, false};
  result.kernel = result.spec.kernel;
  result.program = compile(result.kernel, target);
  if (path) write_cached_kernel(*path, result.kernel, result.spec.reference, result.program.code());
  return result;
}

}  // namespace loom::detail
