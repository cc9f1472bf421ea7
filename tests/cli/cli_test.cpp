// The `loom` command (SPEC.md "The command"), run as a child process exactly as a script runs it:
// every example passes `run --check`, `compile` and `explain` print what they promise, and bad
// input exits 2 with `error: ...` naming the JSON path, quickly, whatever the input.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "device_helpers.hpp"
#include "loom/error.hpp"
#include "runtime/host_cuda.hpp"

namespace loom {
namespace {

namespace fs = std::filesystem;

struct ProcessResult {
  int exit_code = -1;  // -1: killed by the timeout
  std::string out, err;
  double seconds = 0;
};

std::string read_text(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

void write_text(const fs::path& path, const std::string& text) {
  std::ofstream file(path, std::ios::binary);
  file << text;
  ASSERT_TRUE(file.good()) << "cannot write " << path;
}

// A fresh folder per test (ctest runs tests in parallel), removed afterwards.
class CliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "loom_cli_test_XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
  }

  fs::path spec_file(const std::string& name, const std::string& text) {
    fs::path path = dir_ / name;
    write_text(path, text);
    return path;
  }

  // Runs `loom args...` with stdout and stderr captured in files; kills it after `timeout`.
  // `wrapper`: a program that runs loom (oclgrind), with its path first.
  ProcessResult loom(const std::vector<std::string>& args,
                     std::chrono::seconds timeout = std::chrono::seconds(120),
                     const std::vector<std::string>& wrapper = {}) {
    fs::path out_path = dir_ / "stdout.txt", err_path = dir_ / "stderr.txt";
    // LOOM_CLI: the binary to run where the build folder is elsewhere (a GPU machine's copy).
    const char* binary = std::getenv("LOOM_CLI");
    std::vector<std::string> argv_text = wrapper;
    argv_text.push_back(binary != nullptr ? binary : LOOM_CLI_PATH);
    argv_text.insert(argv_text.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& arg : argv_text) argv.push_back(arg.data());
    argv.push_back(nullptr);

    auto start = std::chrono::steady_clock::now();
    pid_t pid = fork();
    if (pid == 0) {
      int out = open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      int err = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (out < 0 || err < 0 || dup2(out, STDOUT_FILENO) < 0 || dup2(err, STDERR_FILENO) < 0)
        _exit(127);
      execv(argv[0], argv.data());
      _exit(127);
    }
    ProcessResult result;
    if (pid < 0) {
      ADD_FAILURE() << "fork failed";
      return result;
    }
    int status = 0;
    while (waitpid(pid, &status, WNOHANG) == 0) {
      if (std::chrono::steady_clock::now() - start > timeout) {
        kill(pid, SIGKILL);
        waitpid(pid, &status, 0);
        ADD_FAILURE() << "loom did not finish within " << timeout.count() << " s";
        status = -1;
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (status != -1 && WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
    result.out = read_text(out_path);
    result.err = read_text(err_path);
    return result;
  }

  fs::path dir_;
};

std::vector<fs::path> example_specs() {
  std::vector<fs::path> specs;
  for (const fs::directory_entry& entry : fs::directory_iterator(LOOM_EXAMPLES_DIR)) {
    if (entry.path().extension() == ".json") specs.push_back(entry.path());
  }
  std::sort(specs.begin(), specs.end());
  return specs;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// ---- the examples ----------------------------------------------------------------------------

TEST_F(CliTest, EveryExamplePassesRunCheck) {
  std::vector<fs::path> specs = example_specs();
  ASSERT_GE(specs.size(), 5u);
  for (const fs::path& spec : specs) {
    SCOPED_TRACE(spec.string());
    ProcessResult result = loom({"run", spec.string(), "--check"});
    EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
    EXPECT_TRUE(contains(result.out, ": ok, max abs error")) << result.out;
    EXPECT_TRUE(contains(result.out, "check passed")) << result.out;
    EXPECT_EQ(result.err, "");
  }
}

TEST_F(CliTest, EveryExampleCompilesToEveryTarget) {
  for (const fs::path& spec : example_specs()) {
    SCOPED_TRACE(spec.string());
    ProcessResult c = loom({"compile", spec.string(), "--target", "c"});
    EXPECT_EQ(c.exit_code, 0) << c.err;
    EXPECT_TRUE(contains(c.out, "_loom_entry(void **args)")) << c.out;
    EXPECT_TRUE(contains(c.out, "for (int32_t ")) << c.out;
    // SPEC.md: compile defaults to cuda.
    ProcessResult cuda = loom({"compile", spec.string()});
    EXPECT_EQ(cuda.exit_code, 0) << cuda.err;
    EXPECT_TRUE(contains(cuda.out, "extern \"C\" __global__ void __launch_bounds__(")) << cuda.out;
    ProcessResult opencl = loom({"compile", spec.string(), "--target", "opencl"});
    EXPECT_EQ(opencl.exit_code, 0) << opencl.err;
    EXPECT_TRUE(contains(opencl.out, "__kernel void __attribute__((reqd_work_group_size(")) << opencl.out;
  }
}

TEST_F(CliTest, CompileWithDefinesSpecializesTheCode) {
  std::string spec = std::string(LOOM_EXAMPLES_DIR) + "/matmul_split.json";
  ProcessResult general = loom({"compile", spec, "--target", "c"});
  ProcessResult specialized = loom({"compile", "-D", "n=64", spec, "--target", "c"});
  ASSERT_EQ(specialized.exit_code, 0) << specialized.err;
  EXPECT_TRUE(contains(general.out, "int32_t const n)")) << general.out;
  EXPECT_FALSE(contains(specialized.out, "int32_t const n")) << specialized.out;
  EXPECT_TRUE(contains(specialized.out, "i_outer <= 3;")) << specialized.out;
}

TEST_F(CliTest, ExplainPrintsEveryStage) {
  ProcessResult result = loom({"explain", std::string(LOOM_EXAMPLES_DIR) + "/matmul_split.json", "--target", "c"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  std::vector<std::string> in_order = {"== 00 reference kernel",
                                       "== 01 split_iname(iname=\"i\", inner_length=16",
                                       "== 04 prioritize_loops(",
                                       "== 05 loop nest",
                                       "for i_outer",
                                       "== 06 launch sizes",
                                       "host C target: groups and work-items run as loops",
                                       "== 07 c code",
                                       "void matmul_split("};
  std::size_t position = 0;
  for (const std::string& part : in_order) {
    std::size_t found = result.out.find(part, position);
    ASSERT_NE(found, std::string::npos) << "'" << part << "' missing or out of order in:\n"
                                        << result.out;
    position = found;
  }
}

// Issue 25: each split's tail strategy, and shift_inwards' fallback to guard where the extent
// may be below one tile.
TEST_F(CliTest, ExplainShowsEachSplitsTailStrategy) {
  fs::path spec = spec_file("tails.json", R"({"loom": 1, "name": "tails", "domains": ["{[i,j]: 0<=i<n and 0<=j<m}"],
    "instructions": ["b[i, j] = 2*a[i, j]"], "args": [{"name": "a, b", "dtype": "float32", "shape": ["n", "m"]}],
    "assumptions": "n >= 16",
    "transforms": [{"op": "split_iname", "iname": "i", "inner_length": 16, "tail_strategy": "shift_inwards"},
                   {"op": "split_iname", "iname": "j", "inner_length": 16, "tail_strategy": "shift_inwards"},
                   {"op": "split_iname", "iname": "i_inner", "inner_length": 4}]})");
  ProcessResult result = loom({"explain", spec.string(), "--target", "c"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("== 01 split_iname(iname=\"i\", inner_length=16, tail_strategy=\"shift_inwards\")\n"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("tail_strategy=\"shift_inwards (guard: the extent of 'j' may be below 16)\""), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("== 03 split_iname(iname=\"i_inner\", inner_length=4) [tail: guard]"), std::string::npos) << result.out;
}

// A sequential loop around a global barrier runs on the host: explain says which kernels it
// launches and over which values (opencl: the source needs no device; the launch-sizes stage).
TEST_F(CliTest, ExplainShowsHostLoops) {
  ProcessResult result = loom({"explain", (fs::path(LOOM_SOURCE_DIR) / "tests/polybench/jacobi1d_time_loop_on_groups_gbarrier.json").string(),
                               "--target", "opencl"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("host loop over t from 0 to tsteps - 1 (inclusive): launches "
                            "jacobi1d_time_loop_on_groups_gbarrier_0, jacobi1d_time_loop_on_groups_gbarrier_1 once per value"),
            std::string::npos)
      << result.out;
}

TEST_F(CliTest, ExplainListsDuplicationOptionsOfAnUnschedulableNesting) {
  fs::path spec = spec_file("pairs.json", R"({"loom": 1, "name": "pairs", "domains": ["{[i,j,k]: 0<=i,j,k<n}"],
    "instructions": ["a[i, j] = 1 {id=ij}", "b[j, k] = 2 {id=jk}", "c[k, i] = 3 {id=ki}"],
    "args": [{"name": "a, b, c", "dtype": "float32", "shape": ["n", "n"]}],
    "transforms": [{"op": "prioritize_loops", "loop_priority": "i, j"},
                   {"op": "prioritize_loops", "loop_priority": "j, k"},
                   {"op": "prioritize_loops", "loop_priority": "k, i", "unchecked": true}]})");
  ProcessResult result = loom({"explain", spec.string(), "--target", "c"});
  EXPECT_EQ(result.exit_code, 2) << result.err;
  std::vector<std::string> in_order = {"== 03 prioritize_loops(", "== 04 loop nest: none exists",
                                       "no loop nesting satisfies the kernel's instructions",
                                       "  duplicate_inames(\"i\", within=\"id:ij\")\n",
                                       "  duplicate_inames(\"k\", within=\"id:ki\")"};
  std::size_t position = 0;
  for (const std::string& part : in_order) {
    std::size_t found = result.out.find(part, position);
    ASSERT_NE(found, std::string::npos) << "'" << part << "' missing or out of order in:\n" << result.out;
    position = found;
  }
  EXPECT_NE(result.err.find("duplicate_inames(\"j\", within=\"id:jk\")"), std::string::npos) << result.err;
}

TEST_F(CliTest, ExplainWritesNumberedStageFiles) {
  fs::path out = dir_ / "stages";
  ProcessResult result = loom({"explain", std::string(LOOM_EXAMPLES_DIR) + "/matmul_split.json",
                               "--output-dir", out.string()});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  std::vector<std::string> expected = {
      "00-reference.txt",        "01-split_iname.txt", "02-split_iname.txt",  "03-split_iname.txt",
      "04-prioritize_loops.txt", "05-loop_nest.txt",   "06-launch_sizes.txt", "07-code.cu"};
  for (const std::string& name : expected) {
    EXPECT_TRUE(fs::exists(out / name)) << name;
    EXPECT_TRUE(contains(result.out, (out / name).string())) << result.out;
  }
  // The default (cuda) target runs g/l inames as the grid: only the k loops remain, and the
  // launch sizes come from isl (matmul_split assumes n mod 16 = 0).
  EXPECT_TRUE(contains(read_text(out / "05-loop_nest.txt"), "for k_outer")) << read_text(out / "05-loop_nest.txt");
  EXPECT_FALSE(contains(read_text(out / "05-loop_nest.txt"), "for i_outer"));
  EXPECT_TRUE(contains(read_text(out / "06-launch_sizes.txt"),
                       "kernel matmul_split: grid (n // 16, n // 16, 1), block (16, 16, 1)"))
      << read_text(out / "06-launch_sizes.txt");
  EXPECT_TRUE(
      contains(read_text(out / "02-split_iname.txt"), "split_iname(iname=\"j\", inner_length=16"));
  EXPECT_TRUE(contains(read_text(out / "02-split_iname.txt"), "j_inner"));
  EXPECT_FALSE(contains(read_text(out / "00-reference.txt"), "i_outer"));
  EXPECT_TRUE(contains(read_text(out / "07-code.cu"), "__global__ void __launch_bounds__(256) matmul_split("));
}

TEST_F(CliTest, ExplainEndsWithTheStatistics) {
  ProcessResult result = loom({"explain", std::string(LOOM_EXAMPLES_DIR) + "/matmul_split.json", "--target", "c"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  std::size_t code = result.out.find("== 07 c code");
  std::size_t stats = result.out.find("== 08 operations, memory accesses and barriers");
  ASSERT_NE(stats, std::string::npos) << result.out;
  EXPECT_LT(code, stats);
  EXPECT_TRUE(contains(result.out.substr(stats), "flops (per work-item, all float operations): 2*n^3")) << result.out;
}

// ---- stats -------------------------------------------------------------------------------------

TEST_F(CliTest, StatsPrintsCountsAndARoofline) {
  ProcessResult result = loom({"stats", std::string(LOOM_EXAMPLES_DIR) + "/matmul_split.json", "-D", "n=1024",
                               "--peak-gflops", "1000", "--bandwidth-gbs", "100"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(contains(result.out, "statistics of matmul_split (n=1024)")) << result.out;
  EXPECT_TRUE(contains(result.out, "global float32 load b lid_strides {0: 1} gid_strides {1: 16} per workitem: n^3  = 1073741824"))
      << result.out;
  // 2*1024^3 flops at 1 TFLOP/s: 2.147 ms; 12*1024^2 bytes at 100 GB/s: 0.126 ms.
  EXPECT_TRUE(contains(result.out, "compute bound 2.147 ms, memory bound 125.829 us -> at least 2.147 ms (compute-bound)"))
      << result.out;
}

TEST_F(CliTest, StatsMeasureOnTheCTargetPrintsJson) {
  ProcessResult result = loom({"stats", std::string(LOOM_EXAMPLES_DIR) + "/vector_scale.json", "--target", "c",
                               "--measure", "--repeat", "3", "--json"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  nlohmann::json report = nlohmann::json::parse(result.out);
  EXPECT_EQ(report["device"], "cpu");
  EXPECT_GT(report["measured_s"].get<double>(), 0);
  EXPECT_GT(report["estimate_s"].get<double>(), 0);
  EXPECT_EQ(report["bound"], "memory");
}

TEST_F(CliTest, StatsWithoutParameterValuesExitsTwo) {
  fs::path spec = spec_file("noparams.json", R"({"loom": 1, "name": "scale", "domains": ["{[i]: 0<=i<n}"],
    "instructions": ["b[i] = 2*a[i]"], "args": [{"name": "a, b", "dtype": "float32", "shape": ["n"]}]})");
  ProcessResult result = loom({"stats", spec.string()});
  EXPECT_EQ(result.exit_code, 2) << result.out;
  EXPECT_TRUE(contains(result.err, "no value for parameter(s) n")) << result.err;
}

// ---- run ---------------------------------------------------------------------------------------

TEST_F(CliTest, RunRepeatPrintsMedianAndMin) {
  ProcessResult result =
      loom({"run", std::string(LOOM_EXAMPLES_DIR) + "/vector_scale.json", "--repeat", "5"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(contains(result.out, "median ")) << result.out;
  EXPECT_TRUE(contains(result.out, ", min ")) << result.out;
  EXPECT_TRUE(contains(result.out, "over 5 run(s)")) << result.out;
}

// A time loop whose instruction does not use t runs once (loopy's rule); `loom compile` warned,
// `loom run --check` printed "check passed" and nothing else (a PolyBench seidel-2d written from
// SPEC.md alone, wt-conf14).
TEST_F(CliTest, RunCheckPrintsTheWarningsCompilePrints) {
  fs::path spec = spec_file("time_loop.json", R"json({"loom": 1, "name": "sweeps",
    "domains": "{[t,i]: 0<=t<ts and 1<=i<n-1}", "instructions": "a[i] = (a[i-1] + a[i] + a[i+1])/3",
    "args": [{"name": "a", "dtype": "float64", "shape": ["n"]}, {"name": "n, ts", "kind": "value", "dtype": "int32"}],
    "test": {"parameters": {"n": 7, "ts": 3}}})json");
  ProcessResult result = loom({"run", spec.string(), "--check", "--target", "c"});
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_TRUE(contains(result.err, "warning: kernel 'sweeps': no instruction runs inside the loop over 't'")) << result.err;
}

TEST_F(CliTest, CheckMismatchExitsOneWithTheWorstElementAndSeed) {
  // float32 sums differ from their float64 reference; a zero tolerance makes that a mismatch.
  fs::path spec = spec_file("strict.json", R"json({"loom": 1, "name": "matmul",
    "domains": "{[i,j,k]: 0<=i,j,k<n}", "instructions": "c[i, j] = sum(k, a[i, k]*b[k, j])",
    "args": [{"name": "a, b, c", "dtype": "float32", "shape": ["n", "n"]}],
    "test": {"parameters": {"n": 40}, "rtol": 0, "atol": 0, "seed": 99}})json");
  ProcessResult result = loom({"run", spec.string(), "--check"});
  EXPECT_EQ(result.exit_code, 1) << result.out << result.err;
  EXPECT_TRUE(contains(result.out, "c: MISMATCH")) << result.out;
  EXPECT_TRUE(contains(result.out, "worst at [")) << result.out;
  EXPECT_TRUE(contains(result.out, "seed 99")) << result.out;
}

TEST_F(CliTest, ParametersViolatingTheAssumptionsExitTwo) {
  ProcessResult result =
      loom({"run", std::string(LOOM_EXAMPLES_DIR) + "/matmul_split.json", "-D", "n=6", "--check"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_TRUE(contains(result.err, "error: ")) << result.err;
  EXPECT_TRUE(contains(result.err, "n=6 violate the assumptions")) << result.err;
  EXPECT_TRUE(contains(result.err, "n mod 16 = 0")) << result.err;
  EXPECT_EQ(result.out, "");
}

TEST_F(CliTest, DefinesOverrideTestParameters) {
  ProcessResult result =
      loom({"run", std::string(LOOM_EXAMPLES_DIR) + "/matmul_split.json", "-D", "n=48", "--check"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(contains(result.out, "(n=48)")) << result.out;
}

TEST_F(CliTest, RunRefusesMissingUnknownAndMalformedParameters) {
  fs::path spec = spec_file("no_parameters.json", R"({"loom": 1, "name": "scale",
    "domains": ["{[i]: 0<=i<n}"], "instructions": ["out[i] = 2*a[i]"],
    "args": [{"name": "a, out", "dtype": "float32", "shape": ["n"]}]})");
  struct Case {
    std::vector<std::string> defines;
    std::string message;
  };
  std::vector<Case> cases = {
      {{}, "no value for parameter(s) n"},
      {{"-D", "n=10", "-D", "m=3"}, "-D m=3: 'm' is not a parameter of kernel 'scale'"},
      {{"-D", "n=ten"}, "-D n=ten: the value of 'n' must be a number"},
      {{"-D", "n"}, "-D n: expected NAME=VALUE"},
      {{"-D", "n=1", "-D", "n=2"}, "-D n=2: 'n' is given twice"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> args = {"run", spec.string()};
    args.insert(args.end(), c.defines.begin(), c.defines.end());
    ProcessResult result = loom(args);
    EXPECT_EQ(result.exit_code, 2) << c.message;
    EXPECT_TRUE(contains(result.err, "error: " + c.message)) << result.err;
  }
}

TEST_F(CliTest, FixedParametersAcceptOnlyTheirValue) {
  fs::path spec = spec_file("fixed.json", R"({"loom": 1, "name": "scale",
    "domains": ["{[i]: 0<=i<n}"], "instructions": ["out[i] = 2*a[i]"],
    "args": [{"name": "a, out", "dtype": "float32", "shape": ["n"]}],
    "transforms": [{"op": "fix_parameters", "n": 32}, {"op": "split_iname", "iname": "i", "inner_length": 8}],
    "test": {"parameters": {"n": 32}}})");
  ProcessResult same = loom({"run", spec.string(), "--check"});
  EXPECT_EQ(same.exit_code, 0) << same.out << same.err;
  ProcessResult other = loom({"run", spec.string(), "--check", "-D", "n=64"});
  EXPECT_EQ(other.exit_code, 2);
  EXPECT_TRUE(
      contains(other.err, "error: parameter n=64: transform 0 of the spec (fix_parameters("))
      << other.err;
  EXPECT_TRUE(contains(other.err, "fixed n to 32")) << other.err;
}

// ---- targets and options -----------------------------------------------------------------------

TEST_F(CliTest, MissingTargetsAreEnvironmentErrors) {
  std::string spec = std::string(LOOM_EXAMPLES_DIR) + "/vector_scale.json";
  ProcessResult result = loom({"run", spec, "--target", "cuda"});
  EXPECT_EQ(result.exit_code, 3);
  EXPECT_TRUE(contains(result.err, "error: target 'cuda' is not available in this build of loom")) << result.err;
}

// --emit ptx and cubin-info need NVRTC (the CUDA toolkit), not a GPU; without NVRTC they are
// environment errors (exit 3) that say so.
TEST_F(CliTest, EmitPtxAndCubinInfoThroughNvrtc) {
  std::string spec = std::string(LOOM_EXAMPLES_DIR) + "/vector_scale.json";
  ProcessResult ptx = loom({"compile", spec, "--emit", "ptx", "--arch", "sm_80"});
  if (ptx.exit_code == 3) {
    EXPECT_TRUE(contains(ptx.err, "NVRTC")) << ptx.err;
    return;
  }
  EXPECT_EQ(ptx.exit_code, 0) << ptx.err;
  EXPECT_TRUE(contains(ptx.out, ".visible .entry vector_scale(")) << ptx.out;
  EXPECT_TRUE(contains(ptx.out, ".target sm_80")) << ptx.out;
  ProcessResult info = loom({"compile", spec, "--emit", "cubin-info"});
  EXPECT_EQ(info.exit_code, 0) << info.err;
  EXPECT_TRUE(contains(info.out, "kernel vector_scale: ")) << info.out;
  EXPECT_TRUE(contains(info.out, "spill stores 0 B")) << info.out;
  ProcessResult opencl = loom({"compile", spec, "--emit", "ptx", "--target", "opencl"});
  EXPECT_EQ(opencl.exit_code, 2);  // a bad combination of options
  EXPECT_TRUE(contains(opencl.err, "target 'opencl' has none (use --target cuda)")) << opencl.err;
}

// SPEC.md: exit code 5 when the kernel faults on the device; the message names the kernel.
TEST_F(CliTest, GpuKernelFaultExitsFive) {
  SKIP_WITHOUT_CUDA();
  std::string spec = spec_file("fault.json", R"({"loom": 1, "name": "scatter_fault",
    "domains": ["{[i]: 0<=i<n}"], "instructions": ["out[idx[i]] = 1"],
    "args": [{"name": "out", "dtype": "float32", "shape": ["n"]}, {"name": "idx", "dtype": "int32", "shape": ["n"]},
             {"name": "n", "kind": "value", "dtype": "int32"}],
    "transforms": [{"op": "split_iname", "iname": "i", "inner_length": 128, "outer_tag": "g.0",
                    "inner_tag": "l.0", "unchecked": true}],
    "test": {"parameters": {"n": 1000}, "inputs": {"idx": {"arange": [200000000, 1000000]}}}})").string();
  // Asynchronous launch: the fault surfaces at the copy back, which names the kernel before it.
  ProcessResult result = loom({"run", spec, "--target", "cuda"});
  EXPECT_EQ(result.exit_code, 5) << result.err;
  EXPECT_TRUE(contains(result.err, "(after kernel 'scatter_fault')")) << result.err;
  EXPECT_TRUE(contains(result.err, "later launches are refused")) << result.err;
  // Checked mode (--check) waits after each kernel: the error is the kernel's own.
  ProcessResult checked = loom({"run", spec, "--target", "cuda", "--check"});
  EXPECT_EQ(checked.exit_code, 5) << checked.err;
  EXPECT_TRUE(contains(checked.err, "cuStreamSynchronize failed with CUDA_ERROR_")) << checked.err;
  EXPECT_TRUE(contains(checked.err, "for kernel 'scatter_fault' of 'scatter_fault'")) << checked.err;
}

TEST_F(CliTest, BadCommandLinesExitTwo) {
  std::string spec = std::string(LOOM_EXAMPLES_DIR) + "/vector_scale.json";
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  std::vector<Case> cases = {
      {{}, "error: A subcommand is required"},
      {{"compiel", spec}, "error: unknown command 'compiel'"},
      {{"compile"}, "error: spec is required"},
      {{"compile", spec, "--frobnicate"},
       "error: The following argument was not expected: --frobnicate"},
      {{"compile", spec, "--target", "vulkan"}, "error: --target: vulkan not in {c,opencl,cuda}"},
      {{"compile", spec, "--target", "c", "--arch", "sm_90"}, "error: --arch sm_90 selects a CUDA GPU architecture"},
      {{"run", spec, "--repeat", "0"},
       "error: --repeat 0: the number of timed runs must be at least 1"},
      {{"run", (dir_ / "absent.json").string()}, "cannot read spec file"},
  };
  for (const Case& c : cases) {
    ProcessResult result = loom(c.args);
    EXPECT_EQ(result.exit_code, 2) << c.message;
    EXPECT_TRUE(contains(result.err, c.message)) << result.err;
  }
}

// ---- bad specs: exit 2, `error: <JSON path>: ...` ----------------------------------------------

// A valid spec with `transform` as its only transform.
std::string spec_with_transform(const std::string& transform) {
  return R"({"loom": 1, "name": "scale", "domains": ["{[i]: 0<=i<n}"], "instructions": ["out[i] = 2*a[i]"],
    "args": [{"name": "a, out", "dtype": "float32", "shape": ["n"]}],
    "transforms": [)" +
         transform + R"(], "test": {"parameters": {"n": 64}}})";
}

TEST_F(CliTest, SpecErrorsNameTheJsonPath) {
  struct Case {
    std::string what, spec;
    std::vector<std::string> message_parts;
  };
  std::vector<Case> cases = {
      {"missing domains",
       R"({"loom": 1, "name": "scale", "instructions": ["out[i] = 2*a[i]"]})",
       {"error: /domains: "}},
      {"misspelled parameter",
       spec_with_transform(R"({"op": "split_iname", "iname": "i", "inner_lenght": 16})"),
       {"error: /transforms/0/inner_lenght: ", "did you mean 'inner_length'?"}},
      {"wrong type",
       spec_with_transform(R"({"op": "split_iname", "iname": "i", "inner_length": "16x"})"),
       {"error: /transforms/0/inner_length: ", "16x"}},
      {"unknown transform",
       spec_with_transform(R"({"op": "split_inames", "iname": "i", "inner_length": 16})"),
       {"error: /transforms/0/op: ", "split_inames", "did you mean 'split_iname'?"}},
      {"unknown iname",
       spec_with_transform(R"({"op": "split_iname", "iname": "q", "inner_length": 16})"),
       {"error: /transforms/0: ", "unknown iname 'q'"}},
      {"malformed JSON",
       "{\"loom\": 1,\n  \"name\": \"scale\"\n  \"domains\": []\n}",
       {"error: ", "line 3", "column "}},
      {"truncated file", spec_with_transform("").substr(0, 90), {"error: ", "malformed JSON"}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    ProcessResult result = loom({"run", spec_file("bad.json", c.spec).string(), "--check"});
    EXPECT_EQ(result.exit_code, 2) << result.err;
    for (const std::string& part : c.message_parts)
      EXPECT_TRUE(contains(result.err, part)) << result.err;
    EXPECT_EQ(result.out, "");
  }
}

TEST_F(CliTest, FiftyMegabytesOfGarbageExitTwoQuickly) {
  std::string garbage(50u << 20, '\0');
  std::mt19937_64 random(7);
  for (char& byte : garbage) byte = static_cast<char>(random());
  fs::path spec = spec_file("garbage.json", garbage);
  ProcessResult result = loom({"run", spec.string(), "--check"}, std::chrono::seconds(30));
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_TRUE(contains(result.err, "error: ")) << result.err;
  EXPECT_LT(result.seconds, 10.0);
}

// Generated OpenCL run under oclgrind, which reports every out-of-bounds access (PoCL reads past
// a buffer's end without a fault, so a check alone cannot see one): the tuned SGEMM, and a
// pipelined fetch whose k tile (16) is wider than the l.0 axis (8), so each work-item loads two
// elements per row in an ilp loop. Its loads of the next tile stop one k iteration before the
// products; the unrolled copies' condition on the k loop was taken for the loop's own bound and
// dropped, and the last iteration read past the end of `a` (a CUDA illegal-address fault).
TEST_F(CliTest, GeneratedOpenCLStaysInBoundsUnderOclgrind) {
  std::string oclgrind = "/usr/bin/oclgrind";
  ASSERT_TRUE(fs::exists(oclgrind)) << "oclgrind is missing: ./dev deps installs it";
  fs::path pipelined = dir_ / "pipelined.json";
  write_text(pipelined, R"spec({"loom": 1, "name": "pipelined_k_tile_wider_than_l0", "domains": ["{[i,j,k]: 0<=i,j,k<n}"], "instructions": ["c[i, j] = sum(k, a[i, k]*b[k, j])"], "args": [{"name": "a, b, c", "dtype": "float32", "shape": ["n", "n"]}, {"name": "n", "kind": "value", "dtype": "int32"}], "assumptions": "n >= 1", "transforms": [{"op": "split_iname", "iname": "i", "inner_length": 4, "inner_iname": "ir", "outer_iname": "i1", "inner_tag": "ilp"}, {"op": "split_iname", "iname": "i1", "inner_length": 16, "inner_iname": "il", "outer_iname": "i2", "inner_tag": "l.1"}, {"op": "split_iname", "iname": "i2", "inner_length": 2, "inner_iname": "ir2", "outer_iname": "ig", "inner_tag": "ilp", "outer_tag": "g.1"}, {"op": "split_iname", "iname": "j", "inner_length": 4, "inner_iname": "jr", "outer_iname": "j1", "inner_tag": "ilp"}, {"op": "split_iname", "iname": "j1", "inner_length": 8, "inner_iname": "jl", "outer_iname": "j2", "inner_tag": "l.0"}, {"op": "split_iname", "iname": "j2", "inner_length": 2, "inner_iname": "jr2", "outer_iname": "jg", "inner_tag": "ilp", "outer_tag": "g.0"}, {"op": "split_iname", "iname": "k", "inner_length": 16, "inner_iname": "kk", "outer_iname": "ko", "slabs": [0, 1]}, {"op": "add_prefetch", "var_name": "a", "sweep_inames": ["ir", "il", "ir2", "kk"], "fetch_outer_inames": ["ig", "jg", "ko"], "default_tag": "l.auto"}, {"op": "add_prefetch", "var_name": "b", "sweep_inames": ["jr", "jl", "jr2", "kk"], "fetch_outer_inames": ["ig", "jg", "ko"], "default_tag": "l.auto"}, {"op": "tag_array_axes", "ary_names": "a_fetch", "dim_tags": "stride:1, stride:132"}, {"op": "pipeline_fetch", "fetch": "a_fetch_rule", "loop": "ko"}, {"op": "pipeline_fetch", "fetch": "b_fetch_rule", "loop": "ko"}, {"op": "prioritize_loops", "loop_priority": "ko, kk, ir2, ir, jr2, jr"}, {"op": "tag_inames", "iname_to_tag": "kk:unr_hint"}]})spec");
  // The same with 8x8 work-groups and a k tile of 16 (PipelineFetchTest.TileWiderThanTheWorkGroup-
  // UsesSeveralRegisters), at sizes where the last k tile is partial.
  fs::path wide = dir_ / "wide.json";
  write_text(wide, R"spec({"loom": 1, "name": "wide", "domains": ["{[i,j,k]: 0<=i,j,k<n}"], "instructions": ["c[i, j] = sum(k, a[i, k]*b[k, j])"], "args": [{"name": "a, b, c", "dtype": "float32", "shape": ["n", "n"]}, {"name": "n", "kind": "value", "dtype": "int32"}], "assumptions": "n >= 1", "transforms": [{"op": "split_iname", "iname": "i", "inner_length": 8, "outer_tag": "g.0", "inner_tag": "l.1"}, {"op": "split_iname", "iname": "j", "inner_length": 8, "outer_tag": "g.1", "inner_tag": "l.0"}, {"op": "split_iname", "iname": "k", "inner_length": 16, "slabs": [0, 1]}, {"op": "add_prefetch", "var_name": "a", "sweep_inames": ["k_inner", "i_inner"], "default_tag": "l.auto", "fetch_outer_inames": ["i_outer", "j_outer", "k_outer"]}, {"op": "add_prefetch", "var_name": "b", "sweep_inames": ["j_inner", "k_inner"], "default_tag": "l.auto", "fetch_outer_inames": ["i_outer", "j_outer", "k_outer"]}, {"op": "pipeline_fetch", "fetch": "a_fetch_rule", "loop": "k_outer"}, {"op": "pipeline_fetch", "fetch": "b_fetch_rule", "loop": "k_outer"}]})spec");
  std::string tuned = std::string(LOOM_EXAMPLES_DIR) + "/memory/sgemm_tuned.json";
  for (const auto& [spec, n] : std::vector<std::pair<std::string, int>>{
           {tuned, 32}, {tuned, 45}, {pipelined.string(), 32}, {wide.string(), 17}, {wide.string(), 31}, {wide.string(), 33}}) {
    std::vector<std::string> arguments = {"run", spec, "--target", "opencl", "--check", "-D", "n=" + std::to_string(n)};
    if (spec == tuned) {  // rectangular (m, n, p), round_up tiles: the padding must stay in bounds
      arguments.insert(arguments.end(), {"-D", "m=" + std::to_string(n + 3), "-D", "p=" + std::to_string(n - 7)});
    }
    ProcessResult result = loom(arguments, std::chrono::seconds(300), {oclgrind});
    std::string output = result.out + result.err;
    EXPECT_EQ(result.exit_code, 0) << spec << " n=" << n << "\n" << output;
    EXPECT_NE(output.find("check passed"), std::string::npos) << output;
    EXPECT_EQ(output.find("Invalid"), std::string::npos) << spec << " n=" << n << "\n" << output;
  }
}

// Issue 27: a float64 temporary in a kernel of float32 arrays is named on stderr by compile and
// explain; the code is still printed.
TEST_F(CliTest, CompileAndExplainWarnAboutFloat64InAFloat32Kernel) {
  fs::path spec = spec_file("f64.json", R"({"loom": 1, "name": "scaled", "domains": ["{[i]: 0<=i<n}"],
    "instructions": ["<> eps = 1e-5", "<float64> acc = x[i]", "y[i] = acc + eps"],
    "args": [{"name": "x, y", "dtype": "float32", "shape": ["n"]}, {"name": "n", "kind": "value", "dtype": "int32"}]})");
  for (std::string command : {"compile", "explain"}) {
    SCOPED_TRACE(command);
    ProcessResult result = loom({command, spec.string(), "--target", "c"});
    EXPECT_EQ(result.exit_code, 0) << result.err;
    EXPECT_NE(result.err.find("warning: kernel 'scaled': temporary 'eps' is float64"), std::string::npos) << result.err;
    EXPECT_NE(result.err.find("warning: kernel 'scaled': temporary 'acc' is float64"), std::string::npos) << result.err;
    EXPECT_NE(result.out.find("void scaled("), std::string::npos) << result.out;
  }
  ProcessResult clean = loom({"compile", (fs::path(LOOM_EXAMPLES_DIR) / "rows" / "layernorm.json").string(), "--target", "c"});
  EXPECT_EQ(clean.exit_code, 0) << clean.err;
  EXPECT_EQ(clean.err.find("warning"), std::string::npos) << clean.err;
}

// Issue 26: with a warm spec cache `compile` prints the same code and warnings and `run` the
// same line as with a cold one, for a plain spec and a round_up one; the entries are written.
TEST_F(CliTest, SpecCacheHitsPrintWhatMissesPrint) {
  fs::path cache = dir_ / "cache";
  setenv("LOOM_CACHE_DIR", cache.c_str(), 1);
  fs::path f64 = spec_file("f64.json", R"({"loom": 1, "name": "scaled", "domains": ["{[i]: 0<=i<n}"],
    "instructions": ["<> eps = 1e-5", "<float64> acc = x[i]", "y[i] = acc + eps"],
    "args": [{"name": "x, y", "dtype": "float32", "shape": ["n"]}, {"name": "n", "kind": "value", "dtype": "int32"}],
    "assumptions": "n >= 1", "test": {"parameters": {"n": 10}}})");
  std::string round_up = spec_file("round_up.json", R"spec({"loom": 1, "name": "matmul", "domains": ["{[i,j,k]: 0<=i,j,k<n}"],
    "instructions": ["c[i, j] = sum(k, a[i, k]*b[k, j])"],
    "args": [{"name": "a, b, c", "dtype": "float32", "shape": ["n", "n"]}, {"name": "n", "kind": "value"}],
    "assumptions": "n >= 1", "test": {"parameters": {"n": 20}},
    "transforms": [{"op": "split_iname", "iname": "i", "inner_length": 16, "outer_tag": "g.0", "inner_tag": "l.0",
                    "tail_strategy": "round_up"}]})spec").string();
  for (const std::vector<std::string>& command :
       std::vector<std::vector<std::string>>{{"compile", f64.string(), "--target", "c"},
                                             {"run", f64.string(), "--target", "c"},
                                             {"compile", round_up, "--target", "c"},
                                             {"run", round_up, "--target", "c", "-D", "n=33"},
                                             {"run", round_up, "--target", "c", "-D", "n=0"}}) {
    SCOPED_TRACE(command[0] + " " + command[1] + (command.size() > 4 ? " " + command[5] : ""));
    ProcessResult cold = loom(command);
    ProcessResult warm = loom(command);
    EXPECT_EQ(warm.exit_code, cold.exit_code) << cold.err << warm.err;
    EXPECT_EQ(warm.out, cold.out);
    EXPECT_EQ(warm.err.find("warning") != std::string::npos, cold.err.find("warning") != std::string::npos) << cold.err << warm.err;
    EXPECT_EQ(warm.err.find("violate the assumptions") != std::string::npos, cold.err.find("violate the assumptions") != std::string::npos)
        << cold.err << warm.err;
  }
  std::size_t entries = 0;
  for (const auto& entry : fs::directory_iterator(cache / "specs")) entries += entry.path().extension() == ".spec";
  unsetenv("LOOM_CACHE_DIR");
  EXPECT_EQ(entries, 4u) << "compile and run of each spec (n=0 is refused after the kernel is made)";
}

// Issue 23, class 15: floating-point value arguments take values from -D and test.parameters.
TEST_F(CliTest, FloatingPointValueArgumentsTakeValues) {
  fs::path spec = spec_file("axpy.json", R"spec({"loom": 1, "name": "axpy", "domains": "{[i]: 0<=i<n}",
    "instructions": "y[i] = alpha*x[i] + y[i]",
    "args": [{"name": "x, y", "dtype": "float32", "shape": ["n"]}, {"name": "alpha", "kind": "value", "dtype": "float32"}, "..."],
    "transforms": [{"op": "split_iname", "iname": "i", "inner_length": 4}],
    "test": {"parameters": {"n": 9, "alpha": 1.5}}})spec");
  for (const std::vector<std::string>& defines :
       std::vector<std::vector<std::string>>{{}, {"-D", "alpha=2.5"}, {"-D", "alpha=3"}, {"-D", "n=5", "-D", "alpha=-0.25e1"}}) {
    std::vector<std::string> args{"run", spec.string(), "--target", "c", "--check"};
    args.insert(args.end(), defines.begin(), defines.end());
    ProcessResult result = loom(args);
    EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
    EXPECT_TRUE(contains(result.out, "check passed")) << result.out << result.err;
  }
  ProcessResult bad = loom({"run", spec.string(), "--target", "c", "-D", "alpha=fast"});
  EXPECT_EQ(bad.exit_code, 2) << bad.err;
  EXPECT_TRUE(contains(bad.err, "-D alpha=fast: the value of 'alpha' must be a number, got 'fast'")) << bad.err;
  ProcessResult not_floating = loom({"run", spec.string(), "--target", "c", "-D", "n=1.5"});
  EXPECT_EQ(not_floating.exit_code, 2) << not_floating.err;
  EXPECT_TRUE(contains(not_floating.err, "'n' is not a floating-point value argument of kernel 'axpy'")) << not_floating.err;
}

// A float argument whose spec value has no decimal point ("beta": 3) was an integer parameter,
// which the check prefers to -D's floating-point value: -D beta=0.0 ran with beta = 3 (wt-lang11).
// 12 / int(beta) faults for beta = 0, so the exit status tells which value the kernel saw.
TEST_F(CliTest, AFloatDefineReplacesAnIntegerWrittenTestValue) {
  fs::path spec = spec_file("recip.json", R"spec({"loom": 1, "name": "recip", "domains": "{[i]: 0<=i<n}",
    "instructions": "out[i] = 12 / cast(int32, beta)",
    "args": [{"name": "out", "dtype": "int32", "shape": ["n"]}, {"name": "beta", "kind": "value", "dtype": "float32"}, "..."],
    "test": {"parameters": {"n": 4, "beta": 3}}})spec");
  ProcessResult as_written = loom({"run", spec.string(), "--target", "c", "--check"});
  EXPECT_EQ(as_written.exit_code, 0) << as_written.out << as_written.err;
  ProcessResult zero = loom({"run", spec.string(), "--target", "c", "--check", "-D", "beta=0.0"});
  EXPECT_EQ(zero.exit_code, 5) << zero.out << zero.err;
  EXPECT_TRUE(contains(zero.err, "integer division by zero")) << zero.err;
}

// ---- fused specs (issue 31) ------------------------------------------------------------------

const std::string kFusedExample = std::string(LOOM_EXAMPLES_DIR) + "/fusion/producer_consumer.json";

TEST_F(CliTest, FusedSpecPassesRunCheckOnTheCTarget) {
  for (const char* n : {"n=1", "n=1000", "n=4099"}) {
    ProcessResult result = loom({"run", kFusedExample, "--target", "c", "--check", "-D", n});
    EXPECT_EQ(result.exit_code, 0) << n << "\n" << result.out << result.err;
    EXPECT_TRUE(contains(result.out, "check passed")) << result.out;
  }
  // One device kernel: one launch instead of the two kernels' two.
  ProcessResult stats = loom({"stats", kFusedExample, "-D", "n=4096", "--target", "c"});
  ASSERT_EQ(stats.exit_code, 0) << stats.err;
  EXPECT_TRUE(contains(stats.out, "kernel launches: 1  = 1\n")) << stats.out;
}

TEST_F(CliTest, FusedSpecPassesRunCheckOnOpenCL) {
  REQUIRE_OPENCL();
  ProcessResult result = loom({"run", kFusedExample, "--target", "opencl", "--check", "-D", "n=4099"});
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_TRUE(contains(result.out, "check passed")) << result.out;
}

TEST_F(CliTest, FusedSpecRefusesAnIllegalFusionNamingTheInstancePair) {
  std::string text = read_text(kFusedExample);
  auto replace = [&](const std::string& from, const std::string& to) {
    auto at = text.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    text.replace(at, from.size(), to);
  };
  // The consumer reads one element ahead: the shared loop would read b[i+1] before it is written.
  replace("c[i] = b[i]*b[i] - a[i]", "c[i] = b[i+1]");
  replace("{\"name\": \"a, b\", \"dtype\": \"float32\", \"shape\": [\"n\"]}",
          "{\"name\": \"a, b\", \"dtype\": \"float32\", \"shape\": [\"n+1\"]}");
  replace("{\"name\": \"a, b, c\", \"dtype\": \"float32\", \"shape\": [\"n\"]}",
          "{\"name\": \"a, b\", \"dtype\": \"float32\", \"shape\": [\"n+1\"]},\n        "
          "{\"name\": \"c\", \"dtype\": \"float32\", \"shape\": [\"n\"]}");
  ProcessResult result = loom({"run", spec_file("ahead.json", text).string(), "--target", "c", "--check"});
  EXPECT_EQ(result.exit_code, 2) << result.out << result.err;
  EXPECT_TRUE(contains(result.err, "error: /fuse: fuse_kernels: ")) << result.err;
  EXPECT_TRUE(contains(result.err, "would run insn_0[i=")) << result.err;
  EXPECT_TRUE(contains(result.err, "(reads b) before insn[i=")) << result.err;
}

}  // namespace
}  // namespace loom
