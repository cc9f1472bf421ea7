// `loom tune SPACE`: sweeps a search space of transform schedules (docs/tuning.md), recording
// every candidate; `loom tune --worker` is the measurement process it starts per GPU.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>

#include "cli/commands.hpp"
#include "loom/error.hpp"
#include "tune/records.hpp"
#include "tune/search_space.hpp"
#include "tune/tuner.hpp"
#include "tune/worker.hpp"

namespace loom::cli {

namespace {

std::string own_executable() {
  std::error_code error;
  std::filesystem::path path = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) throw EnvironmentError("loom tune: cannot find its own executable to start workers (/proc/self/exe)");
  return path.string();
}

// One line that rewrites itself on a terminal; plain lines in a log.
class TuneProgress {
 public:
  explicit TuneProgress(std::size_t total) : total_(total), terminal_(isatty(STDERR_FILENO) != 0) {}
  void operator()(const std::string& line) {
    ++done_;
    if (!terminal_) {
      std::cerr << "[" << done_ << "/" << total_ << "] " << line << "\n";
      return;
    }
    constexpr int kWidth = 30;
    int filled = total_ == 0 ? kWidth : static_cast<int>(kWidth * std::min<double>(1.0, double(done_) / double(total_)));
    std::string bar = std::string(static_cast<std::size_t>(filled), '#') + std::string(static_cast<std::size_t>(kWidth - filled), '.');
    std::cerr << "\r\033[K[" << bar << "] " << done_ << "/" << total_ << " " << line.substr(0, 150) << std::flush;
  }
  void finish() const {
    if (terminal_) std::cerr << "\n";
  }

 private:
  std::size_t total_, done_ = 0;
  bool terminal_;
};

// The winner, re-run by a worker: checked against the reference at the check sizes, then timed
// again with the sweep's repeats (its time should reproduce the record's).
tune::WinnerCheck winner_check(tune::Measurer& measurer, int repeats, std::string& remeasured) {
  return [&measurer, repeats, &remeasured](const tune::Record& best, const tune::SearchSpace& space) -> std::string {
    nlohmann::json spec = space.spec;
    spec["transforms"] = nlohmann::json::parse(best.schedule_json);
    tune::MeasureRequest request;
    request.spec_json = spec.dump();
    request.sizes = space.sizes;
    request.check_sizes = space.check_sizes;
    request.repeats = repeats;
    tune::MeasureResult result = measurer.measure(request);
    if (result.status != tune::RecordStatus::Measured) return std::string(tune::status_name(result.status)) + ": " + result.message;
    std::ostringstream text;
    text << std::setprecision(4) << *result.time_ms << " ms re-measured (record " << *best.time_ms << " ms)";
    remeasured = text.str();
    return "";
  };
}

tune::TuneOptions sweep_options(const TuneOptions& options, TuneProgress& progress) {
  tune::TuneOptions sweep;
  sweep.resume = options.resume;
  sweep.trials = options.trials;
  sweep.time_budget_s = options.time_s;
  sweep.search = options.search;
  sweep.repeats = options.repeats;
  sweep.estimate_device = options.estimate_device;
  sweep.prune_estimate_factor = options.prune_estimate;
  sweep.compile_threads = options.jobs;
  if (options.seed) sweep.seed = *options.seed;
  sweep.inject_fault_at = options.inject_fault;
  sweep.inject_hang_at = options.inject_hang;
  sweep.progress = [&progress](const std::string& line) { progress(line); };
  return sweep;
}

}  // namespace

int tune_command(const TuneOptions& options) {
  use_cuda_compiler(options.compiler);
  if (options.worker) return tune::run_worker();
  if (options.space_path.empty()) throw Error("loom tune: give a search-space file (docs/tuning.md)");
  if (options.repeats < 1) throw Error("--repeats " + std::to_string(options.repeats) + ": at least 1");
  if (options.devices.empty()) throw Error("--devices: give at least one GPU ordinal");
  tune::SearchSpace space = tune::read_search_space_file(options.space_path);
  if (options.prepare_only) {
    TuneProgress unused(0);
    std::string text = tune::prepare_only(space, sweep_options(options, unused)).markdown();
    std::cout << text;
    if (options.summary_path) std::ofstream(*options.summary_path) << text;
    return kSuccess;
  }
  tune::RecordStore store(options.db.value_or(tune::default_records_path()));
  std::string executable = own_executable();
  std::vector<std::unique_ptr<tune::WorkerProcess>> workers;
  std::vector<tune::Measurer*> measurers;
  for (int ordinal : options.devices) {
    workers.push_back(std::make_unique<tune::WorkerProcess>(executable, ordinal, options.timeout_s));
    measurers.push_back(workers.back().get());
  }
  TuneProgress progress(0);
  tune::TuneOptions sweep = sweep_options(options, progress);
  progress = TuneProgress(tune::candidates_to_try(space, sweep));
  std::string remeasured;
  tune::SweepSummary summary = tune::run_sweep(space, sweep, store, measurers,
                                               winner_check(*measurers[0], options.repeats, remeasured));
  progress.finish();
  std::string text = summary.markdown();
  if (!remeasured.empty()) text += "\nWinner " + remeasured + ".\n";
  int restarts = 0;
  for (const auto& worker : workers) restarts += worker->restarts();
  text += "\nWorker restarts: " + std::to_string(restarts) + ". Records: " + store.path() + " (" +
          std::to_string(store.count()) + " in all).\n";
  std::cout << text;
  if (options.summary_path) std::ofstream(*options.summary_path) << text;
  if (summary.best && !summary.verified) return kCheckMismatch;
  return kSuccess;
}

}  // namespace loom::cli
