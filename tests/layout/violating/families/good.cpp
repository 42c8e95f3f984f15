// Fixture of tests/layout: families/ may include case/, core/ and oracle/; a local include is fine.
#include "case/case.h"
#include "oracle/oracle.h"
#include "local.h"
