//! Reference vectors (`docs/reference-vectors/`): for positions of every version, what each
//! stage of a level computes: the features, the network's outputs and the move each level
//! chooses at its own settings from a fixed seed. A port of the runtime to another language
//! (or the C and WebAssembly builds of `crates/capi`) checks itself against them.

use crate::bundle::{Bundle, BundleError};
use crate::level::Level;
use musashi_encoding::{NUM_FEATURES, encode};
use musashi_game::{Game, Ruleset};
use musashi_search::Agent;
use serde::{Deserialize, Serialize};

/// The vectors' format version.
pub const REFERENCE_FORMAT_VERSION: u32 = 1;

/// One position and what the levels compute on it.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReferencePosition {
    /// The moves from the start of the rules that reach it.
    pub moves: Vec<String>,
    /// The position in the notation of `docs/rules.md`.
    pub position: String,
    /// The network's input (`NUM_FEATURES` floats).
    pub features: Vec<f32>,
    /// The Hard level's network for the side to move: its value for the side to move.
    pub value: f32,
    /// Its predicted plies to the end (absent without a moves-left head).
    pub plies: Option<f32>,
    /// Its policy logits, by action number.
    pub logits: Vec<f32>,
    /// The move each level (easy, normal, hard) chooses, a fresh player seeded with `seed`.
    pub choices: Vec<(Level, String)>,
}

/// The positions of one version.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReferenceVersion {
    /// A name for the rules (a preset's, or `custom-…`).
    pub name: String,
    /// The rules.
    pub rules: Ruleset,
    /// The positions.
    pub positions: Vec<ReferencePosition>,
}

/// The vectors of one bundle.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReferenceVectors {
    /// `REFERENCE_FORMAT_VERSION`.
    pub format_version: u32,
    /// The bundle's name and manifest digest: the vectors hold for that bundle only.
    pub bundle: String,
    /// Its `manifest_sha256` (of the manifest as this build writes it).
    pub manifest_sha256: String,
    /// The seed of every player.
    pub seed: u64,
    /// Per version.
    pub versions: Vec<ReferenceVersion>,
}

/// The line of play the vectors follow: from the start, the legal move at index
/// `(7 · ply + 3) mod count` each ply (a fixed, level-independent line with captures).
pub fn reference_line(rules: &Ruleset, plies: usize) -> Vec<Game> {
    let mut game = Game::new(*rules);
    let mut games = vec![game.clone()];
    for ply in 0..plies {
        if game.is_over() {
            break;
        }
        let moves = game.legal_moves();
        game.play(moves[(7 * ply + 3) % moves.len()]).expect("a legal move");
        games.push(game.clone());
    }
    games
}

/// The vectors of `bundle` on `versions`, at every `every`-th position of the first `plies` of
/// [`reference_line`], players seeded with `seed`.
pub fn reference_vectors(
    bundle: &Bundle,
    versions: &[(String, Ruleset)],
    plies: usize,
    every: usize,
    seed: u64,
) -> Result<ReferenceVectors, BundleError> {
    let mut out = Vec::new();
    for (name, rules) in versions {
        let mut positions = Vec::new();
        for game in reference_line(rules, plies).into_iter().step_by(every.max(1)) {
            if game.is_over() {
                break;
            }
            positions.push(position(bundle, &game, seed)?);
        }
        out.push(ReferenceVersion { name: name.clone(), rules: *rules, positions });
    }
    let manifest = serde_json::to_value(bundle.manifest()).expect("a manifest serialises");
    Ok(ReferenceVectors {
        format_version: REFERENCE_FORMAT_VERSION,
        bundle: bundle.manifest().name.clone(),
        manifest_sha256: manifest["manifest_sha256"].as_str().unwrap_or_default().to_string(),
        seed,
        versions: out,
    })
}

fn position(bundle: &Bundle, game: &Game, seed: u64) -> Result<ReferencePosition, BundleError> {
    let side = game.position().side_to_move();
    let (hard, _) = bundle.serving(game.rules(), side, Level::Hard)?;
    let net = bundle.network(&hard.weights).expect("a loaded bundle has every level's weights");
    let mut features = vec![0.0; NUM_FEATURES];
    encode(&game.snapshot(), &mut features);
    let mut logits = Vec::new();
    let outputs = net.forward(&features, &mut logits);
    let mut choices = Vec::new();
    for level in Level::ALL {
        let mut player = bundle.player(game.rules(), level)?;
        player.new_game(seed);
        choices.push((level, player.choose(game).mv.to_string()));
    }
    Ok(ReferencePosition {
        moves: game.moves().map(|m| m.to_string()).collect(),
        position: game.position().to_string(),
        features,
        value: outputs.value,
        plies: outputs.plies,
        logits,
        choices,
    })
}
