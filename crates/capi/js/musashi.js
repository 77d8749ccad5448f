// The Juroku Musashi opponents in the browser or Node: a thin wrapper over the WebAssembly
// module built from crates/capi (docs/clients.md). No dependencies; an ES module.
//
//   const musashi = await Musashi.load(fetch("musashi_capi.wasm"));
//   const bundle = musashi.loadBundle({ "manifest.json": bytes, "net-….safetensors": bytes });
//   const game = musashi.newGame("classic");
//   const hard = bundle.player(game, "hard", { seed: 1n });
//   game.play(hard.choose(game));
//   game.state().legal;   // the moves the person may play next
//
// Calls block while they run: run a level in a Web Worker (worker.js) so the page never waits.

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

export class Musashi {
  /** Instantiates the module from a URL fetch, a Response, or the .wasm bytes. */
  static async load(source) {
    const resolved = await source;
    let instance;
    if (typeof Response !== "undefined" && resolved instanceof Response) {
      const bytes = await resolved.arrayBuffer();
      ({ instance } = await WebAssembly.instantiate(bytes, {}));
    } else {
      ({ instance } = await WebAssembly.instantiate(resolved, {}));
    }
    return new Musashi(instance.exports);
  }

  constructor(exports) {
    this.x = exports;
  }

  /** The library's version. */
  version() {
    return this.#read(this.x.musashi_version());
  }

  /** A bundle from its files: an object mapping each file name to its bytes (Uint8Array or ArrayBuffer). */
  loadBundle(files, origin = "bytes") {
    const builder = this.x.musashi_bundle_builder_new();
    for (const [name, data] of Object.entries(files)) {
      const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
      const ok = this.#withBytes(bytes, (ptr, len) =>
        this.#withString(name, (n) => this.x.musashi_bundle_builder_add(builder, n, ptr, len)),
      );
      if (ok !== 0) {
        this.x.musashi_bundle_build(builder, 0);
        throw this.#error();
      }
    }
    const handle = this.#withString(origin, (o) => this.x.musashi_bundle_build(builder, o));
    if (handle === 0) throw this.#error();
    return new Bundle(this, handle);
  }

  /** A new game: a preset's name (classic, no-setchin, soldiers-first, qdan) or a rules object. */
  newGame(rules = "classic") {
    const text = typeof rules === "string" ? rules : JSON.stringify(rules);
    const handle = this.#withString(text, (r) => this.x.musashi_game_new(r));
    if (handle === 0) throw this.#error();
    return new Game(this, handle);
  }

  // Internals shared by the classes below.
  _json(ptr) {
    if (ptr === 0) throw this.#error();
    return JSON.parse(this.#read(ptr));
  }
  _text(ptr) {
    if (ptr === 0) throw this.#error();
    return this.#read(ptr);
  }
  _check(code) {
    if (code !== 0) throw this.#error();
  }
  _withString(s, f) {
    return this.#withString(s, f);
  }
  _floats(count, f) {
    const bytes = count * 4;
    const ptr = this.x.musashi_alloc(bytes);
    try {
      const code = f(ptr);
      if (code < 0) throw this.#error();
      return new Float32Array(this.x.memory.buffer.slice(ptr, ptr + bytes));
    } finally {
      this.x.musashi_dealloc(ptr, bytes);
    }
  }

  #error() {
    return new Error(this.#read(this.x.musashi_last_error()));
  }
  #read(ptr) {
    const mem = new Uint8Array(this.x.memory.buffer);
    let end = ptr;
    while (mem[end] !== 0) end++;
    return fromUtf8.decode(mem.subarray(ptr, end));
  }
  #withBytes(bytes, f) {
    const len = bytes.length;
    const ptr = len > 0 ? this.x.musashi_alloc(len) : 0;
    if (len > 0 && ptr === 0) throw this.#error();
    try {
      new Uint8Array(this.x.memory.buffer, ptr, len).set(bytes);
      return f(ptr, len);
    } finally {
      if (len > 0) this.x.musashi_dealloc(ptr, len);
    }
  }
  #withString(s, f) {
    const bytes = utf8.encode(s);
    const withNul = new Uint8Array(bytes.length + 1);
    withNul.set(bytes);
    return this.#withBytes(withNul, (ptr) => f(ptr));
  }
}

