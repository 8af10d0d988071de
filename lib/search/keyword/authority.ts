/**
 * Authority learned from the corpus (issue 16): how often each article is cited by other
 * legal texts in the index and by the cases. Computed at ingest by the build step
 * "keyword-authority" (listed in lib/ingest/build-steps.ts) into the table
 * keyword_authority, read once per index handle by the keyword ranking (lawyer-rank.ts).
 *
 * A citation is 《name》 followed by one or more article numbers (《中华人民共和国刑法》第六十七条、
 * 第六十八条 counts both). The name resolves to a family through reg_aliases (the same short
 * names and aliases the citation check uses), the family to its current version (现行有效,
 * latest 施行日期; else its latest version), the article number to that version's clause.
 * Self-citations (a text citing its own family) are not counted; each citing clause or case
 * counts a cited article once. `本法第X条` (internal references) are not counted: they say
 * how a law is built, not which of its rules others rely on.
 */
import type { BuildStep } from "@/lib/store/write-index";
import type { BuildTarget } from "@/lib/store/build-target";
import { familyKey } from "@/lib/text/family-key";
import { lawNameKey } from "@/lib/text/normalize";

const NUM = "[零〇一二两三四五六七八九十百千]+";
/** 《name》 then a run of article references (第X条 / 第X条之Y / 第X款 / 第X项, joined by 、，和及与至). */
const CITE = new RegExp(`《([^《》\\n]{2,60}?)》((?:第${NUM}条(?:之${NUM})?(?:第${NUM}[款项])*(?:[、，,和及与或至]|以及)?)+)`, "gu");
/** A bare name ending in 法/法典/条例 right before the references (依照民法典第五百八十五条): the longest suffix that resolves. */
const BARE = new RegExp(`([\\u4e00-\\u9fa5]{2,24}?(?:法典|法|条例))((?:第${NUM}条(?:之${NUM})?(?:第${NUM}[款项])*(?:[、，,和及与或至]|以及)?)+)`, "gu");
/** Cheap pre-check for BARE: a name ending right before 第. */
const BARE_HINT = /(?:法|法典|条例)第/u;
const ARTICLE = new RegExp(`第${NUM}条(?:之${NUM})?`, "gu");

export interface Resolver {
  /** name in 《》 → family key, memoised. */
  family(name: string): string | null;
  /** family + 第X条 → cid of the current version's article. */
  cid(family: string, ftNum: string): number | undefined;
}

export function resolverFor(db: BuildTarget): Resolver {
  const aliases = new Map<string, string>();
  for (const [k, f] of db.aliasFamilies()) {
    if (!aliases.has(k)) aliases.set(k, f);
  }
  const best = new Map<string, { rid: number; current: boolean; ssrq: string }>();
  for (const [rid, family, sxx, ssrq] of db.regulationVersions()) {
    const cur = sxx === "现行有效";
    const b = best.get(family);
    if (!b || (cur && !b.current) || (cur === b.current && ssrq > b.ssrq)) best.set(family, { rid, current: cur, ssrq });
  }
  const ridOfFamily = new Map([...best].map(([f, b]) => [f, b.rid]));
  const wanted = new Set(ridOfFamily.values());
  const clauseOf = new Map<string, number>();
  for (const [cid, rid, ft] of db.clauseArticles()) {
    if (wanted.has(rid)) clauseOf.set(`${rid}|${ft}`, cid);
  }
  const memo = new Map<string, string | null>();
  return {
    family(name) {
      let f = memo.get(name);
      if (f === undefined) {
        f = aliases.get(lawNameKey(name)) ?? aliases.get(familyKey(name)) ?? null;
        memo.set(name, f);
      }
      return f;
    },
    cid(family, ftNum) {
      const rid = ridOfFamily.get(family);
      return rid === undefined ? undefined : clauseOf.get(`${rid}|${ftNum}`);
    },
  };
}

/** The articles one text cites (cids, each once), other than those of `ownFamily`. */
export function citedArticles(text: string, r: Resolver, ownFamily: string | null): Set<number> {
  const out = new Set<number>();
  const add = (family: string | null, refs: string) => {
    if (!family || family === ownFamily) return;
    for (const a of refs.matchAll(ARTICLE)) {
      const cid = r.cid(family, a[0]);
      if (cid !== undefined) out.add(cid);
    }
  };
  if (text.includes("《")) for (const m of text.matchAll(CITE)) add(r.family(m[1]!), m[2]!);
  if (!BARE_HINT.test(text)) return out;
  for (const m of text.matchAll(BARE)) {
    const name = m[1]!;
    if (name.startsWith("本")) continue;
    let family: string | null = null;
    for (let i = 0; i + 2 <= name.length && !family; i++) family = r.family(name.slice(i));
    add(family, m[2]!);
  }
  return out;
}

export function buildAuthority(db: BuildTarget): { articles: number; citations: number; ms: number } {
  const t0 = performance.now();
  const r = resolverFor(db);
  const texts = new Map<number, number>();
  const cases = new Map<number, number>();
  let citations = 0;
  for (const [content, family] of db.clauseTextsWithFamily()) {
    for (const cid of citedArticles(content, r, family)) {
      texts.set(cid, (texts.get(cid) ?? 0) + 1);
      citations++;
    }
  }
  for (const data of db.caseTexts()) {
    for (const cid of citedArticles(data, r, null)) {
      cases.set(cid, (cases.get(cid) ?? 0) + 1);
      citations++;
    }
  }
  const all = new Set([...texts.keys(), ...cases.keys()]);
  db.writeClauseAuthority([...all].map((cid): [number, number, number] => [cid, texts.get(cid) ?? 0, cases.get(cid) ?? 0]));
  return { articles: all.size, citations, ms: Math.round(performance.now() - t0) };
}

export const authorityBuildStep: BuildStep = {
  name: "keyword-authority",
  run(db) {
    buildAuthority(db);
  },
};
