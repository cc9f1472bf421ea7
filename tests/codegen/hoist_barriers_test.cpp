// Barriers taken out of work-group-uniform ifs on OpenCL (codegen/hoist_barriers.cpp): tables of
// statement lists for the rewrite and the cases it must leave alone, and the unrolled prefetch of
// fuzz seed 69, whose eight guarded copies each held two barriers, run on PoCL against the
// untransformed kernel.
#include <gtest/gtest.h>

#include "codegen/cast_statements.hpp"
#include "codegen/hoist_barriers.hpp"
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

cast::ExprPtr n_at_least_k() {
  return cast::binary(">=", cast::var("n"), cast::var("k"), DType::Bool);
}

TEST(HoistBarriers, SplitsAUniformIfAtItsBarriers) {
  cast::StmtPtr code = cast::block({cast::if_then(
      n_at_least_k(),
      cast::block({store("x", 0), barrier(), store("x", 1), barrier(), store("x", 2)}))});
  std::string out = testing::printed_opencl(codegen::hoist_barriers_out_of_uniform_ifs(code));
  EXPECT_EQ(count(out, "if (n >= k)"), 3) << out;
  EXPECT_EQ(count(out, "barrier("), 2) << out;
  // Each barrier at the function's top level: preceded by a closing brace, not inside one.
  std::size_t first = out.find("barrier(");
  std::size_t second = out.find("barrier(", first + 1);
  EXPECT_LT(out.find("x[0]"), first) << out;
  EXPECT_LT(first, out.find("x[1]")) << out;
  EXPECT_LT(out.find("x[1]"), second) << out;
  EXPECT_LT(second, out.find("x[2]")) << out;
  EXPECT_EQ(out.substr(out.rfind('\n', first) + 1, first - out.rfind('\n', first) - 1), "  ")
      << out;
}

TEST(HoistBarriers, NestedUniformIfsComeOutLevelByLevelAndAnElseStaysWithTheFirstPiece) {
  cast::ExprPtr m_positive = cast::binary(">", cast::var("m"), cast::int_const(0), DType::Bool);
  cast::StmtPtr inner = cast::if_then(n_at_least_k(), cast::block({barrier(), store("x", 0)}));
  cast::StmtPtr code =
      cast::if_then(m_positive, cast::block({store("y", 0), inner}), store("z", 0));
  std::string out = testing::printed_opencl(codegen::hoist_barriers_out_of_uniform_ifs(code));
  EXPECT_EQ(count(out, "if (m > 0)"), 2) << out;
  EXPECT_EQ(count(out, "else"), 1) << out;
  std::size_t bar = out.find("barrier(");
  EXPECT_LT(out.find("z[0]"), bar) << out;
  EXPECT_LT(bar, out.find("x[0]")) << out;
  // An if whose then-branch is only a barrier keeps its else as `if (!c)`.
  cast::StmtPtr only_barrier = cast::if_then(m_positive, cast::block({barrier()}), store("z", 0));
  std::string alone = testing::printed_opencl(codegen::hoist_barriers_out_of_uniform_ifs(only_barrier));
  EXPECT_EQ(count(alone, "if (!(m > 0))"), 1) << alone;
  EXPECT_EQ(count(alone, "barrier("), 1) << alone;
}

TEST(HoistBarriers, LeavesIfsItCannotSplitAlone) {
  // The branch assigns k, which the condition reads: c would be evaluated on a new value.
  cast::StmtPtr assigns = cast::if_then(
      n_at_least_k(),
      cast::block({cast::assign(cast::var("k"), cast::int_const(0)), barrier(), store("x", 0)}));
  EXPECT_EQ(codegen::hoist_barriers_out_of_uniform_ifs(assigns), assigns);
  // A declaration at the branch's top level would lose its scope between the pieces.
  cast::StmtPtr declares = cast::if_then(
      n_at_least_k(), cast::block({cast::declare("t", DType::Float32), barrier(), store("x", 0)}));
  EXPECT_EQ(codegen::hoist_barriers_out_of_uniform_ifs(declares), declares);
  // An else holding a barrier.
  cast::StmtPtr else_barrier = cast::if_then(
      n_at_least_k(), cast::block({barrier(), store("x", 0)}), cast::block({barrier()}));
  EXPECT_EQ(codegen::hoist_barriers_out_of_uniform_ifs(else_barrier), else_barrier);
  // A barrier inside a loop under the if stays under it; an if without barriers is not touched.
  cast::StmtPtr loop =
      cast::for_loop("j", DType::Int32, cast::int_const(0),
                     cast::binary("<", cast::var("j"), cast::int_const(4), DType::Bool), 1,
                     cast::block({barrier(), store("x", 0)}));
  cast::StmtPtr in_loop = cast::if_then(n_at_least_k(), cast::block({loop}));
  EXPECT_EQ(codegen::hoist_barriers_out_of_uniform_ifs(in_loop), in_loop);
  cast::StmtPtr plain = cast::if_then(n_at_least_k(), store("x", 0));
  EXPECT_EQ(codegen::hoist_barriers_out_of_uniform_ifs(plain), plain);
}

// Fuzz seed 69 (finding 69000296): a scalar prefetch in a loop split by 8 with `unr`; each of the
// eight partial-tile copies sits in `if (n >= 8*i_outer + k)` with the fetch's two barriers. PoCL
// took minutes to compile it; with the barriers out of the ifs it compiles as fast as the
// unconditional form (fuzz/regressions/transforms/unrolled-prefetch-barriers-in-uniform-ifs-8.json
// replays it under the fuzzer's 10 s CPU limit).
Spec unrolled_prefetch_spec() {
  return read_spec_file(
      std::string(LOOM_SOURCE_DIR) +
      "/fuzz/regressions/transforms/unrolled-prefetch-barriers-in-uniform-ifs-8.json");
}

TEST(HoistBarriers, NoBarrierOfTheUnrolledPrefetchIsUnderAnIfOnOpenCL) {
  Spec spec = unrolled_prefetch_spec();
  std::string code = kernels_of(generate_code(spec.kernel, Target::OpenCL).source);
  EXPECT_EQ(count(code, "barrier(CLK_LOCAL_MEM_FENCE)"), 16) << code;
  // Every barrier is one level inside the loop over i_outer (4 spaces), none deeper.
  EXPECT_EQ(count(code, "\n    barrier(CLK_LOCAL_MEM_FENCE)"), 16) << code;
  EXPECT_EQ(count(code, "if (n >= 8 * i_outer + 2)"), 2) << code;
  // CUDA keeps its guarded copies as they were.
  std::string cuda = kernels_of(generate_code(spec.kernel, Target::CUDA).source);
  EXPECT_EQ(count(cuda, "if (n >= 8 * i_outer + 2)"), 1) << cuda;
}

TEST(HoistBarriersOpenCL, UnrolledPrefetchMatchesTheReferenceAtRaggedSizes) {
  REQUIRE_OPENCL();
  Spec spec = unrolled_prefetch_spec();
  for (int64_t n : {1, 7, 13, 16}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    testing::expect_on_opencl(spec.kernel, spec.reference, {{"n", n}, {"m", 17}});
  }
}

}  // namespace
}  // namespace loom
