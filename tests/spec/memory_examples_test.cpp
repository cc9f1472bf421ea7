// The memory-transform recipes in examples/memory/ (issue 10), each read as a spec and checked
// against its untransformed kernel at sizes that do and do not divide its tiles: on OpenCL (PoCL
// in CI: local memory and barriers really run) and through CUDA where there is a GPU.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <set>

#include "device_helpers.hpp"
#include "example_files.hpp"
#include "loom/loom.hpp"
#include "runtime/host_cuda.hpp"
#include "runtime/host_opencl.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::count;

namespace fs = std::filesystem;

struct Example {
  std::string file;                     // in examples/memory/
  std::vector<ParameterMap> sizes;      // besides the spec's own test parameters
  int local_barriers_in_code;           // barriers in the OpenCL source (-1: not asserted)
};

const std::vector<Example>& examples() {
  static const std::vector<Example> all = {
      {"matmul_prefetch.json", {{{"n", 1}}, {{"n", 16}}, {{"n", 17}}, {{"n", 48}}}, 2},
      {"matmul_rectangular_prefetch.json",
       {{{"n", 8}, {"m", 23}, {"l", 11}}, {{"n", 1}, {"m", 1}, {"l", 1}}, {{"n", 13}, {"m", 29}, {"l", 17}}},
       2},
      {"transpose_local.json", {{{"n", 1}}, {{"n", 16}}, {{"n", 33}}}, 1},
      {"transpose_padded.json", {{{"n", 1}}, {{"n", 16}}, {{"n", 33}}}, 1},
      {"stencil5_halo.json", {{{"n", 1}}, {{"n", 16}}, {{"n", 19}}}, 1},
      {"stencil5_interior.json", {{{"n", 3}}, {{"n", 17}}, {{"n", 19}}}, 1},
      {"convolution.json",
       {{{"f_w", 3}, {"ncolors", 3}, {"im_w", 16}, {"im_h", 16}, {"nfeats", 2}, {"nimgs", 1}}},
       -1},
      {"rank_one_prefetch.json", {{{"n", 1}, {"m", 1}}, {{"n", 16}, {"m", 16}}, {{"n", 17}, {"m", 5}}}, -1},
      {"nbody_prefetch.json", {{{"n", 1}}, {{"n", 16}}, {{"n", 17}}}, -1},
      {"precompute_nested.json", {{{"n", 1}}, {{"n", 16}}, {{"n", 29}}}, -1},
      // The bandwidth benchmarks' specs (examples/bandwidth/, benchmarks/gpu/kernels.json).
      {"../bandwidth/vector_add.json", {{{"n", 1}}, {{"n", 1024}}, {{"n", 1025}}, {{"n", 5000}}}, -1},
      {"../bandwidth/vector_scale.json", {{{"n", 1}}, {{"n", 1024}}, {{"n", 1025}}, {{"n", 5000}}}, -1},
      {"matmul_register_tiled.json", {{{"n", 1}}, {{"n", 64}}, {{"n", 65}}}, 2},
      // Issue 13's recipes: 32x32 transpose tiles with 8 rows of work-items (4 rows each), the
      // stencil reading global memory directly (8 consecutive rows per work-item), and the
      // two-level sum (16384 elements per group, a second kernel of 1024 work-items).
      {"transpose_tile32.json", {{{"n", 1}}, {{"n", 32}}, {{"n", 33}}, {{"n", 65}}}, 1},
      {"stencil5_rows.json", {{{"n", 1}}, {{"n", 32}}, {{"n", 35}}, {{"n", 70}}}, 0},
      // Issue 25: the same for ragged n, round_up (filled fetch) and shift_inwards (n >= 256).
      {"transpose_tile32_round_up.json", {{{"n", 1}}, {{"n", 31}}, {{"n", 32}}, {{"n", 33}}, {{"n", 67}}}, 1},
      {"stencil5_rows_shift.json", {{{"n", 256}}, {{"n", 257}}, {{"n", 271}}}, 0},
      // Issue 25: 32 x 128 tiles (a's rows read 32 wide, b's rows written 128 wide), the faster
      // choice at odd row pitches (H200, n = 8191: 167 us against transpose_tile32's 196 us).
      {"transpose_tile32x128.json",
       {{{"n", 1}}, {{"n", 31}}, {{"n", 32}}, {{"n", 33}}, {{"n", 127}}, {{"n", 128}}, {{"n", 129}}, {{"n", 131}}},
       1},
      // Issue 25, sixth pass: 32 x 256 tiles with 32 x 16 work-items (every one fetches; b's
      // rows written 256 wide, 4 groups an SM), faster still at odd pitches (H100, n = 8191:
      // 209 us against transpose_tile32x128's 214 us; 1% slower at 8192). Eighth pass: the fetch
      // filled and unrolled (206 us), the b stores rotated onto 128-byte lines
      // (store_whole_lines; 1000 and 300 put rows off lines).
      {"transpose_tile32x256.json",
       {{{"n", 1}}, {{"n", 31}}, {{"n", 33}}, {{"n", 255}}, {{"n", 256}}, {{"n", 257}}, {{"n", 300}}, {{"n", 1000}}},
       1},
      {"sum_two_level.json", {{{"n", 1}}, {{"n", 16384}}, {{"n", 16385}}, {{"n", 50000}}}, -1},
      // Issue 15's tuned SGEMM: 128x128 tiles, blocked 8x8 register tiles, pipelined fetches.
      // Issue 25: rectangular, every split round_up (one nest, fetches filled with 0).
      {"sgemm_tuned.json",
       {{{"m", 1}, {"n", 1}, {"p", 1}}, {{"m", 128}, {"n", 128}, {"p", 16}}, {{"m", 129}, {"n", 127}, {"p", 17}},
        {{"m", 200}, {"n", 131}, {"p", 37}}},
       -1},
      {"sgemm_tuned_small.json",
       {{{"m", 1}, {"n", 1}, {"p", 1}}, {{"m", 64}, {"n", 64}, {"p", 64}}, {{"m", 65}, {"n", 63}, {"p", 15}},
        {{"m", 100}, {"n", 7}, {"p", 100}}},
       -1},
      // Issue 25: split-k (k interleaved over 4 groups along g.2 in chunks of 16; partial sums
      // in a global temporary, summed by a second device kernel after the gbarrier). Sizes where
      // some of the 4 slices get no k at all (p < 64) and several k steps (p = 200).
      {"sgemm_splitk.json",
       {{{"m", 1}, {"n", 1}, {"p", 1}}, {{"m", 64}, {"n", 64}, {"p", 64}}, {{"m", 65}, {"n", 63}, {"p", 15}},
        {{"m", 33}, {"n", 130}, {"p", 200}}},
       -1},
      // Issue 25 (wt-floor14): sgemm_tuned's kernel over the rows below 128*floor((m + 95)/128),
      // the last m mod 128 <= 32 rows as a split-k strip and a sum; the spec computes the boundary
      // itself. m below one tile (all rows in the strip), 32 / 33 / 160 / 161 (a strip of 32 rows,
      // none), multiples of 128 (empty strip), 129 / 257 (one row).
      {"sgemm_tuned_strip.json",
       {{{"m", 1}, {"n", 1}, {"p", 1}}, {{"m", 17}, {"n", 77}, {"p", 45}}, {{"m", 32}, {"n", 20}, {"p", 30}},
        {{"m", 33}, {"n", 20}, {"p", 30}}, {{"m", 128}, {"n", 130}, {"p", 17}}, {{"m", 129}, {"n", 127}, {"p", 17}},
        {{"m", 160}, {"n", 33}, {"p", 100}}, {{"m", 161}, {"n", 33}, {"p", 100}}, {{"m", 256}, {"n", 40}, {"p", 20}},
        {{"m", 257}, {"n", 40}, {"p", 20}}},
       -1},
  };
  return all;
}

