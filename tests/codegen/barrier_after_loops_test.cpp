// A barrier after loops that hold barriers on OpenCL where PoCL 3.1 needs it (codegen/barrier_after_loops.cpp):
// tables of statement lists for where it goes and where it must not, and the two fuzz
// findings it answers run on PoCL against the untransformed kernel: seed 132000573 (two loops, each a
// local tree reduction ending in a work-item-0 region) and seed 134000539 (a region guarded by
// `i_inner % 2 == 0` after a prefetch loop).
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "codegen/cast_statements.hpp"
#include "codegen/barrier_after_loops.hpp"
#include "codegen/print_c_family.hpp"
#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::count;
using testing::kernels_of;
using testing::store;
using testing::barrier;

cast::StmtPtr loop(const std::string& iterator, cast::StmtPtr body) {
  return cast::for_loop(iterator, DType::Int32, cast::int_const(0),
                        cast::binary("<", cast::var(iterator), cast::var("n"), DType::Bool), 1, body);
}

cast::StmtPtr barrier_loop(const std::string& iterator, int64_t index) {
  return loop(iterator, cast::block({barrier(), store("x", index)}));
}

cast::ExprPtr uniform() { return cast::binary(">=", cast::var("n"), cast::var("k"), DType::Bool); }

// `if (i_inner % 2 == 0) y[index] = 1;`: a condition that takes a remainder (seed 134000539's shape).
cast::StmtPtr remainder_guarded_store(int64_t index) {
  cast::ExprPtr remainder = cast::binary("%", cast::var("i_inner"), cast::int_const(2), DType::Int32);
  return cast::if_then(cast::binary("==", remainder, cast::int_const(0), DType::Bool), store("y", index));
}

// A barrier right after a loop's closing brace at `indent`.
bool barrier_right_after_a_loop(const std::string& out, const std::string& indent) {
  return out.find(indent + "}\n" + indent + "barrier(CLK_LOCAL_MEM_FENCE);\n") != std::string::npos;
}

TEST(BarrierAfterLoops, GoesBetweenALoopWithBarriersAndARemainderGuard) {
  cast::StmtPtr code = cast::block({barrier_loop("i", 0), remainder_guarded_store(0)});
  std::string out = testing::printed_opencl(codegen::barrier_after_loops_with_barriers(code));
  EXPECT_EQ(count(out, "barrier("), 2) << out;
  EXPECT_TRUE(barrier_right_after_a_loop(out, "  ")) << out;
  EXPECT_LT(out.rfind("barrier("), out.find("% 2")) << out;
}

TEST(BarrierAfterLoops, GoesBetweenTwoLoopsWithBarriersAlsoInsideAnOuterLoop) {
  cast::StmtPtr two = cast::block({barrier_loop("i", 0), barrier_loop("j", 1)});
  std::string out = testing::printed_opencl(codegen::barrier_after_loops_with_barriers(two));
  EXPECT_EQ(count(out, "barrier("), 3) << out;
  EXPECT_TRUE(barrier_right_after_a_loop(out, "  ")) << out;
  cast::StmtPtr nested = cast::block({loop("i", cast::block({barrier_loop("j", 0), barrier_loop("k", 1)}))});
  std::string inner = testing::printed_opencl(codegen::barrier_after_loops_with_barriers(nested));
  EXPECT_EQ(count(inner, "barrier("), 3) << inner;
  EXPECT_TRUE(barrier_right_after_a_loop(inner, "    ")) << inner;
}

TEST(BarrierAfterLoops, GoesAfterAUniformIfOrABlockEndingInSuchALoop) {
  cast::StmtPtr in_if = cast::block({cast::if_then(uniform(), cast::block({store("y", 0), barrier_loop("i", 0)})),
                                     remainder_guarded_store(1)});
  std::string out = testing::printed_opencl(codegen::barrier_after_loops_with_barriers(in_if));
  EXPECT_EQ(count(out, "barrier("), 2) << out;
  EXPECT_LT(out.rfind("barrier("), out.find("y[1]")) << out;
  EXPECT_GT(out.rfind("barrier("), out.find("x[0]")) << out;
  cast::StmtPtr in_block = cast::block({cast::block({store("y", 0), barrier_loop("i", 0)}),
                                        cast::block({barrier_loop("j", 1)})});
  std::string block_out = testing::printed_opencl(codegen::barrier_after_loops_with_barriers(in_block));
  EXPECT_EQ(count(block_out, "barrier("), 3) << block_out;
}

