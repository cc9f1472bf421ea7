// Domains whose bounds divide parameters (issue 25, wt-floor14): `{[i]: 0 <= i < n - n mod 3}`
// has an existentially quantified variable in isl, yet for each n it is an interval. split_iname
// with each tail strategy and add_prefetch over such bounds must give the untransformed kernel's
// results (C target and PoCL, sizes 1, below one tile, tile-1, tile, tile+1, primes, and multiples
// where a strip is empty) or refuse with a loom::Error that names the domain; never an isl internal
// error. docs/decisions.md, "Divisions of parameters in bounds".
#include <gtest/gtest.h>

#include <tuple>

#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "test_helpers.hpp"
#include "transforms/tail_support.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;
using testing::expect_on_opencl;

constexpr int64_t kTile = 8;
const std::vector<int64_t> kSizes = {1, 3, kTile - 1, kTile, kTile + 1, 13, 16, 37};

// Rows below the last multiple of `multiple` (a multiple of the tile: no tile is cut; 3: tiles are).
LoopKernel transpose_rows_below(int multiple) {
  std::string m = std::to_string(multiple);
  return make_kernel({"{[i,j]: 0<=i<n - (n mod " + m + ") and 0<=j<n}"}, "b[i, j] = a[j, i]",
                     {array_arg("a, b", DType::Float32, {"n", "n"})}, {.name = "transpose_rows_below_" + m});
}

// sgemm_tuned_strip's split: rows below the last multiple of 8 where n mod 8 is 1 or 2, else all
// rows (one conjunction: i < min(n, 8*floor((n + 5)/8))); the strip's rows start at that bound.
LoopKernel scale_main_rows() {
  return make_kernel({"{[i,j]: 0<=i<n and i < 8*floor((n + 5)/8) and 0<=j<n}"}, "b[i, j] = 2*a[i, j]",
                     {array_arg("a, b", DType::Float32, {"n", "n"})}, {.name = "scale_main_rows"});
}

LoopKernel scale_strip_rows() {
  return make_kernel({"{[r,j]: 0<=r<n - 8*floor((n + 5)/8) and 0<=j<n}"},
                     "b[8*((n + 5)//8) + r, j] = 3*a[8*((n + 5)//8) + r, j]",
                     {array_arg("a, b", DType::Float32, {"n", "n"})}, {.name = "scale_strip_rows"});
}

LoopKernel sum_below(int multiple) {
  std::string m = std::to_string(multiple);
  return make_kernel({"{[i]: 0<=i<n - (n mod " + m + ")}"}, "out[0] = sum(i, a[i])",
                     {array_arg("a", DType::Float32, {"n"}), array_arg("out", DType::Float32, {"1"})},
                     {.name = "sum_below_" + m});
}

LoopKernel matmul_rows_below(int multiple) {
  std::string m = std::to_string(multiple);
  return make_kernel({"{[i,j,k]: 0<=i<n - (n mod " + m + ") and 0<=j,k<n}"}, "c[i, j] = sum(k, a[i, k]*b[k, j])",
                     {array_arg("a, b, c", DType::Float32, {"n", "n"})}, {.name = "matmul_rows_below_" + m});
}

// Bounded by a division of an outer iname: {[j, i]: 0 <= i < floor(j/2)}.
LoopKernel halves() {
  return make_kernel({"{[j,i]: 0<=j<n and 0<=i<floor(j/2)}"}, "b[j, i] = a[i, j] + 1",
                     {array_arg("a, b", DType::Float32, {"n", "n"})}, {.name = "halves"});
}

// A stride in another iname: every line along i is still one interval.
LoopKernel even_columns() {
  return make_kernel({"{[i,j]: 0<=i<n - (n mod 3) and 0<=j<n and j mod 2 = 0}"}, "b[i, j] = a[j, i]",
                     {array_arg("a, b", DType::Float32, {"n", "n"})}, {.name = "even_columns"});
}

TailOptions tail(const std::string& strategy) { return TailOptions{strategy, std::nullopt}; }

LoopKernel split(const LoopKernel& kernel, const std::string& iname, const std::string& strategy,
                 std::optional<std::string> outer = std::nullopt, std::optional<std::string> inner = std::nullopt) {
  return split_iname(kernel, iname, kTile, {.outer_tag = outer, .inner_tag = inner}, tail(strategy));
}

void expect_everywhere(const LoopKernel& kernel, const LoopKernel& reference, bool opencl) {
  for (int64_t n : kSizes) {
    SCOPED_TRACE(reference.name + ", n = " + std::to_string(n) + (opencl ? " on OpenCL" : " on C"));
    if (opencl) expect_on_opencl(kernel, reference, {{"n", n}});
    else expect_matches_reference(kernel, reference, {{"n", n}});
  }
}

// A 2-D tiling of a row-bounded kernel: groups and work-items on OpenCL, loops on C.
LoopKernel tiled(const LoopKernel& kernel, const std::string& rows, const std::string& strategy, bool parallel) {
  auto tag = [&](const char* name) { return parallel ? std::optional<std::string>(name) : std::nullopt; };
  LoopKernel result = split(kernel, rows, strategy, tag("g.1"), tag("l.1"));
  return split(result, "j", strategy, tag("g.0"), tag("l.0"));
}

