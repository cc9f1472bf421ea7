// GPU code generation (issue 8): hardware axes, launch sizes, local memory, barriers, kernel
// splitting, the OpenCL and CUDA dialects. Kernels run on OpenCL (PoCL on the CPU in CI) and are
// compared with their untransformed versions on the C target; tests whose name has `OpenCL` carry
// the ctest label `opencl`.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "analysis/address_spaces.hpp"
#include "analysis/preprocess.hpp"
#include "codegen/barriers.hpp"
#include "runtime/host_opencl.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::have_opencl;
using testing::count;

using testing::error_message;
using testing::expect_matches_reference;

// Code generation decides address spaces; the analysis tests look at the decided kernel.
LoopKernel resolve_address_spaces_for_test(const LoopKernel& kernel);

// CI installs PoCL (./dev deps), so these run there; only a machine without any OpenCL platform skips.

using testing::expect_on_opencl;
using testing::kernels_of;

LoopKernel vector_kernel() {
  return make_kernel({"{[i]: 0<=i<n}"}, "out[i] = 2*a[i] + 1", {array_arg("a, out", DType::Float32, {"n"}), value_arg("n")},
                     {.name = "vscale"});
}

LoopKernel split_vector_kernel() {
  return split_iname(vector_kernel(), "i", 128, {.outer_tag = "g.0", .inner_tag = "l.0"});
}

LoopKernel resolve_address_spaces_for_test(const LoopKernel& kernel) {
  return resolve_address_spaces(preprocess(kernel, true));
}

// ---- generated code ---------------------------------------------------------------------------

TEST(GpuCodegen, SplitVectorKernelRunsFullGroupsUnguardedAndParametricGrid) {
  GeneratedCode code = generate_code(split_vector_kernel(), Target::OpenCL);
  ASSERT_EQ(code.device_kernels.size(), 1u);
  const DeviceKernel& device = code.device_kernels[0];
  EXPECT_EQ(to_string(device.grid_size[0]), "(n + 127) // 128");
  EXPECT_EQ(to_string(device.grid_size[1]), "1");
  EXPECT_EQ(device.block_size, (std::vector<int64_t>{128, 1, 1}));
  EXPECT_NE(code.source.find("reqd_work_group_size(128, 1, 1)"), std::string::npos) << code.source;
  EXPECT_NE(code.source.find("get_group_id(0)"), std::string::npos);
  std::string kernel = kernels_of(code.source);
  // Full groups run the statement unguarded; the last, partial group checks each work-item.
  std::string full_group = "if (n >= 128 * i_outer + 128)\n  {\n    out[128 * i_outer + i_inner] =";
  EXPECT_NE(kernel.find(full_group), std::string::npos) << kernel;
  EXPECT_NE(kernel.find("if (n >= 128 * i_outer + i_inner + 1)"), std::string::npos) << kernel;
  EXPECT_EQ(count(kernel, "if ("), 2) << kernel;
  EXPECT_EQ(kernel.find("for ("), std::string::npos) << kernel;
}

TEST(GpuCodegen, DivisibilityAssumptionRemovesTheGuard) {
  LoopKernel kernel = split_iname(assume(vector_kernel(), "n mod 128 = 0"), "i", 128, {.outer_tag = "g.0", .inner_tag = "l.0"});
  GeneratedCode code = generate_code(kernel, Target::CUDA);
  EXPECT_EQ(count(kernels_of(code.source), "if ("), 0) << code.source;
  EXPECT_EQ(to_string(code.device_kernels[0].grid_size[0]), "n // 128");
}

// 32 work-items are launched whatever n is; where n < 32 the work-items past n must do nothing,
// though i_inner's own values (i_inner < n) would let isl drop the guard.
LoopKernel strided_partial_sums() {
  return make_kernel({"{[i_outer, i_inner]: 0 <= i_inner < 32 and 0 <= 32*i_outer + i_inner < n}"},
                     "s[i_inner] = sum(i_outer, a[32*i_outer + i_inner])",
                     {array_arg("a", DType::Float32, {"n"}), array_arg("s", DType::Float32, {"32"}), value_arg("n")},
                     {.name = "strided_partial_sums"});
}

TEST(GpuCodegen, LocalInameBoundedByAParameterIsGuardedAgainstTheBlock) {
  GeneratedCode code = generate_code(tag_inames(strided_partial_sums(), "i_inner:l.0"), Target::OpenCL);
  EXPECT_EQ(code.device_kernels[0].block_size, (std::vector<int64_t>{32, 1, 1}));
  std::string kernel = kernels_of(code.source);
  EXPECT_NE(kernel.find("if (n >= i_inner + 1)"), std::string::npos) << kernel;
}

TEST(GpuCodegenOpenCL, LocalInameBoundedByAParameterRuns) {
  SKIP_WITHOUT_OPENCL();
  // s[i] for i >= n stays as the reference leaves it: the check compares all 32.
  LoopKernel kernel = tag_inames(strided_partial_sums(), "i_inner:l.0");
  for (int64_t n : {1, 20, 32, 100}) expect_on_opencl(kernel, strided_partial_sums(), {{"n", n}});
}

