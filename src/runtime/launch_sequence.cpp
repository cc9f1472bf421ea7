#include "runtime/launch_sequence.hpp"

#include <optional>

#include "loom/error.hpp"

namespace loom::detail {

namespace {

class LaunchSequence {
 public:
  LaunchSequence(const GeneratedCode& code, const ParameterMap& parameters,
                 const std::function<void(std::size_t, const ParameterMap&)>& launch)
      : code_(code),
        values_(parameters),
        launch_(launch),
        entered_(code.host_loops.size(), false) {}

  void run() {
    for (const HostLoop& loop : code_.host_loops) values_[loop.iname] = 0;
    set_values_outside_loops();
    run_range(0, code_.device_kernels.size());
  }

 private:
  // Kernels [begin, end): a loop that starts at a kernel and is not entered yet runs there whole.
  void run_range(std::size_t begin, std::size_t end) {
    for (std::size_t kernel = begin; kernel < end;) {
      std::optional<std::size_t> loop = loop_starting_at(kernel, end);
      if (!loop) {
        launch_(kernel, values_);
        ++kernel;
        continue;
      }
      run_loop(*loop);
      kernel = code_.host_loops[*loop].end_kernel;
    }
  }

  // The outermost loop (host_loops lists outermost first) starting at `kernel` within `end`.
  std::optional<std::size_t> loop_starting_at(std::size_t kernel, std::size_t end) const {
    for (std::size_t index = 0; index < code_.host_loops.size(); ++index) {
      const HostLoop& loop = code_.host_loops[index];
      if (!entered_[index] && loop.first_kernel == kernel && loop.end_kernel <= end) return index;
    }
    return std::nullopt;
  }

  void run_loop(std::size_t index) {
    const HostLoop& loop = code_.host_loops[index];
    int64_t lower = evaluate_integer(*loop.lower, values_);
    int64_t upper = evaluate_integer(*loop.upper, values_);
    entered_[index] = true;
    for (int64_t value = lower; value <= upper; ++value) {
      values_[loop.iname] = value;
      set_values_outside_loops();
      run_range(loop.first_kernel, loop.end_kernel);
    }
    entered_[index] = false;
    set_values_outside_loops();
  }

  // Every loop not running now has its first value, from the current values of the loops around
  // it (host_loops lists outer loops first, so those are set before).
  void set_values_outside_loops() {
    for (std::size_t index = 0; index < code_.host_loops.size(); ++index) {
      if (!entered_[index])
        values_[code_.host_loops[index].iname] =
            evaluate_integer(*code_.host_loops[index].lower, values_);
    }
  }

  const GeneratedCode& code_;
  ParameterMap values_;
  const std::function<void(std::size_t, const ParameterMap&)>& launch_;
  std::vector<bool> entered_;
};

}  // namespace

void for_each_launch(const GeneratedCode& code, const ParameterMap& parameters,
                     const std::function<void(std::size_t, const ParameterMap&)>& launch) {
  if (code.host_loops.empty()) {
    for (std::size_t kernel = 0; kernel < code.device_kernels.size(); ++kernel)
      launch(kernel, parameters);
    return;
  }
  LaunchSequence(code, parameters, launch).run();
}

std::vector<int64_t> host_loop_values(const GeneratedCode& code, const ParameterMap& values) {
  std::vector<int64_t> result;
  for (const HostLoop& loop : code.host_loops) result.push_back(values.at(loop.iname));
  return result;
}

}  // namespace loom::detail
