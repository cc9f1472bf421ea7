#include "tune/tuner.hpp"

#include <sched.h>
#include <time.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <exception>
#include <functional>
#include <iomanip>
#include <map>
#include <mutex>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "codegen/llvm_nvptx.hpp"
#include "ir/kernel_fingerprint.hpp"
#include "loom/codegen.hpp"
#include "loom/error.hpp"
#include "loom/runtime.hpp"
#include "loom/spec.hpp"
#include "loom/statistics.hpp"
#include "runtime/binary_cache.hpp"
#include "runtime/cuda_driver.hpp"
#include "runtime/kernel_cache.hpp"

namespace loom::tune {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

// A multiprocessor's register file (every CUDA GPU since sm_50): a block needing more cannot launch.
constexpr int64_t kRegistersPerMultiprocessor = 65536;
// Spaces larger than this are sampled, not enumerated.
constexpr std::size_t kMaxExhaustive = 100000;
constexpr std::size_t kEvolutionPopulation = 16;
constexpr std::size_t kEvolutionParents = 4;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

int64_t threads_per_block(const GeneratedCode& code) {
  int64_t most = 1;
  for (const DeviceKernel& kernel : code.device_kernels) {
    int64_t threads = 1;
    for (int64_t size : kernel.block_size) threads *= std::max<int64_t>(size, 1);
    most = std::max(most, threads);
  }
  return most;
}

double thread_cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) / 1e9;
}

// The present GPU, when there is one (the parent initializes the driver, not a context for
// launches): its limits for code generation and its arch for NVRTC.
const detail::CudaDeviceInfo* present_gpu() {
  try {
    return &detail::cuda_device_info();
  } catch (const EnvironmentError&) {
    return nullptr;
  }
}

int most_registers(const std::string& ptxas_log) {
  int most = 0;
  for (const DeviceKernelResources& kernel : detail::parse_ptxas_report(ptxas_log)) most = std::max(most, kernel.registers);
  return most;
}

// Compiles into the CUBIN cache where a GPU is present (the worker then loads it): NVRTC for CUDA
// C, the driver's JIT for the LLVM path's PTX. Without a GPU, only where asked, NVRTC for sm_90
// for the register count (the LLVM path's PTX needs the driver to be assembled: 0). Neither is an
// error where the compiler is missing (0: unknown).
int compiled_registers(const GeneratedCode& code, const std::string& subject, bool gpu, bool compile_without_gpu) {
  bool ptx = codegen::is_llvm_ptx(code.source);
  try {
    if (gpu) return most_registers(detail::precompile_cubin(code.source, subject));
    if (compile_without_gpu && !ptx) {
      return most_registers(detail::nvrtc_compile(code.source, default_cuda_arch(), subject, /*report=*/true).log);
    }
  } catch (const EnvironmentError&) {
  }
  return 0;
}

// The worker's compile() of this kernel then finds its code at the kernel level of the cache (no
// isl, no code generation in the worker: those ran here, in parallel) and the CUBIN beneath it.
// The entry is the sweep's compiler's: the worker inherits $LOOM_CUDA_COMPILER (`--compiler`).
void write_kernel_cache_entry(const LoopKernel& kernel, const GeneratedCode& code, CudaCompiler compiler) {
  if (std::getenv("LOOM_NO_CACHE") != nullptr) return;
  detail::write_generated_code(detail::cuda_kernel_cache_path(kernel, std::string(cuda_compiler_name(compiler))), code);
}

void add_times(PreparationTimes& sum, const PreparationTimes& times) {
  sum.spec_s += times.spec_s;
  sum.codegen_s += times.codegen_s;
  sum.compile_s += times.compile_s;
  sum.estimate_s += times.estimate_s;
  sum.cpu_s += times.cpu_s;
}

std::optional<double> estimate_ms_of(const LoopKernel& kernel, const ParameterMap& sizes, const std::string& device) {
  try {
    KernelStatistics stats = kernel_statistics(kernel);
    DevicePeaks peaks = device_peaks(device);
    double flops = static_cast<double>(stats.flops().evaluate(sizes));
    double bytes = static_cast<double>(stats.global_bytes_accessed().evaluate(sizes));
    return std::max(flops / (peaks.gflops * 1e9), bytes / (peaks.bandwidth_gbs * 1e9)) * 1e3;
  } catch (const Error&) {
    return std::nullopt;  // a kernel the counters cannot handle is measured without an estimate
  }
}

// What compiling one generated code gave: the register count and, under the LLVM compiler, the PTX.
struct CompiledCode {
  int registers = 0;
  std::string llvm_ptx;
};

