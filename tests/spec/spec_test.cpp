// JSON specs: reading (with JSON-path errors), applying transforms through the registry, and the
// round trip read → write → read.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "loom/loom.hpp"
#include "loom/spec_check_options.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::error_message;

const char* kSplitMatmul = R"json({
  "loom": 1,
  "name": "matmul",
  "domains": ["{[i,j,k]: 0<=i,j,k<n}"],
  "instructions": ["c[i, j] = sum(k, a[i, k]*b[k, j])"],
  "args": [
    {"name": "a, b", "dtype": "float32", "shape": ["n", "n"]},
    {"name": "c", "dtype": "float32", "shape": ["n", "n"], "order": "C"},
    {"name": "n", "kind": "value", "dtype": "int32"}
  ],
  "assumptions": "n >= 1",
  "transforms": [
    {"op": "split_iname", "iname": "i", "inner_length": 16, "outer_tag": "g.0", "inner_tag": "l.1"},
    {"op": "split_iname", "iname": "j", "inner_length": 16, "outer_tag": "g.1", "inner_tag": "l.0"},
    {"op": "split_iname", "iname": "k", "inner_length": 16, "slabs": [0, 1]},
    {"op": "prioritize_loops", "loop_priority": "i_outer, j_outer, k_outer"}
  ],
  "test": {"parameters": {"n": 40}, "seed": 7, "inputs": {"a": {"uniform": [0, 1]}}}
})json";

std::string with(const std::string& text, const std::string& from, const std::string& to) {
  std::string result = text;
  auto at = result.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) result.replace(at, from.size(), to);
  return result;
}

TEST(Spec, ReadsAndAppliesTransforms) {
  Spec spec = read_spec(kSplitMatmul);
  EXPECT_EQ(spec.name, "matmul");
  EXPECT_EQ(spec.transforms.size(), 4u);
  EXPECT_EQ(spec.kernel.applied_transforms.size(), 4u);
  EXPECT_EQ(spec.kernel.tag_of("i_outer"), (InameTag{InameTag::Kind::Group, 0}));
  EXPECT_EQ(spec.test.parameters.at("n"), 40);
  EXPECT_EQ(spec.test.seed, 7u);
  EXPECT_EQ(spec.test.inputs.at("a").high, 1);
  testing::expect_matches_reference(spec.kernel, spec.reference, spec.test.parameters);
}

TEST(Spec, RoundTripsThroughTheWriter) {
  Spec spec = read_spec(kSplitMatmul);
  std::string written = write_spec(spec);
  Spec again = read_spec(written);
  EXPECT_EQ(write_spec(again), written);
  EXPECT_EQ(instructions_text(again.kernel), instructions_text(spec.kernel));
  EXPECT_EQ(generate_code(again.kernel, Target::C).source, generate_code(spec.kernel, Target::C).source);
}

struct SpecErrorCase {
  const char* name;
  std::string json;
  const char* path;
  const char* message;
};

