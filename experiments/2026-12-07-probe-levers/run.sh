#!/usr/bin/env bash
# The distance probe's protocol (../2026-12-07-moves-left-weight): No setchin, GAMES (50,000)
# table-labelled games, MODEL (mlp:192x2) from fresh weights for STEPS Adam steps (10,000) at batch
# 256, measured on the long fights of ../2026-12-05-no-setchin-long-fights's rankings, seeds
# SEEDS (1 2 3), one model per arm of ARMS into OUT/distill-ARM-MODEL-stepsSTEPS-seedS.jsonl (with
# -gamesGAMES before -seed when GAMES is not 50,000; OUT is this folder unless set):
#   plain        the probe as before (policy spread over the best moves);
#   augment      each sample through one of the square board's 8 symmetries, drawn at random;
#   softT        policy targets over the best move's class weighted exp(-d / T), d the plies a
#                move gives away against the best (`--soft-delay T`);
#   augsoftT     both;
#   rankW        the moves-left head also ranks each lost General's children, weight W
#                (`--rank-siblings W`, ../2026-12-07-sibling-ranking), with optional suffixes
#                -tT (`--rank-temperature T`), -softS (`--soft-delay S`) and, last,
#                -mlM (`--moves-left-weight M`), e.g. rank1-soft1-ml10.
# UNSEEN_OF=N also scores the fights unseen by N games (`--unseen-of-games`, the `unseen_of_*`
# fields), e.g. a 50,000-game model on the unseen fights of a 200,000-game one.
# SAVE=DIR keeps each model's final weights as a checkpoint in DIR/ARM-MODEL-stepsSTEPS-seedS.
# TABLES: the solved No setchin tables (musashi solve --preset no-setchin). Resumable: a finished
# file is kept.
set -euo pipefail
out_dir=$(cd "${OUT:-$(dirname "$0")}" && pwd)
cd "$(dirname "$0")/../.."
steps=${STEPS:-10000} arms=${ARMS:-plain augment}
seeds=${SEEDS:-1 2 3} model=${MODEL:-mlp:192x2} games=${GAMES:-50000}
. experiments/2026-12-07-probe-levers/long-fights.sh
for s in $seeds; do
  for arm in $arms; do
    case $arm in
      plain) flags=() ;;
      augment) flags=(--augment) ;;
      augsoft*) flags=(--augment --soft-delay ${arm#augsoft}) ;;
      soft*) flags=(--soft-delay ${arm#soft}) ;;
      rank*)
        rest=${arm#rank}; flags=(--rank-siblings ${rest%%-*})
        case $rest in *-t*) t=${rest##*-t}; flags+=(--rank-temperature ${t%%-*}) ;; esac
        case $rest in *-soft*) t=${rest##*-soft}; flags+=(--soft-delay ${t%%-*}) ;; esac
        case $rest in *-ml*) flags+=(--moves-left-weight ${rest##*-ml}) ;; esac ;;
      *) echo "unknown arm $arm" >&2; exit 2 ;;
    esac
    g=; [ $games = 50000 ] || g=-games$games
    name=$arm-$(echo $model | tr ':' '-')-steps$steps$g-seed$s
    out=$out_dir/distill-$name.jsonl
    [ -s "$out" ] && continue
    [ -z "${SAVE:-}" ] || flags+=(--save "$SAVE/$name")
    target/release/musashi-lab distill --tables "$tables" --games $games --steps $steps --every 2000 --seed $s \
      "${flags[@]}" ${UNSEEN_OF:+--unseen-of-games $UNSEEN_OF} --model $model "$tmp"/ranking-*.tsv > "$out.tmp"
    mv "$out.tmp" "$out"
  done
done
