//! `musashi bench search`: alpha-beta speed and depth reached in a time budget
//! (`musashi_search::bench`).

use musashi_game::{Game, Preset};
use musashi_search::bench::{at_depth, in_time, middle_games, reach, throughput};

pub(crate) fn bench_search(depth: u32, ms: u64, positions: usize) -> anyhow::Result<()> {
    let start = Game::new(Preset::Classic.ruleset());
    let r = at_depth(&start, depth);
    let secs = r.elapsed.as_secs_f64();
    println!(
        "classic start, depth {depth}: best {} ({}), {} nodes in {:.3} s, {:.2} M nodes/s",
        r.best,
        r.score,
        r.nodes,
        secs,
        r.nodes as f64 / secs.max(1e-9) / 1e6
    );
    let games = middle_games(positions);
    let t = throughput(&games, depth);
    println!(
        "{} middle-game positions, depth {depth}: {} nodes in {:.3} s, {:.2} M nodes/s",
        games.len(),
        t.nodes,
        t.seconds,
        t.mnodes_per_second()
    );
    let r = in_time(&start, ms);
    let pv: Vec<String> = r.pv.iter().map(|m| m.to_string()).collect();
    println!(
        "classic start, {ms} ms: depth {} reached, {} nodes, best {} ({}), pv {}",
        r.depth,
        r.nodes,
        r.best,
        r.score,
        pv.join(" ")
    );
    let reached = reach(&games, ms);
    let d = &reached.depths;
    if !d.is_empty() {
        println!(
            "{} middle-game positions without a forced result, {ms} ms: depth reached min {}, median {}, max {} \
             ({} others were proven wins or losses)",
            d.len(),
            d[0],
            d[d.len() / 2],
            d[d.len() - 1],
            reached.proven
        );
    }
    Ok(())
}
