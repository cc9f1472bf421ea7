// join_inames: equivalence with lower bounds, three inames, reductions, within and tags; the
// generated loop; refusals, including a join that reverses a recurrence.
#include <gtest/gtest.h>

#include "loom/loom.hpp"
#include "test_helpers.hpp"
#include "test_kernels.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

TEST(JoinInames, TwoInamesBecomeOneLoop) {
  LoopKernel reference =
      make_kernel({"{[i,j]: 0<=i<n and 0<=j<8}"}, "out[i, j] = 2*a[i, j] + j",
                  {array_arg("a, out", DType::Float32, {"n", "8"})}, {.name = "rows"});
  LoopKernel joined = join_inames(reference, {"i", "j"});
  EXPECT_EQ(joined.all_inames(), (std::vector<std::string>{"j_and_i"}));
  EXPECT_EQ(joined.instructions[0].within_inames, (std::set<std::string>{"j_and_i"}));
  std::string text = instructions_text(joined);
  EXPECT_NE(text.find("out[j_and_i // 8, j_and_i % 8]"), std::string::npos) << text;
  std::string source = generate_code(joined, Target::C).source;
  EXPECT_NE(source.find("for (int32_t j_and_i"), std::string::npos) << source;
  EXPECT_EQ(source.find("for (int32_t i"), std::string::npos) << source;
  for (int64_t n : {0, 1, 7, 13}) expect_matches_reference(joined, reference, {{"n", n}});
  ASSERT_EQ(joined.iname_rewrites.size(), 1u);
  EXPECT_EQ(joined.iname_rewrites[0].relation, "j_and_i = 8*i + j and 0 <= j < 8");
}

TEST(JoinInames, LowerBoundsAndAParametricOuterRange) {
  LoopKernel reference =
      make_kernel({"{[i,j]: 2<=i<n+2 and 1<=j<=5}"}, "out[i - 2, j - 1] = a[i - 2, j - 1] * i + j",
                  {array_arg("a, out", DType::Int32, {"n", "5"})});
  LoopKernel joined = join_inames(reference, {"i", "j"}, {.new_iname = "k"});
  std::string text = instructions_text(joined);
  EXPECT_NE(text.find("k // 5 + 2"), std::string::npos) << text;
  EXPECT_NE(text.find("k % 5 + 1"), std::string::npos) << text;
  EXPECT_NE(joined.domains[0].text.find("5n"), std::string::npos)
      << joined.domains[0].text;  // 0 <= k < 5n
  for (int64_t n : {0, 1, 6, 11}) expect_matches_reference(joined, reference, {{"n", n}});
}

TEST(JoinInames, ThreeInamesAndATag) {
  LoopKernel reference = make_kernel({"{[i,j,l]: 0<=i<n and 0<=j<3 and 0<=l<4}"},
                                     "out[i, j, l] = a[i, j, l] * (j + l)",
                                     {array_arg("a, out", DType::Float32, {"n", "3", "4"})});
  LoopKernel joined = join_inames(reference, {"i", "j", "l"}, {.new_iname = "ijl", .tag = "g.0"});
  EXPECT_EQ(joined.tag_of("ijl"), (InameTag{InameTag::Kind::Group, 0}));
  std::string text = instructions_text(joined);
  EXPECT_NE(text.find("ijl // 12"), std::string::npos) << text;
  EXPECT_NE(text.find("ijl // 4 % 3"), std::string::npos) << text;
  EXPECT_NE(text.find("ijl % 4"), std::string::npos) << text;
  for (int64_t n : {1, 5, 13}) expect_matches_reference(joined, reference, {{"n", n}});
  // Joining the inner two only keeps i as a loop around the joined one.
  LoopKernel inner = join_inames(reference, {"j", "l"});
  EXPECT_EQ(inner.all_inames(), (std::vector<std::string>{"i", "l_and_j"}));
  for (int64_t n : {0, 2, 7}) expect_matches_reference(inner, reference, {{"n", n}});
}

TEST(JoinInames, ReductionOverTheJoinedInames) {
  LoopKernel reference = make_kernel(
      {"{[i]: 0<=i<n}", "{[j,l]: 0<=j<m and 0<=l<4}"}, "out[i] = sum((j, l), a[i, j, l])",
      {array_arg("a", DType::Float64, {"n", "m", "4"}), array_arg("out", DType::Float64, {"n"})});
  LoopKernel joined = join_inames(reference, {"j", "l"});
  std::string text = instructions_text(joined);
  EXPECT_NE(text.find("sum(l_and_j, a[i, l_and_j // 4, l_and_j % 4])"), std::string::npos) << text;
  for (int64_t m : {0, 1, 5}) expect_matches_reference(joined, reference, {{"n", 3}, {"m", m}});
  std::string some = error_message<Error>([&] {
    join_inames(make_kernel({"{[i,j]: 0<=i<n and 0<=j<4}"}, "out[i] = sum(j, a[i, j])",
                            {array_arg("a", DType::Float32, {"n", "4"}),
                             array_arg("out", DType::Float32, {"n"})}),
                {"i", "j"});
  });
  EXPECT_NE(some.find("instruction 'insn' is within only some of the inames (i, j)"),
            std::string::npos)
      << some;
}

