// Fused specs (issue 31; docs/spec.md "Fusing kernels"): `kernels` + `fuse` read into the kernel
// fuse_kernels makes, transforms applied to it, results checked against values computed here;
// errors name their JSON path, and an illegal fusion names the violating pair of instances.
#include <gtest/gtest.h>

#include <cmath>

#include "loom/fuse_kernels.hpp"
#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::error_message;

const char* kProducerConsumer = R"json({
  "loom": 1,
  "name": "scale_then_square",
  "kernels": [
    {"name": "producer", "domains": ["{[i]: 0<=i<n}"], "instructions": ["b[i] = 2*a[i] + 1"],
     "args": [{"name": "a, b", "dtype": "float32", "shape": ["n"]}, {"name": "n", "kind": "value", "dtype": "int32"}]},
    {"name": "consumer", "domains": ["{[i]: 0<=i<n}"], "instructions": ["c[i] = b[i]*b[i] - a[i]"],
     "args": [{"name": "a, b, c", "dtype": "float32", "shape": ["n"]}, {"name": "n", "kind": "value", "dtype": "int32"}]}
  ],
  "fuse": {"data_flow": [["b", "producer", "consumer"]]},
  "transforms": [{"op": "split_iname", "iname": "i", "inner_length": 32, "outer_tag": "g.0", "inner_tag": "l.0"}],
  "test": {"parameters": {"n": 1000}}
})json";

std::string with(const std::string& text, const std::string& from, const std::string& to) {
  std::string result = text;
  auto at = result.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) result.replace(at, from.size(), to);
  return result;
}

TEST(FusedSpec, IsTheKernelFuseKernelsMakesWithTheTransformsApplied) {
  Spec spec = read_spec(kProducerConsumer);
  EXPECT_EQ(spec.name, "scale_then_square");
  EXPECT_EQ(spec.reference.name, "scale_then_square");
  EXPECT_EQ(spec.kernel.tag_of("i_outer"), (InameTag{InameTag::Kind::Group, 0}));
  // The same kernel as the C++ call.
  LoopKernel producer = make_kernel({"{[i]: 0<=i<n}"}, "b[i] = 2*a[i] + 1",
                                    {array_arg("a, b", DType::Float32, {"n"}), value_arg("n")}, {.name = "producer"});
  LoopKernel consumer = make_kernel({"{[i]: 0<=i<n}"}, "c[i] = b[i]*b[i] - a[i]",
                                    {array_arg("a, b, c", DType::Float32, {"n"}), value_arg("n")}, {.name = "consumer"});
  LoopKernel fused = fuse_kernels({producer, consumer}, {.data_flow = {{"b", 0, 1}}, .name = "scale_then_square"});
  EXPECT_EQ(generate_code(spec.reference, Target::C).source, generate_code(fused, Target::C).source);
  // One loop, one launch.
  EXPECT_EQ(generate_code(spec.kernel, Target::OpenCL).device_kernels.size(), 1u);
}

TEST(FusedSpec, ComputesWhatTheKernelsComputeOneAfterTheOther) {
  Spec spec = read_spec(kProducerConsumer);
  const int64_t n = 1000;
  Array a(DType::Float32, {n}), b(DType::Float32, {n}), c(DType::Float32, {n});
  for (int64_t i = 0; i < n; ++i) a.set_double(i, std::sin(0.37 * static_cast<double>(i)));
  ArgumentMap args{{"a", a}, {"b", b}, {"c", c}, {"n", Scalar(n)}};
  compile(spec.kernel, Target::C)(args);
  for (int64_t i = 0; i < n; ++i) {
    float x = static_cast<float>(a.get_double(i));
    float produced = 2 * x + 1;
    ASSERT_EQ(b.get_double(i), produced) << i;
    ASSERT_FLOAT_EQ(static_cast<float>(c.get_double(i)), produced * produced - x) << i;
  }
  testing::expect_matches_reference(spec.kernel, spec.reference, spec.test.parameters);
}

