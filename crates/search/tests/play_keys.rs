//! The play settings' table drives everything: every key parses, prints and comes back, is in the
//! help text, is refused out of its range with its field and range named, can be laid over other
//! settings, and is a field that manifests write as `PlaySettings`' serde attributes say.

use musashi_search::mcts::{PLAY_KEYS, PlayKey, PlayOverrides, PlayValue, play_keys_help, play_keys_synopsis};
use musashi_search::{AgentSpec, PlaySettings};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// The settings of `mcts:` followed by `keys`.
fn parse(keys: &str) -> PlaySettings {
    let mut spec: AgentSpec = format!("mcts:{keys}").parse().unwrap();
    let settings = PlaySettings::take_from(&mut spec).unwrap();
    spec.finish().unwrap();
    settings
}

/// A value of `key`'s kind as text, in its range or not.
fn random_value(rng: &mut SmallRng, key: &PlayKey) -> String {
    match key.default_value() {
        PlayValue::Count(_) => rng.random_range(0..2_000_000u32).to_string(),
        PlayValue::Real(_) if rng.random_bool(0.2) => rng.random_range(0..=2).to_string(),
        PlayValue::Real(_) => rng.random_range(-1.0f32..12.0).to_string(),
        PlayValue::Switch(_) => rng.random_bool(0.5).to_string(),
    }
}

/// Valid settings: each key left at its default or given a random value in its range.
fn random_settings(rng: &mut SmallRng) -> PlaySettings {
    let mut given = Vec::new();
    for key in PLAY_KEYS {
        if rng.random_bool(0.3) {
            continue;
        }
        let pair = loop {
            let pair = format!("{}={}", key.name, random_value(rng, key));
            if key.check(&parse(&pair)).is_ok() {
                break pair;
            }
        };
        given.push(pair);
    }
    parse(&given.join(","))
}

/// A value of `key` other than its default.
fn other_value(key: &PlayKey) -> String {
    match key.default_value() {
        PlayValue::Count(n) => (n + 1).to_string(),
        PlayValue::Real(0.0) => "0.5".to_string(),
        PlayValue::Real(x) => (x / 2.0).to_string(),
        PlayValue::Switch(b) => (!b).to_string(),
    }
}

#[test]
fn settings_print_and_parse_back_the_same() {
    let mut rng = SmallRng::seed_from_u64(44);
    for _ in 0..300 {
        let settings = random_settings(&mut rng);
        settings.validate().unwrap();
        let text = settings.to_string();
        assert_eq!(parse(&text), settings, "{text}");
    }
    assert_eq!(PlaySettings::default().to_string(), "sims=100,temp=0,cpuct=1.5,blunder=0");
    assert_eq!(parse("").to_string(), PlaySettings::default().to_string());
}

#[test]
fn every_key_parses_prints_and_is_in_the_help() {
    for key in PLAY_KEYS {
        let pair = format!("{}={}", key.name, other_value(key));
        let settings = parse(&pair);
        assert_ne!(key.value(&settings), key.default_value(), "{pair}");
        assert!(settings.to_string().contains(&pair), "{settings} lacks {pair}");
        assert!(play_keys_synopsis().contains(&format!("[,{}={}]", key.name, key.placeholder)));
        let line = format!("{}: {} ({}, default {})", key.name, key.help, key.expected, key.default_value());
        assert!(play_keys_help().contains(&line), "{line}");
    }
    // A quiet key at its default is left out; any other key is always printed.
    let printed = PlaySettings::default().to_string();
    for key in PLAY_KEYS {
        assert_eq!(printed.contains(&format!("{}=", key.name)), !key.quiet, "{}", key.name);
    }
}

#[test]
fn out_of_range_values_are_refused_naming_the_field_and_its_range() {
    for key in PLAY_KEYS {
        let bad = match key.default_value() {
            PlayValue::Count(_) => u32::MAX.to_string(),
            PlayValue::Real(_) => "-1".to_string(),
            PlayValue::Switch(_) => {
                let mut spec: AgentSpec = format!("mcts:{}=2", key.name).parse().unwrap();
                let e = PlaySettings::take_from(&mut spec).unwrap_err().to_string();
                assert!(e.contains(&format!("bad value '2' for {}", key.name)), "{e}");
                continue;
            }
        };
        let settings = parse(&format!("{}={bad}", key.name));
        let e = settings.validate().unwrap_err();
        assert_eq!((e.key.as_str(), e.expected.as_str()), (key.field(), key.expected));
        assert_eq!(key.check(&settings), Err(e));
    }
}

