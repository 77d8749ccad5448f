//! The API end to end: a real server on a free port of this machine, spoken to in plain HTTP/1.1
//! over a socket. Every error class is a 4xx with a JSON message; whole games are played through
//! the API and checked against the rules crate, which replays them independently.

use musashi_game::{Game, Move, Preset, Ruleset};
use musashi_serve::{ServeConfig, serve};
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::PathBuf;
use std::time::Duration;

fn bundle() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../export/classic")
}

/// A server of its own for the calling test.
fn start(max_games: usize, idle: Duration) -> SocketAddr {
    start_sharing(max_games, max_games, idle)
}

/// A server of its own, holding at most `per_client` games of one client.
fn start_sharing(max_games: usize, per_client: usize, idle: Duration) -> SocketAddr {
    let (tx, rx) = std::sync::mpsc::channel();
    let config = ServeConfig {
        bundle: bundle(),
        addr: "127.0.0.1:0".parse().unwrap(),
        max_games,
        games_per_client: per_client,
        idle,
        allow_hosts: Vec::new(),
    };
    std::thread::spawn(move || serve(config, |addr, _| tx.send(addr).unwrap()).unwrap());
    rx.recv_timeout(Duration::from_secs(60)).expect("the server started")
}

/// One request; the status and the body (JSON, or the text as a JSON string).
fn call(addr: SocketAddr, method: &str, path: &str, body: &str) -> (u16, Value) {
    let mut s = TcpStream::connect(addr).unwrap();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(body.as_bytes()).unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).unwrap();
    let text = String::from_utf8(raw).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").expect("a response has a head");
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, serde_json::from_str(body).unwrap_or(Value::String(body.to_string())))
}

/// A request written by hand; the status and the body as text.
fn raw(addr: SocketAddr, request: &str) -> (u16, String) {
    raw_from("127.0.0.1", addr, request)
}

/// A request written by hand, sent from the loopback address `from` (another client).
fn raw_from(from: &str, addr: SocketAddr, request: &str) -> (u16, String) {
    use socket2::{Domain, Socket, Type};
    let socket = Socket::new(Domain::IPV4, Type::STREAM, None).unwrap();
    socket.bind(&SocketAddr::new(from.parse().unwrap(), 0).into()).unwrap();
    socket.connect(&addr.into()).unwrap();
    let mut s = TcpStream::from(socket);
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    s.write_all(request.as_bytes()).unwrap();
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).into_owned();
    let status = text.split(' ').nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    (status, text)
}

#[test]
fn only_this_servers_host_and_json_bodies() {
    let addr = start(2, Duration::from_secs(600));
    let body = r#"{"rules":{},"human":"general","level":"easy"}"#;
    let post = |host: &str, kind: &str| {
        let kind = if kind.is_empty() { String::new() } else { format!("Content-Type: {kind}\r\n") };
        let head = format!("POST /api/games HTTP/1.1\r\nHost: {host}\r\n{kind}Content-Length: {}\r\n\r\n", body.len());
        raw(addr, &format!("{head}{body}"))
    };
    let (status, text) = post("evil.example", "application/json");
    assert_eq!(status, 421, "{text}");
    assert!(text.contains("--allow-host"), "{text}");
    let (status, text) = post(&format!("localhost:{}", addr.port()), "text/plain");
    assert_eq!(status, 415, "a no-cors post from any page: {text}");
    let (status, text) = post(&addr.to_string(), "");
    assert_eq!(status, 415, "{text}");
    let (status, _) = post(&format!("localhost:{}", addr.port()), "application/json");
    assert_eq!(status, 201, "the page's own requests still work");
    // A huge declared body is refused before it is read: no "100 Continue", a JSON error.
    let head = format!(
        "POST /api/games HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: 1000000000000\r\n\r\n"
    );
    let (status, text) = raw(addr, &head);
    assert_eq!(status, 413, "{text}");
    assert!(!text.contains("100 Continue") && text.contains("\"error\""), "{text}");
}

