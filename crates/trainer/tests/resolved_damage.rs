//! A damaged `config.resolved.toml` is refused with an error naming the file, or reads back as
//! the very job that was written: never a panic, never silently another job (the defaults
//! filling in what damage removed).

use musashi_trainer::{job_from_text, load_recorded, resolved_toml};

struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[test]
fn flipped_bytes_and_truncation_are_refused_or_harmless() {
    let dir = std::env::temp_dir().join(format!("musashi-resolved-damage-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("config.resolved.toml");
    let job = job_from_text(musashi_trainer::QUICK, "quick", &[]).unwrap();
    let good = resolved_toml(&job).into_bytes();
    std::fs::write(&path, &good).unwrap();
    assert_eq!(load_recorded(&path).unwrap(), job, "the undamaged file reads back");
    let mut rng = XorShift(0x5eed_cafe);
    let (mut refused, mut identical) = (0, 0);
    let trials = 400;
    for trial in 0..trials {
        let mut bytes = good.clone();
        if trial % 5 == 4 {
            bytes.truncate(rng.below(bytes.len()));
        } else {
            for _ in 0..=rng.below(3) {
                let i = rng.below(bytes.len());
                bytes[i] ^= 1 << rng.below(8);
            }
        }
        std::fs::write(&path, &bytes).unwrap();
        match load_recorded(&path) {
            Ok(read) => {
                assert_eq!(read, job, "trial {trial}: damage read as another job");
                identical += 1;
            }
            Err(e) => {
                let msg = e.to_string();
                assert!(msg.contains("config.resolved.toml"), "trial {trial}: the error names no file: {msg}");
                refused += 1;
            }
        }
    }
    assert_eq!(refused + identical, trials);
    eprintln!("{trials} trials: {refused} refused naming the file, {identical} read back as the written job");
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
