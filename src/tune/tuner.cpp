#include "tune/tuner.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <future>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "ir/kernel_fingerprint.hpp"
#include "loom/codegen.hpp"
#include "loom/error.hpp"
#include "loom/runtime.hpp"
#include "loom/spec.hpp"
#include "loom/statistics.hpp"
#include "runtime/binary_cache.hpp"
#include "runtime/cuda_driver.hpp"

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

// Compiles into the CUBIN cache where a GPU is present (the worker then loads it), else only asks
// NVRTC for the register count; neither is an error where CUDA is missing.
int compiled_registers(const GeneratedCode& code, const std::string& subject) {
  try {
    std::string log = detail::precompile_cubin(code.source, subject);
    std::vector<DeviceKernelResources> kernels = detail::parse_ptxas_report(log);
    int most = 0;
    for (const DeviceKernelResources& kernel : kernels) most = std::max(most, kernel.registers);
    return most;
  } catch (const EnvironmentError&) {
    return 0;
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

std::vector<PreparedCandidate> prepare_all(const SearchSpace& space, const std::vector<Assignment>& batch, int threads,
                                           const std::string& estimate_device) {
  std::vector<PreparedCandidate> prepared(batch.size());
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t i = next++; i < batch.size(); i = next++) {
      prepared[i] = prepare_candidate(space, batch[i]);
      if (!prepared[i].pruned) prepared[i].estimate_ms = candidate_estimate_ms(prepared[i].spec_json, space.sizes, estimate_device);
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (std::thread& thread : pool) thread.join();
  return prepared;
}

// One sweep in progress: the records it adds and what it has learned.
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
    Clock::time_point start = Clock::now();
    int threads = options_.compile_threads > 0 ? options_.compile_threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    std::size_t batch_size = std::max<std::size_t>(8, 2 * static_cast<std::size_t>(threads));
    std::vector<Assignment> batch = draw(batch_size, start);
    std::future<std::vector<PreparedCandidate>> preparing =
        std::async(std::launch::async, prepare_all, std::cref(space_), batch, threads, options_.estimate_device);
    while (!batch.empty()) {
      std::vector<PreparedCandidate> prepared = preparing.get();
      std::vector<Assignment> following = draw(batch_size, start);
      if (!following.empty()) {
        preparing = std::async(std::launch::async, prepare_all, std::cref(space_), following, threads, options_.estimate_device);
      }
      prune_by_estimate(prepared);
      measure_all(prepared);
      batch = std::move(following);
    }
    summary_.wall_s = seconds_since(start);
    summary_.best = store_.best(space_.sweep_key, summary_.device.name, summary_.sizes);
    return summary_;
  }

 private:
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

  bool out_of_budget(Clock::time_point start) const {
    // A resumed sweep's records count toward its trials: --trials is the sweep's size.
    if (options_.trials && drawn_ + summary_.resumed >= *options_.trials) return true;
    return options_.time_budget_s && seconds_since(start) >= *options_.time_budget_s;
  }

  std::vector<Assignment> draw(std::size_t count, Clock::time_point start) {
    std::vector<Assignment> batch;
    while (batch.size() < count && !out_of_budget(start)) {
      std::optional<Assignment> next = source_.next();
      if (!next) break;
      batch.push_back(std::move(*next));
      ++drawn_;
    }
    return batch;
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

  // Opt-in: candidates whose roofline estimate is far above the best estimate so far are not
  // worth a measurement.
  void prune_by_estimate(std::vector<PreparedCandidate>& prepared) {
    if (!options_.prune_estimate_factor) return;
    for (const PreparedCandidate& candidate : prepared) {
      if (!candidate.pruned && candidate.estimate_ms) {
        best_estimate_ms_ = best_estimate_ms_ ? std::min(*best_estimate_ms_, *candidate.estimate_ms) : *candidate.estimate_ms;
      }
    }
    if (!best_estimate_ms_) return;
    double limit = *best_estimate_ms_ * *options_.prune_estimate_factor;
    for (PreparedCandidate& candidate : prepared) {
      if (candidate.pruned || !candidate.estimate_ms || *candidate.estimate_ms <= limit) continue;
      std::ostringstream reason;
      reason << "estimate: " << *candidate.estimate_ms << " ms is more than " << *options_.prune_estimate_factor
             << "x the best estimate " << *best_estimate_ms_ << " ms";
      candidate.pruned = reason.str();
    }
  }

  void measure_all(const std::vector<PreparedCandidate>& prepared) {
    std::atomic<std::size_t> next{0};
    auto work = [&](Measurer* measurer) {
      for (std::size_t i = next++; i < prepared.size(); i = next++) finish(prepared[i], *measurer);
    };
    std::vector<std::thread> devices;
    for (std::size_t m = 1; m < measurers_.size(); ++m) devices.emplace_back(work, measurers_[m]);
    work(measurers_[0]);
    for (std::thread& thread : devices) thread.join();
  }

  void finish(const PreparedCandidate& candidate, Measurer& measurer) {
    Record record = record_of(candidate);
    record.estimate_ms = candidate.estimate_ms;
    if (candidate.pruned) {
      record.status = RecordStatus::Pruned;
      record.message = *candidate.pruned;
    } else {
      MeasureResult result = measurer.measure(request_for(candidate));
      record.status = result.status;
      record.time_ms = result.time_ms;
      record.runs = result.runs;
      record.message = result.message;
    }
    std::lock_guard<std::mutex> lock(mutex_);
    store_.add(record);
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
  SweepSummary summary_;
  std::optional<double> best_ms_;
  std::optional<double> best_estimate_ms_;
  std::size_t measure_requests_ = 0;
  std::size_t drawn_ = 0;  // candidates taken from the source (measured or on their way)
  std::mutex mutex_;
};

}  // namespace

PreparedCandidate prepare_candidate(const SearchSpace& space, const Assignment& params) {
  Clock::time_point start = Clock::now();
  PreparedCandidate candidate;
  candidate.params = params;
  json spec = concrete_spec(space, params);
  candidate.spec_json = spec.dump();
  candidate.schedule_json = spec.value("transforms", json::array()).dump();
  auto prune = [&](const std::string& reason) {
    candidate.pruned = reason;
    candidate.prepare_s = seconds_since(start);
    return candidate;
  };
  if (std::optional<std::string> violated = violated_constraint(space, params)) return prune("constraint " + *violated);
  std::optional<Spec> built;
  try {
    built = read_spec(candidate.spec_json);
  } catch (const Error& error) {
    return prune(std::string("illegal: ") + error.what());
  }
  candidate.kernel_hash = detail::hex_hash(detail::kernel_fingerprint(built->kernel));
  try {
    check_parameters(built->kernel, space.sizes);
  } catch (const Error& error) {
    return prune(std::string("assumptions: ") + error.what());
  }
  GeneratedCode code;
  try {
    code = generate_code(built->kernel, Target::CUDA, offline_device_limits(Target::CUDA));
  } catch (const Error& error) {
    return prune(std::string("resources: ") + error.what());
  }
  try {
    candidate.registers = compiled_registers(code, "candidate " + assignment_json(params));
  } catch (const Error& error) {
    return prune(std::string("compile error: ") + error.what());
  }
  int64_t threads = threads_per_block(code);
  if (candidate.registers > 0 && candidate.registers * threads > kRegistersPerMultiprocessor) {
    return prune("registers: " + std::to_string(candidate.registers) + " per work-item x " + std::to_string(threads) +
                 " work-items exceed the " + std::to_string(kRegistersPerMultiprocessor) + " of a multiprocessor");
  }
  candidate.prepare_s = seconds_since(start);
  return candidate;
}

std::optional<double> candidate_estimate_ms(const std::string& spec_json, const ParameterMap& sizes, const std::string& device) {
  try {
    Spec spec = read_spec(spec_json);
    KernelStatistics stats = kernel_statistics(spec.kernel);
    DevicePeaks peaks = device_peaks(device);
    double flops = static_cast<double>(stats.flops().evaluate(sizes));
    double bytes = static_cast<double>(stats.global_bytes_accessed().evaluate(sizes));
    return std::max(flops / (peaks.gflops * 1e9), bytes / (peaks.bandwidth_gbs * 1e9)) * 1e3;
  } catch (const Error&) {
    return std::nullopt;  // a kernel the counters cannot handle is measured without an estimate
  }
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
  out << "Wall time " << wall_s << " s; preparing (legality, code generation, NVRTC; summed over threads) "
      << prepare_s << " s; timed kernel runs " << measure_s << " s.\n\n";
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
