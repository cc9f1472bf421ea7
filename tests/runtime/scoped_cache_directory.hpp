// Points LOOM_CACHE_DIR at a fresh folder for a test's lifetime (the runtime tests' caches).
#pragma once

#include <stdlib.h>

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

namespace loom::testing {

class ScopedCacheDirectory {
 public:
  ScopedCacheDirectory() {
    std::string pattern = (std::filesystem::temp_directory_path() / "loom-cache-XXXXXX").string();
    path_ = mkdtemp(pattern.data());
    if (const char* old = std::getenv("LOOM_CACHE_DIR")) old_ = old;
    setenv("LOOM_CACHE_DIR", path_.c_str(), 1);
  }
  ~ScopedCacheDirectory() {
    if (old_)
      setenv("LOOM_CACHE_DIR", old_->c_str(), 1);
    else
      unsetenv("LOOM_CACHE_DIR");
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  std::optional<std::string> old_;
};

}  // namespace loom::testing
