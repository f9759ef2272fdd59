// iofail: an LD_PRELOAD shim that makes the Nth file-system call of a kind fail, for Cloudy's
// reliability suite (Tests/CloudyToolTests/ReliabilityIOFailureTests.swift, scripts/reliability).
// Not part of the package: the tests build it with the system `cc` into a temporary folder.
//
//   cc -shared -fPIC -O1 -o iofail.so iofail.c -ldl
//   IOFAIL_OPS=fsync IOFAIL_AT=2 IOFAIL_ERRNO=EIO LD_PRELOAD=./iofail.so cloudy-settings set time 24h
//
// IOFAIL_OPS     comma-separated kinds: write (write, pwrite, pwrite64, writev), fsync (fsync,
//                fdatasync), ftruncate, rename, link, open (open, open64, openat, openat64)
// IOFAIL_AT      the call to fail, counting from 1 over the calls of those kinds (0: none)
// IOFAIL_ERRNO   EIO (default), ENOSPC, EACCES, EPERM or a number
// IOFAIL_STICKY  1: every counted call from the IOFAIL_AT-th on fails (a disk that stays broken)
// IOFAIL_PATH    only calls on a path containing this text count (for descriptors, the path
//                /proc/self/fd names)
// IOFAIL_REPORT  a file to which the process appends "calls=C failed=F" when it exits
//
// Only regular files are counted, and never standard input, output or error, so a tool can
// always print its message.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

enum { OP_WRITE = 1, OP_FSYNC = 2, OP_FTRUNCATE = 4, OP_RENAME = 8, OP_LINK = 16, OP_OPEN = 32 };

static int configured, ops, sticky, failErrno = EIO;
static long failAt, calls, failed;
static const char *pathFilter, *report;

static void configure(void) {
  if (configured) return;
  configured = 1;
  const char *text = getenv("IOFAIL_OPS");
  if (text) {
    if (strstr(text, "write")) ops |= OP_WRITE;
    if (strstr(text, "fsync")) ops |= OP_FSYNC;
    if (strstr(text, "ftruncate")) ops |= OP_FTRUNCATE;
    if (strstr(text, "rename")) ops |= OP_RENAME;
    if (strstr(text, "link")) ops |= OP_LINK;
    if (strstr(text, "open")) ops |= OP_OPEN;
  }
  if ((text = getenv("IOFAIL_AT"))) failAt = atol(text);
  if ((text = getenv("IOFAIL_STICKY"))) sticky = atoi(text) != 0;
  if ((text = getenv("IOFAIL_ERRNO"))) {
    if (!strcmp(text, "ENOSPC")) failErrno = ENOSPC;
    else if (!strcmp(text, "EACCES")) failErrno = EACCES;
    else if (!strcmp(text, "EPERM")) failErrno = EPERM;
    else if (!strcmp(text, "EIO")) failErrno = EIO;
    else if (atoi(text) > 0) failErrno = atoi(text);
  }
  pathFilter = getenv("IOFAIL_PATH");
  if (pathFilter && !*pathFilter) pathFilter = NULL;
  report = getenv("IOFAIL_REPORT");
}

static void *next(const char *name) { return dlsym(RTLD_NEXT, name); }

/// True when a call on `path` of kind `op` must fail now (and counts it).
static int shouldFailPath(int op, const char *path) {
  configure();
  if (!(ops & op)) return 0;
  if (pathFilter && (!path || !strstr(path, pathFilter))) return 0;
  long number = __atomic_add_fetch(&calls, 1, __ATOMIC_SEQ_CST);
  if (failAt > 0 && (number == failAt || (sticky && number > failAt))) {
    __atomic_add_fetch(&failed, 1, __ATOMIC_SEQ_CST);
    return 1;
  }
  return 0;
}

static int shouldFailDescriptor(int op, int fd) {
  configure();
  if (!(ops & op) || fd <= 2) return 0;
  struct stat info;
  if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) return 0;
  char link[64], target[4096];
  target[0] = 0;
  if (pathFilter) {
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t length = readlink(link, target, sizeof target - 1);
    target[length > 0 ? length : 0] = 0;
  }
  return shouldFailPath(op, target);
}

#define FAIL(value) \
  do { errno = failErrno; return value; } while (0)

ssize_t write(int fd, const void *buffer, size_t count) {
  static ssize_t (*real)(int, const void *, size_t);
  if (!real) real = next("write");
  if (shouldFailDescriptor(OP_WRITE, fd)) FAIL(-1);
  return real(fd, buffer, count);
}

ssize_t pwrite(int fd, const void *buffer, size_t count, off_t offset) {
  static ssize_t (*real)(int, const void *, size_t, off_t);
  if (!real) real = next("pwrite");
  if (shouldFailDescriptor(OP_WRITE, fd)) FAIL(-1);
  return real(fd, buffer, count, offset);
}

