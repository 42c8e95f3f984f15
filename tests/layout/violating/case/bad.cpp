// Fixture of tests/layout: case/ must not include the verdict or the report.
#include "case/case.h"
#include "verdict/verdict.h"
#include "report/svg.h"
