// The same reproducer against the double library (pkg-config bullet-float64 defines BT_USE_DOUBLE_PRECISION).
#include "repro.cpp"
