// One base pointer an iteration for a loop's global reads (codegen/fetch_bases.cpp, issue 25; opt-in,
// LOOM_FETCH_BASES=1): the tuned SGEMM's next-tile reads of a, eight rows a parameter apart, go
// through `a_ko = a + (16 * (ko + 1) + a_dim_1)` with their loop-invariant row offsets; reads a literal apart (b's columns), reads with
// a part that may be negative and unrolled loops are left alone. Results are checked against the
// untransformed kernel on OpenCL (PoCL), where the same pointers are printed as plain __global
// pointers, at shapes that mix whole and edge tiles in m, n and k.
#include <gtest/gtest.h>

#include <cstdlib>
#include <functional>

#include "codegen/fetch_bases.hpp"
#include "codegen/print_c_family.hpp"
#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::count;
using testing::kernels_of;

Spec example(const std::string& path) { return read_spec_file(std::string(LOOM_EXAMPLES_DIR) + "/" + path); }

// LOOM_FETCH_BASES=1 (add_fetch_bases is opt-in) for one scope.
class FetchBasesOn {
 public:
  FetchBasesOn() { setenv("LOOM_FETCH_BASES", "1", 1); }
  ~FetchBasesOn() { unsetenv("LOOM_FETCH_BASES"); }
  FetchBasesOn(const FetchBasesOn&) = delete;
  FetchBasesOn& operator=(const FetchBasesOn&) = delete;
};

cast::ExprPtr v(const std::string& name) { return cast::var(name); }
cast::ExprPtr c(int64_t value) { return cast::int_const(value); }
cast::ExprPtr add(cast::ExprPtr a, cast::ExprPtr b) { return cast::binary("+", std::move(a), std::move(b), DType::Int32); }
cast::ExprPtr mul(cast::ExprPtr a, cast::ExprPtr b) { return cast::binary("*", std::move(a), std::move(b), DType::Int32); }
// Row `row` of a tile at r: r, 16 + r, ...
cast::ExprPtr row_at(int row) { return row == 0 ? v("r") : add(c(16 * row), v("r")); }

// for (k = 0; k <= 9; ++k) { x0 = a[index(0)]; x1 = a[index(1)]; } under `pragma`.
cast::StmtPtr loop_of_two_reads(const std::function<cast::ExprPtr(int)>& index, const std::string& pragma = "") {
  std::vector<cast::StmtPtr> body;
  for (int row = 0; row < 2; ++row) {
    body.push_back(cast::assign(cast::load("x", c(row), DType::Float32), cast::load("a", index(row), DType::Float32)));
  }
  cast::StmtPtr loop = cast::for_loop("k", DType::Int32, c(0), cast::binary("<=", v("k"), c(9), DType::Bool), 1,
                                      cast::block(body));
  if (!pragma.empty()) {
    cast::Stmt copy = *loop;
    copy.pragma = pragma;
    loop = std::make_shared<const cast::Stmt>(copy);
  }
  return cast::block({loop});
}

std::string printed(const cast::StmtPtr& body, Target target) {
  cast::Function function;
  function.name = "f";
  function.parameters = {{"a", DType::Float32, true, true}, {"x", DType::Float32, true, false}, {"p", DType::Int32, false, false}};
  function.body = body;
  function.device_kernel = target != Target::C;
  return kernels_of(codegen::print_translation_unit(function, target));
}

// Rows a parameter apart: `a[(row) * p + 16 * k]` -> `a_k = a + (16 * k)`, `a_k[(row) * p]`.
TEST(FetchBases, RowsAParameterApartShareOneBaseAnIteration) {
  auto index = [](int row) { return add(add(mul(row_at(row), v("p")), v("q")), mul(c(16), v("k"))); };
  cast::StmtPtr rewritten = codegen::add_fetch_bases(loop_of_two_reads(index), {"a"}, {"p", "q", "r"});
  std::string cuda = printed(rewritten, Target::CUDA);
  // The summand every read has (q) goes into the base with the loop's part.
  EXPECT_EQ(count(cuda, "const float *__restrict__ a_k = loom_fetch_base(a + (16 * k + q));"), 1) << cuda;
  EXPECT_EQ(count(cuda, "a_k[r * p]"), 1) << cuda;
  EXPECT_EQ(count(cuda, "a_k[(16 + r) * p]"), 1) << cuda;
  EXPECT_EQ(count(cuda, "a["), 0) << cuda;
  std::string opencl = printed(rewritten, Target::OpenCL);
  EXPECT_EQ(count(opencl, "__global const float *a_k = a + (16 * k + q);"), 1) << opencl;
}

