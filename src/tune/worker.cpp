#include "tune/worker.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <iostream>
#include <map>

#include <nlohmann/json.hpp>

#include "loom/array.hpp"
#include "loom/check.hpp"
#include "loom/device.hpp"
#include "loom/error.hpp"
#include "loom/runtime.hpp"
#include "loom/spec.hpp"
#include "loom/spec_check_options.hpp"
#include "runtime/host_cuda.hpp"
#include "tune/search_space.hpp"

namespace loom::tune {

using nlohmann::json;
using detail::CudaDeviceInfo;
using detail::cuda_device_info;
using detail::cuda_context_poisoned;

namespace {

// ---- the worker's side -------------------------------------------------------------------------

// `--inject fault`: a scatter far outside its array (a real device fault, which poisons the
// context just as a faulty candidate would).
constexpr const char* kFaultSpec = R"spec({"loom": 1, "name": "tune_injected_fault",
 "domains": ["{[i]: 0<=i<n}"], "instructions": ["out[idx[i]] = 1"],
 "args": [{"name": "out", "dtype": "float32", "shape": ["n"]}, {"name": "idx", "dtype": "int32", "shape": ["n"]},
          {"name": "n", "kind": "value", "dtype": "int32"}],
 "transforms": [{"op": "split_iname", "iname": "i", "inner_length": 128, "outer_tag": "g.0", "inner_tag": "l.0", "unchecked": true}],
 "test": {"parameters": {"n": 1000}, "inputs": {"idx": {"arange": [200000000, 1000000]}}}})spec";

// `--inject hang`: 2^62 dependent steps per work-item (the sweep's timeout must end it); k and m
// appear in the expression so that the instruction runs inside their loops.
constexpr const char* kHangSpec = R"spec({"loom": 1, "name": "tune_injected_hang",
 "domains": ["{[i, k, m]: 0<=i<n and 0<=k<2147483647 and 0<=m<2147483647}"],
 "instructions": ["out[i] = out[i] * 0.999 + 1 + 0 * (k + m)"],
 "args": [{"name": "out", "dtype": "float32", "shape": ["n"]}, {"name": "n", "kind": "value", "dtype": "int32"}],
 "transforms": [{"op": "split_iname", "iname": "i", "inner_length": 128, "outer_tag": "g.0", "inner_tag": "l.0"}],
 "test": {"parameters": {"n": 128}}})spec";

void reply(const json& message) {
  std::cout << message.dump() << "\n" << std::flush;
}

// Device copies of the test inputs, made once per argument layout and size: sweeps measure many
// schedules of one kernel. Several copies when they fit in L2 twice, so each launch reads cold data.
class InputSets {
 public:
  const std::vector<ArgumentMap>& sets_for(const Spec& spec, const ParameterMap& sizes, int l2_bytes) {
    std::string key = layout_key(spec.kernel, sizes);
    auto found = sets_.find(key);
    if (found != sets_.end()) return found->second;
    sets_.clear();  // one layout at a time: device memory is the limit
    CheckOptions options = check_options_from_test(spec.test, Target::C);
    ArgumentMap host = make_test_arguments(spec.kernel, sizes, options);
    std::size_t bytes = 0;
    for (const auto& [name, value] : host) {
      if (const auto* array = std::get_if<Array>(&value)) bytes += array->nbytes_spanned();
    }
    std::size_t copies = bytes == 0 ? 1 : std::clamp<std::size_t>(2 * static_cast<std::size_t>(l2_bytes) / bytes + 1, 1, 8);
    std::vector<ArgumentMap> sets;
    for (std::size_t copy = 0; copy < copies; ++copy) {
      ArgumentMap device;
      for (const auto& [name, value] : host) {
        if (const auto* array = std::get_if<Array>(&value)) device[name] = DeviceArray::from_host(*array);
        else device[name] = value;
      }
      sets.push_back(std::move(device));
    }
    return sets_[key] = std::move(sets);
  }

 private:
  static std::string layout_key(const LoopKernel& kernel, const ParameterMap& sizes) {
    std::string key = sizes_json(sizes);
    for (const KernelArgument& arg : kernel.args) {
      key += "|" + arg.name + ":" + (arg.dtype ? std::string(dtype_name(*arg.dtype)) : "?");
      for (const ExprPtr& extent : arg.shape) key += "," + std::to_string(evaluate_integer(*extent, sizes));
    }
    return key;
  }
  std::map<std::string, std::vector<ArgumentMap>> sets_;
};

