// Host loops around the kernels a global barrier inside a sequential loop splits a program into
// (codegen/host_loops.cpp, runtime/launch_sequence.cpp): the order of launches with nested loops
// whose bounds read the outer iname, the compile cache's copy of the loops, and a time loop up to
// a parameter run on the GPU against the untransformed kernel (skipped without one). The OpenCL
// runs are in tests/conformance/loopy_barriers_test.cpp (LoopyBarriers.*HostLoops*, ...Loop*).
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "device_helpers.hpp"
#include "lang/instruction_parser.hpp"
#include "loom/loom.hpp"
#include "runtime/kernel_cache.hpp"
#include "runtime/launch_sequence.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Kernels 0..4; loop t over kernels [1, 4) from 0 to n - 1, and inside it loop k over [2, 4) from
// 0 to t: a triangular nest.
GeneratedCode nested_loops() {
  GeneratedCode code;
  code.target = Target::OpenCL;
  code.device_kernels.resize(5);
  code.host_loops.push_back(
      {"t", DType::Int32, lang::parse_expression("0"), lang::parse_expression("n - 1"), 1, 4});
  code.host_loops.push_back(
      {"k", DType::Int32, lang::parse_expression("0"), lang::parse_expression("t"), 2, 4});
  return code;
}

TEST(HostLoops, LaunchesRunNestedLoopsInOrder) {
  std::vector<std::string> launches;
  detail::for_each_launch(nested_loops(), {{"n", 3}},
                          [&](std::size_t kernel, const ParameterMap& values) {
                            std::string text = std::to_string(kernel);
                            if (kernel >= 1 && kernel < 4)
                              text += "t" + std::to_string(values.at("t"));
                            if (kernel >= 2 && kernel < 4)
                              text += "k" + std::to_string(values.at("k"));
                            launches.push_back(text);
                          });
  std::vector<std::string> expected = {
      "0",                                        // before the loops
      "1t0", "2t0k0", "3t0k0",                    // t = 0: k = 0
      "1t1", "2t1k0", "3t1k0", "2t1k1", "3t1k1",  // t = 1: k = 0, 1
      "1t2", "2t2k0", "3t2k0", "2t2k1", "3t2k1", "2t2k2", "3t2k2", "4"};
  EXPECT_EQ(launches, expected);
  // An empty outer loop launches only the kernels outside it.
  launches.clear();
  detail::for_each_launch(nested_loops(), {{"n", 0}}, [&](std::size_t kernel, const ParameterMap&) {
    launches.push_back(std::to_string(kernel));
  });
  EXPECT_EQ(launches, (std::vector<std::string>{"0", "4"}));
}

TEST(HostLoops, TheCompileCacheKeepsTheLoops) {
  GeneratedCode code = nested_loops();
  for (DeviceKernel& kernel : code.device_kernels) {
    kernel.grid_size = {lang::parse_expression("1"), lang::parse_expression("1"),
                        lang::parse_expression("1")};
    kernel.block_size = {1, 1, 1};
  }
  GeneratedCode read = detail::generated_code_from_json(detail::generated_code_json(code));
  ASSERT_EQ(read.host_loops.size(), 2u);
  EXPECT_EQ(read.host_loops[1].iname, "k");
  EXPECT_EQ(to_string(read.host_loops[1].upper), "t");
  EXPECT_EQ(read.host_loops[1].first_kernel, 2u);
  EXPECT_EQ(read.host_loops[1].end_kernel, 4u);
  EXPECT_EQ(to_string(read.host_loops[0].upper), "n - 1");
}

