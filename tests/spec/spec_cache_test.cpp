// The spec level of the compile cache (issue 26): its key changes with every value in a spec
// outside its `test` section, with the target and with the environment switches that change
// code, not with the `test` section or the JSON's spelling; a hit applies no transform, makes no
// isl context and gives the same code and results as a miss (round_up tails included); launch-only
// kernels check assumptions exactly as isl does; damaged entries are rebuilt.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "ir/work_counters.hpp"
#include "runtime/launch_only_kernel.hpp"
#include "spec/spec_cache.hpp"

namespace loom {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

const char* kSpec = R"spec({
  "loom": 1, "name": "matmul",
  "domains": ["{[i,j,k]: 0<=i,j,k<n}"],
  "instructions": ["c[i, j] = sum(k, a[i, k]*b[k, j])"],
  "args": [{"name": "a, b, c", "dtype": "float32", "shape": ["n", "n"]}, {"name": "n", "kind": "value"}],
  "assumptions": "n >= 1",
  "transforms": [
    {"op": "split_iname", "iname": "i", "inner_length": 16, "outer_tag": "g.0", "inner_tag": "l.0"},
    {"op": "split_iname", "iname": "k", "inner_length": 4},
    {"op": "prioritize_loops", "loop_priority": "i_outer, j"}
  ],
  "test": {"parameters": {"n": 37}}
})spec";

// A private cache folder per test, removed afterwards.
class SpecCacheTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "loom_spec_cache_XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
    setenv("LOOM_CACHE_DIR", dir_.c_str(), 1);
    unsetenv("LOOM_NO_CACHE");
  }
  void TearDown() override {
    unsetenv("LOOM_CACHE_DIR");
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
  }
  std::string dir_;
};

std::string key_of(const json& spec, const std::string& context = "c") {
  return detail::spec_cache_path(spec.dump(), context);
}

// Each edit changes something the generated code depends on.
TEST_F(SpecCacheTest, KeyChangesWithEveryFieldThatShapesTheCode) {
  json spec = json::parse(kSpec);
  std::string base = key_of(spec);
  std::vector<std::pair<std::string, json>> edits = {
      {"/name", "matmul2"},
      {"/domains/0", "{[i,j,k]: 0<=i,j,k<n and i <= j}"},
      {"/instructions/0", "c[i, j] = sum(k, a[i, k]*b[j, k])"},
      {"/args/0/dtype", "float64"},
      {"/args/0/shape/0", "n + 1"},
      {"/assumptions", "n >= 16"},
      {"/options", json{{"index_dtype", "int64"}}},
      {"/temporaries", json::array({json{{"name", "t"}, {"dtype", "float32"}}})},
      {"/transforms/0/inner_length", 32},
      {"/transforms/0/inner_tag", "l.1"},
      {"/transforms/2/loop_priority", "j, i_outer"},
  };
  for (const auto& [pointer, value] : edits) {
    json edited = spec;
    edited[json::json_pointer(pointer)] = value;
    EXPECT_NE(key_of(edited), base) << pointer;
  }
  json fewer = spec;
  fewer["transforms"].erase(fewer["transforms"].end() - 1);
  EXPECT_NE(key_of(fewer), base) << "a transform removed";
  EXPECT_NE(key_of(spec, "opencl"), base) << "another target";
  EXPECT_NE(key_of(spec, "c n=64"), base) << "another specialization";
}

TEST_F(SpecCacheTest, KeyIgnoresTheTestSectionAndTheJsonSpelling) {
  json spec = json::parse(kSpec);
  std::string base = key_of(spec);
  json other_test = spec;
  other_test["test"] = {{"parameters", {{"n", 5}}}, {"seed", 7}};
  EXPECT_EQ(key_of(other_test), base);
  EXPECT_EQ(detail::spec_cache_path(spec.dump(4), "c"), base) << "indentation";
  EXPECT_EQ(detail::spec_cache_path(kSpec, "c"), base) << "key order as written";
}

