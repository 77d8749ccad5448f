//! `run.json`: the versions a run was made with and every invocation's command line.

use crate::TrainError;
use crate::resolve::TrainRequest;
use crate::run_dir::RunDir;
use musashi_config::write_atomic;
use serde_json::{Value, json};

fn unix_now() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0)
}

/// Creates `run.json` (or reads it) and appends this invocation.
pub(crate) fn write_run_json(dir: &RunDir, request: &TrainRequest) -> Result<(), TrainError> {
    let path = dir.run_json();
    let mut info: Value = match std::fs::read(&path) {
        Ok(bytes) => {
            serde_json::from_slice(&bytes).map_err(|e| TrainError::Run(format!("{}: not JSON: {e}", path.display())))?
        }
        Err(_) => json!({
            "musashi_version": env!("CARGO_PKG_VERSION"),
            "git_commit": request.build_commit,
            "created_unix": unix_now(),
            "encoding_version": musashi_net::ENCODING_VERSION,
            "checkpoint_format_version": musashi_net::CHECKPOINT_FORMAT_VERSION,
            "positions_schema_version": musashi_records::POSITIONS_SCHEMA_VERSION,
            "games_schema_version": musashi_records::GAMES_SCHEMA_VERSION,
            "shard_format_version": musashi_records::SHARD_FORMAT_VERSION,
            "invocations": [],
        }),
    };
    if let Some(list) = info["invocations"].as_array_mut() {
        list.push(json!({ "unix": unix_now(), "command": request.command_line, "git_commit": request.build_commit }));
    }
    let text = serde_json::to_string_pretty(&info).expect("a JSON value serialises");
    Ok(write_atomic(&path, text.as_bytes())?)
}
