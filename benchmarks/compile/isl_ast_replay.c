/* Replays the AST problems loom hands isl (issue 26, ast20): each problem of a file written with
 * LOOM_DUMP_AST_PROBLEMS=FILE (codegen/isl_ast.cpp: a line "=== <context>", a line with the
 * schedule) is built REPS times by isl_ast_build_node_from_schedule alone, without loom's callbacks
 * (GuardCollector's were ~1% of the bf16 GEMM's samples); the mean CPU time of each problem goes to
 * stderr and isl's C text of each to stdout, so that a variant (an isl option, a schedule rewritten
 * before the build) can be compared for time and for the same AST without a loom build.
 *
 * Build against loom's own isl (-O3, from the build tree):
 *   B=build/third_party/isl
 *   gcc -O2 -g -o /tmp/isl_ast_replay benchmarks/compile/isl_ast_replay.c -I$B/isl-0.25/include \
 *       $B/libloom_isl.a -lm
 *   LOOM_NO_CACHE=1 LOOM_DUMP_AST_PROBLEMS=/tmp/p.txt build/loom compile SPEC --target cuda >/dev/null
 *   /tmp/isl_ast_replay 10 /tmp/p.txt > /tmp/ast.c
 * (LOOM_KEEP_AST_PARAMETERS=1 dumps the problems with every parameter, as before ast20.)
 *
 * isl prints a mark without a child (loom's constant boxes: `box <iname>`) in a form its own reader
 * refuses; such leaf marks are left out before reading (isl builds no loop for them anyway). */
#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/ctx.h>
#include <isl/options.h>
#include <isl/schedule.h>
#include <isl/set.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double cpu_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* Removes every `, child: { mark: "..." }` (a mark whose child is a leaf), innermost first. */
static void drop_leaf_marks(char *text) {
  static const char opening[] = ", child: { mark: \"";
  for (int changed = 1; changed;) {
    changed = 0;
    for (char *at = strstr(text, opening); at != NULL; at = strstr(at + 1, opening)) {
      char *name_end = strchr(at + sizeof opening - 1, '"');
      if (name_end == NULL || strncmp(name_end, "\" }", 3) != 0) continue;
      memmove(at, name_end + 3, strlen(name_end + 3) + 1);
      changed = 1;
    }
  }
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s REPS PROBLEMS_FILE\n", argv[0]);
    return 2;
  }
  int reps = atoi(argv[1]);
  FILE *in = fopen(argv[2], "r");
  if (in == NULL) {
    perror(argv[2]);
    return 2;
  }
  isl_ctx *ctx = isl_ctx_alloc();
  isl_options_set_on_error(ctx, ISL_ON_ERROR_WARN);
  static char context_line[1 << 22], schedule_line[1 << 22];
  double total = 0;
  for (int k = 0; fgets(context_line, sizeof context_line, in) && fgets(schedule_line, sizeof schedule_line, in); ++k) {
    drop_leaf_marks(schedule_line);
    isl_set *context = isl_set_read_from_str(ctx, context_line + 4);
    isl_schedule *schedule = isl_schedule_read_from_str(ctx, schedule_line);
    if (context == NULL || schedule == NULL) {
      fprintf(stderr, "problem %d: not read\n", k);
      isl_set_free(context);
      isl_schedule_free(schedule);
      continue;
    }
    char *text = NULL;
    double start = cpu_seconds();
    for (int r = 0; r < reps; ++r) {
      isl_ast_build *build = isl_ast_build_from_context(isl_set_copy(context));
      isl_ast_node *tree = isl_ast_build_node_from_schedule(build, isl_schedule_copy(schedule));
      isl_ast_build_free(build);
      if (r == 0) text = isl_ast_node_to_C_str(tree);
      isl_ast_node_free(tree);
    }
    double seconds = (cpu_seconds() - start) / reps;
    total += seconds;
    fprintf(stderr, "problem %d: %.3f ms\n", k, 1e3 * seconds);
    printf("// problem %d\n%s\n", k, text ? text : "(null)");
    free(text);
    isl_set_free(context);
    isl_schedule_free(schedule);
  }
  fprintf(stderr, "total %.3f ms\n", 1e3 * total);
  isl_ctx_free(ctx);
  return 0;
}
