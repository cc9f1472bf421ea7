// loom tune without a GPU (issue 14): the search-space reader, substitution, pruning, the sweep's
// bookkeeping (records, resume, early stops, failures) with a fake measurer standing in for the
// worker process, and the worker's refusal where there is no GPU.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include <nlohmann/json.hpp>

#include "codegen/llvm_nvptx.hpp"
#include "device_helpers.hpp"
#include "example_files.hpp"
#include "loom/check.hpp"
#include "loom/error.hpp"
#include "loom/runtime.hpp"
#include "loom/spec.hpp"
#include "loom/spec_check_options.hpp"
#include "runtime/host_cuda.hpp"
#include "runtime/scoped_cache_directory.hpp"
#include "runtime/scoped_env.hpp"
#include "test_helpers.hpp"
#include "tune/records.hpp"
#include "tune/search_space.hpp"
#include "tune/tuner.hpp"
#include "tune/worker.hpp"

namespace loom::tune {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing::error_message;

// A vector add whose split and tags are the variables.
json vector_add_space() {
  return json::parse(R"({
    "loom_tune": 1,
    "spec": {"loom": 1, "name": "vadd", "domains": ["{[i]: 0<=i<n}"], "instructions": ["out[i] = a[i] + b[i]"],
             "args": [{"name": "a, b, out", "dtype": "float32", "shape": ["n"]}, {"name": "n", "kind": "value", "dtype": "int32"}],
             "assumptions": "n >= 1", "test": {"parameters": {"n": 1000}}},
    "transforms": [{"op": "split_iname", "iname": "i", "inner_length": "${BLOCK}", "outer_tag": "g.0"},
                   {"op": "split_iname", "iname": "i_inner", "inner_length": "${LANES}", "outer_tag": "unr", "inner_tag": "l.0"}],
    "variables": {"BLOCK": {"powers_of_two": [64, 2048]}, "LANES": [32, 64, 128, 256]},
    "constraints": ["BLOCK >= LANES", "BLOCK / LANES <= 8"],
    "sizes": {"n": 1048576}
  })");
}

SearchSpace space_of(const json& text) { return read_search_space(text.dump(), "space.json", "."); }

