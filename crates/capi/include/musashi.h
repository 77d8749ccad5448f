/*
 * musashi.h: the Juroku Musashi opponents as a C library (crates/capi, docs/clients.md).
 *
 * Build:  cargo build --release -p musashi-capi
 *         -> target/release/libmusashi_capi.so (.dylib, .dll) and libmusashi_capi.a
 * Link:   cc game.c -Icrates/capi/include -Ltarget/release -lmusashi_capi
 *
 * Every call that can fail returns NULL or -1; musashi_last_error() then says why. A string
 * the library returns belongs to the object it came from and stays valid until the next call
 * on that object (or its _free). Strings in and out are UTF-8. Handles are not thread-safe:
 * use each from one thread at a time (different handles may be used from different threads).
 *
 * This header is written by hand; a test (crates/capi/tests/header.rs) checks that it declares
 * exactly the functions the library exports.
 */
#ifndef MUSASHI_H
#define MUSASHI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct MusashiBundleBuilder MusashiBundleBuilder;
typedef struct MusashiBundle MusashiBundle;
typedef struct MusashiGame MusashiGame;
typedef struct MusashiPlayer MusashiPlayer;
typedef struct MusashiService MusashiService;

/* The library's version and the bundle formats it reads. */
const char *musashi_version(void);
/* The message of the last failed call on this thread ("" if none). */
const char *musashi_last_error(void);
/* Bytes inside the library's memory (for WebAssembly hosts); release with musashi_dealloc. */
uint8_t *musashi_alloc(size_t len);
void musashi_dealloc(uint8_t *ptr, size_t len);

/* Bundles: from the bytes of its files (manifest.json and the weight files), or a folder. */
MusashiBundleBuilder *musashi_bundle_builder_new(void);
int32_t musashi_bundle_builder_add(MusashiBundleBuilder *builder, const char *name, const uint8_t *data,
                                   size_t len);
/* Loads and checks the bundle; always frees the builder. origin names it in errors (may be NULL). */
MusashiBundle *musashi_bundle_build(MusashiBundleBuilder *builder, const char *origin);
MusashiBundle *musashi_bundle_open(const char *dir);
/* The manifest as JSON: levels, rules, measured strengths (docs/export.md). */
const char *musashi_bundle_manifest(MusashiBundle *bundle);
void musashi_bundle_free(MusashiBundle *bundle);

/* Games: rules are a preset's name (classic, no-setchin, soldiers-first, qdan) or a JSON ruleset. */
MusashiGame *musashi_game_new(const char *rules);
/* The state as JSON: position, to_move, legal moves, marks, captured, counters, outcome. */
const char *musashi_game_state(MusashiGame *game);
/* The board's points (name, col, row, setchin) and lines as JSON, for drawing it. */
const char *musashi_game_board(MusashiGame *game);
/* Plays a move such as "c3-b2": 0, or -1 if it is not legal here. */
int32_t musashi_game_play(MusashiGame *game, const char *move);
/* Takes back the last move: 0, or -1 at the start. */
int32_t musashi_game_undo(MusashiGame *game);
/* Writes the network's 180 input features; returns 180, or -1 if len is too small. */
int32_t musashi_game_features(MusashiGame *game, float *out, size_t len);
void musashi_game_free(MusashiGame *game);

/* A player of level "easy", "normal" or "hard" for the game's rules, playing the side to move.
 * sims > 0 caps its simulations per move (0 = the level's own); seed makes it reproducible. */
MusashiPlayer *musashi_player_new(MusashiBundle *bundle, MusashiGame *game, const char *level, uint32_t sims,
                                  uint64_t seed);
/* Its move for the side to move (the game is not changed); NULL once the game is over. */
const char *musashi_player_choose(MusashiPlayer *player, MusashiGame *game);
void musashi_player_free(MusashiPlayer *player);

/* The level's network on the position: 144 logits, then value and plies (NaN without the head). */
int32_t musashi_evaluate(MusashiBundle *bundle, MusashiGame *game, const char *level, float *logits,
                         float *outputs);

/* The page's JSON API (docs/serve.md) answered in-process, as musashi serve answers it. */
MusashiService *musashi_service_new(MusashiBundle *bundle, uint64_t seed);
/* The JSON body of the answer to METHOD PATH with BODY (may be NULL); NULL on a bad argument. */
const char *musashi_service_request(MusashiService *service, const char *method, const char *path,
                                    const char *body);
/* The HTTP status of the last answer. */
int32_t musashi_service_status(MusashiService *service);
void musashi_service_free(MusashiService *service);

#ifdef __cplusplus
}
#endif

#endif /* MUSASHI_H */
