// loom tune's sweep (docs/tuning.md): candidates from a search space are pruned and compiled in a
// thread pool while measurers (worker processes, one per GPU) time them; every outcome becomes a
// record; the winner is re-verified against the reference.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "tune/records.hpp"
#include "tune/search_space.hpp"
#include "tune/worker.hpp"

namespace loom::tune {

struct TuneOptions {
  bool resume = false;                   // skip candidates the records already hold
  std::optional<std::size_t> trials;     // candidates to try (default: the whole space)
  std::optional<double> time_budget_s;   // stop starting new candidates after this
  std::string search = "auto";           // exhaustive | random | evolution | auto
  int repeats = 20;
  double slow_factor = 10;               // one run only for candidates this much slower than the best
  int compile_threads = 0;               // 0: one per core
  uint64_t seed = 1;
  std::optional<std::size_t> inject_fault_at;  // 1-based index of a measured candidate replaced by a faulting kernel
  std::optional<std::size_t> inject_hang_at;   // ... by an endless one
  std::function<void(const std::string& line)> progress;  // called after each candidate
  // Roofline estimates (loom stats) are recorded beside each candidate for the device model named
  // here (h100, h200, a100, cpu); with `prune_estimate_factor`, a candidate whose estimate exceeds
  // that factor times the smallest estimate seen so far is pruned without measuring (opt-in).
  std::string estimate_device = "h100";
  std::optional<double> prune_estimate_factor;
};

// Where one candidate's preparation went (seconds of wall time in its thread, and the thread's CPU
// time for the whole of it): the figures behind the sweep's "where the time went".
struct PreparationTimes {
  double spec_s = 0;      // reading the spec: transforms with their legality checks
  double codegen_s = 0;   // isl AST, lowering, printing
  // The CUDA compiler to a CUBIN: NVRTC (front end, NVVM, ptxas) or, under --compiler llvm, LLVM's
  // O3 and NVPTX back end and the driver's JIT (ptxas); or a CUBIN cache read.
  double compile_s = 0;
  double estimate_s = 0;  // the roofline statistics
  double cpu_s = 0;       // the thread's CPU time over all of the above
};

// What a candidate is before it is measured: its concrete spec, or why it was pruned.
struct PreparedCandidate {
  Assignment params;
  std::string spec_json;
  std::string schedule_json;
  std::string kernel_hash;
  std::optional<std::string> pruned;  // the reason, when it cannot run
  int registers = 0;                  // ptxas's count for the first device kernel (0: unknown)
  std::size_t unrolled_size = 0;      // of its code (below): the order of compiles, largest first
  std::optional<double> estimate_ms;  // candidate_estimate_ms, when the kernel could be counted
  double prepare_s = 0;
  PreparationTimes times;
};

struct PrepareOptions {
  std::string estimate_device;  // the roofline model of estimate_ms ("": none)
  // Without a GPU, compile with NVRTC for sm_90 anyway (registers; `loom tune --prepare-only`):
  // off by default, since the CUBIN cannot be used without a device.
  bool compile_without_gpu = false;
};

// Legality (the transforms' own checks), the assumptions at the sizes, the device's resources
// (threads, shared memory) and, where NVRTC and a GPU are present, registers; the CUBIN then
// sits in the cache for the worker.
// Where a GPU is present, code generation checks against its limits and the generated code goes
// into the kernel level of the cache too, so the worker's compile() is a cache hit at both levels.
PreparedCandidate prepare_candidate(const SearchSpace& space, const Assignment& params, const PrepareOptions& options = {});

// The roofline time bound of a candidate's kernel at the sweep's sizes on `peaks`: its float
// operations at the peak rate against the global bytes its instructions access at the bandwidth
// (no cache: the count that separates tilings). Nullopt when the statistics cannot be counted.
std::optional<double> candidate_estimate_ms(const std::string& spec_json, const ParameterMap& sizes, const std::string& device);

struct SweepSummary {
  std::string kernel_name, sweep_key, sizes;
  DeviceIdentity device;
  std::size_t space = 0, tried = 0, measured = 0, pruned = 0, failed = 0, faults = 0, timeouts = 0,
              resumed = 0, stopped_early = 0;
  double wall_s = 0, prepare_s = 0, measure_s = 0;
  // Where the wall time went: the preparation threads' stages summed over candidates, how long
  // the measurers waited for a prepared candidate, and the workers' phases summed.
  int threads = 0;
  std::string compiler = "nvrtc";  // the CUDA compiler the candidates went through (--compiler)
  std::size_t same_code = 0;        // candidates whose generated code another had: compiled once
  double prepare_wall_s = 0;  // from the start until the last candidate was prepared
  double measure_wait_s = 0;  // measurers idle, waiting for preparation
  PreparationTimes prepare_times;
  std::map<std::string, double> worker_phases;
  std::string timing_markdown() const;
  std::optional<Record> best;
  std::string verification;  // how the winner's re-check went
  bool verified = false;
  std::string markdown() const;
};

// Re-checks the winner (its spec) against the reference; returns "" when it passes, else why not.
using WinnerCheck = std::function<std::string(const Record& best, const SearchSpace& space)>;

// The preparation alone, without a GPU and without records (`loom tune --prepare-only`): every
// candidate the search would try (up to --trials) prepared in the thread pool, NVRTC included
// where present. For measuring where a sweep's CPU time goes.
struct PreparationSummary {
  std::size_t candidates = 0, pruned = 0;
  int threads = 0;
  std::string compiler = "nvrtc";  // as SweepSummary's
  std::size_t same_code = 0;        // as SweepSummary's
  double wall_s = 0;
  PreparationTimes times;  // summed over candidates
  std::vector<PreparedCandidate> prepared;
  std::string markdown() const;
};
PreparationSummary prepare_only(const SearchSpace& space, const TuneOptions& options);

// NVRTC's work on generated CUDA, for the order in which a sweep compiles its candidates (most
// first): the source's non-empty lines, each counted once per iteration of the `#pragma unroll`
// loops with constant bounds around it (at most N times under `#pragma unroll N`). Offline, a 32-deep unrolled k tile cost 11x the NVRTC time
// of an 8-deep one with a source of similar length.
std::size_t unrolled_size(const std::string& source);

// How many candidates a sweep will try: the allowed space (constraints applied where it is
// enumerated), at most --trials; for the progress line.
std::size_t candidates_to_try(const SearchSpace& space, const TuneOptions& options);

// Threads for preparation: the CPUs this process may run on (its affinity mask), at least 1.
int default_compile_threads();

SweepSummary run_sweep(const SearchSpace& space, const TuneOptions& options, RecordStore& store,
                       const std::vector<Measurer*>& measurers, const WinnerCheck& check_winner);

// The schedule of the best record for `spec_json`'s kernel on the present device at `sizes`:
// `loom run --tuned`. Nullopt when there is none.
std::optional<Record> tuned_record(const std::string& spec_json, const ParameterMap& sizes,
                                   const std::string& device_name, RecordStore& store);

}  // namespace loom::tune
