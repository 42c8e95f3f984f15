// Fixture of tests/layout: report/ may include the verdict, never the tools.
#include "verdict/verdict.h"
#include "tools/commands.h"
