// Statement groups (codegen/schedule_tree.hpp, KernelSchedule::groups; issue 26): consecutive
// statements of a sequence with the same domain are one isl statement whose user node lowering
// expands into the members' calls. The code must be the code isl's separate statements gave
// (LOOM_NO_STATEMENT_GROUPS=1 keeps every statement its own), and the grouped kernels must run
// against their untransformed versions on the C target and on OpenCL (PoCL in CI).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "codegen/schedule_tree.hpp"
#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "runtime/scoped_env.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::expect_matches_reference;
using testing::expect_on_opencl;

// Three statements over the same i: one domain, so one isl statement.
LoopKernel three_outputs() {
  return make_kernel({"{[i]: 0<=i<n}"}, "a[i] = 2*x[i]\nb[i] = x[i] + 1\nc[i] = x[i]*x[i]",
                     {array_arg("x, a, b, c", DType::Float32, {"n"}), value_arg("n")}, {.name = "three_outputs"});
}

// The three statements under a ragged split's guard, and unrolled copies of them (each copy's
// guard around the whole group).
LoopKernel split_three(const std::string& inner_tag) {
  return split_iname(three_outputs(), "i", 4, {.inner_tag = inner_tag});
}

// The code of `kernel` on `target` with statement groups and without; the statements that joined a
// group in between.
struct BothWays {
  std::string grouped, separate;
  int joined = 0;
};

BothWays with_and_without_groups(const LoopKernel& kernel, Target target) {
  BothWays result;
  int before = codegen::statements_grouped();
  result.grouped = generate_code(kernel, target).source;
  result.joined = codegen::statements_grouped() - before;
  testing::ScopedEnv off("LOOM_NO_STATEMENT_GROUPS", "1");
  result.separate = generate_code(kernel, target).source;
  return result;
}

TEST(StatementGroups, GroupedCodeIsTheSeparateStatementsCode) {
  for (const std::string tag : {"", "unr"}) {
    LoopKernel kernel = split_three(tag);
    for (Target target : {Target::C, Target::OpenCL, Target::CUDA}) {
      BothWays code = with_and_without_groups(kernel, target);
      EXPECT_EQ(code.grouped, code.separate) << tag << " " << target_name(target);
      EXPECT_GT(code.joined, 0) << tag << " " << target_name(target) << "\n" << code.grouped;
    }
    // The members run in order, each with its own store.
    std::string c = generate_code(kernel, Target::C).source;
    std::size_t a = c.find("a[");
    std::size_t b = c.find("b[");
    std::size_t x = c.find("c[");
    ASSERT_NE(a, std::string::npos) << c;
    EXPECT_LT(a, b) << c;
    EXPECT_LT(b, x) << c;
    for (int64_t n : {1, 4, 7, 13}) {
      expect_matches_reference(kernel, three_outputs(), {{"n", n}});
      expect_on_opencl(kernel, three_outputs(), {{"n", n}});
    }
  }
}

std::filesystem::path example(const std::string& name) {
  return std::filesystem::path(LOOM_SOURCE_DIR) / "examples" / name;
}

TEST(StatementGroups, ExamplesCodeIsTheSeparateStatementsCode) {
  // Groups under GPU guards and full-group splits (sum_two_level), and beside loops and barriers
  // with parameter aliases (the narrow rows specs).
  int joined = 0;
  for (const char* name : {"memory/sum_two_level.json", "rows/softmax_narrow.json", "rows/layernorm_narrow.json"}) {
    Spec spec = read_spec_file(example(name).string());
    for (Target target : {Target::CUDA, Target::OpenCL}) {
      BothWays code = with_and_without_groups(spec.kernel, target);
      EXPECT_EQ(code.grouped, code.separate) << name << " " << target_name(target);
      joined += code.joined;
    }
  }
  EXPECT_GT(joined, 0);
}

}  // namespace
}  // namespace loom
