//! `metrics.jsonl`: one JSON object per event, appended line by line and synced, each with the
//! run's wall time across resumes (`wall_seconds`). The events are one typed enum; a resumed
//! run reads them back to skip the phases already done. A torn last line (a crash mid-write)
//! is dropped on reopening.

use crate::TrainError;
use musashi_config::write_atomic;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// One event of a run (the `event` key names the kind).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
#[allow(missing_docs)]
pub enum Event {
    /// An invocation starts.
    Start { run: String, threads: usize },
    /// Generation 0's checkpoint.
    Checkpoint { generation: u32, parameters: usize },
    /// The run stops before its planned end.
    Stop { reason: String, generation: u32 },
    /// Self-play of a generation by the trainer itself.
    Selfplay {
        generation: u32,
        model: u32,
        games: u32,
        positions: u64,
        general_wins: u32,
        soldiers_wins: u32,
        /// Of the games, those against alpha-beta (`selfplay.sparring`), and the network's
        /// wins in them (absent in runs before sparring games existed).
        #[serde(default)]
        sparring_games: u32,
        #[serde(default)]
        sparring_wins: u32,
        /// Of the games, the handicap games (`selfplay.handicap`), the weak side's wins in
        /// them and the generation's blunder rate (absent in runs before they were logged).
        #[serde(default)]
        handicap_games: u32,
        #[serde(default)]
        handicap_weak_wins: u32,
        #[serde(default)]
        handicap_blunders: f32,
        /// Of the games, those against a past checkpoint (`selfplay.past`), the current
        /// network's wins in them, and the past checkpoint's generation (absent in runs before
        /// past games existed, and the last without them).
        #[serde(default)]
        past_games: u32,
        #[serde(default)]
        past_wins: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        past_model: Option<u32>,
        endings: BTreeMap<String, u32>,
        mean_length: f64,
        seconds: f64,
        games_per_second: f64,
    },
    /// Alpha-beta games added to a generation's data.
    Bootstrap { generation: u32, alphabeta_games: u32 },
    /// Optimizer steps so far in a generation.
    Train {
        generation: u32,
        step: u32,
        global_step: u64,
        policy_loss: f32,
        value_loss: f32,
        /// 0 for a model without a moves-left head (and in runs recorded before it).
        #[serde(default)]
        moves_left_loss: f32,
        /// The sibling ranking's loss (`train.rank_siblings`; absent when off, and in runs
        /// recorded before it).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rank_loss: Option<f32>,
        total_loss: f32,
        learning_rate: f64,
        window: usize,
        positions_seen: u64,
        exact_values: u64,
        samples_per_second: f64,
    },
    /// A generation's score against one opponent under one ruleset.
    Eval {
        generation: u32,
        opponent: String,
        rules: String,
        board: String,
        score_as_general: f64,
        score_as_soldiers: f64,
        score: f64,
        games: usize,
        sims: u32,
    },
    /// A generation's gate against the incumbent.
    Gate { generation: u32, incumbent: u32, promoted: bool, decision: String, llr: f64, wins: u64, losses: u64 },
    /// A generation is done.
    Generation { generation: u32, anchor_score: Option<f64> },
    /// The trainer waited for external workers' games.
    SelfplayExternal { generation: u32, waited_seconds: f64 },
    /// An external worker's batch of games (in the worker's own file).
    WorkerSelfplay { worker: String, generation: u32, model: u32, games: u32 },
}

impl Event {
    /// The generation the event is about (`start` has none).
    pub fn generation(&self) -> Option<u32> {
        match self {
            Event::Start { .. } => None,
            Event::Checkpoint { generation, .. }
            | Event::Stop { generation, .. }
            | Event::Selfplay { generation, .. }
            | Event::Bootstrap { generation, .. }
            | Event::Train { generation, .. }
            | Event::Eval { generation, .. }
            | Event::Gate { generation, .. }
            | Event::Generation { generation, .. }
            | Event::SelfplayExternal { generation, .. }
            | Event::WorkerSelfplay { generation, .. } => Some(*generation),
        }
    }
}

/// An event as recorded, with the run's wall time.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Logged {
    /// The event.
    #[serde(flatten)]
    pub event: Event,
    /// Seconds of the run's wall time (across resumes) when it was written.
    pub wall_seconds: f64,
}

