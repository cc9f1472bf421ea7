// Host loops around the kernels a global barrier inside a sequential loop splits a program into
// (codegen/host_loops.cpp, runtime/launch_sequence.cpp): the order of launches with nested loops
// whose bounds read the outer iname, the compile cache's copy of the loops, and a time loop up to
// a parameter run on the GPU against the untransformed kernel (skipped without one). The OpenCL
// runs are in tests/conformance/loopy_barriers_test.cpp (LoopyBarriers.*HostLoops*, ...Loop*).
#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "device_helpers.hpp"
#include "lang/instruction_parser.hpp"
#include "loom/loom.hpp"
#include "runtime/host_cuda.hpp"
#include "runtime/kernel_cache.hpp"
#include "runtime/launch_sequence.hpp"
#include "runtime/scoped_cache_directory.hpp"
#include "spec/spec_cache.hpp"
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
// that other work-groups wrote in the other sweep; the barrier at the top was needed while the
// transforms' checks did not count the loop's own kernel boundaries, and is kept as loopy's
// kernels often write it; the Jacobi tests below have none).
LoopKernel time_loop_reference() {
  return make_kernel(
      {"{[t,i,i2]: 0<=i,i2<n and 0<=t<m}"},
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
  SKIP_WITHOUT_CUDA();  // only where there is no GPU: the same kernels run on C and PoCL (HostLoopsOpenCL.*)
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

// ---- Loop-carried dependences between work-groups (every host-loop iteration is a launch) ----

void expect_on_c_and_opencl(const LoopKernel& kernel, const LoopKernel& reference,
                            const ParameterMap& parameters) {
  testing::expect_matches_reference(kernel, reference, parameters);  // C
  testing::expect_on_opencl(kernel, reference, parameters);
}

SplitOptions on_groups() {
  SplitOptions hw;
  hw.outer_tag = "g.0";
  hw.inner_tag = "l.0";
  return hw;
}

// A Jacobi time loop: each step reads a's neighbours, which other work-groups copied back in the
// previous time step. `body` is the loop's body (the barrier's place differs).
LoopKernel jacobi_reference(const std::string& body) {
  return make_kernel({"{[t,i,i2]: 0<=t<m and 1<=i,i2<n-1}"}, "for t\n" + body + "end",
                     {array_arg("a, b", DType::Float64, {"n"}), value_arg("n"), value_arg("m")});
}

const char* kJacobiBody =
    "  for i\n    b[i] = (a[i-1] + a[i] + a[i+1]) / 3  {id=step, dep=*}\n  end\n"
    "  ... gbarrier  {id=sync, dep=step}\n"
    "  for i2\n    a[i2] = b[i2]  {id=copy, dep=sync}\n  end\n";

LoopKernel jacobi_on_groups(const LoopKernel& reference) {
  return split_iname(split_iname(reference, "i", 4, on_groups()), "i2", 4, on_groups());
}

// copy at t writes a[i2] that step at t+1 reads in another work-group: no barrier lies between
// them in one iteration, but they are in different iterations of the loop over t, which the host
// runs, one launch after the other. Refused before ("they run in different work-groups ... a
// global barrier between them is missing"): the check knew only barriers between two
// instructions. Time loops up to m = 1, 2, 7, 100 (200 launches).
TEST(HostLoopsOpenCL, JacobiStepsReadNeighboursThatOtherGroupsWroteTheStepBefore) {
  REQUIRE_OPENCL();
  LoopKernel reference = jacobi_reference(kJacobiBody);
  LoopKernel kernel = jacobi_on_groups(reference);
  GeneratedCode code = generate_code(kernel, Target::OpenCL);
  ASSERT_EQ(code.host_loops.size(), 1u) << code.source;
  EXPECT_EQ(to_string(code.host_loops[0].upper), "m - 1");
  EXPECT_EQ(code.device_kernels.size(), 2u) << code.source;
  for (int64_t m : {1, 2, 7, 100}) {
    SCOPED_TRACE("m = " + std::to_string(m));
    expect_on_c_and_opencl(kernel, reference, {{"n", 37}, {"m", m}});
  }
}

// Pairs within one iteration are ordered only by a barrier between them: with the barrier at the
// end of the body, copy overwrites a[i2] in the same launch as other groups' step reads it (a race
// the launches do not order). Still refused.
TEST(HostLoops, APairInOneIterationThatNoBarrierSeparatesIsRefused) {
  LoopKernel reference = jacobi_reference(
      "  for i\n    b[i] = (a[i-1] + a[i] + a[i+1]) / 3  {id=step, dep=*}\n  end\n"
      "  for i2\n    a[i2] = b[i2]  {id=copy, dep=step}\n  end\n"
      "  ... gbarrier  {id=sync, dep=copy}\n");
  LoopKernel step_on_groups = split_iname(reference, "i", 4, on_groups());
  std::string message = testing::error_message<LegalityError>(
      [&] { split_iname(step_on_groups, "i2", 4, on_groups()); });
  EXPECT_TRUE(contains(
      message, "split_iname: instruction 'copy' must follow 'step' (anti dependence through 'a')"))
      << message;
  EXPECT_TRUE(contains(message, "different work-groups")) << message;
}

// ---- Values carried in private or local memory from one iteration to the next ----

// s is read in each iteration before the iteration writes it (the value of the one before, or
// init's at t = 0). Every iteration is a launch, and private or local memory starts undefined in
// each: PoCL read garbage (a unrolled loop gave a = 0 where the reference has 2.27), silently.
LoopKernel carried_scale_reference() {
  return make_kernel({"{[t,i]: 0<=t<m and 0<=i<n}"},
                     "<> s = 1  {id=init}\n"
                     "for t\n  ... gbarrier  {id=sync}\n"
                     "  for i\n    a[i] = a[i] * s  {id=scale, dep=sync:init}\n  end\n"
                     "  s = t + 2  {id=bump, dep=scale}\nend",
                     {array_arg("a", DType::Float64, {"n"}), value_arg("n"), value_arg("m")});
}

TEST(HostLoops, APrivateOrLocalValueCarriedToTheNextIterationIsRefused) {
  LoopKernel reference = carried_scale_reference();
  for (AddressSpace space : {AddressSpace::Private, AddressSpace::Local}) {
    std::string kind(address_space_name(space));
    SCOPED_TRACE(kind);
    LoopKernel kernel =
        set_temporary_address_space(reference, std::vector<std::string>{"s"}, space);
    for (Target target : {Target::OpenCL, Target::CUDA}) {
      std::string message = testing::error_message<Error>([&] { generate_code(kernel, target); });
      EXPECT_TRUE(contains(
          message,
          "global barrier 'sync' is inside the loop over 't', which loom runs on the host"))
          << message;
      EXPECT_TRUE(
          contains(message, kind + " temporary 's' carries a value from one iteration to the next "
                                   "('scale' reads what 'bump' wrote in an earlier iteration)"))
          << message;
    }
    generate_code(kernel, Target::C);  // one loop, no launches: nothing to refuse
  }
}

// The same value in a global temporary survives the launches; a private one written in each
// iteration before it is read carries nothing. Both run as the reference does.
TEST(HostLoopsOpenCL, AGlobalOrRewrittenPrivateValueRunsAsTheReference) {
  REQUIRE_OPENCL();
  LoopKernel reference = carried_scale_reference();
  LoopKernel global =
      set_temporary_address_space(reference, std::vector<std::string>{"s"}, AddressSpace::Global);
  LoopKernel rewritten =
      make_kernel({"{[t,i]: 0<=t<m and 0<=i<n}"},
                  "for t\n  ... gbarrier  {id=sync}\n  <> s = t + 2  {id=set, dep=sync}\n"
                  "  for i\n    a[i] = a[i] * s  {id=scale, dep=set}\n  end\nend",
                  {array_arg("a", DType::Float64, {"n"}), value_arg("n"), value_arg("m")});
  for (int64_t m : {0, 1, 3}) {
    SCOPED_TRACE("m = " + std::to_string(m));
    expect_on_c_and_opencl(global, reference, {{"n", 5}, {"m", m}});
    expect_on_c_and_opencl(rewritten, rewritten, {{"n", 5}, {"m", m}});
  }
  EXPECT_EQ(generate_code(rewritten, Target::OpenCL).host_loops.size(), 1u);
}

// ---- Nested and triangular host loops up to a parameter ----

// t up to m, and inside it k up to t (triangular), each around a global barrier: the host runs
// k's two kernels t + 1 times per t. fill reads s that other groups' sum wrote in the previous
// iteration (of k, or of t): ordered by the launches.
LoopKernel nested_reference() {
  return make_kernel(
      {"{[t,k,i,i2,i3]: 0<=i,i2,i3<n and 0<=t<m and 0<=k<=t}"},
      "for i3\n  s[i3] = 1  {id=start}\nend\n"
      "for t, k\n  for i\n    c[i] = s[(i + 1) % n] + k*t  {id=fill, dep=start}\n  end\n"
      "  ... gbarrier  {id=split, dep=fill}\n"
      "  for i2\n    s[i2] = s[i2]/2 + c[(i2 + 2) % n]  {id=sum, dep=split}\n  end\nend\n"
      "... gbarrier {id=last, dep=sum}\n"
      "for i3\n  out[i3] = 2*s[i3]  {id=finish, dep=last}\nend",
      {array_arg("c, s, out", DType::Float32, {"n"}), value_arg("n"), value_arg("m")});
}

LoopKernel nested_on_groups(const LoopKernel& reference) {
  return split_iname(split_iname(split_iname(reference, "i", 4, on_groups()), "i2", 4, on_groups()),
                     "i3", 4, on_groups());
}

TEST(HostLoopsOpenCL, NestedTriangularLoopsUpToAParameterMatchTheReference) {
  REQUIRE_OPENCL();
  LoopKernel reference = nested_reference();
  LoopKernel kernel = nested_on_groups(reference);
  GeneratedCode code = generate_code(kernel, Target::OpenCL);
  ASSERT_EQ(code.host_loops.size(), 2u) << code.source;
  EXPECT_EQ(code.host_loops[0].iname, "t");
  EXPECT_EQ(to_string(code.host_loops[0].upper), "m - 1");
  EXPECT_EQ(code.host_loops[1].iname, "k");
  EXPECT_EQ(to_string(code.host_loops[1].upper), "t");
  for (int64_t m : {1, 2, 7}) {
    SCOPED_TRACE("m = " + std::to_string(m));
    expect_on_c_and_opencl(kernel, reference, {{"n", 9}, {"m", m}});
  }
}

// ---- The compile cache keeps the host loops ----

const char* kJacobiSpec = R"spec({
  "loom": 1, "name": "jacobi_host_loop",
  "domains": ["{[t,i,i2]: 0<=t<m and 1<=i,i2<n-1}"],
  "instructions": "for t\n  for i\n    b[i] = (a[i-1] + a[i] + a[i+1]) / 3  {id=step, dep=*}\n  end\n  ... gbarrier  {id=sync, dep=step}\n  for i2\n    a[i2] = b[i2]  {id=copy, dep=sync}\n  end\nend",
  "args": [{"name": "a, b", "dtype": "float64", "shape": ["n"]}, {"name": "n, m", "kind": "value", "dtype": "int32"}],
  "transforms": [
    {"op": "split_iname", "iname": "i", "inner_length": 4, "outer_tag": "g.0", "inner_tag": "l.0"},
    {"op": "split_iname", "iname": "i2", "inner_length": 4, "outer_tag": "g.0", "inner_tag": "l.0"}
  ],
  "test": {"parameters": {"n": 37, "m": 7}}
})spec";

