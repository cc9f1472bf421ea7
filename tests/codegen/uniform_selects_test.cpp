// Group-uniform fetches (codegen/uniform_selects.cpp, merge_branches.cpp) and conditions the
// domain implies (implied_conditions.cpp), issue 25: the round_up tuned SGEMM tests one condition
// per tile and fetches whole tiles without per-element predicates, runs the predicated copy only
// on edge tiles, and drops every select and store guard where the sizes make every tile whole.
// Results are checked against the untransformed kernel on OpenCL (PoCL) at shapes that mix
// whole and edge tiles in m, n and k.
#include <gtest/gtest.h>

#include "codegen/merge_branches.hpp"
#include "codegen/print_c_family.hpp"
#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::count;
using testing::kernels_of;

Spec tuned_sgemm() { return read_spec_file(std::string(LOOM_EXAMPLES_DIR) + "/memory/sgemm_tuned.json"); }

// LOOM_UNIFORM_FETCHES=1 (split_uniform_selects is opt-in) for one scope.
class UniformFetchesOn {
 public:
  UniformFetchesOn() { setenv("LOOM_UNIFORM_FETCHES", "1", 1); }
  ~UniformFetchesOn() { unsetenv("LOOM_UNIFORM_FETCHES"); }
  UniformFetchesOn(const UniformFetchesOn&) = delete;
  UniformFetchesOn& operator=(const UniformFetchesOn&) = delete;
};

// The pipelined next-tile fetch of b: whole tiles in one branch with plain loads, the edge tile in
// the other with the selects, one test of `the next k tile and this group's columns are inside`.
TEST(UniformSelects, TunedSgemmFetchesWholeTilesUnderOneBranch) {
  UniformFetchesOn on;
  std::string code = kernels_of(generate_code(tuned_sgemm().kernel, Target::CUDA).source);
  std::size_t branch = code.find("if (p >= 16 * ko + 32 && n >= 128 * jg + 128)\n");
  ASSERT_NE(branch, std::string::npos) << code;
  std::size_t otherwise = code.find("else", branch);
  ASSERT_NE(otherwise, std::string::npos);
  std::string whole = code.substr(branch, otherwise - branch);
  EXPECT_EQ(count(whole, "b_fetch_next["), 8) << whole;
  EXPECT_EQ(count(whole, "?"), 0) << whole;
  EXPECT_EQ(count(code, "if (p >= 16 * ko + 32 && m >= 128 * ig + 128)\n"), 1) << code;
  // The edge copies keep one select per load: 8 + 8 in the loop, 16 before it.
  EXPECT_EQ(count(code, ": 0.0f;"), 32) << code;
}

// Off by default: the same kernel has no uniform copy.
TEST(UniformSelects, OffUnlessAskedFor) {
  std::string code = kernels_of(generate_code(tuned_sgemm().kernel, Target::CUDA).source);
  EXPECT_EQ(count(code, "n >= 128 * jg + 128"), 0) << code;
  EXPECT_EQ(count(code, ": 0.0f;"), 32) << code;
}

TEST(UniformSelectsOpenCL, TunedSgemmMatchesTheReferenceOnWholeAndEdgeTiles) {
  REQUIRE_OPENCL();
  UniformFetchesOn on;
  Spec spec = tuned_sgemm();
  for (ParameterMap sizes : {ParameterMap{{"m", 136}, {"n", 130}, {"p", 40}}, ParameterMap{{"m", 128}, {"n", 128}, {"p", 32}}}) {
    SCOPED_TRACE("m = " + std::to_string(sizes["m"]) + ", p = " + std::to_string(sizes["p"]));
    testing::expect_on_opencl(spec.kernel, spec.reference, sizes);
  }
}

// Specialized to multiples of the tiles, every select and store guard is implied by the domain:
// the code is the guard split's full-tile code. At 3000 the edge tiles keep them.
TEST(ImpliedConditions, TunedSgemmAtMultiplesOfTheTileHasNoSelectAndNoStoreGuard) {
  LoopKernel aligned = fix_parameters(tuned_sgemm().kernel, {{"m", 4096}, {"n", 4096}, {"p", 4096}});
  std::string code = kernels_of(generate_code(aligned, Target::CUDA).source);
  EXPECT_EQ(count(code, "?"), 0) << code;
  EXPECT_EQ(count(code, "if (4096 >="), 0) << code;
  EXPECT_EQ(count(code, "c["), 64) << code;
  LoopKernel ragged = fix_parameters(tuned_sgemm().kernel, {{"m", 3000}, {"n", 3000}, {"p", 3000}});
  std::string edge = kernels_of(generate_code(ragged, Target::CUDA).source);
  EXPECT_EQ(count(edge, "if (3000 >= "), 64) << edge;
  EXPECT_GT(count(edge, ": 0.0f;"), 0) << edge;
}

// ---- merge_branches: tables of statement lists ------------------------------------------------

cast::StmtPtr store(const std::string& array, int64_t index) {
  return cast::assign(cast::load(array, cast::int_const(index), DType::Float32), cast::float_const(1.0, DType::Float32));
}

std::string printed(const cast::StmtPtr& statement) {
  cast::Function function;
  function.name = "f";
  function.body = statement;
  return codegen::print_translation_unit(function, Target::C);
}

TEST(MergeBranches, JoinsARunOfOneConditionAndItsNegation) {
  cast::ExprPtr c = cast::binary(">=", cast::var("n"), cast::var("k"), DType::Bool);
  cast::ExprPtr not_c = cast::unary("!", c, DType::Bool);
  cast::StmtPtr copies = cast::block({cast::block({cast::if_then(c, store("x", 0)), cast::if_then(not_c, store("y", 0))}),
                                      cast::block({cast::if_then(c, store("x", 1)), cast::if_then(not_c, store("y", 1))})});
  std::string code = printed(codegen::merge_branches(copies));
  EXPECT_EQ(count(code, "if ("), 1) << code;
  EXPECT_EQ(count(code, "else"), 1) << code;
  EXPECT_LT(code.find("x[0]"), code.find("x[1]")) << code;
  EXPECT_LT(code.find("x[1]"), code.find("y[0]")) << code;
  EXPECT_LT(code.find("y[0]"), code.find("y[1]")) << code;
}

TEST(MergeBranches, LeavesOtherConditionsAndRunsThatChangeTheConditionAlone) {
  cast::ExprPtr c = cast::binary(">=", cast::var("n"), cast::var("k"), DType::Bool);
  cast::ExprPtr d = cast::binary(">=", cast::var("n"), cast::int_const(3), DType::Bool);
  cast::StmtPtr different = cast::block({cast::if_then(c, store("x", 0)), cast::if_then(d, store("x", 1))});
  EXPECT_EQ(codegen::merge_branches(different), different);
  cast::StmtPtr changes_k = cast::block(
      {cast::if_then(c, store("x", 0)), cast::if_then(c, cast::assign(cast::var("k"), cast::int_const(0))),
       cast::if_then(c, store("x", 1))});
  std::string code = printed(codegen::merge_branches(changes_k));
  EXPECT_EQ(count(code, "if ("), 3) << code;  // the assignment to k ends each run: nothing merges
  cast::StmtPtr single = cast::block({cast::if_then(c, store("x", 0)), store("z", 0)});
  EXPECT_EQ(codegen::merge_branches(single), single);
}

}  // namespace
}  // namespace loom
