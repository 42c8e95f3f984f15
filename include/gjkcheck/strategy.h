/* gjkcheck plugin ABI, version 1: a GJK distance query in a shared library, for gjkcheck to judge.
 *
 * A plugin exports one function, gjkcheck_plugin_info, that returns a static description of its entries;
 * each entry answers distance queries. gjkcheck runs a plugin in a host process of its own
 * (gjkcheck-plugin-host, which dlopens it and speaks the worker protocol), so a plugin that crashes or
 * hangs gives a `crash` or `hang` verdict for that query and the run goes on. Run one with
 *   gjkcheck run CASES --strategy plugin:PATH          (the first entry)
 *   gjkcheck run CASES --strategy plugin:PATH#ENTRY    (the entry of that name)
 * A plugin may also export gjkcheck_plugin_traced_distance (below) to show its steps in `gjkcheck repro`.
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
  char termination[32];    /* one word: the rule that decided the answer (docs/terminations.md); "unreported"
                              when the engine does not tell */
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

/* the one symbol a plugin must export */
const gjkcheck_plugin* gjkcheck_plugin_info(void);

/* ---- Optional: the trace, so that `gjkcheck repro --strategy plugin:PATH` shows the plugin's steps ----
 *
 * A plugin that wants its steps shown also exports
 *   gjkcheck_traced_distance_fn gjkcheck_plugin_traced_distance(const char* entry_name);
 * which returns, for an entry's name, a distance function that does what the entry's `distance` does and
 * also reports each step to a tracer; NULL when that entry has no trace. A plugin without the symbol works
 * as before (no trace). The traced function is called only for repro's traced query; every other query goes
 * to `distance`. The traced function must give the same answer as `distance`.
 *
 * Every struct below starts with `size`, the sizeof of the struct as its writer was compiled: the tracer's
 * size is set by gjkcheck, a step's and a post step's by the plugin. Fields are only ever added at the end,
 * so a reader uses the fields that fit in `size` and takes the rest as absent. */

typedef struct gjkcheck_trace_vertex {
  double w[2];       /* point_b - point_a: a point of the Minkowski difference B - A, world frame */
  double point_a[2]; /* support point on A, world frame */
  double point_b[2]; /* support point on B, world frame */
  double weight;     /* barycentric weight of the closest point (0 for a support vertex) */
  int index_a;       /* vertex index on A of the support point (-1: not told) */
  int index_b;       /* vertex index on B */
} gjkcheck_trace_vertex;

/* One iteration: the simplex after the iteration's solve, the search direction taken from it (in B - A
 * space, world frame) and the support vertex found along it. */
typedef struct gjkcheck_trace_step {
  int size;                         /* sizeof(gjkcheck_trace_step) */
  int simplex_count;                /* 0..3 */
  gjkcheck_trace_vertex simplex[3]; /* the first simplex_count are used */
  int has_direction;                /* 0: the loop stopped before taking a direction */
  double direction[2];
  int has_support;                  /* 0: no support point was computed in this step */
  gjkcheck_trace_vertex support;
} gjkcheck_trace_step;

/* The step after the loop, at most one, reported last: a radius step or any rule that changes the loop's
 * answer (docs/terminations.md, "Rules after the loop"). */
typedef struct gjkcheck_trace_post {
  int size;              /* sizeof(gjkcheck_trace_post) */
  const char* rule;      /* one word: "radii-applied", "radii-overlap", "epsilon-merge", ... or the engine's own */
  int decided;           /* nonzero: this rule changed the answer, and the answer's termination word names it */
  double core_distance;  /* the loop's distance, before the rule */
  double bound;          /* what the rule compared it with (rA + rB, an epsilon; 0: nothing) */
  double distance;       /* the distance reported after the rule */
  const char* text;      /* NULL, or one line of the engine's own about what the rule did */
  const char* loop_termination; /* NULL, or one word: why the loop stopped (the answer's termination names
                                   the rule when it decided) */
} gjkcheck_trace_post;

typedef struct gjkcheck_tracer {
  int size;       /* sizeof(gjkcheck_tracer) as gjkcheck was compiled */
  void* context;  /* pass it back to the callbacks */
  void (*step)(void* context, const gjkcheck_trace_step* step);  /* once per iteration, in order */
  void (*post)(void* context, const gjkcheck_trace_post* post);  /* at most once, after the last step */
} gjkcheck_tracer;

typedef int (*gjkcheck_traced_distance_fn)(const gjkcheck_shape* a, const gjkcheck_shape* b,
                                           gjkcheck_distance_answer* answer, const gjkcheck_tracer* tracer);

/* the optional symbol's type, for dlsym */
typedef gjkcheck_traced_distance_fn (*gjkcheck_plugin_traced_distance_fn)(const char* entry_name);

/* ---- Optional: cast entries (a shape cast or a time of impact) ----
 *
 * A plugin whose engine casts shapes also exports
 *   const gjkcheck_cast_plugin* gjkcheck_plugin_cast_info(void);
 * Its entries are run by name as the distance entries are, plugin:PATH#ENTRY (a name is looked up among the
 * distance entries first). A cast entry answers cast queries only: B, placed by its shape, moves by t * translation
 * (world frame), t in [0, 1]; A stays put. docs/workers.md says what the answer means; `cast_band` names the band of
 * core gaps the engine aims at, one gjkcheck knows (docs/workers.md, "The engine manifest"). A plugin without the
 * symbol works as before. */

