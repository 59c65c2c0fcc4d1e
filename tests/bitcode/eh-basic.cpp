// Exceptions without the standard library: throw and catch of scalars and a class,
// catch (...), rethrow, and destructors run while unwinding.
extern "C" int printf(const char *, ...);

struct Guard {
  int id;
  explicit Guard(int i) : id(i) { printf("enter %d\n", id); }
  ~Guard() { printf("leave %d\n", id); }
};

struct Error {
  int code;
};

static int depth(int n) {
  Guard g(n);
  if (n == 0)
    throw Error{42};
  return depth(n - 1) + 1;
}

static int pick(int x) {
  try {
    if (x == 1)
      throw 7;
    if (x == 2)
      throw 2.5;
    if (x == 3)
      throw Error{x};
    return depth(x);
  } catch (int v) {
    return v;
  } catch (const Error &e) {
    return -e.code;
  } catch (...) {
    return 100;
  }
}

static void again() {
  try {
    throw Error{5};
  } catch (Error &e) {
    e.code += 1;
    throw;
  }
}

int main() {
  int sum = 0;
  for (int i = 0; i < 6; i++)
    sum += pick(i);
  try {
    again();
  } catch (const Error &e) {
    sum += e.code;
  }
  printf("%d\n", sum);
  return 0;
}
