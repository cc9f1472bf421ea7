#include "tune/records.hpp"

#include <sqlite3.h>

#include <chrono>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "loom/error.hpp"
#include "loom/runtime.hpp"

namespace loom::tune {

namespace {

constexpr const char* kSchema = R"(
CREATE TABLE IF NOT EXISTS records (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  sweep_key TEXT NOT NULL, kernel_hash TEXT, kernel_name TEXT,
  device_name TEXT NOT NULL, compute_capability TEXT, driver TEXT,
  sizes TEXT NOT NULL, params TEXT NOT NULL, schedule TEXT,
  status TEXT NOT NULL, time_ms REAL, runs INTEGER, message TEXT,
  loom_version TEXT, created REAL, estimate_ms REAL);
CREATE INDEX IF NOT EXISTS records_by_sweep ON records (sweep_key, device_name, sizes);
)";

constexpr const char* kColumns =
    "id, sweep_key, kernel_hash, kernel_name, device_name, compute_capability, driver, sizes, params, schedule, "
    "status, time_ms, runs, message, loom_version, created, estimate_ms";

const char* const kStatusNames[] = {"measured", "pruned", "failed", "fault", "timeout"};

double now_unix() {
  return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

std::string column_text(sqlite3_stmt* statement, int column) {
  const unsigned char* text = sqlite3_column_text(statement, column);
  return text == nullptr ? "" : reinterpret_cast<const char*>(text);
}

}  // namespace

// One connection; statements are prepared per call (a sweep adds a few records per second).
struct RecordStore::Database {
  sqlite3* handle = nullptr;
  std::string path;

  // Here rather than in ~RecordStore so that a constructor that throws after opening still closes.
  ~Database() { sqlite3_close(handle); }

  [[noreturn]] void fail(const std::string& what) const {
    throw Error("tuning records " + path + ": " + what + ": " + (handle != nullptr ? sqlite3_errmsg(handle) : "no database"));
  }

  void execute(const char* sql, const std::string& what) const {
    char* message = nullptr;
    if (sqlite3_exec(handle, sql, nullptr, nullptr, &message) != SQLITE_OK) {
      std::string text = message != nullptr ? message : sqlite3_errmsg(handle);
      sqlite3_free(message);
      throw Error("tuning records " + path + ": " + what + ": " + text);
    }
  }

  // A prepared statement, finalized when it goes out of scope.
  struct Statement {
    sqlite3_stmt* raw = nullptr;
    ~Statement() { sqlite3_finalize(raw); }
  };

  void prepare(Statement& statement, const std::string& sql) const {
    if (sqlite3_prepare_v2(handle, sql.c_str(), -1, &statement.raw, nullptr) != SQLITE_OK) fail("preparing a query");
  }

  void bind_text(Statement& statement, int index, const std::string& text) const {
    if (sqlite3_bind_text(statement.raw, index, text.c_str(), static_cast<int>(text.size()), SQLITE_TRANSIENT) != SQLITE_OK) {
      fail("binding a value");
    }
  }

  std::vector<Record> query(const std::string& where_and_order, const std::vector<std::string>& values) const {
    Statement statement;
    prepare(statement, std::string("SELECT ") + kColumns + " FROM records " + where_and_order);
    for (std::size_t i = 0; i < values.size(); ++i) bind_text(statement, static_cast<int>(i + 1), values[i]);
    std::vector<Record> records;
    int step;
    while ((step = sqlite3_step(statement.raw)) == SQLITE_ROW) records.push_back(read_row(statement.raw));
    if (step != SQLITE_DONE) fail("reading records");
    return records;
  }

  // A status that is not one of ours means the file was edited or written by a newer loom.
  Record read_row(sqlite3_stmt* row) const {
    try {
      return read(row);
    } catch (const Error& error) {
      throw Error("tuning records " + path + ": record " + std::to_string(sqlite3_column_int64(row, 0)) + ": " +
                  error.what());
    }
  }