// A candidate between the two stages of its preparation: the first (legality, assumptions, code
// generation) ends with its code, the second (the CUDA compiler, registers, the estimate) with what
// the measurers need. The sweep runs the second stage of the candidates it holds most expensive
// first. Under the LLVM compiler the first stage keeps the device functions' AST and the second
// turns it into PTX (LLVM's O3 and NVPTX back end) before the driver's JIT assembles it.
struct CandidateInProgress {
  PreparedCandidate candidate;
  std::optional<Spec> built;
  GeneratedCode code;
  CudaCompiler compiler = CudaCompiler::Nvrtc;
  std::vector<cast::Function> device_functions;  // the LLVM path's input
  const detail::CudaDeviceInfo* gpu = nullptr;
  ParameterMap sizes;       // the sweep's, for the estimate
  double compile_cost = 0;  // unrolled_size of the code: NVRTC's work, for the order of compiles
  // The generated CUDA C's hash: candidates whose schedules differ can generate the same code
  // (sgemm_space_v5's S=1 and S=2 of a 32-deep k tile), and such code is compiled once.
  std::string code_key;
  // What compiling the same code gave before, when it was: no second compile, the CUBIN is a cache
  // hit (whose report is empty: the registers come from here).
  std::optional<CompiledCode> compiled_before;
  bool finished = false;    // pruned before it needed compiling, or compiled
};

// Adds one stage's wall time (to `into` and prepare_s) and thread CPU time to the candidate;
// stages may run on different threads.
class StageClock {
 public:
  explicit StageClock(PreparedCandidate& candidate)
      : candidate_(candidate), start_(Clock::now()), lap_(start_), cpu_start_(thread_cpu_seconds()) {}
  ~StageClock() {
    candidate_.prepare_s += seconds_since(start_);
    candidate_.times.cpu_s += thread_cpu_seconds() - cpu_start_;
  }
  StageClock(const StageClock&) = delete;
  StageClock& operator=(const StageClock&) = delete;
  void lap(double& into) {
    Clock::time_point now = Clock::now();
    into += std::chrono::duration<double>(now - lap_).count();
    lap_ = now;
  }

 private:
  PreparedCandidate& candidate_;
  Clock::time_point start_, lap_;
  double cpu_start_;
};

void generate_into(CandidateInProgress& work, const SearchSpace& space, const Assignment& params) {
  PreparedCandidate& candidate = work.candidate;
  StageClock clock(candidate);
  candidate.params = params;
  work.sizes = space.sizes;
  json spec = concrete_spec(space, params);
  candidate.spec_json = spec.dump();
  candidate.schedule_json = spec.value("transforms", json::array()).dump();
  auto prune = [&](const std::string& reason) {
    candidate.pruned = reason;
    work.finished = true;
  };
  if (std::optional<std::string> violated = violated_constraint(space, params)) {
    prune("constraint " + *violated);
    return;
  }
  try {
    work.built = read_spec(candidate.spec_json);
  } catch (const Error& error) {
    clock.lap(candidate.times.spec_s);
    prune(std::string("illegal: ") + error.what());
    return;
  }
  clock.lap(candidate.times.spec_s);
  candidate.kernel_hash = detail::hex_hash(detail::kernel_fingerprint(work.built->kernel));
  try {
    check_parameters(work.built->kernel, space.sizes);
  } catch (const Error& error) {
    prune(std::string("assumptions: ") + error.what());
    return;
  }
  work.gpu = present_gpu();
  work.compiler = default_cuda_compiler();
  try {
    DeviceLimits limits = work.gpu ? work.gpu->limits : offline_device_limits(Target::CUDA);
    work.code = work.compiler == CudaCompiler::Llvm
                    ? codegen::generate_code_with_functions(work.built->kernel, Target::CUDA, limits, work.device_functions)
                    : generate_code(work.built->kernel, Target::CUDA, limits);
  } catch (const Error& error) {
    clock.lap(candidate.times.codegen_s);
    prune(std::string("resources: ") + error.what());
    return;
  }
  candidate.unrolled_size = unrolled_size(work.code.source);
  work.compile_cost = static_cast<double>(candidate.unrolled_size);
  work.code_key = detail::hex_hash(work.code.source);
  clock.lap(candidate.times.codegen_s);
}

// What a compiled candidate's compile gave, for the candidates with the same code. Not a compile
// error: a candidate with the same code meets it again itself.
std::optional<CompiledCode> compiled_code_of(const CandidateInProgress& work) {
  if (work.candidate.pruned && work.candidate.pruned->rfind("compile error", 0) == 0) return std::nullopt;
  return CompiledCode{work.candidate.registers, work.compiler == CudaCompiler::Llvm ? work.code.source : std::string()};
}

// Timed into the candidate by generate_into's clock, which writes when it goes out of scope.
CandidateInProgress generate_candidate(const SearchSpace& space, const Assignment& params) {
  CandidateInProgress work;
  generate_into(work, space, params);
  return work;
}

