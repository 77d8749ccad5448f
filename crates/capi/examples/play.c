/*
 * A tiny C client of the musashi library (crates/capi/include/musashi.h), built and run by CI
 * (.ci/capi/test.sh):
 *
 *   play  BUNDLE RULES GENERAL_LEVEL SOLDIERS_LEVEL SIMS SEED   a whole game, level against level
 *   check BUNDLE < vectors.tsv                                  the reference vectors' moves
 *   bench BUNDLE RULES LEVEL REPEATS                            milliseconds per move of a level
 *
 * vectors.tsv: one line per expected move: rules (JSON), seed, level, the move, then the moves
 * from the start, all separated by tabs (.ci/capi/vectors.py writes it from the JSON vectors).
 */
#include "musashi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void die(const char *what) {
    fprintf(stderr, "%s: %s\n", what, musashi_last_error());
    exit(1);
}

static int play(MusashiBundle *bundle, const char *rules, const char *general, const char *soldiers,
                unsigned sims, unsigned long long seed) {
    MusashiGame *game = musashi_game_new(rules);
    if (!game) die("rules");
    /* One player per side; each plays the side to move when asked, so ask the right one. */
    MusashiPlayer *players[2] = {musashi_player_new(bundle, game, general, sims, seed),
                                 musashi_player_new(bundle, game, soldiers, sims, seed)};
    if (!players[0] || !players[1]) die("level");
    int plies = 0;
    for (;;) {
        const char *state = musashi_game_state(game);
        int general_to_move = strstr(state, "\"to_move\":\"general\"") != NULL;
        const char *move = musashi_player_choose(players[general_to_move ? 0 : 1], game);
        if (!move) break; /* the game is over */
        char played[16];
        snprintf(played, sizeof played, "%s", move);
        if (musashi_game_play(game, played) != 0) die("play");
        printf("%s%s", plies % 12 == 0 ? (plies ? "\n" : "") : " ", played);
        plies++;
    }
    const char *state = musashi_game_state(game);
    const char *winner = strstr(state, "\"winner\":\"");
    printf("\n%d plies; the %s win\n", plies,
           winner && strncmp(winner + 10, "general", 7) == 0 ? "General does" : "soldiers");
    musashi_player_free(players[0]);
    musashi_player_free(players[1]);
    musashi_game_free(game);
    return 0;
}

static int check(MusashiBundle *bundle) {
    static char line[1 << 16];
    int total = 0, same = 0;
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = 0;
        char *rules = strtok(line, "\t");
        char *seed = strtok(NULL, "\t");
        char *level = strtok(NULL, "\t");
        char *want = strtok(NULL, "\t");
        if (!rules || !seed || !level || !want) continue;
        MusashiGame *game = musashi_game_new(rules);
        if (!game) die("rules");
        for (char *m = strtok(NULL, "\t"); m; m = strtok(NULL, "\t"))
            if (musashi_game_play(game, m) != 0) die("play");
        MusashiPlayer *player = musashi_player_new(bundle, game, level, 0, strtoull(seed, NULL, 10));
        if (!player) die("level");
        const char *got = musashi_player_choose(player, game);
        if (!got) die("choose");
        total++;
        if (strcmp(got, want) == 0) {
            same++;
        } else {
            printf("MISMATCH %s: %s, the vectors say %s\n", level, got, want);
        }
        musashi_player_free(player);
        musashi_game_free(game);
    }
    printf("%d of %d moves as the reference vectors\n", same, total);
    return total > 0 && same == total ? 0 : 1;
}

static int bench(MusashiBundle *bundle, const char *rules, const char *level, int repeats) {
    MusashiGame *game = musashi_game_new(rules);
    if (!game) die("rules");
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (int i = 0; i < repeats; i++) {
        MusashiPlayer *player = musashi_player_new(bundle, game, level, 0, (unsigned long long)i);
        if (!player || !musashi_player_choose(player, game)) die("choose");
        musashi_player_free(player);
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    double ms = (b.tv_sec - a.tv_sec) * 1e3 + (b.tv_nsec - a.tv_nsec) / 1e6;
    printf("%s %s: %.2f ms per move (%d moves, native)\n", rules, level, ms / repeats, repeats);
    musashi_game_free(game);
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s play|check|bench BUNDLE ...\n", argv[0]);
        return 2;
    }
    printf("%s\n", musashi_version());
    MusashiBundle *bundle = musashi_bundle_open(argv[2]);
    if (!bundle) die("bundle");
    int rc = 2;
    if (strcmp(argv[1], "play") == 0 && argc == 8) {
        rc = play(bundle, argv[3], argv[4], argv[5], (unsigned)atoi(argv[6]), strtoull(argv[7], NULL, 10));
    } else if (strcmp(argv[1], "check") == 0) {
        rc = check(bundle);
    } else if (strcmp(argv[1], "bench") == 0 && argc == 6) {
        rc = bench(bundle, argv[3], argv[4], atoi(argv[5]));
    } else {
        fprintf(stderr, "bad arguments\n");
    }
    musashi_bundle_free(bundle);
    return rc;
}