export class Bundle {
  constructor(m, handle) {
    this.m = m;
    this.handle = handle;
  }

  /** The manifest: levels, rules, measured strengths (docs/export.md). */
  manifest() {
    return this.m._json(this.m.x.musashi_bundle_manifest(this.handle));
  }

  /**
   * A player of a level (easy, normal, hard) for the rules of `game`; it plays whichever side
   * is to move. `sims` > 0 caps its simulations per move; `seed` (a BigInt) makes it reproducible.
   */
  player(game, level, { sims = 0, seed = 0n } = {}) {
    const handle = this.m._withString(level, (l) =>
      this.m.x.musashi_player_new(this.handle, game.handle, l, sims, BigInt(seed)),
    );
    if (handle === 0) throw new Error(this.m._text(this.m.x.musashi_last_error()));
    return new Player(this.m, handle);
  }

  /**
   * The page's whole JSON API answered in-process, as `musashi serve` answers it: a Service whose
   * `request(method, path, body)` gives `{ status, body }` (body: the JSON text).
   */
  service(seed = 0n) {
    const handle = this.m.x.musashi_service_new(this.handle, BigInt(seed));
    if (handle === 0) throw new Error(this.m._text(this.m.x.musashi_last_error()));
    return new Service(this.m, handle);
  }

  /** The level's network on the game's position: { logits: Float32Array(144), value, plies }. */
  evaluate(game, level) {
    const out = this.m._floats(146, (ptr) =>
      this.m._withString(level, (l) => this.m.x.musashi_evaluate(this.handle, game.handle, l, ptr, ptr + 144 * 4)),
    );
    return { logits: out.subarray(0, 144), value: out[144], plies: out[145] };
  }

  free() {
    this.m.x.musashi_bundle_free(this.handle);
    this.handle = 0;
  }
}

export class Game {
  constructor(m, handle) {
    this.m = m;
    this.handle = handle;
  }

  /** The state: position, to_move, legal moves, marks, captured, counters, outcome (docs/clients.md). */
  state() {
    return this.m._json(this.m.x.musashi_game_state(this.handle));
  }

  /** The board's points (name, col, row, setchin) and lines, for drawing it. */
  board() {
    return this.m._json(this.m.x.musashi_game_board(this.handle));
  }

  /** Plays a move such as "c3-b2"; throws when it is not legal. */
  play(move) {
    this.m._check(this.m._withString(move, (mv) => this.m.x.musashi_game_play(this.handle, mv)));
  }

  /** Takes back the last move; throws at the start. */
  undo() {
    this.m._check(this.m.x.musashi_game_undo(this.handle));
  }

  /** The network's input features of the position (180 floats). */
  features() {
    return this.m._floats(180, (ptr) => this.m.x.musashi_game_features(this.handle, ptr, 180));
  }

  free() {
    this.m.x.musashi_game_free(this.handle);
    this.handle = 0;
  }
}

export class Player {
  constructor(m, handle) {
    this.m = m;
    this.handle = handle;
  }

  /** The move for the side to move (the game is not changed). */
  choose(game) {
    return this.m._text(this.m.x.musashi_player_choose(this.handle, game.handle));
  }

  free() {
    this.m.x.musashi_player_free(this.handle);
    this.handle = 0;
  }
}

export class Service {
  constructor(m, handle) {
    this.m = m;
    this.handle = handle;
  }

  /** Answers `method path` with `body` (a JSON string, or null): `{ status, body }`. */
  request(method, path, body = null) {
    const x = this.m.x;
    const ptr = this.m._withString(method, (mp) =>
      this.m._withString(path, (pp) =>
        body == null ? x.musashi_service_request(this.handle, mp, pp, 0)
          : this.m._withString(body, (bp) => x.musashi_service_request(this.handle, mp, pp, bp)),
      ),
    );
    const text = this.m._text(ptr);
    return { status: x.musashi_service_status(this.handle), body: text };
  }

  free() {
    this.m.x.musashi_service_free(this.handle);
    this.handle = 0;
  }
}
