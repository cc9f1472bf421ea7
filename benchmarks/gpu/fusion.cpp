// Issue 31's fusion figure on a GPU: a producer-consumer pair (b = 2*a + 1; c = b*b - a) run as two
// launches, and as the one launch fuse_kernels makes of it (data_flow b: 0 -> 1, the loop over i
// shared), both split 256-wide on g.0/l.0; each timed with CUDA events (median of 50 after a
// warm-up) on device arrays, and the outputs compared. The fused kernel still writes b (it is an
// argument), so the saving is the launch and the re-read of b and a. Prints JSON.
// Usage: loom_gpu_fusion [n]   (default 2^26 elements)
#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <nlohmann/json.hpp>

#include "loom/fuse_kernels.hpp"
#include "loom/loom.hpp"

using namespace loom;

namespace {

LoopKernel on_gpu(const LoopKernel& kernel) {
  return split_iname(kernel, "i", 256, {.outer_tag = "g.0", .inner_tag = "l.0"});
}

double median_ms(const std::function<void()>& launch) {
  launch();
  std::vector<double> times;
  for (int run = 0; run < 50; ++run) {
    Event start, end;
    start.record();
    launch();
    end.record();
    times.push_back(Event::elapsed_ms(start, end));
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

}  // namespace

int run(int argc, char** argv) {
  int64_t n = argc > 1 ? std::atoll(argv[1]) : (int64_t{1} << 26);
  LoopKernel producer = make_kernel({"{[i]: 0<=i<n}"}, "b[i] = 2*a[i] + 1",
                                    {array_arg("a, b", DType::Float32, {"n"})},
                                    {.name = "producer", .assumptions = "n >= 1"});
  LoopKernel consumer = make_kernel({"{[i]: 0<=i<n}"}, "c[i] = b[i]*b[i] - a[i]",
                                    {array_arg("a, b, c", DType::Float32, {"n"})},
                                    {.name = "consumer", .assumptions = "n >= 1"});
  LoopKernel fused = fuse_kernels({producer, consumer}, {.data_flow = {{"b", 0, 1}}});
  CompiledKernel first = compile(on_gpu(producer), Target::CUDA),
                 second = compile(on_gpu(consumer), Target::CUDA);
  CompiledKernel both = compile(on_gpu(fused), Target::CUDA);

  Array host_a(DType::Float32, {n});
  for (int64_t i = 0; i < n; ++i) host_a.set_double(i, static_cast<double>(i % 1000) / 1000.0);
  DeviceArray a = DeviceArray::from_host(host_a), b(DType::Float32, {n}), c(DType::Float32, {n});
  DeviceArray b_fused(DType::Float32, {n}), c_fused(DType::Float32, {n});
  BoundLaunch launch_producer = first.bind({{"a", a}, {"b", b}, {"n", Scalar(n)}});
  BoundLaunch launch_consumer = second.bind({{"a", a}, {"b", b}, {"c", c}, {"n", Scalar(n)}});
  BoundLaunch launch_fused =
      both.bind({{"a", a}, {"b", b_fused}, {"c", c_fused}, {"n", Scalar(n)}});

  double two_ms = median_ms([&] {
    launch_producer();
    launch_consumer();
  });
  double one_ms = median_ms([&] { launch_fused(); });
  Array c_two = c.to_host(), c_one = c_fused.to_host();
  double worst = 0;
  for (int64_t i = 0; i < n; ++i)
    worst = std::max(worst, std::abs(c_two.get_double(i) - c_one.get_double(i)));
  double bytes_two = 4.0 * n * (2 + 3), bytes_one = 4.0 * n * 3;  // a,b | a,b,c  vs  a,b,c
  nlohmann::json report = {
      {"n", n},
      {"launches_before", first.code().device_kernels.size() + second.code().device_kernels.size()},
      {"launches_after", both.code().device_kernels.size()},
      {"two_launches_ms", two_ms},
      {"fused_ms", one_ms},
      {"speedup", two_ms / one_ms},
      {"two_launches_GBps", bytes_two / two_ms / 1e6},
      {"fused_GBps", bytes_one / one_ms / 1e6},
      {"max_abs_difference", worst}};
  std::cout << report.dump(2) << std::endl;
  return worst == 0 ? 0 : 1;
}

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const EnvironmentError& error) {
    std::cerr << "error: " << error.what() << "\n";
    return 3;
  }
}