TEST(GpuCodegen, CudaDialect) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = sqrt(a[i]) + a[i] // 2.0f + a[i] % 3.0f + abs(b[i]) // 4",
                                  {array_arg("a, out", DType::Float32, {"n"}), array_arg("b", DType::Int32, {"n"}), value_arg("n")},
                                  {.name = "dialect"});
  kernel = split_iname(kernel, "i", 64, {.outer_tag = "g.0", .inner_tag = "l.0"});
  std::string cuda = generate_code(kernel, Target::CUDA).source;
  EXPECT_NE(cuda.find("extern \"C\" __global__ void __launch_bounds__(64) dialect("), std::string::npos) << cuda;
  EXPECT_NE(cuda.find("const float *__restrict__ a"), std::string::npos) << cuda;
  EXPECT_NE(cuda.find("sqrtf("), std::string::npos);
  EXPECT_NE(cuda.find("loom_floor_div_int32_t("), std::string::npos);  // negative-safe floor division
  EXPECT_NE(cuda.find("blockIdx.x"), std::string::npos);
  EXPECT_EQ(kernels_of(cuda).find("double"), std::string::npos) << cuda;  // no stray double in float32 code
  std::string opencl = generate_code(kernel, Target::OpenCL).source;
  EXPECT_NE(opencl.find("__global const float *restrict a"), std::string::npos) << opencl;
  EXPECT_NE(opencl.find(" sqrt("), std::string::npos) << opencl;  // overloaded, no sqrtf
  EXPECT_EQ(opencl.find("sqrtf"), std::string::npos);
}

TEST(GpuCodegen, ReductionAccumulatorHasNoAxisAlongHardwareInames) {
  LoopKernel kernel = make_kernel({"{[i,j,k]: 0<=i,j,k<n}"}, "c[i, j] = sum(k, a[i, k]*b[k, j])",
                                  {array_arg("a, b, c", DType::Float32, {"n", "n"}), value_arg("n")}, {.name = "mm"});
  kernel = split_iname(kernel, "i", 16, {.outer_tag = "g.0", .inner_tag = "l.1"});
  kernel = split_iname(kernel, "j", 16, {.outer_tag = "g.1", .inner_tag = "l.0"});
  kernel = split_iname(kernel, "k", 16);
  kernel = prioritize_loops(kernel, "i_outer, j_outer, k_outer");
  std::string source = generate_code(kernel, Target::OpenCL).source;
  EXPECT_NE(source.find("  float acc_k_outer_k_inner = 0;"), std::string::npos) << source;
}

// ---- refusals ---------------------------------------------------------------------------------

TEST(GpuCodegen, InstructionMissingAHardwareAxisIsRefused) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}", "{[j]: 0<=j<4}"},
                                  "out[i] = a[i] {id=all}\n"
                                  "small[j] = 1 {id=few}",
                                  {array_arg("a, out", DType::Float32, {"n"}), array_arg("small", DType::Float32, {"4"}), value_arg("n")});
  kernel = split_iname(kernel, "i", 32, {.outer_tag = "g.0", .inner_tag = "l.0"});
  std::string message = error_message<Error>([&] { generate_code(kernel, Target::OpenCL); });
  EXPECT_NE(message.find("instruction 'few' does not use hardware axis g.0 (iname 'i_outer' uses it elsewhere"),
            std::string::npos) << message;
  EXPECT_NE(message.find("add_inames_for_unused_hw_axes"), std::string::npos) << message;
}

TEST(GpuCodegen, TwoInamesOnOneAxisAreRefused) {
  LoopKernel kernel = make_kernel({"{[i,j]: 0<=i,j<16}"}, "out[i, j] = a[i, j]",
                                  {array_arg("a, out", DType::Float32, {"16", "16"})});
  kernel = tag_inames(kernel, "i:l.0, j:l.0");
  std::string message = error_message<Error>([&] { generate_code(kernel, Target::CUDA); });
  EXPECT_NE(message.find("runs within inames 'i' and 'j', both tagged l.0"), std::string::npos) << message;
}

TEST(GpuCodegen, NonConstantLocalSizeIsRefused) {
  LoopKernel kernel = tag_inames(vector_kernel(), "i:l.0");
  std::string message = error_message<Error>([&] { generate_code(kernel, Target::OpenCL); });
  EXPECT_NE(message.find("iname 'i' is tagged l.0 but its length, n, is not a constant"), std::string::npos) << message;
}

// `loom compile -D m=5 -D n=3` of a kernel whose domain is then empty: the error said "its
// length, 0, is not a constant" (third differential round, wt-diff11).
TEST(GpuCodegen, AnEmptyDomainUnderFixedParametersSaysSo) {
  LoopKernel kernel = make_kernel({"{[i,j]: 0<=i<p and m<=j<n}"}, "o[i] = sum(j, a[i,j]) + 1",
                                  {array_arg("a", DType::Float32, {"p", "n"}), array_arg("o", DType::Float32, {"p"}),
                                   value_arg("m"), value_arg("n"), value_arg("p")});
  kernel = split_iname(assume(kernel, "m >= 0"), "i", 8, {.outer_tag = "g.0", .inner_tag = "l.0"});
  kernel = fix_parameters(kernel, {{"m", 5}, {"n", 3}, {"p", 9}});
  std::string message = error_message<Error>([&] { generate_code(kernel, Target::OpenCL); });
  EXPECT_NE(message.find("iname 'i_inner' is tagged l.0 but takes no values: the kernel's domain is empty"),
            std::string::npos) << message;
}

