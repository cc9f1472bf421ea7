// map_domain: legal skews executed against the untransformed kernel, an interchange by map that
// reverses a recurrence (nested the legal way, the interchange refused), diamond tiling, inverses with divisions, reductions, and refusals.
#include <gtest/gtest.h>

#include "loom/loom.hpp"
#include "test_helpers.hpp"
#include "test_kernels.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

// Gauss-Seidel sweep: each point reads its already updated upper and left neighbours.
LoopKernel gauss_seidel() {
  return make_kernel({"{[i,j]: 1<=i<n and 1<=j<n}"},
                     "a[i, j] = 0.5*(a[i-1, j] + a[i, j-1]) {id=sweep}",
                     {array_arg("a", DType::Float64, {"n", "n"})}, {.name = "sweep"});
}

// a[i+1, j] = a[i, j+1] + 1: row i+1 reads row i one column to the right.
LoopKernel wave() {
  return make_kernel({"{[i,j]: 0<=i<n and 0<=j<n}"}, "a[i+1, j] = a[i, j+1] + 1 {id=wave}",
                     {array_arg("a", DType::Float32, {"n+1", "n+1"})}, {.name = "wave"});
}

TEST(MapDomain, WavefrontSkewOfAStencil) {
  LoopKernel reference = gauss_seidel();
  LoopKernel skewed = map_domain(reference, "{[i, j] -> [w, t]: w = i + j and t = j}");
  EXPECT_EQ(skewed.all_inames(), (std::vector<std::string>{"w", "t"}));
  EXPECT_EQ(skewed.instructions[0].within_inames, (std::set<std::string>{"w", "t"}));
  std::string text = instructions_text(skewed);
  EXPECT_NE(text.find("a[w - t, t] = 0.5*(a[w - t - 1, t] + a[w - t, t - 1])"), std::string::npos)
      << text;
  std::string source = generate_code(skewed, Target::C).source;
  EXPECT_LT(source.find("for (int32_t w"), source.find("for (int32_t t")) << source;
  for (int64_t n : {0, 1, 2, 7, 13}) expect_matches_reference(skewed, reference, {{"n", n}});
  ASSERT_EQ(skewed.applied_transforms.size(), 1u);
  EXPECT_EQ(skewed.applied_transforms[0].name, "map_domain");
}

TEST(MapDomain, TimeSkewOfAJacobiStencil) {
  LoopKernel reference =
      make_kernel({"{[t,x]: 0<=t<nt and 1<=x<n-1}"},
                  "u[t+1, x] = (u[t, x-1] + u[t, x] + u[t, x+1])/3 {id=step}",
                  {array_arg("u", DType::Float64, {"nt+1", "n"})}, {.assumptions = "n >= 2"});
  LoopKernel skewed = map_domain(reference, "{[t, x] -> [s, y]: s = t and y = x + t}");
  for (auto [nt, n] : std::vector<std::pair<int64_t, int64_t>>{{0, 5}, {1, 2}, {3, 7}, {5, 13}}) {
    expect_matches_reference(skewed, reference, {{"nt", nt}, {"n", n}});
  }
}

// loopy's test_map_domain_vs_split_iname / two_of_four_dims: the map names some of a domain's
// inames; the others stay as they are, and the new inames take the mapped ones' place.
TEST(MapDomain, MapsSomeOfADomainsInames) {
  LoopKernel reference = make_kernel({"{[x, y, t]: 0<=x<nx and 0<=y<nx and 0<=t<nt}", "{[k]: 0<=k<m}"},
                                     "a[x, y, t] = b[x, y, t] + t {id=copy}\nout[k] = 2*k",
                                     {array_arg("a, b", DType::Float32, {"nx", "nx", "nt"}),
                                      array_arg("out", DType::Int32, {"m"})});
  LoopKernel split = map_domain(
      reference, "[nt] -> {[t] -> [t_outer, t_inner]: 0 <= t_inner < 8 and 8*t_outer + t_inner = t and 0 <= t < nt}");
  EXPECT_EQ(split.all_inames(), (std::vector<std::string>{"x", "y", "t_outer", "t_inner", "k"}));
  EXPECT_EQ(split.instructions[0].within_inames, (std::set<std::string>{"x", "y", "t_outer", "t_inner"}));
  for (auto [nx, nt] : std::vector<std::pair<int64_t, int64_t>>{{1, 1}, {3, 7}, {4, 19}})
    expect_matches_reference(split, reference, {{"nx", nx}, {"nt", nt}, {"m", 3}});
  // Two of the three, and the new loops reordered around the kept one.
  LoopKernel two = map_domain(reference, "[nt] -> {[t, y] -> [tt, yy]: tt = t and yy = y}");
  two = prioritize_loops(two, "tt, x, yy");
  expect_matches_reference(two, reference, {{"nx", 3}, {"nt", 4}, {"m", 2}});
}

