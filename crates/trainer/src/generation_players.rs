//! A run's generations as players of a ranking (`musashi rank --run`): every `every`-th
//! checkpoint, the last always, each playing MCTS at `sims` simulations with its own network.

use crate::{RunDir, TrainError};
use musashi_agents::{AgentRecipe, Model};
use musashi_evaluator::RankPlayer;
use musashi_net::DeviceKind;
use musashi_search::PlaySettings;
use std::path::Path;

/// The generations of the run in `run` to rank, in order, with the recipes that make them.
pub fn generation_players(run: &Path, sims: u32, every: u32) -> Result<Vec<(RankPlayer, AgentRecipe)>, TrainError> {
    let gens = RunDir::new(run).generations()?;
    let Some(&(last, _)) = gens.last() else {
        return Err(TrainError::Run(format!("{} has no checkpoints (gen-NNNN folders)", run.display())));
    };
    let every = every.max(1);
    let mut players = Vec::new();
    for (g, dir) in gens.into_iter().filter(|(g, _)| g % every == 0 || *g == last) {
        let name = format!("gen-{g:04}");
        let agent_error = |source| TrainError::Agent { key: name.clone(), source };
        let net = Model::network(&dir, DeviceKind::Cpu).map_err(agent_error)?;
        let settings = PlaySettings { sims, ..PlaySettings::default() };
        let recipe = AgentRecipe::mcts(Model::trained(net, dir.display().to_string()).map_err(agent_error)?, settings)
            .map_err(agent_error)?;
        let player =
            RankPlayer { name: name.clone(), spec: recipe.spec().to_string(), generation: Some(g), baseline: false };
        players.push((player, recipe));
    }
    Ok(players)
}
