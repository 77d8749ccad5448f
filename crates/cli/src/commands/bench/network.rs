//! `musashi bench network`: inference time per position on one thread at several batch sizes
//! (the Burn side of `bench/torch_vs_burn.py`).

use anyhow::Result;
use musashi_net::ModelConfig;

pub(crate) fn bench_network(model: ModelConfig, batches: &[usize], seconds: f64) -> Result<()> {
    model.validate().map_err(anyhow::Error::msg)?;
    println!(
        "burn flex, one thread, {} network hidden={} blocks={} value_hidden={}{} ({} parameters)",
        model.kind.name(),
        model.hidden,
        model.blocks,
        model.value_hidden,
        if model.role_heads { " with per-role heads" } else { "" },
        model.num_params()
    );
    for &b in batches {
        let us = musashi_net::time_inference(model, b, seconds).map_err(anyhow::Error::msg)?;
        println!("batch {b}: {us:.2} us/position");
    }
    let (burn, plain) = musashi_agents::time_single_state(model, seconds)?;
    match plain {
        Some(p) => println!(
            "one state at a time (MCTS agents), states of random games: burn {burn:.2} us, plain Rust {p:.2} us ({:.2}x)",
            burn / p
        ),
        None => println!(
            "one state at a time (MCTS agents), states of random games: burn {burn:.2} us (no plain-Rust copy)"
        ),
    }
    Ok(())
}

/// `bench train`: each shape's training speed, measured one after the other in this process.
pub(crate) fn bench_train(
    models: &[String],
    batch: usize,
    seconds: f64,
    threads: &[usize],
    siblings: &[u32],
) -> Result<()> {
    let shapes = models.iter().map(|m| ModelConfig::from_spec(m, 64, 32)).collect::<Result<Vec<_>, _>>();
    let shapes = shapes.map_err(anyhow::Error::msg)?;
    println!("burn flex, Adam at batch {batch}, {seconds} s per shape and thread count");
    for (name, &shape) in models.iter().zip(&shapes) {
        for &t in threads {
            for &g in siblings {
                let s = musashi_net::time_training(shape, batch, seconds, t, g as usize).map_err(anyhow::Error::msg)?;
                let who = if t == 0 { "every core".to_string() } else { format!("{t} threads") };
                let ranked = if g == 0 { String::new() } else { format!(", {g} sibling groups") };
                println!(
                    "{name}, {who}{ranked}: {} parameters, {:.1} steps/s, {:.0} samples/s",
                    shape.num_params(),
                    s.steps_per_second,
                    s.samples_per_second
                );
            }
        }
    }
    Ok(())
}