  static Record read(sqlite3_stmt* row) {
    Record record;
    record.id = sqlite3_column_int64(row, 0);
    record.sweep_key = column_text(row, 1);
    record.kernel_hash = column_text(row, 2);
    record.kernel_name = column_text(row, 3);
    record.device = {column_text(row, 4), column_text(row, 5), column_text(row, 6)};
    record.sizes_json = column_text(row, 7);
    record.params_json = column_text(row, 8);
    record.schedule_json = column_text(row, 9);
    record.status = status_from_name(column_text(row, 10));
    if (sqlite3_column_type(row, 11) != SQLITE_NULL) record.time_ms = sqlite3_column_double(row, 11);
    record.runs = sqlite3_column_int(row, 12);
    record.message = column_text(row, 13);
    record.loom_version = column_text(row, 14);
    record.created_unix = sqlite3_column_double(row, 15);
    if (sqlite3_column_type(row, 16) != SQLITE_NULL) record.estimate_ms = sqlite3_column_double(row, 16);
    return record;
  }
};

const char* status_name(RecordStatus status) { return kStatusNames[static_cast<int>(status)]; }

RecordStatus status_from_name(const std::string& name) {
  for (int i = 0; i < 5; ++i) {
    if (name == kStatusNames[i]) return static_cast<RecordStatus>(i);
  }
  throw Error("unknown tuning record status '" + name + "' (measured, pruned, failed, fault, timeout)");
}

RecordStore::RecordStore(const std::string& path) : path_(path), db_(std::make_unique<Database>()) {
  db_->path = path;
  std::error_code error;
  std::filesystem::path parent = std::filesystem::path(path).parent_path();
  if (!parent.empty()) std::filesystem::create_directories(parent, error);
  if (error) throw Error("tuning records " + path + ": cannot create the folder " + parent.string() + ": " + error.message());
  if (sqlite3_open(path.c_str(), &db_->handle) != SQLITE_OK) {
    if (db_->handle == nullptr) throw Error("tuning records " + path + ": cannot open the database: out of memory");
    db_->fail("cannot open the database");
  }
  // Several sweep processes may share the file: wait for a writer rather than fail at once.
  sqlite3_busy_timeout(db_->handle, 10000);
  db_->execute("PRAGMA journal_mode=WAL;", "cannot switch to write-ahead logging");
  db_->execute(kSchema, "cannot create the records table");
  add_estimate_column();
}

RecordStore::~RecordStore() = default;

// Files written before estimates were recorded lack the column: added in place (old rows read as
// no estimate).
void RecordStore::add_estimate_column() {
  Database::Statement statement;
  db_->prepare(statement, "SELECT COUNT(*) FROM pragma_table_info('records') WHERE name = 'estimate_ms'");
  bool present = sqlite3_step(statement.raw) == SQLITE_ROW && sqlite3_column_int(statement.raw, 0) > 0;
  if (!present) db_->execute("ALTER TABLE records ADD COLUMN estimate_ms REAL;", "cannot add the estimate column");
}

int64_t RecordStore::add(const Record& record) {
  Database::Statement statement;
  db_->prepare(statement,
               "INSERT INTO records (sweep_key, kernel_hash, kernel_name, device_name, compute_capability, driver, sizes, "
               "params, schedule, status, time_ms, runs, message, loom_version, created, estimate_ms) "
               "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)");
  const std::string texts[] = {record.sweep_key, record.kernel_hash, record.kernel_name, record.device.name,
                               record.device.compute_capability, record.device.driver, record.sizes_json,
                               record.params_json, record.schedule_json, status_name(record.status)};
  for (int i = 0; i < 10; ++i) db_->bind_text(statement, i + 1, texts[i]);
  if (record.time_ms) sqlite3_bind_double(statement.raw, 11, *record.time_ms);
  else sqlite3_bind_null(statement.raw, 11);
  sqlite3_bind_int(statement.raw, 12, record.runs);
  db_->bind_text(statement, 13, record.message);
  db_->bind_text(statement, 14, record.loom_version);
  sqlite3_bind_double(statement.raw, 15, record.created_unix != 0 ? record.created_unix : now_unix());
  if (record.estimate_ms) sqlite3_bind_double(statement.raw, 16, *record.estimate_ms);
  else sqlite3_bind_null(statement.raw, 16);
  if (sqlite3_step(statement.raw) != SQLITE_DONE) db_->fail("adding a record");
  return sqlite3_last_insert_rowid(db_->handle);
}

std::vector<Record> RecordStore::sweep(const std::string& sweep_key, const std::string& device_name,
                                       const std::string& sizes_json) const {
  return db_->query("WHERE sweep_key = ?1 AND device_name = ?2 AND sizes = ?3 ORDER BY id", {sweep_key, device_name, sizes_json});
}

std::optional<Record> RecordStore::best(const std::string& sweep_key, const std::string& device_name,
                                        const std::string& sizes_json) const {
  std::vector<Record> fastest = db_->query(
      "WHERE sweep_key = ?1 AND device_name = ?2 AND sizes = ?3 AND status = 'measured' AND time_ms IS NOT NULL "
      "ORDER BY time_ms ASC, id ASC LIMIT 1",
      {sweep_key, device_name, sizes_json});
  if (fastest.empty()) return std::nullopt;
  return fastest.front();
}

bool RecordStore::has(const std::string& sweep_key, const std::string& device_name, const std::string& sizes_json,
                      const std::string& params_json) const {
  return !db_->query("WHERE sweep_key = ?1 AND device_name = ?2 AND sizes = ?3 AND params = ?4 LIMIT 1",
                     {sweep_key, device_name, sizes_json, params_json})
              .empty();
}

std::size_t RecordStore::count() const {
  Database::Statement statement;
  db_->prepare(statement, "SELECT COUNT(*) FROM records");
  if (sqlite3_step(statement.raw) != SQLITE_ROW) db_->fail("counting records");
  return static_cast<std::size_t>(sqlite3_column_int64(statement.raw, 0));
}

std::string default_records_path() { return cache_directory() + "/tune/records.sqlite"; }

std::string canonical_json(const std::string& json_text) {
  try {
    return nlohmann::json::parse(json_text).dump();
  } catch (const nlohmann::json::parse_error& error) {
    throw Error("not valid JSON: '" + json_text + "': " + error.what());
  }
}

}  // namespace loom::tune
