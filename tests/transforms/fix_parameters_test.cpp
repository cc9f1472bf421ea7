// fix_parameters: the fixed kernel computes what the original computes at that value, the
// parameter is gone everywhere, and refusals.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <optional>
#include <random>
#include <string>

#include "loom/loom.hpp"
#include "test_helpers.hpp"
#include "test_kernels.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

// check_against_reference passes every argument of the reference to the kernel, and the fixed
// kernel no longer has the value argument; so both run here on the same random inputs (the
// original with the parameter values) and every array must come out identical.
void expect_same_as_original(const LoopKernel& fixed, const LoopKernel& original,
                             const ParameterMap& parameters) {
  CompiledKernel fixed_program = compile(fixed, Target::C);
  CompiledKernel original_program = compile(original, Target::C);
  std::mt19937_64 random(2024);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  ArgumentMap fixed_arguments, original_arguments;
  std::map<std::string, std::pair<Array, Array>> arrays;
  for (const KernelArgument& arg : original.args) {
    if (!arg.is_array()) {
      original_arguments[arg.name] = Scalar(parameters.at(arg.name));
      if (fixed.find_arg(arg.name) != nullptr)
        fixed_arguments[arg.name] = Scalar(parameters.at(arg.name));
      continue;
    }
    std::vector<int64_t> shape;
    for (const ExprPtr& extent : arg.shape) shape.push_back(evaluate_integer(*extent, parameters));
    Array original_array(*arg.dtype, shape);
    for (int64_t i = 0; i < original_array.size(); ++i)
      original_array.set_double(i, std::round(8 * uniform(random)));
    Array fixed_array = original_array.clone();
    original_arguments[arg.name] = original_array;
    fixed_arguments[arg.name] = fixed_array;
    arrays.emplace(arg.name, std::make_pair(fixed_array, original_array));
  }
  fixed_program(fixed_arguments);
  original_program(original_arguments);
  for (const auto& [name, pair] : arrays) {
    for (int64_t i = 0; i < pair.second.size(); ++i) {
      ASSERT_EQ(pair.first.get_double(i), pair.second.get_double(i))
          << name << " differs at flat index " << i;
    }
  }
}

TEST(FixParameters, ComputesWhatTheOriginalComputesAtThatValue) {
  LoopKernel original = test_kernels::ordered_by_dep();  // reads b[n - 1 - ii]
  for (int64_t n : {1, 17, 200}) {
    LoopKernel fixed = fix_parameters(original, {{"n", n}});
    EXPECT_EQ(fixed.find_arg("n"), nullptr);
    EXPECT_TRUE(fixed.parameters().empty());
    for (const Domain& domain : fixed.domains)
      EXPECT_EQ(domain.text.find('n'), std::string::npos) << domain.text;
    EXPECT_EQ(to_string(fixed.find_arg("b")->shape[0]), std::to_string(n));
    expect_same_as_original(fixed, original, {{"n", n}});
  }
  std::string text = instructions_text(fix_parameters(original, {{"n", 200}}));
  EXPECT_NE(text.find("b[200 - 1 - ii]"), std::string::npos) << text;
}

TEST(FixParameters, ConstantBoundsInTheGeneratedCode) {
  LoopKernel matmul = test_kernels::matmul();
  LoopKernel fixed = fix_parameters(matmul, {{"n", 13}});
  std::string source = generate_code(fixed, Target::C).source;
  std::string signature =
      source.substr(source.find("void matmul("), source.find(')', source.find("void matmul(")));
  EXPECT_EQ(signature.find("int32_t n"), std::string::npos) << signature;
  EXPECT_NE(source.find("i <= 12"), std::string::npos) << source;
  expect_same_as_original(fixed, matmul, {{"n", 13}});
  // A split of a multiple of its length then needs no guard.
  LoopKernel split =
      split_iname(fix_parameters(test_kernels::vector_scale(), {{"n", 64}}), "i", 16);
  std::string split_source = generate_code(split, Target::C).source;
  EXPECT_EQ(split_source.substr(split_source.find("void vector_scale(")).find("loom_min"),
            std::string::npos)
      << split_source;
  expect_same_as_original(split, test_kernels::vector_scale(), {{"n", 64}});
}