TEST(DivisionBounds, GuardAndRoundUpTilesMatchTheReference) {
  for (bool opencl : {false, true}) {
    if (opencl) {
      REQUIRE_OPENCL();
    }
    for (const char* strategy : {"guard", "round_up"}) {
      SCOPED_TRACE(strategy);
      for (int multiple : {3, 8}) expect_everywhere(tiled(transpose_rows_below(multiple), "i", strategy, opencl), transpose_rows_below(multiple), opencl);
      expect_everywhere(tiled(scale_main_rows(), "i", strategy, opencl), scale_main_rows(), opencl);
      expect_everywhere(tiled(scale_strip_rows(), "r", strategy, opencl), scale_strip_rows(), opencl);
      expect_everywhere(split(sum_below(3), "i", strategy), sum_below(3), opencl);
      expect_everywhere(split(halves(), "i", strategy), halves(), opencl);
      expect_everywhere(split(even_columns(), "i", strategy, opencl ? std::optional<std::string>("g.0") : std::nullopt,
                              opencl ? std::optional<std::string>("l.0") : std::nullopt),
                        even_columns(), opencl);
    }
  }
}

// The padding condition of a tile cut by the division keeps it as a floor division (an isl hull
// would have relaxed `i < n - n mod 3` to `i < n` and written rows past the bound).
TEST(DivisionBounds, RoundUpKeepsTheDivisionInThePaddingCondition) {
  std::string code = generate_code(split(transpose_rows_below(3), "i", "round_up"), Target::C).source;
  EXPECT_NE(code.find("loom_floor_div"), std::string::npos) << code;
}

// add_prefetch over tiles whose rows stop at a division: the fetch's box starts at a floor
// division (the strip) or its guards keep one (the main rows), on local tiles (OpenCL) and loops.
LoopKernel fetched(const LoopKernel& kernel, const std::string& rows, const std::string& strategy, bool parallel) {
  LoopKernel result = tiled(kernel, rows, strategy, parallel);
  std::optional<std::string> tag = parallel ? std::optional<std::string>("l.auto") : std::nullopt;
  return add_prefetch(result, "a", {.sweep_inames = {rows + "_inner", "j_inner"}, .default_tag = tag});
}

LoopKernel fetched_matmul(int multiple, const std::string& strategy, bool parallel) {
  auto tag = [&](const char* name) { return parallel ? std::optional<std::string>(name) : std::nullopt; };
  LoopKernel kernel = split(matmul_rows_below(multiple), "i", strategy, tag("g.0"), tag("l.1"));
  kernel = split(kernel, "j", strategy, tag("g.1"), tag("l.0"));
  kernel = split(kernel, "k", strategy);
  if (!parallel) kernel = prioritize_loops(kernel, "i_outer, j_outer, k_outer, i_inner, j_inner, k_inner");
  std::vector<std::string> outer{"i_outer", "j_outer", "k_outer"};
  kernel = add_prefetch(kernel, "a", {.sweep_inames = {"k_inner", "i_inner"}, .default_tag = tag("l.auto"), .fetch_outer_inames = outer});
  return add_prefetch(kernel, "b", {.sweep_inames = {"j_inner", "k_inner"}, .default_tag = tag("l.auto"), .fetch_outer_inames = outer});
}

TEST(DivisionBounds, FetchesOverDivisionBoundsMatchTheReference) {
  for (bool opencl : {false, true}) {
    if (opencl) {
      REQUIRE_OPENCL();
    }
    for (const char* strategy : {"guard", "round_up"}) {
      SCOPED_TRACE(strategy);
      expect_everywhere(fetched(transpose_rows_below(3), "i", strategy, opencl), transpose_rows_below(3), opencl);
      expect_everywhere(fetched(scale_main_rows(), "i", strategy, opencl), scale_main_rows(), opencl);
      expect_everywhere(fetched(scale_strip_rows(), "r", strategy, opencl), scale_strip_rows(), opencl);
      for (int multiple : {3, 8}) expect_everywhere(fetched_matmul(multiple, strategy, opencl), matmul_rows_below(multiple), opencl);
    }
  }
}

// shift_inwards needs each bound as one affine expression: a division is refused, naming the domain.
TEST(DivisionBounds, ShiftInwardsRefusesADivisionNamingTheDomain) {
  std::string message = error_message<Error>([] { split(transpose_rows_below(3), "i", "shift_inwards"); });
  EXPECT_NE(message.find("tail_strategy=shift_inwards: the bounds of 'i' are not one affine expression each"), std::string::npos) << message;
  EXPECT_NE(message.find("floor"), std::string::npos) << message;
}