// ---- executed on OpenCL (PoCL) ------------------------------------------------------------------

TEST(GpuCodegenOpenCL, SplitVectorKernelAtSizesThatDoNotDivideTheBlock) {
  SKIP_WITHOUT_OPENCL();
  for (int64_t n : {1, 127, 128, 129, 1000, 1021}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    expect_on_opencl(split_vector_kernel(), vector_kernel(), {{"n", n}});
  }
}

TEST(GpuCodegenOpenCL, MatmulOnBothAxes) {
  SKIP_WITHOUT_OPENCL();
  LoopKernel reference = make_kernel({"{[i,j,k]: 0<=i<n and 0<=j<m and 0<=k<l}"}, "c[i, j] = sum(k, a[i, k]*b[k, j])",
                                     {array_arg("a", DType::Float32, {"n", "l"}), array_arg("b", DType::Float32, {"l", "m"}),
                                      array_arg("c", DType::Float32, {"n", "m"}), value_arg("n"), value_arg("m"), value_arg("l")},
                                     {.name = "mm"});
  LoopKernel kernel = split_iname(reference, "i", 8, {.outer_tag = "g.1", .inner_tag = "l.1"});
  kernel = split_iname(kernel, "j", 16, {.outer_tag = "g.0", .inner_tag = "l.0"});
  kernel = split_iname(kernel, "k", 4);
  for (auto [n, m, l] : {std::tuple{1, 1, 1}, {17, 33, 5}, {40, 16, 31}}) {
    SCOPED_TRACE(std::to_string(n) + "x" + std::to_string(m) + "x" + std::to_string(l));
    expect_on_opencl(kernel, reference, {{"n", n}, {"m", m}, {"l", l}});
  }
}

// ---- local memory and barriers ------------------------------------------------------------------

// Each work-item stages one element in local memory and reads its neighbour's.
LoopKernel neighbour_kernel() {
  return make_kernel({"{[io, ii, jj]: 0<=io<n and 0<=ii,jj<16}"},
                     "<float32> tile[ii] = a[16*io + ii] {id=fetch}\n"
                     "out[16*io + jj] = tile[(jj + 1) % 16] {id=use, dep=fetch}",
                     {array_arg("a, out", DType::Float32, {"16*n"}), value_arg("n")}, {.name = "neighbour"});
}

// 64 KB of local memory: above CUDA's 48 KB of static shared memory.
LoopKernel big_tile_kernel() {
  MakeKernelOptions options{.name = "big_tile"};
  options.temporaries.push_back(Temporary{"big", DType::Float32, {int_literal(16384)}, AddressSpace::Local});
  return make_kernel({"{[io, q, p, ii, jj]: 0<=io<n and 0<=q,p<64 and 0<=ii,jj<256}"},
                     "big[256*q + ii] = a[16384*io + 256*q + ii] {id=fill}\n"
                     "out[16384*io + 256*p + jj] = big[16383 - 256*p - jj] {id=use, dep=fill}",
                     {array_arg("a, out", DType::Float32, {"16384*n"}), value_arg("n")}, options);
}

TEST(GpuCodegen, LocalMemoryAbove48KBUsesDynamicSharedMemoryOnCuda) {
  LoopKernel kernel = tag_inames(big_tile_kernel(), "io:g.0, ii:l.0, jj:l.0");
  GeneratedCode cuda = generate_code(kernel, Target::CUDA);
  EXPECT_EQ(cuda.device_kernels[0].dynamic_shared_bytes, 65536);
  EXPECT_NE(cuda.source.find("extern __shared__ __align__(16) unsigned char loom_dynamic_shared[];"), std::string::npos);
  EXPECT_NE(cuda.source.find("float *big = (float *) (loom_dynamic_shared + 0);"), std::string::npos) << cuda.source;
  GeneratedCode small = generate_code(tag_inames(neighbour_kernel(), "io:g.0, ii:l.0, jj:l.0"), Target::CUDA);
  EXPECT_EQ(small.device_kernels[0].dynamic_shared_bytes, 0);
  std::string opencl = generate_code(kernel, Target::OpenCL).source;
  EXPECT_NE(opencl.find("__local float big[16384] __attribute__((aligned(16)));"), std::string::npos);
}

TEST(GpuCodegenOpenCL, BigLocalTileRuns) {
  SKIP_WITHOUT_OPENCL();
  LoopKernel kernel = tag_inames(big_tile_kernel(), "io:g.0, ii:l.0, jj:l.0");
  expect_on_opencl(kernel, big_tile_kernel(), {{"n", 2}});
}

TEST(GpuCodegen, NeighbourReadGetsOneBarrierAndLocalTile) {
  LoopKernel kernel = tag_inames(neighbour_kernel(), "io:g.0, ii:l.0, jj:l.0");
  std::string source = kernels_of(generate_code(kernel, Target::OpenCL).source);
  EXPECT_NE(source.find("__local float tile[16] __attribute__((aligned(16)));"), std::string::npos) << source;
  EXPECT_EQ(count(source, "barrier(CLK_LOCAL_MEM_FENCE);"), 1) << source;
  EXPECT_LT(source.find("tile[ii] ="), source.find("barrier("));
  EXPECT_LT(source.find("barrier("), source.find("out["));
  std::string cuda = kernels_of(generate_code(kernel, Target::CUDA).source);
  EXPECT_NE(cuda.find("__shared__ float tile[16] __align__(16);"), std::string::npos) << cuda;
  EXPECT_EQ(count(cuda, "__syncthreads();"), 1) << cuda;
}

