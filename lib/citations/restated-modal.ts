/**
 * A restatement's modal against the article's, read locally: the words the sentence says are done
 * (「应当指定…下级人民法院管辖」) found in the article right after a modal of another force
 * (「上级人民法院可以指定下级人民法院管辖」). The comma-phrase alignment of judge.ts
 * (restatedDifferences) misses these when the sentence adds its own words to the phrase
 * (具有环境资源审判职能的) or the article puts words between the modal and the act (可以依照本章规定限制赔偿责任).
 * Hand-written: a modal's force and the span it governs are legal-drafting conventions no library reads.
 */

/**
 * Modal words by force, longest first (不应当 before 应当). Not 不能 (不能出庭的 is "unable to") nor 无权 (无权处分,
 * 无权代理 are terms of their own).
 */
const FORCE: [string, "must" | "may" | "mustNot"][] = [
  ["不应当", "mustNot"], ["不应该", "mustNot"], ["不可以", "mustNot"], ["不得", "mustNot"], ["禁止", "mustNot"],
  ["应当", "must"], ["应该", "must"], ["必须", "must"], ["应予", "must"],
  ["可以", "may"], ["有权", "may"],
];

/** A modal word opening a text (its word as the first group), by the same list. */
export const MODAL_OPENS = new RegExp(`^(${FORCE.map(([w]) => w).join("|")})`);

/** The words after a modal that say what is done: at least this many characters found in the article. */
export const MODAL_ACT_MIN = 4;
/** At most this many characters between the article's modal and those words (可以「依照本章规定」限制赔偿责任). */
export const MODAL_GAP = 8;
/** How much of the sentence after its modal is tried (the longest prefix the article holds counts). */
const ACT_MAX = 24;

/** What may stand between a modal and its act: a basis or manner (依照本章规定, 在…内, 向人民法院, 及时). */
const ADVERBIAL = /^(?:依照|按照|根据|依据|参照|比照|依法|在|向|对|由|从|自|于|以|及时|立即|一律|另行|直接|单独|分别|同时|酌情)/;

/** A reason given right after a modal: 以…为由 (不得以经济性裁员为由解除…). */
const REASON_AFTER = /^以[^，,；;。：:]{1,40}?为由/;

/** Another act joined before the one compared, under the same modal (可以「减轻或者」免除处罚, 应当「从轻、」减轻处罚). */
const ALTERNATIVE = /^(?:[\u4e00-\u9fff]{1,6}(?:或者|、|和|及|以及))+$/;

/** Words after a modal that say nothing of what is done on their own. */
const FILLER = /^(?:依法|依照|按照|根据|及时|立即|在|对|向|由|予以|给予|进行|作出)+$/;

/** A time limit in the words right after a modal, within its clause (自…之日起六十日内, 在三十日以内). */
export const DEADLINE_AFTER = /^[^。；;，,]{0,30}?(?:日内|日以内|个月内|个月以内|年内|年以内|小时内|小时以内|期限内|期间内|届满前)/;

/**
 * A finding right after a modal (可以认定该事实存在, 可以确认): in a sentence applying the article to a case, 可以认定 is
 * how a court says a fact or a conclusion is established, not a duty of the article (应当认定) read as a discretion.
 */
export const FINDING_AFTER = /^(?:依法)?(?:认定|确认|采信)/;

export interface ModalChange {
  /** The article's modal and the sentence's. */
  source: string;
  quote: string;
  /** The words both hold after it. */
  act: string;
  /** 情态词改变：… (one sentence for 说明 / 要点). */
  text: string;
}

function modalAt(s: string, i: number): [string, "must" | "may" | "mustNot"] | undefined {
  return FORCE.find(([w]) => s.startsWith(w, i));
}

/** The modal ending right before `at` in the article, at most MODAL_GAP characters back, within its clause: word, force, start. */
function articleModalBefore(content: string, at: number): [string, "must" | "may" | "mustNot", number] | undefined {
  for (let gap = 0; gap <= MODAL_GAP; gap++) {
    const end = at - gap;
    if (end <= 0) return undefined;
    if (gap > 0 && /[，,；;。：:、]/.test(content[end]!)) return undefined;
    // words between the modal and the act say how or on what basis it is done (依照本章规定), never another verb
    // (应当载明申请设立…: 应当 governs 载明, not 申请设立)
    for (const [w, f] of FORCE) if (content.endsWith(w, end) && (gap === 0 || ADVERBIAL.test(content.slice(end, at)) || ALTERNATIVE.test(content.slice(end, at)))) return [w, f, end - w.length];
  }
  return undefined;
}

