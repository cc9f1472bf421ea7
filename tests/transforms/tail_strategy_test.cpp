// split_iname's tail strategies and the fetches' fill (issue 25, docs/decisions.md "Issue 25:
// tail strategies"). Every strategy runs on the C target and on OpenCL (PoCL) against the
// untransformed kernel at sizes 1, below one tile, tile-1, tile, tile+1 and primes, on matmul
// (with filled local fetches), transpose, a stencil and a max and a sum reduction; every refusal is
// asserted with its message, and the code's shape (no guard in the padded product, one copy of the
// nest) is checked.
#include <gtest/gtest.h>

#include <tuple>

#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "test_helpers.hpp"
#include "test_kernels.hpp"
#include "transforms/tail_support.hpp"

namespace loom {
namespace {

using testing::count;
using testing::error_message;
using testing::expect_matches_reference;
using testing::expect_on_opencl;
using testing::kernels_of;

constexpr int64_t kTile = 8;
const std::vector<int64_t> kSizes = {1, 3, kTile - 1, kTile, kTile + 1, 13, 37};

LoopKernel transpose() {
  return make_kernel({"{[i,j]: 0<=i,j<n}"}, "b[i, j] = a[j, i]", {array_arg("a, b", DType::Float32, {"n", "n"})},
                     {.name = "transpose"});
}

LoopKernel stencil() {
  return make_kernel({"{[i]: 0<=i<n}"}, "z[i + 1] = a[i] - 2*a[i + 1] + a[i + 2]",
                     {array_arg("a, z", DType::Float32, {"n + 2"})}, {.name = "stencil"});
}

LoopKernel reduction(const std::string& operation) {
  return make_kernel({"{[i]: 0<=i<n}"}, "out[0] = " + operation + "(i, a[i])",
                     {array_arg("a", DType::Float32, {"n"}), array_arg("out", DType::Float32, {"1"})},
                     {.name = operation + "_reduction"});
}

TailOptions tail(const std::string& strategy, std::optional<std::string> fill = std::nullopt) {
  return TailOptions{strategy, std::move(fill)};
}

// split_iname with a tail strategy and tags.
LoopKernel split(const LoopKernel& kernel, const std::string& iname, const TailOptions& tail_options,
                 std::optional<std::string> outer = std::nullopt, std::optional<std::string> inner = std::nullopt) {
  return split_iname(kernel, iname, kTile, {.outer_tag = outer, .inner_tag = inner}, tail_options);
}

void expect_everywhere(const LoopKernel& kernel, const LoopKernel& reference, const std::vector<int64_t>& sizes,
                       bool opencl) {
  for (int64_t n : sizes) {
    SCOPED_TRACE("n = " + std::to_string(n) + (opencl ? " on OpenCL" : " on C"));
    if (opencl) expect_on_opencl(kernel, reference, {{"n", n}});
    else expect_matches_reference(kernel, reference, {{"n", n}});
  }
}

// ---- round_up ---------------------------------------------------------------------------------

// The 8x8-tiled matmul, k tiles of 8, a and b in tiles: round_up everywhere, so the fetches
// fill the tiles with 0 (inherited from the splits) and the product runs unguarded. With
// `parallel` the tiles are work-groups and the fetches local (OpenCL); without, loops (C).
LoopKernel padded_matmul(bool parallel) {
  auto tag = [&](const char* name) { return parallel ? std::optional<std::string>(name) : std::nullopt; };
  LoopKernel kernel = split(test_kernels::matmul(), "i", tail("round_up"), tag("g.0"), tag("l.1"));
  kernel = split(kernel, "j", tail("round_up"), tag("g.1"), tag("l.0"));
  kernel = split(kernel, "k", tail("round_up"));
  if (!parallel) kernel = prioritize_loops(kernel, "i_outer, j_outer, k_outer, i_inner, j_inner, k_inner");
  std::vector<std::string> outer{"i_outer", "j_outer", "k_outer"};
  kernel = add_prefetch(kernel, "a", {.sweep_inames = {"k_inner", "i_inner"}, .default_tag = tag("l.auto"), .fetch_outer_inames = outer});
  return add_prefetch(kernel, "b", {.sweep_inames = {"j_inner", "k_inner"}, .default_tag = tag("l.auto"), .fetch_outer_inames = outer});
}

TEST(TailStrategyRoundUp, MatmulWithFilledFetchesMatchesTheReference) {
  expect_everywhere(padded_matmul(false), test_kernels::matmul(), kSizes, false);
}

TEST(TailStrategyRoundUpOpenCL, MatmulWithFilledFetchesMatchesTheReference) {
  REQUIRE_OPENCL();
  expect_everywhere(padded_matmul(true), test_kernels::matmul(), kSizes, true);
}

// One copy of the nest (no full/partial group split), the product without a guard, the fetches'
// loads predicated with the fill, the store guarded.
TEST(TailStrategyRoundUp, OneNestUnguardedProductGuardedStore) {
  std::string code = kernels_of(generate_code(padded_matmul(true), Target::OpenCL).source);
  EXPECT_EQ(code.find("\n  else\n"), std::string::npos) << code;
  EXPECT_EQ(count(code, "barrier(CLK_LOCAL_MEM_FENCE)"), 2) << code;
  EXPECT_NE(code.find(": 0"), std::string::npos) << code;               // if(in range, a[...], 0)
  EXPECT_EQ(count(code, "] = acc_k_outer_k_inner;"), 1) << code;           // one store, guarded:
  EXPECT_NE(code.find("if (n >= i_inner + 8 * i_outer + 1 && n >= j_inner + 8 * j_outer + 1)"), std::string::npos) << code;
  std::size_t product = code.find("acc_k_outer_k_inner = acc_k_outer_k_inner +");
  ASSERT_NE(product, std::string::npos) << code;
  std::size_t line = code.rfind('\n', product);
  EXPECT_EQ(code.substr(code.rfind('\n', line - 1), line - code.rfind('\n', line - 1)).find("if ("), std::string::npos) << code;
}

// An 8x8 register tile a work-item (64 accumulators) asks CUDA for the occupancy of 128
// registers a work-item (two 256-item groups an SM; the padded SGEMM needed 130 without it); a
// kernel without private arrays asks for nothing.
TEST(TailStrategyRoundUp, RegisterTiledKernelsAskForTheOccupancyOf128Registers) {
  LoopKernel kernel = test_kernels::matmul();
  for (const auto& [iname, group, local] : {std::tuple{"i", "g.1", "l.1"}, std::tuple{"j", "g.0", "l.0"}}) {
    kernel = split_iname(kernel, iname, 8, {.inner_tag = "ilp"}, tail("round_up"));
    kernel = split_iname(kernel, std::string(iname) + "_outer", 16, {.outer_tag = group, .inner_tag = local},
                         tail("round_up"));
  }
  std::string tiled = generate_code(kernel, Target::CUDA).source;
  EXPECT_NE(tiled.find("__launch_bounds__(256, 2) "), std::string::npos) << tiled;
  std::string untiled = generate_code(padded_matmul(true), Target::CUDA).source;
  EXPECT_NE(untiled.find("__launch_bounds__(64) "), std::string::npos) << untiled;
}

TEST(TailStrategyRoundUp, TransposeStencilAndSumMatchTheReference) {
  LoopKernel t = split(transpose(), "i", tail("round_up"), "g.1", "l.1");
  t = split(t, "j", tail("round_up"), "g.0", "l.0");
  LoopKernel t_fetched = add_prefetch(t, "a", {.sweep_inames = {"i_inner", "j_inner"}, .default_tag = "l.auto"});
  LoopKernel s = split(stencil(), "i", tail("round_up"));
  LoopKernel sum = split(reduction("sum"), "i", tail("round_up"));
  for (bool opencl : {false, true}) {
    if (opencl) {
      REQUIRE_OPENCL();
    }
    expect_everywhere(t, transpose(), kSizes, opencl);
    expect_everywhere(s, stencil(), kSizes, opencl);
    expect_everywhere(sum, reduction("sum"), kSizes, opencl);
  }
  REQUIRE_OPENCL();
  expect_everywhere(t_fetched, transpose(), kSizes, true);  // a local tile
}

// max over padded elements: 0 is not neutral (all-negative inputs would give 0); loom refuses it
// and picks -inf itself with fill="neutral".
TEST(TailStrategyRoundUp, MaxNeedsTheNeutralFill) {
  std::string message = error_message<Error>([] { split(reduction("max"), "i", tail("round_up")); });
  EXPECT_NE(message.find("instruction 'insn' reduces with max over 'i'; with fill 0 the padded instances would add 0, "
                         "which is not neutral for max (-inf)"), std::string::npos) << message;
  EXPECT_NE(message.find("pass fill=\"neutral\""), std::string::npos) << message;
  message = error_message<Error>([] { split(reduction("sum"), "i", tail("round_up", "1")); });
  EXPECT_NE(message.find("with fill 1 the padded instances would add 1, which is not neutral for sum (0"), std::string::npos) << message;
  LoopKernel max = split(reduction("max"), "i", tail("round_up", "neutral"));
  LoopKernel explicit_inf = split(reduction("max"), "i", tail("round_up", "-inf"));
  for (int64_t n : kSizes) {
    expect_matches_reference(max, reduction("max"), {{"n", n}});
    expect_matches_reference(explicit_inf, reduction("max"), {{"n", n}});
  }
  REQUIRE_OPENCL();
  expect_everywhere(max, reduction("max"), kSizes, true);
}

TEST(TailStrategyRoundUp, RefusalsNameWhatIsWrong) {
  std::string message = error_message<Error>([] { split(reduction("sum"), "i", tail("round_up", "x+1")); });
  EXPECT_NE(message.find("fill must be a number, \"inf\", \"-inf\" or \"neutral\", got 'x+1'"), std::string::npos) << message;
  message = error_message<Error>([] { split(reduction("sum"), "i", tail("guard", "0")); });
  EXPECT_NE(message.find("fill applies only to tail_strategy=round_up"), std::string::npos) << message;
  message = error_message<Error>([] { split(reduction("sum"), "i", tail("overlap")); });
  EXPECT_NE(message.find("unknown tail_strategy 'overlap' (known: guard, shift_inwards, round_up)"), std::string::npos) << message;
  // A fetch fill that differs from the readers' padding.
  LoopKernel padded = split(test_kernels::matmul(), "k", tail("round_up"));
  message = error_message<Error>([&] {
    add_prefetch(padded, "a", {.sweep_inames = {"k_inner"}, .fetch_outer_inames = std::vector<std::string>{"i", "j", "k_outer"},
                               .temporary_address_space = AddressSpace::Private}, "1");
  });
  EXPECT_NE(message.find("fill 1 differs from the fill 0 of the round_up split of the readers of variable 'a'"), std::string::npos) << message;
}

// ---- fill on a guarded split ----------------------------------------------------------------

TEST(FetchFill, AGuardedTiledMatmulWithFilledFetchesMatchesTheReference) {
  LoopKernel kernel = split_iname(test_kernels::matmul(), "i", kTile, {.outer_tag = "g.0", .inner_tag = "l.1"});
  kernel = split_iname(kernel, "j", kTile, {.outer_tag = "g.1", .inner_tag = "l.0"});
  kernel = split_iname(kernel, "k", kTile);
  std::vector<std::string> outer{"i_outer", "j_outer", "k_outer"};
  kernel = add_prefetch(kernel, "a", {.sweep_inames = {"k_inner", "i_inner"}, .default_tag = "l.auto", .fetch_outer_inames = outer}, "0");
  kernel = add_prefetch(kernel, "b", {.sweep_inames = {"j_inner", "k_inner"}, .default_tag = "l.auto", .fetch_outer_inames = outer}, "0");
  std::string code = kernels_of(generate_code(kernel, Target::OpenCL).source);
  EXPECT_NE(code.find(": 0"), std::string::npos) << code;
  REQUIRE_OPENCL();
  expect_everywhere(kernel, test_kernels::matmul(), kSizes, true);
  // On C: the same tiles as loops, the fetches private per k tile.
  LoopKernel loops = split_iname(split_iname(split_iname(test_kernels::matmul(), "i", kTile), "j", kTile), "k", kTile);
  loops = prioritize_loops(loops, "i_outer, j_outer, k_outer, i_inner, j_inner, k_inner");
  loops = add_prefetch(loops, "a", {.sweep_inames = {"k_inner", "i_inner"}, .fetch_outer_inames = outer}, "0");
  expect_everywhere(loops, test_kernels::matmul(), kSizes, false);
  std::string message = error_message<Error>([&] {
    add_prefetch(split_iname(test_kernels::matmul(), "k", kTile), "a", {.sweep_inames = {"k_inner"}}, "neutral");
  });
  EXPECT_NE(message.find("fill=\"neutral\" takes the fill of the readers' round_up split, but no reader of variable 'a' is padded"), std::string::npos) << message;
}

// ---- shift_inwards ----------------------------------------------------------------------------

TEST(TailStrategyShiftInwards, TransposeStencilAndMatmulMatchTheReference) {
  std::vector<int64_t> sizes = {kTile, kTile + 1, 13, 37};
  LoopKernel t = split(assume(transpose(), "n >= 8"), "i", tail("shift_inwards"), "g.1", "l.1");
  t = split(t, "j", tail("shift_inwards"), "g.0", "l.0");
  LoopKernel s = split(assume(stencil(), "n >= 8"), "i", tail("shift_inwards"), "g.0", "l.0");
  LoopKernel m = split(assume(test_kernels::matmul(), "n >= 8"), "i", tail("shift_inwards"), "g.0", "l.1");
  m = split(m, "j", tail("shift_inwards"), "g.1", "l.0");
  for (bool opencl : {false, true}) {
    if (opencl) {
      REQUIRE_OPENCL();
    }
    expect_everywhere(t, transpose(), sizes, opencl);
    expect_everywhere(s, stencil(), sizes, opencl);
    expect_everywhere(m, test_kernels::matmul(), sizes, opencl);
  }
  // Every tile full: no guard in the code.
  std::string code = kernels_of(generate_code(s, Target::OpenCL).source);
  EXPECT_EQ(code.find("if ("), std::string::npos) << code;
  EXPECT_NE(code.find("loom_min_int32_t("), std::string::npos) << code;
}

// A local fetch of a shifted tile. Its footprint is one 8 x 8 box whose offset is piecewise
// (min(8*j_outer, n - 8): the tiles, and the shifted last one), which isl's fixed-box hull cannot
// give (one affine offset: it boxes both pieces, 15 x 15). Before, the footprint also left out the
// recomputed instances (the checks' view), so the fetch filled rows from 8*j_outer and the last
// tile read the tile below row 0: wrong results at every n that is not a multiple of 8, no error.
LoopKernel shifted_transpose_with_fetch(bool bounding_box, const std::string& body = "b[i, j] = a[j, i]") {
  LoopKernel kernel = make_kernel({"{[i,j]: 0<=i,j<n}"}, body, {array_arg("a, b", DType::Float32, {"n", "n"})},
                                  {.name = "transpose", .assumptions = "n >= 8"});
  kernel = split(kernel, "i", tail("shift_inwards"), "g.1", "l.1");
  kernel = split(kernel, "j", tail("shift_inwards"), "g.0", "l.0");
  return add_prefetch(kernel, "a", {.sweep_inames = {"i_inner", "j_inner"}, .default_tag = std::string("l.auto"),
                                    .fetch_bounding_box = bounding_box});
}

std::vector<int64_t> shape_of(const LoopKernel& kernel, const std::string& temporary) {
  std::vector<int64_t> shape;
  for (const Temporary& candidate : kernel.temporaries) {
    if (candidate.name != temporary) continue;
    for (const ExprPtr& extent : candidate.shape) shape.push_back(extent->int_value);
  }
  return shape;
}

TEST(TailStrategyShiftInwards, AFetchOfTheShiftedTileIsOneTileAtAPiecewiseOffset) {
  LoopKernel tiled = shifted_transpose_with_fetch(false);
  EXPECT_EQ(shape_of(tiled, "a_fetch"), (std::vector<int64_t>{8, 8}));
  std::string code = kernels_of(generate_code(tiled, Target::OpenCL).source);
  EXPECT_NE(code.find("loom_min_int32_t(n - 8, 8 * j_outer)"), std::string::npos) << code;
  EXPECT_EQ(code.find("if ("), std::string::npos) << code;  // every tile full: no guard, one nest
  LoopKernel boxed = shifted_transpose_with_fetch(true);
  EXPECT_EQ(shape_of(boxed, "a_fetch"), (std::vector<int64_t>{15, 15}));
  REQUIRE_OPENCL();  // the local fetch needs barriers: PoCL
  expect_everywhere(tiled, transpose(), {kTile, kTile + 1, 13, 37}, true);
  expect_everywhere(boxed, transpose(), {kTile, kTile + 1, 13, 37}, true);
}

// The tuned SGEMM's shape: shifted 8 x 8 tiles of c, k rounded up, both operands fetched. The
// fetches' offsets are piecewise along i and j and affine along k (16*k_outer's fixed box, whose
// extent is not constant where p ends inside a k tile).
TEST(TailStrategyShiftInwards, AMatmulWithShiftedTilesAndFetchesMatchesTheReference) {
  LoopKernel m = split(assume(test_kernels::matmul(), "n >= 8"), "i", tail("shift_inwards"), "g.0", "l.1");
  m = split(m, "j", tail("shift_inwards"), "g.1", "l.0");
  m = split(m, "k", tail("round_up"));
  std::vector<std::string> outer{"i_outer", "j_outer", "k_outer"};
  m = add_prefetch(m, "a", {.sweep_inames = {"k_inner", "i_inner"}, .default_tag = std::string("l.auto"), .fetch_outer_inames = outer});
  m = add_prefetch(m, "b", {.sweep_inames = {"j_inner", "k_inner"}, .default_tag = std::string("l.auto"), .fetch_outer_inames = outer});
  EXPECT_EQ(shape_of(m, "a_fetch"), (std::vector<int64_t>{8, 8}));
  EXPECT_EQ(shape_of(m, "b_fetch"), (std::vector<int64_t>{8, 8}));
  REQUIRE_OPENCL();  // the local fetches need barriers: PoCL
  expect_everywhere(m, test_kernels::matmul(), {kTile, kTile + 1, 13, 37}, true);
}

// Every second element: the footprint of a tile has holes, so it is no box at any offset.
TEST(TailStrategyShiftInwards, AFetchOfAStridedShiftedTileIsRefusedWithAHint) {
  LoopKernel strided = make_kernel({"{[i]: 0<=i<n}"}, "b[i] = a[2*i]",
                                   {array_arg("a", DType::Float32, {"2*n"}), array_arg("b", DType::Float32, {"n"})},
                                   {.name = "strided", .assumptions = "n >= 8"});
  strided = split(strided, "i", tail("shift_inwards"), "g.0", "l.0");
  std::string message = error_message<Error>([&] {
    add_prefetch(strided, "a", {.sweep_inames = {"i_inner"}, .default_tag = std::string("l.auto")});
  });
  EXPECT_NE(message.find("add_prefetch: the footprint of variable 'a' over [i_inner] is not convex"),
            std::string::npos) << message;
  EXPECT_NE(message.find("instruction 'insn' runs tiles of a tail_strategy=shift_inwards split"),
            std::string::npos) << message;
}

// Where the extent may be below one tile the split falls back to guard and says so.
TEST(TailStrategyShiftInwards, FallsBackToGuardBelowOneTile) {
  REQUIRE_OPENCL();
  LoopKernel s = split(stencil(), "i", tail("shift_inwards"));
  expect_everywhere(s, stencil(), kSizes, true);
  std::string calls = s.applied_transforms.back().call;
  EXPECT_NE(calls.find("shift_inwards (guard: the extent of 'i' may be below 8)"), std::string::npos) << calls;
}

TEST(TailStrategyShiftInwards, RefusesHarmfulRecomputation) {
  LoopKernel increment = make_kernel({"{[i]: 0<=i<n}"}, "a[i] = a[i] + 1", {array_arg("a", DType::Float32, {"n"})},
                                     {.name = "increment", .assumptions = "n >= 8"});
  std::string message = error_message<Error>([&] { split(increment, "i", tail("shift_inwards")); });
  EXPECT_NE(message.find("tail_strategy=shift_inwards: the last two tiles of 'i' overlap"), std::string::npos) << message;
  EXPECT_NE(message.find("instruction 'insn' reads 'a', which instruction 'insn' writes"), std::string::npos) << message;
  // Accumulating into global memory across the split loop.
  LoopKernel accumulate = make_kernel({"{[i,j]: 0<=i<n and 0<=j<4}"}, "out[j] = out[j] + a[i, j]",
                                      {array_arg("a", DType::Float32, {"n", "4"}), array_arg("out", DType::Float32, {"4"})},
                                      {.name = "accumulate", .assumptions = "n >= 8"});
  message = error_message<Error>([&] { split(accumulate, "i", tail("shift_inwards")); });
  EXPECT_NE(message.find("instruction 'insn' reads 'out', which instruction 'insn' writes"), std::string::npos) << message;
  LoopKernel sum = assume(reduction("sum"), "n >= 8");
  message = error_message<Error>([&] { split(sum, "i", tail("shift_inwards")); });
  EXPECT_NE(message.find("instruction 'insn' reduces over 'i'"), std::string::npos) << message;
  EXPECT_NE(message.find("would be counted twice"), std::string::npos) << message;
}

// ---- every strategy on every kernel (issue 25's "Must be shown") --------------------------------

// Row reductions: the split iname is the rows', the reduction runs inside each row, so every
// strategy is legal on them (a reduction over the split iname itself is tested above).
LoopKernel row_reduction(const std::string& operation) {
  return make_kernel({"{[i,j]: 0<=i<n and 0<=j<5}"}, "out[i] = " + operation + "(j, a[i, j])",
                     {array_arg("a", DType::Float32, {"n", "5"}), array_arg("out", DType::Float32, {"n"})},
                     {.name = operation + "_rows"});
}

// guard, the default: matmul, transpose, stencil and both reductions, on groups (OpenCL) and as
// loops (C), at every size of kSizes.
TEST(TailStrategyGuard, EveryKernelMatchesTheReferenceAtEverySize) {
  for (bool opencl : {false, true}) {
    if (opencl) {
      REQUIRE_OPENCL();
    }
    auto tag = [&](const char* name) { return opencl ? std::optional<std::string>(name) : std::nullopt; };
    LoopKernel m = split(test_kernels::matmul(), "i", tail("guard"), tag("g.0"), tag("l.1"));
    m = split(split(m, "j", tail("guard"), tag("g.1"), tag("l.0")), "k", tail("guard"));
    LoopKernel t = split(split(transpose(), "i", tail("guard"), tag("g.1"), tag("l.1")), "j", tail("guard"), tag("g.0"), tag("l.0"));
    LoopKernel s = split(stencil(), "i", tail("guard"), tag("g.0"), tag("l.0"));
    expect_everywhere(m, test_kernels::matmul(), kSizes, opencl);
    expect_everywhere(t, transpose(), kSizes, opencl);
    expect_everywhere(s, stencil(), kSizes, opencl);
    for (const char* operation : {"sum", "max"}) {
      expect_everywhere(split(reduction(operation), "i", tail("guard")), reduction(operation), kSizes, opencl);
      expect_everywhere(split(row_reduction(operation), "i", tail("guard"), tag("g.0"), tag("l.0")), row_reduction(operation),
                        kSizes, opencl);
    }
  }
}

// shift_inwards on row reductions (legal: each row's reduction is recomputed whole, writing the
// same value), at sizes from one tile up; below one tile (no assumption) every kernel falls back
// to guard and still matches at 1, 3 and tile-1.
TEST(TailStrategyShiftInwards, RowReductionsAndTheFallbackOnEveryKernelMatchTheReference) {
  std::vector<int64_t> sizes = {kTile, kTile + 1, 13, 37};
  for (bool opencl : {false, true}) {
    if (opencl) {
      REQUIRE_OPENCL();
    }
    auto tag = [&](const char* name) { return opencl ? std::optional<std::string>(name) : std::nullopt; };
    for (const char* operation : {"sum", "max"}) {
      LoopKernel shifted = split(assume(row_reduction(operation), "n >= 8"), "i", tail("shift_inwards"), tag("g.0"), tag("l.0"));
      expect_everywhere(shifted, row_reduction(operation), sizes, opencl);
      LoopKernel fallback = split(row_reduction(operation), "i", tail("shift_inwards"), tag("g.0"), tag("l.0"));
      EXPECT_NE(fallback.applied_transforms.back().call.find("(guard: the extent of 'i' may be below 8)"), std::string::npos);
      expect_everywhere(fallback, row_reduction(operation), kSizes, opencl);
    }
    LoopKernel m = split(test_kernels::matmul(), "i", tail("shift_inwards"), tag("g.0"), tag("l.1"));
    m = split(m, "j", tail("shift_inwards"), tag("g.1"), tag("l.0"));
    LoopKernel t = split(transpose(), "i", tail("shift_inwards"), tag("g.1"), tag("l.1"));
    t = split(t, "j", tail("shift_inwards"), tag("g.0"), tag("l.0"));
    expect_everywhere(m, test_kernels::matmul(), kSizes, opencl);
    expect_everywhere(t, transpose(), kSizes, opencl);
  }
}

// max over the split iname is refused like sum: the overlap would be reduced twice (harmless for
// max, but loom does not tell idempotent operators apart and says so).
TEST(TailStrategyShiftInwards, RefusesAMaxReductionOverTheSplitIname) {
  LoopKernel max = assume(reduction("max"), "n >= 8");
  std::string message = error_message<Error>([&] { split(max, "i", tail("shift_inwards")); });
  EXPECT_NE(message.find("instruction 'insn' reduces over 'i'"), std::string::npos) << message;
}

TEST(TailStrategy, RegistryCallMatchesTheTypedCall) {
  LoopKernel typed = split(stencil(), "i", tail("round_up"));
  LoopKernel registry = apply_transform(stencil(), {"split_iname", {{"iname", std::string("i")}, {"inner_length", int64_t{kTile}},
                                                                    {"tail_strategy", std::string("round_up")}}});
  EXPECT_EQ(generate_code(typed, Target::C).source, generate_code(registry, Target::C).source);
}

}  // namespace
}  // namespace loom
