/* Standalone reproducer (known finding mlf:annotest_xgboost:xgboost:XGDMatrixCreateFromFile:
 * dmlc-lists-parent-directory) against Debian's libxgboost0 1.7.4-1 with libdmlc0 0.5-1:
 * XGDMatrixCreateFromFile of a readable file fails when the file's directory cannot be listed.
 * dmlc-core's InputSplitBase::ConvertToURIs (src/io/input_split_base.cc) looks for the path it
 * was given by listing the parent directory and stat-ing every entry (LocalFileSystem::
 * ListDirectory and GetPathInfo, src/io/local_filesys.cc), and LOG(FATAL)s when the listing or
 * any one stat fails. Here the directory is 0711 (searchable, not readable: the file opens by
 * name); run as root, the load runs as nobody. The same listing fails the load when any
 * unrelated entry of the directory vanishes between readdir and stat (a temporary file in
 * /tmp: how the annotest_xgboost campaigns met it). Exits 1 while the load fails.
 * tags: mlf:annotest_xgboost:xgboost:XGDMatrixCreateFromFile:dmlc-lists-parent-directory
 * link: -lxgboost
 *   cc xgboost_dmlc_lists_parent_directory.c -lxgboost -o dl && ./dl */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <xgboost/c_api.h>

/* In a child (setuid drops privileges for good): 1 when fopen reads path but XGBoost fails. */
static int load_fails(const char *path) {
  pid_t pid = fork();
  if (pid == 0) {
    if (geteuid() == 0 && setuid(65534) != 0) _exit(3);
    char uri[128];
    snprintf(uri, sizeof uri, "%s?format=libsvm", path);
    FILE *f = fopen(path, "r");
    DMatrixHandle m;
    int rc = XGDMatrixCreateFromFile(uri, 1, &m);
    printf("fopen(%s): %s; XGDMatrixCreateFromFile: %d%s%s\n", path, f ? "opens" : "fails", rc, rc ? " " : "",
           rc ? XGBGetLastError() : "");
    fflush(stdout);
    _exit(f && rc != 0 ? 1 : 0);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 2;
}

int main(void) {
  char dir[] = "/tmp/xgb-unlisted-XXXXXX", path[64];
  if (!mkdtemp(dir)) return 2;
  snprintf(path, sizeof path, "%s/train.libsvm", dir);
  FILE *f = fopen(path, "w");
  if (!f) return 2;
  fputs("1 1:0.5\n0 1:1.5\n", f);
  fclose(f);
  chmod(path, 0644);
  chmod(dir, geteuid() == 0 ? 0711 : 0300);
  int fails = load_fails(path);
  chmod(dir, 0700);
  unlink(path);
  rmdir(dir);
  return fails;
}