TEST(FixParameters, OneOfSeveralParametersAndAValueArgument) {
  LoopKernel original = make_kernel({"{[i,j]: 0<=i<n and 0<=j<m}"}, "out[i, j] = a[i, j] * s + j",
                                    {array_arg("a, out", DType::Int32, {"n", "m"}), value_arg("s")},
                                    {.assumptions = "n >= 1 and m mod 2 = 0"});
  LoopKernel fixed = fix_parameters(original, {{"m", 6}, {"s", 3}});
  EXPECT_EQ(fixed.parameters(), (std::vector<std::string>{"n"}));
  EXPECT_EQ(fixed.find_arg("s"), nullptr);
  EXPECT_EQ(fixed.assumptions_text.find('m'), std::string::npos) << fixed.assumptions_text;
  EXPECT_NE(fixed.assumptions_text.find("n > 0"), std::string::npos) << fixed.assumptions_text;
  for (int64_t n : {1, 2, 7})
    expect_same_as_original(fixed, original, {{"n", n}, {"m", 6}, {"s", 3}});
  // What stays parametric can be transformed and checked as usual.
  LoopKernel split = split_iname(fixed, "i", 4);
  for (int64_t n : {1, 5, 13}) expect_matches_reference(split, fixed, {{"n", n}});
}

TEST(FixParameters, SubstitutionRulesButNotTheirParameters) {
  LoopKernel original = make_kernel({"{[i]: 0<=i<n}"},
                                    "last(x) := x + n - 1\n"
                                    "shadow(n) := 2*n\n"
                                    "out[i] = last(i) + shadow(a[i])",
                                    {array_arg("a, out", DType::Float32, {"n"})});
  LoopKernel fixed = fix_parameters(original, {{"n", 11}});
  EXPECT_EQ(to_string(fixed.substitutions.at("last").expression), "x + 11 - 1");
  EXPECT_EQ(to_string(fixed.substitutions.at("shadow").expression), "2*n");  // the rule's own n
  expect_same_as_original(fixed, original, {{"n", 11}});
}

// fix_parameters as the first transform of a kernel whose every iname runs in turn leaves the
// dependences to the first transform that needs them (issue 26, deps23; wt-speed18 computed them
// on the fixed kernel, earlier ones traced the parametric kernel's): later transforms are checked
// against the fixed kernel's, refused where they break one and checked against the reference
// where they do not.
TEST(FixParameters, AFirstFixParametersCarriesDependencesThatLaterTransformsAreCheckedAgainst) {
  LoopKernel carried = make_kernel({"{[i]: 0<=i<n - 1}"}, "a[i + 1] = a[i] + 1",
                                   {array_arg("a", DType::Float32, {"n"})}, {.assumptions = "n >= 2"});
  LoopKernel fixed = fix_parameters(carried, {{"n", 40}});
  EXPECT_EQ(fixed.dependences, nullptr);  // deferred: none computed yet
  EXPECT_TRUE(fixed.verified);
  std::string refused = error_message<LegalityError>([&] { tag_inames(fixed, "i:l.0"); });
  EXPECT_NE(refused.find("flow dependence through 'a'"), std::string::npos) << refused;
  // The same refusal as on the parametric kernel.
  std::string parametric = error_message<LegalityError>([&] { tag_inames(carried, "i:l.0"); });
  EXPECT_NE(parametric.find("flow dependence through 'a'"), std::string::npos) << parametric;
  LoopKernel split = split_iname(fixed, "i", 8);
  expect_matches_reference(split, fixed, {});
  expect_same_as_original(split, carried, {{"n", 40}});
}

// Sets LOOM_VERIFY_SKIPPED_CHECKS=1 for one scope and puts back what was there.
class VerifyingSkippedChecks {
 public:
  VerifyingSkippedChecks() {
    if (const char* value = std::getenv("LOOM_VERIFY_SKIPPED_CHECKS")) before_ = value;
    setenv("LOOM_VERIFY_SKIPPED_CHECKS", "1", 1);
  }
  ~VerifyingSkippedChecks() {
    if (!before_) unsetenv("LOOM_VERIFY_SKIPPED_CHECKS");
    else setenv("LOOM_VERIFY_SKIPPED_CHECKS", before_->c_str(), 1);
  }