// LOOM_NO_CACHE unset for the test's lifetime (the caches are under test).
class CacheOn {
 public:
  CacheOn() {
    if (const char* value = std::getenv("LOOM_NO_CACHE")) saved_ = value;
    unsetenv("LOOM_NO_CACHE");
  }
  ~CacheOn() {
    if (saved_) setenv("LOOM_NO_CACHE", saved_->c_str(), 1);
  }

 private:
  std::optional<std::string> saved_;
};

// A hit of the spec level runs no transform and no code generation: the loops come from the
// entry. Its launches compute what the miss computes, which matches the reference.
TEST(HostLoopsOpenCL, ASpecCacheHitRunsTheHostLoops) {
  REQUIRE_OPENCL();
  testing::ScopedCacheDirectory cache;
  CacheOn cache_on;
  detail::SpecKernel miss = detail::compile_spec(kJacobiSpec, Target::OpenCL);
  ASSERT_FALSE(miss.from_cache);
  detail::SpecKernel hit = detail::compile_spec(kJacobiSpec, Target::OpenCL);
  ASSERT_TRUE(hit.from_cache);
  ASSERT_EQ(hit.program.code().host_loops.size(), 1u);
  EXPECT_EQ(to_string(hit.program.code().host_loops[0].upper), "m - 1");
  for (int64_t m : {1, 7}) {
    ParameterMap parameters{{"n", 37}, {"m", m}};
    CheckOptions options;
    ArgumentMap from_hit = make_test_arguments(hit.kernel, parameters, options);
    ArgumentMap from_miss = make_test_arguments(miss.kernel, parameters, options);
    hit.program(from_hit);
    miss.program(from_miss);
    const Array& a_hit = std::get<Array>(from_hit.at("a"));
    const Array& a_miss = std::get<Array>(from_miss.at("a"));
    ASSERT_EQ(a_hit.size(), a_miss.size());
    for (int64_t e = 0; e < a_hit.size(); ++e)
      ASSERT_EQ(a_hit.get_double(e), a_miss.get_double(e)) << "m=" << m << " " << e;
    options.target = Target::OpenCL;
    CheckResult check =
        check_against_reference(miss.kernel, miss.spec.reference, parameters, options);
    EXPECT_TRUE(check.passed) << check.report();
  }
}

