# Sourced by the distance probe's scripts, from the repository's root: sets $tables (TABLES, by
# default tables/no-setchin, solved there if absent) and $tmp, a temporary folder removed on exit
# that holds the games of each ranking of ../2026-12-05-no-setchin-long-fights as
# $tmp/ranking-ARM.tsv (their long fights are what the probes measure).
tables=${TABLES:-tables/no-setchin}
[ -d "$tables" ] || target/release/musashi solve --preset no-setchin --out "$tables"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for d in experiments/2026-12-05-no-setchin-long-fights/ranking-*/; do zcat $d/games.tsv.gz > "$tmp/$(basename $d).tsv"; done