 private:
  std::optional<std::string> before_;
};

// The dependences are deferred only where the kernel's sequential order is its reference order:
// an l.0 iname the kernel was built with (no transform tagged it) runs its instances at once, and
// the flow dependence a[i] -> a[i + 1] across work-items is refused as before (with the deferral
// taken for every kernel, fix_parameters would accept it).
TEST(FixParameters, AKernelBuiltWithAParallelInameIsCheckedAgainstItsDependences) {
  LoopKernel parallel = make_kernel({"{[i]: 0<=i<n - 1}"}, "a[i + 1] = a[i] + 1",
                                    {array_arg("a", DType::Float32, {"n"})}, {.assumptions = "n >= 2"});
  parallel.iname_tags["i"] = parse_iname_tag("l.0");
  std::string refused = error_message<LegalityError>([&] { fix_parameters(parallel, {{"n", 40}}); });
  EXPECT_NE(refused.find("fix_parameters: "), std::string::npos) << refused;
  EXPECT_NE(refused.find("flow dependence through 'a'"), std::string::npos) << refused;
  // Without the flow across work-items (each reads what it writes) it passes, dependences computed.
  LoopKernel own = make_kernel({"{[i]: 0<=i<n}"}, "a[i] = a[i] + 1", {array_arg("a", DType::Float32, {"n"})});
  own.iname_tags["i"] = parse_iname_tag("l.0");
  LoopKernel fixed = fix_parameters(own, {{"n", 40}});
  EXPECT_NE(fixed.dependences, nullptr);
}

// LOOM_VERIFY_SKIPPED_CHECKS computes the deferred dependences and runs the dependence and
// temporaries'-loops checks on them: they pass on kernels with flow, anti and output dependences,
// a reduction and a temporary, and what building the order refuses (priorities that form a cycle)
// is refused alike.
TEST(FixParameters, DeferredDependencesVerified) {
  VerifyingSkippedChecks verifying;
  LoopKernel carried = make_kernel({"{[i]: 0<=i<n - 1}"}, "a[i + 1] = a[i] + 1",
                                   {array_arg("a", DType::Float32, {"n"})}, {.assumptions = "n >= 2"});
  LoopKernel fixed = fix_parameters(carried, {{"n", 40}});
  EXPECT_EQ(fixed.dependences, nullptr);
  expect_same_as_original(fixed, carried, {{"n", 40}});
  LoopKernel ordered = test_kernels::ordered_by_dep();
  expect_same_as_original(fix_parameters(ordered, {{"n", 17}}), ordered, {{"n", 17}});
  LoopKernel with_temporary = make_kernel({"{[i, k]: 0<=i<n and 0<=k<m}"},
                                          "<> t = a[i] * 2  {id=fill}\n"
                                          "out[i] = sum(k, t * b[k])  {dep=fill}\n"
                                          "a[i] = out[i] + 1  {id=back, dep=*}",
                                          {array_arg("a, out", DType::Float64, {"n"}), array_arg("b", DType::Float64, {"m"})});
  LoopKernel fixed_temporary = fix_parameters(with_temporary, {{"m", 5}});
  expect_same_as_original(fixed_temporary, with_temporary, {{"n", 9}, {"m", 5}});
  LoopKernel cyclic = make_kernel({"{[i, j]: 0<=i<n and 0<=j<n}"}, "out[i, j] = a[i, j] + 1",
                                  {array_arg("a, out", DType::Float32, {"n", "n"})});
  cyclic.loop_priorities = {{"i", "j"}, {"j", "i"}};
  std::string refused = error_message<Error>([&] { fix_parameters(cyclic, {{"n", 8}}); });
  EXPECT_NE(refused.find("cycle"), std::string::npos) << refused;
}