/** What the article says with its modal where the sentence says the same act (or the same actor and verb) with another. */
function articleSays(sentence: string, i: number, word: string, force: string, content: string): { act: string; span: string; mine: string; force: string } | null {
  const start = i + word.length;
  // (a reason the sentence gives between its modal and the act, 不得以非过失性辞退或者经济性裁员为由解除劳动合同, is its own: the
  // act is what follows it)
  const reason = REASON_AFTER.exec(sentence.slice(start, start + ACT_MAX + 40))?.[0] ?? "";
  const after = sentence.slice(start + reason.length, start + reason.length + ACT_MAX).split(/[，,；;。：:、（）()“”"「」]/)[0]!;
  // 1. the act: the longest run after the modal the article holds (at least MODAL_ACT_MIN), with a modal right before it
  let act = "";
  for (let n = after.length; n >= MODAL_ACT_MIN; n--) {
    if (content.includes(after.slice(0, n))) {
      act = after.slice(0, n);
      break;
    }
  }
  if (act && !FILLER.test(act) && !modalAt(act, 0)) {
    const seen: { f: string; span: string }[] = [];
    for (let k = content.indexOf(act); k >= 0; k = content.indexOf(act, k + 1)) {
      const b = articleModalBefore(content, k);
      seen.push(b ? { f: b[1], span: content.slice(b[2], k + act.length) } : { f: "", span: "" });
    }
    // the article says the act with no modal somewhere, or with the sentence's force: no change
    if (seen.length && !seen.some((x) => x.f === "" || x.f === force)) return { act, span: seen[0]!.span, mine: `${word}${act}`, force: seen[0]!.f };
    if (seen.length) return null;
  }
  // 2. the actor and the verb: the words right before the modal (at least MODAL_ACT_MIN) and the two after it, the
  // sentence's own words in between left out (「上级人民法院应当指定具有…职能的下级人民法院管辖」 against 「上级人民法院可以指定下级人民法院管辖」)
  const verb = after.slice(0, 2);
  const lead = sentence.slice(Math.max(0, i - 12), i).split(/[，,；;。：:、（）()“”"「」]/).pop()!;
  if (verb.length < 2 || modalAt(verb, 0)) return null;
  for (let n = lead.length; n >= MODAL_ACT_MIN; n--) {
    const actor = lead.slice(lead.length - n);
    const seen: { f: string; span: string }[] = [];
    for (let k = content.indexOf(actor); k >= 0; k = content.indexOf(actor, k + 1)) {
      const at = k + actor.length;
      const m = modalAt(content, at);
      if (m && content.startsWith(verb, at + m[0].length)) seen.push({ f: m[1], span: content.slice(k, at + m[0].length + verb.length) });
      else if (content.startsWith(verb, at)) seen.push({ f: "", span: "" });
    }
    if (!seen.length) continue;
    if (seen.some((x) => x.f === "" || x.f === force)) return null;
    return { act: `${actor}…${verb}`, span: seen[0]!.span, mine: `${actor}${word}${verb}`, force: seen[0]!.f };
  }
  return null;
}

/**
 * Modals the sentence turns: for each modal of the sentence, the longest run of at least MODAL_ACT_MIN characters
 * right after it that the article holds and the modal the article puts right before that run — or else the actor
 * right before the sentence's modal with the verb right after it, as the article writes them around its own modal.
 * A change is reported only when every place the article holds them has a modal of another force (an article that
 * says both 可以X and 应当X is not contradicted, nor one that says X with no modal).
 */
export function modalChanges(sentence: string, content: string, opts: { applied?: boolean } = {}): ModalChange[] {
  const out: ModalChange[] = [];
  for (let i = 0; i < sentence.length; i++) {
    const m = modalAt(sentence, i);
    if (!m) continue;
    const [word, force] = m;
    const said = articleSays(sentence, i, word, force, content);
    // 不应当 is read whole, never again as 应当
    i += word.length - 1;
    if (!said) continue;
    // a sentence applying the article to a case says what is to be done in it: 可以 exercised as 应当
    // (系强奸未遂，根据第二十三条之规定，应当比照既遂犯从轻处罚) is the court's call, not the article misread
    if (opts.applied && said.force === "may" && force === "must") continue;
    // …and 可以认定 is how it says a finding is established (应当认定该事实存在 applied: 可以认定该事实存在)
    if (opts.applied && said.force === "must" && force === "may" && FINDING_AFTER.test(sentence.slice(i + 1))) continue;
    // a right to act within a time limit said as a duty to act within it (「可以自知道…之日起六十日内提出」 →
    // 「应当自…六十日内提出」) says the same time limit; the other way round (a body's duty turned discretion) is a change
    if (said.force === "may" && force === "must" && DEADLINE_AFTER.test(sentence.slice(i + 1))) continue;
    out.push({ source: said.span, quote: said.mine, act: said.act, text: `情态词改变：原文「${said.span}」，援引句「${said.mine}」` });
  }
  return out;
}
