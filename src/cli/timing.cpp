// Timing launches of a compiled kernel (see timing.hpp).
#include "cli/timing.hpp"

#include <algorithm>
#include <chrono>

#include "loom/device.hpp"

namespace loom::cli {

// Host wall-clock seconds of each of `runs` launches, after one untimed warm-up launch.
std::vector<double> time_launches(const CompiledKernel& program, const ArgumentMap& arguments,
                                  int runs) {
  program(arguments);
  std::vector<double> seconds;
  for (int run = 0; run < runs; ++run) {
    auto start = std::chrono::steady_clock::now();
    program(arguments);
    seconds.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  return seconds;
}

// CUDA: the arrays moved to the device once, and each launch timed on the GPU with CUDA events
// (host copies would dominate, and the host clock would time the launch, not the kernel).
std::vector<double> time_cuda_launches(const CompiledKernel& program,
                                       const ArgumentMap& host_arguments, int runs) {
  ArgumentMap arguments;
  for (const auto& [name, value] : host_arguments) {
    if (const auto* array = std::get_if<Array>(&value))
      arguments[name] = DeviceArray::from_host(*array);
    else
      arguments[name] = value;
  }
  BoundLaunch launch = program.bind(arguments);
  launch();
  std::vector<double> seconds;
  for (int run = 0; run < runs; ++run) {
    Event start, end;
    start.record();
    launch();
    end.record();
    seconds.push_back(Event::elapsed_ms(start, end) / 1e3);
  }
  return seconds;
}

double median_seconds(std::vector<double> seconds) {
  std::sort(seconds.begin(), seconds.end());
  std::size_t middle = seconds.size() / 2;
  return seconds.size() % 2 == 1 ? seconds[middle] : (seconds[middle - 1] + seconds[middle]) / 2;
}

}  // namespace loom::cli