void compile_candidate(CandidateInProgress& work, const PrepareOptions& options) {
  PreparedCandidate& candidate = work.candidate;
  StageClock clock(candidate);
  work.finished = true;
  try {
    // The arch compile() uses for the worker (the present GPU's, else sm_90).
    const std::optional<CompiledCode>& before = work.compiled_before;
    if (work.compiler == CudaCompiler::Llvm) {
      work.code.source = before ? before->llvm_ptx : codegen::emit_nvptx(work.device_functions, default_cuda_arch(), /*want_ir=*/false).ptx;
    }
    if (before && !work.gpu) {
      candidate.registers = before->registers;  // nothing to put into a cache without a GPU
    } else {
      candidate.registers = compiled_registers(work.code, "candidate " + assignment_json(candidate.params), work.gpu != nullptr,
                                               options.compile_without_gpu);
      if (before && candidate.registers == 0) candidate.registers = before->registers;  // the CUBIN was a cache hit
    }
  } catch (const Error& error) {
    clock.lap(candidate.times.compile_s);
    candidate.pruned = std::string("compile error: ") + error.what();
    return;
  }
  clock.lap(candidate.times.compile_s);
  int64_t threads = threads_per_block(work.code);
  if (candidate.registers > 0 && candidate.registers * threads > kRegistersPerMultiprocessor) {
    candidate.pruned = "registers: " + std::to_string(candidate.registers) + " per work-item x " + std::to_string(threads) +
                       " work-items exceed the " + std::to_string(kRegistersPerMultiprocessor) + " of a multiprocessor";
    return;
  }
  if (work.gpu) write_kernel_cache_entry(work.built->kernel, work.code, work.compiler);
  if (!options.estimate_device.empty()) {
    candidate.estimate_ms = estimate_ms_of(work.built->kernel, work.sizes, options.estimate_device);
    clock.lap(candidate.times.estimate_s);
  }
}

// Where the candidates come from: the whole space in order, random draws, or mutations of the
// best measured so far.
class CandidateSource {
 public:
  CandidateSource(const SearchSpace& space, const TuneOptions& options)
      : space_(space), random_(options.seed), strategy_(choose(space, options)) {
    if (strategy_ == "exhaustive") {
      for (Assignment& assignment : all_assignments(space)) {
        if (!violated_constraint(space, assignment)) ordered_.push_back(std::move(assignment));
      }
    }
  }

  const std::string& strategy() const { return strategy_; }
  std::size_t allowed() const { return strategy_ == "exhaustive" ? ordered_.size() : space_size(space_); }

  void seen(const std::string& params) { seen_.insert(params); }
  void measured(const Assignment& params, double time_ms) { measured_.emplace_back(time_ms, params); }

  std::optional<Assignment> next() {
    if (strategy_ == "exhaustive") {
      while (position_ < ordered_.size()) {
        const Assignment& candidate = ordered_[position_++];
        if (seen_.insert(assignment_json(candidate)).second) return candidate;
      }
      return std::nullopt;
    }
    for (int attempt = 0; attempt < 4000; ++attempt) {
      // The best candidates' neighbourhoods run out before the space does: then draw at random.
      Assignment candidate = attempt < 200 ? draw() : random_assignment(space_, random_);
      if (violated_constraint(space_, candidate)) continue;
      if (seen_.insert(assignment_json(candidate)).second) return candidate;
    }
    return std::nullopt;  // the allowed space is (nearly) exhausted
  }

 private:
  static std::string choose(const SearchSpace& space, const TuneOptions& options) {
    std::size_t size = space_size(space);
    if (options.search != "auto") {
      if (options.search == "exhaustive" && size > kMaxExhaustive) {
        throw Error("loom tune: the space has " + std::to_string(size) + " candidates, too many to enumerate; use --search random or evolution");
      }
      if (options.search != "exhaustive" && options.search != "random" && options.search != "evolution") {
        throw Error("loom tune: unknown --search '" + options.search + "' (exhaustive, random, evolution, auto)");
      }
      return options.search;
    }
    bool small = size <= kMaxExhaustive && (!options.trials || size <= *options.trials);
    return small ? "exhaustive" : "evolution";
  }