typedef struct gjkcheck_cast_answer {
  int hit;               /* nonzero: a hit within [0, 1]; an initial overlap is a hit at fraction 0 */
  double fraction;       /* t of the hit */
  double normal[2];      /* unit, from A towards B; 0 where the engine gives none */
  double point[2];       /* contact point, world frame, on the entry's declared convention */
  int iterations;        /* -1: the engine does not tell */
  char termination[32];  /* one word: how the engine's call ended ("hit", its state's name, ...) */
} gjkcheck_cast_answer;

/* 0: answered; nonzero: refused */
typedef int (*gjkcheck_cast_fn)(const gjkcheck_shape* a, const gjkcheck_shape* b, const float translation[2],
                                gjkcheck_cast_answer* answer);

typedef struct gjkcheck_cast_entry {
  const char* name;        /* e.g. "shape-cast", "toi" */
  const char* description;
  const char* scalar;      /* "f32" | "f64" */
  const char* contact;     /* "on-shapes" | "merged" */
  const char* cast_band;   /* the band's name, e.g. "box2d-v3-f32" */
  gjkcheck_cast_fn cast;
} gjkcheck_cast_entry;

typedef struct gjkcheck_cast_plugin {
  int abi;                 /* GJKCHECK_PLUGIN_ABI */
  int entry_count;
  const gjkcheck_cast_entry* entries;
} gjkcheck_cast_plugin;

/* the optional symbol's type, for dlsym */
typedef const gjkcheck_cast_plugin* (*gjkcheck_plugin_cast_info_fn)(void);

/* ---- Optional: 3D entries (convex polyhedra, issue 24) ----
 *
 * A plugin whose engine answers 3D queries exports
 *   const gjkcheck_plugin3* gjkcheck_plugin3_info(void);
 * Its entries are run by name as the other entries are, plugin:PATH#ENTRY, on 3D cases only (a case of
 * `dimension 3`, docs/case-format.md); gjkcheck never sends a 3D case to a 2D entry or a 2D case to a 3D one.
 * gjkcheck-plugin-host runs a 3D entry with the hello option `+3d` (docs/workers.md). A 3D-only plugin may
 * export this symbol alone: gjkcheck_plugin_info is then not required. Either function of an entry may be
 * NULL: an entry with both answers both queries (`queries both`). */

typedef struct gjkcheck_shape3 {
  int count;               /* 1..64 */
  const float* vertices;   /* x0 y0 z0 x1 y1 z1 ..., local frame */
  float radius;            /* a sphere is one vertex with a radius, a capsule two */
  float position[3];
  float rotation[4];       /* the case's quaternion w x y z, as given (unit as float arithmetic makes one) */
} gjkcheck_shape3;

typedef struct gjkcheck_distance_answer3 {
  double distance;
  double point_a[3];       /* witness on A, world frame, on the entry's contact convention */
  double point_b[3];
  int iterations;          /* -1: the engine does not tell */
  char termination[32];    /* one word, as in gjkcheck_distance_answer */
} gjkcheck_distance_answer3;

typedef struct gjkcheck_penetration_answer3 {
  int overlapping;         /* nonzero: the engine says the shapes touch or overlap */
  double depth;            /* >= 0 when overlapping */
  double normal[3];        /* unit, from A towards B */
  double point_a[3];       /* contact point on A, world frame */
  double point_b[3];       /* contact point on B, world frame */
} gjkcheck_penetration_answer3;

/* 0: answered; nonzero: refused (the reason may go to stderr) */
typedef int (*gjkcheck_distance3_fn)(const gjkcheck_shape3* a, const gjkcheck_shape3* b,
                                     gjkcheck_distance_answer3* answer);
typedef int (*gjkcheck_penetration3_fn)(const gjkcheck_shape3* a, const gjkcheck_shape3* b,
                                        gjkcheck_penetration_answer3* answer);

typedef struct gjkcheck_entry3 {
  const char* name;        /* e.g. "gjkepa-signed", "mpr" */
  const char* description;
  const char* scalar;      /* "f32" | "f64" */
  const char* contact;     /* "on-shapes" | "merged" */
  gjkcheck_distance3_fn distance;       /* NULL: no distance query */
  gjkcheck_penetration3_fn penetration; /* NULL: no penetration query */
} gjkcheck_entry3;

typedef struct gjkcheck_plugin3 {
  int abi;                 /* GJKCHECK_PLUGIN_ABI */
  const char* engine;      /* e.g. "bullet" */
  const char* version;     /* e.g. "3.24 (Debian libbullet-dev 3.24+dfsg-2)" */
  int entry_count;
  const gjkcheck_entry3* entries;
} gjkcheck_plugin3;

/* the optional symbol's type, for dlsym */
typedef const gjkcheck_plugin3* (*gjkcheck_plugin3_info_fn)(void);

#ifdef __cplusplus
}
#endif

#endif /* GJKCHECK_STRATEGY_H */