// A stride in the split iname itself is still refused by round_up and shift_inwards (the padding
// would run the skipped values), in one iname and across two, and so is a gap without a stride.
TEST(DivisionBounds, StridesInTheSplitInameAreStillRefused) {
  LoopKernel even = make_kernel({"{[i]: 0<=i<n and i mod 2 = 0}"}, "b[i] = a[i]", {array_arg("a, b", DType::Float32, {"n"})});
  LoopKernel checker = make_kernel({"{[i,j]: 0<=i,j<n and (i + j) mod 2 = 0}"}, "b[i, j] = a[i, j]",
                                   {array_arg("a, b", DType::Float32, {"n", "n"})});
  LoopKernel gap = make_kernel({"{[i]: 0<=i<n and (i < 3 or i >= 5)}"}, "b[i] = a[i]", {array_arg("a, b", DType::Float32, {"n"})});
  for (const char* strategy : {"round_up", "shift_inwards"}) {
    for (const LoopKernel* kernel : {&even, &checker, &gap}) {
      std::string message = error_message<Error>([&] { split(*kernel, "i", strategy); });
      EXPECT_NE(message.find("is not a contiguous range in 'i' (a stride or an existential); use tail_strategy=guard"),
                std::string::npos) << message;
    }
  }
}

// The same bound written with `or` gives footprints of two pieces with different parameter
// conditions: add_prefetch refuses them with a loom::Error (not convex; with fetch_bounding_box,
// a box too costly for isl, or a correct fetch), never an internal error.
TEST(DivisionBounds, ABoundWrittenWithOrIsRefusedOrCorrect) {
  LoopKernel with_or = make_kernel({"{[i,j,k]: 0<=i<n and (i < 8*floor(n/8) or n - 8*floor(n/8) > 2) and 0<=j,k<n}"},
                                   "c[i, j] = sum(k, a[i, k]*b[k, j])", {array_arg("a, b, c", DType::Float32, {"n", "n"})},
                                   {.name = "matmul_rows_with_or"});
  LoopKernel kernel = split(with_or, "i", "guard");
  kernel = split(kernel, "k", "guard");
  std::vector<std::string> outer{"i_outer", "j", "k_outer"};
  std::string message = error_message<Error>([&] {
    add_prefetch(kernel, "a", {.sweep_inames = {"k_inner", "i_inner"}, .fetch_outer_inames = outer});
  });
  EXPECT_NE(message.find("is not convex"), std::string::npos) << message;
  LoopKernel boxed;
  try {
    boxed = add_prefetch(kernel, "a", {.sweep_inames = {"k_inner", "i_inner"}, .fetch_bounding_box = true,
                                       .fetch_outer_inames = outer});
  } catch (const Error& error) {
    EXPECT_NE(std::string(error.what()).find("is too costly for isl"), std::string::npos) << error.what();
    return;
  }
  for (int64_t n : kSizes) {
    SCOPED_TRACE("n = " + std::to_string(n));
    expect_matches_reference(boxed, with_or, {{"n", n}});
  }
}

// The same `or` bound under sgemm_tuned's 128 x 128 tiling: the box of a's two-piece footprint is
// beyond isl's budget; a loom::Error says so (it was an isl NULL input, an internal error).
TEST(DivisionBounds, ATooCostlyBoxOfAnOrBoundIsALoomError) {
  LoopKernel kernel = make_kernel({"{[i,j,k]: 0<=i<m and (i<128*floor(m/128) or m - 128*floor(m/128) > 32) and 0<=j<n and 0<=k<p}"},
                                  "c[i, j] = sum(k, a[i, k]*b[k, j])",
                                  {array_arg("a", DType::Float32, {"m", "p"}), array_arg("b", DType::Float32, {"p", "n"}),
                                   array_arg("c", DType::Float32, {"m", "n"})},
                                  {.name = "sgemm_rows_with_or"});
  for (const auto& [row, group, local] : {std::tuple{"i", "g.1", "l.1"}, std::tuple{"j", "g.0", "l.0"}}) {
    std::string r = row;
    kernel = split_iname(kernel, r, 4, {.outer_iname = r + "1", .inner_iname = r + "r", .inner_tag = "ilp"}, tail("round_up"));
    kernel = split_iname(kernel, r + "1", 16, {.outer_iname = r + "2", .inner_iname = r + "l", .inner_tag = local}, tail("round_up"));
    kernel = split_iname(kernel, r + "2", 2, {.outer_iname = r + "g", .inner_iname = r + "r2", .outer_tag = group, .inner_tag = "ilp"},
                         tail("round_up"));
  }
  kernel = split_iname(kernel, "k", 16, {.outer_iname = "ko", .inner_iname = "kk"}, tail("round_up"));
  std::string message = error_message<Error>([&] {
    add_prefetch(kernel, "a", {.sweep_inames = {"ir", "il", "ir2", "kk"}, .default_tag = "l.auto", .fetch_bounding_box = true,
                               .fetch_outer_inames = std::vector<std::string>{"ig", "jg", "ko"}});
  });
  EXPECT_NE(message.find("add_prefetch: the bounding box of the footprint of variable 'a' over [ir, il, ir2, kk]"), std::string::npos) << message;
  EXPECT_NE(message.find("is too costly for isl"), std::string::npos) << message;
}

}  // namespace
}  // namespace loom