std::vector<SpecErrorCase> error_cases() {
  std::string base = kSplitMatmul;
  return {
      {"missing_domains", with(base, R"("domains": ["{[i,j,k]: 0<=i,j,k<n}"],)", ""), "/domains", "missing (required)"},
      {"misspelled_parameter", with(base, R"("iname": "i", "inner_length": 16)", R"("iname": "i", "inner_lenght": 16)"),
       "/transforms/0/inner_lenght", "unknown parameter 'inner_lenght' of split_iname (did you mean 'inner_length'?)"},
      {"guessed_parameter", with(base, R"("iname": "i", "inner_length": 16)", R"("iname": "i", "size": 16)"),
       "/transforms/0/size",
       "unknown parameter 'size' of split_iname (its parameters: iname, inner_length, outer_iname, inner_iname"},
      {"wrong_type", with(base, R"("inner_length": 16, "outer_tag": "g.0")", R"("inner_length": "16x", "outer_tag": "g.0")"),
       "/transforms/0/inner_length", "must be an integer, got \"16x\""},
      {"unknown_transform", with(base, R"("op": "prioritize_loops")", R"("op": "prioritise_loops")"), "/transforms/3/op",
       "unknown transform 'prioritise_loops' (did you mean 'prioritize_loops'?)"},
      {"unknown_iname", with(base, R"("iname": "k")", R"("iname": "q")"), "/transforms/2",
       "split_iname: unknown iname 'q'"},
      {"unknown_key", with(base, R"("assumptions")", R"("asumptions")"), "/asumptions",
       "unknown key 'asumptions' (did you mean 'assumptions'?)"},
      {"bad_dtype", with(base, R"("dtype": "float32", "shape": ["n", "n"], "order")", R"("dtype": "float31", "shape": ["n", "n"], "order")"),
       "/args/1/dtype", "unknown dtype \"float31\""},
      {"bad_domain", with(base, "0<=i,j,k<n}", "0<=i,j,k<n"), "/domains/0", "unbalanced '{'"},
      // Both used to read the first extent of an empty shape (SIGSEGV).
      {"auto_offset", with(base, R"("shape": ["n", "n"], "order": "C")", R"("shape": ["n", "n"], "offset": "auto")"),
       "/args/1/offset", "offset \"auto\" (an offset passed with the array, as loopy's lp.auto) is not supported"},
      {"auto_extent", with(base, R"("shape": ["n", "n"], "order": "C")", R"("shape": ["n", "auto"])"),
       "/args/1/shape/1", "\"auto\" stands for the whole shape"},
      {"version", with(base, R"("loom": 1)", R"("loom": 2)"), "/loom", "unsupported format version 2"},
      // Ignored before conf15: the array meant ('a') was filled with random values instead.
      {"input_for_no_array", with(base, R"("inputs": {"a": )", R"("inputs": {"aa": )"), "/test/inputs/aa",
       "no array argument is named 'aa' (the arrays: 'a', 'b', 'c')"},
      {"input_for_a_value", with(base, R"("inputs": {"a": )", R"("inputs": {"n": )"), "/test/inputs/n",
       "'n' is a value argument; give its value in test.parameters"},
      {"refused_transform", with(base, R"({"op": "prioritize_loops", "loop_priority": "i_outer, j_outer, k_outer"})",
                                 R"({"op": "tag_inames", "iname_to_tag": "i_outer:l.0"})"),
       "/transforms/3", "iname 'i_outer' is already tagged g.0"},
      // A cycle of the instructions as written (jacobi-2d's two sweeps, each the other's single
      // writer) was reported under /transforms/0, as if the split had made it.
      {"cycle_in_instructions",
       R"({"loom": 1, "name": "sweeps", "domains": ["{[t]: 0<=t<4}", "{[i]: 0<=i<n}", "{[i2]: 0<=i2<n}"],
           "instructions": ["b[i] = 2*a[i] {id=s1}", "a[i2] = 3*b[i2] {id=s2, dep=s1}"],
           "args": [{"name": "a, b", "dtype": "float32", "shape": ["n"]}, {"name": "n", "kind": "value", "dtype": "int32"}],
           "transforms": [{"op": "split_iname", "iname": "i", "inner_length": 4}]})",
       "/instructions", "dependency cycle: s1 -> s2 -> s1"},
  };
}

class SpecRefuses : public ::testing::TestWithParam<SpecErrorCase> {};

TEST_P(SpecRefuses, NamingThePath) {
  try {
    read_spec(GetParam().json);
    FAIL() << "accepted";
  } catch (const SpecError& error) {
    EXPECT_EQ(error.path(), GetParam().path) << error.what();
    EXPECT_NE(std::string(error.what()).find(GetParam().message), std::string::npos) << error.what();
  }
}

INSTANTIATE_TEST_SUITE_P(Cases, SpecRefuses, ::testing::ValuesIn(error_cases()),
                         [](const auto& info) { return std::string(info.param.name); });

TEST(Spec, MalformedJsonGivesLineAndColumn) {
  std::string message = error_message<SpecError>([] { read_spec("{\n  \"loom\": 1,\n  \"name\" \"x\"\n}"); });
  EXPECT_NE(message.find("malformed JSON: line 3, column"), std::string::npos) << message;
  std::string truncated = error_message<SpecError>([] { read_spec(std::string(kSplitMatmul).substr(0, 200)); });
  EXPECT_NE(truncated.find("malformed JSON"), std::string::npos) << truncated;
}

