; FAIL: irplay check %s
; Constants: a decimal literal for a float must be exactly representable
; (0.1 is not), and integers do not take floating-point literals.

@f = global float 0.1           ; ERROR: floating point constant
@i = global i32 1.0             ; ERROR: floating point constant