class TemporaryFolder {
 public:
  TemporaryFolder() : path_(fs::temp_directory_path() / ("loom_tune_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter_++))) {
    fs::create_directories(path_);
  }
  ~TemporaryFolder() { fs::remove_all(path_); }
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  static inline int counter_ = 0;
  fs::path path_;
};

// Times that depend on the variables (fastest at BLOCK 1024, LANES 256); one assignment can be
// made to fault, and stop_above_ms is honoured like the worker does.
class FakeMeasurer : public Measurer {
 public:
  DeviceIdentity device() override { return {"Fake GPU", "9.0", "13000"}; }
  MeasureResult measure(const MeasureRequest& request) override {
    ++calls;
    json spec = json::parse(request.spec_json);
    int64_t block = spec["transforms"][0]["inner_length"], lanes = spec["transforms"][1]["inner_length"];
    if (block == fault_block && lanes == fault_lanes) return {RecordStatus::Fault, std::nullopt, 0, "illegal address"};
    double time = 1.0 + std::abs(std::log2(double(block) / 1024)) + std::abs(std::log2(double(lanes) / 256)) * 0.5;
    // What a worker reports of its phases; the sweep sums them.
    std::map<std::string, double> phases = {{"spec", 0.25}, {"runs", 0.5}};
    if (request.stop_above_ms && time > *request.stop_above_ms) return {RecordStatus::Measured, time, 1, "", phases};
    return {RecordStatus::Measured, time, request.repeats, "", phases};
  }
  int calls = 0;
  int64_t fault_block = -1, fault_lanes = -1;
};

TuneOptions quiet_options() {
  TuneOptions options;
  options.compile_threads = 2;
  options.repeats = 5;
  return options;
}

// ---- the space --------------------------------------------------------------------------------

TEST(TuneSpace, ReadsListsRangesPowersAndConstraints) {
  json text = vector_add_space();
  text["variables"]["UNROLL"] = {{"from", 1}, {"to", 7}, {"step", 3}};
  SearchSpace space = space_of(text);
  ASSERT_EQ(space.variables.size(), 3u);
  EXPECT_EQ(space.variables[0].name, "BLOCK");
  EXPECT_EQ(space.variables[0].values, (std::vector<int64_t>{64, 128, 256, 512, 1024, 2048}));
  EXPECT_EQ(space.variables[2].values, (std::vector<int64_t>{1, 4, 7}));
  EXPECT_EQ(space_size(space), 6u * 4u * 3u);
  EXPECT_EQ(space.sizes.at("n"), 1048576);
  EXPECT_EQ(space.check_sizes.at("n"), 1000);  // the spec's test parameters
  EXPECT_EQ(violated_constraint(space, {{"BLOCK", 64}, {"LANES", 128}, {"UNROLL", 1}}), "BLOCK >= LANES");
  EXPECT_EQ(violated_constraint(space, {{"BLOCK", 2048}, {"LANES", 32}, {"UNROLL", 1}}), "BLOCK / LANES <= 8");
  EXPECT_EQ(violated_constraint(space, {{"BLOCK", 1024}, {"LANES", 256}, {"UNROLL", 1}}), std::nullopt);
}

TEST(TuneSpace, SubstitutesWholeAndEmbeddedReferences) {
  json text = vector_add_space();
  text["transforms"][1]["inner_tag"] = "l.${AXIS}";
  text["variables"]["AXIS"] = {0};
  SearchSpace space = space_of(text);
  json spec = concrete_spec(space, {{"BLOCK", 512}, {"LANES", 128}, {"AXIS", 0}});
  EXPECT_EQ(spec["transforms"][0]["inner_length"], 512);  // a number, not "512"
  EXPECT_EQ(spec["transforms"][1]["inner_tag"], "l.0");
  EXPECT_EQ(assignment_json({{"LANES", 128}, {"BLOCK", 512}}), "{\"BLOCK\":512,\"LANES\":128}");
}

// A variable over words (issue 25: a split's tail strategy): its values are indices, a reference
// becomes the word, and the candidate applies it.
TEST(TuneSpace, AVariableOverWordsVariesTheTailStrategy) {
  json text = vector_add_space();
  text["transforms"][0]["tail_strategy"] = "${TAIL}";
  text["variables"]["TAIL"] = {"guard", "round_up"};
  SearchSpace space = space_of(text);
  EXPECT_EQ(space_size(space) % 2, 0u);
  json spec = concrete_spec(space, {{"BLOCK", 512}, {"LANES", 128}, {"TAIL", 1}});
  EXPECT_EQ(spec["transforms"][0]["tail_strategy"], "round_up");
  spec = concrete_spec(space, {{"BLOCK", 512}, {"LANES", 128}, {"TAIL", 0}});
  EXPECT_EQ(spec["transforms"][0]["tail_strategy"], "guard");
  text["variables"]["TAIL"] = {"guard", 1};
  EXPECT_NE(error_message<SpecError>([&] { space_of(text); }).find("variable 'TAIL': mix of words and numbers"), std::string::npos);
}

TEST(TuneSpace, TheSweepKeyIgnoresTheScheduleAndTestValues) {
  SearchSpace space = space_of(vector_add_space());
  json other = space.spec;
  other["transforms"] = json::array();
  other["test"]["parameters"]["n"] = 7;
  EXPECT_EQ(sweep_key_of(other), space.sweep_key);
  other["instructions"][0] = "out[i] = a[i] - b[i]";
  EXPECT_NE(sweep_key_of(other), space.sweep_key);
}

TEST(TuneSpace, BadSpacesAreRefusedNamingWhatIsWrong) {
  auto refusal = [](json text) { return error_message<SpecError>([&] { space_of(text); }); };
  json text = vector_add_space();
  text.erase("loom_tune");
  EXPECT_NE(refusal(text).find("\"loom_tune\": 1"), std::string::npos);
  text = vector_add_space();
  text["transforms"][0]["inner_length"] = "${TILE}";
  EXPECT_NE(refusal(text).find("'TILE', which is not a variable"), std::string::npos) << refusal(text);
  text = vector_add_space();
  text["transforms"][0]["inner_length"] = "${BLOCK";
  EXPECT_NE(refusal(text).find("unterminated reference"), std::string::npos);
  text = vector_add_space();
  text["variables"]["LANES"] = {32, 32};
  EXPECT_NE(refusal(text).find("variable 'LANES' lists a value twice"), std::string::npos);
  text = vector_add_space();
  text["variables"]["LANES"] = {{"from", 64}, {"to", 32}};
  EXPECT_NE(refusal(text).find("\"to\" (32) is below \"from\" (64)"), std::string::npos);
  text = vector_add_space();
  text["constraints"] = {"BLOCK >= "};
  EXPECT_NE(refusal(text).find("constraint \"BLOCK >= \""), std::string::npos);
  text = vector_add_space();
  text.erase("sizes");
  EXPECT_NE(refusal(text).find("\"sizes\""), std::string::npos);
  EXPECT_NE(error_message<SpecError>([] { read_search_space("{", "broken.json", "."); }).find("not valid JSON"), std::string::npos);
}

TEST(TuneSpace, EnumerationAndMutation) {
  SearchSpace space = space_of(vector_add_space());
  std::vector<Assignment> all = all_assignments(space);
  ASSERT_EQ(all.size(), 24u);
  EXPECT_EQ(all.front(), (Assignment{{"BLOCK", 64}, {"LANES", 32}}));
  std::mt19937_64 random(3);
  for (int i = 0; i < 50; ++i) {
    Assignment from = random_assignment(space, random);
    Assignment to = mutate(space, from, random);
    int changed = 0;
    for (const Variable& variable : space.variables) {
      if (from.at(variable.name) == to.at(variable.name)) continue;
      ++changed;
      auto a = std::find(variable.values.begin(), variable.values.end(), from.at(variable.name));
      auto b = std::find(variable.values.begin(), variable.values.end(), to.at(variable.name));
      EXPECT_EQ(std::abs(a - b), 1) << variable.name;  // a neighbouring value
    }
    EXPECT_EQ(changed, 1);
  }
}

// Every space in examples/tune/ reads, and its first allowed candidate builds and generates code.
TEST(TuneSpace, TheExampleSpacesReadAndTheirFirstCandidatePrepares) {
  fs::path examples = testing::examples_folder() / "tune";
  int spaces = 0;
  for (const fs::directory_entry& entry : fs::directory_iterator(examples)) {
    if (entry.path().extension() != ".json") continue;
    SCOPED_TRACE(entry.path().string());
    ++spaces;
    SearchSpace space = read_search_space_file(entry.path().string());
    std::vector<Assignment> all = all_assignments(space);
    auto allowed = std::find_if(all.begin(), all.end(), [&](const Assignment& a) { return !violated_constraint(space, a); });
    ASSERT_NE(allowed, all.end());
    PreparedCandidate candidate = prepare_candidate(space, *allowed);
    EXPECT_FALSE(candidate.pruned) << *candidate.pruned;
  }
  EXPECT_GE(spaces, 3);
}

// The tensor-core spaces (issue 29) choose tile shapes, warpgroups and ring depths together, and a
// wrong pairing of their variables (fetch lanes, wgmma shape, row padding) would compute garbage
// rather than be refused. So each tile shape of the spaces (at its fewest stages: PoCL compiles
// these kernels slowly, and ring depths are checked in tensorize_wgmma_test.cpp) is checked
// against the untransformed kernel on OpenCL (PoCL in CI; the C target cannot run work-items that
// share local memory), where the tensorized tile runs as loops, at the specs' test sizes (129 x
// 200 x 70: several tiles and an edge in every dimension).
TEST(TuneSpace, EachTensorCoreTileShapeMatchesTheReferenceOnOpenCL) {
  SKIP_WITHOUT_OPENCL();
  for (const char* file : {"bf16_wgmma_space.json", "tf32_wgmma_space.json"}) {
    SCOPED_TRACE(file);
    SearchSpace space = read_search_space_file((testing::examples_folder() / "tune" / file).string());
    std::set<std::string> shapes_checked;
    for (const Assignment& assignment : all_assignments(space)) {
      if (violated_constraint(space, assignment)) continue;
      Assignment shape = assignment;
      shape.erase("S");
      if (!shapes_checked.insert(assignment_json(shape)).second) continue;
      SCOPED_TRACE(assignment_json(assignment));
      Spec spec = read_spec(concrete_spec(space, assignment).dump());
      CheckOptions options = check_options_from_test(spec.test, Target::OpenCL);
      testing::expect_matches_reference(spec.kernel, spec.reference, spec.test.parameters, options);
    }
    EXPECT_GE(shapes_checked.size(), 3u);
  }
}

// ---- pruning ----------------------------------------------------------------------------------

TEST(TunePrune, LegalityAssumptionsAndResourcesArePrunedWithTheReason) {
  SearchSpace space = space_of(vector_add_space());
  PreparedCandidate fine = prepare_candidate(space, {{"BLOCK", 1024}, {"LANES", 256}});
  EXPECT_FALSE(fine.pruned) << *fine.pruned;
  EXPECT_FALSE(fine.kernel_hash.empty());
  EXPECT_NE(fine.schedule_json.find("\"inner_length\":1024"), std::string::npos) << fine.schedule_json;

  EXPECT_EQ(prepare_candidate(space, {{"BLOCK", 64}, {"LANES", 128}}).pruned, "constraint BLOCK >= LANES");

  json text = vector_add_space();
  text["variables"]["LANES"] = {2048};
  text["variables"]["BLOCK"] = {2048};
  PreparedCandidate too_many = prepare_candidate(space_of(text), {{"BLOCK", 2048}, {"LANES", 2048}});
  ASSERT_TRUE(too_many.pruned);
  EXPECT_EQ(too_many.pruned->rfind("resources: ", 0), 0u) << *too_many.pruned;
  EXPECT_NE(too_many.pruned->find("2048"), std::string::npos) << *too_many.pruned;

  text = vector_add_space();
  text["transforms"][1]["inner_tag"] = "l.0, g.0";
  PreparedCandidate illegal = prepare_candidate(space_of(text), {{"BLOCK", 1024}, {"LANES", 256}});
  ASSERT_TRUE(illegal.pruned);
  EXPECT_EQ(illegal.pruned->rfind("illegal: ", 0), 0u) << *illegal.pruned;

  text = vector_add_space();
  text["spec"]["assumptions"] = "n >= 1 and n mod 4096 = 0";
  text["sizes"]["n"] = 1000;
  PreparedCandidate assumed = prepare_candidate(space_of(text), {{"BLOCK", 1024}, {"LANES", 256}});
  ASSERT_TRUE(assumed.pruned);
  EXPECT_EQ(assumed.pruned->rfind("assumptions: ", 0), 0u) << *assumed.pruned;
}

// ---- sweeps -----------------------------------------------------------------------------------

TEST(TuneSweep, ExhaustiveSweepRecordsEveryCandidateAndFindsTheBest) {
  TemporaryFolder folder;
  RecordStore store(folder.file("records.sqlite"));
  SearchSpace space = space_of(vector_add_space());
  FakeMeasurer fake;
  std::vector<std::string> progress;
  TuneOptions options = quiet_options();
  options.progress = [&](const std::string& line) { progress.push_back(line); };
  int checked = 0;
  SweepSummary summary = run_sweep(space, options, store, {&fake}, [&](const Record& best, const SearchSpace&) {
    ++checked;
    EXPECT_EQ(best.params_json, "{\"BLOCK\":1024,\"LANES\":256}");
    return std::string();
  });
  // 24 assignments, 9 violate a constraint: 15 tried, as the progress line's total says.
  EXPECT_EQ(candidates_to_try(space, options), 15u);
  EXPECT_EQ(summary.space, 15u);
  EXPECT_EQ(summary.tried, 15u);
  EXPECT_EQ(summary.measured, 15u);
  EXPECT_EQ(store.count(), 15u);
  EXPECT_EQ(progress.size(), 15u);
  ASSERT_TRUE(summary.best);
  EXPECT_DOUBLE_EQ(*summary.best->time_ms, 1.0);
  EXPECT_EQ(summary.best->device.name, "Fake GPU");
  EXPECT_NE(summary.best->schedule_json.find("\"inner_length\":256"), std::string::npos);
  EXPECT_EQ(checked, 1);
  EXPECT_TRUE(summary.verified);
  EXPECT_NE(summary.markdown().find("| 15 | 15 | 15 |"), std::string::npos) << summary.markdown();
  // Slow candidates (>= 10x the best so far) stopped after one run: none here, times are within 4x.
  EXPECT_EQ(summary.stopped_early, 0u);
}

TEST(TuneSweep, AFaultRecordsTheCandidateAndTheSweepGoesOn) {
  TemporaryFolder folder;
  RecordStore store(folder.file("records.sqlite"));
  SearchSpace space = space_of(vector_add_space());
  FakeMeasurer fake;
  fake.fault_block = 512;
  fake.fault_lanes = 128;
  SweepSummary summary = run_sweep(space, quiet_options(), store, {&fake}, nullptr);
  EXPECT_EQ(summary.faults, 1u);
  EXPECT_EQ(summary.measured, 14u);
  std::vector<Record> records = store.sweep(space.sweep_key, "Fake GPU", sizes_json(space.sizes));
  auto fault = std::find_if(records.begin(), records.end(), [](const Record& r) { return r.status == RecordStatus::Fault; });
  ASSERT_NE(fault, records.end());
  EXPECT_EQ(fault->params_json, "{\"BLOCK\":512,\"LANES\":128}");
  EXPECT_EQ(fault->message, "illegal address");
}

TEST(TuneSweep, ResumeSkipsWhatTheRecordsHoldAndLosesNothing) {
  TemporaryFolder folder;
  SearchSpace space = space_of(vector_add_space());
  FakeMeasurer fake;
  {
    RecordStore store(folder.file("records.sqlite"));
    TuneOptions first = quiet_options();
    first.trials = 6;  // "interrupted" after 6 candidates
    EXPECT_EQ(candidates_to_try(space, first), 6u);
    EXPECT_EQ(run_sweep(space, first, store, {&fake}, nullptr).tried, 6u);
  }
  RecordStore reopened(folder.file("records.sqlite"));
  EXPECT_EQ(reopened.count(), 6u);
  TuneOptions again = quiet_options();
  again.resume = true;
  SweepSummary summary = run_sweep(space, again, reopened, {&fake}, nullptr);
  EXPECT_EQ(summary.resumed, 6u);
  EXPECT_EQ(summary.tried, 9u);
  EXPECT_EQ(fake.calls, 15);  // no candidate measured twice
  EXPECT_EQ(reopened.count(), 15u);
  ASSERT_TRUE(summary.best);
  EXPECT_DOUBLE_EQ(*summary.best->time_ms, 1.0);
  // Without --resume every candidate is measured again.
  EXPECT_EQ(run_sweep(space, quiet_options(), reopened, {&fake}, nullptr).tried, 15u);
}

TEST(TuneSweep, AResumedSweepsRecordsCountTowardItsTrials) {
  TemporaryFolder folder;
  SearchSpace space = space_of(vector_add_space());
  FakeMeasurer fake;
  RecordStore store(folder.file("records.sqlite"));
  TuneOptions options = quiet_options();
  options.trials = 4;
  run_sweep(space, options, store, {&fake}, nullptr);
  options.resume = true;
  options.trials = 10;
  SweepSummary summary = run_sweep(space, options, store, {&fake}, nullptr);
  EXPECT_EQ(summary.resumed, 4u);
  EXPECT_EQ(summary.tried, 6u);
  EXPECT_EQ(store.count(), 10u);
}

TEST(TuneSweep, SlowCandidatesStopAfterOneRun) {
  TemporaryFolder folder;
  RecordStore store(folder.file("records.sqlite"));
  SearchSpace space = space_of(vector_add_space());
  FakeMeasurer fake;
  TuneOptions options = quiet_options();
  options.slow_factor = 1.1;  // (2048, 256) takes 2 ms, after (1024, 256) took 1 ms
  SweepSummary summary = run_sweep(space, options, store, {&fake}, nullptr);
  EXPECT_GE(summary.stopped_early, 1u);
  std::vector<Record> records = store.sweep(space.sweep_key, "Fake GPU", sizes_json(space.sizes));
  ASSERT_EQ(records.back().params_json, "{\"BLOCK\":2048,\"LANES\":256}");
  EXPECT_EQ(records.back().runs, 1);
  EXPECT_EQ(records.front().runs, 5);  // the first has no best to compare with
}

TEST(TuneSweep, EvolutionAndRandomSearchesRespectTrialsAndConstraints) {
  json text = vector_add_space();
  text["variables"]["PAD"] = {{"from", 0}, {"to", 99}};  // 2400 assignments: sampled, not enumerated
  text["transforms"].push_back({{"op", "tag_inames"}, {"iname_to_tag", "i_inner_outer:unr"}});
  text["constraints"].push_back("PAD < 40");
  SearchSpace space = space_of(text);
  for (const char* search : {"random", "evolution"}) {
    TemporaryFolder folder;
    RecordStore store(folder.file("records.sqlite"));
    FakeMeasurer fake;
    TuneOptions options = quiet_options();
    options.search = search;
    options.trials = 40;
    SweepSummary summary = run_sweep(space, options, store, {&fake}, nullptr);
    EXPECT_EQ(summary.tried, 40u) << search;
    std::set<std::string> distinct;
    for (const Record& record : store.sweep(space.sweep_key, "Fake GPU", sizes_json(space.sizes))) {
      distinct.insert(record.params_json);
      EXPECT_LT(json::parse(record.params_json)["PAD"].get<int>(), 40);
    }
    EXPECT_EQ(distinct.size(), 40u) << search;
  }
}

// The sweep says where its time went: every candidate's preparation stages (the vector add has
// transforms, code generation and an estimate to make) and the workers' phases, summed.
TEST(TuneSweep, TheSummarySaysWhereTheTimeWent) {
  TemporaryFolder folder;
  RecordStore store(folder.file("records.sqlite"));
  FakeMeasurer fake;
  SweepSummary summary = run_sweep(space_of(vector_add_space()), quiet_options(), store, {&fake}, nullptr);
  EXPECT_EQ(summary.threads, 2);
  EXPECT_GT(summary.prepare_times.spec_s, 0);
  EXPECT_GT(summary.prepare_times.codegen_s, 0);
  EXPECT_GT(summary.prepare_times.estimate_s, 0);
  EXPECT_GT(summary.prepare_times.cpu_s, 0);
  EXPECT_GT(summary.prepare_wall_s, 0);
  EXPECT_LE(summary.prepare_wall_s, summary.wall_s);
  EXPECT_DOUBLE_EQ(summary.worker_phases.at("spec"), 15 * 0.25);
  EXPECT_DOUBLE_EQ(summary.worker_phases.at("runs"), 15 * 0.5);
  std::string text = summary.markdown();
  EXPECT_NE(text.find("Where the wall time went: 2 preparation threads"), std::string::npos) << text;
  EXPECT_NE(text.find("Worker, summed: runs 7.50 s, spec 3.75 s."), std::string::npos) << text;
}

// Three candidates whose schedules differ only by a variable the code does not depend on (as
// sgemm_space_v5's S=1 and S=2 of a 32-deep k tile generate the same CUDA): one code.
json same_code_space() {
  json space = vector_add_space();
  space["variables"] = json::parse(R"({"BLOCK": [256], "LANES": [64], "COPY": [1, 2, 3]})");
  // The priority of the kernel's only instruction orders nothing.
  space["transforms"].push_back(json::parse(R"({"op": "set_instruction_priority", "insn_match": "*", "priority": "${COPY}"})"));
  return space;
}

// A sweep compiles each generated code once: the candidates with the code of one being compiled
// wait for it (their threads compile others meanwhile) and take its register count and CUBIN;
// each is still measured and recorded.
TEST(TuneSweep, CandidatesWithTheSameCodeAreCompiledOnceAndEachIsMeasured) {
  TemporaryFolder folder;
  RecordStore store(folder.file("records.sqlite"));
  FakeMeasurer fake;
  SweepSummary summary = run_sweep(space_of(same_code_space()), quiet_options(), store, {&fake}, nullptr);
  EXPECT_EQ(summary.measured, 3u);
  EXPECT_EQ(fake.calls, 3);
  EXPECT_EQ(summary.same_code, 2u);
  std::string text = summary.markdown();
  EXPECT_NE(text.find("2 had the code of another candidate (compiled once)"), std::string::npos) << text;
}

// The same in `--prepare-only`, where NVRTC compiles for sm_90 without a GPU: the first candidate
// of a code is compiled, the others take its registers.
TEST(TunePrepareOnly, CandidatesWithTheSameCodeAreCompiledOnce) {
  PreparationSummary summary = prepare_only(space_of(same_code_space()), quiet_options());
  ASSERT_EQ(summary.prepared.size(), 3u);
  EXPECT_EQ(summary.same_code, 2u);
  for (const PreparedCandidate& candidate : summary.prepared) {
    EXPECT_FALSE(candidate.pruned) << *candidate.pruned;
    EXPECT_EQ(candidate.registers, summary.prepared[0].registers) << assignment_json(candidate.params);
  }
}

TEST(TuneSweep, TheTunedRecordIsFoundFromTheSpecWhateverItsTransforms) {
  TemporaryFolder folder;
  RecordStore store(folder.file("records.sqlite"));
  SearchSpace space = space_of(vector_add_space());
  FakeMeasurer fake;
  run_sweep(space, quiet_options(), store, {&fake}, nullptr);
  json spec = space.spec;
  spec["transforms"] = json::array();
  std::optional<Record> best = tuned_record(spec.dump(), space.sizes, "Fake GPU", store);
  ASSERT_TRUE(best);
  EXPECT_EQ(best->params_json, "{\"BLOCK\":1024,\"LANES\":256}");
  EXPECT_FALSE(tuned_record(spec.dump(), {{"n", 5}}, "Fake GPU", store));
  EXPECT_FALSE(tuned_record(spec.dump(), space.sizes, "Another GPU", store));
  // The record's schedule makes a spec loom reads.
  spec["transforms"] = json::parse(best->schedule_json);
  EXPECT_NO_THROW(read_spec(spec.dump()));
}

// ---- the worker without a GPU -----------------------------------------------------------------

// Without a GPU the worker says so and the parent names the device; with one it announces it.
TEST(TuneWorker, TheWorkerAnnouncesItsDeviceOrSaysWhyNot) {
  const char* binary = std::getenv("LOOM_CLI");
  WorkerProcess worker(binary != nullptr ? binary : LOOM_CLI_PATH, 0, 30.0);
  try {
    DeviceIdentity device = worker.device();
    EXPECT_FALSE(device.name.empty());
    EXPECT_NE(device.compute_capability.find('.'), std::string::npos) << device.compute_capability;
  } catch (const EnvironmentError& error) {
    std::string message = error.what();
    EXPECT_NE(message.find("the worker on device 0: no CUDA"), std::string::npos) << message;
  }
}

// Scripted stand-ins for `loom tune --worker` exercise the parent's side without a GPU: answers,
// a worker that dies mid-request, one that never answers, and the restart after each.
class ScriptedWorker {
 public:
  explicit ScriptedWorker(const std::string& after_hello) {
    std::ofstream(path_) << "#!/bin/sh\n"
                         << "echo '{\"device\": {\"name\": \"Scripted\", \"compute_capability\": \"9.0\", \"driver\": \"1\"}}'\n"
                         << after_hello << "\n";
    fs::permissions(path_, fs::perms::owner_all);
  }
  std::string path() const { return path_.string(); }

