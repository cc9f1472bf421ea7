// The isl memo (ir/isl_memo.hpp, issue 26): computed once per key, keyed by the identity of the
// IslSets involved (a dead set's entries are never served), and the verification of a hit fails
// when a cached result differs from its recomputation.
#include "ir/isl_memo.hpp"

#include <gtest/gtest.h>
#include <isl/constraint.h>

#include <cstdlib>
#include <string>

#include "ir/instance_sets.hpp"
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

// Verifying a hit must not change the entry later users see: isl's equality test normalizes its
// operands in place (a basic set's constraints sorted), so it is given a copy of the cached result.
// The order is read constraint by constraint (isl's printer groups bounds and would hide it).
std::string constraint_order(const isl::set& set) {
  std::string order;
  isl_set_foreach_basic_set(
      set.get(),
      [](isl_basic_set* basic, void* user) {
        isl_basic_set_foreach_constraint(
            basic,
            [](isl_constraint* constraint, void* text) {
              isl_basic_set* alone = isl_basic_set_from_constraint(constraint);
              char* printed = isl_basic_set_to_str(alone);
              *static_cast<std::string*>(text) += std::string(printed) + "; ";
              free(printed);
              isl_basic_set_free(alone);
              return isl_stat_ok;
            },
            user);
        isl_basic_set_free(basic);
        return isl_stat_ok;
      },
      &order);
  return order;
}

TEST(IslMemo, VerificationLeavesTheCachedResultAsItWas) {
  auto context = std::make_shared<IslContext>();
  // An intersection keeps its operands' constraints in their order; isl's normalization sorts them.
  isl::set upper(context->ctx(), "[n] -> { [i] : i < n }");
  isl::set lower(context->ctx(), "[n] -> { [i] : i >= 0 and i >= n - 10 }");
  detail::IslMemoEntry cached = entry_of(upper.intersect(lower));
  std::string before = constraint_order(cached.set);
  IslMemoKey key("test");
  detail::verify_memo_entry(key, cached, entry_of(isl::set(context->ctx(), "[n] -> { [i] : 0 <= i < n and i >= n - 10 }")));
  EXPECT_EQ(constraint_order(cached.set), before);
}

// An instruction's instances depend on the domains it runs in, not on inames elsewhere: the
// storage inames add_prefetch adds leave its readers' instance-set key (and so every access
// relation, race and bounds verdict memoized from it) as it was, so the next check is a hit.
TEST(IslMemo, AnInstructionsDomainKeyIgnoresInamesItsDomainsDoNotMention) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = 2*a[i]", {array_arg("a, out", DType::Float32, {"n"})});
  SplitOptions split;
  split.outer_tag = "g.0";
  split.inner_tag = "l.0";
  kernel = split_iname(kernel, "i", 16, split);
  PrefetchOptions options;
  options.sweep_inames = {"i_inner"};
  options.fetch_outer_inames = std::vector<std::string>{"i_outer"};
  options.default_tag = "l.auto";
  LoopKernel fetched = add_prefetch(kernel, "a", options);
  ASSERT_GT(fetched.all_inames().size(), kernel.all_inames().size());
  std::set<std::string> within{"i_inner", "i_outer"};
  std::vector<std::string> dims{"i_outer", "i_inner"};
  IslMemoKey before = instruction_domain_key(kernel, within, dims, "S", true);
  IslMemoKey after = instruction_domain_key(fetched, within, dims, "S", true);
  EXPECT_EQ(before.text(), after.text());
  ASSERT_EQ(before.inputs().size(), after.inputs().size());
  for (std::size_t k = 0; k < before.inputs().size(); ++k) EXPECT_EQ(before.inputs()[k].lock(), after.inputs()[k].lock());
}

// A domain parameter that is an iname is projected out of the instances, one that is not stays:
// the key tells the two apart (`{[j]: 0<=j<i}` within j alone, with i an iname or a parameter).
TEST(IslMemo, AnInstructionsDomainKeyNamesWhichParametersAreInames) {
  std::vector<KernelArgument> args = {array_arg("out", DType::Float32, {"n"})};
  LoopKernel nested = make_kernel({"{[i]: 0<=i<n}", "{[j]: 0<=j<i}"}, "out[j] = 1", args);
  LoopKernel flat = make_kernel({"{[j]: 0<=j<i}"}, "out[j] = 1", args);
  IslMemoKey in_nested = instruction_domain_key(nested, {"j"}, {"j"}, "S", true);
  IslMemoKey in_flat = instruction_domain_key(flat, {"j"}, {"j"}, "S", true);
  EXPECT_NE(in_nested.text(), in_flat.text());
}

// constant_iname_range is memoized by the identities of the iname's domain and the assumptions:
// every kernel of a lineage that shares the domain gets the same answer without isl, and a domain
// a transform rewrote (another set) is computed afresh.
TEST(IslMemo, ConstantInameRangesAreKeyedByTheirDomain) {
  LoopKernel kernel = make_kernel({"{[i,j]: -3<=i<=5 and 0<=j<=i+3}", "{[k]: 0<=k<n}"}, "out[i + 3, j, k] = 1",
                                  {array_arg("out", DType::Float32, {"9", "9", "n"})});
  for (int round = 0; round < 2; ++round) {  // the second round is served by the memo
    std::optional<ConstantRange> i = constant_iname_range(kernel, "i");
    ASSERT_TRUE(i.has_value());
    EXPECT_EQ(i->lower, -3);
    EXPECT_EQ(i->extent, 9);
    std::optional<ConstantRange> j = constant_iname_range(kernel, "j");  // i projected out: 0..8
    ASSERT_TRUE(j.has_value());
    EXPECT_EQ(j->lower, 0);
    EXPECT_EQ(j->extent, 9);
    EXPECT_FALSE(constant_iname_range(kernel, "k").has_value());  // depends on n
    EXPECT_FALSE(constant_iname_range(kernel, "x").has_value());  // no iname
  }
  // A split rewrites i's domain: its new inames get their own ranges; k's domain is shared.
  LoopKernel split = split_iname(kernel, "i", 4);
  std::optional<ConstantRange> inner = constant_iname_range(split, "i_inner");
  ASSERT_TRUE(inner.has_value());
  EXPECT_EQ(inner->lower, 0);
  EXPECT_EQ(inner->extent, 4);
  EXPECT_FALSE(constant_iname_range(split, "i").has_value());
  EXPECT_FALSE(constant_iname_range(split, "k").has_value());
  LoopKernel empty = make_kernel({"{[i]: 0<=i<0}"}, "out[0] = 1", {array_arg("out", DType::Float32, {"1"})});
  EXPECT_FALSE(constant_iname_range(empty, "i").has_value());
}

}  // namespace
}  // namespace loom
