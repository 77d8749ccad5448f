//! Can the network learn the longest delay off self-play's path? Plays GAMES games between a
//! near-perfect General (a longest-delay or shortest-win move from the tables, a random move
//! with probability 0.1) and soldiers that are perfect but play a random move with a
//! probability drawn per game from {0, 0.05, 0.15, 0.3, 1}; every position gets the tables'
//! targets (policy spread over the best moves, exact value, distance). Fine-tunes CHECKPOINT on
//! them for STEPS steps (Adam, batch 256, learning rate 1e-3 falling to 1e-4) and reports the raw
//! policy's long-fight accuracy on the rankings' games (positions seen in training left out)
//! every 2,000 steps; saves the result to OUT.
//! Usage: distill TABLES CHECKPOINT OUT GAMES STEPS SEED GAMES.tsv...
use lfprobe::{Fight, args, fights, open, policy_accuracy};
use musashi_agents::TableOracle;
use musashi_game::{Game, NUM_ACTIONS, Preset, Side};
use musashi_net::{Learner, LossWeights, NUM_FEATURES, OptimizerKind, TrainBatch, encode, read_meta, save_checkpoint};
use musashi_search::{Oracle, Score, best_moves, oracle_value_in_game};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::HashSet;
use std::path::Path;

struct Sample {
    features: Vec<f32>,
    legal: Vec<u16>,
    policy: Vec<f32>,
    value: f32,
    plies: f32,
}

fn play(oracle: &TableOracle, rng: &mut SmallRng, out: &mut Vec<Sample>, seen: &mut HashSet<u64>) {
    let rules = Preset::NoSetchin.ruleset();
    let eps = [0.0, 0.05, 0.15, 0.3, 1.0][rng.random_range(0..5)];
    let mut g = Game::new(rules);
    let mut history = HashSet::new();
    let mut unrepeated = true;
    while !g.is_over() {
        let pos = *g.position();
        unrepeated &= history.insert(pos.hash());
        let legal: Vec<_> = g.legal_moves().iter().copied().collect();
        let values = oracle.move_values(&pos, rules.threshold()).expect("no-setchin tables cover the board");
        let best = best_moves(&values);
        let snap = g.snapshot();
        let score = oracle.probe(&pos).expect("covered");
        if let Some(value) = oracle_value_in_game(&snap, score, unrepeated) {
            let k = legal.iter().filter(|m| best.contains(m)).count();
            if k > 0 {
                seen.insert(pos.hash());
                let mut features = vec![0.0; NUM_FEATURES];
                encode(&snap, &mut features);
                let soldiers_win = (value > 0.0) == (pos.side_to_move() == Side::Soldiers);
                let plies = match score {
                    Score::WinIn(n) | Score::LossIn(n) if soldiers_win => n as f32,
                    _ => (300 - g.plies()) as f32,
                };
                out.push(Sample {
                    features,
                    legal: legal.iter().map(|m| m.action() as u16).collect(),
                    policy: legal.iter().map(|m| if best.contains(m) { 1.0 / k as f32 } else { 0.0 }).collect(),
                    value,
                    plies,
                });
            }
        }
        let random = match pos.side_to_move() {
            Side::General => rng.random_bool(0.1),
            Side::Soldiers => rng.random_bool(eps),
        };
        let pool: Vec<_> =
            if random { legal.clone() } else { legal.iter().copied().filter(|m| best.contains(m)).collect() };
        let pool = if pool.is_empty() { legal } else { pool };
        g.play(pool[rng.random_range(0..pool.len())]).unwrap();
    }
}

fn batch(data: &[Sample], rng: &mut SmallRng, b: &mut TrainBatch) {
    let n = 256;
    b.features.clear();
    b.policy.clear();
    b.policy.resize(n * NUM_ACTIONS, 0.0);
    b.legal.clear();
    b.legal.resize(n * NUM_ACTIONS, 0.0);
    b.value.clear();
    b.policy_weight.clear();
    b.plies.clear();
    for i in 0..n {
        let s = &data[rng.random_range(0..data.len())];
        b.features.extend_from_slice(&s.features);
        for (k, &a) in s.legal.iter().enumerate() {
            b.legal[i * NUM_ACTIONS + a as usize] = 1.0;
            b.policy[i * NUM_ACTIONS + a as usize] = s.policy[k];
        }
        b.value.push(s.value);
        b.policy_weight.push(1.0);
        b.plies.push(s.plies);
    }
}

fn main() {
    let a = args(7, "distill TABLES CHECKPOINT OUT GAMES STEPS SEED GAMES.tsv...");
    // save_checkpoint refuses an existing folder: refuse it now, not after the training.
    if Path::new(&a[3]).exists() {
        eprintln!("{} exists: choose another OUT", a[3]);
        std::process::exit(2);
    }
    let number = |i: usize, name: &str| -> u64 {
        a[i].parse().unwrap_or_else(|_| {
            eprintln!("{name} '{}' is not a whole number", a[i]);
            std::process::exit(2)
        })
    };
    let (games, steps, seed) = (number(4, "GAMES") as usize, number(5, "STEPS"), number(6, "SEED"));
    let (oracle, net) = open(&a[1], &a[2]);
    let mut rng = SmallRng::seed_from_u64(seed);
    let (mut data, mut seen) = (Vec::new(), HashSet::new());
    let t = std::time::Instant::now();
    for _ in 0..games {
        play(&oracle, &mut rng, &mut data, &mut seen);
    }
    println!("{games} games, {} positions ({} distinct) in {:.0} s", data.len(), seen.len(), t.elapsed().as_secs_f64());
    let test_all = fights(&a[7..], &oracle);
    let (known, test): (Vec<&Fight>, Vec<&Fight>) =
        test_all.iter().partition(|f| seen.contains(&f.snap.position.hash()));
    println!("test long fights: {} distinct, {} not seen in training", test_all.len(), test.len());
    println!("step 0: {} (seen in training: {})", policy_accuracy(&net, &test), policy_accuracy(&net, &known));
    let mut learner = Learner::new(&net, OptimizerKind::Adam, 1e-4, LossWeights { value: 1.0, moves_left: 1.0 });
    let mut b = TrainBatch::default();
    for step in 0..steps {
        batch(&data, &mut rng, &mut b);
        let lr = 1e-4 + 0.5 * 9e-4 * (1.0 + (std::f64::consts::PI * step as f64 / steps as f64).cos());
        let l = learner.step(&b, lr);
        if (step + 1) % 2000 == 0 || step + 1 == steps {
            let (now, acc) = (learner.network(), policy_accuracy(&learner.network(), &test));
            println!(
                "step {}: {acc} (seen in training: {})  (policy loss {:.3}, {:.0} s)",
                step + 1,
                policy_accuracy(&now, &known),
                l.policy,
                t.elapsed().as_secs_f64()
            );
        }
    }
    let mut meta = read_meta(Path::new(&a[2])).unwrap();
    meta.parent = Some(a[2].clone());
    meta.training_sha256 = None;
    save_checkpoint(Path::new(&a[3]), &learner.network(), &meta, None).unwrap();
}