  Assignment draw() {
    if (strategy_ == "random" || measured_.size() < kEvolutionPopulation) return random_assignment(space_, random_);
    std::sort(measured_.begin(), measured_.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::size_t parents = std::min(kEvolutionParents, measured_.size());
    const Assignment& parent = measured_[std::uniform_int_distribution<std::size_t>(0, parents - 1)(random_)].second;
    Assignment child = mutate(space_, parent, random_);
    if (std::bernoulli_distribution(0.5)(random_)) child = mutate(space_, child, random_);
    return child;
  }

  const SearchSpace& space_;
  std::mt19937_64 random_;
  std::string strategy_;
  std::vector<Assignment> ordered_;
  std::size_t position_ = 0;
  std::set<std::string> seen_;
  std::vector<std::pair<double, Assignment>> measured_;
};

// One sweep in progress: the records it adds and what it has learned. Candidates stream through
// a pipeline: preparation threads draw the next candidate and prepare it while the measurers
// (one per device) take the prepared ones in the order they were drawn, so the GPU measures
// candidate i while the threads compile i+1 ... i+window. The window bounds how far the drawing
// runs ahead of the measurements (the evolutionary search draws from what has been measured).
class Sweep {
 public:
  Sweep(const SearchSpace& space, const TuneOptions& options, RecordStore& store, const std::vector<Measurer*>& measurers)
      : space_(space), options_(options), store_(store), measurers_(measurers), source_(space, options) {
    summary_.kernel_name = space.kernel_name;
    summary_.sweep_key = space.sweep_key;
    summary_.sizes = sizes_json(space.sizes);
    summary_.device = measurers.at(0)->device();
    summary_.space = source_.allowed();
    if (options.resume) resume();
  }

  SweepSummary run() {
    start_ = Clock::now();
    int threads = options_.compile_threads > 0 ? options_.compile_threads : default_compile_threads();
    summary_.threads = threads;
    summary_.compiler = cuda_compiler_name(default_cuda_compiler());
    window_ = std::max<std::size_t>(8, 2 * static_cast<std::size_t>(threads));
    prepare_options_.estimate_device = options_.estimate_device;
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) workers.emplace_back([this] { guarded([this] { prepare_loop(); }); });
    for (std::size_t m = 1; m < measurers_.size(); ++m) {
      workers.emplace_back([this, m] { guarded([this, m] { measure_loop(*measurers_[m]); }); });
    }
    guarded([this] { measure_loop(*measurers_[0]); });
    for (std::thread& thread : workers) thread.join();
    if (failure_) std::rethrow_exception(failure_);
    summary_.wall_s = seconds_since(start_);
    summary_.best = store_.best(space_.sweep_key, summary_.device.name, summary_.sizes);
    return summary_;
  }

 private:
  // A candidate drawn from the source, and once its thread is done, what preparing it gave.
  struct Slot {
    Assignment params;
    std::optional<CandidateInProgress> work;  // between the two stages
    std::optional<PreparedCandidate> prepared;
    std::exception_ptr error;
    bool done = false;
  };