TEST(BarrierAfterLoops, LeavesOtherShapesAlone) {
  std::vector<cast::StmtPtr> untouched = {
      // Plain code after the loop (a tiled matmul's store of c): loopy's barrier counts stand.
      cast::block({barrier_loop("i", 0), store("y", 0)}),
      cast::block({barrier_loop("i", 0), cast::if_then(uniform(), store("y", 0))}),
      // The first loop holds no barrier.
      cast::block({loop("i", store("x", 0)), barrier_loop("j", 1)}),
      cast::block({loop("i", store("x", 0)), remainder_guarded_store(0)}),
      // The second loop holds no barrier.
      cast::block({barrier_loop("i", 0), loop("j", store("x", 1))}),
      // Nothing follows the loop in its block.
      cast::block({store("y", 0), barrier_loop("i", 0)}),
      // A statement between.
      cast::block({barrier_loop("i", 0), store("y", 0), barrier_loop("j", 1)}),
      // The loops are an if's two branches: alternatives, not a sequence.
      cast::block({cast::if_then(uniform(), barrier_loop("i", 0), barrier_loop("j", 1))}),
  };
  for (std::size_t k = 0; k < untouched.size(); ++k) {
    EXPECT_EQ(codegen::barrier_after_loops_with_barriers(untouched[k]), untouched[k]) << "case " << k;
  }
}

Spec regression_spec(const std::string& name) {
  return read_spec_file(std::string(LOOM_SOURCE_DIR) + "/fuzz/regressions/transforms/" + name + ".json");
}

TEST(BarrierAfterLoops, TheFuzzKernelsGetTheBarrierOnOpenCLOnly) {
  Spec two_loops = regression_spec("pocl-miscompile-work-item-zero-region-ending-a-loop-with-barriers");
  std::string opencl = kernels_of(generate_code(two_loops.kernel, Target::OpenCL).source);
  EXPECT_NE(opencl.find("  }\n  barrier(CLK_LOCAL_MEM_FENCE);\n  for (int32_t i_0"), std::string::npos) << opencl;
  std::string cuda = kernels_of(generate_code(two_loops.kernel, Target::CUDA).source);
  EXPECT_EQ(cuda.find("  }\n  __syncthreads();\n  for (int32_t i_0"), std::string::npos) << cuda;
  Spec strided = regression_spec("pocl-miscompile-strided-region-after-a-prefetch-loop");
  std::string region = kernels_of(generate_code(strided.kernel, Target::OpenCL).source);
  EXPECT_NE(region.find("  }\n  barrier(CLK_LOCAL_MEM_FENCE);\n  if (n >= 4 * i_outer + i_inner + 1 && i_inner % 2 == 0)"),
            std::string::npos)
      << region;
}

TEST(BarrierAfterLoopsOpenCL, TwoReductionLoopsMatchTheReferenceAtRaggedSizes) {
  REQUIRE_OPENCL();
  Spec spec = regression_spec("pocl-miscompile-work-item-zero-region-ending-a-loop-with-barriers");
  // The spec assumes m >= n.
  for (auto [n, m] : std::vector<std::pair<int64_t, int64_t>>{{1, 5}, {5, 5}, {7, 8}, {13, 19}}) {
    SCOPED_TRACE("n = " + std::to_string(n) + ", m = " + std::to_string(m));
    testing::expect_on_opencl(spec.kernel, spec.reference, {{"n", n}, {"m", m}});
  }
}

TEST(BarrierAfterLoopsOpenCL, AStridedRegionAfterAPrefetchLoopMatchesTheReference) {
  REQUIRE_OPENCL();
  Spec spec = regression_spec("pocl-miscompile-strided-region-after-a-prefetch-loop");
  for (auto [n, m] : std::vector<std::pair<int64_t, int64_t>>{{1, 1}, {2, 11}, {9, 9}, {13, 20}}) {
    SCOPED_TRACE("n = " + std::to_string(n) + ", m = " + std::to_string(m));
    testing::expect_on_opencl(spec.kernel, spec.reference, {{"n", n}, {"m", m}});
  }
}

}  // namespace
}  // namespace loom
