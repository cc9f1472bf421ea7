// loopy's own test suite as loom's (issue 23): every case in tests/conformance/cases/*.json is one
// loopy test (or one parametrisation of it) written as a loom spec, with what loopy asserts about it.
//
// A case file holds {"loopy_file": "test_loopy", "cases": [...]}; each case:
//   "test":     the loopy test's name (test_xxx), "variant": an optional suffix for parametrisations
//   "spec":     a loom spec (docs/spec.md); "loom": 1 and "name" are filled in when absent
//   "targets":  where it runs against the untransformed reference, default ["c", "opencl"]
//   "reference": spec keys that differ in loopy's separate reference kernel (auto_test_vs_ref's
//               ref_knl); the reference is then that spec, untransformed
//   "mismatch": true when loopy's auto_test_vs_ref must detect a difference (AutomaticTestFailure)
//   "outputs":  values loopy asserts for outputs after one run of the transformed kernel:
//               {"a": [flat C-order values]} or {"a": {"all": v}}
//   "refusal":  loopy refuses the kernel too: loom must throw a loom::Error containing this text
//   "code":     properties of the generated source loopy checks: {"target": "opencl"|"c",
//               "contains": [...], "absent": [...], "counts": {"text": n}}; "cuda" emits source
//               only (no GPU needed)
//   "xfail":    {"class": N, "message": "..."}: loom does not behave as loopy yet (issue 23's
//               behaviour class N; without "class", a difference not yet classified). The case
//               asserts loom's current behaviour (the message is part of the difference: a refusal
//               text, a check report), and its test name ends in _XFAIL_classN (_XFAIL_unclassified)
//               so the expected failure shows in every test listing; once the fix lands the case
//               fails with "now passes" and the xfail entry is removed.
//   "loom_differs": why loom deliberately does not do what loopy asserts (it does better); the
//               case then asserts loom's behaviour: the kernel runs and matches the reference
//   "loom_refuses": loopy accepts the kernel but it is wrong (a race loopy does not see): loom must
//               refuse it with an Error containing this text; "loom_differs" says why
//   "xfail_opencl": the same for the OpenCL run only, where it differs from the C run
//   "refusal_opencl": the OpenCL run must be refused with an Error containing this text, the C
//               run runs as usual: loopy refuses the kernel there too when it generates code for a
//               GPU (a missing global barrier), or DESIGN.md/SPEC.md decides against loopy for GPU
//               targets ("design_difference" says so)
//   "reference_after": k: the reference is the spec after its first k transforms
//   "generate_only": true: loopy only generates the code (its kernel reads values nothing defines,
//               so no run can be compared): the case generates it for the target and checks "code"
//   "call_with": {"g": [2], ...}: the case calls the compiled kernel once with only these arrays
//               (of these shapes, zero-filled) and the test parameters, as loopy's tests call a
//               kernel leaving arguments out; with "refusal", loom must refuse that call
//   "note", "design_difference": text for docs/loopy-compat.md only (where the case departs from
//               loopy's text, or where SPEC.md decides against loopy)
// docs/loopy-compat.md is generated from these files by tests/conformance/make_compat_doc.py.
//
// The C-target tests form the suite LoopyConformance (label unit); the OpenCL ones (PoCL in CI)
// LoopyConformanceOpenCL (label opencl).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <variant>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "loom/spec_check_options.hpp"