fs::path example_path(const std::string& file) { return testing::examples_folder() / "memory" / file; }

void check_every_size(const Example& example, Target target) {
  SCOPED_TRACE(example.file);
  Spec spec = read_spec_file(example_path(example.file).string());
  std::vector<ParameterMap> sizes = example.sizes;
  sizes.push_back(spec.test.parameters);
  for (const ParameterMap& parameters : sizes) {
    CheckOptions options;
    options.target = target;
    options.inputs = spec.test.inputs;
    testing::expect_matches_reference(spec.kernel, spec.reference, parameters, options);
  }
}

// A new example must be listed above, or CI would not check it.
TEST(MemoryExamples, EverySpecInTheFolderIsChecked) {
  std::set<std::string> listed;
  for (const Example& example : examples()) listed.insert(example.file);
  for (const fs::directory_entry& entry : fs::directory_iterator(example_path("").parent_path())) {
    if (entry.path().extension() == ".json") {
      EXPECT_EQ(listed.count(entry.path().filename().string()), 1u) << entry.path();
    }
  }
}

TEST(MemoryExamples, LocalTilesAndBarriersInTheCode) {
  for (const Example& example : examples()) {
    if (example.local_barriers_in_code < 0) continue;
    SCOPED_TRACE(example.file);
    Spec spec = read_spec_file(example_path(example.file).string());
    std::string source = generate_code(spec.kernel, Target::OpenCL).source;
    source = source.substr(source.find("__kernel"));
    // Where some work-groups are partial the nest is there twice (full groups unguarded, then
    // the guarded copy after the top-level else); each copy has the example's barriers.
    std::size_t partial = source.find("\n  else\n");
    int copies = partial == std::string::npos ? 1 : 2;
    EXPECT_EQ(count(source.substr(0, partial), "barrier(CLK_LOCAL_MEM_FENCE)"), example.local_barriers_in_code) << source;
    EXPECT_EQ(count(source, "barrier(CLK_LOCAL_MEM_FENCE)"), copies * example.local_barriers_in_code) << source;
    for (const Temporary& temporary : spec.kernel.temporaries) {
      if (temporary.name.find("_fetch") != std::string::npos) {
        EXPECT_EQ(temporary.address_space, AddressSpace::Local) << temporary.name;
      }
    }
  }
}