TEST(JoinInames, WithinKeepsTheOtherInstructionsOnTheOldInames) {
  LoopKernel reference = make_kernel({"{[i,j]: 0<=i<n and 0<=j<4}"},
                                     "b[i, j] = 2*a[i, j] {id=x}\n"
                                     "c[i, j] = a[i, j] + 1 {id=y}",
                                     {array_arg("a, b, c", DType::Float32, {"n", "4"})});
  LoopKernel joined = join_inames(reference, {"i", "j"}, {.within = "id:x"});
  EXPECT_EQ(joined.find_instruction("x")->within_inames, (std::set<std::string>{"j_and_i"}));
  EXPECT_EQ(joined.find_instruction("y")->within_inames, (std::set<std::string>{"i", "j"}));
  EXPECT_EQ(joined.all_inames(), (std::vector<std::string>{"j_and_i", "i", "j"}));
  for (int64_t n : {0, 1, 9}) expect_matches_reference(joined, reference, {{"n", n}});
  std::string nothing = error_message<Error>([&] {
    join_inames(reference, {"i", "j"}, {.within = "id:zz"});
  });
  EXPECT_NE(nothing.find("within='id:zz' matches no instruction that uses (i, j)"),
            std::string::npos)
      << nothing;
}

TEST(JoinInames, RefusesAJoinThatReversesARecurrence) {
  // a[i+1, j] reads a[i, j+1]: joining with j outside runs row i+1 before row i finished.
  LoopKernel kernel =
      make_kernel({"{[i,j]: 0<=i<6 and 0<=j<5}"}, "a[i+1, j] = a[i, j+1] + 1 {id=wave}",
                  {array_arg("a", DType::Float32, {"7", "6"})});
  LoopKernel fine = join_inames(kernel, {"i", "j"});
  expect_matches_reference(fine, kernel, {});
  std::string message = error_message<LegalityError>([&] { join_inames(kernel, {"j", "i"}); });
  EXPECT_NE(message.find(
                "join_inames: instruction 'wave' must follow 'wave' (flow dependence through 'a')"),
            std::string::npos)
      << message;
  LoopKernel forced = join_inames(kernel, {"j", "i"}, {.unchecked = true});
  EXPECT_FALSE(check_against_reference(forced, kernel, {}).passed)
      << "the refused join is really wrong";
}

TEST(JoinInames, Refusals) {
  std::string domains = error_message<Error>([&] {
    join_inames(test_kernels::ordered_by_dep(), {"i", "ii"});
  });
  EXPECT_NE(domains.find("join_inames: inames 'i' and 'ii' are in different domains"),
            std::string::npos)
      << domains;
  LoopKernel matmul = test_kernels::matmul();
  std::string parametric = error_message<Error>([&] { join_inames(matmul, {"i", "j"}); });
  EXPECT_NE(parametric.find("join_inames(\"i, j\"): iname 'j' has no constant range"),
            std::string::npos)
      << parametric;
  std::string shifted = error_message<Error>([&] {
    join_inames(make_kernel({"{[i,j]: 0<=i<8 and m<=j<m+4}"}, "out[i, j - m] = 1",
                            {array_arg("out", DType::Float32, {"8", "4"})}),
                {"i", "j"});
  });
  EXPECT_NE(shifted.find("iname 'j' has no constant range"), std::string::npos) << shifted;
  LoopKernel small = make_kernel({"{[i,j]: 0<=i<n and 0<=j<4}"}, "out[i, j] = 1",
                                 {array_arg("out", DType::Float32, {"n", "4"})});
  std::string tagged = error_message<Error>([&] {
    join_inames(tag_inames(small, "j:l.0"), {"i", "j"});
  });
  EXPECT_NE(tagged.find("iname 'j' is tagged l.0; untag it first"), std::string::npos) << tagged;
  std::string one = error_message<Error>([&] { join_inames(small, {"i"}); });
  EXPECT_NE(one.find("give at least two inames"), std::string::npos) << one;
  std::string twice = error_message<Error>([&] { join_inames(small, {"i", "i"}); });
  EXPECT_NE(twice.find("iname 'i' is listed twice"), std::string::npos) << twice;
  std::string unknown = error_message<Error>([&] { join_inames(small, {"i", "q"}); });
  EXPECT_NE(unknown.find("join_inames: unknown iname 'q'"), std::string::npos) << unknown;
  std::string clash = error_message<Error>([&] {
    join_inames(small, {"i", "j"}, {.new_iname = "out"});
  });
  EXPECT_NE(clash.find("the name 'out' is already used"), std::string::npos) << clash;
  std::string bound = error_message<Error>([&] {
    join_inames(
        make_kernel(
            {"{[i,j]: 0<=i<n and 0<=j<4}", "{[l]: 0<=l<=i}"}, "out[i, j] = sum(l, a[l])",
            {array_arg("out", DType::Float32, {"n", "4"}), array_arg("a", DType::Float32, {"n"})}),
        {"i", "j"});
  });
  EXPECT_NE(bound.find("depends on iname 'i'"), std::string::npos) << bound;
}

}  // namespace
}  // namespace loom
