; RUN: irplay check %s
; LangRef: Module Structure (a module with no entities at all; only
; comments).
