; RUN: irplay check %s
; LangRef: Runtime Preemption Specifiers, Visibility Styles, DLL Storage
; Classes, on global variables and functions, in their canonical order.

@default = default global i32 0
@hidden = hidden global i32 0
@protected = protected global i32 0
@dso.local = dso_local global i32 0
@dso.preemptable = dso_preemptable global i32 0
@dllimport = external dllimport global i32
@dllexport = dllexport global i32 0
@all = weak_odr dso_local hidden global i32 0
@all.export = weak_odr dllexport global i32 0
@internal.local = internal dso_local global i32 0

define hidden void @f.hidden() {
  ret void
}

define protected void @f.protected() {
  ret void
}

define dso_local void @f.local() {
  ret void
}

define dllexport void @f.export() {
  ret void
}

declare dllimport void @f.import()

define linkonce_odr dso_local hidden void @f.all() {
  ret void
}