// ---- On the GPU (skipped without one) ----

TEST(HostLoopsGpu, JacobiAndNestedTriangularLoopsMatchTheReference) {
  SKIP_WITHOUT_CUDA();  // only where there is no GPU: the same kernels run on C and PoCL (HostLoopsOpenCL.*)
  CheckOptions options;
  options.target = Target::CUDA;
  LoopKernel jacobi = jacobi_reference(kJacobiBody);
  for (int64_t m : {1, 2, 7, 100}) {
    SCOPED_TRACE("jacobi, m = " + std::to_string(m));
    testing::expect_matches_reference(jacobi_on_groups(jacobi), jacobi, {{"n", 37}, {"m", m}},
                                      options);
  }
  LoopKernel nested = nested_reference();
  for (int64_t m : {1, 2, 7}) {
    SCOPED_TRACE("nested, m = " + std::to_string(m));
    testing::expect_matches_reference(nested_on_groups(nested), nested, {{"n", 9}, {"m", m}},
                                      options);
  }
}

// The kernel level of the CUDA compile cache: its entry holds the loops, and a hit runs them.
TEST(HostLoopsGpu, AKernelCacheHitRunsTheHostLoops) {
  SKIP_WITHOUT_CUDA();  // only where there is no GPU: the same kernels run on C and PoCL (HostLoopsOpenCL.*)
  testing::ScopedCacheDirectory cache;
  CacheOn cache_on;
  LoopKernel reference = jacobi_reference(kJacobiBody);
  LoopKernel kernel = jacobi_on_groups(reference);
  CheckOptions options;
  options.target = Target::CUDA;
  testing::expect_matches_reference(kernel, reference, {{"n", 37}, {"m", 7}},
                                    options);  // a miss writes it
  std::string entry = detail::cuda_kernel_cache_path(
      kernel, std::string(cuda_compiler_name(default_cuda_compiler())));
  std::optional<GeneratedCode> stored = detail::read_generated_code(entry);
  ASSERT_TRUE(stored.has_value()) << entry;
  ASSERT_EQ(stored->host_loops.size(), 1u);
  int hits = detail::cuda_kernel_cache_hits();
  testing::expect_matches_reference(kernel, reference, {{"n", 37}, {"m", 100}}, options);
  EXPECT_GT(detail::cuda_kernel_cache_hits(), hits);
}

}  // namespace
}  // namespace loom
