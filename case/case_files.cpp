// Case files on disk: reading one, listing the .case files named by command-line arguments, and writing
// a file atomically (a reader never sees a half-written case, even if the writer is killed).
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <system_error>

#include "case/case.h"

namespace gjk::check {

namespace {

std::string errnoText(int error) {
  return std::generic_category().message(error);
}

// "No such file or directory" -> "no such file or directory", to read well after "FILE: ".
std::string lowerFirst(std::string text) {
  if (!text.empty() && text.front() >= 'A' && text.front() <= 'Z') {
    text.front() = static_cast<char>(text.front() - 'A' + 'a');
  }
  return text;
}

class FileDescriptor {
 public:
  explicit FileDescriptor(int fd) : fd_(fd) {}
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  ~FileDescriptor() { close(); }
  int get() const { return fd_; }
  // Closes now, returning the error of close() (0 when none): a write may only fail at close.
  int close() {
    int error = 0;
    if (fd_ >= 0 && ::close(fd_) != 0) {
      error = errno;
    }
    fd_ = -1;
    return error;
  }

 private:
  int fd_;
};

}  // namespace

Case readCaseFile(const std::filesystem::path& path) {
  const std::string name = path.string();
  std::error_code statusError;
  if (std::filesystem::is_directory(path, statusError)) {
    throw CaseError(name, 0, "is a directory, expected a .case file");
  }
  FileDescriptor file(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (file.get() < 0) {
    throw CaseError(name, 0, lowerFirst(errnoText(errno)));
  }
  std::string text;
  char buffer[1 << 16];
  for (;;) {
    const ssize_t count = ::read(file.get(), buffer, sizeof buffer);
    if (count < 0) {
      if (errno == EINTR) {
        continue;
      }
      throw CaseError(name, 0, "cannot read: " + lowerFirst(errnoText(errno)));
    }
    if (count == 0) {
      break;
    }
    text.append(buffer, static_cast<std::size_t>(count));
    if (text.size() > MAX_CASE_FILE_BYTES) {  // stop reading: the file is too long whatever follows
      std::error_code sizeError;
      const std::uintmax_t size = std::filesystem::file_size(path, sizeError);
      throw CaseError(name, 0, caseFileTooLongMessage(sizeError ? text.size() : size));
    }
  }
  return parseCase(text, name);
}

void writeFileAtomically(const std::filesystem::path& path, std::string_view text) {
  static std::atomic<unsigned> counter{0};
  const std::filesystem::path folder = path.parent_path();
  // ".NAME.tmp.PID.N": hidden, and next to the target so that the rename stays in one file system.
  std::string prefix = ".";
  prefix += path.filename().string();
  prefix += ".tmp.";
  prefix += std::to_string(::getpid());
  prefix += '.';

  auto failure = [&](const std::string& what, int error) {
    return std::runtime_error("cannot write " + path.string() + ": " + what + ": " + errnoText(error));
  };

  // O_EXCL with a name unique to this process and call; a name left by a crashed process that had the
  // same pid is skipped.
  std::filesystem::path temporary;
  int fd = -1;
  for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
    temporary = folder / (prefix + std::to_string(counter.fetch_add(1)));
    fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno != EEXIST) {
      throw failure("cannot create " + temporary.string(), errno);
    }
  }
  if (fd < 0) {
    throw failure("cannot create a temporary file next to it", EEXIST);
  }
  FileDescriptor file(fd);
  auto removeAndThrow = [&](const std::string& what, int error) {
    file.close();
    ::unlink(temporary.c_str());
    throw failure(what, error);
  };

  std::size_t written = 0;
  while (written < text.size()) {
    const ssize_t count = ::write(file.get(), text.data() + written, text.size() - written);
    if (count < 0) {
      if (errno == EINTR) {
        continue;
      }
      removeAndThrow("write " + temporary.string(), errno);
    }
    written += static_cast<std::size_t>(count);
  }
  if (::fsync(file.get()) != 0) {
    removeAndThrow("fsync " + temporary.string(), errno);
  }
  if (int error = file.close(); error != 0) {
    removeAndThrow("close " + temporary.string(), error);
  }
  if (::rename(temporary.c_str(), path.c_str()) != 0) {
    removeAndThrow("rename " + temporary.string(), errno);
  }
  // Make the rename itself durable; a failure here leaves a complete file, so it is not an error.
  FileDescriptor directory(::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (directory.get() >= 0) {
    ::fsync(directory.get());
  }
}

std::vector<std::filesystem::path> collectCaseFiles(const std::vector<std::string>& arguments) {
  namespace fs = std::filesystem;
  std::vector<fs::path> files;
  for (const std::string& argument : arguments) {
    const fs::path path(argument);
    std::error_code error;
    const fs::file_status status = fs::status(path, error);
    if (status.type() == fs::file_type::not_found) {
      throw CaseError(argument, 0, "no such file or directory");
    }
    if (error) {
      throw CaseError(argument, 0, lowerFirst(error.message()));
    }
    if (status.type() != fs::file_type::directory) {
      files.push_back(path);  // a file named on the command line is taken whatever its extension
      continue;
    }
    std::vector<fs::path> found;
    try {
      for (const fs::directory_entry& entry : fs::recursive_directory_iterator(path)) {
        if (entry.path().extension() == ".case" && entry.is_regular_file()) {
          found.push_back(entry.path());
        }
      }
    } catch (const fs::filesystem_error& e) {
      throw CaseError(e.path1().empty() ? argument : e.path1().string(), 0,
                      "cannot list folder: " + lowerFirst(e.code().message()));
    }
    std::sort(found.begin(), found.end());
    files.insert(files.end(), found.begin(), found.end());
  }
  return files;
}

}  // namespace gjk::check