// What stays as it was: reads a literal apart (they share an address already), a part that may be
// negative (r is not known to be non-negative; `- 1`), a loop that is unrolled, a single read.
TEST(FetchBases, LeavesReadsALiteralApartUnknownSignsUnrolledLoopsAndSingleReadsAlone) {
  auto literal_apart = [](int row) { return add(add(mul(v("r"), v("p")), c(16 * row + 1)), mul(c(16), v("k"))); };
  auto parameter_apart = [](int row) { return add(mul(row_at(row), v("p")), mul(c(16), v("k"))); };
  auto minus_one = [](int row) { return add(mul(row_at(row), v("p")), cast::binary("-", v("k"), c(1), DType::Int32)); };
  struct Case {
    std::string name;
    cast::StmtPtr body;
    std::set<std::string> non_negative;
  };
  std::vector<Case> cases = {
      {"a literal apart", loop_of_two_reads(literal_apart), {"p", "r"}},
      {"r of unknown sign", loop_of_two_reads(parameter_apart), {"p"}},
      {"a difference", loop_of_two_reads(minus_one), {"p", "r"}},
      {"unrolled", loop_of_two_reads(parameter_apart, "unroll"), {"p", "r"}},
  };
  for (const Case& test : cases) {
    SCOPED_TRACE(test.name);
    std::string code = printed(codegen::add_fetch_bases(test.body, {"a"}, test.non_negative), Target::CUDA);
    EXPECT_EQ(count(code, "loom_fetch_base"), 0) << code;
    EXPECT_EQ(count(code, "a["), 2) << code;
  }
  // Not a read-only argument: x is written.
  std::string written = printed(codegen::add_fetch_bases(loop_of_two_reads(parameter_apart), {}, {"p", "r"}), Target::CUDA);
  EXPECT_EQ(count(written, "loom_fetch_base"), 0) << written;
}

// The tuned SGEMM: a's eight next-tile rows through one base a k tile, b's columns (a literal
// apart) and every fetch before the loop as they were.
TEST(FetchBases, TunedSgemmReadsTheNextATileThroughOneBase) {
  std::string plain = kernels_of(generate_code(example("memory/sgemm_tuned.json").kernel, Target::CUDA).source);
  EXPECT_EQ(count(plain, "loom_fetch_base"), 0) << plain;  // off by default
  EXPECT_EQ(count(plain, "? a["), 16) << plain;
  FetchBasesOn on;
  std::string code = kernels_of(generate_code(example("memory/sgemm_tuned.json").kernel, Target::CUDA).source);
  EXPECT_EQ(count(code, "const float *__restrict__ a_ko = loom_fetch_base(a + (16 * (ko + 1) + a_dim_1));"), 1) << code;
  EXPECT_EQ(count(code, "? a_ko[(16 + a_dim_0_inner + 128 * ig) * p] : 0.0f;"), 1) << code;
  EXPECT_EQ(count(code, "a_ko["), 8) << code;
  EXPECT_EQ(count(code, "b_ko"), 0) << code;
  EXPECT_EQ(count(code, "? a["), 8) << code;  // the first tile, before the loop
}

TEST(FetchBasesOpenCL, TunedSgemmsMatchTheReferenceOnWholeAndEdgeTiles) {
  REQUIRE_OPENCL();
  FetchBasesOn on;
  for (std::string path : {"memory/sgemm_tuned.json", "memory/sgemm_tuned_small.json"}) {
    Spec spec = example(path);
    std::string code = kernels_of(generate_code(spec.kernel, Target::OpenCL).source);
    EXPECT_GT(count(code, "__global const float *a_ko = a + ("), 0) << code;
    for (ParameterMap sizes : {ParameterMap{{"m", 136}, {"n", 130}, {"p", 40}}, ParameterMap{{"m", 128}, {"n", 128}, {"p", 32}},
                               ParameterMap{{"m", 1}, {"n", 17}, {"p", 1}}, ParameterMap{{"m", 129}, {"n", 1}, {"p", 17}}}) {
      SCOPED_TRACE(path + ": m = " + std::to_string(sizes["m"]) + ", n = " + std::to_string(sizes["n"]) +
                   ", p = " + std::to_string(sizes["p"]));
      testing::expect_on_opencl(spec.kernel, spec.reference, sizes);
    }
  }
}

}  // namespace
}  // namespace loom
