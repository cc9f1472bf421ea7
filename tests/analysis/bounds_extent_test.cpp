// The bounds check's quick test of a plain index against its axis (iname_within_extent): the
// out-of-range parts are asked as `values` with one constraint added (issue 26, small21). An
// extent may name a parameter that the iname's domain does not have (`a` of shape n indexed by
// itgt over 0 <= itgt < ntgts, loopy's test_recursive_nested_dependent_reduction): both verdicts,
// and under LOOM_VERIFY_SKIPPED_CHECKS the one-constraint answer is compared with isl's
// comparison sets.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

std::string gather_spec(const std::string& assumptions) {
  return R"json({"loom": 1, "name": "sums", "domains": ["{[itgt]: 0 <= itgt < ntgts}", "{[j]: 0 <= j < m}"],
    "instructions": ["a[itgt] = sum(j, b[j] + itgt)"],
    "args": [{"name": "n, ntgts, m", "kind": "value", "dtype": "int32"},
             {"name": "a", "dtype": "int32", "shape": ["n"]}, {"name": "b", "dtype": "int32", "shape": ["m"]}],
    "assumptions": ")json" + assumptions + R"json("})json";
}

void expect_verdicts() {
  try {
    Spec outside = read_spec(gather_spec("ntgts >= 1"));
    generate_code(outside.kernel, Target::C);
    FAIL() << "expected the write of a[itgt] outside the shape (n) to be refused";
  } catch (const Error& error) {
    EXPECT_NE(std::string(error.what()).find("outside the shape (n) of 'a'"), std::string::npos) << error.what();
  }
  Spec within = read_spec(gather_spec("ntgts >= 1 and n >= ntgts"));
  std::string code = generate_code(within.kernel, Target::C).source;
  EXPECT_NE(code.find("sums"), std::string::npos);
  testing::expect_matches_reference(within.kernel, within.reference, {{"n", 5}, {"ntgts", 4}, {"m", 3}});
}

TEST(BoundsExtent, ExtentNamingAParameterOutsideTheDomain) { expect_verdicts(); }

TEST(BoundsExtent, ExtentNamingAParameterOutsideTheDomainVerified) {
  const char* before = std::getenv("LOOM_VERIFY_SKIPPED_CHECKS");
  setenv("LOOM_VERIFY_SKIPPED_CHECKS", "1", 1);
  expect_verdicts();
  if (before == nullptr) unsetenv("LOOM_VERIFY_SKIPPED_CHECKS");
  else setenv("LOOM_VERIFY_SKIPPED_CHECKS", before, 1);
}

}  // namespace
}  // namespace loom
