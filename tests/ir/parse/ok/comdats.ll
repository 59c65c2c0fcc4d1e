; RUN: irplay check %s
; LangRef: Comdats (every selection kind, quoted names, explicit and
; implicit comdat membership).

$any = comdat any
$exact = comdat exactmatch
$largest = comdat largest
$nodedup = comdat nodeduplicate
$same = comdat samesize
$"quoted comdat" = comdat any
$implicit.g = comdat any
$implicit.f = comdat largest

@g1 = global i32 1, comdat($any)
@g2 = global i32 2, comdat($exact)
@g3 = global i64 3, comdat($largest)
@g4 = global i32 4, comdat($nodedup)
@g5 = global i32 5, comdat($same)
@g6 = global i32 6, comdat($"quoted comdat")
@implicit.g = global i32 7, comdat

define void @f.any() comdat($any) {
  ret void
}

define linkonce_odr void @implicit.f() comdat {
  ret void
}