  // The first exception of any thread ends the sweep: every thread stops, run() rethrows it.
  template <typename Body>
  void guarded(Body body) {
    try {
      body();
    } catch (...) {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!failure_) failure_ = std::current_exception();
      stopping_ = true;
      changed_.notify_all();
    }
  }

  // A preparation thread's next job: the first stage of a newly drawn candidate while the window
  // allows drawing, else the second stage (the compiler) of the held candidate whose code is
  // largest, so that the longest compiles start first and do not end the sweep alone. A candidate
  // whose code another thread is compiling waits for that compile and then only reads its CUBIN.
  void prepare_loop() {
    while (true) {
      std::size_t index = 0;
      bool compile = false;
      Assignment params;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        changed_.wait(lock, [this] { return stopping_ || can_draw() || next_compile() != compile_queue_.end() || exhausted_; });
        if (stopping_) return;
        if (can_draw()) {
          std::optional<Assignment> next = out_of_budget() ? std::nullopt : source_.next();
          if (!next) {
            exhausted_ = true;
            changed_.notify_all();
            continue;
          }
          ++drawn_;
          index = slots_.size();
          slots_.push_back(Slot{*next, std::nullopt, std::nullopt, nullptr, false});
          params = std::move(*next);
        } else if (auto largest = next_compile(); largest != compile_queue_.end()) {
          index = *largest;
          compile_queue_.erase(largest);
          compiling_.insert(slots_[index].work->code_key);
          compile = true;
        } else {
          // Nothing to draw or compile: a thread still in a first stage compiles its own, and one
          // compiling a code compiles the candidates waiting for the same code afterwards.
          return;
        }
      }
      if (compile) {
        compile_stage(index);
      } else {
        generate_stage(index, params);
      }
    }
  }

  bool can_draw() const { return !exhausted_ && slots_.size() < next_to_measure_ + window_; }

  // With mutex_ held: the held candidate to compile next (the largest code no thread is compiling
  // now), or compile_queue_.end().
  std::vector<std::size_t>::iterator next_compile() {
    auto best = compile_queue_.end();
    for (auto it = compile_queue_.begin(); it != compile_queue_.end(); ++it) {
      const CandidateInProgress& work = *slots_[*it].work;
      if (compiling_.count(work.code_key) != 0) continue;
      if (best == compile_queue_.end() || slots_[*best].work->compile_cost < work.compile_cost) best = it;
    }
    return best;
  }

  void generate_stage(std::size_t index, const Assignment& params) {
    std::optional<CandidateInProgress> work;
    std::exception_ptr error;
    try {
      work = generate_candidate(space_, params);
    } catch (...) {
      error = std::current_exception();
    }
    std::lock_guard<std::mutex> lock(mutex_);
    Slot& slot = slots_[index];
    if (error || work->finished) {
      if (work) slot.prepared = std::move(work->candidate);
      slot.error = error;
      mark_prepared(slot);
    } else {
      slot.work = std::move(work);
      compile_queue_.push_back(index);
    }
    changed_.notify_all();
  }

  void compile_stage(std::size_t index) {
    CandidateInProgress work;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      work = std::move(*slots_[index].work);
      slots_[index].work.reset();
      if (auto found = compiled_.find(work.code_key); found != compiled_.end()) {
        work.compiled_before = found->second;
        ++summary_.same_code;
      }
    }
    std::exception_ptr error;
    try {
      compile_candidate(work, prepare_options_);
    } catch (...) {
      error = std::current_exception();
    }
    std::lock_guard<std::mutex> lock(mutex_);
    compiling_.erase(work.code_key);
    if (!error) remember_compiled(work);
    Slot& slot = slots_[index];
    slot.prepared = std::move(work.candidate);
    slot.error = error;
    mark_prepared(slot);
    changed_.notify_all();
  }

  // With mutex_ held.
  void remember_compiled(const CandidateInProgress& work) {
    if (work.compiled_before) return;
    if (std::optional<CompiledCode> compiled = compiled_code_of(work)) compiled_[work.code_key] = std::move(*compiled);
  }

  // With mutex_ held.
  void mark_prepared(Slot& slot) {
    slot.done = true;
    summary_.prepare_wall_s = std::max(summary_.prepare_wall_s, seconds_since(start_));
  }

  // Takes the candidates in the order they were drawn (records then follow the source's order,
  // whichever thread finished first).
  void measure_loop(Measurer& measurer) {
    while (true) {
      PreparedCandidate candidate;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        std::size_t index = next_to_measure_++;
        changed_.notify_all();  // the window moved on
        Clock::time_point waiting = Clock::now();
        changed_.wait(lock, [&] {
          return stopping_ || (index < slots_.size() && slots_[index].done) || (exhausted_ && index >= slots_.size());
        });
        summary_.measure_wait_s += seconds_since(waiting);
        if (stopping_ || index >= slots_.size()) return;
        Slot& slot = slots_[index];
        if (slot.error) std::rethrow_exception(slot.error);
        candidate = std::move(*slot.prepared);
        slot.prepared.reset();
        prune_by_estimate(candidate);
      }
      finish(candidate, measurer);
    }
  }

  void resume() {
    for (const Record& record : store_.sweep(space_.sweep_key, summary_.device.name, summary_.sizes)) {
      source_.seen(record.params_json);
      ++summary_.resumed;
      if (record.status == RecordStatus::Measured && record.time_ms) {
        source_.measured(assignment_from(record.params_json), *record.time_ms);
        best_ms_ = best_ms_ ? std::min(*best_ms_, *record.time_ms) : *record.time_ms;
      }
    }
  }

  static Assignment assignment_from(const std::string& params_json) {
    return json::parse(params_json).get<Assignment>();
  }

  bool out_of_budget() const {
    // A resumed sweep's records count toward its trials: --trials is the sweep's size.
    if (options_.trials && drawn_ + summary_.resumed >= *options_.trials) return true;
    return options_.time_budget_s && seconds_since(start_) >= *options_.time_budget_s;
  }

  Record record_of(const PreparedCandidate& candidate) const {
    Record record;
    record.sweep_key = space_.sweep_key;
    record.kernel_hash = candidate.kernel_hash;
    record.kernel_name = space_.kernel_name;
    record.device = summary_.device;
    record.sizes_json = summary_.sizes;
    record.params_json = assignment_json(candidate.params);
    record.schedule_json = candidate.schedule_json;
    record.loom_version = LOOM_VERSION;
    return record;
  }

  // Opt-in: candidates whose roofline estimate is far above the best estimate so far (this one's
  // included) are not worth a measurement. Called with mutex_ held.
  void prune_by_estimate(PreparedCandidate& candidate) {
    if (!options_.prune_estimate_factor || candidate.pruned || !candidate.estimate_ms) return;
    best_estimate_ms_ = best_estimate_ms_ ? std::min(*best_estimate_ms_, *candidate.estimate_ms) : *candidate.estimate_ms;
    double limit = *best_estimate_ms_ * *options_.prune_estimate_factor;
    if (*candidate.estimate_ms <= limit) return;
    std::ostringstream reason;
    reason << "estimate: " << *candidate.estimate_ms << " ms is more than " << *options_.prune_estimate_factor
           << "x the best estimate " << *best_estimate_ms_ << " ms";
    candidate.pruned = reason.str();
  }

  void finish(const PreparedCandidate& candidate, Measurer& measurer) {
    Record record = record_of(candidate);
    record.estimate_ms = candidate.estimate_ms;
    MeasureResult result;
    if (candidate.pruned) {
      record.status = RecordStatus::Pruned;
      record.message = *candidate.pruned;
    } else {
      result = measurer.measure(request_for(candidate));
      record.status = result.status;
      record.time_ms = result.time_ms;
      record.runs = result.runs;
      record.message = result.message;
    }
    std::lock_guard<std::mutex> lock(mutex_);
    store_.add(record);
    for (const auto& [phase, seconds] : result.phases) summary_.worker_phases[phase] += seconds;
    count(record, candidate);
  }

  MeasureRequest request_for(const PreparedCandidate& candidate) {
    MeasureRequest request;
    request.spec_json = candidate.spec_json;
    request.sizes = space_.sizes;
    request.check_sizes = space_.check_sizes;
    request.repeats = options_.repeats;
    std::lock_guard<std::mutex> lock(mutex_);
    if (best_ms_) request.stop_above_ms = *best_ms_ * options_.slow_factor;
    std::size_t index = ++measure_requests_;
    if (options_.inject_fault_at == index) request.inject = "fault";
    if (options_.inject_hang_at == index) request.inject = "hang";
    return request;
  }

  void count(const Record& record, const PreparedCandidate& candidate) {
    ++summary_.tried;
    summary_.prepare_s += candidate.prepare_s;
    add_times(summary_.prepare_times, candidate.times);
    switch (record.status) {
      case RecordStatus::Measured:
        ++summary_.measured;
        if (record.runs == 1 && options_.repeats > 1) ++summary_.stopped_early;
        summary_.measure_s += *record.time_ms * record.runs / 1e3;
        source_.measured(candidate.params, *record.time_ms);
        best_ms_ = best_ms_ ? std::min(*best_ms_, *record.time_ms) : *record.time_ms;
        break;
      case RecordStatus::Pruned: ++summary_.pruned; break;
      case RecordStatus::Failed: ++summary_.failed; break;
      case RecordStatus::Fault: ++summary_.faults; break;
      case RecordStatus::Timeout: ++summary_.timeouts; break;
    }
    if (options_.progress) options_.progress(progress_line(record));
  }

  std::string progress_line(const Record& record) const {
    std::ostringstream line;
    line << summary_.tried << " tried (" << summary_.measured << " measured, " << summary_.pruned << " pruned, "
         << summary_.failed + summary_.faults + summary_.timeouts << " failed)";
    if (best_ms_) line << ", best " << *best_ms_ << " ms";
    line << " | " << record.params_json << " " << status_name(record.status);
    if (record.time_ms) line << " " << *record.time_ms << " ms";
    return line.str();
  }

  const SearchSpace& space_;
  const TuneOptions& options_;
  RecordStore& store_;
  const std::vector<Measurer*>& measurers_;
  CandidateSource source_;
  PrepareOptions prepare_options_;
  SweepSummary summary_;
  Clock::time_point start_;
  std::optional<double> best_ms_;
  std::optional<double> best_estimate_ms_;
  std::size_t measure_requests_ = 0;
  std::size_t drawn_ = 0;  // candidates taken from the source (measured or on their way)
  // The pipeline, under mutex_: slots in draw order, those waiting for their compile, the next one
  // a measurer takes, whether the source has run out, and whether a thread failed.
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<Slot> slots_;
  std::vector<std::size_t> compile_queue_;  // slots whose first stage is done, waiting for the compiler
  std::set<std::string> compiling_;           // code_key of the compiles under way
  std::map<std::string, CompiledCode> compiled_;  // code_key -> what its compile gave
  std::size_t next_to_measure_ = 0;
  std::size_t window_ = 8;
  bool exhausted_ = false;
  bool stopping_ = false;
  std::exception_ptr failure_;
};

}  // namespace

