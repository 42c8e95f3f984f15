// Fixture of tests/layout: core/ must include nothing of the harness.
#include "case/case.h"
#include "core/vec2.h"
