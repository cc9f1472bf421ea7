// loom tune's records database (src/tune/records.hpp): what a sweep writes must come back intact,
// survive the process dying between candidates, and be shared by several writers of one file.
#include <gtest/gtest.h>

#include <unistd.h>

#include <ctime>
#include <filesystem>
#include <fstream>

#include "loom/error.hpp"
#include "test_helpers.hpp"
#include "tune/records.hpp"

namespace loom::tune {
namespace {

namespace fs = std::filesystem;
using testing::error_message;

// A folder of its own per test, removed afterwards, so tests never see each other's databases.
class RecordsFolder {
 public:
  RecordsFolder()
      : path_(fs::temp_directory_path() /
              ("loom_records_test_" + std::to_string(::getpid()) + "_" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name())) {
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~RecordsFolder() { fs::remove_all(path_); }
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  fs::path path_;
};

const DeviceIdentity kH200{"NVIDIA H200", "9.0", "580.159.04"};
const char* const kSweep = "sweep-abc";
const char* const kSizes = "{\"n\":4096}";

Record measured(const std::string& params_json, double time_ms) {
  Record record;
  record.sweep_key = kSweep;
  record.kernel_hash = "hash-" + params_json;
  record.kernel_name = "vadd";
  record.device = kH200;
  record.sizes_json = kSizes;
  record.params_json = params_json;
  record.schedule_json = "[]";
  record.status = RecordStatus::Measured;
  record.time_ms = time_ms;
  record.runs = 5;
  record.loom_version = "0.1.0";
  return record;
}

Record refused(const std::string& params_json, RecordStatus status, const std::string& message) {
  Record record = measured(params_json, 0);
  record.status = status;
  record.time_ms = std::nullopt;
  record.runs = 0;
  record.message = message;
  return record;
}

void expect_same(const Record& got, const Record& expected) {
  EXPECT_EQ(got.sweep_key, expected.sweep_key);
  EXPECT_EQ(got.kernel_hash, expected.kernel_hash);
  EXPECT_EQ(got.kernel_name, expected.kernel_name);
  EXPECT_EQ(got.device.name, expected.device.name);
  EXPECT_EQ(got.device.compute_capability, expected.device.compute_capability);
  EXPECT_EQ(got.device.driver, expected.device.driver);
  EXPECT_EQ(got.sizes_json, expected.sizes_json);
  EXPECT_EQ(got.params_json, expected.params_json);
  EXPECT_EQ(got.schedule_json, expected.schedule_json);
  EXPECT_EQ(got.status, expected.status);
  EXPECT_EQ(got.time_ms, expected.time_ms);
  EXPECT_EQ(got.runs, expected.runs);
  EXPECT_EQ(got.message, expected.message);
  EXPECT_EQ(got.loom_version, expected.loom_version);
}

TEST(TuneRecords, EveryFieldRoundTripsWithAndWithoutATime) {
  RecordsFolder folder;
  RecordStore store(folder.file("records.sqlite"));
  Record fast = measured("{\"TI\":64}", 0.125);
  fast.schedule_json = "[{\"op\":\"split_iname\",\"iname\":\"i\",\"inner_length\":64}]";
  fast.created_unix = 1700000000.5;
  Record failed = refused("{\"TI\":128}", RecordStatus::Failed, "NVRTC: error: 'it''s' \"quoted\"; DROP TABLE records");
  int64_t fast_id = store.add(fast);
  int64_t failed_id = store.add(failed);
  EXPECT_LT(fast_id, failed_id);

  std::vector<Record> records = store.sweep(kSweep, kH200.name, kSizes);
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0].id, fast_id);
  EXPECT_EQ(records[1].id, failed_id);
  expect_same(records[0], fast);
  expect_same(records[1], failed);
  EXPECT_FALSE(records[1].time_ms.has_value());
  EXPECT_EQ(records[0].created_unix, 1700000000.5);
}

TEST(TuneRecords, AddStampsTheCreationTimeWhenItIsUnset) {
  RecordsFolder folder;
  RecordStore store(folder.file("records.sqlite"));
  double before = static_cast<double>(std::time(nullptr)) - 1;
  store.add(measured("{\"TI\":64}", 1.0));
  std::vector<Record> records = store.sweep(kSweep, kH200.name, kSizes);
  ASSERT_EQ(records.size(), 1u);
  EXPECT_GE(records[0].created_unix, before);
  EXPECT_LE(records[0].created_unix, before + 60);
}

TEST(TuneRecords, StatusNamesRoundTripAndUnknownNamesAreRefused) {
  for (RecordStatus status : {RecordStatus::Measured, RecordStatus::Pruned, RecordStatus::Failed, RecordStatus::Fault,
                              RecordStatus::Timeout}) {
    EXPECT_EQ(status_from_name(status_name(status)), status) << status_name(status);
  }
  EXPECT_STREQ(status_name(RecordStatus::Measured), "measured");
  EXPECT_STREQ(status_name(RecordStatus::Pruned), "pruned");
  EXPECT_STREQ(status_name(RecordStatus::Failed), "failed");
  EXPECT_STREQ(status_name(RecordStatus::Fault), "fault");
  EXPECT_STREQ(status_name(RecordStatus::Timeout), "timeout");
  std::string message = error_message<Error>([] { status_from_name("crashed"); });
  EXPECT_NE(message.find("crashed"), std::string::npos) << message;
  EXPECT_NE(error_message<Error>([] { status_from_name("Measured"); }), "");
}

TEST(TuneRecords, BestIsTheFastestMeasuredOnThatDeviceAndSizes) {
  RecordsFolder folder;
  RecordStore store(folder.file("records.sqlite"));
  EXPECT_FALSE(store.best(kSweep, kH200.name, kSizes).has_value());

  store.add(measured("{\"TI\":32}", 3.0));
  store.add(measured("{\"TI\":64}", 2.0));
  store.add(measured("{\"TI\":256}", 2.5));
  // Faster on paper but not eligible: refused candidates, another device, other sizes, another sweep.
  Record pruned = refused("{\"TI\":1024}", RecordStatus::Pruned, "too many threads");
  pruned.time_ms = 0.001;
  store.add(pruned);
  store.add(refused("{\"TI\":512}", RecordStatus::Failed, "wrong results"));
  Record other_device = measured("{\"TI\":128}", 0.5);
  other_device.device = {"NVIDIA H100", "9.0", "580.159.04"};
  store.add(other_device);
  Record other_sizes = measured("{\"TI\":128}", 0.5);
  other_sizes.sizes_json = "{\"n\":8192}";
  store.add(other_sizes);
  Record other_sweep = measured("{\"TI\":128}", 0.5);
  other_sweep.sweep_key = "sweep-other";
  store.add(other_sweep);

  std::optional<Record> best = store.best(kSweep, kH200.name, kSizes);
  ASSERT_TRUE(best.has_value());
  EXPECT_EQ(best->params_json, "{\"TI\":64}");
  EXPECT_EQ(best->time_ms, 2.0);
  EXPECT_EQ(store.best(kSweep, "NVIDIA H100", kSizes)->params_json, "{\"TI\":128}");
  EXPECT_FALSE(store.best(kSweep, "NVIDIA A100", kSizes).has_value());
}

TEST(TuneRecords, HasFindsACandidateWhateverItsStatusForResume) {
  RecordsFolder folder;
  RecordStore store(folder.file("records.sqlite"));
  store.add(measured("{\"TI\":64}", 1.0));
  store.add(refused("{\"TI\":128}", RecordStatus::Timeout, "over 10 s"));
  EXPECT_TRUE(store.has(kSweep, kH200.name, kSizes, "{\"TI\":64}"));
  EXPECT_TRUE(store.has(kSweep, kH200.name, kSizes, "{\"TI\":128}"));
  EXPECT_FALSE(store.has(kSweep, kH200.name, kSizes, "{\"TI\":256}"));
  EXPECT_FALSE(store.has(kSweep, "NVIDIA H100", kSizes, "{\"TI\":64}"));
  EXPECT_FALSE(store.has(kSweep, kH200.name, "{\"n\":8192}", "{\"TI\":64}"));
  EXPECT_FALSE(store.has("sweep-other", kH200.name, kSizes, "{\"TI\":64}"));
}

TEST(TuneRecords, RecordsSurviveTheStoreGoingAwayMidSweep) {
  RecordsFolder folder;
  std::string path = folder.file("records.sqlite");
  {
    RecordStore store(path);
    store.add(measured("{\"TI\":32}", 3.0));
    store.add(refused("{\"TI\":64}", RecordStatus::Fault, "illegal address"));
    store.add(measured("{\"TI\":128}", 1.5));
  }
  RecordStore reopened(path);
  EXPECT_EQ(reopened.path(), path);
  EXPECT_EQ(reopened.count(), 3u);
  EXPECT_TRUE(reopened.has(kSweep, kH200.name, kSizes, "{\"TI\":64}"));
  EXPECT_EQ(reopened.best(kSweep, kH200.name, kSizes)->time_ms, 1.5);
}

TEST(TuneRecords, TwoStoresOnOneFileSeeEachOthersRecords) {
  RecordsFolder folder;
  std::string path = folder.file("records.sqlite");
  RecordStore first(path);
  RecordStore second(path);
  first.add(measured("{\"TI\":32}", 3.0));
  second.add(measured("{\"TI\":64}", 2.0));
  first.add(measured("{\"TI\":128}", 1.0));
  EXPECT_EQ(first.count(), 3u);
  EXPECT_EQ(second.count(), 3u);
  EXPECT_TRUE(first.has(kSweep, kH200.name, kSizes, "{\"TI\":64}"));
  EXPECT_TRUE(second.has(kSweep, kH200.name, kSizes, "{\"TI\":128}"));
  EXPECT_EQ(second.best(kSweep, kH200.name, kSizes)->params_json, "{\"TI\":128}");
  std::vector<Record> records = second.sweep(kSweep, kH200.name, kSizes);
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[0].params_json, "{\"TI\":32}");
  EXPECT_EQ(records[1].params_json, "{\"TI\":64}");
  EXPECT_EQ(records[2].params_json, "{\"TI\":128}");
}

