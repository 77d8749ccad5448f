//! `musashi play`: a game in the terminal (`musashi_play::terminal` runs it). Each side is `human`
//! or an agent spec, or `--opponent` names a bundle's level against the human. Input is read line
//! by line from stdin, so tests (and scripts) can pipe it.

use crate::rules_args::RulesArgs;
use anyhow::{Context, Result};
use musashi_agents::AgentRecipe;
use musashi_game::{Game, Ruleset, Side};
use musashi_play::terminal::{Console, Hinter, Player};
use musashi_runtime::{Bundle, Fit, Level};
use musashi_search::AgentSpec;
use std::io::IsTerminal;
use std::path::Path;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    rules: RulesArgs,
    /// The General's player: human or an agent spec (default: human).
    #[arg(long)]
    general: Option<String>,
    /// The soldiers' player: human or an agent spec (default: alphabeta:depth=6).
    #[arg(long)]
    soldiers: Option<String>,
    /// An exported opponent, BUNDLE:LEVEL (for example export/classic:hard): it plays the side
    /// that --human does not, with the bundle's level for that side and the rules.
    #[arg(long)]
    opponent: Option<String>,
    /// With --opponent: the side the human plays.
    #[arg(long, default_value = "general")]
    human: Side,
    /// The agent that answers `hint` (default: with --opponent, the bundle's Hard level, as the
    /// page's hint; otherwise alphabeta:depth=6).
    #[arg(long)]
    hint_agent: Option<AgentSpec>,
    /// Show the computer players' own evaluation of their moves and hints.
    #[arg(long)]
    eval: bool,
    /// Seed of the computer players.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Start from this position instead of the start.
    #[arg(long)]
    position: Option<String>,
    /// Colour the marks: auto (when stdout is a terminal), always or never.
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    color: Color,
}

/// When to colour the marks.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum Color {
    Auto,
    Always,
    Never,
}

/// A side's player named by `--general`/`--soldiers`: `human` or an agent spec; with its name.
fn spec_player(text: &str, side: Side, rules: &Ruleset, seed: u64) -> Result<(Player, String)> {
    if text == "human" {
        return Ok((Player::Human, text.to_string()));
    }
    let flag = format!("--{side}");
    let spec: AgentSpec = text.parse().with_context(|| flag.clone())?;
    let agent = AgentRecipe::parse(&spec, rules).with_context(|| flag)?.create(seed);
    Ok((Player::Computer(agent), text.to_string()))
}

/// Each side's player and its name: `--general` and `--soldiers`, or with `--opponent` the
/// bundle's level (made from its folder and level, not from a spec string) and the human.
fn players(a: &Args, rules: &Ruleset) -> Result<[(Player, String); 2]> {
    let seed = |side: Side| a.seed.wrapping_add(side.index() as u64);
    let Some(text) = &a.opponent else {
        let general = a.general.as_deref().unwrap_or("human");
        let soldiers = a.soldiers.as_deref().unwrap_or("alphabeta:depth=6");
        return Ok([
            spec_player(general, Side::General, rules, seed(Side::General))?,
            spec_player(soldiers, Side::Soldiers, rules, seed(Side::Soldiers))?,
        ]);
    };
    if a.general.is_some() || a.soldiers.is_some() {
        anyhow::bail!("--opponent plays one side and you the other (--human): leave out --general and --soldiers");
    }
    let Some((dir, level)) = text.rsplit_once(':') else {
        anyhow::bail!("--opponent '{text}': expected BUNDLE:LEVEL, for example export/classic:hard");
    };
    let level: Level = level.parse().context("--opponent")?;
    let recipe = AgentRecipe::bundle(Path::new(dir), level, rules).context("--opponent")?;
    let computer = (Player::Computer(recipe.create(seed(a.human.opponent()))), recipe.spec().to_string());
    let human = (Player::Human, "human".to_string());
    Ok(match a.human {
        Side::General => [human, computer],
        Side::Soldiers => [computer, human],
    })
}

pub(crate) fn run(a: Args) -> Result<()> {
    let (rules, pos) = a.rules.with_position(a.position.as_deref())?;
    let game = Game::from_position(rules, pos)?;
    let color = match a.color {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => std::io::stdout().is_terminal(),
    };
    let [(general_player, general), (soldiers_player, soldiers)] = players(&a, &rules)?;
    let hint = hint_recipe(&a, &rules)?;
    let hinter = Hinter { name: hint.spec().to_string(), make: Box::new(move |seed| hint.create(seed)) };
    println!("rules: {rules}");
    println!("general: {general}; soldiers: {soldiers}");
    if let Some((dir, Ok(level))) = a.opponent.as_deref().and_then(|t| t.rsplit_once(':')).map(|(d, l)| (d, l.parse()))
    {
        note_nearest(dir, level, &rules, a.human.opponent());
    }
    let stdin = std::io::stdin();
    // Piped input is echoed after the prompt, so that a transcript reads like a session.
    let echo = !stdin.is_terminal();
    let players = [general_player, soldiers_player];
    let console = Console { game, players, hinter, seed: a.seed, color, eval: a.eval, echo };
    console.run(&mut stdin.lock(), &mut std::io::stdout().lock())?;
    Ok(())
}

/// The agent that answers `hint`: `--hint-agent`, else the opponent bundle's Hard level (what
/// the page's hint plays), else alpha-beta at depth 6.
fn hint_recipe(a: &Args, rules: &Ruleset) -> Result<AgentRecipe> {
    if let Some(spec) = &a.hint_agent {
        return AgentRecipe::parse(spec, rules).context("--hint-agent");
    }
    if let Some((dir, _)) = a.opponent.as_deref().and_then(|t| t.rsplit_once(':')) {
        return AgentRecipe::bundle(Path::new(dir), Level::Hard, rules).context("the hint's level");
    }
    let spec: AgentSpec = "alphabeta:depth=6".parse().expect("a valid spec");
    Ok(AgentRecipe::parse(&spec, rules)?)
}

/// Says so when the bundle has no level calibrated on these rules and the nearest plays them.
fn note_nearest(dir: &str, level: Level, rules: &Ruleset, side: Side) {
    if let Ok(bundle) = Bundle::load(Path::new(dir))
        && let Ok((_, Fit::Nearest(preset))) = bundle.serving(rules, side, level)
    {
        println!("the bundle has no levels calibrated on these rules: its {preset} {level} level plays them");
    }
}