TEST(MapDomain, InterchangeByMapOfARecurrenceIsRefused) {
  LoopKernel reference = wave();
  // The map is applied in the only legal nesting, ii outside jj (recorded as a loop priority);
  // the interchange itself, jj outside ii, is refused.
  LoopKernel renamed = map_domain(reference, "{[i, j] -> [jj, ii]: jj = j and ii = i}");
  ASSERT_EQ(renamed.loop_priorities.size(), 1u);
  EXPECT_EQ(renamed.loop_priorities[0], (std::vector<std::string>{"ii", "jj"}));
  for (int64_t n : {0, 1, 6}) expect_matches_reference(renamed, reference, {{"n", n}});
  EXPECT_THROW(prioritize_loops(renamed, "jj, ii"), Error);  // a cycle with the recorded priority
  LoopKernel forced =
      map_domain(reference, "{[i, j] -> [jj, ii]: jj = j and ii = i}", /*unchecked=*/true);
  EXPECT_TRUE(forced.loop_priorities.empty()) << "unchecked, the written order stays";
  std::string message = error_message<LegalityError>([&] { prioritize_loops(forced, "jj, ii"); });
  EXPECT_NE(message.find(
                "prioritize_loops: instruction 'wave' must follow 'wave' (flow dependence through 'a')"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("wave[jj=1, ii=0] writes a before wave[jj=0, ii=1] reads it"),
            std::string::npos)
      << message;
  EXPECT_FALSE(check_against_reference(forced, reference, {{"n", 9}}).passed)
      << "the refused order is really wrong";
  // Skewed first, the interchange is legal: the dependence (1, -1) becomes (0, 1).
  LoopKernel skewed = map_domain(reference, "{[i, j] -> [s, ii]: s = i + j and ii = i}");
  EXPECT_EQ(skewed.all_inames(), (std::vector<std::string>{"s", "ii"}));
  for (int64_t n : {0, 1, 6, 11}) expect_matches_reference(skewed, reference, {{"n", n}});
}

// loopy's test_diamond_tiling: the map's range lists tx first, a nesting that runs the stencil's
// dependences backwards; map_domain nests the new inames in the first legal order (the one the
// recipe's next call gives), so the kernel is legal and runs between the two calls.
TEST(MapDomain, DiamondTilingIsNestedInTheFirstLegalOrder) {
  LoopKernel stencil = make_kernel(
      {"[nx,nt] -> {[it, ix]: 0<=it<nt and 1<=ix<nx-1}"},
      "u[ix, it+2] = 2*u[ix, it+1] + (u[ix+1, it+1] - 2*u[ix, it+1] + u[ix-1, it+1]) - u[ix, it] {id=step}",
      {array_arg("u", DType::Float64, {"nx", "nt+2"})});
  const LoopKernel& reference = stencil;  // it outside ix: loopy's reference prioritizes "it, ix"
  const std::string diamonds =
      "[nx,nt] -> {[ix, it] -> [tx, tt, tparity, itt, itx]: 16*(tx - tt) + itx - itt = ix - it and "
      "16*(tx + tt + tparity) + itt + itx = ix + it and 0<=tparity<2 and 0 <= itx - itt < 16 and "
      "0 <= itt+itx < 16}";
  LoopKernel tiled = map_domain(stencil, diamonds);
  ASSERT_EQ(tiled.loop_priorities.size(), 1u);
  EXPECT_EQ(tiled.loop_priorities[0], (std::vector<std::string>{"tt", "tparity", "tx", "itt", "itx"}));
  for (auto [nx, nt] : std::vector<std::pair<int64_t, int64_t>>{{3, 1}, {20, 9}, {40, 30}})
    expect_matches_reference(tiled, reference, {{"nx", nx}, {"nt", nt}});
  // The written order is wrong: asked for after an unchecked map, it is refused.
  LoopKernel forced = map_domain(stencil, diamonds, /*unchecked=*/true);
  std::string message =
      error_message<LegalityError>([&] { prioritize_loops(forced, "tx, tt, tparity, itt, itx"); });
  EXPECT_NE(message.find("prioritize_loops: instruction 'step' must follow 'step'"), std::string::npos) << message;
  EXPECT_NO_THROW(prioritize_loops(forced, "tt, tparity, tx, itt, itx"));
}

TEST(MapDomain, TilingMapAndAStridedImage) {
  LoopKernel reference = test_kernels::vector_scale();
  LoopKernel tiled = map_domain(reference, "{[i] -> [o, r]: i = 4o + r and 0 <= r < 4}");
  EXPECT_NE(instructions_text(tiled).find("out[4*o + r]"), std::string::npos)
      << instructions_text(tiled);
  for (int64_t n : {0, 1, 7, 13}) expect_matches_reference(tiled, reference, {{"n", n}});
  // s = 2i is a bijection onto the even numbers; the inverse is a floor division.
  LoopKernel strided = map_domain(reference, "{[i] -> [s]: s = 2i}");
  EXPECT_NE(instructions_text(strided).find("a[s // 2]"), std::string::npos)
      << instructions_text(strided);
  for (int64_t n : {0, 1, 7, 13}) expect_matches_reference(strided, reference, {{"n", n}});
}

TEST(MapDomain, ReductionDomainAndParameters) {
  LoopKernel reference = make_kernel(
      {"{[i]: 0<=i<n}", "{[j,l]: 0<=j<m and 0<=l<4}"}, "out[i] = sum((j, l), a[i, j, l])",
      {array_arg("a", DType::Float64, {"n", "m", "4"}), array_arg("out", DType::Float64, {"n"})});
  LoopKernel mapped = map_domain(reference, "{[j, l] -> [p, q]: p = j + l and q = l}");
  EXPECT_NE(instructions_text(mapped).find("sum((p, q), a[i, p - q, q])"), std::string::npos)
      << instructions_text(mapped);
  for (int64_t m : {0, 1, 5}) expect_matches_reference(mapped, reference, {{"n", 3}, {"m", m}});
  // A map may use the kernel's parameters: reverse the loop.
  LoopKernel reversed =
      map_domain(test_kernels::vector_scale(), "[n] -> {[i] -> [r]: r = n - 1 - i}");
  EXPECT_NE(instructions_text(reversed).find("out[-r + n - 1]"), std::string::npos)
      << instructions_text(reversed);
  for (int64_t n : {0, 1, 9})
    expect_matches_reference(reversed, test_kernels::vector_scale(), {{"n", n}});
  // Reversing a recurrence is not.
  LoopKernel prefix = make_kernel({"{[i]: 1<=i<n}"}, "a[i] = a[i-1] + a[i] {id=scan}",
                                  {array_arg("a", DType::Float64, {"n"})});
  std::string reversed_scan =
      error_message<LegalityError>([&] { map_domain(prefix, "[n] -> {[i] -> [r]: r = n - i}"); });
  EXPECT_NE(reversed_scan.find("map_domain: instruction 'scan' must follow 'scan'"),
            std::string::npos)
      << reversed_scan;
}

TEST(MapDomain, Refusals) {
  LoopKernel kernel = gauss_seidel();
  std::string nodomain =
      error_message<Error>([&] { map_domain(kernel, "{[a, b] -> [s, t]: s = a and t = b}"); });
  EXPECT_NE(nodomain.find("map_domain: the map's inames (a, b) are not all inames of one domain, so the map "
                          "was not applicable to any domain"),
            std::string::npos)
      << nodomain;
  // loopy's test_map_domain_transform_map_validity_and_errors: a map that is not bijective in
  // itself is called that, even where its inames match no domain.
  std::string rogue = error_message<Error>([&] { map_domain(kernel, "{[i, rogue] -> [s]: s = i}"); });
  EXPECT_NE(rogue.find("map_domain: the transform map must be bijective, but it maps several points to the same "
                       "point"),
            std::string::npos)
      << rogue;
  std::string collapsing =
      error_message<Error>([&] { map_domain(kernel, "{[i, j] -> [s, t]: s = i + j and t = 0}"); });
  EXPECT_NE(
      collapsing.find(
          "map_domain: the map is not bijective on the domain of (i, j): it maps several points to "
          "the same point"),
      std::string::npos)
      << collapsing;
  std::string spreading =
      error_message<Error>([&] { map_domain(kernel, "{[i, j] -> [s, t]: s = i and t >= j}"); });
  EXPECT_NE(
      spreading.find(
          "the map is not bijective on the domain of (i, j): it maps a point to several points"),
      std::string::npos)
      << spreading;
  std::string undefined = error_message<Error>(
      [&] { map_domain(kernel, "{[i, j] -> [s, t]: s = i and t = j and i < 3}"); });
  EXPECT_NE(undefined.find("it is not defined on every point of the domain"), std::string::npos)
      << undefined;
  std::string unnamed = error_message<Error>([&] { map_domain(kernel, "{[i, j] -> [j, i]}"); });
  EXPECT_NE(unnamed.find("every output of the map needs a name"), std::string::npos) << unnamed;
  std::string clash =
      error_message<Error>([&] { map_domain(kernel, "{[i, j] -> [a, t]: a = i and t = j}"); });
  EXPECT_NE(clash.find("the new iname 'a' is already used in the kernel"), std::string::npos)
      << clash;
  std::string syntax = error_message<Error>([&] { map_domain(kernel, "{[i, j] -> "); });
  EXPECT_NE(syntax.find("is not an isl map"), std::string::npos) << syntax;
  std::string parameter = error_message<Error>(
      [&] { map_domain(kernel, "[q] -> {[i, j] -> [s, t]: s = i + q and t = j}"); });
  EXPECT_NE(parameter.find("the map's parameter 'q' is not a parameter of the kernel (n)"),
            std::string::npos)
      << parameter;
  std::string tagged = error_message<Error>([&] {
    map_domain(tag_inames(test_kernels::vector_scale(), "i:l.0"), "{[i] -> [s]: s = i + 1}");
  });
  EXPECT_NE(tagged.find("iname 'i' is tagged l.0"), std::string::npos) << tagged;
  std::string prioritized = error_message<Error>([&] {
    map_domain(prioritize_loops(test_kernels::matmul(), "j, i"),
               "{[i, j, k] -> [a2, b2, c2]: a2 = i and b2 = j and c2 = k}");
  });
  EXPECT_NE(prioritized.find("iname 'i' has a loop priority (j, i)"), std::string::npos)
      << prioritized;
  std::string some = error_message<Error>([&] {
    map_domain(test_kernels::matmul(), "{[i, j, k] -> [a2, b2, c2]: a2 = i and b2 = j and c2 = k}");
  });
  EXPECT_NE(some.find("is within only some of the mapped inames (i, j, k)"), std::string::npos)
      << some;
  std::string bound =
      error_message<Error>([&] { map_domain(test_kernels::two_domains(), "{[i] -> [s]: s = i}"); });
  EXPECT_NE(bound.find("depends on iname 'i'"), std::string::npos) << bound;
}

}  // namespace
}  // namespace loom
