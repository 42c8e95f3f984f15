/* gjkcheck plugin ABI, version 1: a GJK distance query in a shared library, for gjkcheck to judge.
 *
 * A plugin exports one function, gjkcheck_plugin_info, that returns a static description of its entries;
 * each entry answers distance queries. gjkcheck runs a plugin in a host process of its own
 * (gjkcheck-plugin-host, which dlopens it and speaks the worker protocol), so a plugin that crashes or
 * hangs gives a `crash` or `hang` verdict for that query and the run goes on. Run one with
 *   gjkcheck run CASES --strategy plugin:PATH          (the first entry)
 *   gjkcheck run CASES --strategy plugin:PATH#ENTRY    (the entry of that name)
 * docs/workers.md says the rest: what the numbers mean, the contact conventions, the verdicts. */
#ifndef GJKCHECK_STRATEGY_H
#define GJKCHECK_STRATEGY_H

#ifdef __cplusplus
extern "C" {
#endif

#define GJKCHECK_PLUGIN_ABI 1

typedef struct gjkcheck_shape {
  int count;               /* 1..16 */
  const float* vertices;   /* x0 y0 x1 y1 ..., local frame */
  float radius;
  float position[2];
  float rotation[2];       /* c, s */
} gjkcheck_shape;

typedef struct gjkcheck_distance_answer {
  double distance;
  double point_a[2];
  double point_b[2];
  int iterations;          /* -1: the engine does not tell */
  char termination[32];    /* one word; "unreported" when the engine does not tell */
} gjkcheck_distance_answer;

/* 0: answered; nonzero: refused (the reason may go to stderr) */
typedef int (*gjkcheck_distance_fn)(const gjkcheck_shape* a, const gjkcheck_shape* b,
                                    gjkcheck_distance_answer* answer);

typedef struct gjkcheck_entry {
  const char* name;         /* e.g. "polygon", "proxy" */
  const char* description;
  const char* scalar;       /* "f32" | "f64" */
  const char* contact;      /* "on-shapes" | "merged" */
  gjkcheck_distance_fn distance;
} gjkcheck_entry;

typedef struct gjkcheck_plugin {
  int abi;                  /* GJKCHECK_PLUGIN_ABI */
  const char* engine;       /* e.g. "box2d" */
  const char* version;      /* e.g. "v3.1.1 (8c661469)" */
  int entry_count;
  const gjkcheck_entry* entries;
} gjkcheck_plugin;

/* the one symbol a plugin exports */
const gjkcheck_plugin* gjkcheck_plugin_info(void);

#ifdef __cplusplus
}
#endif

#endif /* GJKCHECK_STRATEGY_H */
