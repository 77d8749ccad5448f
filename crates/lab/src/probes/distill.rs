//! `musashi-lab distill`: trains networks from scratch on table-labelled games and measures them
//! on the long fights of rankings' games that they were not shown: the raw policy's long-fight
//! accuracy and the moves-left head's error. One line of JSON per report on standard output.
//!
//! musashi-lab distill --tables tables/no-setchin --games 50000 --steps 20000 \
//!     --model mlp:192x2 --model graph:32x4 experiments/.../ranking-*/games.tsv
//! musashi-lab distill --tables tables/no-setchin --from runs/nsl-base/checkpoints/gen-0040 ... (fine-tune)
//! `--augment` shows each training sample through a random symmetry of its board; the reports
//! also score the unseen fights no symmetric image of which was trained on (`unseen_orbit_*`).
//! `--soft-delay TAU` spreads the policy targets over the best move's class by delay;
//! `--unseen-of-games N` scores the fights unseen by N games too (`unseen_of_*`).
//! `--rank-siblings W` adds a ranking loss on the moves-left head over each lost General's
//! children (weight W, softmax temperature `--rank-temperature` plies); every report scores the
//! head's one-ply pick over a fight's children (`*_children_accuracy`) and the share of children
//! pairs it orders right (`*_pairs_accuracy`), and the pick of the policy's log-probability plus
//! the child's predicted plies (`*_combined_accuracy`).

use super::{FightsFrom, network};
use anyhow::{Context, Result, bail};

use musashi_lab::distill::{Labels, PolicyTarget, Ranking, Schedule, fresh_learner, learner, play_games, train};
use musashi_lab::fights::{Fight, collect, score};
use musashi_lab::model_spec::parse_model;
use musashi_net::{CheckpointMeta, Network, save_checkpoint};
use std::collections::HashSet;
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
    /// See each training sample through a random symmetry of its board.
    #[arg(long)]
    augment: bool,
    /// Policy targets over every move of the best move's class (wins or losses), weighted
    /// exp(-d / TAU) by the plies d each gives away against the best, instead of spread evenly
    /// over the best moves alone.
    #[arg(long, value_name = "TAU")]
    soft_delay: Option<f32>,
    /// Also score the fights not among the positions of this many games of the same seed (a
    /// superset of the training games when larger), so that runs on fewer games can be compared
    /// on the unseen fights of a run on more (`unseen_of_*`).
    #[arg(long, value_name = "GAMES")]
    unseen_of_games: Option<usize>,
    /// Also train the moves-left head to rank each lost General's children: a softmax over
    /// their predicted plies against the policy target, its cross-entropy weighted W.
    #[arg(long, value_name = "W")]
    rank_siblings: Option<f32>,
    /// The ranking softmax's temperature, in plies.
    #[arg(long, value_name = "PLIES", default_value_t = 1.0, requires = "rank_siblings")]
    rank_temperature: f32,
}

/// The long fights a report measures: those among the training positions, those not, of these
/// the ones no symmetric image of which is a training position either, and (with
/// `--unseen-of-games`) those not among the positions of that many games.
struct Sets<'a> {
    seen: Vec<&'a Fight>,
    unseen: Vec<&'a Fight>,
    unseen_orbit: Vec<&'a Fight>,
    unseen_of: Option<Vec<&'a Fight>>,
}

impl<'a> Sets<'a> {
    fn split(fights: &'a [Fight], seen: &HashSet<u64>, seen_in_more: Option<&HashSet<u64>>) -> Self {
        let unseen_of =
            seen_in_more.map(|more| fights.iter().filter(|f| !more.contains(&f.snap.position.hash())).collect());
        let (seen_fights, unseen): (Vec<&Fight>, Vec<&Fight>) =
            fights.iter().partition(|f| seen.contains(&f.snap.position.hash()));
        let pos = |f: &&&Fight| f.snap.position;
        let unseen_orbit = unseen
            .iter()
            .filter(|f| pos(f).board().symmetries().iter().all(|s| !seen.contains(&s.position(&pos(f)).hash())))
            .copied()
            .collect();
        Sets { seen: seen_fights, unseen, unseen_orbit, unseen_of }
    }