double median_of(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

// Seconds per phase of one request, returned beside the result (the sweep's "where the time went").
class PhaseClock {
 public:
  void lap(const char* phase) {
    auto now = std::chrono::steady_clock::now();
    phases_[phase] = phases_.value(phase, 0.0) + std::chrono::duration<double>(now - last_).count();
    last_ = now;
  }
  const json& phases() const { return phases_; }

 private:
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
  json phases_ = json::object();
};

json time_candidate(const Spec& spec, const json& request, InputSets& inputs, const CudaDeviceInfo& info, PhaseClock& clock) {
  ParameterMap sizes = request.at("sizes").get<ParameterMap>();
  CompiledKernel program = compile(spec.kernel, Target::CUDA);
  clock.lap("compile");
  const std::vector<ArgumentMap>& sets = inputs.sets_for(spec, sizes, info.l2_cache_bytes);
  std::vector<BoundLaunch> launches;
  for (const ArgumentMap& set : sets) launches.push_back(program.bind(set));
  clock.lap("inputs");
  launches[0]();  // warm-up (module load, caches)
  int repeats = std::max(1, request.value("repeats", 20));
  std::optional<double> stop_above;
  if (request.contains("stop_above_ms") && !request["stop_above_ms"].is_null()) stop_above = request["stop_above_ms"].get<double>();
  std::vector<double> times;
  for (int run = 0; run < repeats; ++run) {
    Event start, end;
    start.record();
    launches[static_cast<std::size_t>(run) % launches.size()]();
    end.record();
    times.push_back(Event::elapsed_ms(start, end));
    if (run == 0 && stop_above && times[0] > *stop_above) break;
  }
  clock.lap("runs");
  json result = {{"status", "measured"}, {"time_ms", median_of(times)}, {"runs", times.size()}};
  std::vector<DeviceKernelResources> resources = program.resources();
  if (!resources.empty()) result["registers"] = resources[0].registers;
  return result;
}

json check_candidate(const Spec& spec, const json& request) {
  CheckOptions options = check_options_from_test(spec.test, Target::CUDA);
  CheckResult checked = check_against_reference(spec.kernel, spec.reference, request.at("check_sizes").get<ParameterMap>(), options);
  if (checked.passed) return nullptr;
  return {{"status", "failed"}, {"message", "wrong results at the check sizes: " + checked.report()}};
}

json run_injected(const std::string& what) {
  Spec spec = read_spec(what == "hang" ? kHangSpec : kFaultSpec);
  CheckOptions options = check_options_from_test(spec.test, Target::C);
  set_synchronous_launches(true);
  compile(spec.kernel, Target::CUDA)(make_test_arguments(spec.kernel, spec.test.parameters, options));
  return {{"status", "failed"}, {"message", "the injected " + what + " kernel returned"}};
}

json handle(const json& request, InputSets& inputs, const CudaDeviceInfo& info) {
  std::string inject = request.value("inject", "");
  if (!inject.empty()) return run_injected(inject);
  PhaseClock clock;
  Spec spec = read_spec(request.at("spec").get<std::string>());
  clock.lap("spec");
  if (request.contains("check_sizes")) {
    json failed = check_candidate(spec, request);
    clock.lap("check");
    if (!failed.is_null()) {
      failed["phases"] = clock.phases();
      return failed;
    }
  }
  json result = time_candidate(spec, request, inputs, info, clock);
  result["phases"] = clock.phases();
  return result;
}

// ---- the parent's side -------------------------------------------------------------------------

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::string exit_description(int status) {
  if (WIFSIGNALED(status)) return std::string("killed by signal ") + strsignal(WTERMSIG(status));
  if (WIFEXITED(status)) return "exited with code " + std::to_string(WEXITSTATUS(status));
  return "ended";
}

}  // namespace

int run_worker() {
  const CudaDeviceInfo* info = nullptr;
  try {
    info = &cuda_device_info();
  } catch (const Error& error) {
    reply({{"error", error.what()}});
    return 3;
  }
  reply({{"device", {{"name", info->name},
                     {"compute_capability", std::to_string(info->compute_major) + "." + std::to_string(info->compute_minor)},
                     {"driver", std::to_string(info->driver_version)},
                     {"arch", info->arch}}}});
  InputSets inputs;
  std::string line;
  while (std::getline(std::cin, line)) {
    json result;
    bool poisoned = false;
    try {
      result = handle(json::parse(line), inputs, *info);
    } catch (const CudaError& error) {
      poisoned = cuda_context_poisoned();
      result = {{"status", poisoned ? "fault" : "failed"}, {"message", error.what()}};
    } catch (const std::exception& error) {
      result = {{"status", "failed"}, {"message", error.what()}};
    }
    reply(result);
    if (poisoned) return 5;  // the context is unusable: the parent starts a new worker
  }
  return 0;
}

WorkerProcess::WorkerProcess(std::string executable, int ordinal, double timeout_s)
    : executable_(std::move(executable)), ordinal_(ordinal), timeout_s_(timeout_s) {}

WorkerProcess::~WorkerProcess() { stop(); }

