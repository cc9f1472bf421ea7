#include "runtime/binary_cache.hpp"

#include <unistd.h>
#include <xxhash.h>

#include <atomic>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

namespace loom::detail {

namespace fs = std::filesystem;

namespace {
constexpr std::size_t kHeaderSize = sizeof(CacheMagic) + sizeof(uint64_t);
}

std::string hex_hash(const std::string& text) {
  std::ostringstream out;
  out << std::hex << XXH3_64bits(text.data(), text.size());
  return out.str();
}

std::optional<std::vector<char>> read_cache_entry(const std::string& path, const CacheMagic& magic) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (bytes.size() <= kHeaderSize || std::memcmp(bytes.data(), magic, sizeof(CacheMagic)) != 0) return std::nullopt;
  uint64_t checksum = 0;
  std::memcpy(&checksum, bytes.data() + sizeof(CacheMagic), sizeof checksum);
  std::vector<char> payload(bytes.begin() + kHeaderSize, bytes.end());
  if (XXH3_64bits(payload.data(), payload.size()) != checksum) return std::nullopt;
  return payload;
}

void write_cache_entry(const std::string& path, const CacheMagic& magic, const char* data, std::size_t size) {
  static std::atomic<uint64_t> counter{0};
  std::error_code error;
  fs::create_directories(fs::path(path).parent_path(), error);
  if (error) return;
  std::ostringstream unique;
  unique << path << "." << getpid() << "." << std::hash<std::thread::id>()(std::this_thread::get_id()) << "."
         << counter++ << ".tmp";
  fs::path temporary = unique.str();
  {
    std::ofstream out(temporary, std::ios::binary);
    uint64_t checksum = XXH3_64bits(data, size);
    out.write(magic, sizeof(CacheMagic));
    out.write(reinterpret_cast<const char*>(&checksum), sizeof checksum);
    out.write(data, static_cast<std::streamsize>(size));
    if (!out) {
      out.close();
      fs::remove(temporary, error);
      return;
    }
  }
  fs::rename(temporary, path, error);
  if (error) fs::remove(temporary, error);
}

}  // namespace loom::detail