    /// One report line: the network's scores on each set.
    fn report(&self, net: &Network, fields: serde_json::Value) -> serde_json::Value {
        let mut line = fields;
        let sets =
            [("unseen", Some(&self.unseen)), ("unseen_orbit", Some(&self.unseen_orbit)), ("seen", Some(&self.seen))];
        for (name, set) in sets.into_iter().chain([("unseen_of", self.unseen_of.as_ref())]) {
            let Some(set) = set else { continue };
            let s = score(net, set);
            line[format!("{name}_accuracy")] = s.accuracy().into();
            line[format!("{name}_plies_rms")] = s.plies_rms.into();
            line[format!("{name}_plies_bias")] = s.plies_bias.into();
            line[format!("{name}_children_accuracy")] = s.children_accuracy().into();
            line[format!("{name}_pairs_accuracy")] = s.pairs_accuracy().into();
            line[format!("{name}_combined_accuracy")] = s.combined_accuracy().into();
        }
        line
    }
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
    let target = match a.soft_delay {
        None => PolicyTarget::Best,
        Some(tau) if tau.is_finite() && tau > 0.0 => PolicyTarget::SoftDelay { tau },
        Some(tau) => bail!("--soft-delay must be a positive number of plies, not {tau}"),
    };
    if a.games == 0 || a.unseen_of_games == Some(0) {
        bail!("--games and --unseen-of-games must be at least 1");
    }
    let ranking = match a.rank_siblings {
        None => None,
        Some(weight)
            if weight.is_finite() && weight > 0.0 && a.rank_temperature.is_finite() && a.rank_temperature > 0.0 =>
        {
            Some(Ranking { temperature: a.rank_temperature, weight })
        }
        Some(weight) => bail!(
            "--rank-siblings must be a positive weight and --rank-temperature a positive number of plies, not {weight} and {}",
            a.rank_temperature
        ),
    };
    let (rules, oracle) = a.input.solved.open()?;
    let t = std::time::Instant::now();
    // The first games of a seed are the same however many are played: play them once.
    let labels = Labels { target, children: ranking.is_some() };
    let mut data = play_games(&oracle, rules, a.games.max(a.unseen_of_games.unwrap_or(0)), a.seed, labels);
    let more = a.unseen_of_games.map(|games| data.seen_in_first(games));
    data.keep_first_games(a.games);
    if data.samples.is_empty() {
        bail!("{} games gave no labelled positions: the tables cover none of their positions", a.games);
    }
    let fights =
        collect(&a.input.rankings, rules, &oracle).map_err(anyhow::Error::msg).context("the rankings' games")?;
    let sets = Sets::split(&fights, &data.seen, more.as_ref());
    let head = serde_json::json!({
        "games": a.games, "positions": data.samples.len(), "distinct": data.seen.len(),
        "fights": fights.len(), "unseen": sets.unseen.len(), "unseen_orbit": sets.unseen_orbit.len(),
        "unseen_of_games": a.unseen_of_games, "unseen_of": sets.unseen_of.as_ref().map(Vec::len),
        "seconds": t.elapsed().as_secs_f64(), "moves_left_weight": a.moves_left_weight, "augment": a.augment, "soft_delay": a.soft_delay,
        "rank_siblings": a.rank_siblings, "rank_temperature": ranking.map(|r| r.temperature),
    });
    println!("{head}");
    for (spec, config, from) in start {
        let mut learner = match from {
            Some(net) => {
                let fields = serde_json::json!({ "model": spec, "params": config.num_params(), "step": 0 });
                println!("{}", sets.report(&net, fields));
                learner(&net, a.moves_left_weight)
            }
            None => fresh_learner(config, a.seed, a.moves_left_weight).map_err(anyhow::Error::msg)?,
        };
        let schedule = Schedule {
            steps: a.steps,
            batch: 256,
            lr: a.lr,
            every: a.every,
            seconds: a.seconds,
            augment: a.augment,
            ranking,
        };
        train(&mut learner, &data.samples, schedule, a.seed, |step, learner, seconds| {
            let fields = serde_json::json!({
                "model": spec, "params": config.num_params(), "step": step, "train_seconds": seconds,
            });
            println!("{}", sets.report(&learner.network(), fields));
        })?;
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