TEST(GpuCodegen, NosyncIsRespected) {
  // The user's word that the pair needs no synchronization: no barrier is placed for it.
  LoopKernel kernel = make_kernel({"{[io, ii, jj]: 0<=io<n and 0<=ii,jj<16}"},
                                  "<float32> tile[ii] = a[16*io + ii] {id=fetch}\n"
                                  "out[16*io + jj] = tile[(jj + 1) % 16] {id=use, dep=fetch, nosync=fetch}",
                                  {array_arg("a, out", DType::Float32, {"16*n"}), value_arg("n")}, {.name = "nosync"});
  kernel = tag_inames(kernel, "io:g.0, ii:l.0, jj:l.0");
  EXPECT_EQ(count(kernels_of(generate_code(kernel, Target::OpenCL).source), "barrier("), 0);
}

TEST(GpuCodegenOpenCL, NeighbourReadThroughLocalMemory) {
  SKIP_WITHOUT_OPENCL();
  LoopKernel kernel = tag_inames(neighbour_kernel(), "io:g.0, ii:l.0, jj:l.0");
  for (int64_t n : {1, 3, 7}) expect_on_opencl(kernel, neighbour_kernel(), {{"n", n}});
}

// loopy's barrier-precision pair: reading back what the same work-item wrote needs no barrier,
// reading a neighbour's element does.
LoopKernel pair_kernel(const std::string& read) {
  MakeKernelOptions options{.name = "pair"};
  options.temporaries.push_back(Temporary{"t", DType::Float32, {int_literal(34)}});
  return make_kernel({"{[io, ii, jj]: 0<=io<n and 0<=ii,jj<16}"},
                     "t[2*ii] = a[16*io + ii] {id=w1}\n"
                     "t[2*ii + 1] = 2*a[16*io + ii] {id=w2}\n"
                     "out[16*io + jj] = " + read + " {id=r, dep=w1:w2}",
                     {array_arg("a, out", DType::Float32, {"16*n"}), value_arg("n")}, options);
}

TEST(GpuCodegen, BarrierPrecisionPair) {
  LoopKernel own = tag_inames(pair_kernel("t[2*jj + 1] + t[2*jj]"), "io:g.0, ii:l.0, jj:l.0");
  LoopKernel neighbour = tag_inames(pair_kernel("if(jj < 15, t[2*jj + 2], 0)"), "io:g.0, ii:l.0, jj:l.0");
  EXPECT_EQ(count(kernels_of(generate_code(own, Target::OpenCL).source), "barrier("), 0);
  EXPECT_EQ(count(kernels_of(generate_code(neighbour, Target::OpenCL).source), "barrier("), 1);
}

TEST(GpuCodegen, RemovingANeededBarrierIsDetectedByTheAnalysis) {
  // loom's own race predicate is the proof PoCL cannot give: the pair that needs a barrier is
  // found, the one that does not is not.
  for (auto [read, needed] : {std::pair{"t[2*jj + 1] + t[2*jj]", false}, {"if(jj < 15, t[2*jj + 2], 0)", true}}) {
    LoopKernel kernel = resolve_address_spaces_for_test(tag_inames(pair_kernel(read), "io:g.0, ii:l.0, jj:l.0"));
    std::vector<int> all{0, 1, 2};
    codegen::LaunchShape launch = codegen::launch_shape(kernel, all);
    EXPECT_EQ(codegen::needs_local_barrier(kernel, launch, 0, 2, {}), needed) << read;
    EXPECT_FALSE(codegen::needs_local_barrier(kernel, launch, 1, 0, {})) << read;  // different elements
  }
}

TEST(GpuCodegenOpenCL, GlobalMemoryBetweenWorkItemsOfAGroupGetsAFencingBarrier) {
  SKIP_WITHOUT_OPENCL();
  LoopKernel reference = make_kernel({"{[i]: 0<=i<16}", "{[ii]: 0<=ii<16}"},
                                     "b[i] = 2*a[i] {id=double}\n"
                                     "c[ii] = b[15 - ii] + 1 {id=reverse, dep=double}",
                                     {array_arg("a, b, c", DType::Float32, {"16"})}, {.name = "reverse16"});
  LoopKernel kernel = tag_inames(reference, "i:l.0, ii:l.0");
  std::string source = kernels_of(generate_code(kernel, Target::OpenCL).source);
  EXPECT_EQ(count(source, "barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);"), 1) << source;
  expect_on_opencl(kernel, reference, {});
}

TEST(GpuCodegenOpenCL, BarrierPrecisionPairRuns) {
  SKIP_WITHOUT_OPENCL();
  for (std::string read : {"t[2*jj + 1] + t[2*jj]", "if(jj < 15, t[2*jj + 2], 0)"}) {
    LoopKernel reference = pair_kernel(read);
    expect_on_opencl(tag_inames(reference, "io:g.0, ii:l.0, jj:l.0"), reference, {{"n", 4}});
  }
}