#[test]
fn long_paths_and_heads_get_json_errors() {
    let addr = start(2, Duration::from_secs(600));
    let path = format!("/api/games/{}", "a".repeat(9000));
    let (status, text) = raw(addr, &format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\n\r\n"));
    assert_eq!(status, 414, "{text}");
    assert!(text.contains(r#"{"error":"the request's path is longer than"#), "{text}");
    let fields: String = (0..80).map(|i| format!("X-Field-{i}: {i}\r\n")).collect();
    let (status, text) = raw(addr, &format!("GET /api/options HTTP/1.1\r\nHost: {addr}\r\n{fields}\r\n"));
    assert_eq!(status, 431, "{text}");
    assert!(text.contains(r#"{"error":"the request has more than 64 header fields"#), "{text}");
    let big = format!("X-Big: {}\r\n", "b".repeat(40_000));
    let (status, text) = raw(addr, &format!("GET /api/options HTTP/1.1\r\nHost: {addr}\r\n{big}\r\n"));
    assert_eq!(status, 431, "{text}");
    assert!(text.contains(r#""error""#), "{text}");
}

#[test]
fn a_client_past_its_share_of_games_loses_its_oldest_not_others_theirs() {
    let addr = start_sharing(3, 2, Duration::from_secs(600));
    let body = r#"{"rules":{},"human":"general","level":"easy"}"#;
    let create = |from: &str| {
        let head = format!(
            "POST /api/games HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            body.len()
        );
        let (status, text) = raw_from(from, addr, &format!("{head}{body}"));
        assert_eq!(status, 201, "{text}");
        let json: Value = serde_json::from_str(text.split_once("\r\n\r\n").unwrap().1).unwrap();
        json["game"]["id"].as_str().unwrap().to_string()
    };
    let show = |id: &str| raw(addr, &format!("GET /api/games/{id} HTTP/1.1\r\nHost: {addr}\r\n\r\n")).0;
    let other = create("127.0.0.2");
    let mine: Vec<String> = (0..3).map(|_| create("127.0.0.1")).collect();
    assert_eq!(show(&mine[0]), 404, "the flooding client's least recently used game made room");
    assert_eq!((show(&mine[1]), show(&mine[2])), (200, 200));
    assert_eq!(show(&other), 200, "another client's game is untouched");
}

#[test]
fn a_hint_flood_from_one_client_is_refused_past_its_share() {
    let addr = start(2, Duration::from_secs(600));
    let g = new_game(addr, json!({"preset": "classic"}), "soldiers", "easy");
    let id = g["id"].as_str().unwrap().to_string();
    ok(addr, "POST", &format!("/api/games/{id}/reply"), "");
    // Eight Hard hints (1600 simulations each) at once from this address: two may wait or run,
    // the others are refused at once with 429, and nothing fails otherwise.
    let path = format!("/api/games/{id}/hint");
    let statuses: Vec<(u16, Value)> = std::thread::scope(|s| {
        let calls: Vec<_> = (0..8).map(|_| s.spawn(|| call(addr, "POST", &path, r#"{"level":"hard"}"#))).collect();
        calls.into_iter().map(|c| c.join().unwrap()).collect()
    });
    let served = statuses.iter().filter(|(code, _)| *code == 200).count();
    let refused: Vec<&Value> = statuses.iter().filter(|(code, _)| *code == 429).map(|(_, v)| v).collect();
    assert_eq!(served + refused.len(), 8, "{statuses:?}");
    assert!(served >= 2, "the client's share is served: {statuses:?}");
    assert!(!refused.is_empty(), "a flood past the share is refused: {statuses:?}");
    assert!(refused.iter().all(|v| v["error"].as_str().unwrap().contains("searches")), "{refused:?}");
    // Its share comes back: a hint after the flood is served.
    ok(addr, "POST", &path, "");
}

#[test]
fn stalled_connections_are_dropped_and_do_not_stop_the_server() {
    let addr = start(2, Duration::from_secs(600));
    // A client that sends half a head and stops is cut off after the header timeout.
    let mut stalled = TcpStream::connect(addr).unwrap();
    stalled.write_all(b"GET /api/options HTTP/1.1\r\nHo").unwrap();
    stalled.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let t = std::time::Instant::now();
    let mut sink = Vec::new();
    let _ = stalled.read_to_end(&mut sink);
    assert!(t.elapsed() < Duration::from_secs(20), "held for {:?}", t.elapsed());
    // Many idle connections beyond the cap: the server sheds them and keeps answering.
    let idle: Vec<TcpStream> = (0..600).filter_map(|_| TcpStream::connect(addr).ok()).collect();
    drop(idle);
    std::thread::sleep(Duration::from_millis(200));
    ok(addr, "GET", "/api/options", "");
}

fn ok(addr: SocketAddr, method: &str, path: &str, body: &str) -> Value {
    let (status, v) = call(addr, method, path, body);
    assert!((200..300).contains(&status), "{method} {path} {body}: {status} {v}");
    v
}

/// Asserts a refusal: the status, and an error message containing `says`.
fn refused(addr: SocketAddr, method: &str, path: &str, body: &str, status: u16, says: &str) {
    let (got, v) = call(addr, method, path, body);
    let message = v["error"].as_str().unwrap_or_else(|| panic!("{method} {path}: no JSON error in {v}"));
    assert_eq!(got, status, "{method} {path} {body}: {message}");
    assert!(message.contains(says), "{method} {path}: '{message}' does not say '{says}'");
}

fn new_game(addr: SocketAddr, rules: Value, human: &str, level: &str) -> Value {
    let body = json!({ "rules": rules, "human": human, "level": level, "seed": 7 }).to_string();
    ok(addr, "POST", "/api/games", &body)["game"].clone()
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect()
}

#[test]
fn every_error_class_is_a_4xx_with_a_message() {
    // One client may hold more games than the server: it fills the server (429 below).
    let addr = start_sharing(2, 3, Duration::from_secs(600));
    let post = |path: &str, body: &str, status, says: &str| refused(addr, "POST", path, body, status, says);
    post("/api/games", "{not json", 400, "bad request body");
    post("/api/games", r#"{"rules":{},"human":"general","level":"expert"}"#, 400, "unknown level 'expert'");
    post("/api/games", r#"{"rules":{"preset":"go"},"human":"general","level":"easy"}"#, 400, "unknown preset 'go'");
    post("/api/games", r#"{"rules":{"boards":"25"},"human":"general","level":"easy"}"#, 400, "unknown option 'boards'");
    post("/api/games", r#"{"rules":{},"human":"general","level":"easy","moves":["a1-b2"]}"#, 422, "moves[0] 'a1-b2'");
    post("/api/games", r#"{"rules":{},"human":"general","level":"easy","x":1}"#, 400, "unknown field `x`");
    let big = format!(r#"{{"rules":{{}},"human":"general","level":"easy","moves":["{}"]}}"#, "a".repeat(70_000));
    let (status, v) = call(addr, "POST", "/api/games", &big);
    assert_eq!(status, 413, "a body over the limit");
    assert!(v["error"].as_str().is_some_and(|m| m.contains("larger than")), "{v}");
    refused(addr, "GET", "/api/games/0123", "", 404, "no game '0123'");
    refused(addr, "GET", "/etc/passwd", "", 404, "no such page");
    refused(addr, "GET", "/api/games", "", 405, "does not take this method");

    // The person plays the soldiers in classic: the General (the computer) moves first.
    let g = new_game(addr, json!({"preset": "classic"}), "soldiers", "easy");
    let id = g["id"].as_str().unwrap().to_string();
    let path = |action: &str| format!("/api/games/{id}/{action}");
    post(&path("move"), r#"{"move":"a1-b2"}"#, 409, "general to move, the turn is the computer's");
    post(&path("hint"), "", 409, "the turn is the computer's");
    post(&path("undo"), "", 409, "you have not moved yet");
    let g = ok(addr, "POST", &path("reply"), "")["game"].clone();
    post(&path("reply"), "", 409, "the turn is yours");
    post(&path("move"), r#"{"move":"a1-a9"}"#, 400, "move:");
    post(&path("move"), r#"{"mv":"a1-b1"}"#, 400, "unknown field `mv`");
    post(&path("move"), r#"{"move":"c3-c4"}"#, 422, "move c3-c4");
    post(&path("hint"), r#"{"level":"master"}"#, 400, "unknown level 'master'");
    assert_eq!(g["to_move"], "soldiers");
    ok(addr, "POST", &path("resign"), "");
    post(&path("move"), r#"{"move":"a1-b1"}"#, 409, "the game is over");
    post(&path("resign"), "", 409, "the game is over");

    // Two games is this server's limit.
    new_game(addr, json!({}), "general", "easy");
    post("/api/games", r#"{"rules":{},"human":"general","level":"easy"}"#, 429, "holds 2 games");
}

#[test]
fn idle_games_expire() {
    let addr = start(1, Duration::from_millis(300));
    let g = new_game(addr, json!({}), "general", "easy");
    let id = g["id"].as_str().unwrap();
    ok(addr, "GET", &format!("/api/games/{id}"), "");
    std::thread::sleep(Duration::from_millis(400));
    refused(addr, "GET", &format!("/api/games/{id}"), "", 404, "expired after being idle");
    // Its slot is free again.
    new_game(addr, json!({}), "general", "easy");
}

/// Plays the person's first legal move (or the hint, every third move) and the computer's reply
/// until the game ends; checks every reply against the legal moves the API listed and the
/// whole game against the rules crate. Returns the final view.
fn play_out(addr: SocketAddr, g: Value) -> Value {
    let id = g["id"].as_str().unwrap().to_string();
    let rules: Ruleset = serde_json::from_value(g["rules"].clone()).unwrap();
    let human = g["human"].clone();
    let mut g = g;
    let mut turn = 0;
    while g["outcome"].is_null() {
        let legal = strings(&g["legal"]);
        let mv = if g["to_move"] == human {
            turn += 1;
            let m = if turn % 3 == 0 {
                ok(addr, "POST", &format!("/api/games/{id}/hint"), "{}")["move"].as_str().unwrap().to_string()
            } else {
                legal[0].clone()
            };
            let a = ok(addr, "POST", &format!("/api/games/{id}/move"), &json!({ "move": m }).to_string());
            assert_eq!(a["move"], m.as_str());
            g = a["game"].clone();
            m
        } else {
            let a = ok(addr, "POST", &format!("/api/games/{id}/reply"), "");
            g = a["game"].clone();
            a["move"].as_str().unwrap().to_string()
        };
        assert!(legal.contains(&mv), "{mv} was not among the legal moves {legal:?}");
    }
    let mut replay = Game::new(rules);
    for m in strings(&g["moves"]) {
        replay.play(Move::parse(rules.board, &m).unwrap()).unwrap();
    }
    let outcome = replay.outcome_or_endless(1000).expect("the rules crate ends the game too");
    assert_eq!(g["outcome"]["winner"], outcome.winner.name());
    assert_eq!(g["outcome"]["reason"], outcome.reason.name());
    assert_eq!(g["position"], replay.position().to_string());
    g
}

#[test]
fn whole_games_through_the_api_agree_with_the_rules_crate() {
    let addr = start(20, Duration::from_secs(600));
    for (rules, human) in [(json!({"preset": "classic"}), "general"), (json!({"preset": "no-setchin"}), "soldiers")] {
        let g = play_out(addr, new_game(addr, rules, human, "easy"));
        assert!(g["moves"].as_array().unwrap().len() >= 2);
    }
}

#[test]
fn every_version_and_level_plays_and_says_how_it_is_served() {
    let addr = start(100, Duration::from_secs(600));
    let options = ok(addr, "GET", "/api/options", "");
    assert_eq!(options["levels"], json!(["easy", "normal", "hard"]));
    let presets: Vec<&str> =
        options["presets"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(presets, ["classic", "no-setchin", "soldiers-first", "qdan"]);
    let custom =
        json!({"preset": "custom", "board": "25", "first": "soldiers", "general_wins_at": 4, "move_limit": "none"});
    let versions = [
        json!({"preset": "classic"}),
        json!({"preset": "no-setchin"}),
        json!({"preset": "soldiers-first"}),
        json!({"preset": "qdan"}),
        custom,
    ];
    for rules in versions {
        for human in ["general", "soldiers"] {
            for level in ["easy", "normal", "hard"] {
                let g = new_game(addr, rules.clone(), human, level);
                let id = g["id"].as_str().unwrap();
                let cpu_first = g["to_move"] != human;
                let action = if cpu_first { "reply" } else { "hint" };
                let a = ok(addr, "POST", &format!("/api/games/{id}/{action}"), "");
                assert!(
                    strings(&g["legal"]).contains(&a["move"].as_str().unwrap().to_string()),
                    "{rules} {human} {level}"
                );
                let calibrated = g["preset"] == "classic";
                assert_eq!(
                    g["opponent"]["calibrated"], calibrated,
                    "{rules}: the classic bundle is calibrated on classic only"
                );
                assert_eq!(g["opponent"]["level"], level);
                assert_eq!(g["opponent"]["preset"], "classic");
            }
        }
    }
}

#[test]
fn undo_takes_back_the_move_and_the_reply_and_a_game_continues_from_its_moves() {
    let addr = start(10, Duration::from_secs(600));
    let g = new_game(addr, json!({"preset": "qdan"}), "general", "normal");
    let id = g["id"].as_str().unwrap().to_string();
    let start_position = g["position"].clone();
    ok(addr, "POST", &format!("/api/games/{id}/move"), r#"{"move":"c3-c4"}"#);
    let replied = ok(addr, "POST", &format!("/api/games/{id}/reply"), "")["game"].clone();
    assert_eq!(replied["moves"].as_array().unwrap().len(), 2);
    let undone = ok(addr, "POST", &format!("/api/games/{id}/undo"), "");
    assert_eq!(undone["taken_back"].as_array().unwrap().len(), 2);
    assert_eq!(undone["game"]["position"], start_position);

    // A page whose game the server no longer holds creates it again from its moves.
    let moves = replied["moves"].clone();
    let body = json!({ "rules": replied["rules"], "human": "general", "level": "normal", "moves": moves }).to_string();
    let again = ok(addr, "POST", "/api/games", &body)["game"].clone();
    assert_eq!(again["position"], replied["position"]);
    assert_eq!(again["preset"], "qdan", "the rules in full name their preset again");
    assert_eq!(Preset::Qdan.ruleset(), serde_json::from_value::<Ruleset>(again["rules"].clone()).unwrap());
}

#[test]
fn a_position_standing_for_the_second_time_raises_the_warning() {
    let addr = start(10, Duration::from_secs(600));
    let shuttle = ["c3-c4", "b1-b2", "c4-c3", "b2-b1"];
    for plies in [3, 4] {
        let body =
            json!({ "rules": {"preset": "classic"}, "human": "general", "level": "easy", "moves": shuttle[..plies] });
        let g = ok(addr, "POST", "/api/games", &body.to_string())["game"].clone();
        assert_eq!(g["repetition_warning"], plies == 4, "after {plies} moves");
    }
    // Under qdan's rules the soldiers may not bring a position back at all.
    let body = json!({ "rules": {"preset": "qdan"}, "human": "general", "level": "easy", "moves": shuttle });
    refused(addr, "POST", "/api/games", &body.to_string(), 422, "moves[3] 'b2-b1'");
}

#[test]
fn the_page_and_its_files_are_served_with_their_types() {
    let addr = start(1, Duration::from_secs(600));
    for (path, kind, has) in [
        ("/", "text/html", "<svg id=\"board\""),
        ("/app.js", "text/javascript", "/api/games"),
        ("/style.css", "text/css", "#board"),
        ("/favicon.svg", "image/svg+xml", "<svg"),
    ] {
        let mut s = TcpStream::connect(addr).unwrap();
        write!(s, "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").unwrap();
        let mut text = String::new();
        s.read_to_string(&mut text).unwrap();
        let lower = text.to_ascii_lowercase();
        assert!(lower.starts_with("http/1.1 200"), "{path}: {}", &text[..40]);
        assert!(lower.contains(&format!("content-type: {kind}")), "{path}");
        assert!(lower.contains("content-security-policy: default-src 'self'"), "{path}");
        assert!(text.contains(has), "{path}");
    }
}

/// `musashi_play::LocalService` (what the page runs in the browser, without a server) answers a
/// session's requests exactly as the server does: the same statuses and the same JSON, ids
/// aside.
#[test]
fn the_in_process_service_answers_as_the_server_does() {
    use musashi_play::LocalService;
    let addr = start(8, Duration::from_secs(600));
    let mut local = LocalService::new(musashi_runtime::Bundle::load(&bundle()).unwrap(), 1);
    let strip = |mut v: Value| {
        if let Some(g) = v.get_mut("game").and_then(Value::as_object_mut) {
            g.remove("id");
        }
        v
    };
    let both = |local: &mut LocalService, method: &str, path: &str, body: &str| {
        let (status, served) = call(addr, method, path, body);
        let answer = local.request(method, path, body.as_bytes());
        let mine: Value = serde_json::from_str(&answer.body).unwrap();
        assert_eq!((answer.status, strip(mine.clone())), (status, strip(served.clone())), "{method} {path} {body}");
        (served, mine)
    };
    both(&mut local, "GET", "/api/options", "");
    let setup = r#"{"rules":{"preset":"classic"},"human":"general","level":"hard","seed":7}"#;
    let (served, mine) = both(&mut local, "POST", "/api/games", setup);
    let (sid, lid) = (served["game"]["id"].as_str().unwrap(), mine["game"]["id"].as_str().unwrap());
    let steps: [(&str, &str, &str); 9] = [
        ("POST", "move", r#"{"move":"c3-c4"}"#),
        ("POST", "reply", ""),
        ("POST", "hint", "{}"),
        ("POST", "hint", r#"{"level":"easy"}"#),
        ("POST", "move", r#"{"move":"a1-a2"}"#),
        ("POST", "reply", ""),
        ("POST", "undo", ""),
        ("GET", "", ""),
        ("POST", "resign", ""),
    ];
    for (method, action, body) in steps {
        let path =
            |id: &str| if action.is_empty() { format!("/api/games/{id}") } else { format!("/api/games/{id}/{action}") };
        let (status, served) = call(addr, method, &path(sid), body);
        let answer = local.request(method, &path(lid), body.as_bytes());
        let mine: Value = serde_json::from_str(&answer.body).unwrap();
        assert_eq!((answer.status, strip(mine)), (status, strip(served)), "{method} {action} {body}");
    }
    for (method, path) in [("GET", "/api/nothing"), ("POST", "/api/options"), ("GET", "/api/games/nope")] {
        let (status, _) = call(addr, method, path, "");
        let answer = local.request(method, path, b"");
        assert_eq!(answer.status, status, "{method} {path}");
        assert!(serde_json::from_str::<Value>(&answer.body).unwrap()["error"].is_string());
    }
}