namespace loom {
namespace {

using nlohmann::json;

struct ConformanceCase {
  std::string file;        // test_loopy.json
  std::string test_name;   // gtest parameter name
  json body;               // the case object
  std::string load_error;  // a malformed case file fails its test instead of aborting discovery
};

// gtest prints a parameter it cannot name; a short form keeps failure output readable.
void PrintTo(const ConformanceCase& c, std::ostream* out) { *out << c.test_name; }

std::string sanitized(const std::string& text) {
  std::string out;
  for (char c : text) out += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return out;
}

// The expected failure recorded for `target` ("xfail_opencl" overrides "xfail" on OpenCL), or null.
json xfail_for(const json& body, const std::string& target) {
  if (body.contains("xfail_" + target)) return body["xfail_" + target];
  return body.contains("xfail") ? body["xfail"] : json();
}

std::string case_name(const std::string& loopy_file, const json& body, const std::string& target) {
  std::string name = sanitized(loopy_file) + "__" + sanitized(body.value("test", "unnamed"));
  if (body.contains("variant")) name += "__" + sanitized(body["variant"].get<std::string>());
  if (json xfail = xfail_for(body, target); !xfail.is_null()) {
    name += xfail.contains("class") ? "_XFAIL_class" + xfail["class"].dump() : "_XFAIL_unclassified";
  }
  return name;
}

bool runs_on(const json& body, const std::string& target) {
  if (!body.contains("targets")) return true;
  const json& targets = body["targets"];
  return std::find(targets.begin(), targets.end(), target) != targets.end();
}

std::vector<ConformanceCase> load_cases(const std::string& target) {
  std::vector<ConformanceCase> cases;
  std::filesystem::path directory = std::filesystem::path(LOOM_SOURCE_DIR) / "tests/conformance/cases";
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(directory)) {
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  for (const auto& path : files) {
    std::string file = path.filename().string();
    try {
      std::ifstream in(path);
      json root = json::parse(in);
      std::string loopy_file = root.at("loopy_file").get<std::string>();
      for (const json& body : root.at("cases")) {
        bool refusal = body.contains("refusal");
        // A refusal is target-independent: it is asserted once, in the C suite.
        if (refusal && target != "c") continue;
        if (!refusal && !runs_on(body, target)) continue;
        cases.push_back({file, case_name(loopy_file, body, target), body, ""});
      }
    } catch (const std::exception& error) {
      cases.push_back({file, sanitized(file) + "__unreadable", json::object(), error.what()});
    }
  }
  return cases;
}

// Runs the kernel once and compares the outputs loopy asserts; returns what differs.
std::string compare_outputs(const Spec& read, const json& expected_outputs, const CheckOptions& options) {
  ArgumentMap arguments = make_test_arguments(read.kernel, read.test.parameters, options);
  compile(read.kernel, options.target)(arguments);
  std::ostringstream wrong;
  for (const auto& [name, expected] : expected_outputs.items()) {
    const Array& array = std::get<Array>(arguments.at(name));
    for (int64_t i = 0; i < array.size(); ++i) {
      double want = expected.is_object() ? expected.at("all").get<double>() : expected.at(static_cast<std::size_t>(i)).get<double>();
      if (std::abs(array.get_double(i) - want) > 1e-6 * (1 + std::abs(want))) {
        wrong << "output " << name << "[" << i << "] = " << array.get_double(i) << ", loopy asserts " << want;
        return wrong.str();
      }
    }
    if (!expected.is_object() && static_cast<int64_t>(expected.size()) != array.size()) {
      return "output " + name + " has " + std::to_string(array.size()) + " elements, loopy asserts " + std::to_string(expected.size());
    }
  }
  return "";
}

// The device code of a translation unit: from its first kernel on (loopy's device_code()), so
// helpers in the preamble do not count; the C target's function when there is no __kernel.
std::string device_code(const GeneratedCode& code) {
  std::size_t start = std::min(code.source.find("__kernel"), code.source.find("extern \"C\""));
  if (start == std::string::npos) start = code.source.find(" " + code.function_name + "(");
  if (start == std::string::npos) return code.source;
  std::size_t line = code.source.rfind('\n', start);
  return code.source.substr(line == std::string::npos ? 0 : line + 1);
}

// What differs from loopy's assertions about the generated code ("" when nothing).
std::string code_problems(const Spec& read, const json& code) {
  std::string target_name = code.value("target", "opencl");
  Target code_target = target_name == "c" ? Target::C : target_name == "cuda" ? Target::CUDA : Target::OpenCL;
  std::string source = device_code(generate_code(read.kernel, code_target));
  std::ostringstream problems;
  const json contains = code.value("contains", json::array());
  for (const json& text : contains) {
    if (source.find(text.get<std::string>()) == std::string::npos) problems << "code lacks '" << text.get<std::string>() << "'; ";
  }
  const json absent = code.value("absent", json::array());
  for (const json& text : absent) {
    if (source.find(text.get<std::string>()) != std::string::npos) problems << "code has '" << text.get<std::string>() << "'; ";
  }
  const json counts = code.value("counts", json::object());
  for (const auto& [text, expected] : counts.items()) {
    int found = testing::count(source, text);
    if (found != expected.get<int>()) problems << "'" << text << "' occurs " << found << " times, loopy: " << expected << "; ";
  }
  std::string text = problems.str();
  return text.empty() ? "" : text + "\n" + source;
}

// The reference kernel: the untransformed spec; or loopy's separate ref_knl ("reference": spec
// keys that differ); or the spec after its first `reference_after` transforms (loopy tests often
// take ref_knl after fix_parameters).
LoopKernel reference_kernel(const json& body, const json& spec, const Spec& read) {
  if (!body.contains("reference") && !body.contains("reference_after")) return read.reference;
  json reference_spec = spec;
  json transforms = json::array();
  if (body.contains("reference_after")) {
    for (int k = 0; k < body["reference_after"].get<int>(); ++k) transforms.push_back(spec.at("transforms").at(k));
  }
  reference_spec["transforms"] = transforms;
  const json overrides = body.value("reference", json::object());
  for (const auto& [key, value] : overrides.items()) reference_spec[key] = value;
  return read_spec(reference_spec.dump()).kernel;
}

// Calls the compiled kernel with only the arrays `arrays` names (zero-filled, of the given
// shapes) and the test parameters: what a loopy test does when it leaves an argument out.
std::string call_with_only(const Spec& read, const json& arrays, Target target) {
  CompiledKernel program = compile(read.kernel, target);
  ArgumentMap arguments;
  for (const auto& [name, shape] : arrays.items()) {
    const KernelArgument* arg = read.kernel.find_arg(name);
    if (arg == nullptr || !arg->dtype) return "call_with names '" + name + "', which is not a typed argument";
    arguments.emplace(name, Array(*arg->dtype, shape.get<std::vector<int64_t>>()));
  }
  for (const auto& [name, value] : read.test.parameters) arguments.emplace(name, Scalar(value));
  for (const auto& [name, value] : read.test.values) arguments.emplace(name, Scalar(value));
  program(arguments);
  return "";
}

// Runs the case's spec and returns how loom differs from what loopy asserts: "" when it does not,
// else a loom error's text, a check report, a wrong output value or a missing code property.
std::string run_case(const json& body, Target target) {
  json spec = body.at("spec");
  if (!spec.contains("loom")) spec["loom"] = 1;
  if (!spec.contains("name")) spec["name"] = body.value("test", "kernel");
  Spec read = read_spec(spec.dump());
  if (body.contains("call_with")) return call_with_only(read, body["call_with"], target);
  if (body.value("generate_only", false)) {
    generate_code(read.kernel, target);
    return body.contains("code") ? code_problems(read, body["code"]) : "";
  }
  LoopKernel reference = reference_kernel(body, spec, read);
  CheckOptions options = check_options_from_test(read.test, target);  // test.values, inputs, tolerances, seed
  CheckResult result = check_against_reference(read.kernel, reference, read.test.parameters, options);
  if (body.value("mismatch", false)) return result.passed ? "loopy's check detects a difference; loom's did not" : "";
  if (!result.passed) return "check failed: " + result.report();
  if (body.contains("outputs")) {
    std::string wrong = compare_outputs(read, body["outputs"], options);
    if (!wrong.empty()) return wrong;
  }
  return body.contains("code") ? code_problems(read, body["code"]) : "";
}

// How loom's behaviour differs from loopy's for this case ("" when it does not). A refusal case
// differs when loom accepts the kernel or refuses it for another reason.
std::string difference_from_loopy(const json& body, Target target) {
  std::string outcome;
  bool refused = false;
  try {
    outcome = run_case(body, target);
  } catch (const InternalError& error) {
    // Never a refusal: test_write_parameter's "refusal" text 'n' matched the C compiler's
    // complaint about loom's own code (conf15).
    return std::string("an internal error of loom, not a refusal: ") + error.what();
  } catch (const Error& error) {
    outcome = std::string("loom::Error: ") + error.what();
    refused = true;
  }
  if (target == Target::OpenCL && body.contains("refusal_opencl")) {
    std::string expected = body["refusal_opencl"].get<std::string>();
    if (!refused) return "loom should refuse this kernel on OpenCL; it accepted it" + (outcome.empty() ? "" : " (" + outcome + ")");
    return outcome.find(expected) != std::string::npos ? "" : "refusal text lacks '" + expected + "': " + outcome;
  }
  if (body.contains("loom_refuses")) {
    std::string expected = body["loom_refuses"].get<std::string>();
    if (!refused) return "loom should refuse this kernel (loopy accepts it wrongly); loom accepted it";
    return outcome.find(expected) != std::string::npos ? "" : "refusal text lacks '" + expected + "': " + outcome;
  }
  if (!body.contains("refusal") || body.contains("loom_differs")) return outcome;
  if (!refused) return "loopy refuses this kernel; loom accepted it" + (outcome.empty() ? "" : " (" + outcome + ")");
  std::string expected = body["refusal"].get<std::string>();
  return outcome.find(expected) != std::string::npos ? "" : "refusal text lacks '" + expected + "': " + outcome;
}

void run_conformance_case(const ConformanceCase& c, Target target) {
  ASSERT_TRUE(c.load_error.empty()) << c.file << ": " << c.load_error;
  const json& body = c.body;
  ::testing::Test::RecordProperty("loopy_test", body.value("test", ""));
  std::string difference = difference_from_loopy(body, target);
  if (body.contains("loom_differs")) {
    std::cout << "[ DIFFERS  ] " << c.test_name << ": loom deliberately differs from loopy: " << body["loom_differs"].get<std::string>() << "\n";
  }
  json xfail = xfail_for(body, target == Target::OpenCL ? "opencl" : "c");
  if (xfail.is_null()) {
    EXPECT_TRUE(difference.empty()) << difference;
    return;
  }
  std::string label = xfail.contains("class") ? "issue 23 class " + xfail["class"].dump() : "not yet classified";
  std::string expected = xfail.value("message", "");
  ASSERT_FALSE(difference.empty()) << "now passes: remove the xfail (" << label << ") of " << c.test_name << " in " << c.file;
  EXPECT_NE(difference.find(expected), std::string::npos)
      << "expected failure (" << label << ") differs from the recorded '" << expected << "': " << difference;
  std::cout << "[  XFAIL   ] " << c.test_name << " (" << label << "): " << difference.substr(0, 300) << "\n";
  ::testing::Test::RecordProperty("expected_failure", label);
}

class LoopyConformance : public ::testing::TestWithParam<ConformanceCase> {};
class LoopyConformanceOpenCL : public ::testing::TestWithParam<ConformanceCase> {};

TEST_P(LoopyConformance, MatchesLoopy) { run_conformance_case(GetParam(), Target::C); }

TEST_P(LoopyConformanceOpenCL, MatchesLoopy) {
  REQUIRE_OPENCL();
  run_conformance_case(GetParam(), Target::OpenCL);
}

// Every case names a test of loopy's (tests/conformance/loopy_tests.txt, the list docs/loopy-compat.md
// is made from) or a tutorial example, so a misspelt name cannot hide a case from the document.
TEST(LoopyConformanceCatalogue, EveryCaseNamesALoopyTest) {
  std::filesystem::path directory = std::filesystem::path(LOOM_SOURCE_DIR) / "tests/conformance";
  std::set<std::string> known;
  std::ifstream list(directory / "loopy_tests.txt");
  for (std::string file, test; list >> file >> test;) known.insert(file + " " + test);
  ASSERT_GT(known.size(), 300u);
  for (const ConformanceCase& c : load_cases("c")) {
    ASSERT_TRUE(c.load_error.empty()) << c.file << ": " << c.load_error;
    std::string file = c.test_name.substr(0, c.test_name.find("__"));
    std::string test = c.body.value("test", "");
    if (file == "tutorial") {
      EXPECT_EQ(test.rfind("tutorial_", 0), 0u) << test;
    } else {
      EXPECT_TRUE(known.count(file + " " + test)) << c.file << ": '" << test << "' is not a test of loopy's " << file << ".py";
    }
  }
}

std::string parameter_name(const ::testing::TestParamInfo<ConformanceCase>& info) { return info.param.test_name; }

INSTANTIATE_TEST_SUITE_P(Loopy, LoopyConformance, ::testing::ValuesIn(load_cases("c")), parameter_name);
INSTANTIATE_TEST_SUITE_P(Loopy, LoopyConformanceOpenCL, ::testing::ValuesIn(load_cases("opencl")), parameter_name);

}  // namespace
}  // namespace loom