// A tile refilled in every iteration of a sequential loop: a barrier after the fill and one at
// the top of the loop (the next fill overwrites what this iteration reads).
LoopKernel tiled_loop_kernel() {
  return make_kernel({"{[io, k, ii, jj]: 0<=io<n and 0<=k<m and 0<=ii,jj<16}"},
                     "<float32> tile[ii] = a[k, 16*io + ii] {id=fetch}\n"
                     "out[k, 16*io + jj] = tile[15 - jj] {id=use, dep=fetch}",
                     {array_arg("a, out", DType::Float32, {"m", "16*n"}), value_arg("n"), value_arg("m")},
                     {.name = "tiled"});
}

TEST(GpuCodegen, LoopCarriedDependenceGetsALoopTopBarrier) {
  LoopKernel kernel = tag_inames(tiled_loop_kernel(), "io:g.0, ii:l.0, jj:l.0");
  std::string source = kernels_of(generate_code(kernel, Target::OpenCL).source);
  EXPECT_EQ(count(source, "barrier(CLK_LOCAL_MEM_FENCE);"), 2) << source;
  std::size_t loop = source.find("for (int32_t k");
  ASSERT_NE(loop, std::string::npos) << source;
  EXPECT_LT(source.find("barrier(", loop), source.find("tile[ii] =", loop)) << source;
}

TEST(GpuCodegenOpenCL, LoopCarriedTileRuns) {
  SKIP_WITHOUT_OPENCL();
  LoopKernel kernel = tag_inames(tiled_loop_kernel(), "io:g.0, ii:l.0, jj:l.0");
  for (auto [n, m] : {std::pair{1, 1}, {3, 5}, {2, 17}}) expect_on_opencl(kernel, tiled_loop_kernel(), {{"n", n}, {"m", m}});
}

TEST(GpuCodegen, UnorderableLocalMemoryDependenceIsRefused) {
  MakeKernelOptions options{.name = "shift"};
  options.temporaries.push_back(Temporary{"t", DType::Float32, {int_literal(17)}, AddressSpace::Local});
  LoopKernel kernel = make_kernel({"{[ii]: 0<=ii<16}"},
                                  "t[ii] = a[ii] {id=fill}\n"
                                  "t[ii] = t[ii + 1] {id=shift, dep=fill}\n"
                                  "out[ii] = t[ii] {id=use, dep=shift}",
                                  {array_arg("a, out", DType::Float32, {"16"})}, options);
  kernel = tag_inames(kernel, "ii:l.0", /*unchecked=*/true);
  std::string message = error_message<Error>([&] { generate_code(kernel, Target::OpenCL); });
  EXPECT_NE(message.find("instruction 'shift' reads memory that other work-items of its group write in the same step"),
            std::string::npos) << message;
}

TEST(GpuCodegen, WriteRaceOnATemporaryIsRefused) {
  LoopKernel kernel = make_kernel({"{[i, j]: 0<=i,j<16}"},
                                  "<float32> t[i] = a[i, j] {id=w}\n"
                                  "out[i, j] = t[i] {id=r, dep=w}",
                                  {array_arg("a, out", DType::Float32, {"16", "16"})});
  std::string message = error_message<LegalityError>([&] { tag_inames(kernel, "i:l.0, j:l.1"); });
  EXPECT_NE(message.find("write race: instruction 'w' writes temporary 't' in parallel over 'i', 'j' but its index uses only 'i'"),
            std::string::npos) << message;
}

TEST(GpuCodegen, LocalBarriersAreRefusedOnTheCTarget) {
  LoopKernel kernel = tag_inames(neighbour_kernel(), "io:g.0, ii:l.0, jj:l.0");
  std::string message = error_message<Error>([&] { generate_code(kernel, Target::C); });
  EXPECT_NE(message.find("shares local memory between work-items and needs barriers"), std::string::npos) << message;
  EXPECT_NE(message.find("use the opencl (or cuda) target"), std::string::npos) << message;
}

// ---- global barriers: kernel splitting ----------------------------------------------------------

// Part one doubles a into b and keeps a private value per work-item; part two reads b from the
// previous element (across work-groups at their edges) and the private value. As in loopy, the
// global barrier sits within the loop over i: on the GPU i is the grid, so the barrier splits the
// program into two kernels; in the sequential reference it is a no-op.
LoopKernel split_program() {
  return make_kernel({"{[i]: 0<=i<n}"},
                     "for i\n"
                     "  <float32> keep = 3*a[i] {id=keep}\n"
                     "  b[i] = 2*a[i] {id=double}\n"
                     "  ... gbarrier {id=split, dep=double:keep}\n"
                     "  out[i] = if(i > 0, b[i - 1], 0) + keep {id=use, dep=split}\n"
                     "end",
                     {array_arg("a, b, out", DType::Float32, {"n"}), value_arg("n")}, {.name = "split"});
}

LoopKernel tagged_split_program() {
  return split_iname(split_program(), "i", 32, {.outer_tag = "g.0", .inner_tag = "l.0"});
}

TEST(GpuCodegen, TemporaryLiveAcrossAGlobalBarrierIsRefused) {
  std::string message = error_message<Error>([&] { generate_code(tagged_split_program(), Target::OpenCL); });
  EXPECT_NE(message.find("temporary 'keep' (private) is written by 'keep' before global barrier 'split' and read by 'use' after it"),
            std::string::npos) << message;
  EXPECT_NE(message.find("save_and_reload_temporaries"), std::string::npos) << message;
}

