// alias_temporaries (issue 11): temporaries used one after the other share one storage area,
// declared once in the source. Checked against the untransformed kernel on the C target (private)
// and on OpenCL (local, with the barrier between the uses); refusals assert their message.
#include <gtest/gtest.h>

#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "runtime/host_opencl.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::count;

using testing::error_message;
using testing::expect_matches_reference;

Temporary array_temporary(const std::string& name, int64_t length) {
  return {.name = name, .dtype = DType::Float32, .shape = {int_literal(length)}};
}

LoopKernel two_stages(int64_t first_length) {
  return make_kernel(
      {"{[i]: 0<=i<n}"},
      "t1[i % " + std::to_string(first_length) +
          "] = 2*a[i] {id=w1}\n"
          "out1[i] = t1[i % " +
          std::to_string(first_length) +
          "] + 1 {id=r1, dep=w1}\n"
          "t2[i % 16] = 3*a[i] {id=w2}\nout2[i] = t2[i % 16]*t2[i % 16] {id=r2, dep=w2}",
      {array_arg("a, out1, out2", DType::Float32, {"n"}), value_arg("n")},
      {.name = "two_stages",
       .temporaries = {array_temporary("t1", first_length), array_temporary("t2", 16)}});
}

TEST(AliasTemporariesTest, OneStorageAreaDeclaredOnceAndUsesOrdered) {
  LoopKernel kernel = alias_temporaries(two_stages(8), {"t1", "t2"});
  EXPECT_EQ(kernel.find_temporary("t1")->base_storage, "temp_storage");
  EXPECT_EQ(kernel.find_temporary("t2")->base_storage, "temp_storage");
  const Instruction* w2 = kernel.find_instruction("w2");
  EXPECT_EQ(w2->depends_on.count("w1"), 1u);
  EXPECT_EQ(w2->depends_on.count("r1"), 1u);
  std::string source = generate_code(kernel, Target::C).source;
  // Sized for the larger of the two; each temporary a pointer into it.
  EXPECT_EQ(count(source, "float temp_storage[16];"), 1) << source;
  EXPECT_NE(source.find("float *t1 = (float *) temp_storage;"), std::string::npos) << source;
  EXPECT_NE(source.find("float *t2 = (float *) temp_storage;"), std::string::npos) << source;
  EXPECT_EQ(source.find("float t1["), std::string::npos) << source;
  for (int64_t n : {1, 16, 40}) expect_matches_reference(kernel, two_stages(8), {{"n", n}});
}

TEST(AliasTemporariesOpenCL, LocalTemporariesShareStorageWithABarrierBetweenTheirUses) {
  try {
    detail::opencl_device_info();
  } catch (const EnvironmentError&) {
    GTEST_SKIP() << "no OpenCL platform";
  }
  LoopKernel local = set_temporary_address_space(two_stages(16), {"t1", "t2"}, AddressSpace::Local);
  LoopKernel tiled = split_iname(local, "i", 16, {.outer_tag = "g.0", .inner_tag = "l.0"});
  LoopKernel kernel = apply_transform(
      tiled, {"alias_temporaries",
              {{"names", std::string("t1, t2")}, {"base_name_prefix", std::string("tile")}}});
  std::string source = generate_code(kernel, Target::OpenCL).source;
  source = source.substr(source.find("__kernel"));
  EXPECT_EQ(count(source, "__local float tile[16] __attribute__((aligned(16)));"), 1) << source;
  EXPECT_NE(source.find("__local float *t2 = (__local float *) tile;"), std::string::npos)
      << source;
  // Another work-item may still read t1 where t2 is written: a barrier separates the uses.
  EXPECT_LT(source.find("out1["), source.find("barrier(CLK_LOCAL_MEM_FENCE)")) << source;
  EXPECT_LT(source.find("barrier(CLK_LOCAL_MEM_FENCE)"), source.find("t2[")) << source;
  CheckOptions options;
  options.target = Target::OpenCL;
  for (int64_t n : {5, 16, 37})
    expect_matches_reference(kernel, two_stages(16), {{"n", n}}, options);
}

TEST(AliasTemporariesTest, TemporariesUsedByOneInstructionAreRefused) {
  LoopKernel kernel = make_kernel(
      {"{[i]: 0<=i<8}"},
      "t1[i] = a[i] {id=w1}\nt2[i] = t1[i] {id=copy, dep=w1}\nout[i] = t2[i] {id=r, dep=copy}",
      {array_arg("a, out", DType::Float32, {"8"})},
      {.name = "copy", .temporaries = {array_temporary("t1", 8), array_temporary("t2", 8)}});
  std::string message = error_message<Error>([&] { alias_temporaries(kernel, {"t1", "t2"}); });
  EXPECT_NE(message.find("alias_temporaries: instruction 'copy' uses both 't1' and 't2'; aliased "
                         "temporaries must be "
                         "used by different instructions"),
            std::string::npos)
      << message;
}

TEST(AliasTemporariesTest, UnknownOrAlreadyAliasedTemporariesAreRefused) {
  std::string message = error_message<Error>([&] {
    alias_temporaries(two_stages(8), {"t1", "t3"});
  });
  EXPECT_NE(
      message.find("alias_temporaries: unknown temporary 't3' (the kernel's temporaries: t1, t2)"),
      std::string::npos)
      << message;
  LoopKernel aliased = alias_temporaries(two_stages(8), {"t1", "t2"});
  message = error_message<Error>([&] { alias_temporaries(aliased, {"t1", "t2"}); });
  EXPECT_NE(message.find("temporary 't1' already shares storage 'temp_storage'"), std::string::npos)
      << message;
  message = error_message<Error>([&] { alias_temporaries(two_stages(8), {"t1"}); });
  EXPECT_NE(message.find("needs at least two temporaries"), std::string::npos) << message;
}

}  // namespace
}  // namespace loom
