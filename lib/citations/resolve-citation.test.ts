/** renumberingSince: when the version judged may number its articles differently from the text a draft of that date read (table-driven). */
import { describe, expect, it } from "vitest";
import type { Regulation } from "../store/types";
import { renumberingSince } from "./resolve-citation";

function reg(fbrq: string, ssrq: string, preamble: string): Regulation {
  return { fbrq, ssrq, preamble } as Regulation;
}

describe("renumberingSince", () => {
  const rows: { name: string; reg: Regulation; date: string | null; want: string | null | RegExp }[] = [
    { name: "version in force at the date: nothing to say", reg: reg("2018-10-26", "2018-10-26", "2018年10月26日 修正"), date: "2019-05-01", want: null },
    { name: "a 修订 after the date", reg: reg("2021-01-22", "2021-07-15", "1996年3月17日 第八届全国人民代表大会第四次会议通过\n2021年1月22日 第十三届全国人民代表大会常务委员会第二十五次会议修订"), date: "2017-09-29", want: /2021年1月22日.*修订/ },
    { name: "only 修正案 after the date keep the numbering (刑法)", reg: reg("2023-12-29", "2024-03-01", "1997年3月14日 第八届全国人民代表大会第五次会议修订\n2020年12月26日 《中华人民共和国刑法修正案（十一）》\n2023年12月29日 《中华人民共和国刑法修正案（十二）》"), date: "2018-12-31", want: null },
    { name: "a later re-adoption of a judicial interpretation (审判委员会…通过) is not taken as renumbering", reg: reg("2020-12-29", "2021-01-01", "2004年10月26日 最高人民法院审判委员会第1330次会议通过\n2020年12月23日 最高人民法院审判委员会第1823次会议通过"), date: "2017-12-31", want: null },
    { name: "a 修正案 adopted before the date, in force after it (刑法 2024-01-12)", reg: reg("2023-12-29", "2024-03-01", "1997年3月14日 第八届全国人民代表大会第五次会议修订\n2023年12月29日 《中华人民共和国刑法修正案（十二）》"), date: "2024-01-12", want: null },
    { name: "a 修订 adopted before the date, in force after it: the draft read the previous text (证券法 2019-12-28 / 2020-03-01)", reg: reg("2019-12-28", "2020-03-01", "1998年12月29日 第九届全国人民代表大会常务委员会第六次会议通过\n2014年8月31日 第十二届全国人民代表大会常务委员会第十次会议《关于修改〈中华人民共和国保险法〉等五部法律的决定》第三次修正\n2019年12月28日 第十三届全国人民代表大会常务委员会第十五次会议第二次修订"), date: "2020-01-15", want: /2019年12月28日.*第二次修订，2020-03-01 起施行/ },
    { name: "a re-adoption adopted before the date, in force after it, is still not renumbering", reg: reg("2020-12-29", "2021-01-01", "2004年10月26日 最高人民法院审判委员会第1330次会议通过\n2020年12月23日 最高人民法院审判委员会第1823次会议通过"), date: "2020-12-25", want: null },
    { name: "no header, yet the only version took effect after the date", reg: reg("2018-02-02", "2018-05-01", ""), date: "2013-09-25", want: /2018-05-01 起施行，晚于文书日期/ },
    { name: "no date to judge against", reg: reg("2018-02-02", "2018-05-01", ""), date: null, want: null },
  ];
  it.each(rows)("$name", ({ reg: r, date, want }) => {
    const got = renumberingSince(r, date);
    if (want instanceof RegExp) expect(got).toMatch(want);
    else expect(got).toBe(want);
  });
});
