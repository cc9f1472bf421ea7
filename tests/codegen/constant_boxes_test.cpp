// Constant boxes (codegen/schedule_tree.hpp): unrolled loops whose statements are their projection
// times the loop's constant range leave isl's AST problem and lowering makes their copies. The
// code must be the code isl's unrolled loops gave (LOOM_NO_CONSTANT_BOXES keeps every loop a band).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "analysis/preprocess.hpp"
#include "runtime/scoped_env.hpp"
#include "codegen/linearize.hpp"
#include "codegen/schedule_tree.hpp"
#include "loom/loom.hpp"
#include "test_helpers.hpp"
#include "test_kernels.hpp"
#include "transforms/tail_support.hpp"

namespace loom {
namespace {

using testing::expect_matches_reference;

// The register-tiled matmul of Unroll.IlpRegisterTileHasSixteenAccumulators, over a round_up
// split (every tile whole) or a guarded one (the last tile ragged).
LoopKernel register_tiled(const std::string& tail) {
  TailOptions options{tail, std::nullopt};
  LoopKernel tiled = split_iname(test_kernels::matmul(), "i", 4, {.inner_tag = "ilp"}, options);
  tiled = split_iname(tiled, "j", 4, {.inner_tag = "ilp"}, options);
  return prioritize_loops(tiled, "i_outer, j_outer, k, i_inner, j_inner");
}

// The statements' schedule, with the ilp inames' ranges as the boxes (as code generation asks).
codegen::KernelSchedule schedule_with_boxes(const LoopKernel& kernel) {
  LoopKernel processed = preprocess(kernel);
  codegen::Linearization linearization = codegen::linearize(processed, [](const std::string&) { return true; });
  codegen::ConstantBoxes boxes = [&processed](const std::string& iname) -> std::optional<ConstantRange> {
    if (processed.tag_of(iname).kind != InameTag::Kind::Ilp) return std::nullopt;
    return constant_iname_range(processed, iname);
  };
  return codegen::build_schedule(processed, linearization, true, {}, boxes);
}

// The boxed dims of every statement whose dims include `iname`.
std::vector<std::vector<std::string>> boxed_dims_within(const codegen::KernelSchedule& schedule, const std::string& iname) {
  std::vector<std::vector<std::string>> result;
  for (const auto& [name, statement] : schedule.statements) {
    if (std::find(statement.dims.begin(), statement.dims.end(), iname) != statement.dims.end()) {
      result.push_back(statement.boxed_dims);
    }
  }
  return result;
}

TEST(ConstantBoxes, WholeRegisterTileLeavesIslsProblem) {
  codegen::KernelSchedule schedule = schedule_with_boxes(register_tiled("round_up"));
  std::vector<std::vector<std::string>> boxed = boxed_dims_within(schedule, "j_inner");
  ASSERT_FALSE(boxed.empty());
  // Every statement of the tile (accumulator start, update, store) lies in both boxes, the inner
  // one decided first; neither dimension is left in isl's domains.
  for (const std::vector<std::string>& dims : boxed) EXPECT_EQ(dims, (std::vector<std::string>{"j_inner", "i_inner"}));
  for (const auto& [name, statement] : schedule.statements) {
    EXPECT_LT(isl_set_find_dim_by_name(statement.domain.get(), isl_dim_set, "i_inner"), 0) << name;
    EXPECT_LT(isl_set_find_dim_by_name(statement.domain.get(), isl_dim_set, "j_inner"), 0) << name;
  }
  char* text = isl_schedule_to_str(schedule.schedule.get());
  std::string tree = text;
  free(text);
  EXPECT_NE(tree.find("box i_inner"), std::string::npos) << tree;
  EXPECT_EQ(tree.find("loop i_inner"), std::string::npos) << tree;
}

TEST(ConstantBoxes, RaggedTileStaysAnIslLoop) {
  // With a guarded split the last tile's copies depend on n: i_inner is tied to i_outer and n in
  // the domains, so isl must build that loop (and give each copy its guard).
  codegen::KernelSchedule schedule = schedule_with_boxes(register_tiled("guard"));
  std::vector<std::vector<std::string>> boxed = boxed_dims_within(schedule, "j_inner");
  ASSERT_FALSE(boxed.empty());
  for (const std::vector<std::string>& dims : boxed) EXPECT_TRUE(dims.empty());
}

// The code of `kernel` with constant boxes and with every unrolled loop built by isl.
std::pair<std::string, std::string> with_and_without_boxes(const LoopKernel& kernel, Target target) {
  std::string with = generate_code(kernel, target).source;
  setenv("LOOM_NO_CONSTANT_BOXES", "1", 1);
  std::string without;
  try {
    without = generate_code(kernel, target).source;
  } catch (...) {
    unsetenv("LOOM_NO_CONSTANT_BOXES");
    throw;
  }
  unsetenv("LOOM_NO_CONSTANT_BOXES");
  return {with, without};
}

TEST(ConstantBoxes, RegisterTileCodeIsIslsUnrolledCode) {
  for (const std::string tail : {"round_up", "guard"}) {
    LoopKernel tiled = register_tiled(tail);
    auto [with, without] = with_and_without_boxes(tiled, Target::C);
    EXPECT_EQ(with, without) << tail;
    for (int64_t n : {1, 4, 7, 13}) expect_matches_reference(tiled, test_kernels::matmul(), {{"n", n}});
  }
}

std::filesystem::path example(const std::string& name) {
  return std::filesystem::path(LOOM_SOURCE_DIR) / "examples" / name;
}

TEST(ConstantBoxes, TunedSgemmCodeIsIslsUnrolledCode) {
  // Boxes of fetch copies, of the pipeline's loads of the next k tile (under one guard,
  // `p >= 16 * ko + 17`, above all eight) and of the 4-level register tile, on both GPU targets.
  Spec spec = read_spec_file(example("memory/sgemm_tuned.json").string());
  for (Target target : {Target::CUDA, Target::OpenCL}) {
    auto [with, without] = with_and_without_boxes(spec.kernel, target);
    EXPECT_EQ(with, without) << target_name(target);
  }
  std::string cuda = generate_code(spec.kernel, Target::CUDA).source;
  EXPECT_NE(cuda.find("if (p >= 16 * ko + 17)\n    {\n      b_fetch_next[0] ="), std::string::npos) << cuda;
}

// An unrolled loop around a sequential one is no box (a box holds statements and boxes only), so
// isl builds it; where its points are the loops around it times its range, codegen/isl_ast.cpp
// reads that off the constraints and skips the copies' gists. The code must be what the gists give
// (LOOM_VERIFY_SKIPPED_CHECKS runs them beside and raises an internal error where they differ),
// and a ragged tile, whose copies need guards, must keep them.
LoopKernel unrolled_rows_around_k(const std::string& tail) {
  TailOptions options{tail, std::nullopt};
  LoopKernel tiled = split_iname(test_kernels::matmul(), "i", 4, {.inner_tag = "unr"}, options);
  return prioritize_loops(tiled, "i_outer, j, i_inner, k");
}

TEST(ConstantBoxes, UnrolledLoopAroundALoopReadsItsGuardFreeCopiesOffTheConstraints) {
  for (const std::string tail : {"round_up", "guard"}) {
    LoopKernel tiled = unrolled_rows_around_k(tail);
    std::string read_off = generate_code(tiled, Target::C).source;
    std::string gisted;
    {
      testing::ScopedEnv verify("LOOM_VERIFY_SKIPPED_CHECKS", "1");
      gisted = generate_code(tiled, Target::C).source;
    }
    EXPECT_EQ(read_off, gisted) << tail;
    // Four copies of the k loop, one per row of the tile.
    std::size_t loops = 0;
    for (std::size_t at = read_off.find("for (int32_t k"); at != std::string::npos; at = read_off.find("for (int32_t k", at + 1)) ++loops;
    EXPECT_EQ(loops, 4u) << read_off;
    for (int64_t n : {1, 4, 7, 13}) expect_matches_reference(tiled, test_kernels::matmul(), {{"n", n}});
  }
}

}  // namespace
}  // namespace loom
