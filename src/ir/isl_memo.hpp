// Memoized isl computations (issue 26): the instance sets and access relations that every check,
// dependence analysis and code generation stage of a kernel lineage asks for again and again, kept
// in the lineage's isl context (IslContext::memo) under a key made of everything they are computed
// from: texts for names, expressions and options, and the identities of the IslSets involved (a
// kernel copy shares the sets a transform left alone, so later kernels of the lineage hit).
//
// An entry is used only while every IslSet of its key is alive, so an address can never stand for
// another set. LOOM_VERIFY_ISL_MEMO=1 recomputes every hit and fails (internal error) when the
// result differs: the test build runs the transform tests that way (ctest IslMemoVerified.*).
// LOOM_NO_ISL_MEMO=1 turns the memo off.
#pragma once

#include <string>
#include <string_view>

#include "ir/isl_kernel.hpp"

namespace loom {

class IslMemoKey {
 public:
  explicit IslMemoKey(std::string_view kind) : text_(kind) {}
  IslMemoKey& add(std::string_view part);
  IslMemoKey& add(const IslSet& set);  // by identity
  const std::string& text() const { return text_; }
  const std::vector<std::weak_ptr<const detail::IslSetData>>& inputs() const { return inputs_; }

 private:
  std::string text_;
  std::vector<std::weak_ptr<const detail::IslSetData>> inputs_;
};

namespace detail {
bool isl_memo_enabled();
bool isl_memo_verified();
// The live entry for `key`, or null (a stale one is dropped).
const IslMemoEntry* find_memo_entry(const IslContext& context, const IslMemoKey& key);
const IslMemoEntry& store_memo_entry(const IslContext& context, const IslMemoKey& key, IslMemoEntry entry);
void verify_memo_entry(const IslMemoKey& key, const IslMemoEntry& cached, const IslMemoEntry& fresh);
}  // namespace detail

// `extract(entry)` of `compute()`'s entry, computed once per key and context. The entry's `set`
// and `map` must both be non-null (isl's bindings throw when they copy, or move, which they do by
// copying, a null object): fill the one the caller does not need with a cheap stand-in.
template <typename Compute, typename Extract>
auto memoized(const IslContext& context, const IslMemoKey& key, Compute&& compute, Extract&& extract) {
  if (!detail::isl_memo_enabled()) {
    detail::IslMemoEntry fresh = compute();
    return extract(fresh);
  }
  if (const detail::IslMemoEntry* cached = detail::find_memo_entry(context, key)) {
    if (detail::isl_memo_verified()) {
      detail::IslMemoEntry fresh = compute();
      detail::verify_memo_entry(key, *cached, fresh);
    }
    return extract(*cached);
  }
  return extract(detail::store_memo_entry(context, key, compute()));
}

}  // namespace loom
