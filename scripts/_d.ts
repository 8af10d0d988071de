import { citationStore } from "../lib/citations/store-port";
import { lawIndexFor } from "../lib/citations/law-index";
import { definitionsOf } from "../lib/citations/judge";
const st = citationStore();
const fid = "315d2c16db2ff69d3e6968f23b9dfdf7";
const li = lawIndexFor(st as never, fid, () => st.getClauses(fid));
const d = definitionsOf(li);
console.log(d.size, [...d].slice(0, 40).map(([t, i]) => t + ":" + li.clauses[i]!.tid).join(" "));
