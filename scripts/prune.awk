# Used by bundle.sh: deletes from a rustfmt-laid-out Rust file what rustc reported unused.
# First file: edits, one per line, "KIND BYTE_START BYTE_END LINE" with KIND item (a whole
# item: fn, struct, const, ...; a dead type takes its impl blocks along), variant (an enum
# variant and its one-line match arms) or import (one name in a `use` line). Second file:
# the source; the result goes to stdout. Run with LC_ALL=C so offsets are bytes.

function indent(s) { match(s, /^ */); return RLENGTH }

# Deletes the item whose first line (after docs and attributes) is `l`: it ends on that line
# if the line ends with `;` or `}`, else at the next line of the same indentation that does
# (`end` is the ending pattern).
function drop(l, end,   i, s, k) {
    i = indent(L[l]); s = l
    while (s > 1 && indent(L[s - 1]) == i && L[s - 1] ~ /^ *(\/\/|#\[)/) s--
    k = l
    if (L[l] !~ end) for (k = l + 1; k <= n && !(indent(L[k]) == i && L[k] ~ end); k++) ;
    for (; s <= k; s++) del[s] = 1
}

FNR == NR { kind[++m] = $1; bs[m] = $2; be[m] = $3; ln[m] = $4; next }
{ L[++n] = $0; off[n] = pos; pos += length($0) + 1 }

END {
    for (e = 1; e <= m; e++) {
        l = ln[e]; cs = bs[e] - off[l] + 1; name = substr(L[l], cs, be[e] - bs[e])
        if (kind[e] == "item") {
            drop(l, "[;}] *$")
            if (L[l] ~ /(struct|enum|type|trait) /) dead_type[name] = 1
        } else if (kind[e] == "variant") {
            drop(l, ", *$")
            dead_variant[name] = 1
        } else {
            cut[l] = cut[l] " " cs " " (be[e] - bs[e])
        }
    }
    for (k = 1; k <= n; k++) {
        if (del[k]) continue
        if (L[k] ~ /^ *impl/) for (t in dead_type)
            if (L[k] ~ ("^ *impl(<[^>]*>)? (.* for )?" t "(<[^>]*>)? \\{$")) drop(k, "} *$")
        for (v in dead_variant)
            if (L[k] ~ ("^ *([A-Za-z_]+::)*" v "(\\(.*\\))? *=> .*, *$")) del[k] = 1
        if (k in cut) {
            # Cut names right to left so the earlier columns stay valid.
            c = split(cut[k], a, " ")
            for (p = c - 1; p >= 1; p -= 2) for (q = 1; q < p; q += 2)
                if (a[q] + 0 > a[p] + 0) { x = a[q]; a[q] = a[p]; a[p] = x; x = a[q+1]; a[q+1] = a[p+1]; a[p+1] = x }
            for (p = c - 1; p >= 1; p -= 2) L[k] = substr(L[k], 1, a[p] - 1) substr(L[k], a[p] + a[p+1])
            s = L[k]
            while (gsub(/, *,/, ",", s)) ;
            gsub(/\{ *, */, "{", s); gsub(/, *\}/, "}", s)
            if (s ~ /^ *(pub )?use *;/ || s ~ /^ *(pub )?use [^{]*\{ *\} *;/) del[k] = 1
            L[k] = s
        }
    }
    # An impl block left empty goes too.
    for (k = 1; k <= n; k++) {
        if (del[k] || L[k] !~ /^ *impl.*\{$/) continue
        for (j = k + 1; j <= n && (del[j] || L[j] ~ /^ *$/); j++) ;
        if (j <= n && L[j] ~ /^ *}$/ && indent(L[j]) == indent(L[k])) { drop(k, "} *$") }
    }
    for (k = 1; k <= n; k++) if (!del[k]) print L[k]
}