// The fixed values' parameter set is built with isl calls, not parsed from text (issue 26, front22):
// several parameters, a negative value and one past 32 bits fix the domains and the assumptions as
// the parsed set did; LOOM_VERIFY_SKIPPED_CHECKS compares the built set's form with the parsed one's.
void expect_several_values_fixed() {
  LoopKernel original =
      make_kernel({"{[i,j]: 0<=i<n and 0<=j<m and i + j < big and j >= low}"}, "out[i, j] = a[i, j] + low",
                  {array_arg("a, out", DType::Int32, {"n", "m"}), value_arg("low"), value_arg("big", DType::Int64)},
                  {.assumptions = "n >= 1 and m >= 2 and big >= n + m"});
  LoopKernel fixed = fix_parameters(original, {{"m", 5}, {"low", -3}, {"big", 5000000000}});
  EXPECT_EQ(fixed.parameters(), (std::vector<std::string>{"n"}));
  EXPECT_EQ(fixed.domains.front().text, "[n] -> { [i, j] : 0 <= i < n and 0 <= j <= 4999999999 - i and j <= 4 }");
  EXPECT_EQ(fixed.assumptions_text, "[n] -> {  : 0 < n <= 4999999995 }");
  for (int64_t n : {1, 4}) expect_same_as_original(fixed, original, {{"n", n}, {"m", 5}, {"low", -3}, {"big", 5000000000}});
}

TEST(FixParameters, SeveralValuesANegativeOneAndOnePast32Bits) { expect_several_values_fixed(); }

TEST(FixParameters, SeveralValuesANegativeOneAndOnePast32BitsVerified) {
  const char* before = std::getenv("LOOM_VERIFY_SKIPPED_CHECKS");
  setenv("LOOM_VERIFY_SKIPPED_CHECKS", "1", 1);
  expect_several_values_fixed();
  if (before == nullptr) unsetenv("LOOM_VERIFY_SKIPPED_CHECKS");
  else setenv("LOOM_VERIFY_SKIPPED_CHECKS", before, 1);
}

TEST(FixParameters, Refusals) {
  LoopKernel kernel =
      make_kernel({"{[i]: 0<=i<n}"}, "out[i] = 2*a[i]",
                  {array_arg("a, out", DType::Float32, {"n"})}, {.assumptions = "n mod 4 = 0"});
  std::string unknown = error_message<Error>([&] { fix_parameters(kernel, {{"q", 3}}); });
  EXPECT_NE(
      unknown.find(
          "fix_parameters(q=3): 'q' is not a name of the kernel, not a parameter (the kernel's "
          "parameters: n)"),
      std::string::npos)
      << unknown;
  std::string iname = error_message<Error>([&] { fix_parameters(kernel, {{"i", 3}}); });
  EXPECT_NE(iname.find("'i' is an iname, not a parameter"), std::string::npos) << iname;
  std::string data = error_message<Error>([&] {
    fix_parameters(test_kernels::csr_spmv(), {{"row_len", 3}});
  });
  EXPECT_NE(data.find("'row_len' is a temporary the kernel computes"), std::string::npos) << data;
  std::string violating = error_message<Error>([&] { fix_parameters(kernel, {{"n", 6}}); });
  EXPECT_NE(
      violating.find("fix_parameters(n=6): n=6 violates the kernel's assumptions (n mod 4 = 0)"),
      std::string::npos)
      << violating;
  std::string nothing = error_message<Error>([&] { fix_parameters(kernel, {}); });
  EXPECT_NE(nothing.find("no parameter values given"), std::string::npos) << nothing;
  // An assumption relating two parameters: the value must leave room for the other one.
  LoopKernel shifted = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = a[i + m]",
                                   {array_arg("a", DType::Float32, {"8"}),
                                    array_arg("out", DType::Float32, {"n"}), value_arg("m")},
                                   {.assumptions = "n >= 0 and m >= 0 and n + m <= 8"});
  LoopKernel fixed = fix_parameters(shifted, {{"m", 3}});
  EXPECT_THROW(check_parameters(fixed, {{"n", 6}}), Error);  // n + 3 <= 8 now bounds n
  for (int64_t n : {0, 1, 5}) expect_same_as_original(fixed, shifted, {{"n", n}, {"m", 3}});
  std::string room = error_message<Error>([&] { fix_parameters(shifted, {{"m", 9}}); });
  EXPECT_NE(room.find("violates the kernel's assumptions"), std::string::npos) << room;
}

}  // namespace
}  // namespace loom
