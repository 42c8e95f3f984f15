// Box2D 2.4.1 (Debian libbox2d 2.4.1-3): b2TimeOfImpact's absolute tolerance (0.25 * b2_linearSlop) is
// finer than float's spacing of world coordinates far from the origin, so its root finder never lands in
// the target band and the call ends with e_failed, which b2World::SolveTOI treats like e_separated (the
// body moves the whole step). Two 1 m boxes meeting head-on at x = 65536 m: e_failed; the same boxes at
// x = 0: e_touching at t = 0.74875. Out of the documented range (world < 2 km): see README.md.
// Standalone: only Box2D's public API. Build: c++ repro.cpp -lbox2d && ./a.out
// Exit 1 while the far pair is not found touching, 0 once it is.
#include <box2d/box2d.h>
#include <box2d/b2_time_of_impact.h>  // b2TimeOfImpact (not included by box2d.h in 2.4.1)

#include <cstdio>

extern int32 b2_toiIters, b2_toiRootIters;  // b2_time_of_impact.h: Box2D's own TOI counters

static const char* stateName(b2TOIOutput::State s) {
  switch (s) {
    case b2TOIOutput::e_unknown: return "e_unknown";
    case b2TOIOutput::e_failed: return "e_failed";
    case b2TOIOutput::e_overlapped: return "e_overlapped";
    case b2TOIOutput::e_touching: return "e_touching";
    case b2TOIOutput::e_separated: return "e_separated";
  }
  return "?";
}

// Box A still at (x, 0); box B from (x + 4, 0) to (x, 0) over the step (pure translation, no rotation).
static b2TOIOutput headOn(float x, const b2PolygonShape& box) {
  b2TOIInput input;
  input.proxyA.Set(&box, 0);
  input.proxyB.Set(&box, 0);
  input.sweepA.localCenter.SetZero();
  input.sweepA.c0.Set(x, 0.0f);
  input.sweepA.c.Set(x, 0.0f);
  input.sweepA.a0 = input.sweepA.a = 0.0f;
  input.sweepA.alpha0 = 0.0f;
  input.sweepB = input.sweepA;
  input.sweepB.c0.Set(x + 4.0f, 0.0f);
  input.tMax = 1.0f;
  const int32 iters0 = b2_toiIters, root0 = b2_toiRootIters;
  b2TOIOutput out;
  b2TimeOfImpact(&out, &input);
  std::printf("  x = %-6g: state %s, t %.9g (iterations %d, root-finder iterations %d)\n", x, stateName(out.state),
              out.t, int(b2_toiIters - iters0), int(b2_toiRootIters - root0));
  return out;
}

int main() {
  b2PolygonShape box;
  box.SetAsBox(0.5f, 0.5f);  // 1 m box, skin b2_polygonRadius
  std::printf("1 m boxes, A at (x, 0), B swept from (x + 4, 0) to (x, 0); b2TimeOfImpact, tMax 1\n");
  std::printf("  exact: the cores (boxes without skin) meet at t = 0.75; the target core gap max(b2_linearSlop, 0.02 - 3 * b2_linearSlop) = 0.005\n");
  std::printf("  +- 0.00125 is reached at t in [0.7484375, 0.7490625]\n");
  const b2TOIOutput nearOrigin = headOn(0.0f, box);
  const b2TOIOutput far = headOn(65536.0f, box);
  if (nearOrigin.state == b2TOIOutput::e_touching && far.state != b2TOIOutput::e_touching) {
    std::printf("BUG PRESENT: far from the origin the same motion is not found touching (b2World::SolveTOI would move B the whole step)\n");
    return 1;
  }
  std::printf("fixed: both found touching\n");
  return 0;
}