// A hit reads the spec without applying its transforms, and runs the cached code: same source,
// same results as the kernel made from scratch, checked against the untransformed reference.
TEST_F(SpecCacheTest, HitAppliesNoTransformAndComputesTheSame) {
  detail::SpecKernel miss = detail::compile_spec(kSpec, Target::C);
  EXPECT_FALSE(miss.from_cache);
  int hits_before = detail::spec_cache_hits();
  detail::SpecKernel hit = detail::compile_spec(kSpec, Target::C);
  ASSERT_TRUE(hit.from_cache);
  EXPECT_EQ(detail::spec_cache_hits(), hits_before + 1);
  EXPECT_TRUE(hit.spec.kernel.instructions.empty()) << "the transforms ran on a hit";
  EXPECT_TRUE(hit.spec.kernel.applied_transforms.empty());
  EXPECT_EQ(hit.program.code().source, miss.program.code().source);
  EXPECT_EQ(to_string(hit.kernel.tag_of("i_inner")), "l.0");

  for (int64_t n : {1, 16, 37}) {
    ParameterMap parameters{{"n", n}};
    CheckOptions options;
    ArgumentMap from_hit = make_test_arguments(hit.kernel, parameters, options);
    ArgumentMap from_miss = make_test_arguments(miss.kernel, parameters, options);
    hit.program(from_hit);
    miss.program(from_miss);
    const Array& c_hit = std::get<Array>(from_hit.at("c"));
    const Array& c_miss = std::get<Array>(from_miss.at("c"));
    ASSERT_EQ(c_hit.size(), c_miss.size());
    for (int64_t e = 0; e < c_hit.size(); ++e) ASSERT_EQ(c_hit.get_double(e), c_miss.get_double(e)) << "n=" << n << " element " << e;
  }
  // The hit's kernel is launch-only (no instructions): the chain to the reference is hit == miss
  // (above) and miss == reference.
  CheckResult check = check_against_reference(miss.kernel, miss.spec.reference, {{"n", 37}});
  EXPECT_TRUE(check.passed) << check.report();
}

TEST_F(SpecCacheTest, DamagedEntryIsRebuilt) {
  detail::compile_spec(kSpec, Target::C);
  std::string path = detail::spec_cache_path(kSpec, "run c ");
  ASSERT_TRUE(fs::exists(path)) << path;
  std::fstream(path, std::ios::in | std::ios::out | std::ios::binary).seekp(20) << "garbage";
  EXPECT_FALSE(detail::read_cached_kernel(path));
  EXPECT_FALSE(detail::compile_spec(kSpec, Target::C).from_cache);
  EXPECT_TRUE(detail::compile_spec(kSpec, Target::C).from_cache) << "the damaged entry was not replaced";
}

TEST_F(SpecCacheTest, NoCacheBypassesIt) {
  setenv("LOOM_NO_CACHE", "1", 1);
  detail::compile_spec(kSpec, Target::C);
  EXPECT_FALSE(detail::compile_spec(kSpec, Target::C).from_cache);
  unsetenv("LOOM_NO_CACHE");
  EXPECT_FALSE(fs::exists(fs::path(dir_) / "specs"));
}

// Every leaf of a spec (each string, number and boolean outside `test`) changed on its own
// changes the key: the spec level's counterpart of KernelFingerprint's mutations. The spec is the
// tuned SGEMM (round_up tails, prefetches, tags, every kind of transform argument) and kSpec.
void mutate_every_leaf(const json& value, const std::string& pointer, std::vector<std::pair<std::string, json>>& edits) {
  if (value.is_object()) {
    for (const auto& [key, item] : value.items()) mutate_every_leaf(item, pointer + "/" + key, edits);
  } else if (value.is_array()) {
    for (std::size_t i = 0; i < value.size(); ++i) mutate_every_leaf(value[i], pointer + "/" + std::to_string(i), edits);
  } else if (value.is_string()) {
    edits.push_back({pointer, value.get<std::string>() + " "});
  } else if (value.is_boolean()) {
    edits.push_back({pointer, !value.get<bool>()});
  } else if (value.is_number_integer()) {
    edits.push_back({pointer, value.get<int64_t>() + 1});
  } else if (value.is_number()) {
    edits.push_back({pointer, value.get<double>() * 2 + 1});
  }
}

TEST_F(SpecCacheTest, KeyChangesWithEveryValueOutsideTheTestSection) {
  std::ifstream file(fs::path(LOOM_EXAMPLES_DIR) / "memory" / "sgemm_tuned.json");
  json sgemm = json::parse(file);
  for (const json& spec : {sgemm, json::parse(kSpec)}) {
    std::string base = key_of(spec);
    std::vector<std::pair<std::string, json>> edits;
    mutate_every_leaf(spec, "", edits);
    int mutated = 0;
    for (const auto& [pointer, value] : edits) {
      if (pointer.rfind("/test", 0) == 0) continue;
      json edited = spec;
      edited[json::json_pointer(pointer)] = value;
      EXPECT_NE(key_of(edited), base) << pointer;
      ++mutated;
    }
    EXPECT_GT(mutated, 10);
  }
}

// The environment switches that change code generation are part of the key.
TEST_F(SpecCacheTest, KeyChangesWithEveryCodeSwitch) {
  json spec = json::parse(kSpec);
  for (const char* name : {"LOOM_WARP_SHUFFLES", "LOOM_UNIFORM_FETCHES", "LOOM_OCCUPANCY_HINT", "LOOM_CUDA_COMPILER",
                           "LOOM_GUARDED_UNROLL"}) {
    const char* before = std::getenv(name);
    std::string saved = before ? before : "";
    unsetenv(name);
    std::string unset = key_of(spec);
    setenv(name, "0", 1);
    std::string zero = key_of(spec);
    setenv(name, "1", 1);
    std::string one = key_of(spec);
    if (before) setenv(name, saved.c_str(), 1);
    else unsetenv(name);
    EXPECT_NE(unset, zero) << name;
    EXPECT_NE(zero, one) << name;
  }
}