// A write of the temporary in the reading kernel does not keep the value there when it comes after
// the read: `s = 5` follows `a[i] * s`, which needs the 3 written before the barrier. Accepted
// before (the check asked only whether the reader's kernel writes it); PoCL read an undefined s.
LoopKernel read_before_rewrite() {
  return make_kernel({"{[i]: 0<=i<n}"},
                                  "<> s = 3  {id=init}\n... gbarrier  {id=sync, dep=init}\n"
                                  "for i\n  a[i] = a[i] * s  {id=scale, dep=sync}\nend\n"
                                  "s = 5  {id=again, dep=scale}\n"
                                  "for i\n  a[i] = a[i] + s  {id=add, dep=again}\nend",
                                  {array_arg("a", DType::Float64, {"n"}), value_arg("n")});
}

TEST(GpuCodegen, TemporaryReadBeforeItsRewriteAfterAGlobalBarrierIsRefused) {
  LoopKernel kernel = read_before_rewrite();
  std::string message = error_message<Error>([&] { generate_code(kernel, Target::OpenCL); });
  EXPECT_NE(message.find("temporary 's' (private) is written by 'init' before global barrier 'sync' and read by "
                         "'scale' after it"),
            std::string::npos)
      << message;
  EXPECT_NO_THROW(generate_code(kernel, Target::C));
}

// The refusal's advice: save_and_reload_temporaries carries s through global memory.
TEST(GpuCodegenOpenCL, TemporaryReadBeforeItsRewriteRunsAfterSaveAndReload) {
  REQUIRE_OPENCL();
  LoopKernel reference = read_before_rewrite();
  LoopKernel saved = save_and_reload_temporaries(reference);
  testing::expect_on_opencl(saved, reference, {{"n", 5}});
  testing::expect_matches_reference(saved, reference, {{"n", 5}});
}

// Transform fuzzer, seed 73000325: prioritize_loops("k, i") is kept on a GPU target for the
// reduction over k (its accumulator gets one copy per unrolled i_inner), which closes the loop
// over i_inner before the loop over k and reopens it after: `t2 = b[i, i]` ran for every i_inner
// before `out2[i] = 3*t2 + 2` read the last one's value (5 of 6 elements wrong on PoCL). The C
// target yields the priority. Code generation now gives such a temporary a copy per value.
TEST(GpuCodegenOpenCL, PrivateScalarAcrossALoopThatAReductionReopensGetsACopyPerValue) {
  REQUIRE_OPENCL();
  LoopKernel reference = make_kernel({"{[i,k]: 0<=i<n and 0<=k<m}"},
                                     "out0[i] = sum(k, a[i, k]*y[k]) {id=insn0}\n"
                                     "<float32> t2 = b[i, i] {id=insn2_t}\n"
                                     "out2[i] = 3*t2 + 2.0 {id=insn2, dep=insn0:insn2_t}",
                                     {array_arg("y", DType::Float32, {"m"}), array_arg("a, b", DType::Float32, {"m", "m"}),
                                      array_arg("out0, out2", DType::Float32, {"n"}), value_arg("n"), value_arg("m")},
                                     {.assumptions = "n >= 1 and m >= n"});
  SplitOptions unrolled;
  unrolled.outer_tag = "g.0";
  unrolled.inner_tag = "unr";
  LoopKernel kernel = split_iname(prioritize_loops(reference, "k, i"), "i", 4, unrolled);
  std::string source = generate_code(kernel, Target::OpenCL).source;
  EXPECT_NE(source.find("float t2[4] = {0};"), std::string::npos) << source;
  for (int64_t n : {1, 6, 9}) testing::expect_on_opencl(kernel, reference, {{"n", n}, {"m", n + 1}});
}

TEST(GpuCodegen, GlobalBarrierSplitsTheProgram) {
  LoopKernel kernel = save_and_reload_temporaries(tagged_split_program());
  GeneratedCode code = generate_code(kernel, Target::OpenCL);
  ASSERT_EQ(code.device_kernels.size(), 2u) << code.source;
  EXPECT_EQ(code.device_kernels[0].name, "split_0");
  EXPECT_EQ(code.device_kernels[1].name, "split_1");
  ASSERT_EQ(code.global_temporaries.size(), 1u);
  EXPECT_EQ(code.global_temporaries[0].name, "keep");
  EXPECT_EQ(code.global_temporaries[0].shape.size(), 2u);  // per work-group, per work-item
  EXPECT_EQ(count(code.source, "barrier("), 0) << code.source;  // the split is the barrier
}

TEST(GpuCodegen, GlobalBarrierOutsideTheParallelLoopKeepsSequentialMeaning) {
  // With the barrier outside `for i`, the reference reads the private value of the last i only;
  // per-work-item values would change the result, so tagging is refused.
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"},
                                  "<float32> keep = 3*a[i] {id=keep}\n"
                                  "... gbarrier {id=split, dep=keep}\n"
                                  "out[i] = keep {id=use, dep=split}",
                                  {array_arg("a, out", DType::Float32, {"n"}), value_arg("n")});
  std::string message = error_message<LegalityError>(
      [&] { split_iname(kernel, "i", 32, {.outer_tag = "g.0", .inner_tag = "l.0"}); });
  EXPECT_NE(message.find("instruction 'use' must follow 'keep' (flow dependence through 'keep')"), std::string::npos)
      << message;
}