// An instruction outside the loop over k that shares its domain would run its iterations at k's
// first value (0 <= i <= 0 instead of 0 <= i < m): refused, naming it; in a domain of its own it
// runs (checked on OpenCL).
TEST(HostLoops, AnInstructionOutsideTheLoopInItsTriangularDomainIsRefused) {
  auto make = [](const std::string& domain_of_out) {
    std::vector<std::string> domains = {"{[i,k]: 0<=k<m and 0<=i<=k}"};
    if (!domain_of_out.empty()) domains.push_back(domain_of_out);
    std::string out_iname = domain_of_out.empty() ? "i" : "i3";
    return make_kernel(domains,
                       "for k\n  for i\n    c[k,i] = k + i  {id=fill}\n  end\n  ... gbarrier  "
                       "{id=split, dep=fill}\nend\n"
                       "for " +
                           out_iname + "\n  out[" + out_iname + "] = 1  {id=outside}\nend",
                       {array_arg("c", DType::Float32, {"m", "m"}),
                        array_arg("out", DType::Float32, {"m"}), value_arg("m")});
  };
  LoopKernel shared = split_iname(make(""), "i", 4, {.outer_tag = "g.0", .inner_tag = "l.0"});
  std::string message =
      testing::error_message<Error>([&] { generate_code(shared, Target::OpenCL); });
  EXPECT_TRUE(contains(
      message, "global barrier 'split' is inside the loop over 'k', which loom runs on the host"))
      << message;
  EXPECT_TRUE(contains(message, "instruction 'outside' outside that loop shares its domain"))
      << message;
  LoopKernel reference = make("{[i3]: 0<=i3<m}");
  LoopKernel own = split_iname(reference, "i", 4, {.outer_tag = "g.0", .inner_tag = "l.0"});
  EXPECT_EQ(generate_code(own, Target::OpenCL).host_loops.size(), 1u);
  if (testing::have_opencl()) testing::expect_on_opencl(own, reference, {{"m", 6}});
}

// A time loop up to a parameter around two sweeps, each its own kernel (each reads neighbours
// that other work-groups wrote in the other sweep; the barrier at the top orders a time step after
// the previous one for the transforms' checks).
LoopKernel time_loop_reference() {
  return make_kernel({"{[t,i,i2]: 0<=i,i2<n and 0<=t<m}"},
                     "for t\n"
                     "  ... gbarrier  {id=top}\n"
                     "  for i\n    c[i] = a[(i + 1) % n] + 0.5*a[i]  {id=sweep, dep=*top}\n  end\n"
                     "  ... gbarrier  {id=middle, dep=sweep}\n"
                     "  for i2\n    a[i2] = 0.5*c[(i2 + n - 1) % n]  {id=update, dep=middle}\n  end\n"
                     "end",
                     {array_arg("a, c", DType::Float32, {"n"}), value_arg("n"), value_arg("m")});
}

LoopKernel time_loop_on_groups(const LoopKernel& reference) {
  SplitOptions hw;
  hw.outer_tag = "g.0";
  hw.inner_tag = "l.0";
  return split_iname(split_iname(reference, "i", 32, hw), "i2", 32, hw);
}

TEST(HostLoopsGpu, TimeLoopUpToAParameterMatchesTheReference) {
  SKIP_WITHOUT_CUDA();
  LoopKernel reference = time_loop_reference();
  LoopKernel kernel = time_loop_on_groups(reference);
  GeneratedCode code = generate_code(kernel, Target::CUDA);
  ASSERT_EQ(code.host_loops.size(), 1u) << code.source;
  EXPECT_EQ(code.device_kernels.size(), 2u) << code.source;
  CheckOptions options;
  options.target = Target::CUDA;
  for (int64_t m : {0, 1, 7}) {
    SCOPED_TRACE("m = " + std::to_string(m));
    testing::expect_matches_reference(kernel, reference, {{"n", 100}, {"m", m}}, options);
  }
}

TEST(HostLoopsOpenCL, TimeLoopUpToAParameterMatchesTheReference) {
  REQUIRE_OPENCL();
  LoopKernel reference = time_loop_reference();
  LoopKernel kernel = time_loop_on_groups(reference);
  for (int64_t m : {0, 1, 7}) {
    SCOPED_TRACE("m = " + std::to_string(m));
    testing::expect_on_opencl(kernel, reference, {{"n", 100}, {"m", m}});
  }
}

}  // namespace
}  // namespace loom