// loopy takes shapes as strings ("n, m", "(n, m)", "(n,)"); a spec written that way reads as the
// list and runs; an empty extent is refused with its path.
TEST(Spec, ShapeStringsReadAsLoopyReadsThem) {
  std::string tuple = with(kSplitMatmul, R"x("name": "a, b", "dtype": "float32", "shape": ["n", "n"])x",
                           R"x("name": "a, b", "dtype": "float32", "shape": "(n, n)")x");
  tuple = with(tuple, R"x("shape": ["n", "n"], "order": "C")x", R"x("shape": "(n), n", "order": "C")x");
  Spec spec = read_spec(tuple);
  ASSERT_EQ(spec.kernel.find_arg("a")->shape.size(), 2u);
  ASSERT_EQ(spec.kernel.find_arg("c")->shape.size(), 2u);
  testing::expect_matches_reference(spec.kernel, spec.reference, spec.test.parameters);

  std::string vector_spec = R"json({"loom": 1, "name": "scale", "domains": "{[i]: 0<=i<n}",
    "instructions": "out[i] = 2*a[i]",
    "args": [{"name": "a", "dtype": "float32", "shape": "n"}, {"name": "out", "dtype": "float32", "shape": "(n,)"},
             {"name": "n", "kind": "value", "dtype": "int32"}],
    "test": {"parameters": {"n": 17}}})json";
  Spec scale = read_spec(vector_spec);
  EXPECT_EQ(scale.kernel.find_arg("out")->shape.size(), 1u);
  testing::expect_matches_reference(scale.kernel, scale.reference, scale.test.parameters);

  std::string message = error_message<SpecError>([&] { read_spec(with(vector_spec, R"x("shape": "n")x", R"x("shape": "n,,m")x")); });
  EXPECT_NE(message.find("/args/0/shape: shape string \"n,,m\" has an empty extent"), std::string::npos) << message;
}

// A user who never read loom's examples writes {"name": "n", "dtype": "int32"} for a parameter
// and leaves an array's shape out, as loopy's ValueArg and shapeless GlobalArg allow: a name the
// domains use is a value, any other an array whose shape is read off its accesses.
TEST(Spec, ArgumentsWithoutKindOrShapeAreInferredAsLoopyDoes) {
  Spec spec = read_spec(R"json({"loom": 1, "name": "axpy", "domains": "{[i]: 0<=i<n}",
    "instructions": "y[i] = alpha*x[i] + y[i]",
    "args": [{"name": "x, y", "dtype": "float64"}, {"name": "n", "dtype": "int32"},
             {"name": "alpha", "kind": "value", "dtype": "float64"}],
    "test": {"parameters": {"n": 13, "alpha": 2}}})json");
  const KernelArgument* n = spec.kernel.find_arg("n");
  ASSERT_NE(n, nullptr);
  EXPECT_EQ(n->kind, ArgKind::Value);
  const KernelArgument* x = spec.kernel.find_arg("x");
  ASSERT_NE(x, nullptr);
  EXPECT_EQ(x->kind, ArgKind::Array);
  ASSERT_EQ(x->shape.size(), 1u);
  testing::expect_matches_reference(spec.kernel, spec.reference, spec.test.parameters);
}

// loopy's tag_inames takes a list of (iname, tag) pairs; in JSON a list of two-string lists.
TEST(Spec, AListOfPairsIsATagMap) {
  std::string text = R"json({"loom": 1, "name": "scale", "domains": "{[i,j]: 0<=i<8 and 0<=j<n}",
    "instructions": "y[i, j] = 2*x[i, j]", "args": [{"name": "x, y", "dtype": "float32", "shape": [8, "n"]}],
    "transforms": [{"op": "tag_inames", "iname_to_tag": [["i", "l.0"], ["j", "g.0"]]}],
    "test": {"parameters": {"n": 5}}})json";
  Spec spec = read_spec(text);
  EXPECT_EQ(spec.kernel.tag_of("i").kind, InameTag::Kind::Local);
  EXPECT_EQ(spec.kernel.tag_of("j").kind, InameTag::Kind::Group);
  std::string twice = text;
  twice.replace(twice.find(R"(["j", "g.0"])"), 12, R"(["i", "g.0"])");
  std::string message = error_message<SpecError>([&] { read_spec(twice); });
  EXPECT_NE(message.find("/transforms/0/iname_to_tag/1: 'i' appears twice"), std::string::npos) << message;
}

