// The spec level of the compile cache (issue 26): its key changes with everything in a spec that
// shapes the code and with the target, not with the `test` section or the JSON's spelling; a hit
// applies no transform and gives the same code and results as a miss; damaged entries are
// rebuilt; kernels the spec form cannot express exactly are not cached.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "loom/loom.hpp"
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
  CheckResult check = check_against_reference(hit.kernel, hit.spec.reference, {{"n", 37}});
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

// A padded local tile's layout is not in the spec's temporaries; the entry carries it, and the
// hit's kernel has the same fingerprint as the original (write_cached_kernel checks that).
TEST_F(SpecCacheTest, PaddedTemporaryRoundTrips) {
  LoopKernel kernel = make_kernel({"{[i,j]: 0<=i,j<n}"}, "b[i, j] = a[j, i]",
                                  {array_arg("a, b", DType::Float32, {"n", "n"}), value_arg("n")}, {.name = "transpose"});
  kernel = split_iname(kernel, "i", 16, {.outer_tag = "g.0", .inner_tag = "l.0"});
  kernel = split_iname(kernel, "j", 16, {.outer_tag = "g.1", .inner_tag = "l.1"});
  kernel = add_prefetch(kernel, "a", {.sweep_inames = {"i_inner", "j_inner"}, .default_tag = "l.auto"});
  kernel = pad_local_arrays_for_banks(kernel, "a_fetch");
  GeneratedCode code = generate_code(kernel, Target::OpenCL);
  std::string path = detail::spec_cache_path(kSpec, "padded");
  ASSERT_TRUE(detail::write_cached_kernel(path, kernel, code));
  std::optional<detail::CachedKernel> cached = detail::read_cached_kernel(path);
  ASSERT_TRUE(cached);
  EXPECT_EQ(cached->kernel.find_temporary("a_fetch")->dim_tags, kernel.find_temporary("a_fetch")->dim_tags);
  EXPECT_EQ(generate_code(cached->kernel, Target::OpenCL).source, code.source);
}

}  // namespace
}  // namespace loom
