// Templates, lambdas and a small owning container whose destructor runs during unwinding;
// exceptions thrown through a function pointer and caught by a generic handler.
extern "C" int printf(const char *, ...);
extern "C" void *malloc(unsigned long);
extern "C" void free(void *);

template <typename T> struct Buffer {
  T *data;
  int size;
  explicit Buffer(int n) : data(static_cast<T *>(malloc(sizeof(T) * n))), size(n) {
    for (int i = 0; i < n; i++)
      data[i] = T(i);
  }
  ~Buffer() { free(data); }
  T &at(int i) {
    if (i < 0 || i >= size)
      throw i;
    return data[i];
  }
};

template <typename T, typename F> T fold(Buffer<T> &b, F f, T init) {
  for (int i = 0; i < b.size; i++)
    init = f(init, b.at(i));
  return init;
}

static int apply(int (*fn)(int), int v) {
  try {
    return fn(v);
  } catch (long l) {
    return static_cast<int>(l);
  }
}

static int risky(int v) {
  if (v > 2)
    throw static_cast<long>(v * 11);
  Buffer<int> b(v + 1);
  return b.at(v + 1);
}

int main() {
  Buffer<double> d(5);
  double s = fold(d, [](double a, double x) { return a + x * 0.5; }, 0.0);
  int total = static_cast<int>(s);
  for (int v = 0; v < 5; v++) {
    try {
      total += apply(risky, v);
    } catch (int i) {
      total += 100 * i;
    }
  }
  printf("%d\n", total);
  return 0;
}
