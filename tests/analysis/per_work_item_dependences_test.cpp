// compute_dependences_per_work_item: a private temporary has one copy per work-item, so a write in
// one work-item reaches only the reads of that work-item; an instruction outside an axis writes
// every copy along it (every work-item runs it).
#include <gtest/gtest.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/val.h>

#include "analysis/checks.hpp"
#include "analysis/per_work_item_dependences.hpp"
#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

// `<> t = a[i]` within i, read by `out[i, j] = t*b[j]` within i and j (i on l.0, j on l.1): the
// writer lacks l.1.
LoopKernel scalar_read_across_lanes() {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<4}", "{[j]: 0<=j<4}"},
                                  "<> t = a[i] {id=w}\nout[i, j] = t*b[j] {id=r, dep=w, inames=i:j}",
                                  {array_arg("a", DType::Float32, {"4"}), array_arg("b", DType::Float32, {"4"}),
                                   array_arg("out", DType::Float32, {"4", "4"})},
                                  {.name = "lanes"});
  return tag_inames(kernel, "i:l.0, j:l.1");
}

const Dependence* flow_from(const std::vector<Dependence>& dependences, const std::string& source,
                            const std::string& sink) {
  for (const Dependence& dependence : dependences) {
    if (dependence.kind == DependenceKind::Flow && dependence.source == source && dependence.sink == sink)
      return &dependence;
  }
  return nullptr;
}

TEST(PerWorkItemDependences, APrivateValueFlowsWithinItsWorkItemToEveryLaneItDoesNotRunOn) {
  LoopKernel kernel = scalar_read_across_lanes();
  auto data = compute_dependences_per_work_item(kernel, {"t"});
  const Dependence* flow = flow_from(data->dependences, "w", "r");
  ASSERT_NE(flow, nullptr);
  // Equal i (the l.0 copy), every j (w runs in every work-item along l.1): 4 x 4 pairs.
  EXPECT_TRUE(flow->relation.is_equal(pairs_equal_on(flow->relation, {"i"})));
  isl_val* count = isl_set_count_val(flow->relation.wrap().release());
  EXPECT_EQ(isl_val_get_num_si(count), 16);
  isl_val_free(count);
}

// Two loops over l.0 with inames of their own: each lane writes its copy of t, then reads it. The
// one-copy model (compute_dependences, every loop in turn) has only the last lane's write reach
// every read.
TEST(PerWorkItemDependences, ALaneReadsItsOwnCopyAcrossTwoLoopsOnOneAxis) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<4}", "{[i2]: 0<=i2<4}"},
                                  "<> t = a[i] {id=w}\nout[i2] = t*2 {id=r, dep=w, inames=i2}",
                                  {array_arg("a, out", DType::Float32, {"4"})}, {.name = "lanes"});
  kernel = tag_inames(kernel, "i:l.0, i2:l.0");
  auto per_work_item = compute_dependences_per_work_item(kernel, {"t"});  // owns the relations
  const Dependence* copies = flow_from(per_work_item->dependences, "w", "r");
  ASSERT_NE(copies, nullptr);
  isl::map same_lane = isl::manage(isl_map_equate(copies->relation.copy(), isl_dim_in, 0, isl_dim_out, 0));
  EXPECT_TRUE(copies->relation.is_equal(same_lane));
  isl_val* count = isl_set_count_val(copies->relation.wrap().release());
  EXPECT_EQ(isl_val_get_num_si(count), 4);
  isl_val_free(count);
  auto one_copy_data = compute_dependences(kernel);
  const Dependence* one_copy = flow_from(one_copy_data->dependences, "w", "r");
  ASSERT_NE(one_copy, nullptr);
  EXPECT_FALSE(one_copy->relation.is_equal(copies->relation));
}

TEST(PerWorkItemDependences, OnlyTheNamedVariables) {
  LoopKernel kernel = scalar_read_across_lanes();
  EXPECT_TRUE(compute_dependences_per_work_item(kernel, {"out"})->dependences.empty());
}

}  // namespace
}  // namespace loom
