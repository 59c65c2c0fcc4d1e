; RUN: irplay check %s
; LangRef: 'icmp' (every predicate, pointers, vectors) and 'fcmp' (every
; predicate incl. true/false, fast-math flags). `icmp samesign` is LLVM 20
; syntax that llvm-as-19 rejects, so it is not here.

define void @icmp(i32 %a, i32 %b, ptr %p, ptr %q, <4 x i8> %v) {
  %eq = icmp eq i32 %a, %b
  %ne = icmp ne i32 %a, %b
  %ugt = icmp ugt i32 %a, %b
  %uge = icmp uge i32 %a, %b
  %ult = icmp ult i32 %a, %b
  %ule = icmp ule i32 %a, %b
  %sgt = icmp sgt i32 %a, %b
  %sge = icmp sge i32 %a, %b
  %slt = icmp slt i32 %a, %b
  %sle = icmp sle i32 %a, %b
  %peq = icmp eq ptr %p, %q
  %pult = icmp ult ptr %p, null
  %veq = icmp ne <4 x i8> %v, zeroinitializer
  %bool = icmp eq i1 %eq, true
  ret void
}

define void @fcmp(double %a, double %b, <2 x float> %v) {
  %false = fcmp false double %a, %b
  %oeq = fcmp oeq double %a, %b
  %ogt = fcmp ogt double %a, %b
  %oge = fcmp oge double %a, %b
  %olt = fcmp olt double %a, %b
  %ole = fcmp ole double %a, %b
  %one = fcmp one double %a, %b
  %ord = fcmp ord double %a, %b
  %ueq = fcmp ueq double %a, %b
  %ugt = fcmp ugt double %a, %b
  %uge = fcmp uge double %a, %b
  %ult = fcmp ult double %a, %b
  %ule = fcmp ule double %a, %b
  %une = fcmp une double %a, %b
  %uno = fcmp uno double %a, %b
  %true = fcmp true double %a, %b
  %fmf = fcmp nnan ninf olt double %a, %b
  %fast = fcmp fast une double %a, 0.0
  %vec = fcmp ogt <2 x float> %v, zeroinitializer
  ret void
}