PreparedCandidate prepare_candidate(const SearchSpace& space, const Assignment& params, const PrepareOptions& options) {
  CandidateInProgress work = generate_candidate(space, params);
  if (!work.finished) compile_candidate(work, options);
  return std::move(work.candidate);
}

std::optional<double> candidate_estimate_ms(const std::string& spec_json, const ParameterMap& sizes, const std::string& device) {
  try {
    return estimate_ms_of(read_spec(spec_json).kernel, sizes, device);
  } catch (const Error&) {
    return std::nullopt;
  }
}

std::size_t candidates_to_try(const SearchSpace& space, const TuneOptions& options) {
  std::size_t allowed = CandidateSource(space, options).allowed();
  return options.trials ? std::min(*options.trials, allowed) : allowed;
}

int default_compile_threads() {
  // Not hardware_concurrency(): in a container limited to some CPUs it counts the host's.
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  if (sched_getaffinity(0, sizeof allowed, &allowed) == 0) return std::max(1, CPU_COUNT(&allowed));
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

std::size_t unrolled_size(const std::string& source) {
  static const std::regex constant_loop(R"(for \((?:const )?\w+ \w+ = (-?\d+); \w+ <= (-?\d+); \+\+\w+\))");
  std::vector<std::pair<int, double>> unrolled;  // (brace depth inside an unrolled loop's body, its trips)
  double weight = 1, total = 0;
  double pending = 0;  // trips of a constant loop under `#pragma unroll` whose body has not opened
  double factor = 0;   // the pragma's factor (`#pragma unroll 4`: 4 copies of the body); 0: full
  bool after_pragma = false, after_loop = false;
  int depth = 0;
  std::istringstream lines(source);
  std::string line;
  while (std::getline(lines, line)) {
    std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos) continue;
    if (line.compare(first, 14, "#pragma unroll") == 0) {
      after_pragma = true;
      factor = std::atof(line.c_str() + first + 14);
      continue;
    }
    if (after_loop && line[first] != '{') pending = 0;  // a body without braces counts once
    after_loop = false;
    if (after_pragma) {
      std::smatch bounds;
      if (std::regex_search(line, bounds, constant_loop)) {
        pending = std::max(1.0, static_cast<double>(std::stoll(bounds[2]) - std::stoll(bounds[1]) + 1));
        if (factor > 0) pending = std::min(pending, factor);
        after_loop = true;
      }
      after_pragma = false;
    }
    total += weight;
    for (char c : line) {
      if (c == '{') {
        ++depth;
        if (pending > 0) {
          unrolled.emplace_back(depth, pending);
          weight *= pending;
          pending = 0;
        }
      } else if (c == '}') {
        if (!unrolled.empty() && unrolled.back().first == depth) {
          weight /= unrolled.back().second;
          unrolled.pop_back();
        }
        --depth;
      }
    }
  }
  return static_cast<std::size_t>(std::min(total, 1e18));
}