 private:
  TemporaryFolder folder_;
  fs::path path_ = folder_.file("worker.sh");
};

TEST(TuneWorker, AnAnswerBecomesTheResult) {
  ScriptedWorker script("while read line; do echo '{\"status\": \"measured\", \"time_ms\": 1.5, \"runs\": 3}'; done");
  WorkerProcess worker(script.path(), 0, 10.0);
  EXPECT_EQ(worker.device().name, "Scripted");
  MeasureResult result = worker.measure({});
  EXPECT_EQ(result.status, RecordStatus::Measured);
  EXPECT_EQ(result.time_ms, 1.5);
  EXPECT_EQ(result.runs, 3);
  EXPECT_EQ(worker.measure({}).status, RecordStatus::Measured);
  EXPECT_EQ(worker.restarts(), 0);
}

TEST(TuneWorker, AWorkerThatDiesIsAFaultAndIsRestarted) {
  ScriptedWorker script("read line; exit 5");
  WorkerProcess worker(script.path(), 0, 10.0);
  MeasureResult first = worker.measure({});
  EXPECT_EQ(first.status, RecordStatus::Fault);
  EXPECT_NE(first.message.find("exited with code 5"), std::string::npos) << first.message;
  EXPECT_EQ(worker.measure({}).status, RecordStatus::Fault);
  EXPECT_EQ(worker.restarts(), 1);
}

TEST(TuneWorker, AWorkerThatNeverAnswersTimesOutAndIsKilled) {
  ScriptedWorker script("read line; sleep 600");
  WorkerProcess worker(script.path(), 0, 1.0);
  MeasureResult result = worker.measure({});  // the script would sleep 600 s: it was killed
  EXPECT_EQ(result.status, RecordStatus::Timeout);
  EXPECT_NE(result.message.find("no answer within 1 s"), std::string::npos) << result.message;
  EXPECT_EQ(worker.measure({}).status, RecordStatus::Timeout);
  EXPECT_EQ(worker.restarts(), 1);
}

}  // namespace
}  // namespace loom::tune

