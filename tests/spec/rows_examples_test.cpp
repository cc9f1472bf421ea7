// The row-wise kernels of examples/rows/ (issue 27: softmax, layernorm, RMSNorm, attention's row
// softmax), each read as a spec and checked against its untransformed kernel at ragged row lengths
// (1, 31, 127, 4093: shorter than one work-group, not a multiple of it, the test size) on the C
// target and on OpenCL (PoCL in CI: the local reductions' barriers really run); and the code they
// generate: float32 throughout for layernorm as a user writes it, the row read once.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <set>

#include "codegen/llvm_nvptx.hpp"
#include "device_helpers.hpp"
#include "example_files.hpp"
#include "loom/loom.hpp"
#include "test_helpers.hpp"
#include "tune/search_space.hpp"

namespace loom {
namespace {

using testing::count;
namespace fs = std::filesystem;

const std::vector<std::string>& row_examples() {
  static const std::vector<std::string> all = {"softmax.json", "layernorm.json", "rmsnorm.json",
                                               "attention_softmax.json"};
  return all;
}

// The same kernels for rows of at most 1024 (`n <= 1024`): a warp per row, 8 rows per work-group.
const std::vector<std::string>& narrow_row_examples() {
  static const std::vector<std::string> all = {"softmax_narrow.json", "layernorm_narrow.json",
                                               "rmsnorm_narrow.json", "attention_softmax_narrow.json"};
  return all;
}

bool is_narrow(const std::string& file) { return file.find("_narrow") != std::string::npos; }

fs::path rows_path(const std::string& file) { return testing::examples_folder() / "rows" / file; }

void check_ragged_rows(const std::string& file, Target target) {
  SCOPED_TRACE(file);
  Spec spec = read_spec_file(rows_path(file).string());
  // The narrow specs: 11 rows leave the last work-group of 8 rows partly empty; 1000 is the
  // longest row the 32 registers of a lane hold (up to 1024).
  std::vector<int64_t> lengths = is_narrow(file) ? std::vector<int64_t>{1, 31, 127, 1000}
                                                 : std::vector<int64_t>{1, 31, 127, 4093};
  for (int64_t n : lengths) {
    SCOPED_TRACE("n = " + std::to_string(n));
    CheckOptions options;
    options.target = target;
    testing::expect_matches_reference(spec.kernel, spec.reference, {{"m", is_narrow(file) ? 11 : 3}, {"n", n}},
                                      options);
  }
}

// The kernel function's text, without the preamble's helpers (loom_mod_double, loom_pow_T).
std::string kernel_body(const std::string& source, const std::string& name) {
  std::size_t start = source.find(" " + name + "(");  // the definition, not the C entry's call
  EXPECT_NE(start, std::string::npos) << source;
  return start == std::string::npos ? source : source.substr(start);
}

TEST(RowsExamples, EverySpecInTheFolderIsChecked) {
  std::set<std::string> listed(row_examples().begin(), row_examples().end());
  listed.insert(narrow_row_examples().begin(), narrow_row_examples().end());
  for (const fs::directory_entry& entry : fs::directory_iterator(rows_path("").parent_path())) {
    std::string file = entry.path().filename().string();
    if (entry.path().extension() == ".json" && file.rfind("space_", 0) != 0) {
      EXPECT_EQ(listed.count(file), 1u) << file;
    }
  }
}

TEST(RowsExamples, EachMatchesItsReferenceOnC) {
  for (const std::string& file : row_examples()) check_ragged_rows(file, Target::C);
  for (const std::string& file : narrow_row_examples()) check_ragged_rows(file, Target::C);
}

TEST(RowsExamplesOpenCL, EachMatchesItsReference) {
  REQUIRE_OPENCL();
  for (const std::string& file : row_examples()) check_ragged_rows(file, Target::OpenCL);
  for (const std::string& file : narrow_row_examples()) check_ragged_rows(file, Target::OpenCL);
}

// A warp per row: each reduction is one butterfly of shuffles that leaves the result in every
// lane, which reads its own copy, so the narrow kernels run without a single barrier on CUDA
// (OpenCL keeps the tree in local memory, with its barriers).
TEST(RowsExamples, NarrowRowsReduceWithoutBarriersOnCuda) {
  for (const std::string& file : narrow_row_examples()) {
    SCOPED_TRACE(file);
    Spec spec = read_spec_file(rows_path(file).string());
    std::string body = kernel_body(generate_code(spec.kernel, Target::CUDA).source, spec.kernel.name);
    EXPECT_GT(count(body, "loom_warp_"), 0) << body;  // the helpers run __shfl_xor_sync
    EXPECT_EQ(count(body, "__syncthreads"), 0) << body;
    std::string opencl = generate_code(spec.kernel, Target::OpenCL).source;
    EXPECT_GT(count(opencl, "barrier("), 0) << opencl;
  }
}

// On CUDA the reductions end in warp shuffles (two levels over the 256 work-items, 2 barriers
// per reduction with the broadcast: warp_reduction_test.cpp); skipped without a GPU.
TEST(RowsExamplesGpu, EachMatchesItsReferenceWithWarpShuffles) {
  SKIP_WITHOUT_CUDA();
  std::vector<std::string> files = row_examples();
  files.insert(files.end(), narrow_row_examples().begin(), narrow_row_examples().end());
  for (const std::string& file : files) {
    std::string source = generate_code(read_spec_file(rows_path(file).string()).kernel, Target::CUDA).source;
    EXPECT_NE(source.find("__shfl_xor_sync"), std::string::npos) << file;
    check_ragged_rows(file, Target::CUDA);
  }
}

// Issue 27: `mean = sum(j, x[i,j]) / n`, `(x - mean)**2`, `1e-5` and no declared temporary types
// computed in double and called pow before.
TEST(RowsExamples, LayernormAsWrittenGeneratesFloat32Code) {
  Spec spec = read_spec_file(rows_path("layernorm.json").string());
  for (const Temporary& temporary : spec.kernel.temporaries) EXPECT_FALSE(temporary.dtype) << temporary.name;
  for (Target target : {Target::C, Target::OpenCL, Target::CUDA}) {
    SCOPED_TRACE(std::string(target_name(target)));
    for (const LoopKernel* kernel : {&spec.kernel, &spec.reference}) {
      std::string body = kernel_body(generate_code(*kernel, target).source, "layernorm");
      EXPECT_EQ(body.find("double"), std::string::npos) << body;
      EXPECT_EQ(body.find("pow"), std::string::npos) << body;
      EXPECT_NE(body.find("1e-05f"), std::string::npos) << body;
      EXPECT_NE(body.find("sqrt"), std::string::npos) << body;
    }
  }
}

// Each work-item loads its part of the row once (n <= 8192 over 256 work-items: 32 registers) and
// the reductions and the output read the registers.
TEST(RowsExamples, TheRowIsReadOnceIntoRegisters) {
  std::vector<std::string> files = row_examples();
  files.insert(files.end(), narrow_row_examples().begin(), narrow_row_examples().end());
  for (const std::string& file : files) {
    SCOPED_TRACE(file);
    Spec spec = read_spec_file(rows_path(file).string());
    std::string body = kernel_body(generate_code(spec.kernel, Target::CUDA).source, spec.kernel.name);
    EXPECT_EQ(count(body, " x["), 32) << body;
    EXPECT_NE(body.find("float x_row_registers[32];"), std::string::npos) << body;
    EXPECT_EQ(body.find("x_row_registers[j_outer"), std::string::npos) << body;  // constant indices only
  }
}

// Every schedule of each tuning space (examples/rows/space_*.json) applies and computes the
// same as the untransformed kernel (C target, a ragged row).
TEST(RowsExamples, EveryCandidateOfTheTuningSpacesMatchesItsReference) {
  for (const std::string& file : row_examples()) {
    tune::SearchSpace space = tune::read_search_space_file(rows_path("space_" + file).string());
    int allowed = 0;
    for (const tune::Assignment& assignment : tune::all_assignments(space)) {
      if (tune::violated_constraint(space, assignment)) continue;
      ++allowed;
      SCOPED_TRACE(file + " W=" + std::to_string(assignment.at("W")));
      Spec spec = read_spec(tune::concrete_spec(space, assignment).dump());
      CheckOptions options;
      options.target = Target::C;
      testing::expect_matches_reference(spec.kernel, spec.reference, {{"m", 2}, {"n", 1001}}, options);
    }
    EXPECT_EQ(allowed, 4) << file;  // W = 128 ... 1024
  }
}

// ptxas keeps the row tile in registers: no stack frame, no spills, at most 64 registers, for
// sm_90 through the CUDA compiler loom uses ($LOOM_CUDA_COMPILER): NVRTC's report needs NVRTC
// only; the LLVM path's PTX is assembled by the driver's JIT, so its report needs an sm_90 GPU.
// Skipped where the compiler in use cannot report.
TEST(RowsExamplesGpu, TheRowTileStaysInRegistersOnSm90) {
  std::vector<std::string> files = row_examples();
  files.insert(files.end(), narrow_row_examples().begin(), narrow_row_examples().end());
  bool llvm = default_cuda_compiler() == CudaCompiler::Llvm;
  for (const std::string& file : files) {
    SCOPED_TRACE(file);
    Spec spec = read_spec_file(rows_path(file).string());
    CudaCompileReport report;
    try {
      GeneratedCode code = llvm ? codegen::generate_llvm_ptx(spec.kernel, offline_device_limits(Target::CUDA), "sm_90")
                                : generate_code(spec.kernel, Target::CUDA);
      report = cuda_compile_report(code, "sm_90");
    } catch (const EnvironmentError& error) {
      GTEST_SKIP() << error.what();  // no NVRTC, or (LLVM path) no sm_90 GPU or no libloom_llvm.so
    }
    ASSERT_EQ(report.kernels.size(), 1u) << report.ptxas_log;
    EXPECT_EQ(codegen::is_llvm_ptx(report.ptx), llvm) << "the report is not of the compiler in use";
    EXPECT_EQ(report.kernels[0].local_bytes, 0) << report.ptxas_log;
    EXPECT_EQ(report.kernels[0].spill_store_bytes, 0) << report.ptxas_log;
    EXPECT_GT(report.kernels[0].registers, 0) << report.ptxas_log;
    EXPECT_LE(report.kernels[0].registers, 64) << report.ptxas_log;
  }
}

}  // namespace
}  // namespace loom
