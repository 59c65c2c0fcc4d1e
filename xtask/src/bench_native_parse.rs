//! What `cargo xtask bench native` reads from its tools' output: the phase times of `irplay
//! build --time`, the pass report of `llc-19 -time-passes`, and the `.text` size of an ELF
//! object.

use std::fs;
use std::path::Path;

/// A phase's milliseconds in `irplay build --time` output (`irplay: NAME   1.234 ms`).
pub(crate) fn irplay_phase(stderr: &str, name: &str) -> Option<f64> {
    stderr.lines().find_map(|l| {
        let rest = l.strip_prefix("irplay: ")?.strip_prefix(name)?;
        let ms: f64 = rest.trim().strip_suffix("ms")?.trim().parse().ok()?;
        Some(ms / 1e3)
    })
}

/// llc's `-time-passes` pass report: the user + system total of the "Pass execution timing
/// report" less its Module Verifier lines (seconds). The IR parsing report is separate.
pub(crate) fn llc_pass_time(stderr: &str) -> Option<f64> {
    let mut lines = stderr.lines().skip_while(|l| !l.contains("Pass execution timing report"));
    let header = lines.find(|l| l.contains("--- Name ---"))?;
    // Columns in the header's order; each row has one `value (percent%)` per column.
    let cols: Vec<&str> = ["User Time", "System Time", "User+System", "Wall Time"]
        .into_iter()
        .filter(|c| header.contains(&format!("-{c}-")))
        .collect();
    let col = cols
        .iter()
        .position(|c| *c == "User+System")
        .or(cols.iter().position(|c| *c == "Wall Time"))?;
    let (mut total, mut verifier) = (None, 0.0);
    for l in lines {
        if l.starts_with("===") {
            break;
        }
        let mut rest = l.trim_start();
        let mut values = Vec::new();
        while let Some((v, after)) = rest.split_once(" (") {
            let Ok(x) = v.trim().parse::<f64>() else { break };
            let Some((_, after)) = after.split_once(')') else { break };
            values.push(x);
            rest = after.trim_start();
        }
        if values.len() != cols.len() {
            continue;
        }
        if rest == "Total" {
            total = Some(values[col]);
        } else if rest.starts_with("Module Verifier") {
            verifier += values[col];
        }
    }
    total.map(|t| t - verifier)
}

/// Sum of the sizes of an ELF64 relocatable object's sections named `.text*`.
pub(crate) fn text_size(obj: &Path) -> Option<u64> {
    let b = fs::read(obj).ok()?;
    let u16_at = |o: usize| Some(u16::from_le_bytes(b.get(o..o + 2)?.try_into().ok()?));
    let u32_at = |o: usize| Some(u32::from_le_bytes(b.get(o..o + 4)?.try_into().ok()?));
    let u64_at = |o: usize| Some(u64::from_le_bytes(b.get(o..o + 8)?.try_into().ok()?));
    if b.get(..5)? != b"\x7fELF\x02" {
        return None;
    }
    let shoff = u64_at(0x28)? as usize;
    let (shentsize, shnum, shstrndx) =
        (u16_at(0x3a)? as usize, u16_at(0x3c)? as usize, u16_at(0x3e)? as usize);
    let sh = |i: usize| shoff + i * shentsize;
    let strtab = u64_at(sh(shstrndx) + 0x18)? as usize;
    let mut total = 0;
    for i in 0..shnum {
        let name_at = strtab + u32_at(sh(i))? as usize;
        let name = b.get(name_at..)?.split(|c| *c == 0).next()?;
        if name == b".text" || name.starts_with(b".text.") {
            total += u64_at(sh(i) + 0x20)?;
        }
    }
    Some(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_llc_pass_report() {
        let err = "===---===\n                          Pass execution timing report\n===---===\n  Total Execution Time: 0.0015 seconds (0.0015 wall clock)\n\n   ---User Time---   --System Time--   --User+System--   ---Wall Time---  --- Name ---\n   0.0001 ( 18.1%)   0.0004 ( 43.2%)   0.0005 ( 31.9%)   0.0005 ( 31.7%)  Expand large div/rem\n   0.0001 (  2.0%)   0.0000 (  2.8%)   0.0002 (  2.1%)   0.0001 (  1.3%)  Module Verifier\n   0.0000 (  0.7%)   0.0000 (  1.7%)   0.0001 (  0.8%)   0.0000 (  0.5%)  Module Verifier #2\n   0.0007 (100.0%)   0.0008 (100.0%)   0.0015 (100.0%)   0.0015 (100.0%)  Total\n\n===---===\n                                LLVM IR Parsing\n===---===\n   0.0001 (100.0%)   0.0003 (100.0%)   0.0004 (100.0%)   0.0004 (100.0%)  Total\n";
        let t = llc_pass_time(err).unwrap_or(0.0);
        assert!((t - 0.0012).abs() < 1e-9, "{t}");
    }

    #[test]
    fn reads_irplay_phases() {
        let err = "irplay: parse               0.247 ms\nirplay: lower               0.102 ms\nirplay: object write        0.030 ms\n";
        let near = |x: Option<f64>, y: f64| x.is_some_and(|x| (x - y).abs() < 1e-12);
        assert!(near(irplay_phase(err, "lower"), 0.000102));
        assert!(near(irplay_phase(err, "object write"), 0.00003));
        assert_eq!(irplay_phase(err, "codegen"), None);
    }
}