// ---- roofline estimates (issue 31) ---------------------------------------------------------------

namespace loom::tune {
namespace {

TEST(TuneEstimate, EachRecordCarriesItsRooflineEstimate) {
  TemporaryFolder folder;
  RecordStore store(folder.file("records.sqlite"));
  FakeMeasurer fake;
  run_sweep(space_of(vector_add_space()), quiet_options(), store, {&fake}, nullptr);
  // out[i] = a[i] + b[i]: 12 bytes and one float add per element; at n = 2^20 on the h100 model
  // the 12 MiB at 3350 GB/s bound it.
  double expected_ms = 12.0 * 1048576 / 3350e9 * 1e3;
  std::vector<Record> records = store.sweep(space_of(vector_add_space()).sweep_key, "Fake GPU", "{\"n\":1048576}");
  ASSERT_EQ(records.size(), 15u);
  for (const Record& record : records) {
    ASSERT_TRUE(record.estimate_ms) << record.params_json;
    EXPECT_NEAR(*record.estimate_ms, expected_ms, 1e-12) << record.params_json;
  }
}

TEST(TuneEstimate, PruningByTheEstimateIsOptIn) {
  TemporaryFolder folder;
  RecordStore store(folder.file("records.sqlite"));
  FakeMeasurer fake;
  TuneOptions options = quiet_options();
  options.prune_estimate_factor = 1.0;  // every vector-add schedule moves the same bytes: none pruned
  SweepSummary kept = run_sweep(space_of(vector_add_space()), options, store, {&fake}, nullptr);
  EXPECT_EQ(kept.measured, 15u);
  EXPECT_EQ(kept.pruned, 0u);
  RecordStore other(folder.file("other.sqlite"));
  FakeMeasurer fake_2;
  options.prune_estimate_factor = 0.5;  // nothing is within half of the best estimate: all pruned
  SweepSummary pruned = run_sweep(space_of(vector_add_space()), options, other, {&fake_2}, nullptr);
  EXPECT_EQ(pruned.pruned, 15u);
  EXPECT_EQ(fake_2.calls, 0);
  std::vector<Record> records = other.sweep(space_of(vector_add_space()).sweep_key, "Fake GPU", "{\"n\":1048576}");
  ASSERT_FALSE(records.empty());
  EXPECT_NE(records[0].message.find("estimate: "), std::string::npos) << records[0].message;
  EXPECT_NE(records[0].message.find("0.5x the best estimate"), std::string::npos) << records[0].message;
}

// The order of a sweep's compiles: lines count once per iteration of the constant `#pragma unroll`
// loops around them (nested ones multiply); a loop with a parameter bound, an unbraced body and a
// loop without the pragma count once.
TEST(TuneCompileOrder, UnrolledSizeCountsTheUnrolledLoopsIterations) {
  std::string plain = "{\n  a = 1;\n  for (int32_t k = 0; k <= 31; ++k)\n  {\n    b += 1;\n  }\n}\n";
  EXPECT_EQ(unrolled_size(plain), 7u);
  std::string unrolled = "{\n  #pragma unroll\n  for (int32_t kk = 0; kk <= 31; ++kk)\n  {\n    b += 1;\n    c += 1;\n  }\n}\n";
  // The function's braces, the for line and the body's '{' once; 2 statements and the body's '}'
  // 32 times.
  EXPECT_EQ(unrolled_size(unrolled), 4u + 32u * 3u);
  std::string nested = "#pragma unroll\nfor (int32_t i = 0; i <= 3; ++i)\n{\n  #pragma unroll\n  for (int32_t j = 1; j <= 2; ++j)\n  {\n    x += 1;\n  }\n}\n";
  // for i and its '{' once; for j and its '{' 4 times; the statement and j's '}' 8 times; i's '}' 4.
  EXPECT_EQ(unrolled_size(nested), 2u + 2u * 4u + 2u * 8u + 4u);
  std::string parametric = "#pragma unroll\nfor (int32_t kk = 0; kk <= n - 1; ++kk)\n{\n  b += 1;\n}\n";
  EXPECT_EQ(unrolled_size(parametric), 4u);
  std::string unbraced = "#pragma unroll\nfor (int32_t kk = 0; kk <= 7; ++kk)\n  b += 1;\n{\n  c += 1;\n}\n";
  EXPECT_EQ(unrolled_size(unbraced), 5u);
  // A factor bounds the copies: the guarded partial-tile copies of a k tile (`#pragma unroll 4`).
  std::string by_four = "#pragma unroll 4\nfor (int32_t kk = 0; kk <= 31; ++kk)\n{\n  b += 1;\n}\n";
  EXPECT_EQ(unrolled_size(by_four), 2u + 4u * 2u);
  std::string more_than_trips = "#pragma unroll 8\nfor (int32_t kk = 0; kk <= 1; ++kk)\n{\n  b += 1;\n}\n";
  EXPECT_EQ(unrolled_size(more_than_trips), 2u + 2u * 2u);
}

// `loom tune --prepare-only`: the candidates the search would try, prepared and timed, nothing
// measured or recorded; NVRTC compiles them for sm_90 where its library is present (registers).
TEST(TunePrepareOnly, PreparesTheCandidatesAndSaysWhereTheTimeWent) {
  TuneOptions options = quiet_options();
  options.trials = 3;
  PreparationSummary summary = prepare_only(space_of(vector_add_space()), options);
  EXPECT_EQ(summary.candidates, 3u);
  EXPECT_EQ(summary.pruned, 0u);
  EXPECT_EQ(summary.threads, 2);
  ASSERT_EQ(summary.prepared.size(), 3u);
  for (const PreparedCandidate& candidate : summary.prepared) {
    EXPECT_FALSE(candidate.pruned) << *candidate.pruned;
    EXPECT_TRUE(candidate.estimate_ms) << assignment_json(candidate.params);
    EXPECT_GT(candidate.times.codegen_s, 0);
    EXPECT_EQ(candidate.registers > 0, summary.prepared[0].registers > 0);  // all compiled, or none (no NVRTC)
  }
  std::string text = summary.markdown();
  EXPECT_NE(text.find("3 candidates (0 pruned) on 2 threads"), std::string::npos) << text;
  EXPECT_NE(text.find("| {\"BLOCK\":64,\"LANES\":32} | ok |"), std::string::npos) << text;
}

// Under --compiler llvm (LOOM_CUDA_COMPILER=llvm, which the worker inherits) the candidates go
// through the LLVM path in the preparation threads: LLVM's O3 and PTX in the compile stage, whose
// PTX only the driver's JIT assembles. Without a GPU that leaves no register count, where NVRTC
// (which preparation ran before, whatever the compiler) reports one.
TEST(TunePrepareOnly, UnderTheLlvmCompilerCandidatesGoThroughLlvm) {
  REQUIRE_LLVM_NVPTX();
  testing::ScopedEnv llvm("LOOM_CUDA_COMPILER", "llvm");
  TuneOptions options = quiet_options();
  options.trials = 2;
  PreparationSummary summary = prepare_only(space_of(vector_add_space()), options);
  EXPECT_EQ(summary.compiler, "llvm");
  ASSERT_EQ(summary.prepared.size(), 2u);
  bool gpu = !testing::cuda_unavailable();
  for (const PreparedCandidate& candidate : summary.prepared) {
    ASSERT_FALSE(candidate.pruned) << *candidate.pruned;
    EXPECT_GT(candidate.times.compile_s, 0);
    EXPECT_EQ(candidate.registers > 0, gpu) << assignment_json(candidate.params);
  }
  std::string text = summary.markdown();
  EXPECT_NE(text.find("LLVM and the driver's JIT"), std::string::npos) << text;
  EXPECT_EQ(text.find("NVRTC"), std::string::npos) << text;
}

// On a GPU, preparation leaves the candidate's code at the kernel level of the cache (and its
// CUBIN beneath): the worker's compile() of the same spec is a hit, no isl or compiler in the
// worker's serial path. Under either compiler: NVRTC's CUBIN, or under LOOM_CUDA_COMPILER=llvm
// (the gpu suite's second run) the LLVM path's PTX assembled by the driver's JIT, whose report
// gives the register count.
TEST(TuneGpu, APreparedCandidateIsAKernelCacheHitForTheWorker) {
  SKIP_WITHOUT_CUDA();
  testing::ScopedCacheDirectory cache;
  SearchSpace space = space_of(vector_add_space());
  PreparedCandidate candidate = prepare_candidate(space, {{"BLOCK", 1024}, {"LANES", 256}});
  ASSERT_FALSE(candidate.pruned) << *candidate.pruned;
  EXPECT_GT(candidate.registers, 0);
  int hits = detail::cuda_kernel_cache_hits();
  Spec spec = read_spec(candidate.spec_json);
  CompiledKernel program = compile(spec.kernel, Target::CUDA);
  EXPECT_EQ(detail::cuda_kernel_cache_hits(), hits + 1);
  EXPECT_EQ(codegen::is_llvm_ptx(program.code().source), default_cuda_compiler() == CudaCompiler::Llvm);
  // And the hit runs the candidate correctly.
  CheckOptions check;
  check.target = Target::CUDA;
  EXPECT_TRUE(check_against_reference(spec.kernel, spec.reference, {{"n", 1000}}, check).passed);
}

}  // namespace
}  // namespace loom::tune
