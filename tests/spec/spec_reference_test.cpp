// The reference a spec's kernel is checked against (SPEC.md run --check): the untransformed
// kernel, or the result of the last transform that changes the meaning on purpose.
#include <gtest/gtest.h>

#include <algorithm>

#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

// Two instructions, the second removed between two splits; `first_split_extra` adds fields to the
// first split (a hardware tag).
Spec spec_removing_an_instruction_between_splits(const std::string& first_split_extra = "") {
  return read_spec(R"({
    "loom": 1, "name": "drop",
    "domains": ["{[i]: 0<=i<n}"],
    "instructions": ["b[i] = 2*a[i] {id=first}", "b[i] = b[i] + 1 {id=second, dep=first}"],
    "args": [{"name": "a, b", "dtype": "float32", "shape": ["n"]}],
    "transforms": [
      {"op": "split_iname", "iname": "i", "inner_length": 4)" + first_split_extra + R"(},
      {"op": "remove_instructions", "insn_ids": "id:second"},
      {"op": "split_iname", "iname": "i_inner", "inner_length": 2}
    ]
  })");
}

TEST(SpecReference, MeaningChangingTransformMakesTheNewReference) {
  Spec spec = spec_removing_an_instruction_between_splits();
  EXPECT_EQ(spec.reference.instructions.size(), 1u);
  EXPECT_EQ(transform_changes_meaning("remove_instructions"), true);
  EXPECT_EQ(transform_changes_meaning("split_iname"), false);
  testing::expect_matches_reference(spec.kernel, spec.reference, {{"n", 13}});
}

// The reference is the kernel the transforms made up to the last meaning-changing one, kept as
// they ran (issue 26, small21: no second run of that prefix), less its hardware tags.
TEST(SpecReference, ReferenceIsThePrefixsKernelWithoutHardwareTags) {
  Spec spec = spec_removing_an_instruction_between_splits(R"(, "outer_tag": "g.0")");
  std::vector<std::string> reference_transforms, kernel_transforms;
  for (const AppliedTransform& applied : spec.reference.applied_transforms) reference_transforms.push_back(applied.name);
  for (const AppliedTransform& applied : spec.kernel.applied_transforms) kernel_transforms.push_back(applied.name);
  EXPECT_EQ(reference_transforms, (std::vector<std::string>{"split_iname", "remove_instructions"}));
  EXPECT_EQ(kernel_transforms, (std::vector<std::string>{"split_iname", "remove_instructions", "split_iname"}));
  std::vector<std::string> inames = spec.reference.all_inames();
  std::sort(inames.begin(), inames.end());
  EXPECT_EQ(inames, (std::vector<std::string>{"i_inner", "i_outer"}));
  EXPECT_TRUE(spec.reference.iname_tags.count("i_outer") == 0 ||
              spec.reference.iname_tags.at("i_outer").kind != InameTag::Kind::Group);
  EXPECT_EQ(spec.kernel.iname_tags.at("i_outer").kind, InameTag::Kind::Group);
  EXPECT_EQ(spec.reference.instructions.size(), 1u);
}

TEST(SpecReference, WithoutSuchTransformsTheReferenceIsUntransformed) {
  Spec spec = read_spec(R"({
    "loom": 1, "name": "keep",
    "domains": ["{[i]: 0<=i<n}"],
    "instructions": ["b[i] = 2*a[i]"],
    "args": [{"name": "a, b", "dtype": "float32", "shape": ["n"]}],
    "transforms": [{"op": "split_iname", "iname": "i", "inner_length": 4}]
  })");
  EXPECT_EQ(spec.reference.all_inames(), std::vector<std::string>{"i"});
}

}  // namespace
}  // namespace loom
