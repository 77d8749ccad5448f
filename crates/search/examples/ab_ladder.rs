//! Seeded matches between alpha-beta settings and the simple players, without the binary:
//! wins per side and how the games ended, plus a search-speed probe like `musashi bench search`.
//!
//! ```text
//! cargo run -p musashi-search --release --example ab_ladder -- match \
//!     --preset classic --general random --soldiers alphabeta:depth=4 --games 40 --opening 2 --seed 1 \
//!     [--threads T] [--show]
//! cargo run -p musashi-search --release --example ab_ladder -- bench [--depth 9] [--positions 20]
//! ```
//!
//! Games are played and seeded as `musashi match` plays them (`musashi-evaluator`'s
//! `play_game`): game `i` has the seed `mix(seed, i)`, the General is started with
//! `mix(game, 1)`, the soldiers with `mix(game, 2)`, the random opening plies come from
//! `mix(game, 3)`; every ruleset here has a move limit, so no game is adjudicated. `--show`
//! prints each game's ending and final position to stderr.
//!
//! Agents: `random`, `greedy`, `alphabeta[:depth=N][,nodes=N][,noise=N][,lmr=0|1][,blunder=P]
//! [,weights=legacy|default|FILE]` (`FILE`: `name=value` pairs, as `Weights` prints them).

use musashi_game::{EndReason, Game, Move, Preset, Side};
use musashi_search::alphabeta::{AlphaBeta, Config, Limits, Weights};
use musashi_search::{Agent, AgentSpec, GreedyAgent, RandomAgent};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::time::Instant;

/// SplitMix64's finaliser over two numbers, as `musashi-evaluator` seeds its games.
fn mix(a: u64, b: u64) -> u64 {
    let mut z = a ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(0x632B_E59B_D9B4_E019);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn build(spec: &str) -> Box<dyn Agent> {
    let mut spec: AgentSpec = spec.parse().unwrap_or_else(|e| panic!("{e}"));
    let agent: Box<dyn Agent> = match spec.kind.as_str() {
        "random" => Box::new(RandomAgent::new(0)),
        "greedy" => Box::new(GreedyAgent::new(0)),
        "alphabeta" => {
            let mut config = Config::default();
            let depth: Option<u32> = spec.take("depth").unwrap();
            let nodes: Option<u64> = spec.take("nodes").unwrap();
            if depth.is_some() || nodes.is_some() {
                config.limits = Limits { depth, nodes, time: None };
            }
            if let Some(n) = spec.take("noise").unwrap() {
                config.noise = n;
            }
            if let Some(l) = spec.take::<u8>("lmr").unwrap() {
                config.lmr = l != 0;
            }
            apply_extra(&mut spec, &mut config);
            Box::new(AlphaBeta::new(config).with_name(spec.to_string()))
        }
        other => panic!("unknown kind {other}"),
    };
    spec.finish().unwrap_or_else(|e| panic!("{e}"));
    agent
}

/// Keys this version of the library knows beyond the basic ones: `weights=legacy|default|FILE`,
/// `w_NAME=VALUE` for one weight, and `blunder=P`.
fn apply_extra(spec: &mut AgentSpec, config: &mut Config) {
    match spec.take_str("weights").as_deref() {
        None | Some("default") => {}
        Some("legacy") => config.weights = Weights::legacy(),
        Some(file) => {
            let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
            config.weights = text.parse().unwrap_or_else(|e| panic!("{file}: {e}"));
        }
    }
    if let Some(p) = spec.take::<f32>("blunder").unwrap() {
        config.blunder = p;
    }
    let mut text = config.weights.to_string();
    for name in Weights::NAMES.iter().chain(&["balance", "room_cap"]) {
        if let Some(v) = spec.take::<i32>(&format!("w_{name}")).unwrap() {
            text.push_str(&format!(",{name}={v}"));
        }
    }
    config.weights = text.parse().unwrap();
}

#[derive(Default)]
struct Tally {
    games: usize,
    general: usize,
    soldiers: usize,
    endings: [usize; 6],
    plies: usize,
    trap_plies: Vec<u32>,
}

#[allow(clippy::too_many_arguments)]
fn play(
    preset: Preset,
    general: &str,
    soldiers: &str,
    games: usize,
    opening: u32,
    seed: u64,
    threads: usize,
    show: bool,
) -> Tally {
    let rules = preset.ruleset();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if i >= games {
                        break;
                    }
                    let game_seed = mix(seed, i as u64);
                    let mut g = build(general);
                    let mut s = build(soldiers);
                    g.new_game(mix(game_seed, 1));
                    s.new_game(mix(game_seed, 2));
                    let mut rng = SmallRng::seed_from_u64(mix(game_seed, 3));
                    let mut game = Game::new(rules);
                    while !game.is_over() {
                        let mv: Move = if game.plies() < opening {
                            let moves = game.legal_moves();
                            moves[rng.random_range(0..moves.len())]
                        } else {
                            let agent = match game.position().side_to_move() {
                                Side::General => g.as_mut(),
                                Side::Soldiers => s.as_mut(),
                            };
                            agent.choose(&game).mv
                        };
                        game.play(mv).expect("agents play legal moves");
                    }
                    if show {
                        let o = game.outcome().unwrap();
                        eprintln!(
                            "game {i}: {} by {} after {} plies, final {}",
                            o.winner,
                            o.reason.name(),
                            game.plies(),
                            game.position()
                        );
                    }
                    results.lock().unwrap().push((i, game.outcome().unwrap(), game.plies()));
                }
            });
        }
    });
    let mut t = Tally { games, ..Tally::default() };
    for (_, o, plies) in results.into_inner().unwrap() {
        match o.winner {
            Side::General => t.general += 1,
            Side::Soldiers => t.soldiers += 1,
        }
        t.endings[EndReason::ALL.iter().position(|&r| r == o.reason).unwrap()] += 1;
        t.plies += plies as usize;
        if o.reason == EndReason::Trap {
            t.trap_plies.push(plies);
        }
    }
    t.trap_plies.sort();
    t
}