PreparationSummary prepare_only(const SearchSpace& space, const TuneOptions& options) {
  Clock::time_point start = Clock::now();
  CandidateSource source(space, options);
  std::vector<Assignment> candidates;
  while (!options.trials || candidates.size() < *options.trials) {
    std::optional<Assignment> next = source.next();
    if (!next) break;
    candidates.push_back(std::move(*next));
  }
  PreparationSummary summary;
  summary.threads = options.compile_threads > 0 ? options.compile_threads : default_compile_threads();
  summary.compiler = cuda_compiler_name(default_cuda_compiler());
  summary.prepared.resize(candidates.size());
  PrepareOptions prepare;
  prepare.estimate_device = options.estimate_device;
  prepare.compile_without_gpu = true;
  // As a sweep does: every candidate's code first, then the compiles, largest code first.
  std::vector<CandidateInProgress> work(candidates.size());
  auto in_pool = [&](const std::function<void(std::size_t)>& job) {
    std::atomic<std::size_t> next{0};
    auto loop = [&] {
      for (std::size_t i = next++; i < candidates.size(); i = next++) job(i);
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < summary.threads; ++t) pool.emplace_back(loop);
    loop();
    for (std::thread& thread : pool) thread.join();
  };
  in_pool([&](std::size_t i) { work[i] = generate_candidate(space, candidates[i]); });
  std::vector<std::size_t> order(candidates.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return work[a].compile_cost > work[b].compile_cost; });
  // Each code once (the first candidate of the order that has it), then the candidates with the
  // same code as one compiled, as a sweep does.
  std::map<std::string, std::size_t> first_with_code;
  std::vector<std::size_t> unique, repeated;
  for (std::size_t i : order) {
    if (work[i].finished) continue;
    (first_with_code.emplace(work[i].code_key, i).second ? unique : repeated).push_back(i);
  }
  auto compile_all = [&](const std::vector<std::size_t>& which) {
    in_pool([&](std::size_t i) {
      if (i < which.size()) compile_candidate(work[which[i]], prepare);
    });
  };
  compile_all(unique);
  for (std::size_t i : repeated) {
    work[i].compiled_before = compiled_code_of(work[first_with_code.at(work[i].code_key)]);
  }
  compile_all(repeated);
  for (std::size_t i : repeated) summary.same_code += work[i].compiled_before ? 1 : 0;
  for (std::size_t i = 0; i < candidates.size(); ++i) summary.prepared[i] = std::move(work[i].candidate);
  summary.wall_s = seconds_since(start);
  summary.candidates = candidates.size();
  for (const PreparedCandidate& candidate : summary.prepared) {
    if (candidate.pruned) ++summary.pruned;
    add_times(summary.times, candidate.times);
  }
  return summary;
}