ssize_t pwrite64(int fd, const void *buffer, size_t count, off64_t offset) {
  static ssize_t (*real)(int, const void *, size_t, off64_t);
  if (!real) real = next("pwrite64");
  if (shouldFailDescriptor(OP_WRITE, fd)) FAIL(-1);
  return real(fd, buffer, count, offset);
}

ssize_t writev(int fd, const struct iovec *vector, int count) {
  static ssize_t (*real)(int, const struct iovec *, int);
  if (!real) real = next("writev");
  if (shouldFailDescriptor(OP_WRITE, fd)) FAIL(-1);
  return real(fd, vector, count);
}

int fsync(int fd) {
  static int (*real)(int);
  if (!real) real = next("fsync");
  if (shouldFailDescriptor(OP_FSYNC, fd)) FAIL(-1);
  return real(fd);
}

int fdatasync(int fd) {
  static int (*real)(int);
  if (!real) real = next("fdatasync");
  if (shouldFailDescriptor(OP_FSYNC, fd)) FAIL(-1);
  return real(fd);
}

int ftruncate(int fd, off_t length) {
  static int (*real)(int, off_t);
  if (!real) real = next("ftruncate");
  if (shouldFailDescriptor(OP_FTRUNCATE, fd)) FAIL(-1);
  return real(fd, length);
}

int ftruncate64(int fd, off64_t length) {
  static int (*real)(int, off64_t);
  if (!real) real = next("ftruncate64");
  if (shouldFailDescriptor(OP_FTRUNCATE, fd)) FAIL(-1);
  return real(fd, length);
}

int rename(const char *from, const char *to) {
  static int (*real)(const char *, const char *);
  if (!real) real = next("rename");
  if (shouldFailPath(OP_RENAME, to)) FAIL(-1);
  return real(from, to);
}

int renameat(int fromFolder, const char *from, int toFolder, const char *to) {
  static int (*real)(int, const char *, int, const char *);
  if (!real) real = next("renameat");
  if (shouldFailPath(OP_RENAME, to)) FAIL(-1);
  return real(fromFolder, from, toFolder, to);
}

int link(const char *from, const char *to) {
  static int (*real)(const char *, const char *);
  if (!real) real = next("link");
  if (shouldFailPath(OP_LINK, to)) FAIL(-1);
  return real(from, to);
}

int linkat(int fromFolder, const char *from, int toFolder, const char *to, int flags) {
  static int (*real)(int, const char *, int, const char *, int);
  if (!real) real = next("linkat");
  if (shouldFailPath(OP_LINK, to)) FAIL(-1);
  return real(fromFolder, from, toFolder, to, flags);
}

static mode_t modeArgument(int flags, va_list arguments) {
  return (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE ? va_arg(arguments, mode_t) : 0;
}

int open(const char *path, int flags, ...) {
  static int (*real)(const char *, int, ...);
  if (!real) real = next("open");
  va_list arguments;
  va_start(arguments, flags);
  mode_t mode = modeArgument(flags, arguments);
  va_end(arguments);
  if (shouldFailPath(OP_OPEN, path)) FAIL(-1);
  return real(path, flags, mode);
}

int open64(const char *path, int flags, ...) {
  static int (*real)(const char *, int, ...);
  if (!real) real = next("open64");
  va_list arguments;
  va_start(arguments, flags);
  mode_t mode = modeArgument(flags, arguments);
  va_end(arguments);
  if (shouldFailPath(OP_OPEN, path)) FAIL(-1);
  return real(path, flags, mode);
}

int openat(int folder, const char *path, int flags, ...) {
  static int (*real)(int, const char *, int, ...);
  if (!real) real = next("openat");
  va_list arguments;
  va_start(arguments, flags);
  mode_t mode = modeArgument(flags, arguments);
  va_end(arguments);
  if (shouldFailPath(OP_OPEN, path)) FAIL(-1);
  return real(folder, path, flags, mode);
}

int openat64(int folder, const char *path, int flags, ...) {
  static int (*real)(int, const char *, int, ...);
  if (!real) real = next("openat64");
  va_list arguments;
  va_start(arguments, flags);
  mode_t mode = modeArgument(flags, arguments);
  va_end(arguments);
  if (shouldFailPath(OP_OPEN, path)) FAIL(-1);
  return real(folder, path, flags, mode);
}

__attribute__((destructor)) static void writeReport(void) {
  configure();
  if (!report) return;
  static int (*realOpen)(const char *, int, ...);
  static ssize_t (*realWrite)(int, const void *, size_t);
  realOpen = next("open");
  realWrite = next("write");
  int fd = realOpen(report, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) return;
  char line[96];
  int length = snprintf(line, sizeof line, "calls=%ld failed=%ld\n", calls, failed);
  realWrite(fd, line, (size_t)length);
  close(fd);
}
