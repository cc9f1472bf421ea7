// The isl side of LoopKernel: the context a kernel lineage owns and the data behind IslSet.
// Only loom's own sources include this (it pulls in isl/cpp.h, a heavy header).
#pragma once

#include <isl/cpp.h>

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "loom/kernel.hpp"

namespace loom {

namespace detail {
struct IslSetData;

// One result of a pure isl computation (ir/isl_memo.hpp), valid while the IslSets it was computed
// from are alive: `inputs` watches them (and, holding their allocations, keeps their addresses
// from being reused by other sets while the entry exists).
struct IslMemoEntry {
  std::vector<std::weak_ptr<const IslSetData>> inputs;
  isl::set set;
  isl::map map;
  bool flag = false;
};
}  // namespace detail

// Owns one isl_ctx. Shared by every kernel of a lineage (DESIGN.md §3); one thread at a time.
class IslContext {
 public:
  IslContext();
  ~IslContext();
  IslContext(const IslContext&) = delete;
  IslContext& operator=(const IslContext&) = delete;
  isl::ctx ctx() const { return isl::ctx(raw_); }
  isl_ctx* raw() const { return raw_; }
  // Starts a new budget of isl operations for the next stage (DESIGN.md §3: a kernel too complex
  // for isl becomes an error, never a hang).
  void reset_operation_budget() const;
  // Results of pure isl computations of this lineage by their inputs (ir/isl_memo.hpp); emptied
  // before the ctx is freed.
  std::unordered_map<std::string, detail::IslMemoEntry>& memo() const { return memo_; }

 private:
  isl_ctx* raw_;
  mutable std::unordered_map<std::string, detail::IslMemoEntry> memo_;
};

using IslContextPtr = std::shared_ptr<IslContext>;

namespace detail {
// enable_shared_from_this: the memo (ir/isl_memo.hpp) watches the sets its entries came from.
struct IslSetData : std::enable_shared_from_this<IslSetData> {
  IslSetData(IslContextPtr context, isl::set set) : context(std::move(context)), set(std::move(set)) {}
  IslContextPtr context;  // declared first: destroyed after the set
  isl::set set;
};
}  // namespace detail

inline IslSet make_isl_set(const IslContextPtr& context, isl::set set) {
  return IslSet(std::make_shared<const detail::IslSetData>(context, std::move(set)));
}
inline const isl::set& isl_set_of(const IslSet& set) { return set.data().set; }
inline const IslContextPtr& isl_context_of(const IslSet& set) { return set.data().context; }

// The context of a kernel (every kernel made by make_kernel has one, held by its sets).
const IslContextPtr& isl_context_of(const LoopKernel& kernel);

// Runs `operation`, turning isl's exceptions and exceeded budgets into loom::Error that says what
// loom was doing (`what`).
template <typename Operation>
auto with_isl_errors(const std::string& what, Operation&& operation) -> decltype(operation());

}  // namespace loom

#include "ir/isl_kernel_impl.hpp"
