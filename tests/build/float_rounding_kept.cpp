// Does the compiler keep a double rounded to float when the float is also widened back to double in the same
// block? GCC 12.2's basic-block (SLP) vectorizer does not at -O2 and -O3 (x86-64): it stores the unrounded
// doubles in pd and the rounded floats in pf. The top-level CMakeLists.txt turns that vectorizer off for GCC;
// this program, compiled with the project's flags, exits 1 if the rounding is lost again (a compiler, flag or
// build type change), so that no float strategy or family silently computes with numbers it did not round.
#include <cstdio>

namespace {

struct FloatPoint {
  float x, y;
};
struct DoublePoint {
  double x, y;
};

// Not inlined, so the compiler cannot fold the values into main: the block is compiled as the harness's are.
__attribute__((noinline)) void round(double scale, const double* values, int count, FloatPoint* rounded,
                                     DoublePoint* widened) {
  for (int i = 0; i < count; ++i) {
    const float x = float(scale * values[i]);
    const float y = float(scale / values[i]);
    rounded[i] = {x, y};
    widened[i] = {double(x), double(y)};
  }
}

}  // namespace

int main() {
  const double values[3] = {0.3, 1.1, 2.5};  // none of the products or quotients is a float
  FloatPoint rounded[3];
  DoublePoint widened[3];
  round(1.2345678, values, 3, rounded, widened);
  int lost = 0;
  for (int i = 0; i < 3; ++i) {
    lost += (widened[i].x != double(rounded[i].x)) + (widened[i].y != double(rounded[i].y));
  }
  std::printf("float_rounding_kept: %d of 6 widened floats lost their rounding\n", lost);
  return lost == 0 ? 0 : 1;
}
