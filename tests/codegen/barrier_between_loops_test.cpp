// A barrier between consecutive loops that hold barriers on OpenCL (codegen/barrier_between_loops.cpp,
// a PoCL 3.1 workaround): tables of statement lists for where it goes and where it must not, and
// fuzz seed 132000573 (two loops, each a local tree reduction ending in a work-item-0 region) run
// on PoCL against the untransformed kernel.
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "codegen/barrier_between_loops.hpp"
#include "codegen/print_c_family.hpp"
#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::count;
using testing::kernels_of;

cast::StmtPtr store(const std::string& array, int64_t index) {
  return cast::assign(cast::load(array, cast::int_const(index), DType::Float32),
                      cast::float_const(1.0, DType::Float32));
}

cast::StmtPtr barrier() {
  cast::Stmt s;
  s.kind = cast::StmtKind::Barrier;
  return std::make_shared<const cast::Stmt>(s);
}

cast::StmtPtr loop(const std::string& iterator, cast::StmtPtr body) {
  return cast::for_loop(iterator, DType::Int32, cast::int_const(0),
                        cast::binary("<", cast::var(iterator), cast::var("n"), DType::Bool), 1, body);
}

std::string printed(const cast::StmtPtr& statement) {
  cast::Function function;
  function.name = "f";
  function.body = statement;
  function.device_kernel = true;
  return kernels_of(codegen::print_translation_unit(function, Target::OpenCL));
}

TEST(BarrierBetweenLoops, GoesBetweenTwoLoopsThatHoldBarriers) {
  cast::StmtPtr code = cast::block({loop("i", cast::block({barrier(), store("x", 0)})),
                                    loop("j", cast::block({barrier(), store("x", 1)}))});
  std::string out = printed(codegen::separate_consecutive_barrier_loops(code));
  EXPECT_EQ(count(out, "barrier("), 3) << out;
  std::size_t between = out.find("barrier(", out.find("x[0]"));
  EXPECT_LT(between, out.find("for (int32_t j")) << out;
  // At the loops' own level (two spaces), not inside either loop.
  EXPECT_EQ(out.substr(out.rfind('\n', between) + 1, between - out.rfind('\n', between) - 1), "  ") << out;
}

TEST(BarrierBetweenLoops, GoesBetweenNestedLoopsToo) {
  cast::StmtPtr inner = cast::block({loop("j", cast::block({barrier(), store("x", 0)})),
                                     loop("k", cast::block({store("x", 1), barrier()}))});
  cast::StmtPtr code = cast::block({loop("i", inner)});
  std::string out = printed(codegen::separate_consecutive_barrier_loops(code));
  EXPECT_EQ(count(out, "barrier("), 3) << out;
  EXPECT_EQ(count(out, "\n    barrier("), 1) << out;  // between j and k, inside i
}

TEST(BarrierBetweenLoops, LeavesOtherShapesAlone) {
  cast::ExprPtr uniform = cast::binary(">=", cast::var("n"), cast::var("k"), DType::Bool);
  std::vector<cast::StmtPtr> untouched = {
      // The first loop holds no barrier.
      cast::block({loop("i", store("x", 0)), loop("j", cast::block({barrier(), store("x", 1)}))}),
      // The second loop holds no barrier.
      cast::block({loop("i", cast::block({barrier(), store("x", 0)})), loop("j", store("x", 1))}),
      // A statement between the loops.
      cast::block({loop("i", cast::block({barrier(), store("x", 0)})), store("y", 0),
                   loop("j", cast::block({barrier(), store("x", 1)}))}),
      // The loops are an if's two branches: alternatives, not a sequence.
      cast::block({cast::if_then(uniform, loop("i", cast::block({barrier(), store("x", 0)})),
                                 loop("j", cast::block({barrier(), store("x", 1)})))}),
  };
  for (std::size_t k = 0; k < untouched.size(); ++k) {
    EXPECT_EQ(codegen::separate_consecutive_barrier_loops(untouched[k]), untouched[k]) << "case " << k;
  }
}

// Fuzz seed 132000573: on PoCL 3.1 the first loop's `if (k_inner == 0) { out0[i] = ...; }` never ran
// (out0 all zero) without the barrier between the loops.
Spec two_reduction_loops_spec() {
  return read_spec_file(std::string(LOOM_SOURCE_DIR) +
                        "/fuzz/regressions/transforms/pocl-miscompile-work-item-zero-region-ending-a-loop-with-barriers.json");
}

TEST(BarrierBetweenLoops, TheTwoReductionLoopsAreSeparatedOnOpenCLOnly) {
  Spec spec = two_reduction_loops_spec();
  std::string opencl = kernels_of(generate_code(spec.kernel, Target::OpenCL).source);
  EXPECT_NE(opencl.find("  }\n  barrier(CLK_LOCAL_MEM_FENCE);\n  for (int32_t i_0"), std::string::npos) << opencl;
  std::string cuda = kernels_of(generate_code(spec.kernel, Target::CUDA).source);
  EXPECT_EQ(cuda.find("  }\n  __syncthreads();\n  for (int32_t i_0"), std::string::npos) << cuda;
}

TEST(BarrierBetweenLoopsOpenCL, TwoReductionLoopsMatchTheReferenceAtRaggedSizes) {
  REQUIRE_OPENCL();
  Spec spec = two_reduction_loops_spec();
  // The spec assumes m >= n.
  for (auto [n, m] : std::vector<std::pair<int64_t, int64_t>>{{1, 5}, {5, 5}, {7, 8}, {13, 19}}) {
    SCOPED_TRACE("n = " + std::to_string(n) + ", m = " + std::to_string(m));
    testing::expect_on_opencl(spec.kernel, spec.reference, {{"n", n}, {"m", m}});
  }
}

}  // namespace
}  // namespace loom
