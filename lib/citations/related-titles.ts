/**
 * Whether two instruments' titles name the same subject, so that a revision may have moved an
 * article's words from one to the other (商标法实施条例 (2002) 第四十九条 is 商标法 (2013) 第五十九条
 * today; 治安管理处罚条例 → 治安管理处罚法). Titles are compared on their subject: what is left once the
 * issuer, 中华人民共和国 and the words every interpretation's title carries (关于审理…案件适用法律若干问题的解释)
 * are taken out; related when the two subjects share a run of at least RELATED_RUN characters.
 * Written by hand: a title's boilerplate is a fixed list no library knows.
 */
const BOILERPLATE = [
  "中华人民共和国",
  "全国人民代表大会常务委员会",
  "最高人民法院",
  "最高人民检察院",
  "国务院",
  "关于",
  "审理",
  "办理",
  "处理",
  "适用",
  "法律",
  "具体应用",
  "若干问题",
  "有关问题",
  "问题",
  "案件",
  "纠纷",
  "民事",
  "刑事",
  "行政",
  "实施",
  "细则",
  "条例",
  "办法",
  "规定",
  "解释",
  "意见",
  "决定",
  "批复",
  "暂行",
  "试行",
  "的",
];

/** A shared run of this many characters makes two subjects related. */
export const RELATED_RUN = 3;

/** The subject of a title: without brackets' contents' marks, the issuer and the boilerplate words. */
export function titleSubject(title: string): string {
  let s = title.replace(/[《》〈〉<>“”"'、，,\s]/g, "").replace(/[（(][^）)]*[）)]/g, "");
  for (const w of BOILERPLATE) s = s.split(w).join("|");
  return s;
}

function longestSharedRun(a: string, b: string): number {
  let best = 0;
  for (let i = 0; i < a.length; i++) {
    for (let j = 0; j < b.length; j++) {
      let k = 0;
      while (i + k < a.length && j + k < b.length && a[i + k] === b[j + k] && a[i + k] !== "|") k++;
      if (k > best) best = k;
    }
  }
  return best;
}

/** Whether a revision may have moved words between the two instruments (see above). */
export function relatedTitles(a: string, b: string): boolean {
  return longestSharedRun(titleSubject(a), titleSubject(b)) >= RELATED_RUN;
}
