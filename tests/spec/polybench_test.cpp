// PolyBench kernels written as specs the way a user who never read loom's examples writes them,
// with the schedules users try first (tests/polybench/*.json): dense linear algebra, triangular
// nests, in-place updates, time loops, multi-phase kernels with and without the global barriers
// they need, stencils with a prefetch, tails. tests/polybench/outcomes.json says, per target,
// whether the spec's kernel passes its check against the untransformed kernel (SPEC.md's
// `run --check`) or is refused with a given text. Every spec is asserted on every target: nothing
// is skipped. Two of them found wrong code that had run silently (atax and trisolv with rows on
// work-groups read values another group wrote: a read inside a reduction was no dependence).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "loom/spec_check_options.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using json = nlohmann::json;
namespace fs = std::filesystem;

struct PolyBenchCase {
  std::string name;      // the spec's file name without .json
  std::string expected;  // "passes" or "refused: <text>"
};

void PrintTo(const PolyBenchCase& c, std::ostream* out) { *out << c.name << " (" << c.expected << ")"; }

fs::path polybench_dir() { return fs::path(LOOM_SOURCE_DIR) / "tests/polybench"; }

std::vector<PolyBenchCase> load_cases(const std::string& target) {
  std::ifstream in(polybench_dir() / "outcomes.json");
  json outcomes = json::parse(in);
  std::vector<PolyBenchCase> cases;
  for (const auto& [name, per_target] : outcomes.items()) cases.push_back({name, per_target.at(target).get<std::string>()});
  return cases;
}

// What running the spec's kernel against its reference on `target` gives: "passes", or the
// loom::Error's text (a refusal, or the check's report of a mismatch).
std::string outcome(const std::string& name, Target target) {
  try {
    Spec spec = read_spec_file((polybench_dir() / (name + ".json")).string());
    CheckOptions options = check_options_from_test(spec.test, target);  // test.values, inputs, tolerances, seed
    CheckResult result = check_against_reference(spec.kernel, spec.reference, spec.test.parameters, options);
    return result.passed ? "passes" : "check failed: " + result.report();
  } catch (const InternalError& error) {
    return std::string("internal error: ") + error.what();  // never a refusal
  } catch (const Error& error) {
    return std::string("refused: ") + error.what();
  }
}

void expect_outcome(const PolyBenchCase& c, Target target) {
  std::string got = outcome(c.name, target);
  if (c.expected == "passes") {
    EXPECT_EQ(got, "passes") << c.name;
    return;
  }
  ASSERT_EQ(c.expected.rfind("refused: ", 0), 0u) << "outcomes.json: " << c.name << ": " << c.expected;
  EXPECT_NE(got.find(c.expected.substr(9)), std::string::npos) << c.name << " should be refused with '"
                                                               << c.expected.substr(9) << "'; got: " << got;
  EXPECT_EQ(got.rfind("refused: ", 0), 0u) << got;
}

class PolyBench : public ::testing::TestWithParam<PolyBenchCase> {};
class PolyBenchOpenCL : public ::testing::TestWithParam<PolyBenchCase> {};

TEST_P(PolyBench, MatchesItsOutcome) { expect_outcome(GetParam(), Target::C); }

TEST_P(PolyBenchOpenCL, MatchesItsOutcome) {
  REQUIRE_OPENCL();
  expect_outcome(GetParam(), Target::OpenCL);
}

std::string parameter_name(const ::testing::TestParamInfo<PolyBenchCase>& info) { return info.param.name; }

INSTANTIATE_TEST_SUITE_P(Specs, PolyBench, ::testing::ValuesIn(load_cases("c")), parameter_name);
INSTANTIATE_TEST_SUITE_P(Specs, PolyBenchOpenCL, ::testing::ValuesIn(load_cases("opencl")), parameter_name);

}  // namespace
}  // namespace loom
