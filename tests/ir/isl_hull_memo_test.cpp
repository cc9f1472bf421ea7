// loom's patch to the bundled isl (third_party/isl/patches/0004-hull-memo.patch): the equalities that
// isl_basic_map_detect_equalities finds (the integer affine hull, behind isl_basic_set_affine_hull,
// isl_set_affine_hull and every simplification that detects equalities) are kept per isl_ctx, keyed
// on the constraints' values in their order and the set's cached sample, so that a later question
// about the same set gets them without the search. These tests ask for each hull several times in one
// context (the later answers come from the memo), with and without a cached sample, and check them
// against hulls known by construction and against a fresh context's. Public isl API only, so they
// also hold for a system isl.

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include <isl/ctx.h>
#include <isl/options.h>
#include <isl/set.h>

#include "ir/isl_patch_test_context.hpp"

namespace {

struct Case {
  const char* set;
  const char* hull;  // the integer affine hull, as a basic set
};

// Sets whose hull needs a search: equalities no single constraint shows (implied by several
// inequalities, or holding only for the integer points), an empty set, and sets without any.
const std::vector<Case>& cases() {
  static const std::vector<Case> all = {
      {"{ [x, y] : x >= 0 and y >= 0 and x + y <= 0 }", "{ [x, y] : x = 0 and y = 0 }"},
      {"{ [x, y] : 3x - 2y >= 0 and 3x - 2y <= 1 and 0 <= x <= 1 }", "{ [x, y] : y = x }"},
      {"[n] -> { [i, j] : i >= 0 and j >= 0 and i + j <= n and n <= 0 }",
       "[n] -> { [i, j] : i = 0 and j = 0 and n = 0 }"},
      {"{ [x, y] : 11x + 13y >= 27 and 11x + 13y <= 45 and 7x - 9y >= -10 and 7x - 9y <= 4 }",
       "{ [x, y] : 1 = 0 }"},
      {"[n] -> { [i, j] : 0 <= i < n and 0 <= j <= i }", "[n] -> { [i, j] }"},
      {"[n] -> { [i, j, k] : 0 <= i < n and 2k >= i + j and 2k <= i + j and j >= 0 and j <= 0 }",
       "[n] -> { [i, j, k] : j = 0 and exists (e : i = 2e and k = e) }"},
  };
  return all;
}

std::string text(isl_basic_set* set) {
  char* printed = isl_basic_set_to_str(set);
  std::string result = printed == nullptr ? "" : printed;
  free(printed);
  isl_basic_set_free(set);
  return result;
}

class IslHullMemo : public IslPatchTest {
 protected:
  // The hull of a newly read copy of "text"; with "sampled", after an emptiness test has cached a
  // sample in the object (the hull's search starts from it).
  isl_basic_set* hull(const char* text, bool sampled) const {
    isl_basic_set* set = read(text);
    if (sampled) isl_basic_set_is_empty(set);
    return isl_basic_set_affine_hull(set);
  }

  bool equal(isl_basic_set* a, const char* expected) const {
    isl_basic_set* b = read(expected);
    bool same = isl_basic_set_is_equal(a, b) == isl_bool_true;
    isl_basic_set_free(b);
    return same;
  }
};

TEST_F(IslHullMemo, TheHullIsTheSameWhenAskedAgainInTheSameContext) {
  for (int round = 0; round < 3; ++round) {
    for (bool sampled : {false, true}) {
      for (const Case& c : cases()) {
        isl_basic_set* h = hull(c.set, sampled);
        ASSERT_NE(h, nullptr) << c.set;
        EXPECT_TRUE(equal(h, c.hull)) << c.set << " round " << round << " sampled " << sampled;
        isl_basic_set_free(h);
      }
    }
  }
}

// The hull from the memo is the one a fresh context computes, constraint for constraint.
TEST_F(IslHullMemo, AHullFromTheMemoIsTheOneAFreshContextComputes) {
  for (const Case& c : cases()) text(hull(c.set, false));
  for (bool sampled : {false, true}) {
    for (const Case& c : cases()) {
      isl_ctx* fresh = isl_ctx_alloc();
      isl_basic_set* set = isl_basic_set_read_from_str(fresh, c.set);
      if (sampled) isl_basic_set_is_empty(set);
      std::string computed = text(isl_basic_set_affine_hull(set));
      isl_ctx_free(fresh);
      EXPECT_EQ(text(hull(c.set, sampled)), computed) << c.set;
    }
  }
}

// The operation budget stops a question whose answer the memo holds, as it stopped the search (the
// search needs ~90 operations of isl 0.25, a hit that charged nothing ~11).
TEST_F(IslHullMemo, TheOperationBudgetStillStopsARememberedQuestion) {
  const char* hard = cases()[1].set;
  text(hull(hard, false));
  isl_basic_set* set = read(hard);
  isl_ctx_reset_operations(ctx_);
  isl_ctx_set_max_operations(ctx_, 40);
  EXPECT_EQ(isl_basic_set_affine_hull(set), nullptr);
  isl_ctx_set_max_operations(ctx_, 0);
  isl_ctx_reset_operations(ctx_);
  isl_basic_set* h = hull(hard, false);
  EXPECT_TRUE(equal(h, cases()[1].hull));
  isl_basic_set_free(h);
}

}  // namespace
