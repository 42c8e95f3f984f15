// Everything in core/: the float GJK and its strategies. Include this, or the single strategy header.
#pragma once

#include "core/distance_types.h"
#include "core/gjk_loop.h"
#include "core/limits.h"
#include "core/proxy.h"
#include "core/simplex.h"
#include "core/strategies/box2d_v3.h"
#include "core/strategies/dyn4j.h"
#include "core/strategies/modifiers.h"
#include "core/strategies/naive.h"
#include "core/strategies/nesterov.h"
#include "core/strategies/perp.h"
#include "core/strategies/vdb.h"
#include "core/transform.h"
#include "core/vec2.h"
