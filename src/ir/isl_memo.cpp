#include "ir/isl_memo.hpp"

#include <cstdlib>

#include "loom/error.hpp"

namespace loom {

namespace {
// A lineage rarely needs more than a few thousand entries; a runaway one starts afresh.
constexpr std::size_t kMaxEntries = 200'000;
}  // namespace

IslMemoKey& IslMemoKey::add(std::string_view part) {
  text_ += '\x1f';
  text_ += part;
  return *this;
}

IslMemoKey& IslMemoKey::add(const IslSet& set) {
  const detail::IslSetData& data = set.data();
  text_ += '\x1e';
  text_ += std::to_string(reinterpret_cast<std::uintptr_t>(&data));
  inputs_.push_back(data.weak_from_this());
  return *this;
}

namespace detail {

bool isl_memo_enabled() {
  static const bool enabled = std::getenv("LOOM_NO_ISL_MEMO") == nullptr;
  return enabled;
}

bool isl_memo_verified() {
  static const bool verified = std::getenv("LOOM_VERIFY_ISL_MEMO") != nullptr;
  return verified;
}

const IslMemoEntry* find_memo_entry(const IslContext& context, const IslMemoKey& key) {
  auto& memo = context.memo();
  auto found = memo.find(key.text());
  if (found == memo.end()) return nullptr;
  for (const auto& input : found->second.inputs) {
    if (input.expired()) {
      memo.erase(found);
      return nullptr;
    }
  }
  return &found->second;
}

const IslMemoEntry& store_memo_entry(const IslContext& context, const IslMemoKey& key, IslMemoEntry entry) {
  auto& memo = context.memo();
  if (memo.size() >= kMaxEntries) memo.clear();
  entry.inputs = key.inputs();
  return memo.insert_or_assign(key.text(), std::move(entry)).first->second;
}

// isl's equality test normalizes both operands in place: isl_map_normalize replaces a shared map's
// basic maps, and isl_basic_map_sort_constraints sorts a shared basic map's constraints, neither
// copying first. Comparing the cached object itself would leave later users of the entry another
// constraint order than a run without verification sees (and so, possibly, other code). The
// comparison takes a deep copy: a change of space makes isl copy the map and each basic map
// (isl_map_reset_space, isl_basic_map_restore_space), and the second change restores the space.
// (A copy read back from the printed text would not do: isl cannot read the memo's stand-in maps.)
namespace {
isl::set detached_copy(const isl::set& set) {
  if (isl_set_is_params(set.get()) == isl_bool_true) return isl::manage(isl_set_params(isl_set_from_params(set.copy())));
  return isl::manage(isl_map_range(isl_map_from_range(set.copy())));
}
isl::map detached_copy(const isl::map& map) { return isl::manage(isl_set_unwrap(isl_map_wrap(map.copy()))); }
}  // namespace

void verify_memo_entry(const IslMemoKey& key, const IslMemoEntry& cached, const IslMemoEntry& fresh) {
  bool same_set = cached.set.is_null() == fresh.set.is_null() &&
                  (cached.set.is_null() || detached_copy(cached.set).is_equal(fresh.set));
  bool same_map = cached.map.is_null() == fresh.map.is_null() &&
                  (cached.map.is_null() || detached_copy(cached.map).is_equal(fresh.map));
  LOOM_ASSERT(same_set && same_map && cached.flag == fresh.flag,
              "isl memo: a cached result differs from its recomputation (key " + key.text() + ")");
}

}  // namespace detail

}  // namespace loom
