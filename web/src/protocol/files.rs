//! The file worker's messages: opening a `.bc` file (its bytes in, the module's text or why it
//! cannot be read out) and downloading the module as `.bc` (the editor's text in, its bitcode
//! or why there is none out).
//!
//! Bytes cross as base64 text: the messages are JSON-compatible values, in which a byte array
//! would be an array of numbers, one JavaScript value per byte.

use super::WorkerError;
use serde::{Deserialize, Serialize};

/// What the page asks the file worker.
#[derive(Clone, Debug, PartialEq)]
pub enum FilesRequest {
    /// Read a bitcode file into text.
    ReadBitcode(ReadBitcodeRequest),
    /// Write the module as bitcode.
    WriteBitcode(WriteBitcodeRequest),
}

/// Read bitcode (`bitcode::read`) and print the module as text (`text::print_module`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReadBitcodeRequest {
    /// Echoed in the reply.
    pub id: u32,
    /// The file's bytes.
    #[serde(with = "base64_bytes")]
    pub bytes: Vec<u8>,
}

/// Parse and verify the text, and write the module as bitcode (`bitcode::write`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WriteBitcodeRequest {
    /// Echoed in the reply.
    pub id: u32,
    /// The module text.
    pub text: String,
}

impl FilesRequest {
    /// The request's id.
    pub fn id(&self) -> u32 {
        match self {
            FilesRequest::ReadBitcode(r) => r.id,
            FilesRequest::WriteBitcode(r) => r.id,
        }
    }
}

/// The file worker's replies.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum FilesReply {
    /// The answer to a [`ReadBitcodeRequest`].
    BitcodeRead(Box<BitcodeText>),
    /// The answer to a [`WriteBitcodeRequest`].
    BitcodeWritten(Box<BitcodeFile>),
    /// The request failed.
    Error(WorkerError),
}

/// A bitcode file as text, or why it could not be read.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BitcodeText {
    /// The request's id.
    pub id: u32,
    /// The module as printed, when it was read.
    pub text: Option<String>,
    /// Why it was not.
    pub error: Option<ReadError>,
    /// Milliseconds in the worker.
    pub millis: f64,
}

/// A `BitcodeError`, as the page shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReadError {
    /// The byte offset of the problem in the file.
    pub offset: u64,
    /// The enclosing blocks and the record, outermost first.
    pub context: Vec<String>,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "byte {}", self.offset)?;
        if !self.context.is_empty() {
            write!(f, " ({})", self.context.join(" > "))?;
        }
        write!(f, ": {}", self.message)
    }
}

/// The module as bitcode, or why it could not be written.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BitcodeFile {
    /// The request's id.
    pub id: u32,
    /// The bitcode (empty when there is an error).
    #[serde(with = "base64_bytes")]
    pub bytes: Vec<u8>,
    /// Why there is none (the text does not parse or verify, or the writer failed).
    pub error: Option<String>,
    /// Milliseconds in the worker.
    pub millis: f64,
}

impl super::KindReply for FilesReply {
    fn id(&self) -> Option<u32> {
        match self {
            FilesReply::BitcodeRead(r) => Some(r.id),
            FilesReply::BitcodeWritten(f) => Some(f.id),
            FilesReply::Error(e) => e.id,
        }
    }
    fn error(&self) -> Option<&WorkerError> {
        match self {
            FilesReply::Error(e) => Some(e),
            _ => None,
        }
    }
    fn failed(id: Option<u32>, message: String) -> Self {
        FilesReply::Error(WorkerError { id, message })
    }
}

/// Bytes written as a base64 string (standard alphabet, padded).
mod base64_bytes {
    use base64::engine::general_purpose::STANDARD;
    use base64::Engine as _;
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(bytes: &[u8], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&STANDARD.encode(bytes))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        let text = String::deserialize(d)?;
        STANDARD.decode(text).map_err(D::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{KindReply, Request};
    use serde_json::json;

    #[test]
    fn bytes_cross_as_base64_and_come_back_whole() {
        let bytes: Vec<u8> = (0..=255u8).chain([0x42, 0x43, 0xC0, 0xDE]).collect();
        let req = Request::from(FilesRequest::ReadBitcode(ReadBitcodeRequest {
            id: 7,
            bytes: bytes.clone(),
        }));
        let v = serde_json::to_value(&req).unwrap_or_default();
        assert_eq!(v.get("type"), Some(&json!("read_bitcode")));
        assert!(v.get("bytes").is_some_and(|b| b.is_string()), "{v}");
        let back: Option<Request> = serde_json::from_value(v).ok();
        assert!(
            matches!(back, Some(Request::ReadBitcode(ReadBitcodeRequest { id: 7, bytes: b })) if b == bytes)
        );
        // Not base64: the message does not read (no silent garbage).
        let bad = json!({"type": "read_bitcode", "id": 1, "bytes": "not base64!"});
        assert!(serde_json::from_value::<Request>(bad).is_err());
    }

    #[test]
    fn replies_read_as_the_file_workers_kind_with_their_ids() {
        let written = FilesReply::BitcodeWritten(Box::new(BitcodeFile {
            id: 3,
            bytes: vec![1, 2, 3],
            error: None,
            millis: 0.5,
        }));
        let v = serde_json::to_value(&written).unwrap_or_default();
        assert_eq!(v.get("type"), Some(&json!("bitcode_written")));
        let back: Option<FilesReply> = serde_json::from_value(v).ok();
        assert_eq!(back.as_ref().and_then(KindReply::id), Some(3));
        assert_eq!(back, Some(written));
        let e = ReadError {
            offset: 12,
            context: vec!["MODULE_BLOCK".into(), "record INST_CALL".into()],
            message: "bad".into(),
        };
        assert_eq!(e.to_string(), "byte 12 (MODULE_BLOCK > record INST_CALL): bad");
        // The worker's own error reply (from worker.js) reads as this kind's error.
        let js: Option<FilesReply> =
            serde_json::from_value(json!({"type": "error", "message": "m", "id": 4})).ok();
        assert_eq!(js.as_ref().and_then(|r| r.error()).map(|e| e.id), Some(Some(4)));
    }
}