// A hit makes no isl context (so it calls no isl function) and applies no transform; a round_up
// spec, whose kernel could not be written back as a spec, is cached like any other, its cached
// code computes the product at a ragged size, and parameters outside the assumptions are refused.
TEST_F(SpecCacheTest, RoundUpSpecHitRunsNoTransformAndNoIsl) {
  json spec = json::parse(kSpec);
  spec["transforms"][0]["tail_strategy"] = "round_up";
  std::string text = spec.dump();
  detail::SpecKernel miss = detail::compile_spec(text, Target::C);
  ASSERT_FALSE(miss.from_cache);
  int transforms = detail::transforms_applied(), contexts = detail::isl_contexts_made(), hits = detail::spec_cache_hits();
  detail::SpecKernel hit = detail::compile_spec(text, Target::C);
  ASSERT_TRUE(hit.from_cache);
  EXPECT_EQ(detail::spec_cache_hits(), hits + 1);
  EXPECT_EQ(detail::transforms_applied(), transforms) << "a transform ran on a hit";
  EXPECT_EQ(detail::isl_contexts_made(), contexts) << "a hit made an isl context";
  EXPECT_TRUE(detail::is_launch_only(hit.kernel));
  EXPECT_EQ(hit.program.code().source, miss.program.code().source);
  EXPECT_EQ(hit.spec.test.parameters.at("n"), 37);
  EXPECT_NE(hit.program.code().source.find("if ("), std::string::npos) << "the padded store's condition";

  ParameterMap parameters{{"n", 21}};
  ArgumentMap arguments = make_test_arguments(hit.kernel, parameters, CheckOptions{});
  EXPECT_EQ(detail::isl_contexts_made(), contexts) << "making arguments for a launch-only kernel used isl";
  hit.program(arguments);
  EXPECT_EQ(detail::isl_contexts_made(), contexts) << "launching a launch-only kernel used isl";
  const Array& a = std::get<Array>(arguments.at("a"));
  const Array& b = std::get<Array>(arguments.at("b"));
  const Array& c = std::get<Array>(arguments.at("c"));
  for (int64_t i = 0; i < 21; ++i) {
    for (int64_t j = 0; j < 21; ++j) {
      double expected = 0;
      for (int64_t k = 0; k < 21; ++k) expected += a.get_double(i * 21 + k) * b.get_double(k * 21 + j);
      ASSERT_NEAR(c.get_double(i * 21 + j), expected, 1e-4) << i << ", " << j;
    }
  }
  EXPECT_THROW(
      {
        try {
          make_test_arguments(hit.kernel, {{"n", 0}}, CheckOptions{});
        } catch (const Error& error) {
          EXPECT_STREQ(error.what(),
                       ("parameter values n=0 violate the assumptions of kernel 'matmul': " + hit.kernel.assumptions_text).c_str());
          throw;
        }
      },
      Error);
}

// On the device targets (OpenCL: PoCL in CI; CUDA where a GPU is present, skipped otherwise) a hit
// of a round_up spec with a local-memory fetch runs the cached code on launch-only kernels: no isl,
// and the transpose it computes at a ragged size is exact.
TEST_F(SpecCacheTest, DeviceTargetHitsRunWithoutIsl) {
  std::ifstream file(fs::path(LOOM_EXAMPLES_DIR) / "memory" / "transpose_tile32_round_up.json");
  std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  REQUIRE_OPENCL();  // PoCL everywhere; the GPU where there is one
  std::vector<Target> targets{Target::OpenCL};
  if (!testing::cuda_unavailable()) targets.push_back(Target::CUDA);
  for (Target target : targets) {
    SCOPED_TRACE(target_name(target));
    ASSERT_FALSE(detail::compile_spec(text, target).from_cache);
    int contexts = detail::isl_contexts_made(), transforms = detail::transforms_applied();
    detail::SpecKernel hit = detail::compile_spec(text, target);
    ASSERT_TRUE(hit.from_cache);
    ParameterMap parameters{{"n", 45}};
    CheckOptions options;
    options.target = target;
    ArgumentMap arguments = make_test_arguments(hit.kernel, parameters, options);
    hit.program(arguments);
    EXPECT_EQ(detail::isl_contexts_made(), contexts);
    EXPECT_EQ(detail::transforms_applied(), transforms);
    const Array& a = std::get<Array>(arguments.at("a"));
    const Array& b = std::get<Array>(arguments.at("b"));
    for (int64_t i = 0; i < 45; ++i) {
      for (int64_t j = 0; j < 45; ++j) ASSERT_EQ(b.get_double(i * 45 + j), a.get_double(j * 45 + i)) << i << ", " << j;
    }
  }
}

