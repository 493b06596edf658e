#!/bin/sh
# t_names_order.sh: every list a reader sees orders providers by the name
# the reader sees, collated in the report's language (ICU), ties by id:
# "Microsoft Azure" under M, not under its id "azure"; in German "Ölcloud"
# beside "O", not after "Z" as its bytes would put it. The data files keep
# SPEC 4.2's order (ladder, then provider id).
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fail=1; }
has() { if grep -qF -- "$2" "$1"; then ok "$3"; else nok "$3"; fi; }
# the names of the links in file's first element matching pattern, in order
names() { python3 -c '
import re, sys
m = re.search(sys.argv[2], open(sys.argv[1], encoding="utf-8").read(), re.S)
print(", ".join(re.findall(r">([^<>]+)</a>", m.group(0))) if m else "")
' "$1" "$2"; }
eq() { if [ "$1" = "$2" ]; then ok "$3"; else nok "$3: '$1', not '$2'"; fi; }

if ! "$PODIUM" build -q -C "$ROOT" -o "$T/s" 2> "$T/err"; then
	echo "not ok - default report builds"; cat "$T/err"; exit 1
fi
S=$T/s
eq "$(names "$S/editions/2.0/index.html" 'Gold</span></th>.*?</tr>')" \
    "Crusoe, Fluidstack, Microsoft Azure, Nebius, Oracle" "2.0's medal table: Gold by name"
eq "$(names "$S/index.html" 'Silver</span></th>.*?</tr>')" \
    "Firmus, GMI Cloud, Lambda, Microsoft Azure, TensorWave" "the home page's medal table: Silver by name"
has "$S/index.html" 'New in ClusterMAX 3.0 (15): Argentum, Boostrun, BytePlus, Darya, Global AI, Groq, Moonlite, Poolside, QumulusAI, Radiant, SK Telecom, SpaceXAI, Tatra, Vessl and Volta.' "the movers' notes list names by name, whatever their tiers"
python3 - "$S/providers/index.html" > "$T/index" <<'PY'
import re, sys
t = open(sys.argv[1], encoding="utf-8").read()
print("\n".join(re.findall(r'<th scope="row" data-value="[^"]*"><a [^>]*>([^<]*)</a>', t)))
PY
python3 -c '
import sys, locale
v = [l.rstrip("\n") for l in open(sys.argv[1], encoding="utf-8")]
key = lambda s: s.casefold()
sys.exit(0 if len(v) > 50 and v == sorted(v, key=key) else 1)' "$T/index" \
    && ok "the providers index is in name order" || nok "the providers index is in name order"
grep -A1 -x "Megaspeed" "$T/index" | tail -1 > "$T/next"
eq "$(cat "$T/next")" "Microsoft Azure" "... Microsoft Azure after Megaspeed"
# the data files keep ladder order, then id
grep '^2\.0,' "$S/data/ratings.csv" | sed -n '2,3p' | cut -d, -f2 | tr '\n' ' ' > "$T/csv"
eq "$(cat "$T/csv")" "azure crusoe " "ratings.csv: 2.0's Gold by id"
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
e = [x for x in d["editions"] if x["id"] == "2.0"][0]
print(" ".join(r["provider"] for r in e["ratings"] if r["tier"] == "gold"))' "$S/data/ratings.json" > "$T/json"
eq "$(cat "$T/json")" "azure crusoe fluidstack nebius oracle" "ratings.json: 2.0's Gold by id"

# German collation: "Ölcloud" between Neysa and Radiant, not after Vessl
cp -R "$ROOT/content" "$T/de"
mkdir -p "$T/p" && mv "$T/de" "$T/p/content"
sed -i 's/^language: en$/language: de/' "$T/p/content/report.yaml"
sed -i 's/^name: "Vultr"$/name: "Ölcloud"/' "$T/p/content/providers/vultr.yaml"
if ! "$PODIUM" build -q -C "$T/p" -o "$T/d" 2> "$T/err"; then
	nok "the German copy builds"; cat "$T/err"
else
	eq "$(names "$T/d/index.html" 'Participation Ribbon</span></th>.*?</tr>' | sed 's/.*Neysa, //; s/, Radiant.*//')" \
	    "Ölcloud" "German: Ölcloud collated with O, between Neysa and Radiant"
fi
exit $fail
