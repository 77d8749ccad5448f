//! The training job's errors: each names the file, key or generation concerned.

use musashi_agents::AgentError;
use musashi_config::ConfigError;
use musashi_records::RecordError;
use std::path::PathBuf;

/// Why a training job (or a self-play worker) stopped.
#[derive(Debug, thiserror::Error)]
pub enum TrainError {
    /// The job's configuration file or an override.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// A value of the job that its validation refuses (outside a file: the file's own errors
    /// are `Config`).
    #[error(transparent)]
    Invalid(#[from] musashi_config::Invalid),
    /// The training loss stopped being a finite number: the run diverged. It stops at that step,
    /// before anything is written from the broken weights.
    #[error(
        "generation {generation}, step {step}: the training loss is {total} (policy {policy}, value {value}, moves-left {moves_left}) at learning rate {learning_rate:e}: training diverged, and the run stops before it writes a broken checkpoint; start a new run with a lower train.learning_rate, more train.warmup_steps or a lower train.value_weight / train.moves_left_weight (a resume would repeat the same steps)"
    )]
    Diverged {
        /// The generation being trained.
        generation: u32,
        /// The global optimizer step whose loss was not finite.
        step: u64,
        /// The losses of that step.
        total: f32,
        /// The policy loss.
        policy: f32,
        /// The value loss.
        value: f32,
        /// The moves-left loss.
        moves_left: f32,
        /// The learning rate of that step.
        learning_rate: f64,
    },
    /// An optimizer step left weights that are not finite numbers (the loss before it was).
    #[error(
        "generation {generation}, step {step}: {count} weights became NaN or infinite: training diverged, and the run stops before it writes a broken checkpoint; start a new run with a lower train.learning_rate, more train.warmup_steps or a lower train.value_weight / train.moves_left_weight"
    )]
    DivergedWeights {
        /// The generation being trained.
        generation: u32,
        /// The global optimizer step after which the weights were checked.
        step: u64,
        /// How many weights are not finite.
        count: usize,
    },
    /// A resume was asked for in a folder that holds no run.
    #[error("nothing to resume: {} has no config.resolved.toml", .0.display())]
    NothingToResume(PathBuf),
    /// A resume would change keys that a run keeps.
    #[error(
        "a resumed run keeps its configuration; only {} may change (the overrides change {})",
        may_change.join(", "),
        changed.join(", ")
    )]
    ResumeChanges {
        /// The keys the overrides change.
        changed: Vec<String>,
        /// The keys a resume may change.
        may_change: Vec<&'static str>,
    },
    /// The run directory holds a run of another job.
    #[error("{} holds a run with a different configuration (differs in {})", root.display(), differs.join(", "))]
    OtherRun {
        /// The run directory.
        root: PathBuf,
        /// The keys whose values differ.
        differs: Vec<String>,
    },
    /// The run directory cannot take this job, or the run cannot go on (the message says why).
    #[error("{0}")]
    Run(String),
    /// An agent spec of the job (the key names it).
    #[error("{key}: {source}")]
    Agent {
        /// The job's key.
        key: String,
        /// Why the spec does not give an agent.
        source: AgentError,
    },
    /// A checkpoint that cannot be read or written.
    #[error("checkpoint {}: {message}", path.display())]
    Checkpoint {
        /// The checkpoint folder.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
    /// A shard of games or positions.
    #[error(transparent)]
    Records(#[from] RecordError),
    /// A file of the run directory.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// A line of `metrics.jsonl` that is not an event.
    #[error("{}: line {line} is not a metrics event: {message}", path.display())]
    Metrics {
        /// The metrics file.
        path: PathBuf,
        /// The line (from 1).
        line: usize,
        /// The parser's message.
        message: String,
    },
    /// The network device or the optimizer.
    #[error(transparent)]
    Network(#[from] musashi_net::NetError),
}

impl TrainError {
    /// An I/O error on `path`.
    pub(crate) fn io(path: impl Into<PathBuf>) -> impl FnOnce(std::io::Error) -> TrainError {
        let path = path.into();
        move |source| TrainError::Io { path, source }
    }

    /// A checkpoint error on `path`.
    pub(crate) fn checkpoint(path: impl Into<PathBuf>) -> impl FnOnce(musashi_net::NetError) -> TrainError {
        let path = path.into();
        move |e| TrainError::Checkpoint { path, message: e.to_string() }
    }
}