TEST(TuneRecords, OpeningCreatesMissingFolders) {
  RecordsFolder folder;
  std::string path = folder.file("deep/er/records.sqlite");
  RecordStore store(path);
  store.add(measured("{\"TI\":32}", 3.0));
  EXPECT_TRUE(fs::is_regular_file(path));
  EXPECT_EQ(store.count(), 1u);
}

TEST(TuneRecords, AParentThatIsAFileIsRefusedNamingThePath) {
  RecordsFolder folder;
  std::ofstream(folder.file("not_a_folder")) << "text";
  std::string path = folder.file("not_a_folder/records.sqlite");
  std::string message = error_message<Error>([&] { RecordStore store(path); });
  EXPECT_NE(message.find(path), std::string::npos) << message;
}

TEST(TuneRecords, AFileThatIsNotADatabaseIsRefusedNamingThePath) {
  RecordsFolder folder;
  std::string path = folder.file("records.sqlite");
  std::ofstream(path) << std::string(4096, 'x');
  std::string message = error_message<Error>([&] { RecordStore store(path); });
  EXPECT_NE(message.find(path), std::string::npos) << message;
  EXPECT_NE(message.find("not a database"), std::string::npos) << message;
}

TEST(TuneRecords, CanonicalJsonSortsKeysAndRefusesBrokenJson) {
  EXPECT_EQ(canonical_json("{\"b\":1,\"a\":2}"), "{\"a\":2,\"b\":1}");
  EXPECT_EQ(canonical_json(" { \"TJ\" : 16 ,\n \"TI\": {\"z\": [1, 2], \"y\": true} } "),
            "{\"TI\":{\"y\":true,\"z\":[1,2]},\"TJ\":16}");
  EXPECT_EQ(canonical_json("{\"b\":1,\"a\":2}"), canonical_json("{\"a\":2, \"b\":1}"));
  std::string message = error_message<Error>([] { canonical_json("{\"TI\": 64,"); });
  EXPECT_NE(message.find("{\"TI\": 64,"), std::string::npos) << message;
}

TEST(TuneRecords, TheDefaultPathIsInLoomsCacheFolder) {
  std::string path = default_records_path();
  const std::string suffix = "/tune/records.sqlite";
  ASSERT_GE(path.size(), suffix.size());
  EXPECT_EQ(path.substr(path.size() - suffix.size()), suffix);
}

}  // namespace
}  // namespace loom::tune
