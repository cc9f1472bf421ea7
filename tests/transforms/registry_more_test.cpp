// The iname transforms of rename_iname.cpp, duplicate_inames.cpp, untag_inames.cpp and
// remove_unused_inames.cpp through the registry: same result as the typed call, the recorded
// call text, and schema errors.


#include <gtest/gtest.h>

#include <algorithm>

#include "loom/loom.hpp"
#include "test_helpers.hpp"
#include "test_kernels.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

std::string last_call(const LoopKernel& kernel) {
  return kernel.applied_transforms.empty() ? "" : kernel.applied_transforms.back().call;
}

TEST(InameTransformsRegistry, AllAreRegistered) {
  std::vector<std::string> names = registered_transforms();
  for (const char* name : {"untag_inames", "rename_iname", "rename_inames", "duplicate_inames",
                           "remove_unused_inames"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << name;
  }
}

TEST(InameTransformsRegistry, RenameInameAndRenameInames) {
  LoopKernel kernel =
      make_kernel({"{[i]: 0<=i<n}", "{[ii]: 0<=ii<n}"},
                  "b[i] = 2*a[i] {id=writer}\nc[ii] = b[ii] + 1 {id=reader, dep=writer}",
                  {array_arg("a, b, c", DType::Float32, {"n"})});
  LoopKernel merged = apply_transform(
      kernel,
      {"rename_iname",
       {{"old_iname", std::string("ii")}, {"new_iname", std::string("i")}, {"existing_ok", true}}});
  EXPECT_EQ(merged.all_inames(), (std::vector<std::string>{"i"}));
  EXPECT_EQ(last_call(merged), "rename_iname(old_iname=\"ii\", new_iname=\"i\", existing_ok=true)");
  for (int64_t n : {0, 1, 7}) expect_matches_reference(merged, kernel, {{"n", n}});
  LoopKernel both = apply_transform(
      kernel,
      {"rename_inames", {{"old_inames", std::string("i, ii")}, {"new_iname", std::string("m")}}});
  EXPECT_EQ(both.all_inames(), (std::vector<std::string>{"m"}));
  EXPECT_EQ(last_call(both), "rename_inames(old_inames=[\"i\", \"ii\"], new_iname=\"m\")");
  for (int64_t n : {1, 9}) expect_matches_reference(both, kernel, {{"n", n}});
  std::string missing = error_message<Error>([&] {
    apply_transform(kernel, {"rename_iname", {{"old_iname", std::string("i")}}});
  });
  EXPECT_NE(missing.find("rename_iname: missing parameter 'new_iname'"), std::string::npos)
      << missing;
  std::string wrong_type = error_message<Error>([&] {
    apply_transform(kernel, {"rename_iname",
                             {{"old_iname", std::string("i")},
                              {"new_iname", std::string("k")},
                              {"existing_ok", std::string("yes")}}});
  });
  EXPECT_NE(wrong_type.find("parameter 'existing_ok' must be a boolean"), std::string::npos)
      << wrong_type;
}

TEST(InameTransformsRegistry, DuplicateInames) {
  LoopKernel kernel =
      make_kernel({"{[i]: 0<=i<n}"}, "b[i] = 2*a[i] {id=fill}\nc[i] = b[i] + 1 {id=use, dep=fill}",
                  {array_arg("a, b, c", DType::Float32, {"n"})});
  TransformCall call{"duplicate_inames",
                     {{"inames", std::string("i")},
                      {"within", std::string("id:use")},
                      {"new_inames", std::vector<std::string>{"k"}},
                      {"tags", std::string("k:l.0")}}};
  LoopKernel duplicated = apply_transform(kernel, call);
  LoopKernel typed = duplicate_inames(
      kernel, {"i"}, {.within = "id:use", .new_inames = {"k"}, .tags = {{"k", "l.0"}}});
  EXPECT_EQ(duplicated.domains[0].inames, typed.domains[0].inames);
  EXPECT_EQ(instructions_text(duplicated), instructions_text(typed));
  EXPECT_EQ(duplicated.tag_of("k"), (InameTag{InameTag::Kind::Local, 0}));
  EXPECT_EQ(last_call(duplicated), last_call(typed)) << "the comma string is recorded as a list";
  EXPECT_EQ(
      last_call(typed),
      "duplicate_inames(inames=[\"i\"], within=\"id:use\", new_inames=[\"k\"], tags=\"k:l.0\")");
  for (int64_t n : {0, 1, 11}) expect_matches_reference(duplicated, kernel, {{"n", n}});
}

TEST(InameTransformsRegistry, UntagAndRemoveUnused) {
  LoopKernel kernel = tag_inames(test_kernels::vector_scale(), "i:l.0");
  LoopKernel untagged =
      apply_transform(kernel, {"untag_inames", {{"inames", std::vector<std::string>{"i"}}}});
  EXPECT_TRUE(untagged.iname_tags.empty());
  EXPECT_EQ(last_call(untagged), "untag_inames(inames=[\"i\"])");
  LoopKernel duplicated = duplicate_inames(test_kernels::vector_scale(), {"i"});
  LoopKernel all = apply_transform(duplicated, {"remove_unused_inames", {}});
  EXPECT_EQ(all.all_inames(), (std::vector<std::string>{"i_0"}));
  EXPECT_EQ(last_call(all), "remove_unused_inames()");
  LoopKernel listed =
      apply_transform(duplicated, {"remove_unused_inames", {{"inames", std::string("i")}}});
  EXPECT_EQ(listed.all_inames(), (std::vector<std::string>{"i_0"}));
  LoopKernel none =
      apply_transform(duplicated, {"remove_unused_inames", {{"inames", std::monostate{}}}});
  EXPECT_EQ(none.all_inames(), (std::vector<std::string>{"i_0"}))
      << "null means every unused iname";
  for (int64_t n : {0, 1, 13})
    expect_matches_reference(listed, test_kernels::vector_scale(), {{"n", n}});
}

}  // namespace
}  // namespace loom

