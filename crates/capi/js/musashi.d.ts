// Types of musashi.js (docs/clients.md).

/** A game's state: what a client draws. */
export interface GameState {
  rules: Rules;
  position: string;
  general: string;
  soldiers: string[];
  to_move: "general" | "soldiers";
  moves: string[];
  /** The legal moves of the side to move; empty once the game is over. */
  legal: string[];
  marks: {
    threatened: string[];
    captures: { to: string; count: number }[];
    unsafe_moves: string[];
  };
  /** Soldiers the last move captured. */
  captured: string[];
  repetition_warning: boolean;
  plies: number;
  soldier_moves: number;
  moves_left: number | null;
  threshold: number;
  outcome: null | { winner: "general" | "soldiers"; reason: string; endless: boolean; explain: string };
}

/** A ruleset (docs/rules.md). */
export interface Rules {
  board: "33" | "25";
  first: "general" | "soldiers";
  general_wins_at: number | "too-few";
  repetition: "third-time-general-wins" | "soldiers-may-not-repeat" | "none";
  move_limit: string;
}

export interface BoardLayout {
  points: { name: string; col: number; row: number; setchin: boolean }[];
  lines: [string, string][];
}

export type Level = "easy" | "normal" | "hard";

export declare class Musashi {
  static load(source: Promise<Response> | Response | BufferSource): Promise<Musashi>;
  version(): string;
  /** A bundle from its files: manifest.json and the weight files, by name. */
  loadBundle(files: Record<string, Uint8Array | ArrayBuffer>, origin?: string): Bundle;
  /** A preset's name (classic, no-setchin, soldiers-first, qdan) or a ruleset. */
  newGame(rules?: string | Rules): Game;
}

export declare class Bundle {
  manifest(): any;
  player(game: Game, level: Level, options?: { sims?: number; seed?: bigint }): Player;
  evaluate(game: Game, level: Level): { logits: Float32Array; value: number; plies: number };
  /** The page's JSON API (docs/serve.md) answered in-process. */
  service(seed?: bigint): Service;
  free(): void;
}

export declare class Game {
  state(): GameState;
  board(): BoardLayout;
  /** Throws an Error naming the problem when the move is not legal. */
  play(move: string): void;
  undo(): void;
  features(): Float32Array;
  free(): void;
}

export declare class Player {
  /** The move for the side to move; the game is not changed. */
  choose(game: Game): string;
  free(): void;
}

export declare class Service {
  /** Answers a request of the API as musashi serve would: its status and JSON body text. */
  request(method: "GET" | "POST", path: string, body?: string | null): { status: number; body: string };
  free(): void;
}