#[test]
fn overrides_replace_only_the_keys_given() {
    let all: Vec<String> = PLAY_KEYS.iter().map(|k| format!("{}={}", k.name, other_value(k))).collect();
    let mut spec: AgentSpec = format!("bundle:dir=x,{}", all.join(",")).parse().unwrap();
    let over = PlayOverrides::take_from(&mut spec).unwrap();
    assert_eq!(spec.take_str("dir").as_deref(), Some("x"));
    spec.finish().unwrap();
    assert_eq!(over.label(), format!("[{}]", all.join(",")));
    assert_eq!(over.apply(PlaySettings::default()), parse(&all.join(",")));
    let mut spec: AgentSpec = "bundle:sims=7".parse().unwrap();
    let over = PlayOverrides::take_from(&mut spec).unwrap();
    let base = PlaySettings { temperature: 0.5, fallible: 0.25, ..PlaySettings::default() };
    assert_eq!(over.apply(base), PlaySettings { sims: 7, ..base });
    assert_eq!(over.label(), "[sims=7]");
    assert_eq!(PlayOverrides::default().label(), "");
}

#[test]
fn the_table_names_every_field_that_manifests_write() {
    let fields = |s: &PlaySettings| -> Vec<String> {
        let value = serde_json::to_value(s).unwrap();
        value.as_object().unwrap().keys().cloned().collect()
    };
    let sorted = |mut v: Vec<&str>| {
        v.sort();
        v.into_iter().map(String::from).collect::<Vec<_>>()
    };
    // Every field differing from its default: all of them are written, and the table has each.
    let all: Vec<String> = PLAY_KEYS.iter().map(|k| format!("{}={}", k.name, other_value(k))).collect();
    let changed = parse(&all.join(","));
    assert_eq!(fields(&changed), sorted(PLAY_KEYS.iter().map(|k| k.field()).collect()));
    // At their defaults, the quiet keys are left out, as printed settings leave them out.
    let loud = sorted(PLAY_KEYS.iter().filter(|k| !k.quiet).map(|k| k.field()).collect());
    assert_eq!(fields(&PlaySettings::default()), loud);
    let back: PlaySettings = serde_json::from_value(serde_json::to_value(changed).unwrap()).unwrap();
    assert_eq!(back, changed);
}

/// `vary`: with temperature 0 the move is drawn among those within the share of the best
/// move's visits, so seeds give different moves where several are near-equal; without it every
/// seed plays the most visited move; and it only ever picks a near-best move.
#[test]
fn vary_draws_among_near_equal_best_moves_only() {
    use musashi_game::{Game, Preset};
    use musashi_search::{Agent, MctsAgent, MctsConfig, UniformEvaluator};
    let game = Game::new(Preset::Classic.ruleset());
    let config = MctsConfig { sims: 400, ..PlaySettings::default().mcts_config() };
    let moves = |vary: f32| -> std::collections::BTreeSet<String> {
        (0..20)
            .map(|seed| {
                let mut a = MctsAgent::new("a", config, Box::new(UniformEvaluator)).with_vary(vary);
                a.new_game(seed);
                a.choose(&game).mv.to_string()
            })
            .collect()
    };
    assert_eq!(moves(0.0).len(), 1, "deterministic without vary");
    let varied = moves(0.5);
    assert!(varied.len() > 1, "{varied:?}");
    // Every move drawn had at least half the best move's visits.
    let mut search = musashi_search::Mcts::new(config, game.clone(), 0);
    while let musashi_search::Step::Evaluate(_) = search.step() {
        search.provide(&[0.0; musashi_game::NUM_ACTIONS], 0.0, None);
    }
    let r = search.result();
    let best = *r.visits.iter().max().unwrap() as f32;
    for m in &varied {
        let i = r.moves.iter().position(|x| x.to_string() == *m).unwrap();
        assert!(r.visits[i] as f32 >= 0.5 * best, "{m}: {} of {best}", r.visits[i]);
    }
    let spec = "mcts:sims=8,vary=0.2".parse::<musashi_search::AgentSpec>().unwrap();
    let mut spec = spec;
    assert_eq!(PlaySettings::take_from(&mut spec).unwrap().vary, 0.2, "the spec key");
    assert!(PlaySettings { vary: 0.6, ..PlaySettings::default() }.validate().is_err(), "at most 0.5");
}