TEST(GpuCodegen, MissingGlobalBarrierIsRefused) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"},
                                  "b[i] = 2*a[i] {id=double}\n"
                                  "out[i] = b[n - 1 - i] {id=use, dep=double}",
                                  {array_arg("a, b, out", DType::Float32, {"n"}), value_arg("n")});
  std::string message = error_message<LegalityError>(
      [&] { split_iname(kernel, "i", 32, {.outer_tag = "g.0", .inner_tag = "l.0"}); });
  EXPECT_NE(message.find("instruction 'use' must follow 'double'"), std::string::npos) << message;
  EXPECT_NE(message.find("a global barrier between them is missing"), std::string::npos) << message;
}

TEST(GpuCodegenOpenCL, ProgramSplitByAGlobalBarrierWithASavedTemporary) {
  SKIP_WITHOUT_OPENCL();
  LoopKernel kernel = save_and_reload_temporaries(tagged_split_program());
  for (int64_t n : {1, 31, 33, 100}) expect_on_opencl(kernel, split_program(), {{"n", n}});
}

// ---- add_inames_for_unused_hw_axes ------------------------------------------------------------

TEST(GpuCodegenOpenCL, AddInamesForUnusedHardwareAxes) {
  SKIP_WITHOUT_OPENCL();
  LoopKernel reference = make_kernel({"{[i]: 0<=i<n}", "{[j]: 0<=j<3}"},
                                     "out[i] = a[i] {id=all}\n"
                                     "<float32> s = a[0] {id=scalar}\n"
                                     "small[j] = s + j {id=few, dep=scalar}",
                                     {array_arg("a, out", DType::Float32, {"n"}), array_arg("small", DType::Float32, {"3"}),
                                      value_arg("n")}, {.name = "unused_axes", .assumptions = "n >= 1"});
  LoopKernel kernel = split_iname(reference, "i", 16, {.outer_tag = "g.0", .inner_tag = "l.0"});
  kernel = add_inames_for_unused_hw_axes(kernel);
  const Instruction& few = *kernel.find_instruction("few");
  EXPECT_EQ(few.within_inames, (std::set<std::string>{"i_inner", "i_outer", "j"}));
  EXPECT_EQ(few.predicates.size(), 2u);  // one work-item writes
  EXPECT_TRUE(kernel.find_instruction("scalar")->predicates.empty());  // private: every work-item needs it
  for (int64_t n : {1, 17, 40}) expect_on_opencl(kernel, reference, {{"n", n}});
}

TEST(GpuCodegen, AddInamesForUnusedHardwareAxesRefusesAnAxisThatBoundsTheInstruction) {
  // Fuzzer regression (issue 24): `t = y[j]` in a triangle {j <= i} runs over the projection of
  // j; within i_outer (g.0) each work-group would run it over its own range of j and leave a
  // different last value in t.
  LoopKernel reference = make_kernel({"{[i,j]: 0<=i<n and 0<=j<=i}"},
                                     "<float32> t = y[j] {id=last}\n"
                                     "out[i, j] = 3*t + a[i, j] {id=use, dep=last}",
                                     {array_arg("y", DType::Float32, {"n"}), array_arg("a, out", DType::Float32, {"n", "n"}),
                                      value_arg("n")}, {.name = "triangle", .assumptions = "n >= 1"});
  LoopKernel kernel = split_iname(reference, "i", 4, {.outer_tag = "g.0"});
  std::string message = error_message<Error>([&] { add_inames_for_unused_hw_axes(kernel); });
  EXPECT_NE(message.find("add_inames_for_unused_hw_axes: instruction 'last' would run within 'i_outer' (g.0), whose "
                         "domain bounds the instruction's own inames"),
            std::string::npos)
      << message;
}

TEST(GpuCodegen, AddInamesForUnusedHardwareAxesRefusesAOneWriterMissingFromSomeGroups) {
  // Fuzzer regression (seed 137): a local fetch of y[j] in group j (g.0) gains i_inner (l.0) and
  // is written by i_inner == 0 alone; over {j <= 8 i_outer + i_inner < n} that work-item has no
  // i_outer in groups 1..7 when n < 9, so those groups read a fetch nobody wrote (wrong results on
  // OpenCL before). It is refused, naming the fetch and the iname.
  LoopKernel reference = make_kernel({"{[i,j]: 0<=i<n and 0<=j<=i}"}, "out[i, j] = a[i, j]*y[j] {id=use}",
                                     {array_arg("y", DType::Float32, {"n"}), array_arg("a, out", DType::Float32, {"n", "n"}),
                                      value_arg("n")}, {.name = "triangle_fetch", .assumptions = "n >= 1"});
  LoopKernel kernel = tag_inames(reference, {{"j", "g.0"}});
  kernel = add_prefetch(kernel, "y", {.fetch_bounding_box = true, .within = "id:use"});
  kernel = split_iname(kernel, "i", 8, {.inner_tag = "l.0"});
  std::string message = error_message<Error>([&] { add_inames_for_unused_hw_axes(kernel); });
  EXPECT_NE(message.find("would run within 'i_inner' (l.0), whose domain bounds the instruction's own inames, so "
                         "'i_inner == 0', the one work-item that would write it, would not run it wherever it ran"),
            std::string::npos)
      << message;
}