// A launch-only kernel's assumptions (an integer expression) accept exactly the parameter values
// that isl's set does, for assumptions with divisions, existentials, unions and several
// parameters.
TEST(LaunchOnlyKernel, AssumptionsAcceptExactlyWhatIslAccepts) {
  const std::vector<std::string> assumptions = {
      "n >= 1",
      "n mod 16 = 0 and n >= 1",
      "m >= 1 and 1 <= n <= 12",
      "n >= 1 and (exists zz: n = 3*zz + 1)",
      "k >= 0 and n >= k",
      "n mod 4 = 0 or n = 7 or n < -5",
      "exists e: 3e <= n + k <= 3e + 1 and 2k >= n",
      "",
  };
  for (const std::string& text : assumptions) {
    SCOPED_TRACE(text);
    LoopKernel kernel = make_kernel({"{[i]: 0<=i<n + m + k}"}, "a[i] = 1",
                                    {array_arg("a", DType::Float32, {"n + m + k"}), value_arg("n"), value_arg("m"), value_arg("k")},
                                    {.name = "k1", .assumptions = text});
    LoopKernel launch = detail::launch_only_kernel(kernel);
    EXPECT_EQ(launch.parameters(), kernel.parameters());
    int accepted = 0;
    for (int64_t n = -8; n <= 20; ++n) {
      for (int64_t m = -1; m <= 2; ++m) {
        for (int64_t k = -2; k <= 4; ++k) {
          ParameterMap parameters{{"n", n}, {"m", m}, {"k", k}};
          bool isl_accepts = true, launch_accepts = true;
          try {
            check_parameters(kernel, parameters);
          } catch (const Error&) {
            isl_accepts = false;
          }
          try {
            check_parameters(launch, parameters);
          } catch (const Error&) {
            launch_accepts = false;
          }
          ASSERT_EQ(launch_accepts, isl_accepts) << "n=" << n << " m=" << m << " k=" << k << ": " << launch.assumptions_text;
          accepted += isl_accepts;
        }
      }
    }
    EXPECT_GT(accepted, 0);
  }
}

// A refusal names the values of the parameters the assumptions mention, as isl's check does; only
// the way the assumptions are written differs (the user's text, the derived expression).
TEST(LaunchOnlyKernel, RefusalNamesTheSameValues) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n + m}"}, "a[i] = 1", {array_arg("a", DType::Float32, {"n + m"}), value_arg("n"), value_arg("m")},
                                  {.name = "k1", .assumptions = "n mod 4 = 0"});
  LoopKernel launch = detail::launch_only_kernel(kernel);
  auto message = [](const LoopKernel& checked) {
    try {
      check_parameters(checked, {{"n", 6}, {"m", 3}});
    } catch (const Error& error) {
      return std::string(error.what());
    }
    return std::string("accepted");
  };
  std::string prefix = "parameter values n=6 violate the assumptions of kernel 'k1': ";
  EXPECT_EQ(message(kernel), prefix + "n mod 4 = 0");
  EXPECT_EQ(message(launch), prefix + launch.assumptions_text);
}

// A kernel whose shared tile is padded for banks (its layout is not in the spec's temporaries)
// hits with the same code, and runs.
TEST_F(SpecCacheTest, PaddedTemporaryKernelHitsWithTheSameCode) {
  LoopKernel kernel = make_kernel({"{[i,j]: 0<=i,j<n}"}, "b[i, j] = a[j, i]",
                                  {array_arg("a, b", DType::Float32, {"n", "n"}), value_arg("n")}, {.name = "transpose"});
  kernel = split_iname(kernel, "i", 16, {.outer_tag = "g.0", .inner_tag = "l.0"});
  kernel = split_iname(kernel, "j", 16, {.outer_tag = "g.1", .inner_tag = "l.1"});
  kernel = add_prefetch(kernel, "a", {.sweep_inames = {"i_inner", "j_inner"}, .default_tag = "l.auto"});
  kernel = pad_local_arrays_for_banks(kernel, "a_fetch");
  GeneratedCode code = generate_code(kernel, Target::OpenCL);
  std::string path = detail::spec_cache_path(kSpec, "padded");
  ASSERT_TRUE(detail::write_cached_kernel(path, kernel, kernel, code));
  std::optional<detail::CachedKernel> cached = detail::read_cached_kernel(path);
  ASSERT_TRUE(cached);
  EXPECT_EQ(cached->code.source, code.source);
  EXPECT_EQ(cached->kernel.args.size(), kernel.args.size());
  EXPECT_EQ(cached->kernel.parameters(), kernel.parameters());
}

}  // namespace
}  // namespace loom
