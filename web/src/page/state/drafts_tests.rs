//! Host tests of drafts: the stored text's encoding, the address, Share's limits and messages,
//! and the reducer's handling of saves and links.

use super::*;
use crate::page::state::Init;
use crate::page::workers::WorkerOp;
use crate::protocol::OptRequest;

const PAGE: &str = "http://example.test/play/";

/// A valid module of about `bytes` bytes: functions with varied constants and names.
fn module(bytes: usize) -> String {
    let mut s = String::from("declare i32 @printf(ptr, ...)\n\n");
    let mut i = 0u64;
    while s.len() < bytes {
        s.push_str(&format!(
            "define i32 @f{i}(i32 %a) {{\nentry:\n  %x = add nsw i32 %a, {}\n  %c = icmp slt i32 %x, {}\n  br i1 %c, label %t, label %e\nt:\n  %m = mul i32 %x, {}\n  ret i32 %m\ne:\n  ret i32 %x\n}}\n\n",
            i.wrapping_mul(7919) % 100_003,
            i % 977,
            (i * 31) % 4099
        ));
        i += 1;
    }
    s
}

/// Text that does not compress: pseudo-random letters and digits.
fn noise(chars: usize) -> String {
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    (0..chars)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let alphabet = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
            char::from(alphabet[(x % alphabet.len() as u64) as usize])
        })
        .collect()
}

fn view() -> View {
    View { entry: "main".into(), pipeline: "mem2reg,instcombine".into(), ..View::default() }
}

fn state(text: &str, from_link: bool) -> State {
    State::new(Init {
        view: view(),
        text: text.into(),
        page_url: PAGE.into(),
        from_link,
        ..Init::default()
    })
}

#[test]
fn short_texts_are_stored_as_they_are_and_long_ones_compressed() {
    let short = "define i32 @main() {\n  ret i32 0\n}\n";
    assert_eq!(stored_text(short, None), short);
    assert_eq!(read_stored(short).as_deref(), Ok(short));
    // A text that starts with the mark is never taken for a compressed one.
    let marked = format!("{COMPRESSED_MARK}s=AAAA");
    let stored = stored_text(&marked, None);
    assert_ne!(stored, marked);
    assert_eq!(read_stored(&stored), Ok(marked));
    // A 2 MB module: compressed well below the storage's 5 million UTF-16 characters.
    let big = module(2 << 20);
    let stored = stored_text(&big, None);
    assert!(stored.starts_with(COMPRESSED_MARK));
    assert!(stored.len() < big.len() / 4, "{} characters stored", stored.len());
    assert_eq!(read_stored(&stored).as_deref(), Ok(big.as_str()));
    // The 10 MB module of the report fits too (a link would refuse it).
    let huge = module(10 << 20);
    let stored = stored_text(&huge, None);
    assert!(stored.encode_utf16().count() < 5_000_000, "{} characters", stored.len());
    assert_eq!(read_stored(&stored).map(|t| t.len()), Ok(huge.len()));
}

#[test]
fn the_address_fragment_is_reused_for_the_stored_text() {
    let text = module(40 << 10);
    let Address::Link(fragment) = address(PAGE, &view(), &text) else {
        panic!("a 40 KB module fits in the address")
    };
    let stored = stored_text(&text, Some(&fragment));
    assert_eq!(stored, format!("{COMPRESSED_MARK}{fragment}"));
    assert_eq!(read_stored(&stored).as_deref(), Ok(text.as_str()));
    let back = share::decode(&fragment).expect("the address opens");
    assert_eq!((back.text.as_str(), back.view), (text.as_str(), view()));
}

#[test]
fn a_broken_stored_text_is_an_error_not_an_empty_one() {
    let stored = stored_text(&module(100 << 10), None);
    let cut: String = stored.chars().take(stored.len() / 2).collect();
    assert!(read_stored(&cut).is_err());
    assert!(read_stored(&format!("{COMPRESSED_MARK}garbage")).is_err());
}

#[test]
fn the_address_holds_no_link_beyond_the_limit() {
    assert_eq!(address(PAGE, &view(), &noise(MAX_SHARE)), Address::TooLong);
    assert_eq!(address(PAGE, &view(), &module(ADDRESS_TEXT_MAX + 1)), Address::TooLong);
    let Address::Link(f) = address(PAGE, &view(), &noise(20_000)) else { panic!("20,000 fit") };
    assert!(PAGE.len() + 1 + f.len() <= MAX_SHARE);
}

fn offer(text: &str) -> ShareOffer {
    share_offer(PAGE, &view(), text)
}

#[test]
fn share_copies_a_short_link_that_opens() {
    let text = module(2_000);
    let ShareOffer::Copied { link, warning: None } = offer(&text) else { panic!("no link") };
    assert!(link.len() <= CHAT_LIMIT);
    let back = share::decode(link.split_once('#').map_or("", |p| p.1)).expect("it opens");
    assert_eq!(back.text, text);
}

