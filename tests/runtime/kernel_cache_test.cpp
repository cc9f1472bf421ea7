// The pieces of the CUDA runtime that need no GPU: the kernel fingerprint that keys the
// kernel-level cache, the cached form of generated code, NVRTC's compile report, and the refusal
// of device arrays by host targets.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdio>
#include <functional>
#include <thread>

#include "ir/kernel_fingerprint.hpp"
#include "lang/instruction_parser.hpp"
#include "loom/loom.hpp"
#include "runtime/kernel_cache.hpp"
#include "test_helpers.hpp"
#include "test_kernels.hpp"

namespace loom {
namespace {

using detail::kernel_fingerprint;
using testing::error_message;
using test_kernels::vector_scale;

LoopKernel scaled_sum(const std::string& assumptions = "") {
  MakeKernelOptions options{.name = "scaled_sum", .assumptions = assumptions};
  options.temporaries.push_back(Temporary{"t", DType::Float32, {int_literal(4)}, AddressSpace::Private});
  return make_kernel({"{[i, j]: 0<=i<n and 0<=j<4}"},
                     "t[j] = a[i] * 2 {id=scale}\n"
                     "out[i] = sum(j, t[j]) {id=total, dep=scale}",
                     {array_arg("a, out", DType::Float32, {"n"}), value_arg("n")}, options);
}

// Each change must give another fingerprint: a missed field would let two different kernels share
// a cache entry, and one of them would run the other's code.
TEST(KernelFingerprint, EveryChangeThatAffectsCodeChangesIt) {
  const LoopKernel base = scaled_sum();
  const std::string original = kernel_fingerprint(base);
  EXPECT_EQ(kernel_fingerprint(scaled_sum()), original);  // deterministic
  std::vector<std::pair<std::string, std::function<void(LoopKernel&)>>> changes = {
      {"name", [](LoopKernel& k) { k.name = "other"; }},
      {"tag", [](LoopKernel& k) { k.iname_tags["i"] = parse_iname_tag("g.0"); }},
      {"unroll tag", [](LoopKernel& k) { k.iname_tags["j"] = parse_iname_tag("unr"); }},
      {"priority", [](LoopKernel& k) { k.loop_priorities.push_back({"j", "i"}); }},
      {"arg dtype", [](LoopKernel& k) { k.args[0].dtype = DType::Float64; }},
      {"arg layout", [](LoopKernel& k) { k.args[0].dim_tags = {"stride:2"}; }},
      {"arg offset", [](LoopKernel& k) { k.args[0].offset = int_literal(3); }},
      {"arg order", [](LoopKernel& k) { k.args[0].order = ArrayOrder::F; }},
      {"temporary space", [](LoopKernel& k) { k.temporaries[0].address_space = AddressSpace::Local; }},
      {"temporary shape", [](LoopKernel& k) { k.temporaries[0].shape = {int_literal(5)}; }},
      {"expression", [](LoopKernel& k) { k.instructions[0].expression = lang::parse_expression("a[i] * 3"); }},
      {"dependency", [](LoopKernel& k) { k.instructions[1].depends_on.clear(); }},
      {"predicate", [](LoopKernel& k) { k.instructions[0].predicates.push_back(lang::parse_expression("i > 1")); }},
      {"nosync", [](LoopKernel& k) { k.instructions[1].no_sync_with.push_back({"scale", SyncScope::Local}); }},
      {"domain", [](LoopKernel& k) { k = scaled_sum(); k = fix_parameters(k, {{"n", 8}}); }},
      {"assumptions", [](LoopKernel& k) { k = scaled_sum("n >= 4"); }},
      {"index dtype", [](LoopKernel& k) { k.options.index_dtype = DType::Int64; }},
      {"bounds checks", [](LoopKernel& k) { k.options.enforce_array_accesses_within_bounds = false; }},
      {"slab", [](LoopKernel& k) { k.slabs["i"] = {0, 1}; }},
  };
  for (const auto& [what, change] : changes) {
    LoopKernel changed = base;
    change(changed);
    EXPECT_NE(kernel_fingerprint(changed), original) << what;
  }
}

TEST(KernelCacheEntry, GeneratedCodeReadsBackEqual) {
  LoopKernel kernel = split_iname(scaled_sum(), "i", 32, {.outer_tag = "g.0", .inner_tag = "l.0"});
  GeneratedCode code = generate_code(kernel, Target::CUDA);
  GeneratedCode back = detail::generated_code_from_json(detail::generated_code_json(code));
  EXPECT_EQ(back.target, Target::CUDA);
  EXPECT_EQ(back.function_name, code.function_name);
  EXPECT_EQ(back.source, code.source);
  ASSERT_EQ(back.arguments.size(), code.arguments.size());
  for (std::size_t i = 0; i < code.arguments.size(); ++i) {
    EXPECT_EQ(back.arguments[i].name, code.arguments[i].name);
    EXPECT_EQ(back.arguments[i].dtype, code.arguments[i].dtype);
    EXPECT_EQ(back.arguments[i].is_array, code.arguments[i].is_array);
    EXPECT_EQ(back.arguments[i].is_written, code.arguments[i].is_written);
  }
  ASSERT_EQ(back.device_kernels.size(), 1u);
  EXPECT_EQ(back.device_kernels[0].block_size, code.device_kernels[0].block_size);
  for (int axis = 0; axis < 3; ++axis) {
    EXPECT_EQ(to_string(back.device_kernels[0].grid_size[axis]), to_string(code.device_kernels[0].grid_size[axis]));
    EXPECT_EQ(evaluate_integer(*back.device_kernels[0].grid_size[axis], {{"n", 1000}}),
              evaluate_integer(*code.device_kernels[0].grid_size[axis], {{"n", 1000}}));
  }
  EXPECT_EQ(evaluate_integer(*back.device_kernels[0].grid_size[0], {{"n", 1000}}), 32);  // ceil(1000/32)
}

TEST(KernelCacheEntry, DamagedEntryReadsAsAbsent) {
  std::string path = ::testing::TempDir() + "/loom_damaged_entry.code";
  GeneratedCode code = generate_code(scaled_sum(), Target::OpenCL);
  detail::write_generated_code(path, code);
  ASSERT_TRUE(detail::read_generated_code(path).has_value());
  {
    std::FILE* file = std::fopen(path.c_str(), "r+b");
    ASSERT_NE(file, nullptr);
    std::fseek(file, 40, SEEK_SET);
    std::fputc('#', file);
    std::fclose(file);
  }
  EXPECT_FALSE(detail::read_generated_code(path).has_value());
  EXPECT_FALSE(detail::read_generated_code(path + ".missing").has_value());
}

// Writers racing on one entry (as concurrent processes do: each writes a private temporary file
// and renames it) never let a reader see a partial entry: every read is absent or whole.
TEST(KernelCacheEntry, ConcurrentWritersAndReadersSeeWholeEntries) {
  std::string path = ::testing::TempDir() + "/loom_concurrent_entry.code";
  std::remove(path.c_str());
  GeneratedCode code = generate_code(scaled_sum(), Target::OpenCL);
  std::atomic<int> whole{0}, damaged{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      for (int round = 0; round < 50; ++round) {
        if (t % 2 == 0) {
          detail::write_generated_code(path, code);
        } else if (std::optional<GeneratedCode> read = detail::read_generated_code(path)) {
          (read->source == code.source ? whole : damaged)++;
        }
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(damaged.load(), 0);
  EXPECT_GT(whole.load(), 0);
  EXPECT_EQ(detail::read_generated_code(path)->source, code.source);
}

TEST(DeviceArrayOnHostTargets, IsRefusedNamingTheArgument) {
  CompiledKernel program = compile(vector_scale(), Target::C);
  ArgumentMap arguments = {{"a", DeviceArray()}, {"out", Array(DType::Float32, {4})}, {"n", Scalar(int64_t{4})}};
  std::string message = error_message<Error>([&] { program(arguments); });
  EXPECT_NE(message.find("argument 'a' is a DeviceArray (CUDA device memory); a kernel compiled for target 'c'"),
            std::string::npos)
      << message;
}

// NVRTC and ptxas run on any machine with the CUDA toolkit; no GPU is needed.
TEST(CudaCompileReport, RegistersSharedMemoryAndPtxForSm90) {
  MakeKernelOptions options{.name = "tile"};
  options.temporaries.push_back(Temporary{"tile", DType::Float32, {int_literal(256)}, AddressSpace::Local});
  LoopKernel kernel = make_kernel({"{[io, ii, jj]: 0<=io<n and 0<=ii,jj<256}"},
                                  "tile[ii] = a[256*io + ii] {id=fill}\n"
                                  "out[256*io + jj] = tile[255 - jj] {id=use, dep=fill}",
                                  {array_arg("a, out", DType::Float32, {"256*n"}), value_arg("n")}, options);
  kernel = tag_inames(kernel, "io:g.0, ii:l.0, jj:l.0");
  CudaCompileReport report;
  try {
    report = cuda_compile_report(generate_code(kernel, Target::CUDA), "sm_90");
  } catch (const EnvironmentError& error) {
    GTEST_SKIP() << error.what();  // no NVRTC on this machine (the CUDA toolkit is optional)
  }
  EXPECT_EQ(report.arch, "sm_90");
  ASSERT_EQ(report.kernels.size(), 1u) << "log of " << report.ptxas_log.size() << " bytes: " << report.ptxas_log
                                       << "; PTX of " << report.ptx.size() << " bytes";
  const DeviceKernelResources& tile = report.kernels[0];
  EXPECT_EQ(tile.name, "tile");
  EXPECT_GT(tile.registers, 0);
  EXPECT_EQ(tile.static_shared_bytes, 256 * 4);
  if (!report.ptxas_log.empty()) {  // else the driver answered (a GPU machine): no spill figures
    EXPECT_EQ(tile.spill_store_bytes, 0);
    EXPECT_EQ(tile.barriers, 1);
  }
  EXPECT_NE(report.ptx.find(".entry tile"), std::string::npos) << report.ptx.substr(0, 400);
  EXPECT_NE(report.ptx.find(".target sm_90"), std::string::npos);
  std::string bad = error_message<Error>([&] { cuda_compile_report(generate_code(kernel, Target::CUDA), "90"); });
  EXPECT_NE(bad.find("'90' is not a CUDA architecture; write it as sm_90"), std::string::npos) << bad;
}

}  // namespace
}  // namespace loom
