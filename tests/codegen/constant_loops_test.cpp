// Constant loops (codegen/schedule_tree.hpp, KernelSchedule::constant_loops; issue 26): a sequential
// loop over statements whose domains are their projection times the loop's constant range leaves
// isl's problem, and lowering writes the `for` isl wrote. The code must be isl's
// (LOOM_NO_CONSTANT_LOOPS=1 keeps every loop a band), and the kernels must run against their
// untransformed versions on the C target and on OpenCL (PoCL in CI).
#include <gtest/gtest.h>

#include <string>

#include "analysis/preprocess.hpp"
#include "codegen/linearize.hpp"
#include "codegen/schedule_tree.hpp"
#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "runtime/scoped_env.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::expect_matches_reference;
using testing::expect_on_opencl;

// Rows of 16: k's range is constant, i's is not.
LoopKernel scaled_rows() {
  return make_kernel({"{[i, k]: 0<=i<n and 0<=k<16}"}, "out[i, k] = 2*a[i, k]\nb[i, k] = a[i, k] + 1",
                     {array_arg("a, out, b", DType::Float32, {"n", "16"}), value_arg("n")}, {.name = "scaled_rows"});
}

// i split with a ragged last tile (a guard on i_outer and i_inner that does not name k), k inside
// with `tag` ("" or unr_hint: the pragma).
LoopKernel tiled_rows(const std::string& k_tag) {
  LoopKernel kernel = split_iname(scaled_rows(), "i", 4);
  if (!k_tag.empty()) kernel = tag_inames(kernel, "k:" + k_tag);
  return prioritize_loops(kernel, "i_outer, i_inner, k");
}

codegen::KernelSchedule schedule_of(const LoopKernel& kernel) {
  LoopKernel processed = preprocess(kernel);
  codegen::Linearization linearization = codegen::linearize(processed, [](const std::string&) { return true; });
  // Code generation's boxes: none here (nothing is unrolled), but a boxes function, as it passes.
  codegen::ConstantBoxes boxes = [](const std::string&) -> std::optional<ConstantRange> { return std::nullopt; };
  return codegen::build_schedule(processed, linearization, true, {}, boxes);
}

TEST(ConstantLoops, ConstantInnerLoopLeavesIslsProblem) {
  codegen::KernelSchedule schedule = schedule_of(tiled_rows(""));
  ASSERT_EQ(schedule.constant_loops.count("k"), 1u);
  EXPECT_EQ(schedule.constant_loops.at("k").lower, 0);
  EXPECT_EQ(schedule.constant_loops.at("k").extent, 16);
  EXPECT_EQ(schedule.constant_loops.count("i_inner"), 0u);  // its statements are no product (the ragged tile)
  for (const auto& [name, statement] : schedule.statements) {
    EXPECT_LT(isl_set_find_dim_by_name(statement.domain.get(), isl_dim_set, "k"), 0) << name;
  }
  testing::ScopedEnv off("LOOM_NO_CONSTANT_LOOPS", "1");
  EXPECT_TRUE(schedule_of(tiled_rows("")).constant_loops.empty());
}

TEST(ConstantLoops, CodeIsIslsLoop) {
  for (const std::string tag : {"", "unr_hint"}) {
    LoopKernel kernel = tiled_rows(tag);
    for (Target target : {Target::C, Target::OpenCL, Target::CUDA}) {
      std::string with = generate_code(kernel, target).source;
      std::string without;
      {
        testing::ScopedEnv off("LOOM_NO_CONSTANT_LOOPS", "1");
        without = generate_code(kernel, target).source;
      }
      EXPECT_EQ(with, without) << tag << " " << target_name(target);
      EXPECT_NE(with.find("k = 0; k <= 15; ++k)"), std::string::npos) << with;
    }
    for (int64_t n : {1, 4, 7, 13}) {
      expect_matches_reference(kernel, scaled_rows(), {{"n", n}});
      expect_on_opencl(kernel, scaled_rows(), {{"n", n}});
    }
  }
}

}  // namespace
}  // namespace loom