#[test]
fn share_warns_about_links_that_chat_tools_cut() {
    let ShareOffer::Copied { link, warning: Some(w) } = offer(&noise(20_000)) else {
        panic!("no warning")
    };
    assert!(link.len() > CHAT_LIMIT && link.len() <= MAX_SHARE);
    assert!(w.contains(&format!("{} characters", link.len())), "{w}");
    assert!(w.contains("8000") && w.contains("download"), "{w}");
}

#[test]
fn share_refuses_a_standard_input_a_link_would_cut() {
    let long = View { stdin: "1\n".repeat(share::MAX_STDIN / 2 + 1), ..view() };
    // It compresses well: the link would be short, but would open with less input.
    let ShareOffer::Refused(why) = share_offer(PAGE, &long, "") else { panic!("not refused") };
    assert!(why.contains("65538 characters") && why.contains("65536"), "{why}");
    let fits = View { stdin: "1\n".repeat(share::MAX_STDIN / 2), ..view() };
    assert!(matches!(share_offer(PAGE, &fits, ""), ShareOffer::Copied { .. }));
}

#[test]
fn share_refuses_links_too_long_to_open_and_says_why() {
    let ShareOffer::Refused(why) = offer(&noise(100_000)) else { panic!("not refused") };
    assert!(why.contains("65536") && why.contains("characters"), "{why}");
    assert!(why.contains("Download the module or copy its text"), "{why}");
    // Beyond what the decoder inflates: refused without making the link.
    let ShareOffer::Refused(why) = offer(&" ".repeat((4 << 20) + 1)) else { panic!("not refused") };
    assert!(why.contains("4.0 MB"), "{why}");
}

#[test]
fn a_refused_link_is_not_copied_and_the_text_can_be() {
    let text = noise(100_000);
    let mut s = state(&text, false);
    let fx = s.reduce(Action::Share);
    assert!(!fx.iter().any(|e| matches!(e, Effect::CopyToClipboard(_))), "copied");
    assert!(matches!(s.drafts.share, Some(ShareOffer::Refused(_))));
    let fx = s.reduce(Action::Drafts(DraftAction::CopyText));
    assert!(fx.contains(&Effect::CopyToClipboard(text.clone())));
    assert!(s.drafts.share.is_none());
    assert!(s.toast.as_deref().is_some_and(|t| t.contains("100000 characters")));
}

#[test]
fn a_failed_save_is_shown_until_one_works() {
    let mut s = state("x", false);
    let full = Some(SaveError::Full { chars: 3 << 20 });
    let fx = s.reduce(flushed(full.clone(), false));
    assert_eq!(fx, [Effect::Render]);
    let m = s.drafts.save_notice().unwrap_or_default().to_string();
    assert!(m.contains("full") && m.contains("6.0 MB") && m.contains("Download"), "{m}");
    assert!(m.contains("would lose"), "{m}");
    assert!(s.drafts.address_note.is_some());
    // Said again: nothing new to draw.
    assert_eq!(s.reduce(flushed(full.clone(), false)), []);
    s.reduce(Action::Drafts(DraftAction::DismissSaveError));
    assert_eq!(s.drafts.save_notice(), None);
    s.reduce(flushed(full.clone(), true));
    assert_eq!(s.drafts.save_notice(), None, "dismissed until a save works");
    assert!(s.drafts.save_error.as_deref().is_some_and(|m| m.contains("reloading this tab keeps")));
    assert!(s.drafts.address_note.is_none());
    s.reduce(flushed(None, true));
    assert_eq!(s.drafts.save_error, None);
    s.reduce(flushed(Some(SaveError::NoStorage), true));
    assert!(s.drafts.save_notice().is_some_and(|m| m.contains("no storage")));
}

fn pipelines(fx: &[Effect]) -> Vec<String> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::Opt(WorkerOp::Post(OptRequest::Optimize(r))) => Some(r.pipeline.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn a_link_runs_its_pipeline_again_at_the_start() {
    let text = "define i32 @main() {\nentry:\n  ret i32 0\n}\n";
    let mut s = state(text, true);
    let fx = s.reduce(Action::Start);
    assert_eq!(pipelines(&fx), ["mem2reg,instcombine"]);
    assert!(s.optimizing());
    // Once only; and a page not opened from a link does not.
    assert_eq!(pipelines(&s.reduce(Action::Start)), Vec::<String>::new());
    let mut own = state(text, false);
    assert_eq!(pipelines(&own.reduce(Action::Start)), Vec::<String>::new());
    // The pipeline run goes into the saved view (and so into the address).
    let mut s = state(text, false);
    let fx = s.reduce(Action::Optimize("dce".into()));
    assert!(fx.iter().any(|e| matches!(e, Effect::SaveView(v) if v.pipeline == "dce")));
}
