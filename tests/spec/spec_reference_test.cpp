// The reference a spec's kernel is checked against (SPEC.md run --check): the untransformed
// kernel, or the result of the last transform that changes the meaning on purpose.
#include <gtest/gtest.h>

#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

TEST(SpecReference, MeaningChangingTransformMakesTheNewReference) {
  Spec spec = read_spec(R"({
    "loom": 1, "name": "drop",
    "domains": ["{[i]: 0<=i<n}"],
    "instructions": ["b[i] = 2*a[i] {id=first}", "b[i] = b[i] + 1 {id=second, dep=first}"],
    "args": [{"name": "a, b", "dtype": "float32", "shape": ["n"]}],
    "transforms": [
      {"op": "split_iname", "iname": "i", "inner_length": 4},
      {"op": "remove_instructions", "insn_ids": "id:second"},
      {"op": "split_iname", "iname": "i_inner", "inner_length": 2}
    ]
  })");
  EXPECT_EQ(spec.reference.instructions.size(), 1u);
  EXPECT_EQ(transform_changes_meaning("remove_instructions"), true);
  EXPECT_EQ(transform_changes_meaning("split_iname"), false);
  testing::expect_matches_reference(spec.kernel, spec.reference, {{"n", 13}});
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
