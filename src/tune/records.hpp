// loom tune's records: one row per measured (or pruned, or failed) candidate, in a SQLite file
// (docs/tuning.md). Every record is committed when it is added, so a killed sweep loses nothing
// it finished; lookups are device-aware.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace loom::tune {

// What happened to a candidate.
enum class RecordStatus {
  Measured,  // time_ms is its median
  Pruned,    // refused before measuring (constraint, legality, assumptions, resources); message says why
  Failed,    // compile error, launch error or wrong results; message says what
  Fault,     // the kernel faulted on the device (the worker was restarted)
  Timeout,   // the measurement took longer than the time limit (the worker was killed)
};
const char* status_name(RecordStatus status);
RecordStatus status_from_name(const std::string& name);  // throws loom::Error on an unknown name

// The GPU a record was measured on.
struct DeviceIdentity {
  std::string name;                // "NVIDIA H200"
  std::string compute_capability;  // "9.0"
  std::string driver;              // "580.159.04" or the CUDA driver version number as text
};

struct Record {
  int64_t id = 0;            // assigned by the database
  std::string sweep_key;     // hash of the search space's kernel without its transforms (docs/tuning.md)
  std::string kernel_hash;   // hash of the concrete candidate kernel ("" when it could not be built)
  std::string kernel_name;
  DeviceIdentity device;
  std::string sizes_json;    // {"n": 4096}: parameter values measured at, canonical JSON (sorted keys)
  std::string params_json;   // {"TI": 64, ...}: the search variables' values, canonical JSON
  std::string schedule_json; // the concrete transforms (a spec's "transforms" array), JSON
  RecordStatus status = RecordStatus::Measured;
  std::optional<double> time_ms;  // median; set for Measured
  // The roofline estimate of the candidate on the tuning device model (loom stats; flops at the
  // peak rate, global bytes accessed by instructions at the bandwidth), when it could be counted.
  std::optional<double> estimate_ms;
  int runs = 0;                   // timed runs behind time_ms (1 when stopped early as too slow)
  std::string message;            // why pruned / failed; empty when measured
  std::string loom_version;
  double created_unix = 0;        // seconds since the epoch, set by add() when 0
};

// A records database. Opening creates the file and its table when absent; concurrent writers
// (several sweep processes sharing one file) are serialized by SQLite (busy timeout 10 s).
class RecordStore {
 public:
  explicit RecordStore(const std::string& path);
  ~RecordStore();
  RecordStore(const RecordStore&) = delete;
  RecordStore& operator=(const RecordStore&) = delete;

  // Inserts `record` (committed before returning) and returns its id.
  int64_t add(const Record& record);

  // Every record of a sweep on a device at the given sizes, oldest first.
  std::vector<Record> sweep(const std::string& sweep_key, const std::string& device_name,
                            const std::string& sizes_json) const;

  // The fastest Measured record for (sweep key, device name, sizes), if any.
  std::optional<Record> best(const std::string& sweep_key, const std::string& device_name,
                             const std::string& sizes_json) const;

  // True when a record with these params exists for (sweep key, device name, sizes), whatever its
  // status: --resume skips such candidates.
  bool has(const std::string& sweep_key, const std::string& device_name, const std::string& sizes_json,
           const std::string& params_json) const;

  std::size_t count() const;
  const std::string& path() const { return path_; }

 private:
  void add_estimate_column();
  std::string path_;
  struct Database;
  std::unique_ptr<Database> db_;
};

// $LOOM_CACHE_DIR/tune/records.sqlite (loom's cache folder): the default --db.
std::string default_records_path();

// JSON text with sorted keys and no spaces, so equal values give equal text (records compare by it).
std::string canonical_json(const std::string& json_text);

}  // namespace loom::tune