fn report(preset: Preset, general: &str, soldiers: &str, t: &Tally, secs: f64) {
    let endings: Vec<String> = EndReason::ALL
        .iter()
        .zip(t.endings)
        .filter(|&(_, n)| n > 0)
        .map(|(r, n)| format!("{} {n}", r.name()))
        .collect();
    let median_trap = t.trap_plies.get(t.trap_plies.len() / 2).map_or("-".to_string(), |p| p.to_string());
    println!(
        "{preset:<14} G {general:<28} S {soldiers:<28} | General {:>3} soldiers {:>3} of {:>3} | {} | avg {:.0} plies, \
         median trap at {median_trap} | {secs:.1} s",
        t.general,
        t.soldiers,
        t.games,
        endings.join(", "),
        t.plies as f64 / t.games.max(1) as f64,
    );
}

fn bench(depth: u32, positions: usize, spec: &str) {
    let fixed = || {
        let mut s: AgentSpec = spec.parse().unwrap();
        let mut config = Config { limits: Limits { depth: Some(depth), ..Limits::default() }, ..Config::default() };
        apply_extra(&mut s, &mut config);
        s.finish().unwrap();
        config
    };
    let start = Game::new(Preset::Classic.ruleset());
    let r = AlphaBeta::new(fixed()).search(&start);
    let secs = r.elapsed.as_secs_f64();
    println!(
        "classic start, depth {depth}: best {} ({}), {} nodes in {secs:.3} s, {:.2} M nodes/s",
        r.best,
        r.score,
        r.nodes,
        r.nodes as f64 / secs.max(1e-9) / 1e6
    );
    let games = musashi_search::bench::middle_games(positions);
    let (mut nodes, mut secs) = (0u64, 0f64);
    let t = Instant::now();
    for g in &games {
        let r = AlphaBeta::new(fixed()).search(g);
        nodes += r.nodes;
        secs += r.elapsed.as_secs_f64();
    }
    println!(
        "{} middle-game positions, depth {depth}: {nodes} nodes in {secs:.3} s, {:.2} M nodes/s (wall {:.3} s)",
        games.len(),
        nodes as f64 / secs.max(1e-9) / 1e6,
        t.elapsed().as_secs_f64()
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |key: &str, default: &str| -> String {
        args.iter().position(|a| a == key).map_or(default.to_string(), |i| args[i + 1].clone())
    };
    match args.first().map(String::as_str) {
        Some("bench") => bench(
            get("--depth", "9").parse().unwrap(),
            get("--positions", "20").parse().unwrap(),
            &get("--spec", "alphabeta"),
        ),
        Some("match") => {
            let presets: Vec<Preset> = get("--preset", "classic").split(',').map(|p| p.parse().unwrap()).collect();
            let games: usize = get("--games", "40").parse().unwrap();
            let opening: u32 = get("--opening", "2").parse().unwrap();
            let seed: u64 = get("--seed", "1").parse().unwrap();
            let threads: usize = get("--threads", "1").parse().unwrap();
            let general = get("--general", "random");
            let soldiers = get("--soldiers", "alphabeta:depth=4");
            for preset in presets {
                let t0 = Instant::now();
                let show = args.iter().any(|a| a == "--show");
                let t = play(preset, &general, &soldiers, games, opening, seed, threads, show);
                report(preset, &general, &soldiers, &t, t0.elapsed().as_secs_f64());
            }
        }
        _ => eprintln!(
            "usage: ab_ladder match [--preset P[,P..]] [--general SPEC] [--soldiers SPEC] [--games N] \
                        [--opening K] [--seed S] [--threads T] [--show] | bench [--depth D] [--positions N] [--spec SPEC]"
        ),
    }
}
