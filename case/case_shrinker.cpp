#include "case/case_shrinker.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

namespace gjk::check {
namespace {

// x with its significand cut to `bits` significant bits (toward zero); x itself when it has no more.
float withSignificantBits(float x, int bits) {
  if (x == 0 || !std::isfinite(x)) return x;
  int exponent = 0;
  const double fraction = std::frexp(static_cast<double>(x), &exponent);  // |fraction| in [0.5, 1)
  const double scaled = std::trunc(std::ldexp(fraction, bits));
  return static_cast<float>(std::ldexp(scaled, exponent - bits));
}

// Simpler values for one number, simplest first; none equal to x.
std::vector<float> simplerValues(float x) {
  std::vector<float> values;
  auto offer = [&](float v) {
    if (std::isfinite(v) && v != x) {
      for (float seen : values) {
        if (std::memcmp(&seen, &v, sizeof v) == 0) return;
      }
      values.push_back(v);
    }
  };
  offer(0.0f);
  if (std::fabs(x) < 0x1p24f) offer(std::round(x));
  for (int bits = 1; bits < 24; ++bits) offer(withSignificantBits(x, bits));
  return values;
}

class Shrinker {
 public:
  Shrinker(const Case& value, const std::function<bool(const Case&)>& predicate, int maxAttempts)
      : predicate_(predicate), maxAttempts_(maxAttempts) {
    result_.value = value;
  }

  ShrinkResult run() {
    bool progress = true;
    while (progress && !exhausted()) {
      progress = false;
      progress |= dropVertices();
      progress |= simplifyPlacement();
      progress |= simplifyNumbers();
    }
    return result_;
  }

 private:
  bool exhausted() const { return result_.attempts >= maxAttempts_; }

  bool tryCase(const Case& candidate) {
    if (exhausted()) return false;
    ++result_.attempts;
    if (!predicate_(candidate)) return false;
    result_.value = candidate;
    ++result_.kept;
    return true;
  }

  bool dropVertices() {
    bool any = false;
    for (ShapeSpec Case::*shape : {&Case::a, &Case::b}) {
      for (std::size_t i = 0; i < (result_.value.*shape).vertices.size();) {
        if ((result_.value.*shape).vertices.size() <= 1) break;
        Case candidate = result_.value;
        (candidate.*shape).vertices.erase((candidate.*shape).vertices.begin() + static_cast<long>(i));
        if (tryCase(candidate)) {
          any = true;  // the same index now holds the next vertex
        } else {
          ++i;
        }
      }
    }
    return any;
  }

  bool simplifyPlacement() {
    bool any = false;
    for (ShapeSpec Case::*shape : {&Case::a, &Case::b}) {
      const ShapeSpec& s = result_.value.*shape;
      if (s.radius != 0) {
        Case candidate = result_.value;
        (candidate.*shape).radius = 0;
        any |= tryCase(candidate);
      }
      if (s.rotationC != 1 || s.rotationS != 0) {
        Case candidate = result_.value;
        (candidate.*shape).rotationC = 1;
        (candidate.*shape).rotationS = 0;
        any |= tryCase(candidate);
      }
      // A 3D shape's quaternion, like the 2D rotation, only ever becomes the identity: it stays a unit one.
      if (s.quaternionW != 1 || s.quaternionX != 0 || s.quaternionY != 0 || s.quaternionZ != 0) {
        Case candidate = result_.value;
        (candidate.*shape).quaternionW = 1;
        (candidate.*shape).quaternionX = 0;
        (candidate.*shape).quaternionY = 0;
        (candidate.*shape).quaternionZ = 0;
        any |= tryCase(candidate);
      }
      if (s.positionX != 0 || s.positionY != 0 || s.positionZ != 0) {
        Case candidate = result_.value;
        (candidate.*shape).positionX = 0;
        (candidate.*shape).positionY = 0;
        (candidate.*shape).positionZ = 0;
        any |= tryCase(candidate);
      }
    }
    return any;
  }

  // Each number of the case (not the rotation), in file order: its simplest value that keeps the predicate.
  bool simplifyNumbers() {
    bool any = simplifyTranslation();
    for (ShapeSpec Case::*shape : {&Case::a, &Case::b}) {
      // positionZ and z are 0 in a 2D case, which has no simpler value: nothing is tried there.
      std::vector<float ShapeSpec::*> fields = {&ShapeSpec::radius, &ShapeSpec::positionX, &ShapeSpec::positionY,
                                                &ShapeSpec::positionZ};
      for (float ShapeSpec::*field : fields) {
        for (float v : simplerValues(result_.value.*shape.*field)) {
          if (field == &ShapeSpec::radius && v < 0) continue;
          Case candidate = result_.value;
          candidate.*shape.*field = v;
          if (tryCase(candidate)) {
            any = true;
            break;
          }
        }
      }
      for (std::size_t i = 0; i < (result_.value.*shape).vertices.size(); ++i) {
        for (float Vertex::*coordinate : {&Vertex::x, &Vertex::y, &Vertex::z}) {
          for (float v : simplerValues((result_.value.*shape).vertices[i].*coordinate)) {
            Case candidate = result_.value;
            (candidate.*shape).vertices[i].*coordinate = v;
            if (tryCase(candidate)) {
              any = true;
              break;
            }
          }
        }
      }
    }
    return any;
  }

  // A cast case stays a cast case (hasTranslation is never cleared): each component of the translation
  // becomes 0, the nearest integer or a float of fewer significant bits, as the other numbers do.
  bool simplifyTranslation() {
    bool any = false;
    if (!result_.value.hasTranslation) return false;
    for (float Case::*component : {&Case::translationX, &Case::translationY}) {
      for (float v : simplerValues(result_.value.*component)) {
        Case candidate = result_.value;
        candidate.*component = v;
        if (tryCase(candidate)) {
          any = true;
          break;
        }
      }
    }
    return any;
  }

  std::function<bool(const Case&)> predicate_;
  int maxAttempts_;
  ShrinkResult result_;
};

}  // namespace

ShrinkResult shrinkCase(const Case& value, const std::function<bool(const Case&)>& predicate, int maxAttempts) {
  return Shrinker(value, predicate, maxAttempts).run();
}

}  // namespace gjk::check
