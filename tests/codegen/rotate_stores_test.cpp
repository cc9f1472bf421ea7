// Stores of whole 128-byte lines (codegen/rotate_stores.cpp, issue 25): a store tagged
// store_whole_lines rotates its lanes by the row segment's distance to the next line, in the full
// work-groups' nest; the kernel still matches its reference (PoCL, sizes whose rows start
// anywhere), the partial groups and the C target keep the plain copies, and tagged instructions
// the rotation does not fit are refused with the reason. (The transpose rotates on CUDA only:
// on OpenCL a kernel with barriers has no full-group nest; the row scale runs it on PoCL.)
#include <gtest/gtest.h>

#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::count;
using testing::error_message;
using testing::expect_matches_reference;
using testing::kernels_of;

bool contains(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

// b = aᵀ in 32 x 256 tiles: 32 x 16 work-items, b's rows written 256 wide (8 unrolled stores of
// 32 lanes), a fetched into a padded local tile. `transforms` are appended (JSON objects).
std::string transpose_spec(const std::string& dtype, const std::string& extra_transforms) {
  return R"({"loom": 1, "name": "tile_transpose", "domains": ["{[i,j]: 0<=i,j<n}"],
    "instructions": ["b[i, j] = a[j, i] {id=insn}"],
    "args": [{"name": "a, b", "dtype": ")" + dtype + R"(", "shape": ["n", "n"]}, {"name": "n", "kind": "value", "dtype": "int32"}],
    "transforms": [
      {"op": "split_iname", "iname": "i", "inner_length": 32, "outer_tag": "g.1"},
      {"op": "split_iname", "iname": "i_inner", "inner_length": 16, "outer_tag": "unr", "inner_tag": "l.1"},
      {"op": "split_iname", "iname": "j", "inner_length": 256, "outer_tag": "g.0"},
      {"op": "split_iname", "iname": "j_inner", "inner_length": 32, "outer_tag": "unr", "inner_tag": "l.0"},
      {"op": "add_prefetch", "var_name": "a", "sweep_inames": ["i_inner_outer", "i_inner_inner", "j_inner_outer", "j_inner_inner"], "default_tag": "l.auto"},
      {"op": "pad_local_arrays_for_banks", "temporary": "a_fetch"})" +
         extra_transforms + "]}";
}

const char* kTag = R"(, {"op": "tag_instructions", "new_tag": "store_whole_lines", "within": "id:insn"})";

// b = 2a row by row, 256 columns a group (8 unrolled stores of 32 lanes), 4 rows: no local
// memory, so OpenCL has a full-group nest too (with barriers it keeps one guarded nest).
std::string row_scale_spec(const std::string& extra_transforms) {
  return R"({"loom": 1, "name": "row_scale", "domains": ["{[i,j]: 0<=i<m and 0<=j<n}"],
    "instructions": ["b[i, j] = 2*a[i, j] {id=insn}"],
    "args": [{"name": "a, b", "dtype": "float32", "shape": ["m", "n"]}, {"name": "m, n", "kind": "value", "dtype": "int32"}],
    "transforms": [
      {"op": "split_iname", "iname": "j", "inner_length": 256, "outer_tag": "g.0"},
      {"op": "split_iname", "iname": "j_inner", "inner_length": 32, "outer_tag": "unr", "inner_tag": "l.0"},
      {"op": "split_iname", "iname": "i", "inner_length": 4, "outer_tag": "g.1", "inner_tag": "l.1"})" +
         extra_transforms + "]}";
}

TEST(RotateStores, TheFullGroupsStoreLineByLineAndThePartialOnesAsBefore) {
  Spec spec = read_spec(transpose_spec("float32", kTag));
  std::string cuda = kernels_of(generate_code(spec.kernel, Target::CUDA).source);
  // Both of a work-item's rows (i_inner_outer = 0, 1) rotate: 9 slots of 8 stores each.
  EXPECT_EQ(count(cuda, "loom_lane_rotation("), 2) << cuda;
  EXPECT_TRUE(contains(cuda, "const int32_t loom_rotated_j_inner_outer = j_inner_inner + loom_lane_rotation(b + ((32 * "
                             "i_outer + i_inner_inner) * n + (256 * j_outer + j_inner_inner)), j_inner_inner);"))
      << cuda;
  EXPECT_TRUE(contains(cuda, "for (int32_t loom_step_j_inner_outer = 0; loom_step_j_inner_outer <= 8; ++loom_step_j_inner_outer)"))
      << cuda;
  EXPECT_TRUE(contains(cuda, "(loom_rotated_j_inner_outer & 31)")) << cuda;
  // The partial groups keep their 16 guarded stores (2 rows x 8), the full groups have none left.
  std::string partial = cuda.substr(cuda.find("\n  else\n"));
  EXPECT_EQ(count(partial, "b[("), 16) << partial;
  EXPECT_EQ(count(cuda.substr(0, cuda.find("\n  else\n")), "b[("), 2) << cuda;
  std::string source = generate_code(spec.kernel, Target::CUDA).source;
  EXPECT_TRUE(contains(source, "LOOM_FN int loom_lane_rotation(const void* p, int lane)")) << source;
  // OpenCL keeps a kernel with barriers as one guarded nest (no full groups): nothing rotates.
  EXPECT_FALSE(contains(generate_code(spec.kernel, Target::OpenCL).source, "loom_lane_rotation"));
  EXPECT_TRUE(contains(generate_code(read_spec(row_scale_spec(kTag)).kernel, Target::OpenCL).source,
                       "LOOM_FN int loom_lane_rotation(__global const void* p, int lane)"));
  // Untagged, nothing changes.
  EXPECT_FALSE(contains(generate_code(read_spec(transpose_spec("float32", "")).kernel, Target::CUDA).source,
                        "loom_lane_rotation"));
}

TEST(RotateStoresOpenCL, RotatedRowsMatchTheReferenceWhereverRowsStart) {
  Spec spec = read_spec(row_scale_spec(kTag));
  ASSERT_TRUE(contains(generate_code(spec.kernel, Target::OpenCL).source, "loom_lane_rotation("));
  CheckOptions options;
  options.target = Target::OpenCL;
  // n = 256 and 512: rows on lines (s = 0); the others start rows anywhere (n = 257: each row one
  // element further than the last), with partial groups along both axes (m = 7).
  for (int64_t n : {1, 31, 256, 257, 300, 512, 519}) {
    SCOPED_TRACE(n);
    expect_matches_reference(spec.kernel, spec.reference, {{"m", 7}, {"n", n}}, options);
  }
}

TEST(RotateStores, TheCTargetKeepsThePlainStores) {
  Spec spec = read_spec(row_scale_spec(kTag));
  EXPECT_FALSE(contains(generate_code(spec.kernel, Target::C).source, "loom_lane_rotation"));
  expect_matches_reference(spec.kernel, spec.reference, {{"m", 7}, {"n", 300}});
}

TEST(RotateStores, InstructionsTheRotationDoesNotFitAreRefusedWithTheReason) {
  // 8-byte elements: 16 to a line, not 32.
  EXPECT_EQ(error_message<Error>([] { generate_code(read_spec(transpose_spec("float64", kTag)).kernel, Target::CUDA); }),
            "store_whole_lines on instruction 'insn': 'b' must have a declared 4-byte element type (32 to a 128-byte "
            "line)");
  // The lanes step the store by a row (b[j, i] written down a column).
  std::string column = R"({"loom": 1, "name": "column", "domains": ["{[i,j]: 0<=i,j<n}"],
    "instructions": ["b[j, i] = a[j, i] {id=insn}"],
    "args": [{"name": "a, b", "dtype": "float32", "shape": ["n", "n"]}, {"name": "n", "kind": "value", "dtype": "int32"}],
    "transforms": [
      {"op": "split_iname", "iname": "i", "inner_length": 256, "outer_tag": "g.0"},
      {"op": "split_iname", "iname": "i_inner", "inner_length": 32, "outer_tag": "unr", "inner_tag": "l.1"},
      {"op": "split_iname", "iname": "j", "inner_length": 32, "outer_tag": "g.1", "inner_tag": "l.0"},
      {"op": "tag_instructions", "new_tag": "store_whole_lines", "within": "id:insn"}]})";
  EXPECT_EQ(error_message<Error>([&] { generate_code(read_spec(column).kernel, Target::CUDA); }),
            "store_whole_lines on instruction 'insn': no l.0 iname steps its store by one element");
  // A private value computed by the work-item for its own column: a rotated lane would store
  // another column with it.
  std::string scaled = R"({"loom": 1, "name": "scaled", "domains": ["{[i,j]: 0<=i,j<n}"],
    "instructions": ["<> t = 2*a[i, j] {id=scale}", "b[i, j] = t {id=insn, dep=scale}"],
    "args": [{"name": "a, b", "dtype": "float32", "shape": ["n", "n"]}, {"name": "n", "kind": "value", "dtype": "int32"}],
    "transforms": [
      {"op": "split_iname", "iname": "j", "inner_length": 256, "outer_tag": "g.0"},
      {"op": "split_iname", "iname": "j_inner", "inner_length": 32, "outer_tag": "unr", "inner_tag": "l.0"},
      {"op": "tag_inames", "iname_to_tag": "i:g.1"},
      {"op": "tag_instructions", "new_tag": "store_whole_lines", "within": "id:insn"}]})";
  EXPECT_EQ(error_message<Error>([&] { generate_code(read_spec(scaled).kernel, Target::CUDA); }),
            "store_whole_lines on instruction 'insn': it reads the private temporary 't', which another work-item "
            "cannot see");
}

}  // namespace
}  // namespace loom
