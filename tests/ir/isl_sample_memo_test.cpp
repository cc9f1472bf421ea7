// loom's patch to the bundled isl (third_party/isl/patches/0003-sample-memo.patch): an integer
// sample that isl computes for an emptiness test (isl_basic_set_sample_vec and its callers) is
// kept per isl_ctx, keyed on the constraints' values in their order, and a later question about the
// same constraints gets the same vector without the computation. These tests ask each question
// twice in one context (the second answer comes from the memo) and check the answers against
// sets whose emptiness is known by construction: integer-empty sets that are rationally nonempty
// (so isl must search for a point) and nonempty ones, with and without parameters, equalities and
// local variables. They use isl's public API only, so they also hold for a system isl.

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include <isl/ctx.h>
#include <isl/options.h>
#include <isl/point.h>
#include <isl/set.h>

#include "ir/isl_patch_test_context.hpp"

namespace {

struct Case {
  const char* text;
  bool empty;
};

// Each empty case is empty over the integers only: isl cannot see it from the constraints
// (isl_basic_set_plain_is_empty is false after reading) and must look for a point.
const std::vector<Case>& cases() {
  static const std::vector<Case> all = {
      {"{ [x, y] : 11x + 13y >= 27 and 11x + 13y <= 45 and 7x - 9y >= -10 and 7x - 9y <= 4 }", true},
      {"{ [x, y] : 10 <= 4x + 7y <= 10 and 0 <= x <= 1 }", true},
      {"[n] -> { [x, y] : 2x = n + 1 and 2y = n }", true},
      {"[n] -> { [x, y] : 0 <= x <= n and 3 <= 3y - 2x <= 4 }", false},
      {"{ [x, y] : 0 <= 5x - 3y <= 1 and 1 <= 3x - 2y <= 1 }", false},
      {"{ [x, y] : 13x - 10y >= 1 and 13x - 10y <= 2 and 7x - 5y >= 2 and 7x - 5y <= 3 }", false},
      {"[n, m] -> { [i, j] : 0 <= i < n and 0 <= j <= i and 4j <= m and n >= 3 }", false},
      {"{ [i] : exists (e : i = 4e + 1) and 0 <= i <= 2 }", false},
      {"[n] -> { [i, j] : i + j = n and 0 <= i and 0 <= j and 5i >= 2n + 1 }", false},
  };
  return all;
}

// The printed point; frees it.
std::string text(isl_point* point) {
  char* printed = isl_point_to_str(point);
  std::string result = printed == nullptr ? "" : printed;
  free(printed);
  isl_point_free(point);
  return result;
}

class IslSampleMemo : public IslPatchTest {
 protected:
  // isl's answer for a newly read copy of "text" (no sample cached in the object).
  isl_bool is_empty(const char* text) const {
    isl_basic_set* set = read(text);
    isl_bool empty = isl_basic_set_is_empty(set);
    isl_basic_set_free(set);
    return empty;
  }

  std::string sample(const char* text) const { return text_of_sample(read(text)); }

  static std::string text_of_sample(isl_basic_set* set) { return text(isl_basic_set_sample_point(set)); }
};

TEST_F(IslSampleMemo, TheCasesNeedASearch) {
  for (const Case& c : cases()) {
    isl_basic_set* set = read(c.text);
    ASSERT_NE(set, nullptr) << c.text;
    EXPECT_EQ(isl_basic_set_plain_is_empty(set), isl_bool_false) << c.text;
    isl_basic_set_free(set);
  }
}

TEST_F(IslSampleMemo, EmptinessIsTheSameWhenAskedAgainInTheSameContext) {
  for (int round = 0; round < 3; ++round) {
    for (const Case& c : cases()) {
      EXPECT_EQ(is_empty(c.text), c.empty ? isl_bool_true : isl_bool_false) << c.text << " round " << round;
    }
  }
}

TEST_F(IslSampleMemo, ASampleAskedAgainIsTheSamePointAndLiesInTheSet) {
  std::vector<std::string> first;
  for (const Case& c : cases()) first.push_back(sample(c.text));
  for (int round = 0; round < 2; ++round) {
    for (std::size_t i = 0; i < cases().size(); ++i) {
      const Case& c = cases()[i];
      EXPECT_EQ(sample(c.text), first[i]) << c.text;
      isl_basic_set* set = read(c.text);
      isl_point* point = isl_basic_set_sample_point(isl_basic_set_copy(set));
      ASSERT_NE(point, nullptr) << c.text;
      EXPECT_EQ(isl_point_is_void(point), c.empty ? isl_bool_true : isl_bool_false) << c.text;
      if (!c.empty) {
        isl_set* single = isl_set_from_point(point);
        EXPECT_EQ(isl_set_is_subset(single, isl_set_from_basic_set(isl_basic_set_copy(set))), isl_bool_true)
            << c.text;
        isl_set_free(single);
      } else {
        isl_point_free(point);
      }
      isl_basic_set_free(set);
    }
  }
}

// A fresh context's sample is the one a context that already answered the question gives back.
TEST_F(IslSampleMemo, ASampleFromTheMemoIsTheOneAFreshContextComputes) {
  for (const Case& c : cases()) sample(c.text);
  for (const Case& c : cases()) {
    isl_ctx* fresh = isl_ctx_alloc();
    std::string computed = text_of_sample(isl_basic_set_read_from_str(fresh, c.text));
    isl_ctx_free(fresh);
    EXPECT_EQ(sample(c.text), computed) << c.text;
  }
}

// The operation budget stops a question whose answer the memo holds, as it stopped the computation:
// with a budget far below the search's cost the second question fails too.
TEST_F(IslSampleMemo, TheOperationBudgetStillStopsARememberedQuestion) {
  const char* hard = cases()[0].text;
  ASSERT_EQ(is_empty(hard), isl_bool_true);
  isl_basic_set* set = read(hard);
  isl_ctx_reset_operations(ctx_);
  isl_ctx_set_max_operations(ctx_, 40);
  EXPECT_EQ(isl_basic_set_is_empty(set), isl_bool_error);
  isl_ctx_set_max_operations(ctx_, 0);
  isl_ctx_reset_operations(ctx_);
  isl_basic_set_free(set);
  EXPECT_EQ(is_empty(hard), isl_bool_true);
}

}  // namespace
