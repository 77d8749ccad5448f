#!/usr/bin/env bash
# The distance probe's protocol (../2026-12-07-probe-levers): No setchin, GAMES (50,000)
# table-labelled games, MODEL (mlp:192x2) from fresh weights for STEPS Adam steps (10,000) at batch
# 256, measured on the long fights of ../2026-12-05-no-setchin-long-fights's rankings, seeds
# SEEDS (1 2 3), one model per arm of ARMS into distill-ARM-MODEL-stepsSTEPS-seedS.jsonl:
#   plain        the probe as before;
#   rankW        plus the sibling ranking on the moves-left head, weight W (`--rank-siblings W`);
#   rankW-tT     the same at a softmax temperature of T plies (`--rank-temperature T`, 1 by default);
#   rankW-softS  the same with soft delay targets of temperature S (`--soft-delay S`).
# SAVE=DIR keeps each model's final weights as a checkpoint in DIR/ARM-MODEL-stepsSTEPS-seedS.
# TABLES: the solved No setchin tables (musashi solve --preset no-setchin). Resumable: a finished
# file is kept.
set -euo pipefail
cd "$(dirname "$0")/../.."
here=$(dirname "$0")
tables=${TABLES:-tables/no-setchin} steps=${STEPS:-10000} arms=${ARMS:-plain rank1}
seeds=${SEEDS:-1 2 3} model=${MODEL:-mlp:192x2} games=${GAMES:-50000}
[ -d "$tables" ] || target/release/musashi solve --preset no-setchin --out "$tables"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for d in experiments/2026-12-05-no-setchin-long-fights/ranking-*/; do zcat $d/games.tsv.gz > "$tmp/$(basename $d).tsv"; done
for s in $seeds; do
  for arm in $arms; do
    flags=()
    case $arm in
      plain) ;;
      rank*)
        rest=${arm#rank}; w=${rest%%-*}; flags=(--rank-siblings $w)
        case $rest in *-t*) t=${rest##*-t}; flags+=(--rank-temperature ${t%%-*}) ;; esac
        case $rest in *-soft*) flags+=(--soft-delay ${rest##*-soft}) ;; esac ;;
      *) echo "unknown arm $arm" >&2; exit 2 ;;
    esac
    g=; [ $games = 50000 ] || g=-games$games
    out=$here/distill-$arm-$(echo $model | tr ':' '-')-steps$steps$g-seed$s.jsonl
    [ -s "$out" ] && continue
    name=$arm-$(echo $model | tr ':' '-')-steps$steps$g-seed$s
    [ -z "${SAVE:-}" ] || flags+=(--save "$SAVE/$name")
    target/release/musashi-lab distill --tables "$tables" --games $games --steps $steps --every 2000 --seed $s \
      "${flags[@]}" --model $model "$tmp"/ranking-*.tsv > "$out.tmp"
    mv "$out.tmp" "$out"
  done
done