TEST(Spec, RefusesHugeFilesWithoutReadingThem) {
  std::filesystem::path path = std::filesystem::temp_directory_path() / "loom_huge_spec.json";
  {
    std::ofstream file(path, std::ios::binary);
    std::string chunk(1 << 20, 'x');
    for (int i = 0; i < 50; ++i) file << chunk;
  }
  std::string message = error_message<SpecError>([&] { read_spec_file(path.string()); });
  EXPECT_NE(message.find("is 50 MiB; specs are at most 16 MiB"), std::string::npos) << message;
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace loom

namespace loom {
namespace {

// A tuning space given where a kernel spec is expected (`loom run space.json`) says what it is.
TEST(Spec, ATuningSpaceIsNamedAsOne) {
  std::string message = error_message<SpecError>(
      [&] { read_spec_file(std::string(LOOM_EXAMPLES_DIR) + "/tune/sgemm_space_v5.json"); });
  EXPECT_NE(message.find("this is a tuning space, not a kernel spec: run it with `loom tune FILE`"), std::string::npos)
      << message;
}

// Every example spec reads, writes and reads back to the same kernel and code, and passes its
// check (SPEC.md run --check semantics).
TEST(Spec, EveryExampleRoundTripsAndPassesItsCheck) {
  int examples = 0;
  for (const auto& entry : std::filesystem::directory_iterator(LOOM_EXAMPLES_DIR)) {
    if (entry.path().extension() != ".json") continue;
    SCOPED_TRACE(entry.path().string());
    ++examples;
    Spec spec = read_spec_file(entry.path().string());
    Spec again = read_spec(write_spec(spec));
    EXPECT_EQ(instructions_text(again.kernel), instructions_text(spec.kernel));
    EXPECT_EQ(to_string(again.kernel), to_string(spec.kernel));
    EXPECT_EQ(generate_code(again.kernel, Target::C).source, generate_code(spec.kernel, Target::C).source);
    EXPECT_EQ(write_spec(again), write_spec(spec));
    CheckOptions options;
    options.inputs = spec.test.inputs;
    if (spec.test.seed) options.seed = *spec.test.seed;
    testing::expect_matches_reference(spec.kernel, spec.reference, spec.test.parameters, options);
  }
  EXPECT_GE(examples, 5);
}

// Harnesses that run specs (PolyBench, loopy conformance, naive specs, the tuner, stats) take
// their check options from check_options_from_test, which keeps every key of `test`: here a
// schedule that is right only at the value test.values gives alpha, so a
// harness that dropped the value would check at a random alpha and fail.
TEST(Spec, CheckOptionsKeepEveryKeyOfTheTestSection) {
  // The reduction moved away from the writes of t (duplicate_inames, unchecked): every max reads
  // the last k's value, right only where all values are equal (alpha = 0).
  Spec spec = read_spec(R"json({
    "loom": 1, "name": "max_at_zero", "domains": "{[i,k]: 0<=i<n and 0<=k<m}",
    "instructions": ["<float32> t = alpha*a[i, k] {id=w}", "out[i] = max(k, t) {id=r, dep=w}"],
    "args": [{"name": "a", "dtype": "float32", "shape": ["n", "m"]}, {"name": "out", "dtype": "float32", "shape": "n"},
             {"name": "alpha", "kind": "value", "dtype": "float32"}, "..."],
    "transforms": [{"op": "duplicate_inames", "inames": "k", "within": "id:r", "unchecked": true}],
    "test": {"parameters": {"n": 5, "m": 4, "alpha": 0.0}, "rtol": 0.002, "atol": 0.0001, "seed": 9,
             "inputs": {"a": {"uniform": [0, 1]}}}
  })json");
  CheckOptions options = check_options_from_test(spec.test, Target::OpenCL);
  EXPECT_EQ(options.target, Target::OpenCL);
  EXPECT_EQ(options.values, (std::map<std::string, double>{{"alpha", 0.0}}));
  EXPECT_EQ(options.rtol, 0.002);
  EXPECT_EQ(options.atol, 0.0001);
  EXPECT_EQ(options.seed, 9u);
  EXPECT_EQ(options.inputs.count("a"), 1u);
  EXPECT_TRUE(check_against_reference(spec.kernel, spec.reference, spec.test.parameters,
                                      check_options_from_test(spec.test, Target::C))
                  .passed);
  CheckOptions without_values = check_options_from_test(spec.test, Target::C);
  without_values.values.clear();
  CheckResult at_random_alpha = check_against_reference(spec.kernel, spec.reference, spec.test.parameters, without_values);
  EXPECT_FALSE(at_random_alpha.passed) << "the schedule is wrong at any other alpha: the test can fail. "
                                       << at_random_alpha.report();
}

}  // namespace
}  // namespace loom
