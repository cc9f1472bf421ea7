#include "spec/spec_cache.hpp"

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <vector>

#include "ir/kernel_fingerprint.hpp"
#include "loom/runtime.hpp"
#include "loom/spec.hpp"
#include "runtime/binary_cache.hpp"
#include "runtime/kernel_cache.hpp"
#include "runtime/launcher.hpp"
#include "spec/spec_support.hpp"

namespace loom::detail {

namespace {

using json = nlohmann::json;
constexpr CacheMagic kSpecMagic = {'L', 'O', 'O', 'M', 'S', 'P', 'C', '1'};

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

// The transformed kernel as a spec without transforms: what make_kernel needs to make it again.
std::string kernel_as_spec(const LoopKernel& kernel) { return write_spec(spec_of_kernel(kernel)); }

// What read_spec cannot express: the iname tags, loop priorities and slabs.
json schedule_json(const LoopKernel& kernel) {
  json tags = json::object();
  for (const auto& [iname, tag] : kernel.iname_tags) tags[iname] = to_string(tag);
  json slabs = json::object();
  for (const auto& [iname, slab] : kernel.slabs) slabs[iname] = {slab.first, slab.second};
  // Temporaries' layouts (padding) and shared storage, which the spec's temporaries omit.
  json storage = json::object();
  for (const Temporary& temporary : kernel.temporaries) storage[temporary.name] = {temporary.dim_tags, temporary.base_storage};
  return {{"tags", tags}, {"priorities", kernel.loop_priorities}, {"slabs", slabs}, {"storage", storage}};
}

LoopKernel kernel_from_entry(const json& entry) {
  LoopKernel kernel = read_spec(entry.at("spec").get<std::string>()).reference;
  const json& schedule = entry.at("schedule");
  for (const auto& [iname, tag] : schedule.at("tags").items()) kernel.iname_tags[iname] = parse_iname_tag(tag.get<std::string>());
  kernel.loop_priorities = schedule.at("priorities").get<std::vector<std::vector<std::string>>>();
  for (const auto& [iname, slab] : schedule.at("slabs").items()) {
    kernel.slabs[iname] = {slab.at(0).get<int64_t>(), slab.at(1).get<int64_t>()};
  }
  for (Temporary& temporary : kernel.temporaries) {
    const json& storage = schedule.at("storage").at(temporary.name);
    temporary.dim_tags = storage.at(0).get<std::vector<std::string>>();
    temporary.base_storage = storage.at(1).get<std::string>();
  }
  return kernel;
}

// The fingerprint without the rewrite history, which the spec form does not keep (it serves only
// checks by logical index, and `run --check` does not use this cache level).
std::string fingerprint_without_history(LoopKernel kernel) {
  kernel.iname_rewrites.clear();
  kernel.array_rewrites.clear();
  kernel.applied_transforms.clear();
  return kernel_fingerprint(kernel);
}

}  // namespace

std::string spec_cache_path(const std::string& spec_text, const std::string& context) {
  std::string key = hex_hash(build_identity() + "\n" + context + "\n" + canonical_spec(spec_text));
  return (std::filesystem::path(cache_directory()) / "specs" / (key + ".spec")).string();
}

std::optional<CachedKernel> read_cached_kernel(const std::string& path) {
  std::optional<std::vector<char>> bytes = read_cache_entry(path, kSpecMagic);
  if (!bytes) return std::nullopt;
  try {
    json entry = json::parse(bytes->begin(), bytes->end());
    CachedKernel cached{kernel_from_entry(entry), generated_code_from_json(entry.at("code").get<std::string>())};
    ++hits;
    return cached;
  } catch (const std::exception&) {
    return std::nullopt;  // damaged or older: generate again and replace it
  }
}

bool write_cached_kernel(const std::string& path, const LoopKernel& kernel, const GeneratedCode& code) {
  json entry = {{"spec", kernel_as_spec(kernel)}, {"schedule", schedule_json(kernel)}, {"code", generated_code_json(code)}};
  try {
    if (fingerprint_without_history(kernel_from_entry(entry)) != fingerprint_without_history(kernel)) {
      return false;
    }
  } catch (const std::exception&) {
    return false;  // e.g. a domain isl prints in a form loom's domain syntax lacks
  }
  std::string text = entry.dump();
  write_cache_entry(path, kSpecMagic, text.data(), text.size());
  return true;
}

int spec_cache_hits() { return hits.load(); }

bool disk_cache_enabled() { return std::getenv("LOOM_NO_CACHE") == nullptr; }

SpecKernel compile_spec(const std::string& spec_text, Target target, const std::string& context) {
  std::optional<std::string> path;
  if (disk_cache_enabled()) path = spec_cache_path(spec_text, "run " + std::string(target_name(target)) + " " + context);
  if (path) {
    if (std::optional<CachedKernel> cached = read_cached_kernel(*path)) {
      SpecKernel result{read_spec(spec_text, /*apply_transforms=*/false), cached->kernel, {}, true};
      result.program = compile_generated(result.kernel, std::move(cached->code), target);
      return result;
    }
  }
  SpecKernel result{read_spec(spec_text), {}, {}, false};
  result.kernel = result.spec.kernel;
  result.program = compile(result.kernel, target);
  if (path) write_cached_kernel(*path, result.kernel, result.program.code());
  return result;
}

}  // namespace loom::detail