TEST(FusedSpec, WritesBackAsTheSingleKernelSpecOfTheFusedKernel) {
  Spec spec = read_spec(kProducerConsumer);
  std::string written = write_spec(spec);
  EXPECT_EQ(written.find("\"kernels\""), std::string::npos) << written;
  Spec again = read_spec(written);
  EXPECT_EQ(generate_code(again.kernel, Target::C).source, generate_code(spec.kernel, Target::C).source);
  EXPECT_EQ(write_spec(again), written);
}

TEST(FusedSpec, RefusesAnIllegalFusionNamingTheInstancePair) {
  // The consumer reads b[i+1], which the shared loop would read before the producer writes it.
  std::string ahead = with(with(with(kProducerConsumer, "c[i] = b[i]*b[i] - a[i]", "c[i] = b[i+1]"),
                                "{\"name\": \"a, b\", \"dtype\": \"float32\", \"shape\": [\"n\"]}",
                                "{\"name\": \"a, b\", \"dtype\": \"float32\", \"shape\": [\"n+1\"]}"),
                           "{\"name\": \"a, b, c\", \"dtype\": \"float32\", \"shape\": [\"n\"]}",
                           "{\"name\": \"a, b\", \"dtype\": \"float32\", \"shape\": [\"n+1\"]}, "
                           "{\"name\": \"c\", \"dtype\": \"float32\", \"shape\": [\"n\"]}");
  std::string message = error_message<SpecError>([&] { (void)read_spec(ahead); });
  EXPECT_EQ(message.rfind("/fuse: ", 0), 0u) << message;
  EXPECT_NE(message.find("would run insn_0[i="), std::string::npos) << message;
  EXPECT_NE(message.find("(reads b) before insn[i="), std::string::npos) << message;
}

TEST(FusedSpec, ErrorsNameTheirJsonPath) {
  struct Case {
    std::string spec;
    std::string message;
  };
  std::vector<Case> cases = {
      {with(kProducerConsumer, "\"b[i] = 2*a[i] + 1\"", "\"b[i] = 2*a[i] +\""), "/kernels/0/instructions: "},
      {with(kProducerConsumer, "[\"{[i]: 0<=i<n}\"], \"instructions\": [\"c", "[\"{[i]: 0<=i<}\"], \"instructions\": [\"c"),
       "/kernels/1/domains/0: "},
      {with(kProducerConsumer, "\"name\": \"consumer\",", "\"name\": \"consumer\", \"transforms\": [],"),
       "/kernels/1/transforms: unknown key 'transforms'"},
      {with(kProducerConsumer, "[\"b\", \"producer\", \"consumer\"]", "[\"b\", \"producer\", \"consumr\"]"),
       "/fuse/data_flow/0/2: no kernel named \"consumr\" (the kernels are producer, consumer)"},
      {with(kProducerConsumer, "[\"b\", \"producer\", \"consumer\"]", "[\"b\", 0, 2]"),
       "/fuse/data_flow/0/2: kernel index 2 is out of range"},
      {with(kProducerConsumer, "[\"b\", \"producer\", \"consumer\"]", "[\"b\", 0]"),
       "/fuse/data_flow/0: expected [variable, from_kernel, to_kernel]"},
      {with(kProducerConsumer, "\"data_flow\"", "\"dataflow\""), "/fuse/dataflow: unknown key 'dataflow'"},
      {with(kProducerConsumer, "\"fuse\": {", "\"domains\": [], \"fuse\": {"), "/domains: unknown key 'domains'"},
      {with(kProducerConsumer, "\"fuse\": {", "\"fuse\": {\"suffixes\": [\"_p\"], "),
       "/fuse/suffixes: expected a list of 2 strings, one per kernel"},
  };
  for (const Case& c : cases) {
    std::string message = error_message<SpecError>([&] { (void)read_spec(c.spec); });
    EXPECT_NE(message.find(c.message), std::string::npos) << "expected '" << c.message << "' in: " << message;
  }
}

}  // namespace
}  // namespace loom
