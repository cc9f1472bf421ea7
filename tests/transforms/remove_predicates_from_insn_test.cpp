// remove_predicates_from_insn: the matched instruction runs where its condition used to skip it
// (the intended new meaning, executed against the kernel written without the condition); refusals.
#include <gtest/gtest.h>

#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

LoopKernel guarded_fill(const std::string& guard) {
  return make_kernel({"{[i]: 0<=i<n}"},
                     "<> cond = i > 2 {id=cond}\n"
                     "a[i] = 1 {id=a, dep=cond" + guard + "}\n"
                     "b[i] = 2 {id=b, dep=cond, if=cond}",
                     {array_arg("a, b", DType::Int32, {"n"})}, {.name = "fill"});
}

TEST(RemovePredicatesFromInsn, TheInstructionRunsEverywhere) {
  LoopKernel result = remove_predicates_from_insn(guarded_fill(", if=cond"), {"cond"}, "id:a");
  EXPECT_TRUE(result.find_instruction("a")->predicates.empty());
  EXPECT_EQ(result.find_instruction("b")->predicates.size(), 1u);
  for (int64_t n : {1, 6}) expect_matches_reference(result, guarded_fill(""), {{"n", n}});
}

TEST(RemovePredicatesFromInsn, Refusals) {
  LoopKernel kernel = guarded_fill(", if=cond");
  std::string absent = error_message<Error>([&] { remove_predicates_from_insn(kernel, {"i > 2"}, "id:a"); });
  EXPECT_NE(absent.find("no instruction matched by 'id:a' has the predicate 'i > 2'"), std::string::npos) << absent;
  std::string none = error_message<Error>([&] { remove_predicates_from_insn(kernel, {}, "id:a"); });
  EXPECT_NE(none.find("give at least one predicate"), std::string::npos) << none;
  std::string unmatched = error_message<Error>([&] { remove_predicates_from_insn(kernel, {"cond"}, "id:zz"); });
  EXPECT_NE(unmatched.find("remove_predicates_from_insn"), std::string::npos) << unmatched;
}

}  // namespace
}  // namespace loom
