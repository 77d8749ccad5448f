//! `musashi-lab distill`: trains networks from scratch on table-labelled games and measures them
//! on the long fights of rankings' games that they were not shown: the raw policy's long-fight
//! accuracy and the moves-left head's error. One line of JSON per report on standard output.
//!
//! musashi-lab distill --tables tables/no-setchin --games 50000 --steps 20000 \
//!     --model mlp:192x2 --model graph:32x4 experiments/.../ranking-*/games.tsv
//! musashi-lab distill --tables tables/no-setchin --from runs/nsl-base/checkpoints/gen-0040 ... (fine-tune)

use super::{FightsFrom, network};
use anyhow::{Context, Result, bail};

use musashi_lab::distill::{Schedule, fresh_learner, learner, play_games, train};
use musashi_lab::fights::{Fight, collect, score};
use musashi_lab::model_spec::parse_model;
use musashi_net::{CheckpointMeta, save_checkpoint};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    input: FightsFrom,
    /// Labelled games to train on.
    #[arg(long, default_value_t = 50_000)]
    games: usize,
    /// Optimizer steps per model.
    #[arg(long, default_value_t = 20_000)]
    steps: u64,
    /// Stop a model's training after this many seconds (0 = no limit).
    #[arg(long, default_value_t = 0.0)]
    seconds: f64,
    /// Report every this many steps.
    #[arg(long, default_value_t = 2_000)]
    every: u64,
    /// Starting learning rate (falls tenfold on a cosine).
    #[arg(long, default_value_t = 1e-3)]
    lr: f64,
    /// Seed of the games, the weights and the batches.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Weight of the moves-left loss (squared error in units of 100 plies) against the policy's.
    #[arg(long, default_value_t = 1.0)]
    moves_left_weight: f32,
    /// Models to train from scratch, e.g. mlp:192x2, graph:32x4 (repeat the flag).
    #[arg(long = "model", required_unless_present = "from")]
    models: Vec<String>,
    /// Fine-tune this checkpoint (a folder or a BEST/LATEST pointer) instead, after measuring it.
    #[arg(long, conflicts_with = "models")]
    from: Option<PathBuf>,
    /// Save each model's final weights as a checkpoint here (`DIR/KIND-WIDTHxBLOCKS...`).
    #[arg(long)]
    save: Option<PathBuf>,
}

pub(crate) fn run(a: Args) -> Result<()> {
    if a.steps == 0 || a.every == 0 || !a.seconds.is_finite() || a.seconds < 0.0 || !(a.lr > 0.0 && a.lr < 1.0) {
        bail!("--steps and --every must be positive, --seconds finite and ≥ 0, --lr in (0, 1)");
    }
    if !(a.moves_left_weight.is_finite() && a.moves_left_weight >= 0.0) {
        bail!("--moves-left-weight must be finite and ≥ 0, not {}", a.moves_left_weight);
    }
    let models = a.models.iter().map(|m| parse_model(m)).collect::<Result<Vec<_>, _>>().map_err(anyhow::Error::msg)?;
    let start = match &a.from {
        Some(path) => {
            let net = network(path)?;
            vec![(format!("from:{}", path.display()), net.config(), Some(net))]
        }
        None => a.models.iter().zip(models).map(|(spec, config)| (spec.clone(), config, None)).collect(),
    };
    let (rules, oracle) = a.input.solved.open()?;
    let t = std::time::Instant::now();
    let data = play_games(&oracle, rules, a.games, a.seed);
    let fights =
        collect(&a.input.rankings, rules, &oracle).map_err(anyhow::Error::msg).context("the rankings' games")?;
    let (seen, unseen): (Vec<&Fight>, Vec<&Fight>) =
        fights.iter().partition(|f| data.seen.contains(&f.snap.position.hash()));
    let head = serde_json::json!({
        "games": a.games, "positions": data.samples.len(), "distinct": data.seen.len(),
        "fights": fights.len(), "unseen": unseen.len(), "seconds": t.elapsed().as_secs_f64(),
        "moves_left_weight": a.moves_left_weight,
    });
    println!("{head}");
    for (spec, config, from) in start {
        let mut learner = match from {
            Some(net) => {
                let (u, s) = (score(&net, &unseen), score(&net, &seen));
                let line = serde_json::json!({
                    "model": spec, "params": config.num_params(), "step": 0,
                    "unseen_accuracy": u.accuracy(), "unseen_plies_rms": u.plies_rms, "unseen_plies_bias": u.plies_bias,
                    "seen_accuracy": s.accuracy(), "seen_plies_rms": s.plies_rms, "seen_plies_bias": s.plies_bias,
                });
                println!("{line}");
                learner(&net, a.moves_left_weight)
            }
            None => fresh_learner(config, a.seed, a.moves_left_weight).map_err(anyhow::Error::msg)?,
        };
        let schedule = Schedule { steps: a.steps, batch: 256, lr: a.lr, every: a.every, seconds: a.seconds };
        train(&mut learner, &data.samples, schedule, a.seed, |step, learner, seconds| {
            let net = learner.network();
            let (u, s) = (score(&net, &unseen), score(&net, &seen));
            let line = serde_json::json!({
                "model": spec, "params": config.num_params(), "step": step, "train_seconds": seconds,
                "unseen_accuracy": u.accuracy(), "unseen_plies_rms": u.plies_rms, "unseen_plies_bias": u.plies_bias,
                "seen_accuracy": s.accuracy(), "seen_plies_rms": s.plies_rms, "seen_plies_bias": s.plies_bias,
            });
            println!("{line}");
        });
        if let Some(dir) = &a.save {
            let path = dir.join(spec.replace([':', '/'], "-"));
            let meta = CheckpointMeta {
                format_version: 0,
                encoding_version: 0,
                model: config,
                rules: vec![rules],
                generation: 0,
                step: a.steps,
                parent: None,
                weights_sha256: String::new(),
                training_sha256: None,
            };
            std::fs::create_dir_all(dir).with_context(|| format!("{}", dir.display()))?;
            save_checkpoint(&path, &learner.network(), &meta, None)?;
        }
    }
    Ok(())
}