/// Appends events to a metrics file, one per line, synced.
#[derive(Debug)]
pub struct Metrics {
    path: PathBuf,
    file: fs::File,
    start: std::time::Instant,
    offset: f64,
}

impl Metrics {
    /// Opens the metrics file, dropping a torn last line left by a crash.
    pub fn open(path: &Path) -> Result<Metrics, TrainError> {
        if let Ok(text) = fs::read(path)
            && !text.is_empty()
            && text.last() != Some(&b'\n')
        {
            let keep = text.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            write_atomic(path, &text[..keep])?;
        }
        let offset = read_events(path)?.iter().map(|e| e.wall_seconds).fold(0.0, f64::max);
        let file = fs::OpenOptions::new().create(true).append(true).open(path).map_err(TrainError::io(path))?;
        Ok(Metrics { path: path.to_path_buf(), file, start: std::time::Instant::now(), offset })
    }

    /// Appends one event with `wall_seconds` (the run's time across resumes).
    pub fn log(&mut self, event: Event) -> Result<(), TrainError> {
        // Through a JSON value, as the files have always been written: keys in order, and
        // single-precision numbers widened to double.
        let mut value = serde_json::to_value(&event).expect("an event serialises");
        value["wall_seconds"] = serde_json::Value::from(self.offset + self.start.elapsed().as_secs_f64());
        let mut line = serde_json::to_vec(&value).expect("a JSON value serialises");
        line.push(b'\n');
        self.file.write_all(&line).map_err(TrainError::io(&self.path))?;
        self.file.sync_data().map_err(TrainError::io(&self.path))
    }
}

/// Every event recorded so far in `path` (none if it does not exist).
pub fn read_events(path: &Path) -> Result<Vec<Logged>, TrainError> {
    let text = match fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(TrainError::Io { path: path.to_path_buf(), source: e }),
    };
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(i, l)| {
            serde_json::from_str(l).map_err(|e| TrainError::Metrics {
                path: path.to_path_buf(),
                line: i + 1,
                message: e.to_string(),
            })
        })
        .collect()
}

/// Whether an event of the kind `matches` accepts was recorded for generation `g`.
pub(crate) fn has_event(events: &[Logged], g: u32, matches: impl Fn(&Event) -> bool) -> bool {
    events.iter().any(|e| e.event.generation() == Some(g) && matches(&e.event))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_round_trip_with_their_names_and_wall_time() {
        let dir = std::env::temp_dir().join(format!("musashi-metrics-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("metrics.jsonl");
        let _ = fs::remove_file(&path);
        let mut m = Metrics::open(&path).unwrap();
        m.log(Event::Generation { generation: 3, anchor_score: None }).unwrap();
        m.log(Event::SelfplayExternal { generation: 4, waited_seconds: 1.5 }).unwrap();
        let text = fs::read_to_string(&path).unwrap();
        assert!(text.starts_with("{\"anchor_score\":null,\"event\":\"generation\",\"generation\":3,\"wall_seconds\":"));
        assert!(text.contains("\"event\":\"selfplay-external\""));
        // A torn line is dropped; the wall time goes on from the last event.
        fs::write(&path, format!("{text}{{\"event\":\"gen")).unwrap();
        drop(m);
        let mut m = Metrics::open(&path).unwrap();
        m.log(Event::Stop { reason: "time budget".into(), generation: 5 }).unwrap();
        let events = read_events(&path).unwrap();
        assert_eq!(events.len(), 3);
        assert_eq!(events[0].event, Event::Generation { generation: 3, anchor_score: None });
        assert!(events[2].wall_seconds >= events[1].wall_seconds);
        assert!(has_event(&events, 4, |e| matches!(e, Event::SelfplayExternal { .. })));
        assert!(!has_event(&events, 3, |e| matches!(e, Event::Eval { .. })));
        fs::write(&path, "{\"event\":\"nonsense\",\"wall_seconds\":1}\n").unwrap();
        let e = read_events(&path).unwrap_err().to_string();
        assert!(e.contains("line 1") && e.contains("metrics.jsonl"), "{e}");
        fs::remove_dir_all(&dir).unwrap();
    }
}