namespace {

std::string seconds_text(double seconds) {
  std::ostringstream text;
  text << std::fixed << std::setprecision(2) << seconds << " s";
  return text.str();
}

// The compile stage's name in the summaries.
std::string compiler_label(const std::string& compiler) { return compiler == "llvm" ? "LLVM and the driver's JIT" : "NVRTC"; }

std::string stages_text(const PreparationTimes& times, const std::string& compiler) {
  return "spec and transforms " + seconds_text(times.spec_s) + ", code generation " + seconds_text(times.codegen_s) +
         ", " + compiler_label(compiler) + " " + seconds_text(times.compile_s) + ", estimate " + seconds_text(times.estimate_s) + " (thread CPU " +
         seconds_text(times.cpu_s) + ")";
}

}  // namespace

std::string PreparationSummary::markdown() const {
  std::ostringstream out;
  out << "# loom tune --prepare-only: " << candidates << " candidates (" << pruned << " pruned) on " << threads
      << " threads in " << seconds_text(wall_s) << "\n\n";
  out << "Summed over candidates: " << stages_text(times, compiler) << "; " << same_code
      << " had the code of another candidate (compiled once).\n\n";
  out << "| candidate | status | registers | unrolled size | spec | codegen | " << compiler_label(compiler) << " | estimate | thread CPU |\n";
  out << "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n";
  for (const PreparedCandidate& candidate : prepared) {
    out << "| " << assignment_json(candidate.params) << " | " << (candidate.pruned ? "pruned: " + candidate.pruned->substr(0, 80) : "ok")
        << " | " << candidate.registers << " | " << candidate.unrolled_size << " | " << seconds_text(candidate.times.spec_s) << " | "
        << seconds_text(candidate.times.codegen_s) << " | " << seconds_text(candidate.times.compile_s) << " | "
        << seconds_text(candidate.times.estimate_s) << " | " << seconds_text(candidate.times.cpu_s) << " |\n";
  }
  return out.str();
}

std::string SweepSummary::timing_markdown() const {
  std::ostringstream out;
  out << "Where the wall time went: " << threads << " preparation threads, the last candidate prepared at "
      << seconds_text(prepare_wall_s) << "; measurers waited " << seconds_text(measure_wait_s)
      << " for prepared candidates. Preparation summed over candidates (thread wall time): " << stages_text(prepare_times, compiler)
      << "; " << same_code << " had the code of another candidate (compiled once).";
  if (!worker_phases.empty()) {
    out << " Worker, summed:";
    const char* separator = " ";
    for (const auto& [phase, seconds] : worker_phases) {
      out << separator << phase << " " << seconds_text(seconds);
      separator = ", ";
    }
    out << ".";
  }
  out << "\n";
  return out.str();
}

SweepSummary run_sweep(const SearchSpace& space, const TuneOptions& options, RecordStore& store,
                       const std::vector<Measurer*>& measurers, const WinnerCheck& check_winner) {
  if (measurers.empty()) throw Error("loom tune: no device to measure on");
  SweepSummary summary = Sweep(space, options, store, measurers).run();
  if (summary.best && check_winner) {
    summary.verification = check_winner(*summary.best, space);
    summary.verified = summary.verification.empty();
    if (summary.verified) summary.verification = "passed";
  }
  return summary;
}

std::optional<Record> tuned_record(const std::string& spec_json, const ParameterMap& sizes,
                                   const std::string& device_name, RecordStore& store) {
  return store.best(sweep_key_of(json::parse(spec_json)), device_name, sizes_json(sizes));
}

std::string SweepSummary::markdown() const {
  std::ostringstream out;
  out << "# loom tune: " << kernel_name << " on " << device.name << " (sm " << device.compute_capability
      << ", driver " << device.driver << ") at " << sizes << "\n\n";
  out << "| candidates in the space | tried | measured | stopped after one run (>= 10x best) | pruned | failed | faults | timeouts | resumed from records |\n";
  out << "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n";
  out << "| " << space << " | " << tried << " | " << measured << " | " << stopped_early << " | " << pruned << " | " << failed
      << " | " << faults << " | " << timeouts << " | " << resumed << " |\n\n";
  out << "Wall time " << wall_s << " s; preparing (legality, code generation, " << compiler_label(compiler) << "; summed over threads) "
      << prepare_s << " s; timed kernel runs " << measure_s << " s.\n\n";
  out << timing_markdown() << "\n";
  if (best) {
    out << "Best: " << *best->time_ms << " ms with " << best->params_json << " (record " << best->id
        << "); re-verified against the reference: " << (verification.empty() ? "not checked" : verification) << "\n\n";
    out << "Schedule: `" << best->schedule_json << "`\n";
  } else {
    out << "No candidate was measured.\n";
  }
  return out.str();
}

}  // namespace loom::tune