// ---- the CUDA source compiles with nvcc (compile only; the NVRTC path is the runtime's) --------

std::string find_nvcc() {
  for (const char* candidate : {"/usr/local/cuda/bin/nvcc", "/usr/bin/nvcc"}) {
    if (std::filesystem::exists(candidate)) return candidate;
  }
  return "";
}

TEST(GpuCodegen, EveryTestKernelCompilesWithNvcc) {
  std::string nvcc = find_nvcc();
  if (nvcc.empty()) GTEST_SKIP() << "nvcc not found";  // the CUDA toolkit is optional (README)
  std::vector<LoopKernel> kernels = {
      split_vector_kernel(),
      tag_inames(neighbour_kernel(), "io:g.0, ii:l.0, jj:l.0"),
      tag_inames(pair_kernel("if(jj < 15, t[2*jj + 2], 0)"), "io:g.0, ii:l.0, jj:l.0"),
      tag_inames(tiled_loop_kernel(), "io:g.0, ii:l.0, jj:l.0"),
      tag_inames(big_tile_kernel(), "io:g.0, ii:l.0, jj:l.0"),
      save_and_reload_temporaries(tagged_split_program()),
      split_iname(make_kernel({"{[i]: 0<=i<n}"}, "out[i] = sqrt(a[i]) + a[i] // 2.0f + a[i] % 3.0f + b[i] // 4 + b[i] % 3",
                              {array_arg("a, out", DType::Float32, {"n"}), array_arg("b", DType::Int64, {"n"}), value_arg("n")},
                              {.name = "mixed"}),
                  "i", 64, {.outer_tag = "g.0", .inner_tag = "l.0"}),
  };
  std::filesystem::path dir = std::filesystem::temp_directory_path() / ("loom_nvcc_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  for (const LoopKernel& kernel : kernels) {
    SCOPED_TRACE(kernel.name);
    std::filesystem::path source = dir / (kernel.name + ".cu");
    std::ofstream(source) << generate_code(kernel, Target::CUDA).source;
    std::filesystem::path log = dir / (kernel.name + ".log");
    std::string command = nvcc + " -cubin -arch=sm_90 -o " + (dir / (kernel.name + ".cubin")).string() + " " +
                          source.string() + " > " + log.string() + " 2>&1";
    int status = std::system(command.c_str());
    std::ifstream in(log);
    std::string messages((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(status, 0) << messages;
    EXPECT_EQ(messages.find("warning"), std::string::npos) << messages;
  }
  std::filesystem::remove_all(dir);
}

// ---- add_barrier (issue 7's transform) executed on OpenCL --------------------------------------

TEST(GpuCodegenOpenCL, AddBarrierLocalReplacesTheInsertedOne) {
  SKIP_WITHOUT_OPENCL();
  LoopKernel reference = neighbour_kernel();
  // Within io: one barrier per work-group's tile (io becomes the grid afterwards).
  LoopKernel kernel = add_barrier(reference, "id:fetch", "id:use", {.synchronization_kind = "local", .within_inames = {"io"}});
  kernel = tag_inames(kernel, "io:g.0, ii:l.0, jj:l.0");
  std::string source = kernels_of(generate_code(kernel, Target::OpenCL).source);
  EXPECT_EQ(count(source, "barrier(CLK_LOCAL_MEM_FENCE);"), 1) << source;  // the user's; none added
  for (int64_t n : {1, 4}) expect_on_opencl(kernel, reference, {{"n", n}});
}

TEST(GpuCodegenOpenCL, AddBarrierGlobalSplitsTheKernel) {
  SKIP_WITHOUT_OPENCL();
  LoopKernel reference = make_kernel({"{[i, j]: 0<=i, j<n}"},
                                     "b[i] = 2*a[i] {id=double}\n"
                                     "out[j] = b[n - 1 - j] {id=use, dep=double}",
                                     {array_arg("a, b, out", DType::Float32, {"n"}), value_arg("n")}, {.name = "reverse"});
  // Without the barrier, running i and j as the grid would be refused (work-groups read what
  // other work-groups write).
  std::string refused = error_message<LegalityError>([&] {
    split_iname(split_iname(reference, "i", 32, {.outer_tag = "g.0", .inner_tag = "l.0"}), "j", 32,
                {.outer_tag = "g.0", .inner_tag = "l.0"});
  });
  EXPECT_NE(refused.find("a global barrier between them is missing"), std::string::npos) << refused;
  LoopKernel kernel = add_barrier(reference, "id:double", "id:use", {.synchronization_kind = "global"});
  kernel = split_iname(kernel, "i", 32, {.outer_tag = "g.0", .inner_tag = "l.0"});
  kernel = split_iname(kernel, "j", 32, {.outer_tag = "g.0", .inner_tag = "l.0"});
  GeneratedCode code = generate_code(kernel, Target::OpenCL);
  EXPECT_EQ(code.device_kernels.size(), 2u) << code.source;
  for (int64_t n : {1, 31, 64, 77}) expect_on_opencl(kernel, reference, {{"n", n}});
}

}  // namespace
}  // namespace loom
