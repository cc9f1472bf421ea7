// add_inames_to_insn: an idempotent instruction keeps its results, an update runs once more per
// added value (the intended new meaning, executed), a parallel added iname is a write race;
// refusals.
#include <gtest/gtest.h>

#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

LoopKernel copy_and_fill() {
  return make_kernel(
      {"{[i, j]: 0<=i<n and 0<=j<m}"},
      "out[i] = 2*a[i] {id=copy}\n"
      "p[i, j] = a[i] + j {id=fill}",
      {array_arg("a, out", DType::Float32, {"n"}), array_arg("p", DType::Float32, {"n", "m"})});
}

TEST(AddInamesToInsn, IdempotentInstructionKeepsItsResults) {
  LoopKernel kernel = copy_and_fill();
  LoopKernel result = add_inames_to_insn(kernel, {"j"}, "id:copy");
  EXPECT_EQ(result.find_instruction("copy")->within_inames, (std::set<std::string>{"i", "j"}));
  EXPECT_EQ(result.find_instruction("fill")->within_inames, (std::set<std::string>{"i", "j"}));
  for (auto [n, m] : {std::pair<int64_t, int64_t>{0, 3}, {5, 1}, {7, 4}}) {
    expect_matches_reference(result, kernel, {{"n", n}, {"m", m}});
  }
}

TEST(AddInamesToInsn, AnUpdateRunsOncePerAddedValue) {
  LoopKernel kernel = make_kernel({"{[i, j]: 0<=i<n and 0<=j<m}"}, "out[i] = out[i] + 1 {id=bump}",
                                  {array_arg("out", DType::Int32, {"n"})});
  LoopKernel result = add_inames_to_insn(kernel, {"j"}, "bump");
  LoopKernel intended = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = out[i] + m",
                                    {array_arg("out", DType::Int32, {"n"}), value_arg("m")});
  expect_matches_reference(result, intended, {{"n", 6}, {"m", 5}});
  EXPECT_FALSE(check_against_reference(result, kernel, {{"n", 6}, {"m", 5}}).passed)
      << "the meaning did change";
  Array out(DType::Int32, {3});
  for (int64_t i = 0; i < 3; ++i) out.set_int(i, 10 * i);
  compile(result)({{"out", out}, {"n", Scalar(int64_t{3})}, {"m", Scalar(int64_t{4})}});
  for (int64_t i = 0; i < 3; ++i) EXPECT_EQ(out.get_int(i), 10 * i + 4) << i;
}

// An update under an added parallel iname is a write race: every work-group reads and writes out[i].
// The idempotent copy under it is not (issue 23, same_value_inames): every group writes
// 2*a[i] from the same read-only a, one value.
TEST(AddInamesToInsn, ParallelAddedInameIsAWriteRace) {
  LoopKernel updates = tag_inames(make_kernel({"{[i, j]: 0<=i<n and 0<=j<m}"},
                                              "out[i] = out[i] + 1 {id=bump}\np[i, j] = j {id=fill}",
                                              {array_arg("out", DType::Int32, {"n"}),
                                               array_arg("p", DType::Int32, {"n", "m"})}),
                                  "j:g.0");
  std::string race =
      error_message<LegalityError>([&] { add_inames_to_insn(updates, {"j"}, "id:bump"); });
  EXPECT_NE(race.find("add_inames_to_insn: write race: instruction 'bump' writes 'out' (global) "
                      "within iname 'j' "
                      "(tagged g.0)"),
            std::string::npos)
      << race;
  LoopKernel kernel = tag_inames(copy_and_fill(), "j:g.0");
  expect_matches_reference(add_inames_to_insn(kernel, {"j"}, "id:copy"), copy_and_fill(), {{"n", 5}, {"m", 3}});
}

TEST(AddInamesToInsn, Refusals) {
  LoopKernel kernel = copy_and_fill();
  std::string unknown = error_message<Error>([&] { add_inames_to_insn(kernel, {"q"}, "copy"); });
  EXPECT_NE(unknown.find("add_inames_to_insn: unknown iname 'q' (the kernel's inames: i, j)"),
            std::string::npos)
      << unknown;
  std::string no_match = error_message<Error>([&] { add_inames_to_insn(kernel, {"j"}, "id:cpy"); });
  EXPECT_NE(
      no_match.find(
          "add_inames_to_insn: insn_match 'id:cpy' matches no instruction (did you mean 'copy'?)"),
      std::string::npos)
      << no_match;
  std::string nothing = error_message<Error>([&] { add_inames_to_insn(kernel, {"i"}, "copy"); });
  EXPECT_NE(
      nothing.find(
          "add_inames_to_insn: the instructions matched by 'copy' (copy) are already within i"),
      std::string::npos)
      << nothing;
  std::string empty = error_message<Error>([&] { add_inames_to_insn(kernel, {}, "copy"); });
  EXPECT_NE(empty.find("add_inames_to_insn: give at least one iname"), std::string::npos) << empty;
  LoopKernel reduction = make_kernel(
      {"{[i, j]: 0<=i<n and 0<=j<n}"}, "out[i] = sum(j, a[i, j]) {id=red}",
      {array_arg("a", DType::Float32, {"n", "n"}), array_arg("out", DType::Float32, {"n"})});
  std::string reduced = error_message<Error>([&] { add_inames_to_insn(reduction, {"j"}, "red"); });
  EXPECT_NE(reduced.find("add_inames_to_insn: instruction 'red' reduces over iname 'j'"),
            std::string::npos)
      << reduced;
  LoopKernel nested = make_kernel(
      {"{[i]: 0<=i<n}", "{[j]: 0<=j<=i}"},
      "p[i, j] = 1 {id=fill}\n"
      "q[0] = 1 {id=one}",
      {array_arg("p", DType::Float32, {"n", "n"}), array_arg("q", DType::Float32, {"1"})});
  std::string bounded = error_message<Error>([&] { add_inames_to_insn(nested, {"j"}, "one"); });
  EXPECT_NE(bounded.find("add_inames_to_insn: iname 'j' is bounded by iname 'i'"),
            std::string::npos)
      << bounded;
  EXPECT_NE(bounded.find("which instruction 'one' is not within; add 'i' too"), std::string::npos)
      << bounded;
}

TEST(AddInamesToInsn, ThroughTheRegistry) {
  LoopKernel kernel = copy_and_fill();
  LoopKernel result = apply_transform(
      kernel, {"add_inames_to_insn",
               {{"inames", std::string("j")}, {"insn_match", std::string("id:copy")}}});
  EXPECT_EQ(result.find_instruction("copy")->within_inames, (std::set<std::string>{"i", "j"}));
  EXPECT_EQ(result.applied_transforms.back().call,
            "add_inames_to_insn(inames=[\"j\"], insn_match=\"id:copy\")");
  expect_matches_reference(result, kernel, {{"n", 4}, {"m", 3}});
}

}  // namespace
}  // namespace loom
