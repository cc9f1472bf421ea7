// An instruction's instances (instruction_domain, src/ir/instance_sets.cpp) are the intersection of
// the domains of its inames. isl tests each intermediate intersection for emptiness; loom
// intersects plain conjunctions without those tests and tests the result once (issue 26, ast20).
// The set must be the one isl's chain of intersections gives, constraint for constraint (it reaches
// the AST problem and every transform's check), and an empty intersection must stay empty.
#include <gtest/gtest.h>

#include <isl/set.h>

#include <cstdlib>
#include <string>

#include "ir/instance_sets.hpp"
#include "ir/isl_extra.hpp"
#include "ir/isl_kernel.hpp"
#include "ir/isl_memo.hpp"
#include "loom/loom.hpp"

namespace loom {
namespace {

std::string text_of(const isl::set& set) {
  char* text = isl_set_to_str(set.get());
  std::string result = text;
  std::free(text);
  return result;
}

// What instruction_domain computed before ast20: isl's own chain of intersections.
isl::set chained_domain(const LoopKernel& kernel, const Instruction& instruction, const std::vector<std::string>& dims,
                        const std::string& tuple_name = "S") {
  isl::set combined = isl_set_of(kernel.assumptions);
  for (const Domain& domain : kernel.domains) {
    bool needed = false;
    for (const std::string& iname : domain.inames) needed = needed || instruction.within_inames.count(iname) != 0;
    if (needed) combined = combined.intersect_params(isl_extra::set_dims_to_params(isl_set_of(domain.set)).params());
  }
  for (const std::string& iname : kernel.all_inames()) {
    if (instruction.within_inames.count(iname) == 0) combined = isl_extra::project_out_param(combined, iname);
  }
  return isl_extra::params_to_set_dims(isl::manage(isl_set_from_params(combined.release())), dims, tuple_name);
}

TEST(InstanceSets, IntersectedDomainsAreIslsChainConstraintForConstraint) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n and i<m}", "{[j]: 0<=j<i and j<=5}", "{[k]: 0<=k<j+3 and k<2n}"},
                                  "out[i, j, k] = 1",
                                  {array_arg("out", DType::Float32, {"n", "n", "2*n"}), value_arg("m"), value_arg("n")});
  const Instruction& instruction = kernel.instructions.front();
  std::vector<std::string> dims{"i", "j", "k"};
  isl::set domain = instruction_domain(kernel, instruction, dims, "S");
  EXPECT_EQ(text_of(domain), text_of(chained_domain(kernel, instruction, dims)));
  isl::set expected(domain.ctx(), "[m, n] -> { S[i, j, k] : 0 <= i < n and i < m and 0 <= j < i and j <= 5 and "
                                  "0 <= k < j + 3 and k < 2n }");
  EXPECT_TRUE(domain.is_equal(expected)) << domain;
}

TEST(InstanceSets, AnEmptyIntersectionIsEmptyAsIslGivesIt) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n and i>=5}", "{[j]: 0<=j<i and j>=n}"}, "out[i, j] = 1",
                                  {array_arg("out", DType::Float32, {"n", "n"}), value_arg("n")});
  const Instruction& instruction = kernel.instructions.front();
  std::vector<std::string> dims{"i", "j"};
  isl::set domain = instruction_domain(kernel, instruction, dims, "S");
  EXPECT_TRUE(domain.is_empty()) << domain;
  EXPECT_EQ(text_of(domain), text_of(chained_domain(kernel, instruction, dims)));
}

// Instructions within the same inames share their instances (computed once, issue 26, ast21), each
// with its own dims' order and tuple name: the set is still what the chain gives for that
// instruction, and an instruction within other inames gets its own.
TEST(InstanceSets, InstructionsWithinTheSameInamesShareTheirInstances) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}", "{[j]: 0<=j<i and j<=5}", "{[k]: 0<=k<j+3}"},
                                  "a[i, j] = 1 {id=first}\nb[i, j] = 2 {id=second}\nc[i, j, k] = 3 {id=third}",
                                  {array_arg("a, b", DType::Float32, {"n", "n"}),
                                   array_arg("c", DType::Float32, {"n", "n", "n + 3"}), value_arg("n")});
  const Instruction& first = *kernel.find_instruction("first");
  const Instruction& second = *kernel.find_instruction("second");
  const Instruction& third = *kernel.find_instruction("third");
  ASSERT_EQ(first.within_inames, second.within_inames);
  isl::set one = instruction_domain(kernel, first, {"i", "j"}, "S_0");
  isl::set two = instruction_domain(kernel, second, {"j", "i"}, "S_1");
  isl::set three = instruction_domain(kernel, third, {"i", "j", "k"}, "S_2");
  EXPECT_EQ(text_of(one), text_of(chained_domain(kernel, first, {"i", "j"}, "S_0")));
  EXPECT_EQ(text_of(three), text_of(chained_domain(kernel, third, {"i", "j", "k"}, "S_2")));
  // Under LOOM_VERIFY_ISL_MEMO the hit's recomputation is compared with isl's equality test, which
  // normalizes the cached set in place (isl_map_normalize of a shared copy): the same set, its
  // constraints in another order. Otherwise the shared set is the chain's, constraint for constraint.
  if (!detail::isl_memo_verified()) {
    EXPECT_EQ(text_of(two), text_of(chained_domain(kernel, second, {"j", "i"}, "S_1")));
  }
  EXPECT_TRUE(two.is_equal(chained_domain(kernel, second, {"j", "i"}, "S_1"))) << two;
  isl::set expected(one.ctx(), "[n] -> { S_1[j, i] : 0 <= i < n and 0 <= j < i and j <= 5 }");
  EXPECT_TRUE(two.is_equal(expected)) << two;
}

}  // namespace
}  // namespace loom