void WorkerProcess::start() {
  // A worker that died between requests must not take the sweep with it (EPIPE instead of SIGPIPE).
  signal(SIGPIPE, SIG_IGN);
  int in_pipe[2], out_pipe[2];
  if (pipe(in_pipe) != 0 || pipe(out_pipe) != 0) throw Error(std::string("loom tune: cannot create pipes: ") + strerror(errno));
  pid_ = fork();
  if (pid_ < 0) throw Error(std::string("loom tune: cannot start a worker: ") + strerror(errno));
  if (pid_ == 0) {
    dup2(in_pipe[0], STDIN_FILENO);
    dup2(out_pipe[1], STDOUT_FILENO);
    int quiet = open("/dev/null", O_WRONLY);
    if (quiet >= 0 && std::getenv("LOOM_TUNE_WORKER_STDERR") == nullptr) dup2(quiet, STDERR_FILENO);
    for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1]}) close(fd);
    setenv("LOOM_CUDA_DEVICE", std::to_string(ordinal_).c_str(), 1);
    execl(executable_.c_str(), executable_.c_str(), "tune", "--worker", static_cast<char*>(nullptr));
    _exit(127);
  }
  close(in_pipe[0]);
  close(out_pipe[1]);
  to_worker_ = in_pipe[1];
  from_worker_ = out_pipe[0];
  pending_.clear();
  std::optional<std::string> hello = receive(60.0);
  if (!hello) throw EnvironmentError("loom tune: the worker on device " + std::to_string(ordinal_) + " did not start (" + last_stderr_hint_ + ")");
  json message = json::parse(*hello);
  if (message.contains("error")) throw EnvironmentError("loom tune: the worker on device " + std::to_string(ordinal_) + ": " + message["error"].get<std::string>());
  const json& device = message.at("device");
  device_ = DeviceIdentity{device.at("name"), device.at("compute_capability"), device.at("driver")};
}

void WorkerProcess::stop() {
  if (pid_ <= 0) return;
  if (to_worker_ >= 0) close(to_worker_);
  if (from_worker_ >= 0) close(from_worker_);
  to_worker_ = from_worker_ = -1;
  kill(pid_, SIGKILL);
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -1;
}

bool WorkerProcess::send(const std::string& line) {
  std::string text = line + "\n";
  std::size_t written = 0;
  while (written < text.size()) {
    ssize_t n = write(to_worker_, text.data() + written, text.size() - written);
    if (n <= 0) return false;
    written += static_cast<std::size_t>(n);
  }
  return true;
}

std::optional<std::string> WorkerProcess::receive(double timeout_s) {
  auto start = std::chrono::steady_clock::now();
  while (true) {
    std::size_t newline = pending_.find('\n');
    if (newline != std::string::npos) {
      std::string line = pending_.substr(0, newline);
      pending_.erase(0, newline + 1);
      return line;
    }
    double left = timeout_s - seconds_since(start);
    if (left <= 0) {
      last_stderr_hint_ = "no answer within " + std::to_string(static_cast<int>(timeout_s)) + " s";
      stop();
      return std::nullopt;
    }
    pollfd fd{from_worker_, POLLIN, 0};
    int ready = poll(&fd, 1, static_cast<int>(std::min(left, 1.0) * 1000) + 1);
    if (ready <= 0) continue;
    char buffer[4096];
    ssize_t n = read(from_worker_, buffer, sizeof buffer);
    if (n <= 0) {
      int status = 0;
      waitpid(pid_, &status, 0);
      pid_ = -1;
      close(to_worker_);
      close(from_worker_);
      to_worker_ = from_worker_ = -1;
      last_stderr_hint_ = "the worker " + exit_description(status);
      return std::nullopt;
    }
    pending_.append(buffer, static_cast<std::size_t>(n));
  }
}

DeviceIdentity WorkerProcess::device() {
  if (!device_) start();
  return *device_;
}

MeasureResult WorkerProcess::measure(const MeasureRequest& request) {
  if (pid_ <= 0) {
    if (device_) ++restarts_;
    start();
  }
  json message = {{"spec", request.spec_json}, {"sizes", request.sizes}, {"repeats", request.repeats}};
  if (request.stop_above_ms) message["stop_above_ms"] = *request.stop_above_ms;
  if (request.check_sizes) message["check_sizes"] = *request.check_sizes;
  if (!request.inject.empty()) message["inject"] = request.inject;
  if (!send(message.dump())) {
    stop();
    return {RecordStatus::Fault, std::nullopt, 0, "the worker could not be reached"};
  }
  std::optional<std::string> line = receive(timeout_s_);
  if (!line) {
    bool timed_out = last_stderr_hint_.rfind("no answer", 0) == 0;
    return {timed_out ? RecordStatus::Timeout : RecordStatus::Fault, std::nullopt, 0, last_stderr_hint_};
  }
  json answer = json::parse(*line);
  MeasureResult result;
  result.status = status_from_name(answer.at("status"));
  if (answer.contains("time_ms")) result.time_ms = answer["time_ms"].get<double>();
  result.runs = answer.value("runs", 0);
  result.message = answer.value("message", "");
  if (answer.contains("phases")) result.phases = answer["phases"].get<std::map<std::string, double>>();
  if (result.status == RecordStatus::Fault) {
    // The worker exits after a fault; reap it so the next request starts a new one.
    receive(5.0);
    stop();
  }
  return result;
}

}  // namespace loom::tune
