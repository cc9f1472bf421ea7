// The isl memo (ir/isl_memo.hpp, issue 26): computed once per key, keyed by the identity of the
// IslSets involved (a dead set's entries are never served), and the verification of a hit fails
// when a cached result differs from its recomputation.
#include "ir/isl_memo.hpp"

#include <gtest/gtest.h>

#include "loom/error.hpp"
#include "loom/loom.hpp"

namespace loom {
namespace {

detail::IslMemoEntry entry_of(const isl::set& set) {
  detail::IslMemoEntry entry;
  entry.set = set;
  entry.map = isl::manage(isl_map_from_range(set.copy()));
  return entry;
}

TEST(IslMemo, ComputesOncePerKeyAndSet) {
  auto context = std::make_shared<IslContext>();
  IslSet domain = make_isl_set(context, isl::set(context->ctx(), "[n] -> { [i] : 0 <= i < n }"));
  IslSet other = make_isl_set(context, isl::set(context->ctx(), "[n] -> { [i] : 0 <= i < n }"));
  int computed = 0;
  auto lookup = [&](const IslSet& set, const std::string& text) {
    IslMemoKey key("test");
    key.add(text).add(set);
    return memoized(
        *context, key,
        [&] {
          ++computed;
          return entry_of(isl_set_of(set));
        },
        [](const detail::IslMemoEntry& entry) { return entry.set; });
  };
  EXPECT_TRUE(lookup(domain, "a").is_equal(isl_set_of(domain)));
  lookup(domain, "a");
  EXPECT_EQ(computed, detail::isl_memo_enabled() ? 1 : 2);
  lookup(domain, "b");    // another text
  lookup(other, "a");     // an equal set, but another one: identities key the memo
  EXPECT_EQ(computed, detail::isl_memo_enabled() ? 3 : 4);
}

TEST(IslMemo, EntriesOfADeadSetAreNotServed) {
  auto context = std::make_shared<IslContext>();
  int computed = 0;
  std::string first_key;
  for (int round = 0; round < 2; ++round) {
    IslSet domain = make_isl_set(context, isl::set(context->ctx(), "{ [i] : 0 <= i < " + std::to_string(round + 4) + " }"));
    IslMemoKey key("test");
    key.add(domain);
    isl::set result = memoized(
        *context, key,
        [&] {
          ++computed;
          return entry_of(isl_set_of(domain));
        },
        [](const detail::IslMemoEntry& entry) { return entry.set; });
    // Whatever address the second set gets, its result is its own.
    EXPECT_TRUE(result.is_equal(isl_set_of(domain))) << "round " << round;
  }
  EXPECT_EQ(computed, 2);
}

TEST(IslMemo, VerificationRefusesADifferentResult) {
  auto context = std::make_shared<IslContext>();
  isl::set small(context->ctx(), "{ [i] : 0 <= i < 4 }");
  isl::set large(context->ctx(), "{ [i] : 0 <= i < 5 }");
  IslMemoKey key("test");
  EXPECT_NO_THROW(detail::verify_memo_entry(key, entry_of(small), entry_of(small)));
  try {
    detail::verify_memo_entry(key, entry_of(small), entry_of(large));
    FAIL() << "a differing recomputation passed";
  } catch (const InternalError& error) {
    EXPECT_NE(std::string(error.what()).find("isl memo: a cached result differs from its recomputation"), std::string::npos)
        << error.what();
  }
  detail::IslMemoEntry flagged = entry_of(small);
  flagged.flag = true;
  EXPECT_THROW(detail::verify_memo_entry(key, entry_of(small), flagged), InternalError);
}

}  // namespace
}  // namespace loom
