// A class hierarchy of exceptions with virtual functions, nested try blocks, a
// function-try-block, noexcept, and objects with destructors in several scopes.
extern "C" int printf(const char *, ...);

struct Base {
  virtual ~Base() {}
  virtual int what() const { return 1; }
};
struct Derived : Base {
  int extra;
  explicit Derived(int e) : extra(e) {}
  int what() const override { return 10 + extra; }
};

struct Resource {
  static int live;
  int n;
  explicit Resource(int v) : n(v) { live++; }
  Resource(const Resource &o) : n(o.n) { live++; }
  ~Resource() { live--; }
};
int Resource::live = 0;

static int thrower(int k) {
  Resource a(k);
  if (k % 3 == 0)
    throw Derived(k);
  if (k % 3 == 1)
    throw Base();
  Resource b(a.n * 2);
  return b.n;
}

struct Holder {
  Resource r;
  explicit Holder(int k) try : r(thrower(k)) {
  } catch (const Base &) {
    printf("holder %d failed\n", k);
  }
};

static int safe(int k) noexcept { return k * 3; }

static int outer(int k) {
  Resource keep(k);
  try {
    try {
      return thrower(k);
    } catch (const Derived &d) {
      if (d.extra > 4)
        throw;
      return d.what();
    }
  } catch (const Base &b) {
    return b.what() + safe(k);
  }
}

int main() {
  int total = 0;
  for (int k = 0; k < 8; k++)
    total += outer(k);
  for (int k = 0; k < 3; k++) {
    try {
      Holder h(k);
      total += h.r.n;
    } catch (...) {
      total += 1000;
    }
  }
  printf("%d live=%d\n", total, Resource::live);
  return 0;
}
