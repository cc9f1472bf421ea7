// Measuring candidates (docs/tuning.md): a worker process owns the GPU, so a candidate that
// faults or hangs kills only the worker, which is restarted; the sweep goes on.
#pragma once

#include <sys/types.h>

#include <map>
#include <optional>
#include <string>

#include "loom/array.hpp"
#include "loom/kernel.hpp"
#include "tune/records.hpp"

namespace loom::tune {

struct MeasureRequest {
  std::string spec_json;              // a concrete spec (its transforms are the candidate)
  ParameterMap sizes;
  int repeats = 20;                   // timed runs (median), after one warm-up
  std::optional<double> stop_above_ms;  // one timed run only when it takes longer (10x the best)
  std::optional<ParameterMap> check_sizes;  // checked against the reference there first
  std::string inject;                 // "fault" / "hang": run a faulting / endless kernel instead (demos, tests)
};

struct MeasureResult {
  RecordStatus status = RecordStatus::Measured;
  std::optional<double> time_ms;
  int runs = 0;
  std::string message;
  std::map<std::string, double> phases;  // the worker's seconds per phase (spec, check, compile, inputs, runs)
};

// Something that times candidates on one device; the tests use a fake.
class Measurer {
 public:
  virtual ~Measurer() = default;
  virtual DeviceIdentity device() = 0;
  virtual MeasureResult measure(const MeasureRequest& request) = 0;
};

// A child process (`loom tune --worker`) on device `ordinal` ($LOOM_CUDA_DEVICE), talking JSON
// lines over pipes. A request unanswered within `timeout_s` kills it (status Timeout); a worker
// that dies while measuring (a device fault poisons its context) gives status Fault. Either way
// the next request starts a fresh worker.
class WorkerProcess : public Measurer {
 public:
  WorkerProcess(std::string executable, int ordinal, double timeout_s);
  ~WorkerProcess() override;
  WorkerProcess(const WorkerProcess&) = delete;
  WorkerProcess& operator=(const WorkerProcess&) = delete;

  DeviceIdentity device() override;
  MeasureResult measure(const MeasureRequest& request) override;
  int restarts() const { return restarts_; }

 private:
  void start();
  void stop();
  bool send(const std::string& line);
  std::optional<std::string> receive(double timeout_s);  // nullopt: timed out or the worker died

  std::string executable_;
  int ordinal_;
  double timeout_s_;
  pid_t pid_ = -1;
  int to_worker_ = -1, from_worker_ = -1;
  std::string pending_;  // bytes read past the last line
  std::optional<DeviceIdentity> device_;
  int restarts_ = 0;
  std::string last_stderr_hint_;  // why the last exchange ended the worker
};

// The worker's side: announces its device on stdout, then answers one request per stdin line
// until stdin closes. Returns the process's exit code.
int run_worker();

}  // namespace loom::tune
