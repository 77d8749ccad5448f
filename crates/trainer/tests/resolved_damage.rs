//! A damaged `config.resolved.toml` is refused with an error naming the file, or reads back as
//! the very job that was written: never a panic, never silently another job (the defaults
//! filling in what damage removed).

use musashi_testkit::{Aim, Rng, Tally, damage};
use musashi_trainer::{job_from_text, load_recorded, resolved_toml};

#[test]
fn flipped_bytes_and_truncation_are_refused_or_harmless() {
    let dir = std::env::temp_dir().join(format!("musashi-resolved-damage-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("config.resolved.toml");
    let job = job_from_text(musashi_trainer::QUICK, "quick", &[]).unwrap();
    let good = resolved_toml(&job).into_bytes();
    std::fs::write(&path, &good).unwrap();
    assert_eq!(load_recorded(&path).unwrap(), job, "the undamaged file reads back");
    let mut rng = Rng(0x5eed_cafe);
    let mut tally = Tally::default();
    let trials = 400;
    for trial in 0..trials {
        let mut bytes = good.clone();
        let what = damage(&mut bytes, &mut rng, Aim::Digits, 3);
        std::fs::write(&path, &bytes).unwrap();
        let case = format!("trial {trial}: {what}");
        tally.record(&case, "config.resolved.toml", &job, || load_recorded(&path), |_| true);
    }
    eprintln!("{}", tally.report("config.resolved.toml"));
    tally.assert_clean("config.resolved.toml");
    let (refused, identical) = (tally.named, tally.identical);
    // Only damage to the first line (a comment) can leave the job as it was.
    assert!(refused >= trials * 9 / 10, "{refused} refused, {identical} identical");
    // A file from before the checksum existed (the header, no checksum line) must name every key.
    let text = String::from_utf8(good.clone()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let body: String = std::iter::once(lines[0]).chain(lines[2..].iter().copied()).map(|l| format!("{l}\n")).collect();
    std::fs::write(&path, &body).unwrap();
    assert_eq!(load_recorded(&path).unwrap(), job);
    std::fs::write(&path, body.replace("games_per_generation = 60\n", "")).unwrap();
    let e = load_recorded(&path).unwrap_err().to_string();
    assert!(e.contains("selfplay.games_per_generation") && e.contains("damaged"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}