TEST(MemoryExamplesOpenCL, EachMatchesItsReference) {
  try {
    detail::opencl_device_info();
  } catch (const EnvironmentError& error) {
    GTEST_SKIP() << error.what();  // no OpenCL platform on this machine
  }
  for (const Example& example : examples()) check_every_size(example, Target::OpenCL);
}

// The split-k example's own reference is its untransformed two-phase formulation, which a
// wrong slicing of k (a slice that misses or repeats some k, or one whose partial sums are
// never written where p is small) would share. So it is also checked against the plain
// product c = a b of sgemm_tuned_small's untransformed spec (same arguments).
TEST(MemoryExamplesOpenCL, SplitKComputesThePlainProduct) {
  REQUIRE_OPENCL();  // CI has PoCL: a machine without an OpenCL platform fails, it does not skip
  Spec split_k = read_spec_file(example_path("sgemm_splitk.json").string());
  Spec plain = read_spec_file(example_path("sgemm_tuned_small.json").string());
  for (const ParameterMap& parameters :
       std::vector<ParameterMap>{{{"m", 3}, {"n", 5}, {"p", 40}}, {{"m", 70}, {"n", 9}, {"p", 333}}}) {
    CheckOptions options;
    options.target = Target::OpenCL;
    testing::expect_matches_reference(split_k.kernel, plain.reference, parameters, options);
  }
}

// The strip spec's reference splits the rows where the spec does (a wrong boundary would be in
// both), so it is also checked against the plain product of sgemm_tuned_small's untransformed spec:
// with and without a strip, and at m below one tile.
TEST(MemoryExamplesOpenCL, StripComputesThePlainProduct) {
  REQUIRE_OPENCL();
  Spec strip = read_spec_file(example_path("sgemm_tuned_strip.json").string());
  Spec plain = read_spec_file(example_path("sgemm_tuned_small.json").string());
  for (const ParameterMap& parameters :
       std::vector<ParameterMap>{{{"m", 20}, {"n", 5}, {"p", 40}}, {{"m", 160}, {"n", 9}, {"p", 333}},
                                 {{"m", 161}, {"n", 9}, {"p", 33}}, {{"m", 256}, {"n", 3}, {"p", 7}}}) {
    CheckOptions options;
    options.target = Target::OpenCL;
    testing::expect_matches_reference(strip.kernel, plain.reference, parameters, options);
  }
}

TEST(MemoryExamplesGpu, EachMatchesItsReferenceThroughCuda) {
  SKIP_WITHOUT_CUDA();
  for (const Example& example : examples()) check_every_size(example, Target::CUDA);
}

}  // namespace
}  // namespace loom
