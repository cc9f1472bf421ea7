// Specs written the way people who never read loom's examples write them (tests/conformance/naive/
// *.json, wt-lang11): loopy's tutorial and test kernels translated naively into JSON, PolyBench and
// textbook loops, C and Python habits (`+=`, min of three values, numpy dtype names, shape=10).
// outcomes.json says per spec "passes" (the kernel matches its untransformed float64 reference on
// C at the spec's parameters, and at n = 1 and n = 13 where the spec has a parameter n that the
// assumptions allow there) or "refused: <text>" (a loom::Error whose message contains the text:
// the refusals a user must understand, so the text names the construct at fault).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "loom/loom.hpp"
#include "loom/spec_check_options.hpp"

namespace loom {
namespace {

using json = nlohmann::json;
namespace fs = std::filesystem;

fs::path naive_dir() { return fs::path(LOOM_SOURCE_DIR) / "tests/conformance/naive"; }

// "passes", "check failed: <report>", "skipped" (parameters outside the assumptions) or
// "refused: <message>".
std::string outcome(const Spec& spec, const ParameterMap& parameters) {
  try {
    CheckOptions options = check_options_from_test(spec.test, Target::C);  // as `loom run` gives them
    CheckResult result = check_against_reference(spec.kernel, spec.reference, parameters, options);
    return result.passed ? "passes" : "check failed: " + result.report();
  } catch (const Error& error) {
    std::string message = error.what();
    if (message.find("violate the assumptions") != std::string::npos) return "skipped";
    return "refused: " + message;
  }
}

void expect_outcome(const std::string& name, const std::string& expected) {
  SCOPED_TRACE(name);
  std::optional<Spec> spec;
  std::string got;
  try {
    spec = read_spec_file((naive_dir() / (name + ".json")).string());
  } catch (const Error& error) {
    got = std::string("refused: ") + error.what();
  }
  if (spec) got = outcome(*spec, spec->test.parameters);
  if (expected != "passes") {
    ASSERT_EQ(expected.rfind("refused: ", 0), 0u) << "outcomes.json: " << expected;
    EXPECT_EQ(got.rfind("refused: ", 0), 0u) << got;
    EXPECT_NE(got.find(expected.substr(9)), std::string::npos) << "expected '" << expected << "', got: " << got;
    return;
  }
  EXPECT_EQ(got, "passes");
  if (!spec || spec->test.parameters.count("n") == 0) return;
  for (int64_t n : {1, 13}) {
    ParameterMap parameters = spec->test.parameters;
    parameters["n"] = n;
    std::string at_n = outcome(*spec, parameters);
    if (at_n != "skipped") {
      EXPECT_EQ(at_n, "passes") << "n=" << n;
    }
  }
}

TEST(NaiveSpecs, EachSpecMatchesItsOutcomeOnC) {
  std::ifstream in(naive_dir() / "outcomes.json");
  json outcomes = json::parse(in);
  std::size_t specs = 0;
  for (const auto& entry : fs::directory_iterator(naive_dir())) {
    if (entry.path().extension() != ".json" || entry.path().filename() == "outcomes.json") continue;
    ++specs;
    std::string name = entry.path().stem().string();
    ASSERT_TRUE(outcomes.contains(name)) << name << ".json has no entry in outcomes.json";
  }
  EXPECT_EQ(specs, outcomes.size()) << "outcomes.json names a spec that does not exist";
  for (const auto& [name, expected] : outcomes.items()) expect_outcome(name, expected.get<std::string>());
}

}  // namespace
}  // namespace loom
